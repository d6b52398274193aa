// The date header above the pane, painted on its canvas: month names and day numbers, scrolled
// with the pane. Tested in paint.test.ts.

import type { HeaderScene } from "../scene/sceneTypes";
import { begin, type Ctx, type LabelCache, put, type TextCache } from "./labels";
import type { View } from "./paint";

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
