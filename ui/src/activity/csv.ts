// The activity screen's CSV file: the entries shown (the filter's, as far as they were loaded),
// one line each. Written as the report's CSV is (Rust's `Report::to_csv`): RFC 4180, quoted where
// needed, CRLF line ends, UTF-8 with a byte-order mark so that Excel reads Japanese names. The
// window builds it (the sentences are in its language) from the days asked for, read page by
// page; the Rust side saves it where the OS's save dialog says (`save_activity_csv`).
import type { ActivityPageDto, LiveItemDto } from "../ipc";
import { type Say, sentence, whoName } from "./sentences";

/** The columns: machine-readable where the value is (time, kind, action, ids), then words. */
export const HEADER = ["at", "by", "who", "kind", "action", "item", "description"] as const;

/** One field: quoted if it holds a comma, a quote, a line break or edge spaces (quotes doubled). */
export function field(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first: a
 * name typed so) kept as text, with a leading apostrophe.
 */
export const inert = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Lines of fields as a CSV file's text (with the byte-order mark). */
export function csvText(lines: readonly (readonly string[])[]): string {
  return `\u{feff}${lines.map((l) => `${l.map(field).join(",")}\r\n`).join("")}`;
}

/** The entries as the CSV file's text: the header, then a line per entry, newest first. */
export function activityCsv(items: readonly LiveItemDto[], say: Say): string {
  const lines = items.map((i) => [
    i.at,
    i.by,
    inert(whoName(i, say)),
    i.kind,
    i.action,
    i.item,
    inert(sentence(i, say)),
  ]);
  return csvText([HEADER, ...lines]);
}

/** The writer's epoch milliseconds in a feed cursor (`FEED#{13 digits}#…`); Infinity if none. */
export const cursorMillis = (cursor: string): number =>
  Number(/^FEED#(\d{13})#/.exec(cursor)?.[1] ?? Number.POSITIVE_INFINITY);

/** Records read per page for a file, and pages at most (a file holds up to 20,000 entries). */
export const FILE_PAGE = 200;
export const FILE_PAGES = 100;

/**
 * The entries of the last `days` days (`now` in epoch ms) that `ask` reads, newest first, page
 * by page until one older than that; `complete` false when the page limit stopped it first.
 */
export async function entriesSince(
  ask: (before: string | null) => Promise<ActivityPageDto>,
  days: number,
  now: number,
): Promise<{ items: LiveItemDto[]; complete: boolean }> {
  const since = now - days * 86_400_000;
  const items: LiveItemDto[] = [];
  let before: string | null = null;
  for (let page = 0; page < FILE_PAGES; page++) {
    const got = await ask(before);
    for (const item of got.items) {
      if (Date.parse(item.at) < since) return { items, complete: true };
      items.push(item);
    }
    if (!got.more || got.cursor === null) return { items, complete: true };
    // A narrow filter may keep nothing of a page: the cursor's time says how far back it read.
    if (cursorMillis(got.cursor) < since) return { items, complete: true };
    before = got.cursor;
  }
  return { items, complete: false };
}
