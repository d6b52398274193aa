import { describe, expect, it } from "vitest";
import type { AssignmentDto, LabelDto, PersonDto } from "../../ipc";
import { FULL_DAY } from "./allocation";
import { dateOf, dayOf } from "./dates";
import { DEFAULT_AVAILABILITY } from "./load";
import { figures, type PeriodRow } from "./period";
import {
  type FiguresRow,
  groupDays,
  projectWeeks,
  rowsByProject,
  sameSections,
  sectionFigures,
  sectionsFigures,
  sectionsOf,
} from "./sections";

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

  it("groups by project: its people booked on it in the period, a person in each of theirs, the idle last", () => {
    const project = (id: string) => ({ id, name: id.toUpperCase(), color: "#336699", version: 1 });
    const booking = (id: string, personId: string, projectId: string, startDate: string, lastDay: string) =>
      ({
        id,
        personId,
        projectId,
        startDate,
        lastDay,
        endDateExclusive: dateOf(d(lastDay) + 1),
      }) as AssignmentDto;
    const bookings = [
      booking("1", "ada", "apollo", "2027-01-11", "2027-01-15"),
      booking("2", "bo", "apollo", "2027-01-18", "2027-01-29"),
      booking("3", "ada", "gemini", "2027-01-20", "2027-01-20"),
      // Before the period: Cy is booked on nothing in it.
      booking("4", "cy", "gemini", "2027-01-04", "2027-01-08"),
    ];
    const projects = [project("apollo"), project("gemini"), project("idle")];
    const byPerson = new Map(
      ["ada", "bo", "cy"].map((who) => [who, bookings.filter((b) => b.personId === who)]),
    );
    const s = sectionsOf([ada, bo, cy], "project", labels, period, { projects, byPerson });
    expect(s.map((x) => [x.key, x.project?.name ?? null, x.members.map((m) => m.id)])).toEqual([
      ["apollo", "APOLLO", ["ada", "bo"]],
      ["gemini", "GEMINI", ["ada"]],
      ["", null, ["cy"]],
    ]);
    // Made again for the same people: the same sections while everyone is on the same projects
    // (Bo's booking moved within Apollo), new ones once someone is on another.
    const people = [ada, bo, cy];
    const first = sectionsOf(people, "project", labels, period, { projects, byPerson });
    const moved = new Map(byPerson).set("bo", [booking("2", "bo", "apollo", "2027-01-19", "2027-01-29")]);
    expect(sectionsOf(people, "project", labels, period, { projects, byPerson: moved })).toBe(first);
    const elsewhere = new Map(byPerson).set("bo", [booking("2", "bo", "gemini", "2027-01-19", "2027-01-29")]);
    expect(
      sectionsOf(people, "project", labels, period, { projects, byPerson: elsewhere }).map((x) => [
        x.key,
        x.members.map((m) => m.id),
      ]),
    ).toEqual([
      ["apollo", ["ada"]],
      ["gemini", ["ada", "bo"]],
      ["", ["cy"]],
    ]);
  });

  it("sums again only what changed rows change, to the same figures as a whole new sum", () => {
    // Bookings of h hours a day over [from, to) (days from the period's Monday), some tentative.
    const booking = (from: number, to: number, h: number, tentative = false) => ({
      start: period.from + from,
      end: period.from + to,
      a: {
        allocation: { kind: "hoursPerDay", value: h * 60 },
        status: tentative ? "tentative" : "confirmed",
      } as never,
    });
    const row = (person: PersonDto, bars: ReturnType<typeof booking>[], placeholder = false): FiguresRow => ({
      person: { id: person.id, placeholder },
      availability: DEFAULT_AVAILABILITY,
      bars,
    });
    const people = [ada, bo, cy];
    const sections = sectionsOf(people, "group", labels, period);
    const whole = (rows: FiguresRow[], tentative: boolean) =>
      sectionsFigures(sections, rows, period, tentative, null).figures;
    let rows = [row(ada, [booking(0, 3, 4)]), row(bo, [booking(2, 9, 6, true)]), row(cy, [])];
    let last = sectionsFigures(sections, rows, period, true, null);
    // Edits as the plan makes them: one person's row anew (a booking moved, added, made tentative,
    // the person made a placeholder), the others the same objects.
    const edits: [number, FiguresRow][] = [
      [0, row(ada, [booking(1, 4, 4)])],
      [2, row(cy, [booking(8, 12, 8)])],
      [1, row(bo, [booking(2, 9, 6), booking(0, 2, 2)])],
      [0, row(ada, [booking(1, 4, 4)], true)],
      [2, row(cy, [])],
    ];
    for (const [i, made] of edits) {
      rows = rows.map((r, j) => (j === i ? made : r));
      const next = sectionsFigures(sections, rows, period, true, last);
      expect(next.figures).toEqual(whole(rows, true));
      // A section none of whose members changed keeps its figures (the same object).
      sections.forEach((s, k) => {
        if (!s.members.some((m) => m.id === made.person.id)) expect(next.figures[k]).toBe(last.figures[k]);
      });
      last = next;
    }
    // Every row new at once (a window of days loaded): the same figures as a whole new sum.
    const reloaded = rows.map((r) => ({ ...r, bars: [...r.bars, booking(14, 16, 1)] }));
    expect(sectionsFigures(sections, reloaded, period, true, last).figures).toEqual(whole(reloaded, true));
    // Another period, choice or list of sections: everything summed anew.
    expect(sectionsFigures(sections, rows, period, false, last).figures).toEqual(whole(rows, false));
  });

  it("tells the same sections from others: members, their days, and the labels and projects", () => {
    const made = () => sectionsOf([ada, bo, cy], "group", labels, period);
    expect(sameSections(made(), made())).toBe(true);
    // Someone moves on another day, leaves, or a group is renamed (a new label object).
    const moved = sectionsOf(
      [{ ...ada, groups: [{ groupId: "design" }, { from: "2027-01-14", groupId: "eng" }] }, bo, cy],
      "group",
      labels,
      period,
    );
    expect(sameSections(made(), moved)).toBe(false);
    expect(sameSections(made(), sectionsOf([ada, cy], "group", labels, period))).toBe(false);
    const renamed = labels.map((l) => (l.id === "eng" ? { ...l, name: "Engineers" } : l));
    expect(sameSections(made(), sectionsOf([ada, bo, cy], "group", renamed, period))).toBe(false);
    expect(
      sameSections(made(), sectionsOf([ada, bo, cy], "group", labels, { ...period, to: period.to + 1 })),
    ).toBe(false);
  });

  it("finds the rows with a bar of each project, each row's projects looked at once while its bars are the same", () => {
    const bar = (projectId: string) => ({ a: { projectId } as AssignmentDto });
    const [one, two] = [{ bars: [bar("apollo"), bar("gemini"), bar("apollo")] }, { bars: [bar("gemini")] }];
    const by = rowsByProject([one, two]);
    expect([...by].map(([id, rows]) => [id, rows.map((r) => (r === one ? "one" : "two"))])).toEqual([
      ["apollo", ["one"]],
      ["gemini", ["one", "two"]],
    ]);
    // The same list of bars (the row kept): its projects as found before, even were a booking in
    // it changed in place (rows never are: an edit makes a new list).
    (one.bars[0] as { a: AssignmentDto }).a = { projectId: "zeus" } as AssignmentDto;
    expect([...rowsByProject([one]).keys()]).toEqual(["apollo", "gemini"]);
    expect([...rowsByProject([{ bars: [...one.bars] }]).keys()]).toEqual(["zeus", "gemini", "apollo"]);
  });

  it("sums a project's hours week by week over the rows, each booking as the rows count it", () => {
    const bar = (projectId: string, from: string, to: string, value: number, kind = "hoursPerDay") => ({
      start: d(from),
      end: d(to),
      a: { projectId, allocation: { kind, value }, status: "confirmed" } as never,
    });
    const rows = [
      // 4 h a day over two weeks; 50 % of another project, left out.
      {
        availability: DEFAULT_AVAILABILITY,
        bars: [
          bar("apollo", "2027-01-11", "2027-01-25", 240),
          bar("gemini", "2027-01-11", "2027-01-25", 50, "percent"),
        ],
      },
      // 20 h in all over Thursday 14 to Tuesday 19: 4 working days, 5 h each.
      {
        availability: DEFAULT_AVAILABILITY,
        bars: [bar("apollo", "2027-01-14", "2027-01-20", 1200, "total")],
      },
    ];
    // From Wednesday 13 (the first week cut) to Saturday 23, weeks from Monday.
    const weeks = projectWeeks("apollo", rows, d("2027-01-13"), d("2027-01-23"), 0);
    expect(weeks.map((w) => [dateOf(w.from), dateOf(w.to), w.minutes / 60])).toEqual([
      ["2027-01-13", "2027-01-18", 3 * 4 + 2 * 5],
      ["2027-01-18", "2027-01-23", 5 * 4 + 2 * 5],
    ]);
    // Weeks from Sunday: the cut falls elsewhere.
    expect(
      projectWeeks("apollo", rows, d("2027-01-13"), d("2027-01-23"), 6).map((w) => dateOf(w.from)),
    ).toEqual(["2027-01-13", "2027-01-17"]);
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
    // A placeholder in the section: its hours are demand, in nobody's load.
    const hired = new Map(rows);
    hired.set("bo", { ...rowOf("bo"), person: { placeholder: true } } as PeriodRow);
    expect(sectionFigures(eng, (id) => hired.get(id), period, true).booked).toBe(8 * 240);
  });
});
