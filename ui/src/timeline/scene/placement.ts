// The rows in view placed in content pixels — each row's overbooked days, days without work,
// time off, heatmap cells, load strip and bars in lanes, over the days laid out — and `barAt`,
// the one hit test: which bar is at a point of the pane, by the geometry the hit targets are laid
// out by. rows.svelte.ts (`Rows`) decides which rows there are and where; this places them.
import type { AssignmentDto, PersonDto } from "../../ipc";
import type { Day } from "../model/dates";
import { type HeatCell, heatCells } from "./heat";
import { dayRuns } from "./layout";
import { closedIn, type LevelRun, loadsIn, overIn, type Row, type RowBar, stripIn } from "./rowData";

/** A lane's height and the padding of a row (half above its lanes, half below). */
export const LANE_H = 26;
export const PAD = 10;
/** A bar's height in its lane. */
export const BAR_H = LANE_H - 4;
/** The compact density: every row one line (its lanes share it, their bars thin), so that over
 * 40 people fit an 800 px-high window. */
export const COMPACT_ROW_H = 16;
export const COMPACT_PAD = 3;
export type Density = "comfortable" | "compact";

/** A bar in view, placed: content x, width, top and height. */
export interface PlacedBar {
  id: string;
  a: AssignmentDto;
  x: number;
  w: number;
  y: number;
  h: number;
}

/** A row in view: its index among the rows, top and height, overbooked days, the days in view
 * they do not work on (beyond the weekends everyone has: holidays of their calendar, days their
 * week has no hours), their time off in view (`partial`: some hours of each day), and bars in view. */
export interface PlacedRow {
  person: PersonDto;
  index: number;
  /** What keeps the row's elements as it moves: its person's id, and the section it is in (a
   * person may have a row in several). */
  key: string;
  /** The project view: the project of the row's section (its other work fades); else null. */
  focus: string | null;
  top: number;
  height: number;
  over: { from: Day; to: Day }[];
  closed: { from: Day; to: Day }[];
  away: { from: Day; to: Day; partial: boolean }[];
  /** The heatmap's cells in view (none unless it is on). */
  heat: HeatCell[];
  /** Compact rows' load strip: the levels of the days in view (none in comfortable rows). */
  strip: LevelRun[];
  bars: PlacedBar[];
}

/** A bar found at a point: the assignment, its row's index and its placed x and width. */
export interface Hit {
  a: AssignmentDto;
  row: number;
  x: number;
  w: number;
}

/**
 * The rows `[range.first, range.last)`, their overbooked days and their bars within the days
 * `[days.first, days.last)`, placed (content pixels, day `origin` at x = 0, `px` a day).
 */
export function placeRows(
  rows: readonly Row[],
  { tops, heights }: { tops: readonly number[]; heights: readonly number[] },
  range: { first: number; last: number },
  days: { first: Day; last: Day },
  origin: Day,
  px: number,
  tentative = true,
  heat: { unit: "day" | "week"; weekStart: number } | null = null,
  density: Density = "comfortable",
  keys: readonly string[] | null = null,
  focus: readonly (string | null)[] | null = null,
  /** The rows placed last time: each comes back itself if nothing it is placed by changed. */
  last: readonly PlacedRow[] = [],
): PlacedRow[] {
  const heatKey = heat ? `${heat.unit}|${heat.weekStart}` : "";
  const before = new Map(last.map((p) => [p.key, p]));
  return rows.slice(range.first, range.last).map((row, i) => {
    const index = range.first + i;
    const top = tops[index] ?? 0;
    // The same row placed as last time while nothing it is placed by changed: a scroll down
    // through the rows keeps all but the rows coming into view (compact rows put four times the
    // plain view's on a screen, and placing each anew every frame showed in a fling's frames).
    const at: PlaceKey = {
      index,
      top,
      height: heights[index] ?? 0,
      first: days.first,
      last: days.last,
      origin,
      px,
      tentative,
      heat: heatKey,
      density,
      key: keys?.[index] ?? row.person.id,
      focus: focus?.[index] ?? null,
    };
    const was = before.get(at.key);
    const held = was && placedBy.get(was);
    if (was && held && held.row === row && samePlace(held.at, at)) return was;
    // Compact: the row's lanes share its one line.
    const compactLane = (COMPACT_ROW_H - COMPACT_PAD) / Math.max(1, row.lanes);
    const [pad, laneH, barH] =
      density === "compact" ? [COMPACT_PAD, compactLane, Math.max(2, compactLane - 1)] : [PAD, LANE_H, BAR_H];
    const placedRow: PlacedRow = {
      person: row.person,
      index,
      key: at.key,
      focus: at.focus,
      top,
      height: at.height,
      over: dayRuns(overIn(row, days.first, days.last, tentative)),
      closed: dayRuns(closedIn(row, days.first, days.last)),
      away: row.away
        .filter((s) => s.end > days.first && s.start < days.last)
        .map((s) => ({ from: s.start, to: s.end, partial: s.t.minutes !== null })),
      heat: heat
        ? heatCells(
            // Whole weeks around the days laid out, so a week's cell is the same wherever it is cut.
            loadsIn(row, days.first - 7, days.last + 7),
            days.first - 7,
            days.last + 7,
            heat.unit,
            heat.weekStart,
            tentative,
          ).filter((c) => c.to > days.first && c.from < days.last)
        : [],
      strip: density === "compact" ? stripIn(row, days.first, days.last, tentative) : [],
      bars: row.bars
        .filter((b) => b.end > days.first && b.start < days.last)
        .map((b) =>
          placed(
            b,
            (b.start - origin) * px + 1,
            (b.end - b.start) * px - 2,
            top + pad / 2 + (row.lane.get(b.id) ?? 0) * laneH,
            barH,
          ),
        ),
    };
    placedBy.set(placedRow, { row, at });
    return placedRow;
  });
}

/** What a row is placed by (placeRows): the same, the same placed row. */
interface PlaceKey {
  index: number;
  top: number;
  height: number;
  first: Day;
  last: Day;
  origin: Day;
  px: number;
  tentative: boolean;
  heat: string;
  density: Density;
  key: string;
  focus: string | null;
}
const samePlace = (a: PlaceKey, b: PlaceKey): boolean =>
  a.index === b.index &&
  a.top === b.top &&
  a.height === b.height &&
  a.first === b.first &&
  a.last === b.last &&
  a.origin === b.origin &&
  a.px === b.px &&
  a.tentative === b.tentative &&
  a.heat === b.heat &&
  a.density === b.density &&
  a.key === b.key &&
  a.focus === b.focus;
/** What each placed row was placed from and by (a row object is made anew whenever what it
 * holds changes): kept as long as the placed row is (the rows in view, the last time). */
const placedBy = new WeakMap<PlacedRow, { row: Row; at: PlaceKey }>();

const placedCache = new WeakMap<RowBar, PlacedBar>();

/** A bar placed at (x, y), w wide: the same object as last time if it is where it was (a scroll
 * lays the rows in view out on most frames; the hit layer then has nothing to update for it). */
function placed(b: RowBar, x: number, w: number, y: number, h: number): PlacedBar {
  const last = placedCache.get(b);
  if (last && last.x === x && last.w === w && last.y === y && last.h === h) return last;
  const p = { id: b.id, a: b.a, x, w, y, h };
  placedCache.set(b, p);
  return p;
}

/** The bar at a point of the pane (content pixels) among the placed rows: the one hit test. */
export function barAt(shown: readonly PlacedRow[], x: number, y: number): Hit | null {
  for (const r of shown) {
    if (y < r.top || y >= r.top + r.height) continue;
    for (const b of r.bars)
      if (x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h)
        return { a: b.a, row: r.index, x: b.x, w: b.w };
  }
  return null;
}

/** The placed bar `id` among the placed rows, as a hit: in row `row` if given (a person in two
 * sections has each bar twice), else the first. */
export function placedBar(shown: readonly PlacedRow[], id: string, row?: number): Hit | null {
  for (const r of shown) {
    if (row !== undefined && r.index !== row) continue;
    for (const b of r.bars) if (b.id === id) return { a: b.a, row: r.index, x: b.x, w: b.w };
  }
  return null;
}
