// The plan is read in chunks of days aligned to day 0: which chunks a range of days needs, the
// days of a chunk, and the spans that chunks make. Pure; tested in chunks.test.ts.
import type { Day } from "./dates";

/** The days of a chunk: the unit the plan is read in. */
export const CHUNK_DAYS = 28;

/**
 * Which windows to fetch so that `[first, last)` is loaded, given what is: the visible range is
 * widened to whole chunks of `chunk` days (aligned to day 0), minus chunks already loaded.
 */
export function chunksToLoad(
  first: Day,
  last: Day,
  loaded: ReadonlySet<number>,
  chunk = CHUNK_DAYS,
): number[] {
  const out: number[] = [];
  for (let c = Math.floor(first / chunk); c * chunk < last; c++) if (!loaded.has(c)) out.push(c);
  return out;
}

/** The chunks wholly inside the days `[from, to)` (what a read of those days loaded). */
export function chunksWithin(from: Day, to: Day, chunk = CHUNK_DAYS): number[] {
  return chunksToLoad(from, to, new Set(), chunk).filter((c) => c * chunk >= from && (c + 1) * chunk <= to);
}

/** The days `[from, to)` of chunk `c`. */
export function chunkRange(c: number, chunk = CHUNK_DAYS): { from: Day; to: Day } {
  return { from: c * chunk, to: (c + 1) * chunk };
}

/** The days `[from, to)` of the chunks in `chunks`, adjacent ones joined, in order. */
export function chunkSpans(chunks: readonly number[], chunk = CHUNK_DAYS): { from: Day; to: Day }[] {
  const out: { from: Day; to: Day }[] = [];
  for (const c of [...new Set(chunks)].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last.to === c * chunk) last.to = (c + 1) * chunk;
    else out.push(chunkRange(c, chunk));
  }
  return out;
}
