// The bench team placed as ours places it, for the pages without timeline code (static.html,
// blit.html): rows and lanes by layout.ts, at the "week" zoom, from a first day two years back.
import type { AssignmentDto, ProjectDto } from "../src/ipc";
import { type Day, dayOf } from "../src/timeline/model/dates";
import { assignLanes, PX_PER_DAY, rowTops } from "../src/timeline/scene/layout";
import { BENCH_TODAY, generate, PEOPLE } from "./data";
import { pagePeople } from "./field";

export const LANE_H = 26; // as Timeline.svelte
export const PAD = 10;
/** Days laid out on each side of today (the content is 2 × SPAN days wide). */
export const SPAN = 730;
export const px = PX_PER_DAY.week;
/** The content's first day. */
export const origin: Day = BENCH_TODAY - SPAN;
/** Where ours' first view starts (content x). */
export const firstViewX = (BENCH_TODAY - 7 - origin) * px;

/** Made when the page loads, before its timer starts (as ours gets it from its fake IPC). */
const team = generate(BENCH_TODAY, false, pagePeople(PEOPLE));

/** Each person's bars with their lanes, the rows' tops, and the projects by id. */
export function placed() {
  const projects = new Map<string, ProjectDto>(team.projects.map((p) => [p.id, p]));
  const byPerson = new Map<string, AssignmentDto[]>();
  for (const a of team.assignments) byPerson.set(a.personId, [...(byPerson.get(a.personId) ?? []), a]);
  const rows = team.people.map((r) => {
    const bars = (byPerson.get(r.id) ?? []).map((a) => ({ id: a.id, start: dayOf(a.startDate), end: dayOf(a.endDateExclusive), a }));
    return { bars, ...assignLanes(bars) };
  });
  const tops = rowTops(
    rows.map((r) => r.lanes),
    LANE_H,
    PAD,
  );
  return { projects, rows, tops };
}
