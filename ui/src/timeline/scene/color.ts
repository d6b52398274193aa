// Project colours: readable text on a project's colour (black or white, whichever contrasts more,
// WCAG 2 luminance), the palette offered, and a new project's colour, kept apart from the team's
// in OKLab (culori: a maintained colour library, so no colour maths of our own).
import { differenceEuclidean } from "culori";

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** `#000000` or `#FFFFFF` for text drawn on `background` (`#RRGGBB`). */
export function textOn(background: string): string {
  const l = luminance(background);
  const onBlack = (l + 0.05) / 0.05;
  const onWhite = 1.05 / (l + 0.05);
  return onBlack >= onWhite ? "#000000" : "#FFFFFF";
}

/** The colours offered for projects: distinct at a glance, in light and dark themes. */
export const PALETTE: readonly string[] = [
  "#4D72F3",
  "#E4572E",
  "#17A398",
  "#F2A541",
  "#8E5CCF",
  "#D7263D",
  "#3FA34D",
  "#7A4E2D",
  "#F46197",
  "#2E4057",
  "#A0A4B8",
  "#C6A15B",
];

/** The perceptual distance of two colours: Euclidean in OKLab (0 the same; about 0.1 tells apart at a glance). */
export const distance = differenceEuclidean("oklab");

/**
 * A new project's colour: the palette colour farthest (in OKLab) from every colour the team's
 * projects use, so that it never nearly repeats one; where that is a tie (every palette colour is
 * in use already), the one fewest projects use; then the first.
 */
export function leastUsedColor(used: readonly string[]): string {
  const uses = (c: string) => used.filter((u) => u.toUpperCase() === c).length;
  const score = (c: string) => ({ far: Math.min(...used.map((u) => distance(c, u))), uses: uses(c) });
  let best = PALETTE[0] as string;
  let top = score(best);
  for (const c of PALETTE.slice(1)) {
    const s = score(c);
    if (s.far > top.far + 1e-9 || (Math.abs(s.far - top.far) <= 1e-9 && s.uses < top.uses))
      [best, top] = [c, s];
  }
  return best;
}
