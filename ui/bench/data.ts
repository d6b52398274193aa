// The benchmark's team: 500 people, 40 projects, 10,000 assignments, the same on every run (a
// seeded PRNG, no Math.random). Both bench pages and the memory run's workspace (make-export.ts)
// are made from it, so ours, vis-timeline and the app all draw the same plan.
import type { AssignmentDto, ProjectDto, ResourceDto, TimelineDto } from "../src/ipc";
import { type Day, dateOf, dayOf } from "../src/timeline/dates";

export const PEOPLE = 500;
export const PROJECTS = 40;
export const PER_PERSON = 20; // 500 × 20 = 10,000 assignments
export const TEAM_NAME = "Bench team";
/** The rendering bench's "today": fixed (a Monday), so every run lays out the same pixels. */
export const BENCH_TODAY: Day = dayOf("2026-03-02");
/** The window the app opens at start (App.svelte: today − 28 … today + 84). */
export const openWindow = (today: Day) => ({ from: today - 28, to: today + 84 });

/** mulberry32: a small, fast, seeded PRNG. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = `Alice Ben Chloé David Emma Farid Grace Hiro Ines Jonas Keiko Liam Maya Noah Olga Pablo Quinn
  Rosa Sven Tariq Uma Victor Wen Yuki Zoe`.split(/\s+/);
const LAST = `Johnson Carter Dubois Müller Rossi Silva Tanaka Kim Novak Haddad Larsen Okafor Petrov Singh
  Walsh Yamada Garcia Ivanova Nakamura Berg`.split(/\s+/);
const WORDS = "Acme Globex Initech Umbrella Hooli Stark Wayne Tyrell Cyberdyne Soylent".split(" ");
const KINDS = ["Website", "Migration", "Mobile app", "Audit"];

function hex(h: number, s: number, l: number): string {
  // HSL → #RRGGBB (CSS Color 4's formula), so 40 projects get 40 distinct hues.
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`.toUpperCase();
}

export interface BenchTeam {
  resources: ResourceDto[];
  projects: ProjectDto[];
  assignments: AssignmentDto[];
}

/**
 * The plan around `today`. Each person has 20 assignments of 2–7 days laid one after another from
 * `today − 28`, with gaps of −2…+1 days: a negative gap overlaps the previous one (a second lane),
 * and 3 % are long (20–60 days), overlapping several (third to fifth lanes). A person's 20 end
 * within the window the app opens first (today − 28 … today + 84), so all 10,000 are in the
 * first TimelineDto, and a 53-day view (the default "week" zoom, 20 px a day) shows about 14 bars
 * a row.
 */
export function generate(today: Day): BenchTeam {
  const rnd = prng(20260302);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const resources: ResourceDto[] = Array.from({ length: PEOPLE }, (_, i) => ({
    id: `r${String(i).padStart(4, "0")}`,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    version: 1,
  })).sort((a, b) => (a.name < b.name ? -1 : 1)); // code-unit order: the same in node and WebKit
  const projects: ProjectDto[] = Array.from({ length: PROJECTS }, (_, i) => ({
    id: `p${String(i).padStart(2, "0")}`,
    name: `${WORDS[i % WORDS.length]} ${KINDS[Math.floor(i / WORDS.length) % KINDS.length]}`,
    color: hex((i * 137.508) % 360, 0.6, 0.3 + (i % 3) * 0.15),
    version: 1,
  }));
  const assignments: AssignmentDto[] = [];
  const { from } = openWindow(today);
  for (const person of resources) {
    let cursor = from - int(0, 1);
    for (let j = 0; j < PER_PERSON; j++) {
      const long = rnd() < 0.03;
      const start = cursor;
      const end = start + (long ? int(20, 60) : int(2, 7));
      // A long one runs beside the next ones instead of pushing them back.
      cursor = (long ? start + int(2, 7) : end) + int(-2, 1);
      const project = projects[int(0, PROJECTS - 1)] as ProjectDto;
      assignments.push({
        id: `a${String(assignments.length).padStart(5, "0")}`,
        resourceId: person.id,
        projectId: project.id,
        startDate: dateOf(start),
        endDateExclusive: dateOf(end),
        lastDay: dateOf(end - 1),
        allocation: { kind: "percent", value: 100 },
        status: "confirmed",
        version: 1,
      });
    }
  }
  return { resources, projects, assignments };
}

/** The assignments overlapping `[from, to)` (half-open; YYYY-MM-DD compares as text). */
export function overlapping(list: readonly AssignmentDto[], from: string, to: string): AssignmentDto[] {
  return list.filter((a) => a.startDate < to && a.endDateExclusive > from);
}

/** What the app's open_timeline would answer for the team. */
export function timelineOf(team: BenchTeam, from: string, to: string): TimelineDto {
  return {
    teamName: TEAM_NAME,
    from,
    to,
    resources: team.resources,
    projects: team.projects,
    assignments: overlapping(team.assignments, from, to),
    timeOff: [],
    holidays: [],
    calendars: [],
    defaultWeek: [480, 480, 480, 480, 480, 0, 0],
    loaded: [{ from, to }],
    cached: false,
  };
}
