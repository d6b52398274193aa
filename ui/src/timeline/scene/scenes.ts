// What the canvases paint, built from the rows and days in view: the pane's scene, the date
// header's and the name column's (paint.ts paints them). Pure, tested in scenes.test.ts.
import type { Lang } from "../../i18n";
import type { AssignmentDto, PersonDto, ProjectDto } from "../../ipc";
import { allocationText } from "../model/allocation";
import { type Day, dateOf, isWeekend, weekday } from "../model/dates";
import type { Level } from "../model/load";
import { demandText, figures, figuresText, hoursShort } from "../model/period";
import type { WeekHours } from "../model/sections";
import { textOn } from "./color";
import { heatText } from "./heat";
import type { Zoom } from "./layout";
import type { PlacedRow } from "./placement";
import type { Row } from "./rowData";
import type { SectionHeader } from "./rows.svelte";

/** The height of compact rows' load strip (the painter insets a pixel each side: two are seen, under the bars). */
const STRIP_H = 4;
/** The least row height a name has its role and group painted under it in. */
const DETAIL_ROW_H = 30;
/** The least bar height a bar's text is painted in (12 px text). */
const MIN_TEXT_H = 14;

import type { HeaderScene, NamesScene, Palette, Scene } from "./sceneTypes";

/** A month label's width in the date header (CSS pixels). */
export const MONTH_LABEL_W = 96;

/** The app's light colours: the palette until the CSS variables are read. */
export const LIGHT: Palette = {
  bg: "#ffffff",
  fg: "#1d2330",
  muted: "#6b7280",
  header: "#f9fafb",
  weekend: "#f3f4f6",
  line: "#e5e7eb",
  today: "#e4572e",
  overbooked: "#e4572e33",
  away: "#94a3b855",
  heat: { free: "#deebf7", part: "#9ecae1", full: "#3182bd", over: "#e6550d" },
};

/** A bar's colour when its project is not known (yet). */
export const NO_COLOR = "#888888";

export interface PaneInput {
  contentHeight: number;
  palette: Palette;
  family: string;
  /** The days laid out. */
  days: readonly Day[];
  origin: Day;
  px: number;
  today: Day;
  shown: readonly PlacedRow[];
  projects: Record<string, ProjectDto>;
  faded: (a: AssignmentDto) => boolean;
  /** The bar being dragged, if one is. */
  dragging: string | undefined;
  /** The weekday weeks start on (0 = Monday … 6 = Sunday: ui.dates.weekStart). */
  weekStart: number;
  /** The language bars write their allocation in ("4h", "4時間"); English if not given. */
  lang?: Lang;
  /** The heatmap instead of the bars (the rows' cells: rows.svelte.ts). */
  heatmap?: boolean;
  /** The sections' headers in view (grouped rows). */
  sections?: readonly SectionHeader[];
  /** The project view: each shown section's project hours by week (rows.svelte.ts). */
  sectionWeeks?: ReadonlyMap<string, readonly WeekHours[]>;
}

/** The least room a day has for weeks to be marked (the week zoom's; at the month zoom the
 * lines would be every 42 px, as busy as the bars). */
const WEEK_LINES_PX = 20;

/** The pane: weekends, row lines, overbooked days, the today line and the bars in view. */
export function paneScene(p: PaneInput): Scene {
  const { origin, px, projects } = p;
  return {
    contentHeight: p.contentHeight,
    palette: p.palette,
    font: `12px ${p.family}`,
    shades: p.days.filter(isWeekend).map((d) => ({ x: (d - origin) * px, w: px })),
    weeks:
      px >= WEEK_LINES_PX
        ? p.days.filter((d) => weekday(d) === p.weekStart).map((d) => (d - origin) * px)
        : [],
    rowLines: p.shown.map((r) => r.top + r.height - 1),
    bands: (p.sections ?? []).map((s) => ({
      y: s.top,
      h: s.h,
      cells: (p.sectionWeeks?.get(s.key) ?? [])
        .filter((w) => w.minutes > 0)
        .map((w) => ({
          x: (w.from - origin) * px,
          w: (w.to - w.from) * px,
          text: hoursShort(w.minutes, p.lang ?? "en"),
        })),
    })),
    // A person's days without work (holidays, days off in their week): shaded as weekends are.
    closed: p.shown.flatMap((r) =>
      r.closed.map((c) => ({ x: (c.from - origin) * px, y: r.top, w: (c.to - c.from) * px, h: r.height })),
    ),
    // Time off: the whole row's height, or its lower half for some hours of each day.
    away: p.shown.flatMap((r) =>
      r.away.map((a) => ({
        x: (a.from - origin) * px,
        y: a.partial ? r.top + r.height / 2 : r.top,
        w: (a.to - a.from) * px,
        h: a.partial ? r.height / 2 : r.height,
      })),
    ),
    // On the heatmap the cells say it (an over cell is its own colour).
    over: (p.heatmap ? [] : p.shown).flatMap((r) =>
      r.over.map((o) => ({ x: (o.from - origin) * px, y: r.top, w: (o.to - o.from) * px, h: r.height })),
    ),
    today: { x: (p.today - origin) * px, w: 2 },
    heat: p.shown.flatMap((r) =>
      r.heat
        .filter((c) => c.level !== "noCapacity")
        .map((c) => {
          const level = c.level as Exclude<Level, "noCapacity">;
          return {
            x: (c.from - origin) * px,
            y: r.top,
            w: (c.to - c.from) * px,
            h: r.height,
            color: p.palette.heat[level],
            text: heatText(c),
            // Dark text on the light levels, the background's on the dark ones (either theme).
            textColor: level === "free" || level === "part" ? p.palette.fg : p.palette.bg,
          };
        }),
    ),
    // Compact rows' load strip: the row's runs of days of one level, a thin line under the bars,
    // no text; the runs themselves (kept per row and chunk), not an object a run each frame.
    strips: p.heatmap
      ? []
      : p.shown
          .filter((r) => r.strip.length > 0)
          .map((r) => ({ y: r.top + r.height - STRIP_H, h: STRIP_H, runs: r.strip })),
    origin,
    px,
    bars: p.heatmap
      ? []
      : p.shown.flatMap((r) =>
          r.bars.map((b) => {
            const color = projects[b.a.projectId]?.color ?? NO_COLOR;
            const tentative = b.a.status === "tentative";
            return {
              x: b.x,
              y: b.y,
              w: b.w,
              h: b.h,
              color,
              // No text on a bar too thin for it (the compact density's).
              text:
                b.h >= MIN_TEXT_H ? barText(projects[b.a.projectId]?.name ?? "", b.a, p.lang ?? "en") : "",
              // A tentative bar is light and hatched (paint.ts): its text is the pane's own colour.
              textColor: tentative ? p.palette.fg : textOn(color),
              tentative,
              // As the bars' CSS had it: faded 0.2 (another project searched for, or in the
              // project view the row's other work), pending 0.7, dragged 0.4, multiplied.
              alpha:
                (p.faded(b.a) || (r.focus !== null && b.a.projectId !== r.focus) ? 0.2 : 1) *
                (b.a.version === 0 ? 0.7 : 1) *
                (b.id === p.dragging ? 0.4 : 1),
            };
          }),
        ),
  };
}

/** A bar's text: ↻ before a repeated booking's, its project, and its allocation unless it is the
 * whole working day. */
export function barText(project: string, a: AssignmentDto, lang: Lang): string {
  const allocation = allocationText(a.allocation, lang);
  const name = a.series ? `↻ ${project}` : project;
  return allocation ? `${name} · ${allocation}` : name;
}

// One formatter per language (making one costs far more than using it).
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day in the date header: at the day zoom its number and weekday as the language writes them
 * ("2 Mon", "2(月)"), at the week zoom its number, at the month zoom nothing.
 */
export function dayLabel(d: Day, zoom: Zoom, lang = "en"): string {
  if (zoom === "month") return "";
  if (zoom === "week") return String(Number(dateOf(d).slice(8)));
  let f = weekdayFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { weekday: "short", day: "numeric", timeZone: "UTC" });
    weekdayFormats.set(lang, f);
  }
  return f.format(new Date(dateOf(d)));
}

/** The date header's day columns. */
export function headerDays(
  days: readonly Day[],
  origin: Day,
  px: number,
  zoom: Zoom,
  today: Day,
  lang = "en",
): HeaderScene["days"] {
  return days.map((d) => ({
    x: (d - origin) * px,
    w: px,
    text: dayLabel(d, zoom, lang),
    weekend: isWeekend(d),
    today: d === today,
  }));
}

/**
 * The date header: month names at `months` (layout.ts, monthLabels), each with room up to the
 * next, over the day columns `days`.
 */
export function headerScene(
  palette: Palette,
  family: string,
  months: readonly { day: Day; x: number }[],
  monthName: (d: Day) => string,
  days: HeaderScene["days"],
): HeaderScene {
  return {
    palette,
    family,
    months: months.map((m, i) => ({
      x: m.x,
      text: monthName(m.day),
      room: Math.min(MONTH_LABEL_W, (months[i + 1]?.x ?? Number.POSITIVE_INFINITY) - m.x),
    })),
    days,
  };
}

// One formatter per language (making one costs far more than using it).
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** The month and year of `d`, short, in language `lang`. */
export function monthName(d: Day, lang: string): string {
  let f = monthFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { month: "short", year: "numeric", timeZone: "UTC" });
    monthFormats.set(lang, f);
  }
  return f.format(new Date(dateOf(d)));
}

const NO_SECTIONS = { shown: [], name: () => "" };

/**
 * The name column: each row in view with its person's name and figures over the period
 * `[from, to)` — hours booked, hours free, the share of capacity booked (period.ts; "–" while part
 * of the period is not loaded) — and the cursor's row.
 */
export function namesScene(
  palette: Palette,
  family: string,
  shown: readonly PlacedRow[],
  rows: readonly Row[],
  period: { from: Day; to: Day; partlyMissing: boolean; tentative?: boolean; lang?: string; toHire?: string },
  cursorRow: number,
  /** What is said after a person's name, muted (their role and group): none by default. */
  detail: (p: PersonDto) => string = () => "",
  /** The sections' headers in view (grouped rows) and the name of each: none by default. */
  sections: { shown: readonly SectionHeader[]; name: (s: SectionHeader) => string } = NO_SECTIONS,
): NamesScene {
  const { from, to, tentative = true, lang = "en", toHire = "to hire" } = period;
  return {
    palette,
    family,
    headers: sections.shown.map((s) => ({
      y: s.top,
      h: s.h,
      name: `${sections.name(s)} · ${s.people}`,
      load: period.partlyMissing ? "–" : figuresText(s.figures, lang),
      collapsed: s.collapsed,
    })),
    rows: shown.map((r) => {
      const row = rows[r.index];
      return {
        y: r.top,
        h: r.height,
        name: r.person.name,
        // Under the name only where two lines fit (not in the compact density's one line).
        detail: r.height >= DETAIL_ROW_H ? detail(r.person) : "",
        load:
          period.partlyMissing || !row
            ? "–"
            : r.person.placeholder
              ? demandText(figures(row, from, to, tentative), lang, toHire)
              : figuresText(figures(row, from, to, tentative), lang),
        current: r.index === cursorRow,
        ...(r.person.placeholder ? { placeholder: true } : {}),
      };
    }),
  };
}
