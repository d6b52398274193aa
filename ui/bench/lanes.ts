// The bench team's rows placed as ours places them, for the pages without timeline code (placed.ts)
// and for start-cost.ts (what they do before their first paint): rows and lanes by layout.ts.
import type { AssignmentDto, ProjectDto } from "../src/ipc";
import { dayOf } from "../src/timeline/model/dates";
import { assignLanes, rowTops } from "../src/timeline/scene/layout";
import type { BenchTeam } from "./data";

export const LANE_H = 26; // as Timeline.svelte
export const PAD = 10;

/** Each person's bars with their lanes, the rows' tops, and the projects by id. */
export function placeTeam(team: BenchTeam) {
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
