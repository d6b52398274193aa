// The UI's dependency rules, checked by `npm run check` (dependency-cruiser reads .ts and the
// <script> of .svelte files): no import cycle between modules, and the folders depend one way
// only: timeline → session → lib (and all of them on ipc and the root modules), never back.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle between modules.",
      from: {},
      to: { circular: true },
    },
    {
      name: "session-not-timeline",
      severity: "error",
      comment: "The session screens do not use the timeline's modules (the timeline opens them).",
      from: { path: "^src/session/" },
      to: { path: "^src/timeline/" },
    },
    {
      name: "lib-is-a-leaf",
      severity: "error",
      comment: "Shared helpers use none of the screens.",
      from: { path: "^src/lib/" },
      to: { path: "^src/(timeline|session)/" },
    },
    {
      name: "ipc-is-a-leaf",
      severity: "error",
      comment: "The IPC layer uses none of the UI.",
      from: { path: "^src/ipc/" },
      to: { path: "^src/(?!ipc/)" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to no file (so its module could hide a cycle).",
      from: {},
      to: { couldNotResolve: true, pathNot: "^svelte/internal/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".js", ".svelte"] },
  },
};
