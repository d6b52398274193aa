// The working-time dialog's rules (WorkingTimeDialog.svelte): a week of hours as typed, read
// back into minutes; a person's schedule with a week from a day on (a contract change keeps the
// old hours before it). Pure, tested in workingTime.test.ts; the Rust side checks the ranges.
import type { ScheduleDto } from "../../ipc";

/** Hours as people type them ("8", "7.5", "7,5", "" for none) → minutes; null if unreadable. */
export function minutesOf(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (t === "") return 0;
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  return Math.round(Number(t) * 60);
}

/** Minutes as the fields show them ("8", "7.5", "" for none). */
export const hoursText = (minutes: number): string => (minutes === 0 ? "" : String(minutes / 60));

/** Seven typed days → minutes, or null if one cannot be read. */
export function weekOf(texts: readonly string[]): number[] | null {
  const week = texts.map(minutesOf);
  return week.every((m): m is number => m !== null) ? week : null;
}

/** The week that holds on `day` (ISO; null: the one that holds before every change). */
export function weekOn(s: ScheduleDto, day: string | null): number[] {
  const sorted = [...s.weeks].sort((a, b) => (a.from ?? "").localeCompare(b.from ?? ""));
  let week = sorted[0]?.week ?? [];
  for (const w of sorted) if (w.from === null || (day !== null && w.from <= day)) week = w.week;
  return week;
}

/**
 * The schedule with `week` from `from` on (replacing a change on that very day; before it, what
 * held: the person's own weeks, or the team's week), or — with no day — `week` always (every
 * change dropped). The first and last working day as given.
 */
export function withWeek(
  base: ScheduleDto | null,
  teamWeek: readonly number[],
  week: number[],
  from: string | null,
  firstDay: string | null,
  lastDay: string | null,
): ScheduleDto {
  if (from === null) return { weeks: [{ from: null, week }], firstDay, lastDay };
  const before = base?.weeks ?? [{ from: null, week: [...teamWeek] }];
  return { weeks: [...before.filter((w) => w.from !== from), { from, week }], firstDay, lastDay };
}
