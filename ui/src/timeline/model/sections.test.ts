import { describe, expect, it } from "vitest";
import type { LabelDto, PersonDto } from "../../ipc";
import { FULL_DAY } from "./allocation";
import { dayOf } from "./dates";
import { DEFAULT_AVAILABILITY } from "./load";
import { figures, type PeriodRow } from "./period";
import { groupDays, sectionFigures, sectionsOf } from "./sections";

const d = dayOf;
const label = (kind: LabelDto["kind"], id: string, name: string): LabelDto => ({
  kind,
  id,
  name,
  version: 1,
});
const labels = [
  label("group", "design", "Design"),
  label("group", "eng", "Engineering"),
  label("group", "empty", "Empty"),
  label("role", "dev", "Developer"),
  label("skill", "react", "React"),
  label("skill", "rust", "Rust"),
];
const person = (id: string, p: Partial<PersonDto> = {}): PersonDto => ({ id, name: id, version: 1, ...p });
// Ada moves from Design to Engineering on Wednesday 2027-01-13; Bo is in Engineering; Cy in none.
const ada = person("ada", {
  groups: [{ groupId: "design" }, { from: "2027-01-13", groupId: "eng" }],
  roleId: "dev",
  skillIds: ["react", "rust"],
});
const bo = person("bo", { groups: [{ groupId: "eng" }], skillIds: ["rust", "gone"] });
const cy = person("cy", { groups: [{ from: "2027-01-20", groupId: "design" }] });
const period = { from: d("2027-01-11"), to: d("2027-01-25") }; // two weeks from a Monday

describe("the rows' sections", () => {
  it("tells the days of a period a person is in each group", () => {
    expect(groupDays(ada, period.from, period.to)).toEqual([
      { groupId: "design", days: { from: d("2027-01-11"), to: d("2027-01-13") } },
      { groupId: "eng", days: { from: d("2027-01-13"), to: d("2027-01-25") } },
    ]);
    // Before their first group: in none.
    expect(groupDays(cy, period.from, period.to)).toEqual([
      { groupId: null, days: { from: d("2027-01-11"), to: d("2027-01-20") } },
      { groupId: "design", days: { from: d("2027-01-20"), to: d("2027-01-25") } },
    ]);
    expect(groupDays(person("z"), period.from, period.to)).toEqual([{ groupId: null, days: period }]);
    // A move after the period: the first group throughout.
    expect(groupDays(ada, d("2027-01-04"), d("2027-01-11"))).toEqual([
      { groupId: "design", days: { from: d("2027-01-04"), to: d("2027-01-11") } },
    ]);
  });

  it("groups by group, a mover in both for their own days, the lists' order, none last, empty ones left out", () => {
    const s = sectionsOf([ada, bo, cy], "group", labels, period);
    expect(s.map((x) => [x.key, x.members.map((m) => m.id)])).toEqual([
      ["design", ["ada", "cy"]],
      ["eng", ["ada", "bo"]],
      ["", ["cy"]],
    ]);
    expect(s[0]?.members[0]?.days).toEqual([{ from: d("2027-01-11"), to: d("2027-01-13") }]);
    expect(s[0]?.label?.name).toBe("Design");
    expect(s[2]?.label).toBeNull();
  });

  it("groups by role and by skill (a person under each skill; an unknown skill as none)", () => {
    expect(
      sectionsOf([ada, bo, cy], "role", labels, period).map((x) => [x.key, x.members.map((m) => m.id)]),
    ).toEqual([
      ["dev", ["ada"]],
      ["", ["bo", "cy"]],
    ]);
    expect(
      sectionsOf([bo, ada, cy], "skill", labels, period).map((x) => [x.key, x.members.map((m) => m.id)]),
    ).toEqual([
      ["react", ["ada"]],
      ["rust", ["bo", "ada"]], // in the people's order as given
      ["", ["cy"]],
    ]);
  });

  it("sums a section's figures over each member's days in it", () => {
    // Everyone booked 4 h a day on the two weeks' working days: 8 h days, 10 working days.
    const rowOf = (_id: string): PeriodRow => ({
      availability: DEFAULT_AVAILABILITY,
      bars: [
        {
          start: period.from,
          end: period.to,
          a: { allocation: { kind: "hoursPerDay", value: 240 }, status: "confirmed" } as never,
        },
      ],
    });
    const rows = new Map(["ada", "bo", "cy"].map((id) => [id, rowOf(id)]));
    const [design, eng] = sectionsOf([ada, bo, cy], "group", labels, period);
    if (!design || !eng) throw new Error("no sections");
    const f = sectionFigures(design, (id) => rows.get(id), period, true);
    // Ada's Monday and Tuesday (2 days) and Cy's last week (Wed 20 … Fri 22 and the weekend: 3 days).
    expect(f).toEqual({ booked: 5 * 240, free: 5 * 240, capacity: 5 * 480, percent: 50 });
    // Engineering: Ada's 8 working days from Wednesday, and Bo's 10.
    expect(sectionFigures(eng, (id) => rows.get(id), period, true).booked).toBe(18 * 240);
    // A whole person over the whole period is their row's figures.
    const whole = sectionsOf([bo], "role", labels, period)[0];
    if (!whole) throw new Error("no section");
    expect(sectionFigures(whole, (id) => rows.get(id), period, true)).toEqual(
      figures(rows.get("bo") as PeriodRow, period.from, period.to, true),
    );
    // Overtime of one does not take another's free time away.
    const over = new Map(rows);
    over.set("bo", {
      ...rowOf("bo"),
      bars: [
        {
          start: period.from,
          end: period.to,
          a: { allocation: FULL_DAY, status: "confirmed" } as never,
        },
        ...rowOf("bo").bars,
      ],
    });
    expect(sectionFigures(eng, (id) => over.get(id), period, true).free).toBe(8 * 240);
  });
});
