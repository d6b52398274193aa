// The model's share of the start at the field's size, without a window: the timeline's first
// answer made into the plan (its bookings unpacked and put by id and person), then the rows (each
// person's lanes and availability, as the name column reads them at its mount: every row, for
// the rows' heights), their index and tops. Beside it in the same run, what the floor page does
// before its first paint (bench/lanes.ts: every person's lanes over all their bookings, and the
// rows' tops). Then the first screen's bookings put by id into a Record (as Shown keeps them) and
// into a Map. Each step's median of 5 fresh rounds, and the first round's (nothing compiled yet).
// Asserts nothing.
// Node:  cd ui && RP_BENCH_PEOPLE=2500 node_modules/.bin/vite-node -c vite.bench.config.ts bench/start-cost.ts
// The app's engine (JavaScriptCore): scripts/bench-jsc.sh ui/bench/start-cost.ts 2500
import { packAssignments, unpackAssignments } from "../src/timeline/model/columns";
import { dateOf } from "../src/timeline/model/dates";
import { firstDays } from "../src/timeline/scene/firstScreen";
import { Rows } from "../src/timeline/scene/rows.svelte";
import { Viewport } from "../src/timeline/scene/viewport.svelte";
import { FakeStore, setUp } from "../test-support/timeline/planFake";
import { BENCH_TODAY, generate, overlapping, TEAM_NAME } from "./data";
import { placeTeam } from "./lanes";

declare const process: { env: Record<string, string | undefined> };
const people = Number(process.env.RP_BENCH_PEOPLE ?? 2500);
const ROUNDS = 5;
const team = generate(BENCH_TODAY, false, people);
const { from, to } = firstDays(BENCH_TODAY, null, 1280);
const days = { from: dateOf(from), to: dateOf(to) };
const first = overlapping(team.assignments, days.from, days.to);

const steps = new Map<string, number[]>();
const lap = (name: string, t0: number) => {
  const t = performance.now();
  steps.set(name, [...(steps.get(name) ?? []), t - t0]);
  return t;
};
for (let round = 0; round < ROUNDS; round++) {
  // Packed outside the timing: the Rust side's part.
  const over = { teamName: TEAM_NAME, ...days, loaded: [days], assignments: packAssignments(first) };
  const store = new FakeStore();
  store.people = team.people;
  store.projects = team.projects;
  let t = performance.now();
  const { plan } = setUp(over, store);
  t = lap("the plan (unpacked, put by id and person)", t);
  const rows = new Rows(plan, new Viewport());
  void rows.everyone;
  t = lap("the rows (lanes, availability)", t);
  void rows.index;
  void rows.tops;
  t = lap("their index and tops", t);
  placeTeam(team);
  t = lap("the floor page's lanes and tops, every booking (lanes.ts)", t);
  const list = unpackAssignments(packAssignments(first));
  t = performance.now();
  const record: Record<string, unknown> = {};
  for (const a of list) record[a.id] = a;
  t = lap("the first screen's bookings by id: a Record", t);
  const map = new Map<string, unknown>();
  for (const a of list) map.set(a.id, a);
  lap("the same: a Map", t);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`${people} people, the first screen's ${first.length} of ${team.assignments.length} bookings (${days.from} … ${days.to}); ms, median of ${ROUNDS} (first round):`);
for (const [name, xs] of steps) console.log(`  ${name}: ${median(xs).toFixed(1)} (${(xs[0] ?? 0).toFixed(1)})`);
