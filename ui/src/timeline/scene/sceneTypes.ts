// What the canvases paint, as scenes.ts builds it and the painters (render/) draw it: the pane's
// scene with its bars, the date header's, the name column's, and the palette they are drawn in.
// Content coordinates are CSS pixels from the pane's top-left corner.
import type { LevelRun } from "./rowData";

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
  /** Tentative work: drawn light, hatched and outlined in the project's colour, so that it reads
   * apart without telling colours apart. */
  tentative?: boolean;
}

/** A compact row's load strip (`Scene.strips`). */
export interface Strip {
  y: number;
  h: number;
  runs: readonly LevelRun[];
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
  /** Time off on a person's row. */
  away: string;
  /** The heatmap's levels. */
  heat: { free: string; part: string; full: string; over: string };
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
  /** Where each week starts (content x), as the user's region starts weeks. */
  weeks: number[];
  rowLines: number[];
  /** The headers of sections (grouped rows): bands across the pane, content y and height, and
   * in the project view the project's hours in each week, written in the week's cell. */
  bands: { y: number; h: number; cells: { x: number; w: number; text: string }[] }[];
  /** A person's days without work beyond the weekends (holidays, days off in their week). */
  closed: { x: number; y: number; w: number; h: number }[];
  /** A person's time off. */
  away: { x: number; y: number; w: number; h: number }[];
  /** The heatmap's cells (when it is on, instead of the bars). */
  heat: { x: number; y: number; w: number; h: number; color: string; text: string; textColor: string }[];
  /** Compact rows' load strips: each row's runs of days of one level (rowData.ts, `stripIn`: kept
   * per row and chunk of days, so a frame makes no object a run), `h` high at content y; a run's
   * days `[from, to)` span content x `(from − origin) · px` to `(to − origin) · px`. */
  strips: Strip[];
  /** The day at content x 0 and a day's width: where the strips' runs are. */
  origin: number;
  px: number;
  over: { x: number; y: number; w: number; h: number }[];
  today: { x: number; w: number } | null;
  bars: PaintBar[];
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

/** The name column: each row in view with its person's name and load, and the cursor's row. */
export interface NamesScene {
  palette: Palette;
  family: string;
  /** Content y and height of each row in view. */
  /** `placeholder`: a row for a role not yet staffed (a dashed mark at its left edge). */
  rows: {
    y: number;
    h: number;
    name: string;
    detail: string;
    load: string;
    current: boolean;
    placeholder?: boolean;
  }[];
  /** The sections' headers in view (grouped rows): name with its people's count, their summed
   * figures, and whether the section is folded. */
  headers: { y: number; h: number; name: string; load: string; collapsed: boolean }[];
}
