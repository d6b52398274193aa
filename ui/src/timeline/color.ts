// Readable text on a project's colour: black or white, whichever contrasts more (WCAG 2 luminance).

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
  "#1B998B",
  "#F46197",
  "#2E4057",
  "#A0A4B8",
  "#C6A15B",
];

/** The palette colour fewest projects use (the first such), for a project made on the fly. */
export function leastUsedColor(used: readonly string[]): string {
  const count = (c: string) => used.filter((u) => u.toUpperCase() === c).length;
  let best = "#4D72F3";
  for (const c of PALETTE) if (count(c) < count(best)) best = c;
  return best;
}
