// The heatmap: each person's utilisation by day (day zoom) or by week (week and month zoom),
// coloured by level — free, part, full, over — instead of the bars. Pure: tested in heat.test.ts;
// the day loads come from load.ts, per row and chunk (rows.svelte.ts, `loadsIn`).
import type { Lang } from "../../i18n";
import { CAPACITY } from "../capacityWords";
import { hoursOf } from "../model/allocation";
import { type Day, weekday } from "../model/dates";
import { type DayLoad, dayLevel, type Level, periodLevel, periodLoad } from "../model/load";
import { daysLabel } from "./format";

/** One cell: its days `[from, to)`, level and figures (minutes). */
export interface HeatCell {
  from: Day;
  to: Day;
  level: Level;
  capacity: number;
  booked: number;
  percent: number | null;
}

/** The unit of a zoom: days when a day is wide enough to read a cell, else weeks. */
export const heatUnit = (px: number): "day" | "week" => (px >= 40 ? "day" : "week");

/**
 * The cells of `[first, last)` from the person's day loads there (`days`, in day order, covering
 * at least `[first, last)`): a cell a day, or a week (weeks start on `weekStart`, 0 = Monday; the
 * first and last may be cut by the range).
 */
export function heatCells(
  days: readonly DayLoad[],
  first: Day,
  last: Day,
  unit: "day" | "week",
  weekStart: number,
  tentative: boolean,
): HeatCell[] {
  const inRange = days.filter((d) => d.day >= first && d.day < last);
  const cell = (group: readonly DayLoad[]): HeatCell | null => {
    const head = group[0];
    const tail = group[group.length - 1];
    if (!head || !tail) return null;
    const p = periodLoad(group, tentative);
    const booked = p.confirmed + (tentative ? p.tentative : 0);
    const level = group.length === 1 ? dayLevel(p.capacity, booked) : periodLevel(p, tentative);
    const percent = p.capacity > 0 ? Math.floor((booked * 200 + p.capacity) / (p.capacity * 2)) : null;
    return { from: head.day, to: tail.day + 1, level, capacity: p.capacity, booked, percent };
  };
  const out: HeatCell[] = [];
  if (unit === "day") {
    for (const d of inRange) {
      const c = cell([d]);
      if (c) out.push(c);
    }
    return out;
  }
  let week: DayLoad[] = [];
  for (const d of inRange) {
    if (week.length && weekday(d.day) === weekStart) {
      const c = cell(week);
      if (c) out.push(c);
      week = [];
    }
    week.push(d);
  }
  const c = cell(week);
  if (c) out.push(c);
  return out;
}

/** A cell's share as written in it: "75%", nothing without capacity or booking. */
export const heatText = (c: HeatCell): string =>
  c.percent === null ? (c.booked > 0 ? "!" : "") : `${c.percent}%`;

/** A cell's figures in words: its days, hours booked of capacity, free, and the share. */
export function heatFigures(c: HeatCell, lang: Lang, locale: string): string {
  const h = (m: number) => hoursOf(m, lang);
  return CAPACITY[lang].heatCell(
    daysLabel(lang, locale, c.from, c.to - 1),
    h(c.booked),
    h(c.capacity),
    h(Math.max(0, c.capacity - c.booked)),
    c.percent === null ? "" : `${c.percent}%`,
  );
}
