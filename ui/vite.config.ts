import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [svelte()],
  clearScreen: false,
  server: { port: 5173, strictPort: true },
  build: { target: "safari15", outDir: "dist", emptyOutDir: true },
  test: {
    projects: [
      { extends: true, test: { name: "node", include: ["src/**/*.test.ts"], exclude: ["src/**/*.svelte.test.ts"] } },
      // Tests of what Svelte's reactivity keeps and runs: its client runtime, as in the window.
      {
        extends: true,
        resolve: { conditions: ["browser"] },
        test: {
          name: "client",
          include: ["src/**/*.svelte.test.ts"],
          environment: "./test-support/clientEnvironment.ts",
        },
      },
    ],
  },
});
