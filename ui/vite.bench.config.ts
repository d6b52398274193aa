// Builds the timeline rendering benchmark's pages (bench/ours.html, vis.html, static.html, blit.html, ec.html, daypilot.html) to dist-bench/.
// Run by scripts/bench-timeline.sh; see BENCHMARKS.md. The app's own build is vite.config.ts.
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig, type Plugin } from "vite";

const realIpc = fileURLToPath(new URL("./src/ipc/index.ts", import.meta.url));
const fakeIpc = fileURLToPath(new URL("./bench/fake-ipc.ts", import.meta.url));

/** Every import that resolves to src/ipc/index.ts (Timeline.svelte's "../ipc" among them) gets
 * bench/fake-ipc.ts instead, so the real component runs without Tauri. */
export function fakeIpcPlugin(): Plugin {
  return {
    name: "bench-fake-ipc",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === realIpc ? fakeIpc : null;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL("./bench", import.meta.url)),
  plugins: [fakeIpcPlugin(), svelte()],
  clearScreen: false,
  logLevel: "warn",
  build: {
    target: "safari15",
    outDir: fileURLToPath(new URL("./dist-bench", import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2048, // the peers' builds: vis-timeline about 570 kB, the shared chunk with EventCalendar 1.4 MB
    rollupOptions: {
      input: {
        ours: fileURLToPath(new URL("./bench/ours.html", import.meta.url)),
        vis: fileURLToPath(new URL("./bench/vis.html", import.meta.url)),
        static: fileURLToPath(new URL("./bench/static.html", import.meta.url)),
        blit: fileURLToPath(new URL("./bench/blit.html", import.meta.url)),
        ec: fileURLToPath(new URL("./bench/ec.html", import.meta.url)),
        daypilot: fileURLToPath(new URL("./bench/daypilot.html", import.meta.url)),
      },
    },
  },
});
