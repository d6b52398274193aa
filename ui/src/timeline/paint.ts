// Draws the timeline on canvases the size of the view, at the scroll position: the pane (weekend
// shading, row lines, overbooked days, the today line, the bars with their project names), the
// date header and the name column.
//
// Why canvases: scrolling a pane of a few hundred absolutely placed divs made WebKit repaint them
// all, every frame; on a computer without a GPU (compositing off, rendering.rs) that took 26 ms
// a frame at p95. Canvases repainted from the scenes below, with every label drawn once and
// copied afterwards (LabelCache), brought that down (BENCHMARKS.md has the figures and each
// step's share). The bars stay in the DOM too, as empty boxes (Timeline.svelte's `.hits` layer):
// they take the pointer, the focus and the keyboard, and carry the accessible names. What is
// drawn here is computed from the same rows, lanes and days as that layer, so the two agree.

/** A bar as drawn, in content coordinates (CSS pixels from the pane's top-left corner). */
export interface PaintBar {
  x: number;
  y: number;
  w: number;
  h: number;
  color: string;
  text: string;
  textColor: string;
  /** 1: normal; less for faded (other projects while one is searched), pending or dragged bars. */
  alpha: number;
}

/** The pane's colours, read from the app's CSS variables (light or dark). */
export interface Palette {
  bg: string;
  fg: string;
  muted: string;
  header: string;
  weekend: string;
  line: string;
  today: string;
  overbooked: string;
}

/** The viewport's size and scroll position, in CSS pixels: what changes every scrolled frame. */
export interface View {
  width: number;
  height: number;
  scrollLeft: number;
  scrollTop: number;
}

/**
 * What the pane shows around the view, in content coordinates (x and w of columns, y of lines).
 * It changes when a day or row comes into view, not with every scrolled pixel (so scrolling
 * makes no garbage).
 */
export interface Scene {
  /** How tall the rows are in all (below it the pane is empty: no shading there). */
  contentHeight: number;
  palette: Palette;
  font: string;
  shades: { x: number; w: number }[];
  rowLines: number[];
  over: { x: number; y: number; w: number; h: number }[];
  today: { x: number; w: number } | null;
  bars: PaintBar[];
}

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
>;

/** A rectangle of the view, in CSS pixels from its top-left corner. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Inner padding of a bar's label, as the bars had in CSS (padding: 0 6px). */
export const LABEL_PAD = 6;
const RADIUS = 4;
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
    "font" | "fillStyle" | "textBaseline" | "fillText" | "measureText" | "scale"
  > | null;
}

/**
 * Labels drawn once and then copied: every label (text, font, colour, device pixel ratio) is
 * drawn on a small canvas of its own the first time, and copied from there on every later frame.
 * Drawing glyphs is most of what a frame of the pane cost; copying a small image is a blit.
 */
export class LabelCache {
  private readonly images = new Map<string, { image: Surface; w: number; h: number }>();
  private measurer: ReturnType<Surface["getContext"]> | undefined;
  constructor(private readonly make: (width: number, height: number) => Surface | null) {}

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
    let label = this.images.get(key);
    if (!label) {
      if (this.images.size >= 4000) this.images.clear(); // bounded: labels cut to the room scrolled
      const made = this.render(text, font, size, color, ratio);
      if (!made) {
        ctx.fillText(text, x, y);
        return;
      }
      label = made;
      this.images.set(key, label);
    }
    // On whole device pixels, so the copy is pixel for pixel (not resampled, not blurred).
    const dx = Math.round(x * ratio) / ratio;
    const dy = Math.round((y - label.h / 2) * ratio) / ratio;
    ctx.drawImage(label.image as unknown as CanvasImageSource, dx, dy, label.w, label.h);
  }

  private render(text: string, font: string, size: number, color: string, ratio: number) {
    this.measurer ??= this.make(1, 1)?.getContext("2d") ?? null;
    const probe = this.measurer;
    if (!probe) return null;
    probe.font = font;
    const w = Math.ceil((probe.measureText(text).width + 2) * ratio) / ratio;
    const h = Math.ceil(size * 1.6 * ratio) / ratio;
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

/** Starts a frame: device pixels, full opacity, the background, text centred on its y. */
function begin(ctx: Ctx, ratio: number, background: string, width: number, height: number) {
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = "middle";
}

/** Puts text on `ctx` at the current font and fill: copied from `labels` when given, else drawn. */
function put(
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
  else ctx.fillText(text, x, y);
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

/**
 * Where a bar's label starts and how wide it may be, in content coordinates: at the bar's left
 * edge plus padding, or — when the bar begins left of the view — at the view's left edge, so that
 * a long bar keeps its name in sight while it is scrolled (as the DOM bars did with padding).
 */
export function labelBox(bar: Pick<PaintBar, "x" | "w">, scrollLeft: number): { x: number; w: number } {
  const x = Math.max(bar.x, scrollLeft) + LABEL_PAD;
  return { x, w: bar.x + bar.w - LABEL_PAD - x };
}

/**
 * Paints `scene` on `ctx` as seen through `view`, on a canvas `view.width × view.height` CSS pixels at `ratio`
 * device pixels each. Layers, bottom up, as the DOM had them: background, weekend shading, row
 * lines, overbooked days, today line, bars.
 */
export function paint(
  ctx: Ctx,
  scene: Scene,
  view: View,
  ratio: number,
  text: TextCache,
  labels: LabelCache | null = null,
): void {
  paintIn(ctx, scene, view, ratio, text, labels, null);
}

/** Whether a box (view coordinates) reaches into `r` (always, without one). */
const meets = (r: Rect | null, x: number, y: number, w: number, h: number) =>
  !r || (x < r.x + r.w && x + w > r.x && y < r.y + r.h && y + h > r.y);

/** [`paint`], of what reaches into `within` only (the caller clips to it), or of everything. */
function paintIn(
  ctx: Ctx,
  scene: Scene,
  view: View,
  ratio: number,
  text: TextCache,
  labels: LabelCache | null,
  within: Rect | null,
): void {
  const { width, height, scrollLeft: sx, scrollTop: sy } = view;
  const { palette } = scene;
  text.use(scene.font);
  begin(ctx, ratio, palette.bg, width, height);
  const bottom = Math.min(height, scene.contentHeight - sy);
  if (bottom > 0) {
    ctx.fillStyle = palette.weekend;
    for (const s of scene.shades)
      if (meets(within, s.x - sx, 0, s.w, bottom)) ctx.fillRect(s.x - sx, 0, s.w, bottom);
  }
  ctx.fillStyle = palette.line;
  for (const y of scene.rowLines) if (meets(within, 0, y - sy, width, 1)) ctx.fillRect(0, y - sy, width, 1);
  ctx.fillStyle = palette.overbooked;
  for (const o of scene.over)
    if (meets(within, o.x - sx, o.y - sy, o.w, o.h)) ctx.fillRect(o.x - sx, o.y - sy, o.w, o.h);
  if (scene.today && bottom > 0) {
    ctx.fillStyle = palette.today;
    ctx.fillRect(scene.today.x - sx, 0, scene.today.w, bottom);
  }
  ctx.font = scene.font;
  const measure = (s: string) => ctx.measureText(s).width;
  for (const b of scene.bars) {
    if (!meets(within, b.x - sx, b.y - sy, b.w, b.h)) continue;
    ctx.globalAlpha = b.alpha;
    ctx.fillStyle = b.color;
    ctx.beginPath();
    ctx.roundRect(b.x - sx, b.y - sy, b.w, b.h, RADIUS);
    ctx.fill();
    // As labelBox, without an object a bar a frame.
    const labelX = Math.max(b.x, sx) + LABEL_PAD;
    const label = text.fit(b.text, b.x + b.w - LABEL_PAD - labelX, measure);
    if (!label) continue;
    // No clip needed: the text fits the label's box by construction.
    ctx.fillStyle = b.textColor;
    put(ctx, labels, label, labelX - sx, b.y - sy + b.h / 2, scene.font, 12, b.textColor, ratio);
  }
  ctx.globalAlpha = 1;
}

/** What was last painted on the pane's canvas: enough to tell whether its pixels can be moved. */
export interface Painted {
  scene: Scene;
  view: View;
  ratio: number;
  /** How far from the view's left edge the names kept in sight on long bars reach (CSS px). */
  reach: number;
}

/**
 * Paints the pane like [`paint`], but when the canvas shows `last` and what it showed is unchanged
 * where the two views overlap, it moves those pixels by the scroll (one copy of the canvas onto
 * itself) and paints only the stripes that came into view and the stripe at the left edge where
 * long bars keep their names in sight. Every scrolled frame had painted all ~200 bars in view
 * (BENCHMARKS.md: about 2 ms of a frame here). Returns what to pass as `last` next time.
 */
export function paintPane(
  ctx: Ctx,
  scene: Scene,
  view: View,
  ratio: number,
  text: TextCache,
  labels: LabelCache | null,
  last: Painted | null,
): Painted {
  text.use(scene.font);
  ctx.font = scene.font;
  const next: Painted = {
    scene,
    view,
    ratio,
    reach: reachOfNames(scene, view, text, (s) => ctx.measureText(s).width),
  };
  if (!last || !movable(last, next)) {
    paintIn(ctx, scene, view, ratio, text, labels, null);
    return next;
  }
  const dx = view.scrollLeft - last.view.scrollLeft;
  const dy = view.scrollTop - last.view.scrollTop;
  if (dx === 0 && dy === 0) return next;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.drawImage(ctx.canvas, -dx * ratio, -dy * ratio);
  for (const r of stripes(view, dx, dy, last.reach, next.reach)) {
    ctx.save();
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.beginPath();
    ctx.rect(r.x, r.y, r.w, r.h);
    ctx.clip();
    paintIn(ctx, scene, view, ratio, text, labels, r);
    ctx.restore();
  }
  return next;
}

/**
 * Whether the canvas's pixels of `last` can be moved to show `next`: the same canvas size and
 * pixel ratio, a scroll of whole device pixels by less than half the view, and the same things
 * painted wherever the two views overlap.
 */
export function movable(last: Painted, next: Painted): boolean {
  const [a, b] = [last.view, next.view];
  const dx = b.scrollLeft - a.scrollLeft;
  const dy = b.scrollTop - a.scrollTop;
  if (a.width !== b.width || a.height !== b.height || last.ratio !== next.ratio) return false;
  if (!Number.isInteger(dx * next.ratio) || !Number.isInteger(dy * next.ratio)) return false;
  if (Math.abs(dx) * 2 >= b.width || Math.abs(dy) * 2 >= b.height) return false;
  // Where both views see (content coordinates).
  const x = Math.max(a.scrollLeft, b.scrollLeft);
  const y = Math.max(a.scrollTop, b.scrollTop);
  const both = {
    x,
    y,
    w: Math.min(a.scrollLeft, b.scrollLeft) + b.width - x,
    h: Math.min(a.scrollTop, b.scrollTop) + b.height - y,
  };
  return sameWithin(last.scene, next.scene, both);
}

/** Whether two scenes paint the same things into `r` (content coordinates). */
export function sameWithin(p: Scene, q: Scene, r: Rect): boolean {
  if (p === q) return true;
  if (p.palette !== q.palette || p.font !== q.font || p.contentHeight !== q.contentHeight) return false;
  if (p.today?.x !== q.today?.x || p.today?.w !== q.today?.w) return false;
  const same = <T>(xs: T[], ys: T[], into: (t: T) => boolean, eq: (s: T, t: T) => boolean) => {
    const a = xs.filter(into);
    const b = ys.filter(into);
    return a.length === b.length && a.every((s, i) => eq(s, b[i] as T));
  };
  const column = (s: { x: number; w: number }) => s.x < r.x + r.w && s.x + s.w > r.x;
  const box = (o: { x: number; y: number; w: number; h: number }) =>
    column(o) && o.y < r.y + r.h && o.y + o.h > r.y;
  // Fills compare as far as they reach into r: the overbooked runs are cut at the edge of the
  // days laid out, which moves as days come into view.
  const sameFill = (s: { x: number; y?: number; w: number; h?: number }, t: typeof s) =>
    Math.max(s.x, r.x) === Math.max(t.x, r.x) &&
    Math.min(s.x + s.w, r.x + r.w) === Math.min(t.x + t.w, r.x + r.w) &&
    Math.max(s.y ?? r.y, r.y) === Math.max(t.y ?? r.y, r.y) &&
    Math.min((s.y ?? r.y) + (s.h ?? r.h), r.y + r.h) === Math.min((t.y ?? r.y) + (t.h ?? r.h), r.y + r.h);
  return (
    same(p.shades, q.shades, column, sameFill) &&
    same(
      p.rowLines,
      q.rowLines,
      (y) => y >= r.y && y < r.y + r.h,
      (s, t) => s === t,
    ) &&
    same(p.over, q.over, box, sameFill) &&
    same(
      p.bars,
      q.bars,
      box,
      (s, t) =>
        s.x === t.x &&
        s.y === t.y &&
        s.w === t.w &&
        s.h === t.h &&
        s.color === t.color &&
        s.text === t.text &&
        s.textColor === t.textColor &&
        s.alpha === t.alpha,
    )
  );
}

/**
 * How far right of the view's left edge the names of bars that begin left of the view reach
 * (they are painted there, not where the bar begins), with a pixel for antialiasing; 0 if none.
 */
export function reachOfNames(
  scene: Scene,
  view: View,
  text: TextCache,
  measure: (s: string) => number,
): number {
  const sx = view.scrollLeft;
  let reach = 0;
  for (const b of scene.bars) {
    if (b.x >= sx || b.x + b.w <= sx || b.y - view.scrollTop >= view.height || b.y + b.h <= view.scrollTop)
      continue;
    const label = text.fit(b.text, b.x + b.w - LABEL_PAD - (sx + LABEL_PAD), measure);
    if (label) reach = Math.max(reach, Math.ceil(LABEL_PAD + text.width(label, label, measure) + 3));
  }
  return reach;
}

/**
 * The stripes of the view to paint after its pixels were moved by (`dx`, `dy`): what came into
 * view, and at the left edge as far as the names kept in sight reach now and reached before
 * (moved by the scroll).
 */
export function stripes(view: View, dx: number, dy: number, reachBefore: number, reachNow: number): Rect[] {
  const { width: w, height: h } = view;
  const out: Rect[] = [];
  if (dx > 0) out.push({ x: w - dx, y: 0, w: dx, h });
  if (dy > 0) out.push({ x: 0, y: h - dy, w, h: dy });
  if (dy < 0) out.push({ x: 0, y: 0, w, h: -dy });
  const left = Math.max(dx < 0 ? -dx : 0, dx !== 0 ? Math.max(reachNow, reachBefore - dx) : 0);
  if (left > 0) out.push({ x: 0, y: 0, w: Math.min(left, w), h });
  return out;
}

/**
 * The scroll positions of a rehearsal: views `dx` pixels apart, alternately right and left of
 * `scrollLeft` (1 step right, 1 left, 2 right, 2 left…), none left of 0; the `count` views from
 * the `first`-th. Timeline.svelte paints them on scratch canvases once the timeline has opened:
 * the first scroll otherwise runs the painters before the engine has compiled them and with no
 * label drawn yet, and its first frames were the late ones (BENCHMARKS.md).
 */
export function rehearsal(scrollLeft: number, first: number, count: number, dx = 10): number[] {
  const out: number[] = [];
  for (let i = first; i < first + count; i++) {
    const step = (i >> 1) + 1;
    const x = scrollLeft + (i % 2 === 0 ? step : -step) * dx;
    if (x >= 0) out.push(x);
  }
  return out;
}

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
    const label = text.fit(m.text, m.room - MONTH_PAD, measure);
    if (label) put(ctx, labels, label, m.x - sx + MONTH_PAD, MONTH_Y, monthFont, 14, palette.fg, ratio);
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

/** The name column: each row in view with its person's name and load, and the cursor's row. */
export interface NamesScene {
  palette: Palette;
  family: string;
  /** Content y and height of each row in view. */
  rows: { y: number; h: number; name: string; load: string; current: boolean }[];
}

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
