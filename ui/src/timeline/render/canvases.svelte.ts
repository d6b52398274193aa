// The three canvases' painting (PaintCanvas.svelte is each canvas): their scenes (scenes.ts)
// from the rows and days in view, their sizes, the palette and device pixel ratio they paint
// with, the label caches they share, what each shows now, and the rehearsal of a scroll.
import type { PersonDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import { STAFFING } from "../../staffing/staffingWords";
import type { Day } from "../model/dates";
import { monthLabels } from "../scene/layout";
import type { Rows, SectionHeader } from "../scene/rows.svelte";
import {
  headerDays,
  headerScene,
  LIGHT,
  MONTH_LABEL_W,
  monthName,
  namesScene,
  paneScene,
} from "../scene/scenes";
import type { HeaderScene, NamesScene, Palette, Scene } from "../scene/sceneTypes";
import { HEADER_H, NAME_W, type Viewport } from "../scene/viewport.svelte";
import { LabelCache, TextCache } from "./labels";
import { type Painted, paint, paintPane, rehearsal } from "./paint";
import { paintHeader } from "./paintHeader";
import { paintNames, sameNames } from "./paintNames";

export interface Size {
  width: number;
  height: number;
}

/** Once the first view is painted and the page is quiet: views a task, in all, and after (ms). */
const REHEARSAL = { views: 48, chunk: 6, after: 400 };

/** A canvas off the page, `width × height` device pixels (labels, rehearsals). */
function newCanvas(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement("canvas");
  c.width = width;
  c.height = height;
  return c;
}

/** A canvas of `c`'s size in device pixels, off the page: its 2D context. */
const scratchOf = (c: HTMLCanvasElement | undefined) =>
  newCanvas(c?.width ?? 0, c?.height ?? 0).getContext("2d", { alpha: false });

export class Canvases {
  /** The app's colours for the pane (CSS variables), read again when the OS theme changes. */
  palette: Palette = $state(LIGHT);
  family = $state("sans-serif");
  /** Device pixels a CSS pixel (a window moved to another screen may change it). */
  ratio = $state(globalThis.devicePixelRatio || 1);

  readonly scene: Scene;
  /** The pane canvas's size: the viewport's, or less when the rows or days end within it. */
  readonly paneSize: Size;
  readonly #months: { day: Day; x: number }[];
  readonly #headerDays: HeaderScene["days"];
  readonly header: HeaderScene;
  readonly headerSize: Size;
  /** The name column: each row's load over the days in view. */
  readonly names: NamesScene;
  readonly namesSize: Size;

  readonly #labels = new TextCache();
  readonly #dateLabels = new TextCache();
  readonly #nameLabels = new TextCache();
  /** Every label drawn once on a small canvas and copied from there (paint.ts, LabelCache). */
  readonly #labelImages = new LabelCache(newCanvas);
  /** What the pane's canvas shows now (paint.ts, paintPane: a scroll moves its pixels). */
  #painted: { on: HTMLCanvasElement; last: Painted } | null = null;
  /** What the name column's canvas shows now: painted again only when that changes. */
  #namesShown: { on: HTMLCanvasElement; names: NamesScene; view: string } | null = null;

  constructor(
    private readonly view: Viewport,
    rows: Rows,
    /** What the painting follows of the input, read where it paints: the bar being dragged
     * (painted by the drag's own layer, not the pane) and the keyboard cursor's row. */
    input: {
      dragging: () => string | undefined;
      cursorRow: () => number;
      /** What the name column says after a person's name (their role and group today). */
      detail?: (p: PersonDto) => string;
      /** A section's name (grouped rows): its label's, or what the people without one are called. */
      section?: (s: SectionHeader) => string;
    },
    today: () => Day,
  ) {
    this.scene = $derived(
      paneScene({
        contentHeight: rows.contentHeight,
        palette: this.palette,
        family: this.family,
        days: view.dayList,
        origin: view.origin,
        px: view.px,
        today: today(),
        shown: rows.shown,
        projects: rows.projects,
        faded: (a) => rows.faded(a),
        dragging: input.dragging(),
        weekStart: ui.dates.weekStart,
        lang: ui.lang,
        heatmap: rows.heatmap,
        sections: rows.sectionsShown,
        sectionWeeks: rows.sectionWeeks,
      }),
    );
    this.paneSize = $derived({
      width: Math.max(0, Math.min(view.width, view.contentWidth)),
      height: Math.max(0, Math.min(view.height, rows.contentHeight)),
    });
    this.#months = $derived(
      monthLabels(view.days.first, view.days.last, view.origin, view.px, view.scrollLeft, MONTH_LABEL_W),
    );
    this.#headerDays = $derived(
      headerDays(view.dayList, view.origin, view.px, view.zoom, today(), ui.dateLocale),
    );
    this.header = $derived(
      headerScene(
        this.palette,
        this.family,
        this.#months,
        (d) => monthName(d, ui.dateLocale),
        this.#headerDays,
      ),
    );
    this.headerSize = $derived({ width: Math.max(0, view.width), height: HEADER_H - 1 }); // less the bottom border
    this.names = $derived(
      namesScene(
        this.palette,
        this.family,
        rows.shown,
        rows.all,
        {
          ...rows.periodDays,
          partlyMissing: rows.periodMissing,
          tentative: rows.tentative,
          lang: ui.lang,
          toHire: ui.words(STAFFING).toHire,
        },
        input.cursorRow(),
        input.detail,
        { shown: rows.sectionsShown, name: input.section ?? ((s) => s.section.label?.name ?? "") },
      ),
    );
    this.namesSize = $derived({ width: NAME_W - 1, height: this.paneSize.height }); // less the right border
  }

  /** Reads the palette and font from `el`'s CSS, and again when the OS theme changes. */
  watchTheme(el: HTMLElement | undefined): (() => void) | undefined {
    if (!el) return;
    const read = () => {
      const css = getComputedStyle(el);
      const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
      this.palette = {
        bg: v("--bg", LIGHT.bg),
        fg: v("--fg", LIGHT.fg),
        muted: v("--muted", LIGHT.muted),
        header: v("--header", LIGHT.header),
        weekend: v("--weekend", LIGHT.weekend),
        line: v("--line", LIGHT.line),
        today: v("--today", LIGHT.today),
        overbooked: v("--overbooked", LIGHT.overbooked),
        away: v("--away", LIGHT.away),
        heat: {
          free: v("--heat-free", LIGHT.heat.free),
          part: v("--heat-part", LIGHT.heat.part),
          full: v("--heat-full", LIGHT.heat.full),
          over: v("--heat-over", LIGHT.heat.over),
        },
      };
      this.family = css.fontFamily;
    };
    read();
    const dark = matchMedia("(prefers-color-scheme: dark)");
    dark.addEventListener("change", read);
    return () => dark.removeEventListener("change", read);
  }

  /** Follows the device pixel ratio. */
  watchRatio(): () => void {
    const media = matchMedia(`(resolution: ${this.ratio}dppx)`);
    const changed = () => (this.ratio = globalThis.devicePixelRatio || 1);
    media.addEventListener("change", changed);
    return () => media.removeEventListener("change", changed);
  }

  /**
   * A canvas's 2D context, its backing store sized to `size` CSS pixels at the device pixel ratio
   * (resizing clears it; every effect that draws repaints it all).
   */
  private sized(c: HTMLCanvasElement | undefined, size: Size) {
    const ctx = c?.getContext("2d", { alpha: false });
    if (!c || !ctx) return null;
    const w = Math.round(size.width * this.ratio);
    const h = Math.round(size.height * this.ratio);
    if (c.width !== w) c.width = w;
    if (c.height !== h) c.height = h;
    return ctx;
  }

  // Each canvas is painted by an effect of Timeline.svelte's, in this order (pane, date header,
  // name column): each runs again when what it reads changes.

  /** Paints the pane at the scroll position (moving the pixels it showed where it can). */
  paintPane(on: HTMLCanvasElement | undefined): void {
    const ctx = this.sized(on, this.paneSize);
    if (!ctx || !on) return;
    const view = { ...this.paneSize, scrollLeft: this.view.scrollLeft, scrollTop: this.view.scrollTop };
    const last = this.#painted?.on === on ? this.#painted.last : null;
    this.#painted = {
      on,
      last: paintPane(ctx, this.scene, view, this.ratio, this.#labels, this.#labelImages, last),
    };
  }

  paintHeader(on: HTMLCanvasElement | undefined): void {
    const ctx = this.sized(on, this.headerSize);
    if (ctx)
      paintHeader(
        ctx,
        this.header,
        { ...this.headerSize, scrollLeft: this.view.scrollLeft },
        this.ratio,
        this.#dateLabels,
        this.#labelImages,
      );
  }

  /** Paints the name column, unless it shows that already. */
  paintNames(on: HTMLCanvasElement | undefined): void {
    const ctx = this.sized(on, this.namesSize);
    if (!ctx || !on) return;
    const { namesSize, names, ratio } = this;
    const scrollTop = this.view.scrollTop;
    const view = `${namesSize.width}×${namesSize.height}@${ratio} ${scrollTop}`;
    const shown = this.#namesShown;
    if (shown?.on === on && shown.view === view && sameNames(shown.names, names)) return;
    paintNames(ctx, names, { ...namesSize, scrollTop }, ratio, this.#nameLabels, this.#labelImages);
    this.#namesShown = { on, names, view };
  }

  // Once the first view is painted and the page is quiet: a rehearsal of a scroll right and left,
  // the pane and the date header painted on scratch canvases (paint.ts, rehearsal), a few views a
  // task, stopped by a real scroll.
  rehearse(
    pane: HTMLCanvasElement | undefined,
    dates: HTMLCanvasElement | undefined,
  ): (() => void) | undefined {
    const canvases = [pane, dates];
    if (!pane || !dates) return;
    let scratch: (CanvasRenderingContext2D | null)[] = [];
    let done = 0;
    const step = () => {
      if (this.view.scrolling || done >= REHEARSAL.views) return;
      if (done === 0) scratch = canvases.map((c) => scratchOf(c));
      const [p, d] = scratch;
      if (!p || !d) return;
      const { scrollLeft, scrollTop } = this.view;
      for (const x of rehearsal(scrollLeft, done, REHEARSAL.chunk)) {
        paint(
          p,
          this.scene,
          { ...this.paneSize, scrollLeft: x, scrollTop },
          this.ratio,
          this.#labels,
          this.#labelImages,
        );
        paintHeader(
          d,
          this.header,
          { ...this.headerSize, scrollLeft: x },
          this.ratio,
          this.#dateLabels,
          this.#labelImages,
        );
      }
      done += REHEARSAL.chunk;
      timer = setTimeout(step, 0);
    };
    let timer = setTimeout(step, REHEARSAL.after);
    return () => clearTimeout(timer);
  }
}
