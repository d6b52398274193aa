// The benchmark's team: 500 people, 40 projects, 10,000 assignments, the same on every run (a
// seeded PRNG, no Math.random). Both bench pages and the memory run's workspace (make-export.ts)
// are made from it, so ours, vis-timeline and the app all draw the same plan.
import type {
  AllocationDto,
  AssignmentDto,
  CalendarDto,
  HolidayDto,
  LabelDto,
  ProjectDto,
  PersonDto,
  TimelineDto,
  TimeOffDto,
} from "../src/ipc";
import { packAssignments } from "../src/timeline/model/columns";
import { type Day, dateOf, dayOf } from "../src/timeline/model/dates";

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
  people: PersonDto[];
  projects: ProjectDto[];
  assignments: AssignmentDto[];
  timeOff: TimeOffDto[];
  calendars: CalendarDto[];
  holidays: HolidayDto[];
  /** The team's groups, roles and skills (none unless `withLabels`). */
  labels?: LabelDto[];
}

/** Groups, roles and skills of a department (`?labels`): 40 groups, 10 roles, 20 skills.
 * Person i is in group i mod 40 (every 25th moves to the next group four weeks from today), has
 * role i mod 10 and one to three skills. */
export const GROUPS = 40;
export function withLabels(team: BenchTeam, today: Day): BenchTeam {
  const made = (kind: LabelDto["kind"], n: number, name: string): LabelDto[] =>
    Array.from({ length: n }, (_, i) => ({ kind, id: `${kind}${String(i).padStart(2, "0")}`, name: `${name} ${i + 1}`, version: 1 }));
  const [groups, roles, skills] = [made("group", GROUPS, "Group"), made("role", 10, "Role"), made("skill", 20, "Skill")];
  const id = (list: LabelDto[], i: number) => (list[i % list.length] as LabelDto).id;
  const people = team.people.map((p, i) => ({
    ...p,
    groups:
      i % 25 === 0
        ? [{ groupId: id(groups, i) }, { from: dateOf(today + 28), groupId: id(groups, i + 1) }]
        : [{ groupId: id(groups, i) }],
    roleId: id(roles, i),
    skillIds: Array.from({ length: 1 + (i % 3) }, (_, k) => id(skills, i * 7 + k * 3)),
  }));
  return { ...team, people, labels: [...groups, ...roles, ...skills] };
}

/**
 * The plan around `today`. Each person has 20 assignments of 2–7 days laid one after another from
 * `today − 28`, with gaps of −2…+1 days: a negative gap overlaps the previous one (a second lane),
 * and 3 % are long (20–60 days), overlapping several (third to fifth lanes). A person's 20 end
 * within the window the app opens first (today − 28 … today + 84), so all 10,000 are in the
 * first TimelineDto, and a 53-day view (the default "week" zoom, 20 px a day) shows about 14 bars
 * a row.
 */
export function generate(today: Day, capacity = false, count = PEOPLE): BenchTeam {
  const rnd = prng(20260302);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const people: PersonDto[] = Array.from({ length: count }, (_, i) => ({
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
  for (const person of people) {
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
        personId: person.id,
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
  const team = { people, projects, assignments, timeOff: [], calendars: [], holidays: [] };
  return capacity ? withCapacity(team, today) : team;
}

/**
 * The same plan with capacity on it (`ours?capacity`): allocations of every kind (hours a day,
 * shares, totals; a third the whole day) and one in six tentative; for each person a time off of
 * 1–5 days in the first window (one in five some hours a day); a holiday calendar with 16 days a
 * year, half the people in it. Its own random stream: the bars are where they are in the default
 * plan.
 */
function withCapacity(team: BenchTeam, today: Day): BenchTeam {
  const rnd = prng(17);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const allocation = (days: number): AllocationDto => {
    switch (int(0, 3)) {
      case 0:
        return { kind: "hoursPerDay", value: 60 * int(1, 8) };
      case 1:
        return { kind: "percent", value: 25 * int(1, 4) };
      case 2:
        return { kind: "total", value: 60 * int(1, Math.min(4 * days, 400)) };
      default:
        return { kind: "percent", value: 100 };
    }
  };
  const assignments = team.assignments.map((a) => ({
    ...a,
    allocation: allocation(dayOf(a.endDateExclusive) - dayOf(a.startDate)),
    status: rnd() < 1 / 6 ? ("tentative" as const) : ("confirmed" as const),
  }));
  const calendar: CalendarDto = { id: "cal-jp", name: "Japan", region: "JP", version: 1 };
  const people = team.people.map((r, i) => (i % 2 === 0 ? { ...r, calendarId: calendar.id } : r));
  const { from, to } = openWindow(today);
  const timeOff: TimeOffDto[] = people.map((r, i) => {
    const start = int(from, to - 6);
    const end = start + int(1, 5);
    return {
      id: `o${String(i).padStart(4, "0")}`,
      personId: r.id,
      startDate: dateOf(start),
      endDateExclusive: dateOf(end),
      lastDay: dateOf(end - 1),
      kind: "holiday",
      minutes: rnd() < 0.2 ? 240 : null,
      version: 1,
    };
  });
  const year = Number(dateOf(today).slice(0, 4));
  const holidays: HolidayDto[] = [year - 1, year, year + 1].flatMap((y) =>
    HOLIDAYS.map((md) => ({ calendarId: calendar.id, day: `${y}-${md}`, name: "Holiday" })),
  );
  return { people, projects: team.projects, assignments, timeOff, calendars: [calendar], holidays };
}

/** Sixteen days a year (Japan's, their dates fixed). */
const HOLIDAYS = "01-01 01-13 02-11 02-23 03-20 04-29 05-03 05-04 05-05 07-21 08-11 09-15 09-23 10-13 11-03 11-23".split(" ");

/** What a window holds: the assignments and time off overlapping `[from, to)`, its holidays. */
export function windowItems(team: BenchTeam, from: string, to: string) {
  return {
    // In columns, as the Rust side sends them (src/timeline/model/columns.ts).
    assignments: packAssignments(overlapping(team.assignments, from, to)),
    timeOff: team.timeOff.filter((t) => t.startDate < to && t.endDateExclusive > from),
    holidays: team.holidays.filter((h) => h.day >= from && h.day < to),
    unreadable: [],
  };
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
    people: team.people,
    projects: team.projects,
    ...windowItems(team, from, to),
    calendars: team.calendars,
    labels: team.labels ?? [],
    defaultWeek: [480, 480, 480, 480, 480, 0, 0],
    feedDays: 396,
    loaded: [{ from, to }],
    cached: false,
  };
}
