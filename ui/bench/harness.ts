// What both bench pages measure, the same way: time to first paint, then a scripted scroll of equal
// work (the same pixels a frame for both), with each frame's duration. Results go to
// `window.__bench` for scripts/bench-timeline.mjs to read through WebDriver. Nothing is asserted:
// the script prints the figures and the ratio to vis-timeline measured in the same run.

/** What a page can scroll by a number of CSS pixels: its timeline's content moves that far. */
export interface Scroller {
  horizontal(dx: number): void;
  vertical(dy: number): void;
  /** How far the content is scrolled, in CSS pixels (to check that both moved as far). */
  position(): { x: number; y: number };
  /** The pane that shows bars (without names column and date header), in CSS pixels. */
  viewport(): { width: number; height: number };
  /** Bars in the DOM now. */
  bars(): number;
  /** What the page did meanwhile that may explain a slow frame (ours: window loads). */
  events?(): { at: number; what: string }[];
  /** The element whose scroll events the page handles in script (ours: its viewport), if any. */
  scrolled?(): EventTarget;
}

/** A Scroller over an element that scrolls natively; `bars` counts the bars in the DOM. */
export function scrollerOf(el: HTMLElement, bars: () => number): Scroller {
  return {
    horizontal: (dx) => {
      el.scrollLeft += dx;
    },
    vertical: (dy) => {
      el.scrollTop += dy;
    },
    position: () => ({ x: el.scrollLeft, y: el.scrollTop }),
    viewport: () => ({ width: el.clientWidth, height: el.clientHeight }),
    bars,
  };
}

/** Frames of each scroll phase, and pixels a frame (10 px = half a day at the "week" zoom). */
export const FRAMES = 150;
export const DX = 10;
export const DY = 20;
/**
 * Before scrolling, the page must be idle: after first paint the engine goes on working for a few
 * seconds (our window loads, JIT, painting the tiles around the view), which would land in the
 * first scrolled frames. We wait until 30 frames in a row have a median interval within 20 ms
 * (the display here is 60 Hz: webkit://gpu says "VBlank refresh rate 60Hz"), for at most 15 s.
 */
const IDLE_MS = 20;
const SETTLE_MAX_MS = 15_000;

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export interface BenchResult {
  page: string;
  /** ms from navigation start (performance.timeOrigin) to the first painted timeline. */
  firstPaint: number;
  /** ms from just before the page starts building its timeline to that paint. */
  mountToPaint: number;
  viewport: { width: number; height: number };
  /** Pixels the content moved in each phase (FRAMES × DX, −FRAMES × DX, FRAMES × DY if all went). */
  moved: { right: number; left: number; down: number };
  barsInDom: number;
  domNodes: number;
  /** Frame duration: rAF timestamp to the next rAF timestamp (what a user sees). */
  frame: Stats;
  /** Main-thread work of a frame: rAF timestamp to a message posted in rAF (runs after paint). */
  busy: Stats;
  /** The page's script in a frame: the scroll step, and its scroll handlers with what they ran. */
  script: Stats;
  /**
   * Share of the scrolled frames (0…1) longer than a refresh: over the idle frame + 1.5 ms (timestamps
   * here are whole milliseconds, so a 16.7 ms refresh reads 16 or 17).
   */
  late: number;
  /** ms a fixed piece of script took just before scrolling: how fast the machine was then. */
  speedCheck: number;
  /** Frame duration in each phase: right, back left, down. */
  phases: { right: Stats; left: Stats; down: Stats };
  /** Median frame interval of the idle page just before scrolling, and how long it took to get idle. */
  refreshMs: number;
  /**
   * The idle page's frames, as many as a scroll phase, just before scrolling: what frames on time
   * read here (a 60 Hz refresh is 16.7 ms; timestamps are whole milliseconds, so 16 or 17).
   */
  idle: Stats;
  settleMs: number;
  /** The five slowest frames: when they began (ms from navigation start) and how long they took. */
  slowest: { at: number; frame: number }[];
  /** The page's events from the start of scrolling on. */
  events: { at: number; what: string }[];
}

declare global {
  interface Window {
    __bench?: BenchResult | { error: string };
  }
}

export const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function stats(values: number[]): Stats {
  const s = [...values].sort((a, b) => a - b);
  // Nearest rank: the smallest value with at least p % of the values at or below it.
  const at = (p: number) => s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { n: s.length, p50: round(at(50)), p95: round(at(95)), max: round(s[s.length - 1] ?? Number.NaN) };
}

/** The intervals between the next `n + 1` frames. */
async function intervals(n: number): Promise<number[]> {
  const out: number[] = [];
  let prev = await nextFrame();
  for (let i = 0; i < n; i++) {
    const t = await nextFrame();
    out.push(t - prev);
    prev = t;
  }
  return out;
}

/**
 * Scrolls one step a frame for `FRAMES` frames, recording each frame's duration and busy time.
 * A MessageChannel message posted in rAF is delivered after that frame's style, layout and paint,
 * so its arrival minus the frame's timestamp is the main thread's work for the frame (scroll
 * handlers run before rAF callbacks in the same frame, after the timestamp is taken).
 *
 * Script time: the step itself, plus the page's scroll handling — from a capturing listener on
 * the document (before any of the page's) to a listener on the scrolled element added after the
 * page's own (so after them and the microtasks they queued, e.g. Svelte's updates).
 */
async function scrollPhase(step: () => void, frame: number[], busy: number[], starts: number[], script: number[], scrolled?: EventTarget) {
  const channel = new MessageChannel();
  let frameStart = 0;
  let handling = 0;
  let handled = 0;
  const begin = () => {
    handling = performance.now();
  };
  const end = () => {
    handled += performance.now() - handling;
  };
  document.addEventListener("scroll", begin, { capture: true });
  scrolled?.addEventListener("scroll", end);
  channel.port1.onmessage = () => {
    busy.push(performance.now() - frameStart);
    script.push(handled);
  };
  let prev = await nextFrame();
  for (let i = 0; i < FRAMES; i++) {
    const s0 = performance.now();
    step();
    handled = performance.now() - s0;
    const t = await nextFrame();
    frame.push(t - prev);
    starts.push(prev);
    prev = t;
    frameStart = t;
    channel.port2.postMessage(null);
  }
  await sleep(50); // the last message
  document.removeEventListener("scroll", begin, { capture: true });
  scrolled?.removeEventListener("scroll", end);
  channel.port1.close();
}

/**
 * The same work on every page and run (sorting a fixed array of numbers, five times), timed: the
 * machine's speed at that moment (taken after first paint, before the wait for an idle page). A shared two-core machine here varies by ±25 % from minute to
 * minute, so runs are read against it.
 */
function timeFixedWork(): number {
  let seed = 1;
  const values = Array.from({ length: 200_000 }, () => {
    seed = (seed * 16807) % 2147483647;
    return seed;
  });
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) [...values].sort((a, b) => a - b);
  return Math.round(performance.now() - t0);
}

/** Measures the page's timeline: `build` makes and mounts it, synchronously or not. */
export async function run(page: string, build: () => Scroller | Promise<Scroller>): Promise<void> {
  try {
    const t0 = performance.now();
    const scroller = await build();
    await nextFrame();
    await nextFrame(); // the frame after the first one that drew the timeline has started
    const firstPaint = performance.now();
    const barsInDom = scroller.bars();
    const domNodes = document.getElementsByTagName("*").length;
    // Before waiting for the page to be idle, so that its garbage is collected by then.
    const speedCheck = timeFixedWork();
    let refreshMs = stats(await intervals(30)).p50;
    while (refreshMs > IDLE_MS && performance.now() - firstPaint < SETTLE_MAX_MS) {
      refreshMs = stats(await intervals(30)).p50;
    }
    const settleMs = performance.now() - firstPaint;
    const idle = stats(await intervals(FRAMES));

    const frame: number[] = [];
    const busy: number[] = [];
    const starts: number[] = [];
    const script: number[] = [];
    const scrolled = scroller.scrolled?.();
    // Right and back, so both stay over the same (busy) days; then down through the rows.
    const p0 = scroller.position();
    await scrollPhase(() => scroller.horizontal(DX), frame, busy, starts, script, scrolled);
    const p1 = scroller.position();
    await scrollPhase(() => scroller.horizontal(-DX), frame, busy, starts, script, scrolled);
    const p2 = scroller.position();
    await scrollPhase(() => scroller.vertical(DY), frame, busy, starts, script, scrolled);
    const p3 = scroller.position();
    window.__bench = {
      page,
      firstPaint: Math.round(firstPaint * 10) / 10,
      mountToPaint: Math.round((firstPaint - t0) * 10) / 10,
      viewport: scroller.viewport(),
      moved: { right: p1.x - p0.x, left: p2.x - p1.x, down: p3.y - p2.y },
      barsInDom,
      domNodes,
      frame: stats(frame),
      busy: stats(busy),
      script: stats(script),
      late: frame.filter((f) => f > refreshMs + 1.5).length / frame.length,
      speedCheck,
      phases: {
        right: stats(frame.slice(0, FRAMES)),
        left: stats(frame.slice(FRAMES, 2 * FRAMES)),
        down: stats(frame.slice(2 * FRAMES)),
      },
      refreshMs,
      idle,
      settleMs: Math.round(settleMs),
      slowest: frame
        .map((f, i) => ({ at: starts[i] ?? 0, frame: f }))
        .sort((a, b) => b.frame - a.frame)
        .slice(0, 5),
      events: (scroller.events?.() ?? []).filter((e) => e.at >= (starts[0] ?? 0)),
    };
  } catch (e) {
    window.__bench = { error: String(e instanceof Error ? (e.stack ?? e.message) : e) };
  }
}
