// What the timeline shows of the plan, and how it gets there: people, projects, the assignments
// of the windows loaded so far, capacity's items, the notice; the windows read (and read again),
// and the few ways what is shown changes, each marking what a read answered late must leave
// alone (touched.ts). The edits (plan.svelte.ts) and the live view (planLive.ts) build on it.
import { MESSAGES } from "../../i18n";
import type { AssignmentDto, ProjectDto, ResourceDto, TimelineDto, Unreadable } from "../../ipc";
import { Capacity } from "./capacity.svelte";
import { chunkRange, chunksToLoad } from "./chunks";
import { type Day, dayOf, withinPlan } from "./dates";
import { type Edit, History } from "./history";
import type { UnconfirmedEdit } from "./offline";
import { byName, codeOf, type Notice, type PlanApi, type Say, windowOf } from "./planApi";
import { type Asked, KEY, Touched } from "./touched";

const { bar: BAR, person: PERSON, project: PROJECT } = KEY;

export class PlanState {
  teamName: string = $state("");
  /** How many days the team's activity log is kept (its admins set it). */
  feedDays: number = $state(396);
  // Raw state: each change replaces the whole value (never mutated in place), so the thousands of
  // assignments are plain objects, not deep reactive proxies (cheaper to build and to read).
  byId: Record<string, AssignmentDto> = $state.raw({});
  people: ResourceDto[] = $state.raw([]);
  projects: ProjectDto[] = $state.raw([]);
  notice: Notice | null = $state(null);
  canUndo = $state(false);
  canRedo = $state(false);
  /** Edits written but not yet answered. */
  pending = $state(0);
  /** Changes whose answer was lost with the connection: checked when it is back. */
  unsure: UnconfirmedEdit[] = $state.raw([]);
  /** Windows (chunk numbers) the offline copy does not hold: shown as not loaded. */
  missing: number[] = $state.raw([]);

  /** Working weeks, holidays and time off (capacity.svelte.ts). */
  readonly capacity: Capacity;

  protected readonly history = new History();
  protected readonly loaded = new Set<number>();
  /** What changed here while a window or a reload was on its way (its answer is older). */
  protected readonly touched = new Touched();

  constructor(
    initial: TimelineDto,
    protected readonly api: PlanApi,
    protected readonly say: Say,
  ) {
    this.capacity = new Capacity(initial, api, this.touched);
    this.teamName = initial.teamName;
    this.feedDays = initial.feedDays;
    this.people = [...initial.resources].sort(byName);
    this.projects = [...initial.projects].sort(byName);
    this.byId = Object.fromEntries(initial.assignments.map((a) => [a.id, a]));
    this.tellUnreadable(initial.unreadable);
    // Only the days whose assignments all came (offline, the copy may hold part of the window).
    for (const w of initial.loaded) {
      const from = dayOf(w.from);
      const to = dayOf(w.to);
      for (const c of chunksToLoad(from, to, new Set())) {
        const r = chunkRange(c);
        if (r.from >= from && r.to <= to) this.loaded.add(c);
      }
    }
  }

  // ---- reading -------------------------------------------------------------------------------

  /** Loads the windows of `[first, last)` not loaded yet; a failed one is tried again later. */
  ensureLoaded(first: Day, last: Day): void {
    const skip = new Set([...this.loaded, ...this.missing]);
    for (const c of chunksToLoad(withinPlan(first), withinPlan(last) + 1, skip)) {
      this.loaded.add(c);
      const w = windowOf(c);
      const asked = this.touched.ask();
      this.api
        .loadWindow(w.from, w.to)
        .then((window) => {
          this.tellUnreadable(window.unreadable);
          this.capacity.loaded(window, asked);
          // Only what is new or changed: a window that brings nothing new (the usual case
          // when scrolling back and forth) must not make every row lay out its lanes again.
          // And not what changed here after it was asked: the window's copy is older.
          const fresh = window.assignments.filter(
            (a) =>
              this.byId[a.id]?.version !== a.version &&
              !this.touched.since(BAR(a.id), asked) &&
              !this.ownerGone(a, asked),
          );
          if (!fresh.length) return;
          const next = { ...this.byId };
          for (const a of fresh) next[a.id] = a;
          this.byId = next;
        })
        .catch((e) => {
          this.loaded.delete(c);
          // Offline, days the copy does not hold are shown as such (and asked again once back).
          if (codeOf(e) === "not_loaded") this.missing = [...this.missing, c];
          else this.fail(e);
        })
        .finally(() => this.touched.done());
    }
  }

  /**
   * Reads again everything loaded so far: people, projects and every window (after a conflict).
   * What changed here while it was on its way (an edit saved, a delete, a change seen live) stays
   * as it is now: the reload's copy of it is older.
   */
  async reload(): Promise<void> {
    const asked = this.touched.ask();
    try {
      const chunks = [...this.loaded];
      const [catalog, ...windows] = await Promise.all([
        this.api.catalog(),
        ...chunks.map((c) => {
          const w = windowOf(c);
          return this.api.loadWindow(w.from, w.to);
        }),
      ]);
      this.tellUnreadable([...catalog.unreadable, ...windows.flatMap((w) => w.unreadable)]);
      const { touched } = this;
      this.people = touched.newerOf(catalog.resources, this.people, (p) => PERSON(p.id), asked).sort(byName);
      this.projects = touched
        .newerOf(catalog.projects, this.projects, (p) => PROJECT(p.id), asked)
        .sort(byName);
      // (Not taken as versions this window wrote: an edit or an undo from what was shown before
      // the reload must still meet someone else's change as a conflict, not overwrite it.)
      // What was read again replaces what was shown there; windows loaded meanwhile (a scroll
      // during the reload) keep what they brought.
      const ranges = chunks.map((c) => chunkRange(c));
      this.capacity.reread(
        ranges,
        { timeOff: windows.flatMap((w) => w.timeOff), holidays: windows.flatMap((w) => w.holidays) },
        asked,
      );
      const reread = (a: AssignmentDto) =>
        ranges.some((r) => dayOf(a.startDate) < r.to && dayOf(a.endDateExclusive) > r.from);
      const found = windows.flatMap((w) => w.assignments).filter((a) => !this.ownerGone(a, asked));
      const shown = Object.values(this.byId);
      const outside = shown.filter((a) => !reread(a));
      const fresh = touched.newerOf(found, shown, (a) => BAR(a.id), asked);
      this.byId = Object.fromEntries([...outside, ...fresh].map((a) => [a.id, a]));
    } finally {
      this.touched.done();
    }
  }

  /** Whether `a`'s person or project was deleted here after a read was asked (its answer still
   * has their bars). */
  private ownerGone(a: AssignmentDto, asked: Asked): boolean {
    return (
      this.touched.since(KEY.personGone(a.resourceId), asked) ||
      this.touched.since(KEY.projectGone(a.projectId), asked)
    );
  }

  // ---- what is shown, changed here ----------------------------------------------------------

  /** The version of each person and project this window wrote last. */
  protected readonly rowsWritten = new Map<string, number>();

  /** The newest version seen of each assignment (kept across deletes, for undo). */
  protected readonly versions = new Map<string, number>();

  protected put(a: AssignmentDto): void {
    if (a.version > 0) this.versions.set(a.id, a.version);
    this.display(a);
  }

  protected display(a: AssignmentDto): void {
    this.touched.mark(BAR(a.id));
    this.byId = { ...this.byId, [a.id]: a };
  }

  protected drop(id: string): void {
    this.touched.mark(BAR(id));
    const { [id]: _, ...rest } = this.byId;
    this.byId = rest;
  }

  // People and projects shown changed (in name order; one no longer shown stays gone: a rename's
  // answer must not bring back someone deleted meanwhile), added (`add`), or gone.
  protected showPerson(p: ResourceDto, add = false): void {
    this.people = this.shownWith(this.people, p, add, PERSON);
  }

  protected dropPerson(id: string): void {
    this.people = this.shownWithout(this.people, id, PERSON, KEY.personGone);
  }

  protected showProject(p: ProjectDto, add = false): void {
    this.projects = this.shownWith(this.projects, p, add, PROJECT);
  }

  protected dropProject(id: string): void {
    this.projects = this.shownWithout(this.projects, id, PROJECT, KEY.projectGone);
  }

  private shownWith<T extends { id: string; name: string }>(
    xs: T[],
    x: T,
    add: boolean,
    key: (id: string) => string,
  ): T[] {
    const shown = xs.some((y) => y.id === x.id);
    if (!shown && !add) return xs;
    this.touched.mark(key(x.id));
    return (shown ? xs.map((y) => (y.id === x.id ? x : y)) : [...xs, x]).sort(byName);
  }

  private shownWithout<T extends { id: string }>(
    xs: T[],
    id: string,
    key: (id: string) => string,
    gone: (id: string) => string,
  ): T[] {
    this.touched.mark(key(id));
    this.touched.mark(gone(id));
    return xs.filter((x) => x.id !== id);
  }

  /** Bars of a deleted person or project go, with every edit that mentions them. */
  protected dropWhere(test: (a: AssignmentDto) => boolean): void {
    for (const a of Object.values(this.byId)) if (test(a)) this.touched.mark(BAR(a.id));
    this.byId = Object.fromEntries(Object.entries(this.byId).filter(([, a]) => !test(a)));
    const gone = (e: Edit) =>
      (e.kind === "create" && test(e.after)) ||
      (e.kind === "delete" && test(e.before)) ||
      (e.kind === "update" && (test(e.before) || test(e.after)));
    this.history.forget(gone);
    this.syncHistory();
  }

  // ---- messages ------------------------------------------------------------------------------

  /** Keys of the items a read named as unreadable, each said once. */
  protected readonly unreadable = new Set<string>();

  /** Items the table holds that could not be read back: not shown; the notice names them. */
  tellUnreadable(found: readonly Unreadable[]): void {
    const fresh = found.filter((u) => !this.unreadable.has(u.key));
    if (!fresh[0]) return;
    for (const u of fresh) this.unreadable.add(u.key);
    this.notice = {
      text: MESSAGES[this.say.lang].unreadable(this.unreadable.size, fresh[0].key),
      kind: "error",
    };
  }

  fail(e: unknown): void {
    const text = codeOf(e) === "conflict" ? MESSAGES[this.say.lang].conflictReloaded : this.say.error(e);
    this.notice = { text, kind: "error" };
  }

  protected syncHistory(): void {
    this.canUndo = this.history.canUndo;
    this.canRedo = this.history.canRedo;
  }
}
