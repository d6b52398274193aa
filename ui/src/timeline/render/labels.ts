// Text on the timeline's canvases: text widths and fitted labels cached (TextCache), every label
// drawn once on a small canvas and copied from there (LabelCache), a text fitted into its room
// with an ellipsis, and the start of a frame. The painters (paint.ts, paintHeader.ts,
// paintNames.ts) draw with them; tested in paint.test.ts.

/** What of CanvasRenderingContext2D the painter uses (a recording fake in the tests). */
export type Ctx = Pick<
  CanvasRenderingContext2D,
  | "fillStyle"
  | "globalAlpha"
  | "font"
  | "textBaseline"
  | "fillRect"
  | "beginPath"
  | "roundRect"
  | "fill"
  | "fillText"
  | "measureText"
  | "drawImage"
  | "setTransform"
  | "save"
  | "restore"
  | "rect"
  | "clip"
  | "canvas"
  | "strokeStyle"
  | "lineWidth"
  | "moveTo"
  | "lineTo"
  | "stroke"
  | "createPattern"
>;

/** Inner padding of a bar's label, as the bars had in CSS (padding: 0 6px). */
export const LABEL_PAD = 6;
const ELLIPSIS = "…";

/** Text widths by text, and fitted labels by text and room (cleared when the font changes). */
export class TextCache {
  readonly widths = new Map<string, number>();
  readonly fits = new Map<string, string>();
  private font = "";
  /** Forgets what was measured in another font. */
  use(font: string): void {
    if (font === this.font) return;
    this.widths.clear();
    this.fits.clear();
    this.font = font;
  }
  /** The width of `text` under `key` (which names its font when that is not the cache's own). */
  width(key: string, text: string, measure: (s: string) => number): number {
    let w = this.widths.get(key);
    if (w === undefined) {
      w = measure(text);
      this.widths.set(key, w);
    }
    return w;
  }
  /** `fitText` for a whole pixel of room, remembered (labels are fitted again every frame). */
  fit(text: string, max: number, measure: (s: string) => number): string {
    const room = Math.floor(max);
    if (room <= 0 || text === "") return "";
    const key = `${room}|${text}`;
    let fitted = this.fits.get(key);
    if (fitted === undefined) {
      if (this.fits.size > 20_000) this.fits.clear(); // bounded: rooms vary while a bar is scrolled past
      fitted = fitText(text, room, measure, this.widths);
      this.fits.set(key, fitted);
    }
    return fitted;
  }
}

/** A canvas to draw one label on (a `<canvas>` element in the app; a fake in the tests). */
export interface Surface {
  width: number;
  height: number;
  getContext(
    id: "2d",
  ): Pick<
    CanvasRenderingContext2D,
    | "font"
    | "fillStyle"
    | "textBaseline"
    | "fillText"
    | "measureText"
    | "scale"
    | "strokeStyle"
    | "lineWidth"
    | "globalAlpha"
    | "beginPath"
    | "moveTo"
    | "lineTo"
    | "stroke"
  > | null;
}

/** Hatch lines of a tentative bar, this far apart (CSS pixels). */
export const HATCH = 6;

/**
 * Labels drawn once and then copied: every label (text, font, colour, device pixel ratio) seen a
 * second time is drawn on a small canvas of its own, and copied from there on every later frame.
 * Drawing glyphs is most of what a frame of the pane cost; copying a small image is a blit. A
 * label seen for the first time is drawn as text where its copy would land (on the same device
 * pixels): a fling shows most rows in one frame only, and making a canvas for each of their names
 * cost more than the text, and left the canvases behind.
 */
export class LabelCache {
  private readonly images = new Map<string, { image: Surface; w: number; h: number }>();
  /** Labels drawn once as text, not (yet) made into an image. */
  private readonly seen = new Set<string>();
  private measurer: ReturnType<Surface["getContext"]> | undefined;
  private readonly hatches = new Map<string, CanvasPattern | null>();
  constructor(private readonly make: (width: number, height: number) => Surface | null) {}

  /**
   * Diagonal hatching in `color` (at 55 % opacity) as a pattern for `ctx`, fixed to the content:
   * its lines run where x + y is a multiple of HATCH device-pixel-rounded, in content
   * coordinates, whatever the scroll (`sx`, `sy`). A pattern is sampled pixel by pixel, so a
   * hatched bar moved by whole device pixels equals one painted there anew; the lines stroked
   * through the bar's clip were not (paint.ts, movable). Null when no tile can be made.
   */
  hatch(ctx: Ctx, color: string, ratio: number, sx: number, sy: number): CanvasPattern | null {
    const key = `${ratio}|${color}`;
    let pattern = this.hatches.get(key);
    if (pattern === undefined) {
      const tile = this.hatchTile(color, ratio);
      pattern = tile && ctx.createPattern(tile as unknown as CanvasImageSource, "repeat");
      if (this.hatches.size >= 200) this.hatches.clear(); // bounded: a pattern a project colour
      this.hatches.set(key, pattern);
    }
    // Tile pixels are device pixels; its origin at the content's top-left corner.
    pattern?.setTransform({ a: 1 / ratio, b: 0, c: 0, d: 1 / ratio, e: -sx, f: -sy });
    return pattern;
  }

  /** A square tile, HATCH CSS pixels (rounded to whole device pixels), its lines wrapping. */
  private hatchTile(color: string, ratio: number): Surface | null {
    const t = Math.max(2, Math.round(HATCH * ratio));
    const tile = this.make(t, t);
    const c = tile?.getContext("2d");
    if (!tile || !c) return null;
    c.strokeStyle = color;
    c.globalAlpha = 0.55;
    c.lineWidth = 1.5 * ratio;
    c.beginPath();
    // x + y = 0, t and 2t: the diagonal and the two corners its neighbours reach into.
    for (const k of [0, t, 2 * t]) {
      c.moveTo(k + 2, -2);
      c.lineTo(-2, k + 2);
    }
    c.stroke();
    return tile;
  }

  /** How many labels are kept (for the tests). */
  get size(): number {
    return this.images.size;
  }

  /**
   * Draws `text` in `font` (`size` px) and `color` with its left edge at `x` and its middle at
   * `y` (CSS pixels on a context scaled by `ratio`), at the context's global alpha.
   */
  draw(
    ctx: Ctx,
    text: string,
    x: number,
    y: number,
    font: string,
    size: number,
    color: string,
    ratio: number,
  ): void {
    const key = `${ratio}|${font}|${color}|${text}`;
    // On whole device pixels: the copy pixel for pixel (not resampled, not blurred), and a text
    // drawn here instead exactly where its copy would be (its middle where the image has it).
    const h = labelHeight(size, ratio);
    const dx = Math.round(x * ratio) / ratio;
    const top = Math.round((y - h / 2) * ratio) / ratio;
    let label = this.images.get(key);
    if (!label && !this.seen.has(key)) {
      if (this.seen.size >= 8000) this.seen.clear(); // bounded, as the images are
      this.seen.add(key);
      textIn(ctx, text, dx, top + h / 2, font, color);
      return;
    }
    if (!label) {
      this.seen.delete(key);
      if (this.images.size >= 4000) this.images.clear(); // bounded: labels cut to the room scrolled
      const made = this.render(text, font, h, color, ratio);
      if (!made) {
        textIn(ctx, text, x, y, font, color);
        return;
      }
      label = made;
      this.images.set(key, label);
    }
    ctx.drawImage(label.image as unknown as CanvasImageSource, dx, top, label.w, label.h);
  }

  /** `text` on an image of its own, `h` high (`labelHeight`), its middle at half of it. */
  private render(text: string, font: string, h: number, color: string, ratio: number) {
    this.measurer ??= this.make(1, 1)?.getContext("2d") ?? null;
    const probe = this.measurer;
    if (!probe) return null;
    probe.font = font;
    const w = Math.ceil((probe.measureText(text).width + 2) * ratio) / ratio;
    const image = this.make(Math.round(w * ratio), Math.round(h * ratio));
    const c = image?.getContext("2d");
    if (!image || !c) return null;
    c.scale(ratio, ratio);
    c.font = font;
    c.fillStyle = color;
    c.textBaseline = "middle";
    c.fillText(text, 0, h / 2);
    return { image, w, h };
  }
}

/** A label image's height (CSS pixels, whole device pixels) for text of `size` px. */
const labelHeight = (size: number, ratio: number) => Math.ceil(size * 1.6 * ratio) / ratio;

/** Starts a frame: device pixels, full opacity, the background, text centred on its y. */
export function begin(ctx: Ctx, ratio: number, background: string, width: number, height: number) {
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = "middle";
}

/** `text` drawn at (`x`, `y`) in `font` and `color`, the context's own font and fill left as
 * they were (what its caller paints next keeps them). */
function textIn(ctx: Ctx, text: string, x: number, y: number, font: string, color: string) {
  const was = { font: ctx.font, fill: ctx.fillStyle };
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
  ctx.font = was.font;
  ctx.fillStyle = was.fill;
}

/** Puts text on `ctx` in `font` and `color`: copied from `labels` when given, else drawn. */
export function put(
  ctx: Ctx,
  labels: LabelCache | null,
  text: string,
  x: number,
  y: number,
  font: string,
  size: number,
  color: string,
  ratio: number,
) {
  if (labels) labels.draw(ctx, text, x, y, font, size, color, ratio);
  else textIn(ctx, text, x, y, font, color);
}

/**
 * The longest text that fits in `max` pixels: the whole text, or a prefix and an ellipsis, or
 * nothing when not even the ellipsis fits. `measure` gives a string's width in pixels.
 * Widths are cached by the caller's `cache` (text widths do not change while the font does not).
 */
export function fitText(
  text: string,
  max: number,
  measure: (s: string) => number,
  cache: Map<string, number>,
): string {
  const width = (s: string) => {
    let w = cache.get(s);
    if (w === undefined) {
      w = measure(s);
      cache.set(s, w);
    }
    return w;
  };
  if (text === "" || max <= 0) return "";
  if (width(text) <= max) return text;
  if (width(ELLIPSIS) > max) return "";
  // The longest prefix that fits with the ellipsis, by binary search over code points.
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (width(chars.slice(0, mid).join("") + ELLIPSIS) <= max) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? ELLIPSIS : chars.slice(0, lo).join("").trimEnd() + ELLIPSIS;
}
