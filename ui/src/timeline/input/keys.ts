// What a key press on the timeline means. The timeline is one focusable grid with a cursor (a
// person's row and a day, roving focus): arrows move the cursor, Shift+arrows stretch it over
// days, Alt+arrows move the bar under it, Alt+Shift+arrows resize that bar, the digits 1–9 book
// the selected bar for that many hours a day (0: the whole working day), Shift+T makes it
// tentative or confirmed; Ctrl+Space, Shift+Space and Ctrl+A choose many bookings (then the
// keys above act on all of them), Escape lets them go; Ctrl+C copies them (or the bar), Ctrl+V
// makes them again at the cursor. Pure, so tested.

export type Command =
  | { kind: "cursor"; days: number; rows: number; extend: boolean }
  | { kind: "move-bar"; days: number; rows: number }
  | { kind: "resize-bar"; days: number }
  | { kind: "allocate"; hours: number }
  | { kind: "toggle-tentative" }
  | { kind: "open" }
  | { kind: "delete" }
  | { kind: "rename-person" }
  | { kind: "menu" }
  | { kind: "undo" }
  | { kind: "redo" }
  | { kind: "zoom-in" }
  | { kind: "zoom-out" }
  | { kind: "today" }
  | { kind: "escape" }
  /** The bar under the cursor in or out of the selection (Ctrl/Cmd+Space: a Ctrl-click). */
  | { kind: "toggle-select" }
  /** The bookings from the selection's anchor to the cursor, rows and days (Shift+Space: a
   * Shift-click, or a rubber band drawn by keys). */
  | { kind: "extend-select" }
  /** The bookings of the rows shown in the days in view (Ctrl/Cmd+A). */
  | { kind: "select-all" }
  /** The chosen bookings (or the cursor's bar) copied (Ctrl/Cmd+C). */
  | { kind: "copy" }
  /** What was copied, made again at the cursor's row and day (Ctrl/Cmd+V). */
  | { kind: "paste" };

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Keys that work anywhere outside a text field or dialog: undo/redo and zoom. */
export function globalCommand(e: KeyPress): Command | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === "z") return { kind: e.shiftKey ? "redo" : "undo" };
  if (mod && key === "y") return { kind: "redo" };
  if (mod || e.altKey) return null;
  if (e.key === "+" || e.key === "=") return { kind: "zoom-in" };
  if (e.key === "-") return { kind: "zoom-out" };
  if (key === "t") return { kind: "today" };
  return null;
}

/** Keys of the focused grid. */
export function gridCommand(e: KeyPress): Command | null {
  const arrow = ARROWS[e.key];
  if (arrow) {
    const [days, rows] = arrow;
    if (e.altKey && e.shiftKey) return days ? { kind: "resize-bar", days } : null;
    if (e.altKey) return { kind: "move-bar", days, rows };
    if (e.ctrlKey || e.metaKey) return null;
    return { kind: "cursor", days, rows, extend: e.shiftKey && days !== 0 };
  }
  if (e.key === "PageDown" || e.key === "PageUp") {
    return { kind: "cursor", days: 0, rows: e.key === "PageDown" ? 10 : -10, extend: false };
  }
  if (e.key === " " && !e.altKey) {
    if (e.ctrlKey || e.metaKey) return { kind: "toggle-select" };
    if (e.shiftKey) return { kind: "extend-select" };
  }
  if ((e.ctrlKey || e.metaKey) && !e.altKey) {
    const key = e.key.toLowerCase();
    if (key === "a") return { kind: "select-all" };
    if (key === "c" && !e.shiftKey) return { kind: "copy" };
    if (key === "v" && !e.shiftKey) return { kind: "paste" };
  }
  if (!e.altKey && !e.ctrlKey && !e.metaKey) {
    if (/^[0-9]$/.test(e.key)) return { kind: "allocate", hours: Number(e.key) };
    if (e.key === "T" && e.shiftKey) return { kind: "toggle-tentative" };
  }
  switch (e.key) {
    case "Enter":
      return { kind: "open" };
    case "Delete":
    case "Backspace":
      return { kind: "delete" };
    case "F2":
      return { kind: "rename-person" };
    case "ContextMenu":
      return { kind: "menu" };
    case "F10":
      return e.shiftKey ? { kind: "menu" } : null;
    case "Escape":
      return { kind: "escape" };
  }
  return globalCommand(e);
}
