// The pane's viewport: how far it is scrolled and how big it is, the zoom, and the maths between a
// day and its x (content pixels), and between a pointer (client pixels) and the content. The days
// laid out are those in view and a few more; they change only when a day comes or goes.
import { type Day, FIRST_DAY, LAST_DAY } from "../model/dates";
import { dayAtX, OVERSCAN_DAYS, PX_PER_DAY, scrollForZoom, visibleDays, type Zoom } from "./layout";

/** The name column's width and the date header's height (CSS pixels). */
export const NAME_W = 220;
export const HEADER_H = 54;
/** How long after the last scroll event the pane counts as still scrolling (ms). */
export const SCROLL_REST_MS = 150;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The scroll offsets that bring a cursor at content x `x` (a day `px` wide), between content
 * heights `top` and `bottom`, into the view `box` (scroll offsets and client size): a new left
 * and top, or undefined where that one need not change.
 */
export function revealing(
  box: Box,
  x: number,
  px: number,
  top: number,
  bottom: number,
): { left?: number; top?: number } {
  const out: { left?: number; top?: number } = {};
  if (x < box.left) out.left = x - 2 * px;
  else if (x + px > box.left + box.width) out.left = x + 3 * px - box.width;
  if (top < box.top) out.top = top;
  else if (bottom > box.top + box.height) out.top = bottom - box.height;
  return out;
}

export class Viewport {
  /** Day 0 of the content (x = 0): the first day a plan can hold, so that every day it can hold
   * is reached by scrolling, either way. */
  readonly origin: Day = FIRST_DAY;
  readonly totalDays = LAST_DAY - FIRST_DAY + 1;
  /** Whether the view was put at today once (it is never put there again by itself). */
  #started = false;
  zoom: Zoom = $state("week");
  readonly px = $derived(PX_PER_DAY[this.zoom]);
  scrollLeft = $state(0);
  scrollTop = $state(0);
  // The viewport's size before it is measured: about the window's, so that the first render
  // already lays out the days and rows in view (not a guess that the measurement then redoes).
  width = $state(Math.max(400, (globalThis.innerWidth ?? 1000) - NAME_W));
  height = $state(Math.max(300, (globalThis.innerHeight ?? 700) - HEADER_H - 40));
  /** The scrolling element, and the content inside it (the pane's rows and days). */
  el: HTMLDivElement | undefined = $state();
  content: HTMLDivElement | undefined = $state();
  // While the pane scrolls, the bars under a resting pointer change every frame; WebKit then hit
  // tests, restyles :hover and sends the pointer's shape (grab or not) to the window each time.
  // So the hit targets take no pointer until scrolling has stopped for a moment.
  scrolling = $state(false);
  /**
   * Whether the pane is scrolled on and on: a scroll event came while it was still scrolling
   * (a fling, a wheel, a drag of the scroll bar), until it rests. A single jump (to today, to a
   * day, after the cursor) is not. What the DOM over the pane shows holds still meanwhile (`hold`).
   */
  sweeping = $state(false);
  #scrollEnd: ReturnType<typeof setTimeout> | undefined;

  /**
   * What the DOM over the pane shows next (its hit targets, the name column's rows), given what it
   * shows (`last`): `now()`, or `last` held while the pane is scrolled on and on, brought up to
   * date once it rests (at once after a single jump). Made anew every frame, a fling's targets
   * were a fifth of its script time (BENCHMARKS.md). For a derived value made with `fromLast`.
   */
  hold<T>(last: T, now: () => T): T {
    return this.sweeping ? last : now();
  }

  // What is in view changes with every scrolled pixel; what depends on it (the days' columns,
  // each row's bars, load and overbooking, the rows shown) only when a day or row comes or goes.
  // So the first and last are kept as numbers, which end the update when they did not change.
  readonly #inView: { first: Day; last: Day };
  readonly first: Day;
  readonly last: Day;
  /** The days laid out: those in view and two each side, `[first, last)`. */
  readonly days: { first: Day; last: Day };
  readonly dayList: Day[];
  /** The days in view, `[viewFrom, viewTo)` (without those laid out ahead). */
  readonly viewFrom: Day;
  readonly viewTo: Day;

  constructor() {
    this.#inView = $derived(visibleDays(this.scrollLeft, this.width, this.origin, this.px, OVERSCAN_DAYS));
    this.first = $derived(this.#inView.first);
    this.last = $derived(this.#inView.last);
    this.days = $derived({ first: this.first, last: this.last });
    this.dayList = $derived(
      Array.from({ length: Math.max(0, this.days.last - this.days.first) }, (_, i) => this.days.first + i),
    );
    // The days in view, as numbers: what depends on them is computed again only when a day
    // comes or goes.
    this.viewFrom = $derived(dayAtX(this.scrollLeft, this.origin, this.px));
    this.viewTo = $derived(dayAtX(this.scrollLeft + this.width - 1, this.origin, this.px) + 1);
  }

  /** The content x of `day`'s left edge. */
  x(day: Day): number {
    return (day - this.origin) * this.px;
  }

  /** The day under content x `x`. */
  dayAt(x: number): Day {
    return dayAtX(x, this.origin, this.px);
  }

  /** The content's width (every day of the range). */
  get contentWidth(): number {
    return this.totalDays * this.px;
  }

  /** Where a pointer event is in the pane (content pixels). */
  contentPoint(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const box = this.content?.getBoundingClientRect();
    return { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
  }

  /** Where a content point is on screen (client pixels). */
  clientPoint(x: number, y: number): { x: number; y: number } {
    const box = this.content?.getBoundingClientRect();
    return { x: (box?.left ?? 0) + x, y: (box?.top ?? 0) + y };
  }

  /** The scroll event: what is in view follows, and the pane counts as scrolling for a moment. */
  scrolled(): void {
    if (this.el) {
      this.scrollLeft = this.el.scrollLeft;
      this.scrollTop = this.el.scrollTop;
    }
    this.sweeping = this.scrolling;
    this.scrolling = true;
    clearTimeout(this.#scrollEnd);
    this.#scrollEnd = setTimeout(() => {
      this.scrolling = false;
      this.sweeping = false;
    }, SCROLL_REST_MS);
  }

  /** Stops the scrolling timer (the component is gone). */
  stop(): void {
    clearTimeout(this.#scrollEnd);
  }

  /** Once, before the pane was scrolled: `first` at the left edge (firstScreen.ts's
   * `firstInView`). (Scrolled back to the first day later, the view stays there.) */
  startAt(first: Day): void {
    if (this.#started || !this.el) return;
    this.#started = true;
    if (this.scrollLeft !== 0) return;
    this.el.scrollLeft = (first - this.origin) * this.px;
    // The days in view follow at once, not at the scroll event: nothing is laid out, painted or
    // asked of the table for the first days a plan can hold (1900) on the way.
    this.scrollLeft = this.el.scrollLeft;
  }

  /** Scrolls so that `day` is two days from the left edge. */
  scrollToDay(day: Day): void {
    if (this.el) this.el.scrollLeft = (day - this.origin) * this.px - 2 * this.px;
  }

  /**
   * Changes the zoom, keeping the point `anchor` pixels from the view's left edge where it is on
   * screen (without one, the middle of the view).
   */
  setZoom(next: Zoom, anchor?: number): void {
    const el = this.el;
    if (!el || next === this.zoom) return;
    const at = anchor ?? el.clientWidth / 2;
    const left = scrollForZoom(el.scrollLeft, at, this.px, PX_PER_DAY[next]);
    this.zoom = next;
    requestAnimationFrame(() => {
      if (this.el) this.el.scrollLeft = left;
    });
  }

  /** How far the middle of `day` is from the view's left edge, if it is in view. */
  anchorOf(day: Day): number | undefined {
    const el = this.el;
    if (!el) return undefined;
    const x = this.x(day) + this.px / 2 - el.scrollLeft;
    return x >= 0 && x <= el.clientWidth ? x : undefined;
  }

  /** Scrolls so that `day`, between content heights `top` and `bottom`, is in view. */
  reveal(day: Day, top: number, bottom: number): void {
    const el = this.el;
    if (!el) return;
    const box = { left: el.scrollLeft, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight };
    const to = revealing(box, this.x(day), this.px, top, bottom);
    if (to.left !== undefined) el.scrollLeft = to.left;
    if (to.top !== undefined) el.scrollTop = to.top;
  }

  /** Gives the grid the keyboard focus (without scrolling). */
  focus(): void {
    this.el?.focus({ preventScroll: true });
  }
}
