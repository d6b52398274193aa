// A Vitest environment for the tests of what Svelte's reactivity keeps: Node, with the modules
// transformed as for the window ("web"), so that Svelte's client runtime runs — deriveds are kept
// until what they read changes, and effects run on flushSync. (Node's own "ssr" transform gives
// the server's, where a derived is made anew on each read and effects never run.)
// A test file asks for it with `// @vitest-environment ./test-support/clientEnvironment.ts`.
import type { Environment } from "vitest/environments";

export default {
  name: "client",
  transformMode: "web",
  setup: () => ({ teardown: () => {} }),
} satisfies Environment;
