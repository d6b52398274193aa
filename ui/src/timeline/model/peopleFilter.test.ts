import { describe, expect, it } from "vitest";
import type { AssignmentDto, PersonDto } from "../../ipc";
import { FULL_DAY } from "./allocation";
import { dayOf } from "./dates";
import { bookedOnAny, conditions, inGroupDuring, NO_FILTER, passesLabels, projectsIn } from "./peopleFilter";

const d = dayOf;
const ada: PersonDto = {
  id: "ada",
  name: "Ada",
  version: 1,
  groups: [{ groupId: "design" }, { from: "2027-02-01", groupId: "product" }],
  roleId: "lead",
  skillIds: ["react", "figma"],
};

describe("the people filter", () => {
  it("counts a person in a group on any day of the period they are in it", () => {
    expect(inGroupDuring(ada, ["design"], d("2027-01-01"), d("2027-02-01"))).toBe(true);
    expect(inGroupDuring(ada, ["design"], d("2027-02-01"), d("2027-03-01"))).toBe(
      false,
    ) /* moved on the 1st */;
    expect(inGroupDuring(ada, ["product"], d("2027-01-25"), d("2027-02-02"))).toBe(
      true,
    ) /* the period holds the move */;
    expect(inGroupDuring(ada, ["product"], d("2027-01-01"), d("2027-02-01"))).toBe(false);
    expect(inGroupDuring({ ...ada, groups: [] }, ["design"], d("2027-01-01"), d("2027-02-01"))).toBe(false);
  });

  it("combines role and skills, all or any", () => {
    const [from, to] = [d("2027-01-01"), d("2027-02-01")];
    expect(passesLabels(ada, NO_FILTER, from, to)).toBe(true);
    expect(passesLabels(ada, { ...NO_FILTER, roles: ["lead"] }, from, to)).toBe(true);
    expect(passesLabels(ada, { ...NO_FILTER, roles: ["junior"] }, from, to)).toBe(false);
    const both = { ...NO_FILTER, skills: ["react", "rust"] };
    expect(passesLabels(ada, both, from, to)).toBe(false); // all: needs Rust too
    expect(passesLabels(ada, { ...both, allSkills: false }, from, to)).toBe(true); // any: React will do
    const everything = { ...NO_FILTER, groups: ["design"], roles: ["lead"], skills: ["react", "figma"] };
    expect(passesLabels(ada, everything, from, to)).toBe(true);
    expect(passesLabels(ada, { ...everything, groups: ["product"] }, from, to)).toBe(false);
    expect(conditions(everything)).toBe(3);
    expect(conditions({ ...everything, freeHours: 0, projects: ["x"] })).toBe(5);
  });

  it("shows people, placeholders or both", () => {
    const [from, to] = [d("2027-01-01"), d("2027-02-01")];
    const hire: PersonDto = { ...ada, id: "hire", name: "Lead — to hire", placeholder: true };
    const shown = (kind: "all" | "people" | "placeholders") =>
      [ada, hire].filter((p) => passesLabels(p, { ...NO_FILTER, kind }, from, to)).map((p) => p.id);
    expect([shown("all"), shown("people"), shown("placeholders")]).toEqual([
      ["ada", "hire"],
      ["ada"],
      ["hire"],
    ]);
    // Combined with the others, and counted as a condition.
    expect(passesLabels(hire, { ...NO_FILTER, kind: "placeholders", roles: ["junior"] }, from, to)).toBe(
      false,
    );
    expect(conditions({ ...NO_FILTER, kind: "placeholders" })).toBe(1);
  });

  it("finds who is booked on a project on some day of the period", () => {
    const bar = (
      id: string,
      personId: string,
      projectId: string,
      startDate: string,
      endDateExclusive: string,
    ): AssignmentDto => ({
      id,
      personId,
      projectId,
      startDate,
      endDateExclusive,
      lastDay: startDate,
      allocation: FULL_DAY,
      status: "confirmed",
      version: 1,
    });
    const bars = [
      bar("1", "ada", "apollo", "2027-01-05", "2027-01-10"),
      bar("2", "bob", "apollo", "2027-02-01", "2027-02-05"),
      bar("3", "cy", "zeus", "2027-01-05", "2027-01-10"),
    ];
    const on = (projects: string[], from: string, to: string) =>
      ["ada", "bob", "cy", "dee"].filter((who) =>
        bookedOnAny(
          who === "dee" ? undefined : bars.filter((b) => b.personId === who),
          projects,
          d(from),
          d(to),
        ),
      );
    expect(on(["apollo"], "2027-01-01", "2027-02-01")).toEqual(["ada"]);
    expect(on(["apollo", "zeus"], "2027-01-09", "2027-02-02")).toEqual(["ada", "bob", "cy"]);
  });

  it("looks at a person's bookings again only when their list or the period is another", () => {
    const ada: AssignmentDto[] = [
      {
        id: "1",
        personId: "ada",
        projectId: "apollo",
        startDate: "2027-01-05",
        endDateExclusive: "2027-01-10",
        lastDay: "2027-01-09",
        allocation: FULL_DAY,
        status: "confirmed",
        version: 1,
      },
    ];
    const first = projectsIn(ada, d("2027-01-01"), d("2027-02-01"));
    expect(first).toEqual(["apollo"]);
    // The same list and period: what was found (an edit of someone else's keeps Ada's list).
    expect(projectsIn(ada, d("2027-01-01"), d("2027-02-01"))).toBe(first);
    // Another period, or a new list (one of Ada's edited): looked at again.
    expect(projectsIn(ada, d("2027-01-10"), d("2027-02-01"))).toEqual([]);
    const edited = [{ ...ada[0], projectId: "zeus" } as AssignmentDto];
    expect(projectsIn(edited, d("2027-01-01"), d("2027-02-01"))).toEqual(["zeus"]);
  });
});
