// Draws the timeline's pane on a canvas the size of the view, at the scroll position: weekend
// shading, row lines, overbooked days, the today line, the bars with their project names (the date
// header and the name column are paintHeader.ts's and paintNames.ts's; text is labels.ts's).
//
// Why canvases: scrolling a pane of a few hundred absolutely placed divs made WebKit repaint them
// all, every frame; on a computer without a GPU (compositing off, rendering.rs) that took 26 ms
// a frame at p95. Canvases repainted from the scenes below, with every label drawn once and
// copied afterwards (LabelCache), brought that down (BENCHMARKS.md has the figures and each
// step's share). The bars stay in the DOM too, as empty boxes (HitLayer.svelte's `.hits` layer):
// they take the pointer, the focus and the keyboard, and carry the accessible names. What is
// drawn here is computed from the same rows, lanes and days as that layer, so the two agree.
import type { LevelRun } from "../scene/rowData";
import type { PaintBar, Scene, Strip } from "../scene/sceneTypes";
import { begin, type Ctx, LABEL_PAD, type LabelCache, put, type TextCache } from "./labels";

/** The viewport's size and scroll position, in CSS pixels: what changes every scrolled frame. */
export interface View {
  width: number;
  height: number;
  scrollLeft: number;
  scrollTop: number;
}

/** A rectangle of the view, in CSS pixels from its top-left corner. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const RADIUS = 4;
/** Bars lower than this are drawn as plain rectangles. */
const THIN = 2 * RADIUS;

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
 * device pixels each. Layers, bottom up: background, weekend shading, a person's days without
 * work and time off, week and row lines, sections' headers, overbooked days, today line, bars.
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

/** [`paint`], of what reaches into `within` only, clipped to it, or of everything. */
function paintIn(
  ctx: Ctx,
  scene: Scene,
  view: View,
  ratio: number,
  text: TextCache,
  labels: LabelCache | null,
  within: Rect | null,
): void {
  if (within) {
    ctx.save();
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.beginPath();
    ctx.rect(within.x, within.y, within.w, within.h);
    ctx.clip();
  }
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
  ctx.fillStyle = palette.weekend;
  for (const c of scene.closed)
    if (meets(within, c.x - sx, c.y - sy, c.w, c.h)) ctx.fillRect(c.x - sx, c.y - sy, c.w, c.h);
  ctx.fillStyle = palette.away;
  for (const a of scene.away)
    if (meets(within, a.x - sx, a.y - sy, a.w, a.h)) ctx.fillRect(a.x - sx, a.y - sy, a.w, a.h);
  // A colour is set only when it changes: the engine parses the string each time, and compact
  // rows' load strips are hundreds of cells of four colours a frame.
  let fill = "";
  for (const c of scene.heat)
    if (meets(within, c.x - sx, c.y - sy, c.w, c.h)) {
      if (c.color !== fill) ctx.fillStyle = fill = c.color;
      ctx.fillRect(c.x - sx + 1, c.y - sy + 1, c.w - 2, c.h - 2);
    }
  for (const s of scene.strips) {
    if (!meets(within, 0, s.y - sy, width, s.h)) continue;
    for (const r of s.runs) {
      if (r.level === "noCapacity") continue;
      const x = (r.from - scene.origin) * scene.px;
      const w = (r.to - r.from) * scene.px;
      if (!meets(within, x - sx, s.y - sy, w, s.h)) continue;
      const color = palette.heat[r.level];
      if (color !== fill) ctx.fillStyle = fill = color;
      ctx.fillRect(x - sx + 1, s.y - sy + 1, w - 2, s.h - 2);
    }
  }
  ctx.fillStyle = palette.line;
  if (bottom > 0)
    for (const x of scene.weeks) if (meets(within, x - sx, 0, 1, bottom)) ctx.fillRect(x - sx, 0, 1, bottom);
  for (const y of scene.rowLines) if (meets(within, 0, y - sy, width, 1)) ctx.fillRect(0, y - sy, width, 1);
  // Sections' headers: a band in the header's colour (over the weekends and week lines), a line under.
  for (const b of scene.bands)
    if (meets(within, 0, b.y - sy, width, b.h)) {
      ctx.fillStyle = palette.header;
      ctx.fillRect(0, b.y - sy, width, b.h);
      ctx.fillStyle = palette.line;
      ctx.fillRect(0, b.y - sy + b.h - 1, width, 1);
    }
  ctx.fillStyle = palette.overbooked;
  for (const o of scene.over)
    if (meets(within, o.x - sx, o.y - sy, o.w, o.h)) ctx.fillRect(o.x - sx, o.y - sy, o.w, o.h);
  if (scene.today && bottom > 0) {
    ctx.fillStyle = palette.today;
    ctx.fillRect(scene.today.x - sx, 0, scene.today.w, bottom);
  }
  ctx.font = scene.font;
  const measure = (s: string) => ctx.measureText(s).width;
  // The project view's weekly hours, each in its week's cell of the project's band.
  for (const b of scene.bands)
    for (const c of b.cells) {
      if (!meets(within, c.x - sx, b.y - sy, c.w, b.h)) continue;
      const label = text.fit(c.text, c.w - 2 * LABEL_PAD, measure);
      if (label)
        put(ctx, labels, label, c.x - sx + LABEL_PAD, b.y - sy + b.h / 2, scene.font, 12, palette.fg, ratio);
    }
  for (const c of scene.heat) {
    if (!c.text || !meets(within, c.x - sx, c.y - sy, c.w, c.h)) continue;
    const label = text.fit(c.text, c.w - 2 * LABEL_PAD, measure);
    // In its own colour (dark on the light levels, light on the dark).
    if (label)
      put(ctx, labels, label, c.x - sx + LABEL_PAD, c.y - sy + c.h / 2, scene.font, 12, c.textColor, ratio);
  }
  fill = "";
  for (const b of scene.bars) {
    if (!meets(within, b.x - sx, b.y - sy, b.w, b.h)) continue;
    ctx.globalAlpha = b.alpha;
    // A thin bar (compact rows') is a plain rectangle, without a path: its corners would not show.
    if (b.h < THIN && !b.tentative) {
      if (b.color !== fill) ctx.fillStyle = fill = b.color;
      ctx.fillRect(b.x - sx, b.y - sy, b.w, b.h);
      continue; // no text on a thin bar
    }
    // (What follows sets other fills: the next thin bar sets its own.)
    ctx.fillStyle = b.color;
    fill = "";
    ctx.beginPath();
    ctx.roundRect(b.x - sx, b.y - sy, b.w, b.h, RADIUS);
    if (b.tentative) paintTentative(ctx, b, view, ratio, labels);
    else ctx.fill();
    // As labelBox, without an object a bar a frame.
    const labelX = Math.max(b.x, sx) + LABEL_PAD;
    const label = text.fit(b.text, b.x + b.w - LABEL_PAD - labelX, measure);
    if (!label) continue;
    // No clip needed: the text fits the label's box by construction.
    put(ctx, labels, label, labelX - sx, b.y - sy + b.h / 2, scene.font, 12, b.textColor, ratio);
  }
  ctx.globalAlpha = 1;
  if (within) ctx.restore();
}

/**
 * A tentative bar in the path just made (in its colour): a light wash, the hatching of `labels`
 * (none without one), an outline. All fills, no strokes or clips, so a moved bar is pixel for
 * pixel one painted anew (movable).
 */
function paintTentative(ctx: Ctx, b: PaintBar, view: View, ratio: number, labels: LabelCache | null): void {
  const [x, y] = [b.x - view.scrollLeft, b.y - view.scrollTop];
  const alpha = ctx.globalAlpha;
  ctx.globalAlpha = alpha * 0.25;
  ctx.fill();
  ctx.globalAlpha = alpha;
  const hatch = labels?.hatch(ctx, b.color, ratio, view.scrollLeft, view.scrollTop);
  if (hatch) {
    ctx.fillStyle = hatch;
    ctx.fill();
    ctx.fillStyle = b.color;
  }
  // The outline, 1.5 px inside the edge: the ring between two rounded rectangles.
  ctx.beginPath();
  ctx.roundRect(x, y, b.w, b.h, RADIUS);
  if (b.w > 3 && b.h > 3) ctx.roundRect(x + 1.5, y + 1.5, b.w - 3, b.h - 3, RADIUS - 1.5);
  ctx.fill("evenodd");
}

/** How often the pane was painted anew, how often its pixels were moved, and how often only the
 * bands of what changed were painted (the UI benchmark reports them: a frame painted anew costs
 * the most). */
export const paneStats = { anew: 0, moved: 0, bands: 0 };

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
  // The same view with some rows changed (a drag taking a bar up or dropping it, an edit, a
  // change seen live): only their bands are painted again, and nothing when none changed in view.
  // (null: what runs through the pane differs; `movable` below tells whether that is in view.)
  const bands = last && sameView(last, next) ? changedBands(last.scene, scene, view) : null;
  if (bands) {
    if (bands.length) paneStats.bands++;
    for (const r of bands) paintIn(ctx, scene, view, ratio, text, labels, r);
    return next;
  }
  if (!last || !movable(last, next)) {
    paneStats.anew++;
    paintIn(ctx, scene, view, ratio, text, labels, null);
    return next;
  }
  const dx = view.scrollLeft - last.view.scrollLeft;
  const dy = view.scrollTop - last.view.scrollTop;
  if (dx === 0 && dy === 0) return next;
  paneStats.moved++;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.drawImage(ctx.canvas, -dx * ratio, -dy * ratio);
  for (const r of stripes(view, dx, dy, last.reach, next.reach))
    paintIn(ctx, scene, view, ratio, text, labels, r);
  return next;
}

/** Whether two paintings are of the same view: canvas size, pixel ratio and scroll position. */
const sameView = (a: Painted, b: Painted) =>
  a.ratio === b.ratio &&
  a.view.width === b.view.width &&
  a.view.height === b.view.height &&
  a.view.scrollLeft === b.view.scrollLeft &&
  a.view.scrollTop === b.view.scrollTop;

/** Bands that cover more of the view than this share are not worth their clips: painted anew. */
const MOST_OF_THE_VIEW = 0.5;

/**
 * Where two scenes painted in the same `view` differ: the view's bands, across its whole width,
 * over each thing one paints that the other does not paint the same (a bar moved, taken up by a
 * drag, dropped or edited; a row's overbooked days, days off or heatmap cells), a pixel more above
 * and below for the edges' antialiasing, merged, in view coordinates (`[]`: nothing differs).
 * `null` when what runs through the whole pane differs (colours, font, rows' height or lines,
 * weekends, weeks, today, sections' headers) or the bands would cover most of the view: then the
 * pane is painted anew. Painting those bands again from `q` (clipped) gives the pixels painting
 * all of `q` gives: whatever reaches into a band is painted there again, in the same order.
 */
export function changedBands(p: Scene, q: Scene, view: View): Rect[] | null {
  if (p.palette !== q.palette || p.font !== q.font || p.contentHeight !== q.contentHeight) return null;
  if (p.today?.x !== q.today?.x || p.today?.w !== q.today?.w) return null;
  if (p.origin !== q.origin || p.px !== q.px) return null;
  const sameList = <T>(xs: T[], ys: T[], key: (t: T) => string) =>
    xs.length === ys.length && xs.every((x, i) => key(x) === key(ys[i] as T));
  const column = (s: { x: number; w: number }) => `${s.x},${s.w}`;
  const band = (b: Scene["bands"][number]) =>
    `${b.y},${b.h},${b.cells.map((c) => `${column(c)},${c.text}`).join(";")}`;
  if (
    !sameList(p.shades, q.shades, column) ||
    !sameList(p.weeks, q.weeks, String) ||
    !sameList(p.rowLines, q.rowLines, String) ||
    !sameList(p.bands, q.bands, band)
  )
    return null;
  const spans: [number, number][] = [];
  /** The things of one list that the other does not have the same (as many times): their
   * content y spans. */
  const differ = <T extends { y: number; h: number }>(xs: T[], ys: T[], key: (t: T) => string) => {
    if (xs === ys) return;
    const count = new Map<string, number>();
    for (const x of xs) count.set(key(x), (count.get(key(x)) ?? 0) + 1);
    for (const y of ys) count.set(key(y), (count.get(key(y)) ?? 0) - 1);
    for (const t of [...xs, ...ys]) if (count.get(key(t)) !== 0) spans.push([t.y, t.y + t.h]);
  };
  const box = (o: { x: number; y: number; w: number; h: number }) => `${o.x},${o.y},${o.w},${o.h}`;
  differ(p.closed, q.closed, box);
  differ(p.away, q.away, box);
  differ(p.over, q.over, box);
  differ(p.heat, q.heat, heatKey);
  differ(p.strips, q.strips, stripKey);
  differ(p.bars, q.bars, barKey);
  // In view coordinates, within the view, merged where they touch.
  const inView = spans
    .map(([y0, y1]): [number, number] => [
      Math.max(0, Math.floor(y0 - view.scrollTop) - 1),
      Math.min(view.height, Math.ceil(y1 - view.scrollTop) + 1),
    ])
    .filter(([y0, y1]) => y1 > y0)
    .sort((s, t) => s[0] - t[0]);
  const merged: [number, number][] = [];
  for (const [y0, y1] of inView) {
    const top = merged[merged.length - 1];
    if (top && y0 <= top[1]) top[1] = Math.max(top[1], y1);
    else merged.push([y0, y1]);
  }
  const covered = merged.reduce((n, [y0, y1]) => n + y1 - y0, 0);
  if (covered > view.height * MOST_OF_THE_VIEW) return null;
  return merged.map(([y0, y1]) => ({ x: 0, y: y0, w: view.width, h: y1 - y0 }));
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

/** What a bar paints, as one string: two bars with the same key paint the same pixels. */
const barKey = (b: PaintBar) =>
  `${b.x},${b.y},${b.w},${b.h},${b.color},${b.text},${b.textColor},${b.alpha},${b.tentative ? 1 : 0}`;
/** What a heatmap cell paints, as one string (as `barKey`). */
const heatKey = (c: Scene["heat"][number]) =>
  `${c.x},${c.y},${c.w},${c.h},${c.color},${c.text},${c.textColor}`;

/** What a load strip paints, as one string (as `barKey`). */
const stripKey = (s: Strip) => `${s.y},${s.h},${s.runs.map((r) => `${r.from}-${r.to}-${r.level}`).join(";")}`;

/** Whether two strips at the same place paint the same runs into the content columns
 * `[x0, x1)`: the same runs (days and level) reach into them. */
function sameRuns(s: Strip, t: Strip, origin: number, px: number, x0: number, x1: number): boolean {
  if (s.y !== t.y || s.h !== t.h) return false;
  if (s.runs === t.runs) return true;
  const into = (runs: readonly LevelRun[]) =>
    runs.filter((r) => r.level !== "noCapacity" && (r.to - origin) * px > x0 && (r.from - origin) * px < x1);
  const [a, b] = [into(s.runs), into(t.runs)];
  return (
    a.length === b.length &&
    a.every((r, i) => r.from === b[i]?.from && r.to === b[i]?.to && r.level === b[i]?.level)
  );
}

/** Whether two scenes paint the same things into `r` (content coordinates). */
export function sameWithin(p: Scene, q: Scene, r: Rect): boolean {
  if (p === q) return true;
  if (p.palette !== q.palette || p.font !== q.font || p.contentHeight !== q.contentHeight) return false;
  if (p.today?.x !== q.today?.x || p.today?.w !== q.today?.w) return false;
  if (p.origin !== q.origin || p.px !== q.px) return false;
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
    same(p.closed, q.closed, box, sameFill) &&
    same(p.away, q.away, box, sameFill) &&
    same(p.heat, q.heat, box, (s, t) => heatKey(s) === heatKey(t)) &&
    same(
      p.strips,
      q.strips,
      (s) => s.y < r.y + r.h && s.y + s.h > r.y,
      (s, t) => sameRuns(s, t, p.origin, p.px, r.x, r.x + r.w),
    ) &&
    same(p.bars, q.bars, box, (s, t) => barKey(s) === barKey(t))
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
 * the `first`-th. canvases.svelte.ts paints them on scratch canvases once the timeline has opened:
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
