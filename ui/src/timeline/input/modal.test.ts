import { describe, expect, it } from "vitest";
import { PEOPLE } from "../../../test-support/timeline/fixture";
import { at } from "../../../test-support/timeline/testing";
import { closing, gridFocusAfterMenu, type Modal, ModalState, NAMING, NONE } from "./modal.svelte";

const ada = at(PEOPLE, 0);
const menu: Modal = { kind: "menu", x: 1, y: 2, label: "Ada", items: [] };

describe("the modal state", () => {
  it("holds one thing at a time: opening another replaces it", () => {
    const m = new ModalState();
    expect(m.open).toBe(false);
    m.show(menu);
    expect(m.open).toBe(true);
    m.show({ kind: "rename-person", person: ada });
    expect(m.current.kind).toBe("rename-person");
  });

  it("closes what is open only if it is of the kind closed", () => {
    expect(closing(menu, "menu")).toBe(NONE);
    expect(closing(menu, "picker")).toBe(menu);
    expect(closing({ kind: "add-project" }, ...NAMING)).toBe(NONE);
    expect(closing(NONE, "edit")).toBe(NONE);
    const m = new ModalState();
    m.show({ kind: "members" });
    m.close("move-local");
    expect(m.current.kind).toBe("members");
    m.close("members");
    expect(m.open).toBe(false);
  });

  it("gives the grid the focus back after a menu, unless its item opened a dialog or the picker", () => {
    expect(gridFocusAfterMenu(NONE)).toBe(true);
    expect(gridFocusAfterMenu({ kind: "move-local" })).toBe(true);
    expect(gridFocusAfterMenu({ kind: "delete", what: "person", target: ada })).toBe(false);
    expect(gridFocusAfterMenu({ kind: "rename-person", person: ada })).toBe(false);
    expect(gridFocusAfterMenu({ kind: "picker", x: 0, y: 0, personId: "ada", from: 1, to: 2 })).toBe(false);
  });
});
