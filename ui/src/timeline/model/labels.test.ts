import { describe, expect, it } from "vitest";
import { setUp } from "../../../test-support/timeline/planFake";
import type { LabelDto, PersonDto } from "../../ipc";
import { carries, groupOn, tidyGroups } from "./labels.svelte";

const ada = (over: Partial<PersonDto> = {}): PersonDto => ({ id: "ada", name: "Ada", version: 1, ...over });

describe("a person's group over time", () => {
  it("counts each day in the group of the last change on or before it", () => {
    const p = ada({
      groups: [{ groupId: "design" }, { from: "2027-02-01", groupId: "product" }, { from: "2027-06-01" }],
    });
    expect(groupOn(p, "2020-01-01")).toBe("design");
    expect(groupOn(p, "2027-01-31")).toBe("design");
    expect(groupOn(p, "2027-02-01")).toBe("product");
    expect(groupOn(p, "2027-06-01")).toBeNull();
    expect(groupOn(ada(), "2027-01-01")).toBeNull();
  });

  it("is tidied as the Rust side keeps it: by day, one a day, no change into the same group", () => {
    expect(
      tidyGroups([
        { groupId: "a" },
        { from: "2027-05-01", groupId: "c" },
        { from: "2027-03-01", groupId: "b" },
        { from: "2027-03-01", groupId: "b2" },
        { from: "2027-07-01", groupId: "c" },
        { from: "", groupId: "x" },
      ]),
    ).toEqual([
      { groupId: "a" },
      { from: "2027-03-01", groupId: "b2" },
      { from: "2027-05-01", groupId: "c" },
    ]);
    expect(tidyGroups([{ groupId: undefined }])).toEqual([]);
    expect(tidyGroups([{}, { from: "2027-03-01", groupId: "b" }])).toEqual([
      {},
      { from: "2027-03-01", groupId: "b" },
    ]);
  });

  it("knows who carries a label, any day", () => {
    const p = ada({
      groups: [{ groupId: "a" }, { from: "2027-01-01", groupId: "b" }],
      roleId: "lead",
      skillIds: ["go"],
    });
    for (const id of ["a", "b", "lead", "go"]) expect(carries(p, id)).toBe(true);
    expect(carries(p, "rust")).toBe(false);
  });
});

describe("the team's lists in the plan", () => {
  const skill = (id: string, name: string, version = 1): LabelDto => ({ id, kind: "skill", name, version });

  it("takes someone's change live, the newer version winning, and a delete", () => {
    const { plan } = setUp({ labels: [skill("s1", "React", 2)] });
    plan.labels.live(null, skill("s1", "Old", 1));
    expect(plan.labels.nameOf("s1")).toBe("React");
    plan.labels.live(skill("s1", "React", 2), skill("s1", "React.js", 3));
    expect(plan.labels.nameOf("s1")).toBe("React.js");
    plan.labels.live(null, { id: "g1", kind: "group", name: "Design", version: 1 });
    expect(plan.labels.list.map((l) => l.name)).toEqual(["Design", "React.js"]);
    plan.labels.live(skill("s1", "React.js", 3), null);
    expect(plan.labels.of("skill")).toEqual([]);
  });

  it("says a person's role and today's group after their name", () => {
    const { plan } = setUp({
      labels: [
        { id: "g1", kind: "group", name: "Design", version: 1 },
        { id: "r1", kind: "role", name: "Lead", version: 1 },
      ],
    });
    const p = ada({ roleId: "r1", groups: [{}, { from: "2027-01-04", groupId: "g1" }] });
    expect(plan.labels.detail(p, "2027-01-03")).toBe("Lead");
    expect(plan.labels.detail(p, "2027-01-04")).toBe("Lead · Design");
    // A label this window does not know says nothing.
    expect(plan.labels.detail(ada({ roleId: "gone" }), "2027-01-04")).toBe("");
  });

  it("saves a person's labels as the dialog gives them, and shows what the Rust side answered", async () => {
    const { plan, store } = setUp();
    const g = await plan.labels.create("group", "Design");
    const s = await plan.labels.create("skill", "React");
    await expect(plan.labels.create("skill", "react")).rejects.toMatchObject({ code: "duplicate_label" });
    const p = plan.people.find((x) => x.id === "ada") as PersonDto;
    await plan.setPersonLabels(p, {
      groups: [{ groupId: g.id }, { from: "", groupId: "x" }],
      roleId: null,
      skillIds: [s.id],
    });
    const shown = plan.people.find((x) => x.id === "ada");
    expect(shown).toMatchObject({ version: 2, groups: [{ groupId: g.id }], skillIds: [s.id] });
    expect(store.people.find((x) => x.id === "ada")).toEqual(shown);
    // The same dialog saved again from the old version: refused, nothing shown changes.
    await expect(plan.setPersonLabels(p, { groups: [], roleId: null, skillIds: [] })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(plan.people.find((x) => x.id === "ada")).toEqual(shown);
  });

  it("changes many people at once and names those someone else changed meanwhile", async () => {
    const { plan, store } = setUp();
    const s = await plan.labels.create("skill", "React");
    const seen = [...plan.people];
    await store.renamePerson("bob", 1, "Robert"); // someone else, meanwhile
    const done = await plan.setLabelsMany(seen, {
      roleChange: false,
      addSkillIds: [s.id],
      removeSkillIds: [],
    });
    expect(done.conflicts).toEqual(["bob"]);
    expect(plan.people.find((p) => p.id === "ada")?.skillIds).toEqual([s.id]);
    expect(plan.people.find((p) => p.id === "bob")?.skillIds).toBeUndefined();
  });

  it("reads the carriers again after a delete", async () => {
    const { plan } = setUp();
    const s = await plan.labels.create("skill", "React");
    const p = plan.people.find((x) => x.id === "ada") as PersonDto;
    await plan.setPersonLabels(p, { groups: [], roleId: null, skillIds: [s.id] });
    expect(await plan.deleteLabel(s)).toBe(1);
    expect(plan.labels.list).toEqual([]);
    expect(plan.people.find((x) => x.id === "ada")).toMatchObject({ version: 3, skillIds: [] });
  });
});
