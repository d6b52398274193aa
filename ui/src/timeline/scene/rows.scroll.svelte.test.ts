// @vitest-environment ./test-support/clientEnvironment.ts
// What a scroll makes again: the rows' period, sections and their figures follow the days in view
// only when the period is those days. (A .svelte.test.ts file: an effect reads the rows, as the
// pane's do, so that what is made again is seen.)
import { flushSync } from "svelte";
import { expect, it } from "vitest";
import { FakePlan, PEOPLE, timeline } from "../../../test-support/timeline/fixture";

it("groups the rows again as the view scrolls only when the period is the days in view", () => {
  const plan = new FakePlan();
  plan.people = PEOPLE.map((p) => (p.id === "ada" ? { ...p, groups: [{ groupId: "design" }] } : p));
  plan.labels.list = [{ kind: "group", id: "design", name: "Design", version: 1 }];
  const t = timeline(true, plan);
  t.rows.grouping = "group";
  t.rows.period = "next4Weeks";
  const made: { period: unknown[]; sections: unknown[] } = { period: [], sections: [] };
  const stop = $effect.root(() => {
    $effect(() => {
      made.period.push(t.rows.periodDays);
    });
    $effect(() => {
      made.sections.push(t.rows.sections);
    });
  });
  flushSync();
  // A fling's frames: the days in view change, a period counted from today does not.
  for (let i = 0; i < 3; i++) {
    t.view.scrollLeft += 30 * t.view.px;
    flushSync();
  }
  expect([made.period.length, made.sections.length]).toEqual([1, 1]);
  // The days in view: the period, the sections and their figures follow each scroll.
  t.rows.period = "inView";
  flushSync();
  const from = t.rows.periodDays.from;
  t.view.scrollLeft += 30 * t.view.px;
  flushSync();
  expect(t.rows.periodDays.from).toBe(from + 30);
  expect([made.period.length, made.sections.length]).toEqual([3, 3]);
  stop();
});
