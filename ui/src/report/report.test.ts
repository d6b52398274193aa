import { describe, expect, it } from "vitest";
import type { LoadFigures, PersonLine, ProjectLine, Report } from "../ipc";
import type { RoleLine } from "../ipc/bindings/RoleLine";
import type { ReportLine } from "./report";
import {
  type Column,
  cellText,
  chartWeeks,
  hours,
  percentText,
  placeholderLines,
  roleName,
  sortBy,
  sorted,
  staffLines,
} from "./report";

const load = (capacity: number, confirmed: number, percent: number | null): LoadFigures => ({
  capacity,
  confirmed,
  tentative: 0,
  off: 0,
  overDays: 0,
  percent,
  percentWithTentative: percent,
});
const line = (name: string, l: LoadFigures, weeks: LoadFigures[] = [], placeholder = false): PersonLine => ({
  id: name,
  name,
  placeholder,
  load: l,
  weeks,
});
const project = (name: string, l: LoadFigures, toStaff: number): ProjectLine => ({
  id: name,
  name,
  people: 1,
  load: l,
  weeks: [],
  toStaff,
  toStaffWeeks: [],
});
const report = (people: PersonLine[] = []): Report => ({
  firstDay: "2026-12-07",
  lastDay: "2026-12-20",
  weeks: [
    { start: "2026-12-07", days: 7 },
    { start: "2026-12-14", days: 7 },
  ],
  people,
  projects: [],
  roles: [],
  team: load(4800, 3600, 75),
  teamWeeks: [load(2400, 1200, 50), load(2400, 2400, 100)],
});
const en = new Intl.Collator("en");

describe("the report's table", () => {
  const lines = [
    line("bo", load(2400, 2400, 100)),
    line("Ada", load(0, 0, null)),
    line("Cy", load(2400, 1200, 50)),
  ];

  it("sorts names by the language's collation, and figures most first", () => {
    const order = (column: Column, descending: boolean) =>
      sorted(lines, { column, descending }, en)
        .map((l) => l.name)
        .join(" ");
    expect(order("name", false)).toBe("Ada bo Cy");
    expect(order("percent", true)).toBe("bo Cy Ada");
    // Ties by name.
    expect(order("capacity", true)).toBe("bo Cy Ada");
    expect(order("capacity", false)).toBe("Ada bo Cy");
  });

  it("writes each cell: names, hours, percentages, counts", () => {
    const [bo] = lines;
    const h = (m: number) => `${m / 60}h`;
    expect(
      (["name", "capacity", "percent", "people"] as Column[]).map((c) => cellText(bo as ReportLine, c, h)),
    ).toEqual(["bo", "40h", "100%", ""]);
  });

  it("writes a project's hours to staff, and sorts by them; a person has none", () => {
    const h = (m: number) => `${m / 60}h`;
    const projects = [project("Apollo", load(0, 600, null), 120), project("Gemini", load(0, 300, null), 300)];
    expect(projects.map((p) => cellText(p, "toStaff", h))).toEqual(["2h", "5h"]);
    expect(cellText(lines[0] as ReportLine, "toStaff", h)).toBe("");
    const order = sorted(projects, { column: "toStaff", descending: true }, en).map((l) => l.name);
    expect(order).toEqual(["Gemini", "Apollo"]);
  });

  it("lists the people apart from the placeholders, and names the line of no role", () => {
    const r = report([
      line("Bo", load(2400, 600, 25)),
      line("Designer (to hire)", load(2400, 900, 38), [], true),
    ]);
    expect(staffLines(r).map((l) => l.name)).toEqual(["Bo"]);
    expect(placeholderLines(r).map((l) => l.name)).toEqual(["Designer (to hire)"]);
    const role = (name: string | null): RoleLine => ({
      id: name,
      name,
      people: 1,
      placeholders: 1,
      staffed: 600,
      toStaff: 900,
      capacity: 2400,
      confirmed: 1500,
      tentative: 0,
      weeks: [],
    });
    expect(roleName(role("Designer"), "No role")).toBe("Designer");
    expect(roleName(role(null), "No role")).toBe("No role");
  });

  it("turns a column round on a second click; a new figure column starts most first", () => {
    const byName = { column: "name" as const, descending: false };
    expect(sortBy(byName, "name")).toEqual({ column: "name", descending: true });
    expect(sortBy(byName, "confirmed")).toEqual({ column: "confirmed", descending: true });
    expect(sortBy({ column: "confirmed", descending: true }, "name")).toEqual(byName);
  });

  it("says hours with at most two decimals in the region's way, and no % without capacity", () => {
    expect(hours(450, "en-GB")).toBe("7.5");
    expect(hours(460, "de-DE")).toBe("7,67");
    expect(hours(180000, "en-US")).toBe("3,000");
    expect(percentText(null)).toBe("–");
    expect(percentText(119)).toBe("119%");
  });
});

describe("the report's chart", () => {
  it("charts the team's weeks, or a line's, in hours", () => {
    expect(chartWeeks(report(), null)).toEqual([
      { start: "2026-12-07", capacity: 40, confirmed: 20, tentative: 0 },
      { start: "2026-12-14", capacity: 40, confirmed: 40, tentative: 0 },
    ]);
    const bo = line("bo", load(960, 60, 6), [load(480, 0, 0), load(480, 60, 13)]);
    expect(chartWeeks(report(), bo).map((w) => [w.capacity, w.confirmed])).toEqual([
      [8, 0],
      [8, 1],
    ]);
  });
});
