// The name column, painted on its canvas: each row's name and load, the cursor's row shaded.
// Tested in paint.test.ts.

import type { NamesScene } from "../scene/sceneTypes";
import { begin, type Ctx, fitText, type LabelCache, put, type TextCache } from "./labels";
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
  const sameHeaders =
    a.headers.length === b.headers.length &&
    a.headers.every((h, i) => {
      const o = b.headers[i];
      return (
        !!o &&
        h.y === o.y &&
        h.h === o.h &&
        h.name === o.name &&
        h.load === o.load &&
        h.collapsed === o.collapsed
      );
    });
  return (
    sameHeaders &&
    a.rows.every((r, i) => {
      const o = b.rows[i];
      return (
        !!o &&
        r.y === o.y &&
        r.h === o.h &&
        r.name === o.name &&
        r.detail === o.detail &&
        r.load === o.load &&
        r.current === o.current &&
        r.placeholder === o.placeholder
      );
    })
  );
}

/**
 * Paints the name column as the DOM column had it: the cursor's row shaded, each name (14 px,
 * cut with an ellipsis before its load) on the left, with its detail (role and group, 12 px,
 * muted) under it, the load (12 px, muted) on the right, and a line under each row.
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
    // A placeholder (a role not yet staffed): a dashed mark down its left edge.
    if (r.placeholder) {
      ctx.fillStyle = palette.muted;
      for (let d = y + 3; d < y + r.h - 4; d += 6) ctx.fillRect(2, d, 3, Math.min(3, y + r.h - 4 - d));
    }
  }
  // Loads first (12 px), then names (14 px) in the room the load leaves: one font change each.
  const loadFont = `12px ${s.family}`;
  const loadWidths = paintLoads(ctx, s.rows, s, view, ratio, text, labels);
  const nameFont = `14px ${s.family}`;
  ctx.font = nameFont;
  ctx.fillStyle = palette.fg;
  const measure = (t: string) => ctx.measureText(t).width;
  // A row with a detail (role and group) has its name a little above the middle and the detail
  // under it (12 px, muted): two lines fit the lowest row.
  const nameY = (r: (typeof s.rows)[number]) => r.y - sy + r.h / 2 - (r.detail ? DETAIL_SHIFT : 0);
  const rooms: number[] = [];
  s.rows.forEach((r, i) => {
    const room = view.width - 2 * NAME_PAD - (loadWidths[i] ?? 0) - LOAD_GAP;
    rooms.push(room);
    const name = text.fit(r.name, room, measure);
    if (name) put(ctx, labels, name, NAME_PAD, nameY(r), nameFont, 14, palette.fg, ratio);
  });
  paintHeaders(ctx, s, view, ratio, text, labels);
  if (!s.rows.some((r) => r.detail)) return;
  ctx.font = loadFont;
  ctx.fillStyle = palette.muted;
  // Measured in the load's font: not the cache's (the names'), so apart from it.
  const widths = new Map<string, number>();
  s.rows.forEach((r, i) => {
    if (!r.detail) return;
    const detail = fitText(r.detail, Math.floor(rooms[i] ?? 0), (t) => ctx.measureText(t).width, widths);
    const y = r.y - sy + r.h / 2 + DETAIL_SHIFT + 2;
    if (detail) put(ctx, labels, detail, NAME_PAD, y, loadFont, 12, palette.muted, ratio);
  });
}

/** How far above the middle a name with a detail under it is painted (and the detail below). */
const DETAIL_SHIFT = 7;

/** The chevron before a section's name: open or folded. */
const OPEN = "▾";
const FOLDED = "▸";

/**
 * The sections' headers (grouped rows): a shaded band with a line under it, the chevron and the
 * section's name with its count (13 px, bold) on the left, the summed figures (12 px, muted) on
 * the right.
 */
function paintHeaders(
  ctx: Ctx,
  s: NamesScene,
  view: Omit<View, "scrollLeft">,
  ratio: number,
  text: TextCache,
  labels: LabelCache | null,
): void {
  if (!s.headers.length) return;
  const { palette } = s;
  const sy = view.scrollTop;
  for (const h of s.headers) {
    ctx.fillStyle = palette.weekend;
    ctx.fillRect(0, h.y - sy, view.width, h.h);
    ctx.fillStyle = palette.line;
    ctx.fillRect(0, h.y - sy + h.h - 1, view.width, 1);
  }
  const widths = paintLoads(ctx, s.headers, s, view, ratio, text, labels);
  const nameFont = `bold 13px ${s.family}`;
  ctx.font = nameFont;
  ctx.fillStyle = palette.fg;
  const measured = new Map<string, number>();
  s.headers.forEach((h, i) => {
    const room = view.width - 2 * NAME_PAD - (widths[i] ?? 0) - LOAD_GAP;
    const name = fitText(
      `${h.collapsed ? FOLDED : OPEN} ${h.name}`,
      Math.floor(room),
      (t) => ctx.measureText(t).width,
      measured,
    );
    if (name) put(ctx, labels, name, NAME_PAD, h.y - sy + h.h / 2, nameFont, 13, palette.fg, ratio);
  });
}

/** Each line's load (12 px, muted) against the column's right edge, in the middle of its line;
 * answers their widths (the room a name has is what its load leaves). */
function paintLoads(
  ctx: Ctx,
  lines: readonly { y: number; h: number; load: string }[],
  s: NamesScene,
  view: Omit<View, "scrollLeft">,
  ratio: number,
  text: TextCache,
  labels: LabelCache | null,
): number[] {
  const font = `12px ${s.family}`;
  ctx.font = font;
  ctx.fillStyle = s.palette.muted;
  return lines.map((r) => {
    const w = text.width(`load|${r.load}`, r.load, (t) => ctx.measureText(t).width);
    const y = r.y - view.scrollTop + r.h / 2;
    if (r.load) put(ctx, labels, r.load, view.width - NAME_PAD - w, y, font, 12, s.palette.muted, ratio);
    return w;
  });
}
