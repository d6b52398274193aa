// The UI's dependency rules, checked by `npm run check` (dependency-cruiser reads .ts and the
// <script> of .svelte files): no import cycle between modules, and the folders depend one way
// only: timeline → session, report → lib (and all of them on ipc and the root modules), never back.
/** A rule that modules under `from` import none under `to` (paths as regular expressions). */
const oneWay = (name, comment, from, to) => ({ name, severity: "error", comment, from: { path: from }, to: { path: to } });

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
    oneWay(
      "session-not-timeline",
      "The session screens do not use the timeline's modules (the timeline opens them).",
      "^src/session/",
      "^src/timeline/",
    ),
    oneWay("export-not-timeline", "The export dialog uses none of the timeline's modules (the timeline opens it).", "^src/export/", "^src/timeline/"),
    oneWay("report-not-timeline", "The report uses none of the timeline's modules (the timeline opens it).", "^src/report/", "^src/timeline/"),
    oneWay("lib-is-a-leaf", "Shared helpers use none of the screens.", "^src/lib/", "^src/(timeline|session|report|export)/"),
    oneWay("ipc-is-a-leaf", "The IPC layer uses none of the UI.", "^src/ipc/", "^src/(?!ipc/)"),
    oneWay(
      "shared-modules-import-no-feature",
      "The shared words, the language and error sentences import no feature: each feature keeps its words beside it.",
      "^src/(i18n|lang\\.svelte|errors)\\.ts$",
      "^src/(timeline|session|report|activity|export)/",
    ),
    // The timeline by concern: model (the plan, its edits, undo, the live merge, capacity) ←
    // scene (layout and what is painted, pure) ← render (canvas painting) and input (gestures,
    // keys, intents) ← components (Svelte).
    oneWay("model-is-the-base", "The timeline's model uses none of its scene, rendering, input or components.", "^src/timeline/model/", "^src/timeline/(scene|render|input|components)/"),
    oneWay("model-imports-no-svelte-file", "The model imports no .svelte file.", "^src/timeline/model/", "\\.svelte$"),
    oneWay("scene-under-render-and-input", "Layout and scenes use no rendering, input or components.", "^src/timeline/scene/", "^src/timeline/(render|input|components)/"),
    oneWay("render-not-input", "Rendering never imports input handling.", "^src/timeline/render/", "^src/timeline/(input|components)/"),
    oneWay("input-not-render", "Input handling uses no rendering or components.", "^src/timeline/input/", "^src/timeline/(render|components)/"),
    {
      name: "no-test-support-in-the-app",
      severity: "error",
      comment: "Test support (fakes, fixtures) lives in test-support/, outside the app's build; only tests import it.",
      from: { path: "^src/", pathNot: "\\.test\\.ts$" },
      to: { path: "^test-support/" },
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
