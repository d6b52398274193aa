// The report screen's pure parts: its lines sorted by a column, the figures as text, and a chart's
// series. The figures themselves are Rust's (planner-domain's report): the window computes none of
// them.
import type { LoadFigures, PersonLine, ProjectLine, Report } from "../ipc";
import type { RoleLine } from "../ipc/bindings/RoleLine";

/** A line of the table: a person's, or a project's (with how many people it books). */
export type ReportLine = PersonLine | ProjectLine;

const people = (l: ReportLine): number | null => ("people" in l ? l.people : null);
const toStaff = (l: ReportLine): number | null => ("toStaff" in l ? l.toStaff : null);

/** The people's lines: those the team's sums are made of (placeholders' apart). */
export const staffLines = (report: Report): PersonLine[] => report.people.filter((l) => !l.placeholder);

/** The placeholders' lines: roles to hire, whose hours are demand and nobody's utilisation. */
export const placeholderLines = (report: Report): PersonLine[] => report.people.filter((l) => l.placeholder);

/** A role's name in the demand by role, `noRole` for the line of those with none. */
export const roleName = (l: RoleLine, noRole: string): string => l.name ?? noRole;

export type Column =
  | "name"
  | "capacity"
  | "confirmed"
  | "tentative"
  | "off"
  | "percent"
  | "withTentative"
  | "people"
  | "toStaff";

export interface Sort {
  column: Column;
  descending: boolean;
}

const value = (l: ReportLine, c: Column): number | string => {
  switch (c) {
    case "name":
      return l.name;
    case "capacity":
    case "confirmed":
    case "tentative":
    case "off":
      return l.load[c];
    case "percent":
      return l.load.percent ?? -1;
    case "withTentative":
      return l.load.percentWithTentative ?? -1;
    case "people":
      return people(l) ?? 0;
    case "toStaff":
      return toStaff(l) ?? 0;
  }
};

/** The lines sorted by `sort` (names by the language's collation; ties by name). */
export function sorted(lines: readonly ReportLine[], sort: Sort, collator: Intl.Collator): ReportLine[] {
  const sign = sort.descending ? -1 : 1;
  return [...lines].sort((a, b) => {
    const [x, y] = [value(a, sort.column), value(b, sort.column)];
    const by = typeof x === "string" ? collator.compare(x, y as string) : x - (y as number);
    return sign * by || collator.compare(a.name, b.name);
  });
}

/** A click on a column's header: that column, descending first for figures (the most at the
 * top), ascending for names; a second click turns it round. */
export function sortBy(current: Sort, column: Column): Sort {
  if (current.column === column) return { column, descending: !current.descending };
  return { column, descending: column !== "name" };
}

/** Minutes as hours for the table: up to two decimals, as the CSV file writes them. */
export function hours(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(minutes / 60);
}

export const percentText = (p: number | null): string => (p === null ? "–" : `${p}%`);

/** A cell of the table: the name, hours (`hoursText`), a percentage or a count. A project's hours
 * to staff are those of its hours booked on placeholders; a person has none (empty). */
export function cellText(l: ReportLine, c: Column, hoursText: (minutes: number) => string): string {
  if (c === "name") return l.name;
  if (c === "percent") return percentText(l.load.percent);
  if (c === "withTentative") return percentText(l.load.percentWithTentative);
  if (c === "people") return String(people(l) ?? "");
  if (c === "toStaff") {
    const minutes = toStaff(l);
    return minutes === null ? "" : hoursText(minutes);
  }
  return hoursText(l.load[c]);
}

/** One week of a chart: its capacity, confirmed and tentative hours. */
export interface ChartWeek {
  start: string;
  capacity: number;
  confirmed: number;
  tentative: number;
}

/** The chart of a line (the team's if none): hours per week. A project has no capacity (0). */
export function chartWeeks(report: Report, line: ReportLine | null): ChartWeek[] {
  const loads: readonly LoadFigures[] = line ? line.weeks : report.teamWeeks;
  return report.weeks.map((w, i) => {
    const l = loads[i] as LoadFigures;
    return {
      start: w.start,
      capacity: l.capacity / 60,
      confirmed: l.confirmed / 60,
      tentative: l.tentative / 60,
    };
  });
}
