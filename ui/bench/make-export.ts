// Prints the bench team around today (UTC, as App.svelte reckons it) as an `rp-admin import` file:
// the workspace of the memory run in scripts/bench-timeline.sh, the same plan the bench pages draw.
// Run with vite-node (it compiles TypeScript): `vite-node bench/make-export.ts > team.json`.
import { dayOf } from "../src/timeline/dates";
import { generate, TEAM_NAME } from "./data";

const team = generate(dayOf(new Date().toISOString().slice(0, 10)));
const file = {
  format: "resource-planner/team-export",
  formatVersion: 1,
  exportedAt: new Date().toISOString(),
  teamName: TEAM_NAME,
  resources: team.resources,
  projects: team.projects,
  // The stored form has no lastDay (it is derived from endDateExclusive).
  assignments: team.assignments.map(({ lastDay: _, ...stored }) => stored),
};
console.log(JSON.stringify(file));
