// What one edit costs the timeline's model at the field's size, without a window: the plan taking
// the edit (`Plan.update` on an in-memory store) and what the components read of the rows made
// again from it (`Rows`: the rows, those placed in view, the sections' headers in view and, in the
// project view, their weekly hours), read in effects as the components read them. For
// RP_BENCH_PEOPLE people × 20 bookings (default 2,500 × 50,000), every booking loaded, the rows
// grouped by RP_BENCH_GROUPING (none, group, role, skill or project: the project view). Prints
// the median and p95 over the edits, and the first load's; asserts nothing. Run it in the app's
// engine (Svelte's client runtime: under node's own transform the server's runs, where no effect
// runs and every read makes the rows again), on two builds of the UI to compare them
// (BENCHMARKS.md):
//   RP_BENCH_GROUPING=project scripts/bench-jsc.sh ui/bench/edit-cost.ts 2500
import { packAssignments } from "../src/timeline/model/columns";
import { dateOf, dayOf } from "../src/timeline/model/dates";
import { Rows } from "../src/timeline/scene/rows.svelte";
import { Viewport } from "../src/timeline/scene/viewport.svelte";
import { FakeStore, setUp } from "../test-support/timeline/planFake";
import { watch } from "./watch.svelte";
import { BENCH_TODAY, generate, withLabels, openWindow, TEAM_NAME } from "./data";

declare const process: { env: Record<string, string | undefined> };
const people = Number(process.env.RP_BENCH_PEOPLE ?? 2500);
const EDITS = 40;
const team = withLabels(generate(BENCH_TODAY, false, people), BENCH_TODAY);
const store = new FakeStore();
store.people = team.people;
store.projects = team.projects;
for (const a of team.assignments) store.rows.set(a.id, a);
const { from, to } = openWindow(BENCH_TODAY);
const days = { from: dateOf(from), to: dateOf(to) };
const over = { teamName: TEAM_NAME, ...days, loaded: [days], labels: team.labels ?? [], assignments: packAssignments(team.assignments) };

const ms = (t0: number) => performance.now() - t0;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

let t0 = performance.now();
const { plan } = setUp(over, store);
const rows = new Rows(plan, new Viewport(), BENCH_TODAY);
rows.grouping = (process.env.RP_BENCH_GROUPING ?? "none") as typeof rows.grouping;
// What the components read of the rows after an edit (Timeline.svelte, HitLayer.svelte and the
// canvases: the rows, those placed in view, the sections' headers in view, the project view's
// weekly hours), each in an effect of its own.
const stop = watch([() => rows.all, () => rows.shown, () => rows.sectionsShown, () => rows.sectionWeeks]);
const firstRows = rows.all.length;
const first = ms(t0);

const edit: number[] = [];
for (let i = 0; i < EDITS; i++) {
  // A booking of a person in the middle moved a day later, then back: the drop of a drag.
  const a = Object.values(plan.byId)[Math.floor(((i % 10) + 0.5) * (team.assignments.length / 10))];
  if (!a) throw new Error("no booking");
  const shift = i % 2 === 0 ? 1 : -1;
  t0 = performance.now();
  await plan.update(a, { personId: a.personId, projectId: a.projectId, startDate: dateOf(dayOf(a.startDate) + shift), lastDay: dateOf(dayOf(a.lastDay) + shift) });
  edit.push(ms(t0));
  if (rows.all.length !== firstRows) throw new Error("rows lost");
}
stop();
const f = (x: number) => x.toFixed(2);
console.log(`${people} people × ${team.assignments.length} bookings: first load and rows ${first.toFixed(0)} ms`);
console.log(`grouped by ${rows.grouping}: ${rows.all.length} rows, ${rows.sections.length} sections`);
// The effects run within the edit's await (on its microtasks): the edit's time holds them.
console.log(`one edit (${EDITS}): Plan.update with the effects p50 ${f(quantile(edit, 0.5))} p95 ${f(quantile(edit, 0.95))} ms`);
