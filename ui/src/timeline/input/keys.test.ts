import { describe, expect, it } from "vitest";
import { globalCommand, gridCommand } from "./keys";

const press = (
  key: string,
  mods: Partial<Record<"shiftKey" | "ctrlKey" | "metaKey" | "altKey", boolean>> = {},
) => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe("timeline keys", () => {
  it("arrows move the cursor; Shift stretches it over days, not rows", () => {
    expect(gridCommand(press("ArrowRight"))).toEqual({ kind: "cursor", days: 1, rows: 0, extend: false });
    expect(gridCommand(press("ArrowLeft", { shiftKey: true }))).toEqual({
      kind: "cursor",
      days: -1,
      rows: 0,
      extend: true,
    });
    expect(gridCommand(press("ArrowDown", { shiftKey: true }))).toEqual({
      kind: "cursor",
      days: 0,
      rows: 1,
      extend: false,
    });
    expect(gridCommand(press("PageDown"))).toEqual({ kind: "cursor", days: 0, rows: 10, extend: false });
  });

  it("Alt+arrows move the bar; Alt+Shift+Left/Right resize it", () => {
    expect(gridCommand(press("ArrowUp", { altKey: true }))).toEqual({ kind: "move-bar", days: 0, rows: -1 });
    expect(gridCommand(press("ArrowRight", { altKey: true, shiftKey: true }))).toEqual({
      kind: "resize-bar",
      days: 1,
    });
    expect(gridCommand(press("ArrowUp", { altKey: true, shiftKey: true }))).toBeNull();
  });

  it("digits book the selected bar for that many hours a day, 0 for the whole day; Shift+T toggles tentative", () => {
    expect(gridCommand(press("4"))).toEqual({ kind: "allocate", hours: 4 });
    expect(gridCommand(press("0"))).toEqual({ kind: "allocate", hours: 0 });
    expect(gridCommand(press("T", { shiftKey: true }))).toEqual({ kind: "toggle-tentative" });
    expect(gridCommand(press("t"))?.kind).toBe("today");
    expect(gridCommand(press("4", { ctrlKey: true }))).toBeNull();
    expect(gridCommand(press("4", { altKey: true }))).toBeNull();
  });

  it("Ctrl/Cmd+Space toggles the bar into the selection, Shift+Space extends it, Ctrl/Cmd+A takes all in view", () => {
    expect(gridCommand(press(" ", { ctrlKey: true }))?.kind).toBe("toggle-select");
    expect(gridCommand(press(" ", { metaKey: true }))?.kind).toBe("toggle-select");
    expect(gridCommand(press(" ", { shiftKey: true }))?.kind).toBe("extend-select");
    expect(gridCommand(press("a", { ctrlKey: true }))?.kind).toBe("select-all");
    expect(gridCommand(press("A", { metaKey: true, shiftKey: true }))?.kind).toBe("select-all");
    expect(gridCommand(press(" "))).toBeNull();
    expect(gridCommand(press(" ", { altKey: true, ctrlKey: true }))).toBeNull();
    expect(gridCommand(press("a"))).toBeNull();
    expect(gridCommand(press("Escape"))?.kind).toBe("escape");
    expect(gridCommand(press("c", { ctrlKey: true }))?.kind).toBe("copy");
    expect(gridCommand(press("v", { metaKey: true }))?.kind).toBe("paste");
    expect(gridCommand(press("V", { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it("Enter opens, Delete and Backspace delete, F2 renames, the menu key and Shift+F10 open the menu", () => {
    expect(gridCommand(press("Enter"))?.kind).toBe("open");
    expect(gridCommand(press("Delete"))?.kind).toBe("delete");
    expect(gridCommand(press("Backspace"))?.kind).toBe("delete");
    expect(gridCommand(press("F2"))?.kind).toBe("rename-person");
    expect(gridCommand(press("ContextMenu"))?.kind).toBe("menu");
    expect(gridCommand(press("F10", { shiftKey: true }))?.kind).toBe("menu");
    expect(gridCommand(press("F10"))).toBeNull();
  });

  it("Ctrl/Cmd+Z undoes, with Shift (or Ctrl+Y) redoes; + - T zoom and go to today", () => {
    expect(globalCommand(press("z", { ctrlKey: true }))?.kind).toBe("undo");
    expect(globalCommand(press("Z", { ctrlKey: true, shiftKey: true }))?.kind).toBe("redo");
    expect(globalCommand(press("z", { metaKey: true, shiftKey: true }))?.kind).toBe("redo");
    expect(globalCommand(press("y", { ctrlKey: true }))?.kind).toBe("redo");
    expect(globalCommand(press("+"))?.kind).toBe("zoom-in");
    expect(globalCommand(press("-"))?.kind).toBe("zoom-out");
    expect(globalCommand(press("t"))?.kind).toBe("today");
    expect(globalCommand(press("t", { ctrlKey: true }))).toBeNull();
    expect(gridCommand(press("z", { ctrlKey: true }))?.kind).toBe("undo");
  });
});
