// Prints the bench team around today (UTC, as App.svelte reckons it) as an `rp-admin import` file:
// the workspace of the memory run and the report's timing in scripts/bench-timeline.sh. The plan
// the bench pages draw, with what capacity adds (`ours?capacity`: allocations, tentative work, time
// off, a holiday calendar for half the people), in the format's version 3 (the Rust side's
// `TeamExport`, whose names differ from the IPC's in places: `resources`, `resourceId`, `calendar`,
// no `lastDay`).
// Run with vite-node (it compiles TypeScript): `vite-node bench/make-export.ts > team.json`;
// RP_BENCH_PEOPLE sets another number of people than 500 (20 assignments each: 2,500 people are
// the field's 50,000 bookings, 10,000 its 200,000).
import { dayOf } from "../src/timeline/model/dates";
import { generate, PEOPLE, TEAM_NAME } from "./data";

// (Run by node; the bench pages' types have no node.)
declare const process: { env: Record<string, string | undefined> };
const people = Number(process.env.RP_BENCH_PEOPLE ?? PEOPLE);
const team = generate(dayOf(new Date().toISOString().slice(0, 10)), true, people);
const file = {
  format: "resource-planner/team-export",
  formatVersion: 3,
  exportedAt: new Date().toISOString(),
  teamName: TEAM_NAME,
  defaultWeek: [480, 480, 480, 480, 480, 0, 0],
  resources: team.people.map(({ calendarId, ...r }) => (calendarId ? { ...r, calendar: calendarId } : r)),
  projects: team.projects,
  // The stored form has no lastDay (it is derived from endDateExclusive).
  assignments: team.assignments.map(({ lastDay: _, personId, ...stored }) => ({ ...stored, resourceId: personId })),
  timeOff: team.timeOff.map(({ lastDay: _, personId, minutes, ...rest }) => {
    const stored = { ...rest, resourceId: personId };
    return minutes === null ? stored : { ...stored, minutes };
  }),
  calendars: team.calendars,
  holidays: team.holidays.map(({ calendarId, ...h }) => ({ ...h, calendar: calendarId })),
};
console.log(JSON.stringify(file));
