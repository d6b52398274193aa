// How the plan gets what it shows: the windows of days read as the timeline scrolls (each chunk
// once; offline, days the copy lacks are marked missing), and everything loaded read again (after
// a conflict, a reconnection, or news the live view cannot apply). An answer is merged into what
// is shown (shown.svelte.ts) leaving alone what changed here after it was asked (touched.ts).
import type { AssignmentDto, TimelineDto, WindowItemsDto } from "../../ipc";
import { chunkRange, chunksToLoad, chunksWithin } from "./chunks";
import { unpackAssignments } from "./columns";
import { type Day, dayOf, withinPlan } from "./dates";
import { byName, codeOf, type PlanApi, windowOf } from "./planApi";
import type { Shown } from "./shown.svelte";
import { type Asked, KEY } from "./touched";

const { bar: BAR, person: PERSON, project: PROJECT } = KEY;

export class Loader {
  /** The chunks read (or being read). */
  private readonly loaded = new Set<number>();

  constructor(
    private readonly shown: Shown,
    private readonly api: PlanApi,
    initial: TimelineDto,
  ) {
    // Only the days whose assignments all came (offline, the copy may hold part of the window).
    for (const w of initial.loaded)
      for (const c of chunksWithin(dayOf(w.from), dayOf(w.to))) this.loaded.add(c);
  }

  /** Loads the windows of `[first, last)` not loaded yet; a failed one is tried again later. */
  ensureLoaded(first: Day, last: Day): void {
    const skip = new Set([...this.loaded, ...this.shown.missing]);
    for (const c of chunksToLoad(withinPlan(first), withinPlan(last) + 1, skip)) {
      this.loaded.add(c);
      const w = windowOf(c);
      const asked = this.shown.touched.ask();
      this.api
        .loadWindow(w.from, w.to)
        .then((window) => this.take(window, asked))
        .catch((e) => {
          this.loaded.delete(c);
          // Offline, days the copy does not hold are shown as such (and asked again once back).
          if (codeOf(e) === "not_loaded") this.shown.missing = [...this.shown.missing, c];
          else this.shown.fail(e);
        })
        .finally(() => this.shown.touched.done());
    }
  }

  /**
   * A total is spread over the working days of its whole range: when one is shown on days whose
   * time off and holidays were not read (a drag or an edit took it there), those days are read,
   * so that its figures are the ones any window would give. The window read brings what its
   * totals reach (the Rust side's `WindowItems::reach`); a failure leaves it to the next read.
   */
  ensureReach(a: AssignmentDto): void {
    if (a.allocation.kind !== "total") return;
    const from = dayOf(a.startDate);
    const to = dayOf(a.endDateExclusive);
    if (this.reached.some((r) => r.from <= from && to <= r.to)) return;
    const inChunks = chunksToLoad(from, to, new Set()).every((c) => this.loaded.has(c));
    if (inChunks) return;
    this.reached.push({ from, to });
    const asked = this.shown.touched.ask();
    this.api
      .loadWindow(a.startDate, a.endDateExclusive)
      .then((window) => this.take(window, asked))
      .catch(() => {
        this.reached = this.reached.filter((r) => r.from !== from || r.to !== to);
      })
      .finally(() => this.shown.touched.done());
  }

  /** The days of totals read for their reach (beyond the chunks loaded). */
  private reached: { from: Day; to: Day }[] = [];

  /** A window's answer joins what is shown. */
  private take(window: WindowItemsDto, asked: Asked): void {
    this.shown.tellUnreadable(window.unreadable);
    this.shown.capacity.loaded(window, asked);
    // Only what is new or changed: a window that brings nothing new (the usual case when
    // scrolling back and forth) must not make every row lay out its lanes again. And not what
    // changed here after it was asked: the window's copy is older.
    const fresh = unpackAssignments(
      window.assignments,
      (id, version) => this.shown.byId[id]?.version !== version && !this.shown.touched.since(BAR(id), asked),
    ).filter((a) => !this.ownerGone(a, asked));
    this.shown.putAll(fresh);
  }

  /**
   * Reads again everything loaded so far: people, projects and every window (after a conflict).
   * What changed here while it was on its way (an edit saved, a delete, a change seen live) stays
   * as it is now: the reload's copy of it is older.
   */
  async reload(): Promise<void> {
    const asked = this.shown.touched.ask();
    try {
      const chunks = [...this.loaded];
      const [catalog, ...windows] = await Promise.all([
        this.api.catalog(),
        ...chunks.map((c) => {
          const w = windowOf(c);
          return this.api.loadWindow(w.from, w.to);
        }),
      ]);
      this.shown.tellUnreadable([...catalog.unreadable, ...windows.flatMap((w) => w.unreadable)]);
      const { touched } = this.shown;
      this.shown.people = touched
        .newerOf(catalog.people, this.shown.people, (p) => PERSON(p.id), asked)
        .sort(byName);
      this.shown.projects = touched
        .newerOf(catalog.projects, this.shown.projects, (p) => PROJECT(p.id), asked)
        .sort(byName);
      this.shown.labels.replace(catalog.labels);
      // (Not taken as versions this window wrote: an edit or an undo from what was shown before
      // the reload must still meet someone else's change as a conflict, not overwrite it.)
      // What was read again replaces what was shown there; windows loaded meanwhile (a scroll
      // during the reload) keep what they brought.
      const ranges = chunks.map((c) => chunkRange(c));
      this.shown.capacity.reread(
        ranges,
        { timeOff: windows.flatMap((w) => w.timeOff), holidays: windows.flatMap((w) => w.holidays) },
        asked,
      );
      const reread = (a: AssignmentDto) =>
        ranges.some((r) => dayOf(a.startDate) < r.to && dayOf(a.endDateExclusive) > r.from);
      const found = windows
        .flatMap((w) => unpackAssignments(w.assignments))
        .filter((a) => !this.ownerGone(a, asked));
      const shown = Object.values(this.shown.byId);
      const outside = shown.filter((a) => !reread(a));
      const fresh = touched.newerOf(found, shown, (a) => BAR(a.id), asked);
      this.shown.replaceAll([...outside, ...fresh]);
    } finally {
      this.shown.touched.done();
    }
  }

  /** Whether `a`'s person or project was deleted here after a read was asked (its answer still
   * has their bars). */
  private ownerGone(a: AssignmentDto, asked: Asked): boolean {
    return (
      this.shown.touched.since(KEY.personGone(a.personId), asked) ||
      this.shown.touched.since(KEY.projectGone(a.projectId), asked)
    );
  }
}
