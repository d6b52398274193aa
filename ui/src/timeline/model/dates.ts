// Calendar days as whole numbers (days since 1970-01-01, UTC calendar, no time zones involved) and
// `YYYY-MM-DD` dates: converting, weekdays and months. Pure, tested in dates.test.ts.

/** A day as a whole number: days since 1970-01-01 (UTC calendar, no time zones involved). */
export type Day = number;

const MS_PER_DAY = 86_400_000;

/** Dates read before, and their days: a plan's dates are a few hundred distinct ones, read again
 * and again (each assignment's two, whenever the rows are laid out: 20,000 for the bench team,
 * which took 20 ms parsed each time). Emptied when it holds `READ_MOST`. */
const read = new Map<string, Day>();
const READ_MOST = 8192;

/** `YYYY-MM-DD` → day number. Throws on anything else, which only a bug can send here. */
export function dayOf(date: string): Day {
  const held = read.get(date);
  if (held !== undefined) return held;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const day = ms / MS_PER_DAY;
  if (dateOf(day) !== date) throw new Error(`not a calendar date: ${date}`);
  if (read.size >= READ_MOST) read.clear();
  read.set(date, day);
  return day;
}

/** Day number → `YYYY-MM-DD`. */
export function dateOf(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. 1970-01-01 was a Thursday. */
export function weekday(day: Day): number {
  return (((day + 3) % 7) + 7) % 7;
}

export function isWeekend(day: Day): boolean {
  return weekday(day) >= 5;
}

/** The first day of the month that `day` is in, and of the month after. */
export function monthOf(day: Day): { start: Day; next: Day } {
  const [y = 1970, m = 1] = dateOf(day).split("-").map(Number);
  const pad = (n: number) => String(n).padStart(2, "0");
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
  return { start: dayOf(`${y}-${pad(m)}-01`), next: dayOf(next) };
}

/** The first and last day a plan can hold (the Rust side's dates: years 1900 to 2999). */
export const FIRST_DAY: Day = dayOf("1900-01-01");
export const LAST_DAY: Day = dayOf("2999-12-31");
/** The day after the last: a window or a range that takes in 2999-12-31 ends (exclusive) on it. */
export const END: Day = LAST_DAY + 1;

/** `day`, kept within the days a plan can hold. */
export const withinPlan = (day: Day): Day => Math.max(FIRST_DAY, Math.min(LAST_DAY, day));
