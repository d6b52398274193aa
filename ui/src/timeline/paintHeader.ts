// The date header above the pane, painted on its canvas: month names and day numbers, scrolled
// with the pane. Tested in paint.test.ts.
import { begin, type Ctx, type LabelCache, put, type TextCache } from "./labels";
import type { Palette, View } from "./paint";

/** The date header above the pane: month names and day numbers, scrolled with the pane. */
export interface HeaderScene {
  palette: Palette;
  /** The font family (sizes and weights are the header's own). */
  family: string;
  /** Month names: where each starts (content x; the first is pinned to the view) and its room. */
  months: { x: number; text: string; room: number }[];
  /** Day columns in view: content x, width and the number shown. */
  days: { x: number; w: number; text: string; weekend: boolean; today: boolean }[];
}

const MONTH_PAD = 3;
/** Where the header's text sits: the middle of the month line and of the day line. */
const MONTH_Y = 12;
const DAY_Y = 30;

/** Paints the date header as the DOM header had it (month names bold; today's number in red). */
export function paintHeader(
  ctx: Ctx,
  h: HeaderScene,
  view: Omit<View, "scrollTop">,
  ratio: number,
  text: TextCache,
  labels: LabelCache | null = null,
): void {
  const { palette } = h;
  const sx = view.scrollLeft;
  text.use(h.family);
  begin(ctx, ratio, palette.header, view.width, view.height);
  const monthFont = `600 14px ${h.family}`;
  ctx.font = monthFont;
  ctx.fillStyle = palette.fg;
  const measure = (s: string) => ctx.measureText(s).width;
  // Month names are the only bold text measured here: the fitted-label cache is theirs.
  for (const m of h.months) {
    // A label pushed out at the left edge (its month ends there) is cut at its end, never at its
    // start: the tail of "2026年11月" alone reads "1月", another month.
    const x = Math.max(m.x, sx);
    const label = text.fit(m.text, m.room - (x - m.x) - MONTH_PAD, measure);
    if (label) put(ctx, labels, label, x - sx + MONTH_PAD, MONTH_Y, monthFont, 14, palette.fg, ratio);
  }
  for (const today of [false, true]) {
    const font = `${today ? "700 " : ""}12px ${h.family}`;
    ctx.font = font;
    for (const d of h.days) {
      if (d.today !== today || !d.text) continue;
      const w = text.width(`${today ? "b" : ""}|${d.text}`, d.text, measure);
      ctx.fillStyle = today ? palette.today : palette.muted;
      ctx.globalAlpha = d.weekend ? 0.6 : 1;
      put(
        ctx,
        labels,
        d.text,
        d.x - sx + (d.w - w) / 2,
        DAY_Y,
        font,
        12,
        today ? palette.today : palette.muted,
        ratio,
      );
    }
  }
  ctx.globalAlpha = 1;
}
