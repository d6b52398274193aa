// The field's scenario (the published scheduler benchmarks' shape: thousands of rows, a fast fling
// scroll, a zoom and a drag), run by every page that opens with `?field`: first paint, a fling
// scroll on each axis (steps growing to 1,500 px, turning back at the ends of the common range),
// a drag of a bar across 20 days and 10 rows (the pointer moved by the driver through WebDriver,
// as a person moves it: real input events), and a zoom to the month scale (6 px a day). Each
// frame's duration and busy time is recorded; a frame is late when it took longer than one 60 Hz
// refresh + 1.5 ms (LATE_MS, the same for every page and printed). Results go to
// `window.__field` for scripts/bench-timeline.mjs. Nothing is asserted.
import { nextFrame, run, type Scroller, type Stats, sleep, stats } from "./harness";

/** One refresh of this machine's 60 Hz display, + 1.5 ms (timestamps here are whole ms). */
export const LATE_MS = 1000 / 60 + 1.5;
/** Frames of each fling (one axis each). */
export const FLING_FRAMES = 120;
/** The fling's steps: 10 px growing by a tenth a frame to 1,500 px (reached at frame 53). */
export const flingStep = (i: number) => Math.min(1500, 10 * 1.1 ** i);
/**
 * The days every page lays out, from the first day in view (ours opens at today − 7): 28 before,
 * 154 after (26 weeks in all). The plan's bars lie within it (data.ts: today − 29 … today + 144).
 * The horizontal fling turns back at its ends.
 */
export const RANGE = { before: 28, after: 154 };
/** px a day at the "week" zoom (every page) and the "month" zoom. */
export const WEEK_PX = 20;
export const MONTH_PX = 6;

/** What a page does besides scrolling, for the field's scenario. */
export interface FieldPage extends Scroller {
  /** Whether the first bars are on screen (libraries that draw after their constructor returns). */
  shown(): boolean;
  /** The greatest vertical scroll position. */
  maxY(): number;
  /** A bar in the top rows to drag: a point on it (viewport coordinates), its id, and how far
   * down 10 rows are from there (`rowsDown`). */
  dragTarget(): { id: string; x: number; y: number; dy: number; rows: number; selectFirst?: boolean } | null;
  /** Where an item is, read from the library's own model: "2026-03-05 r0001" (start and row). */
  where(id: string): string;
  /** To the month zoom (6 px a day). */
  zoomMonth?(): void | Promise<void>;
}

export interface Phase {
  frame: Stats;
  busy: Stats;
  /** Share of the phase's frames later than LATE_MS. */
  late: number;
  /** The late frames: their place in the phase and their duration (ms), to tell which steps they
   * were (the fling: 0–119 down through the rows, 120–239 across the days). */
  lateAt: [number, number][];
  /** How many frames the phase had. */
  frames: number;
}

export interface FieldResult {
  page: string;
  people: number;
  bookings: number;
  firstPaint: number;
  mountToPaint: number;
  barsInDom: number;
  domNodes: number;
  speedCheck: number;
  lateMs: number;
  fling: Phase & { asked: { x: number; y: number }; moved: { x: number; y: number } };
  drag: (Phase & { before: string; after: string; rows: number; ms: number }) | { skipped: string };
  zoom: (Phase & { ms: number }) | { skipped: string };
}

type Field = { phase: "drag"; target: { x: number; y: number; dx: number; dy: number; selectFirst: boolean } } | { phase: "done"; result: FieldResult } | { error: string };

declare global {
  interface Window {
    __field?: Field;
    __dragDone?: boolean;
  }
}

/** Runs `step` before each frame while it returns true (at most `max` frames), timing each. */
async function frames(step: (i: number) => boolean, max: number) {
  const channel = new MessageChannel();
  const frame: number[] = [];
  const busy: number[] = [];
  let frameStart = 0;
  channel.port1.onmessage = () => busy.push(performance.now() - frameStart);
  let prev = await nextFrame();
  for (let i = 0; i < max && step(i); i++) {
    const t = await nextFrame();
    frame.push(t - prev);
    prev = t;
    frameStart = t;
    channel.port2.postMessage(null);
  }
  await sleep(50); // the last message
  channel.port1.close();
  return { frame, busy };
}

const phase = (r: { frame: number[]; busy: number[] }): Phase => ({
  frame: stats(r.frame),
  busy: stats(r.busy),
  late: r.frame.filter((f) => f > LATE_MS).length / Math.max(1, r.frame.length),
  lateAt: r.frame.flatMap((f, i): [number, number][] => (f > LATE_MS ? [[i, Math.round(f)]] : [])),
  frames: r.frame.length,
});

/** Waits (frame by frame) until `ok`, at most `ms`; whether it came. */
async function until(ok: () => boolean, ms: number): Promise<boolean> {
  for (const end = performance.now() + ms; performance.now() < end; ) {
    if (ok()) return true;
    await nextFrame();
  }
  return ok();
}

/** One fling on an axis: steps growing to 1,500 px, turning back before passing [lo, hi]. */
function fling(at: number, lo: number, hi: number, move: (d: number) => void) {
  let pos = at;
  let dir = 1;
  let asked = 0;
  return (i: number) => {
    const s = flingStep(i);
    if (pos + dir * s > hi || pos + dir * s < lo) dir = -dir;
    const d = Math.max(lo, Math.min(hi, pos + dir * s)) - pos;
    pos += d;
    asked += Math.abs(d);
    move(d);
    return { asked };
  };
}

/** The field's scenario on the page that `build` makes; `bookings` in its plan. */
export async function runField(page: string, people: number, bookings: number, build: () => FieldPage | Promise<FieldPage>) {
  try {
    const t0 = performance.now();
    const p = await build();
    await until(() => p.shown(), 600_000);
    await nextFrame();
    await nextFrame();
    const firstPaint = performance.now();
    const barsInDom = p.bars();
    const domNodes = document.getElementsByTagName("*").length;
    const t1 = performance.now();
    let seed = 1;
    const values = Array.from({ length: 200_000 }, () => (seed = (seed * 16807) % 2147483647));
    for (let i = 0; i < 5; i++) [...values].sort((a, b) => a - b);
    const speedCheck = Math.round(performance.now() - t1);
    await sleep(2000); // what the page does after its first paint (loads, painting around the view)

    // The fling: down through the rows, then across the range's days.
    const view = p.viewport();
    const y0 = p.position().y;
    const x0 = p.position().x;
    const down = fling(y0, 0, p.maxY(), (d) => p.vertical(d));
    const across = fling(x0, x0 - RANGE.before * WEEK_PX, x0 + RANGE.after * WEEK_PX - view.width, (d) => p.horizontal(d));
    let askedY = 0;
    let askedX = 0;
    let movedY = 0;
    let movedX = 0;
    let last = p.position();
    const track = () => {
      const now = p.position();
      movedX += Math.abs(now.x - last.x);
      movedY += Math.abs(now.y - last.y);
      last = now;
    };
    const r1 = await frames((i) => {
      if (i > 0) track();
      askedY = down(i).asked;
      return true;
    }, FLING_FRAMES);
    track();
    const r2 = await frames((i) => {
      if (i > 0) track();
      askedX = across(i).asked;
      return true;
    }, FLING_FRAMES);
    track();
    const flung = phase({ frame: [...r1.frame, ...r2.frame], busy: [...r1.busy, ...r2.busy] });
    // Back to the first view (its top rows), where the drag starts.
    p.vertical(-p.position().y);
    p.horizontal(x0 - p.position().x);
    await sleep(1000);

    // The drag: the driver moves the pointer (WebDriver actions) while frames are timed here.
    let drag: FieldResult["drag"] = { skipped: "no bar to drag in the top rows" };
    const target = p.dragTarget();
    if (target) {
      const before = p.where(target.id);
      window.__dragDone = false;
      window.__field = { phase: "drag", target: { x: target.x, y: target.y, dx: 20 * WEEK_PX, dy: target.dy, selectFirst: target.selectFirst ?? false } };
      const d0 = performance.now();
      const r = await frames(() => !window.__dragDone, 3600);
      const ms = performance.now() - d0;
      await sleep(500); // the drop's own saving
      drag = { ...phase(r), before, after: p.where(target.id), rows: target.rows, ms: Math.round(ms) };
    }

    // The month zoom: from the call to the second frame after it.
    if (!p.zoomMonth) {
      window.__field = { phase: "done", result: { ...base(), drag, zoom: { skipped: "the page has no zoom" } } };
      return;
    }
    const zoomMonth = p.zoomMonth.bind(p);
    const z0 = performance.now();
    let zoomed = false;
    const zoomDone = (async () => {
      await zoomMonth();
      await nextFrame();
      await nextFrame();
      zoomed = true;
    })();
    const rz = await frames(() => !zoomed, 7200);
    await zoomDone;
    const zoom = { ...phase(rz), ms: Math.round(performance.now() - z0) };

    window.__field = { phase: "done", result: { ...base(), drag, zoom } };

    function base() {
      return {
        page,
        people,
        bookings,
        firstPaint: Math.round(firstPaint),
        mountToPaint: Math.round(firstPaint - t0),
        barsInDom,
        domNodes,
        speedCheck,
        lateMs: Math.round(LATE_MS * 10) / 10,
        fling: { ...flung, asked: { x: Math.round(askedX), y: Math.round(askedY) }, moved: { x: Math.round(movedX), y: Math.round(movedY) } },
      };
    }
  } catch (e) {
    window.__field = { error: String(e instanceof Error ? (e.stack ?? e.message) : e) };
  }
}

/**
 * The bar to drag: of `bars`, the one in the top rows of `view` (its top 10 to 150 px below the
 * view's), leftmost among the highest, with room for the drag (20 days) to its right.
 */
export function barToDrag<T extends Element>(bars: Iterable<T>, view: { left: number; right: number; top: number }) {
  return [...bars]
    .map((el) => ({ el, r: el.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 30 && r.left > view.left + 20 && r.left + 20 * WEEK_PX + 40 < view.right && r.top > view.top + 10 && r.top < view.top + 150)
    .sort((a, b) => a.r.top - b.r.top || a.r.left - b.r.left)[0];
}

/**
 * From viewport point `y` on a row (the rows' boxes, top to bottom, from the page's names column),
 * the distance to the middle of the row `n` rows below, or of the lowest row whose middle is still
 * above `bottom` when fewer are in view (rows as tall as a 5-lane person's do not fit 10 in a
 * window); and how many rows that is.
 */
export function rowsDown(rows: DOMRect[], y: number, n: number, bottom: number): { dy: number; rows: number } {
  const at = rows.findIndex((r) => r.top <= y && y < r.bottom);
  if (at < 0) return { dy: 0, rows: 0 };
  let to = at;
  for (let k = at + 1; k <= at + n && k < rows.length; k++) {
    const r = rows[k] as DOMRect;
    if (r.top + r.height / 2 > bottom - 10) break;
    to = k;
  }
  const r = rows[to] as DOMRect;
  return { dy: Math.round(r.top + r.height / 2 - y), rows: to - at };
}

/** `?people=N` in the page's address (default: data.ts's 500). */
export const pagePeople = (fallback: number) => Number(new URLSearchParams(location.search).get("people") ?? fallback);
/** Whether the page runs the field's scenario (`?field`) instead of the steady scroll. */
export const isField = () => new URLSearchParams(location.search).has("field");

/** Runs a page that has both: the field's scenario with `?field`, else the steady scroll
 * (harness.ts, `run`). */
export function runPage(page: string, people: number, bookings: number, build: () => FieldPage | Promise<FieldPage>) {
  if (isField()) void runField(page, people, bookings, build);
  else void run(page, build);
}
