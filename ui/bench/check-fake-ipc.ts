// Type-checked only (by scripts/bench-timeline.sh), never bundled: fails if fake-ipc.ts lacks a
// function of src/ipc/index.ts, so a new IPC call in the UI stops the bench build loudly instead of
// reaching the page as undefined (Timeline.svelte's `import * as api` would not fail Rollup).
import type * as real from "../src/ipc";
import * as fake from "./fake-ipc";

export const sameExports: typeof real = fake;
