// Builds one bench script (RP_JSC_ENTRY, e.g. bench/start-cost.ts) as an ES module for the
// JavaScriptCore shell, the app's own engine without a window: run by scripts/bench-jsc.sh
// (BENCHMARKS.md). The runes compile as in the app (the Svelte plugin); src/ipc is the bench's
// fake IPC, as in vite.bench.config.ts.
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";
import { fakeIpcPlugin } from "./vite.bench.config";

const entry = process.env.RP_JSC_ENTRY;
if (!entry) throw new Error("RP_JSC_ENTRY: the bench script to build");

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [fakeIpcPlugin(), svelte()],
  clearScreen: false,
  logLevel: "warn",
  build: {
    target: "safari15",
    outDir: process.env.RP_JSC_OUT ?? fileURLToPath(new URL("./dist-jsc", import.meta.url)),
    emptyOutDir: true,
    lib: { entry, formats: ["es"], fileName: () => "bench.js" },
  },
});
