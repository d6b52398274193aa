// The name column, painted on its canvas: each row's name and load, the cursor's row shaded.
// Tested in paint.test.ts.

import type { NamesScene } from "../scene/sceneTypes";
import { begin, type Ctx, type LabelCache, put, type TextCache } from "./labels";
import type { View } from "./paint";

/** The name column's padding each side (0.75rem of the 14 px root), and the gap before the load. */
const NAME_PAD = 10.5;
const LOAD_GAP = 7;

/**
 * Whether the name column would paint the same pixels for `b` as for `a` (its loads change only
 * now and then while the pane scrolls sideways, and then it is not painted again).
 */
export function sameNames(a: NamesScene, b: NamesScene): boolean {
  if (a === b) return true;
  if (a.palette !== b.palette || a.family !== b.family || a.rows.length !== b.rows.length) return false;
  return a.rows.every((r, i) => {
    const o = b.rows[i];
    return (
      !!o && r.y === o.y && r.h === o.h && r.name === o.name && r.load === o.load && r.current === o.current
    );
  });
}

/**
 * Paints the name column as the DOM column had it: the cursor's row shaded, each name (14 px,
 * cut with an ellipsis before its load) on the left, the load (12 px, muted) on the right, and a
 * line under each row.
 */
export function paintNames(
  ctx: Ctx,
  s: NamesScene,
  view: Omit<View, "scrollLeft">,
  ratio: number,
  text: TextCache,
  labels: LabelCache | null = null,
): void {
  const { palette } = s;
  const sy = view.scrollTop;
  text.use(s.family);
  begin(ctx, ratio, palette.header, view.width, view.height);
  for (const r of s.rows) {
    const y = r.y - sy;
    if (r.current) {
      ctx.fillStyle = palette.weekend;
      ctx.fillRect(0, y, view.width, r.h);
    }
    ctx.fillStyle = palette.line;
    ctx.fillRect(0, y + r.h - 1, view.width, 1);
  }
  // Loads first (12 px), then names (14 px) in the room the load leaves: one font change each.
  const loadFont = `12px ${s.family}`;
  ctx.font = loadFont;
  ctx.fillStyle = palette.muted;
  const loadWidths: number[] = [];
  for (const r of s.rows) {
    const w = text.width(`load|${r.load}`, r.load, (t) => ctx.measureText(t).width);
    loadWidths.push(w);
    if (r.load)
      put(
        ctx,
        labels,
        r.load,
        view.width - NAME_PAD - w,
        r.y - sy + r.h / 2,
        loadFont,
        12,
        palette.muted,
        ratio,
      );
  }
  const nameFont = `14px ${s.family}`;
  ctx.font = nameFont;
  ctx.fillStyle = palette.fg;
  const measure = (t: string) => ctx.measureText(t).width;
  s.rows.forEach((r, i) => {
    const room = view.width - 2 * NAME_PAD - (loadWidths[i] ?? 0) - LOAD_GAP;
    const name = text.fit(r.name, room, measure);
    if (name) put(ctx, labels, name, NAME_PAD, r.y - sy + r.h / 2, nameFont, 14, palette.fg, ratio);
  });
}
