// Many assignments come from the Rust side in columns (AssignmentsDto: a timeline's, a
// window's), each person's, project's and allocation's text once, days as numbers (dates.ts's);
// the plan makes each AssignmentDto again here (shown.svelte.ts, loader.ts). `packAssignments`
// is the Rust side's packing, for the fakes that stand in for it (tests, the bench pages). Both
// are tested against the sample `cargo test` writes (src/ipc/assignments.sample.json).
import type { AllocationDto, AssignmentDto, AssignmentsDto } from "../../ipc";
import { dateOf, dayOf } from "./dates";

/** The assignments the columns stand for, in their order; with `keep`, only those it keeps (by
 * id and version: a window's answer of what is shown already makes no objects). A day's text is
 * made once (a plan's dates are a few hundred distinct ones). */
export function unpackAssignments(
  p: AssignmentsDto,
  keep?: (id: string, version: number) => boolean,
): AssignmentDto[] {
  const dates = new Map<number, string>();
  const date = (day: number) => {
    let d = dates.get(day);
    if (d === undefined) {
      d = dateOf(day);
      dates.set(day, d);
    }
    return d;
  };
  const tentative = new Set(p.tentative);
  const series = new Map(p.inSeries.map((i, k) => [i, p.series[k] as string]));
  const out: AssignmentDto[] = [];
  for (let i = 0; i < p.id.length; i++) {
    if (keep && !keep(p.id[i] as string, p.version[i] as number)) continue;
    const start = p.start[i] as number;
    const end = start + (p.days[i] as number);
    const a: AssignmentDto = {
      id: p.id[i] as string,
      personId: p.people[p.person[i] as number] as string,
      projectId: p.projects[p.project[i] as number] as string,
      startDate: date(start),
      endDateExclusive: date(end),
      lastDay: date(end - 1),
      allocation: p.allocations[p.allocation[i] as number] as AllocationDto,
      status: tentative.has(i) ? "tentative" : "confirmed",
      version: p.version[i] as number,
    };
    const s = series.get(i);
    if (s !== undefined) a.series = s;
    out.push(a);
  }
  return out;
}

/** The columns for `list`, as the Rust side makes them. */
export function packAssignments(list: readonly AssignmentDto[]): AssignmentsDto {
  const p: AssignmentsDto = {
    people: [],
    projects: [],
    allocations: [],
    id: [],
    person: [],
    project: [],
    start: [],
    days: [],
    allocation: [],
    version: [],
    tentative: [],
    inSeries: [],
    series: [],
  };
  const people = new Map<string, number>();
  const projects = new Map<string, number>();
  const allocations = new Map<string, number>();
  const slot = <V>(at: Map<string, number>, values: V[], key: string, value: V) => {
    let i = at.get(key);
    if (i === undefined) {
      i = values.push(value) - 1;
      at.set(key, i);
    }
    return i;
  };
  list.forEach((a, i) => {
    const start = dayOf(a.startDate);
    p.id.push(a.id);
    p.person.push(slot(people, p.people, a.personId, a.personId));
    p.project.push(slot(projects, p.projects, a.projectId, a.projectId));
    p.allocation.push(
      slot(allocations, p.allocations, `${a.allocation.kind}:${a.allocation.value}`, a.allocation),
    );
    p.start.push(start);
    p.days.push(dayOf(a.endDateExclusive) - start);
    p.version.push(a.version);
    if (a.status === "tentative") p.tentative.push(i);
    if (a.series !== undefined) {
      p.inSeries.push(i);
      p.series.push(a.series);
    }
  });
  return p;
}
