// Which items changed here while a read was on its way. A window or a reload is read at one
// moment and answered later; an edit saved, a delete, or someone else's change shown in between
// is newer than what the answer holds, so the answer must leave those items as they are now (a
// drag made while the days of "Go to" were loading was put back by their late answer).
//
// Items are named by a key the callers choose ("a:<id>" for an assignment, and so on). Only
// changes made while some read is out are kept: once none is, nothing needs them.

/** The keys of what a late read must leave alone: an item changed here, or everything of a
 * person, project or calendar deleted here (a window on its way still has their bars, time off
 * or holidays). */
export const KEY = {
  bar: (id: string) => `a:${id}`,
  person: (id: string) => `p:${id}`,
  project: (id: string) => `j:${id}`,
  timeOff: (id: string) => `t:${id}`,
  holiday: (calendarId: string, day: string) => `h:${calendarId}|${day}`,
  personGone: (id: string) => `p-gone:${id}`,
  projectGone: (id: string) => `j-gone:${id}`,
  calendarGone: (id: string) => `c-gone:${id}`,
};

/** What a read's answer brings back to {@link Touched.since}: the moment it was asked. */
export type Asked = number;

/** For an answer that is not late (the first load): nothing changed here after it. */
export const FIRST: Asked = Number.POSITIVE_INFINITY;

export class Touched {
  private clock = 0;
  private out = 0;
  private readonly at = new Map<string, number>();

  /** A read is asked now; call {@link done} once its answer was taken (or it failed). */
  ask(): Asked {
    this.out++;
    return this.clock;
  }

  /** A read asked with {@link ask} was answered. */
  done(): void {
    this.out = Math.max(0, this.out - 1);
    if (this.out === 0) this.at.clear();
  }

  /** `key` changed here now. */
  mark(key: string): void {
    this.clock++;
    if (this.out > 0) this.at.set(key, this.clock);
  }

  /** Whether `key` changed after a read asked at `asked`: its answer is older for that item. */
  since(key: string, asked: Asked): boolean {
    return (this.at.get(key) ?? 0) > asked;
  }

  /** What a read asked at `asked` found, but the items changed here since as `now` has them
   * (and not at all if gone). */
  newerOf<T>(found: readonly T[], now: readonly T[], key: (x: T) => string, asked: Asked): T[] {
    const changed = (x: T) => this.since(key(x), asked);
    return [...found.filter((x) => !changed(x)), ...now.filter(changed)];
  }
}
