// What the timeline's components read of the rows, read as they read it: inside effects, so that
// Svelte keeps each derived value until what it depends on changes and works it out again once
// after an edit. (Read outside any effect, a derived value may be worked out again at every read;
// under node's own transform Svelte's server runtime runs, where no effect runs and every read
// works it out again: `watch` says so.) For the benches without a window (edit-cost.ts).
import { flushSync } from "svelte";

/** Reads each of `what` in an effect of its own, in order, now and again after every change it
 * depends on (Svelte runs the effects on the microtasks after the change); the stop function. */
export function watch(what: readonly (() => unknown)[]): () => void {
  let runs = 0;
  const stop = $effect.root(() => {
    for (const read of what)
      $effect(() => {
        runs++;
        read();
      });
  });
  flushSync();
  if (runs === 0) throw new Error("no effect ran: Svelte's server runtime (run it with scripts/bench-jsc.sh)");
  return stop;
}
