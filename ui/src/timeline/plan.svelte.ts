// The plan the timeline shows and edits: people, projects, and the assignments of the windows
// loaded so far. Every edit goes through here: it shows at once (optimistic), is written through
// the Rust side, and is put back with a message if the write fails; a conflict with someone
// else's edit reloads what is in view. Edits are recorded for undo and redo (history.ts). Its
// contract and the pure parts of its edits are in planApi.ts.
import { MESSAGES } from "../i18n";
import type {
  AssignmentDto,
  LiveItemDto,
  LiveNewsDto,
  ProjectDto,
  ResourceDto,
  ScheduleDto,
  TimelineDto,
  Unreadable,
} from "../ipc";
import { Capacity } from "./capacity.svelte";
import { type Day, dayOf, withinPlan } from "./dates";
import { type Edit, History } from "./history";
import { chunkRange, chunksToLoad } from "./layout";
import { landed, type Unsure } from "./offline";
import {
  byName,
  changeOf,
  codeOf,
  type Fields,
  type Notice,
  newId,
  type PlanApi,
  proposed,
  type Say,
  STALE,
  sameBar,
  windowOf,
} from "./planApi";
import { type Asked, Touched } from "./touched";

// The keys of what a late read must leave alone (touched.ts).
const BAR = (id: string) => `a:${id}`;
const PERSON = (id: string) => `p:${id}`;
const PROJECT = (id: string) => `j:${id}`;

export class Plan {
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
  unsure: Unsure[] = $state.raw([]);
  /** Windows (chunk numbers) the offline copy does not hold: shown as not loaded. */
  missing: number[] = $state.raw([]);

  /** Working weeks, holidays and time off (capacity.svelte.ts). */
  readonly capacity: Capacity;

  private readonly history = new History();
  private readonly loaded = new Set<number>();
  /** What changed here while a window or a reload was on its way (its answer is older). */
  private readonly touched = new Touched();

  constructor(
    initial: TimelineDto,
    private readonly api: PlanApi,
    private readonly say: Say,
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
            (a) => this.byId[a.id]?.version !== a.version && !this.touched.since(BAR(a.id), asked),
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
   * The connection is back: read again what is loaded (others may have changed it), ask again for
   * the windows that were not loaded, and settle each edit whose answer was lost: saved ones join
   * the history, the others are offered to be done again (creates keep their id and updates their
   * version, so doing one again never doubles it).
   */
  async reconnected(): Promise<void> {
    await this.reload();
    // Then the days the copy lacked are asked for (after: the reload must not undo them).
    this.missing = [];
    const unsure = this.unsure;
    this.unsure = [];
    if (!unsure.length) return;
    const now = { byId: this.byId, people: this.people, projects: this.projects };
    const saved = unsure.filter((e) => landed(e, now));
    const lost = unsure.filter((e) => !landed(e, now));
    for (const e of saved)
      if (e.kind !== "add-person" && e.kind !== "add-project") this.history.record(this.asStored(e));
    this.syncHistory();
    const t = MESSAGES[this.say.lang];
    if (lost.length) {
      const text = (saved.length ? `${t.savedBeforeLost(saved.length)} ` : "") + t.notSaved(lost.length);
      this.notice = {
        text,
        kind: "error",
        action: {
          label: t.doAgain,
          run: () => {
            this.notice = null;
            for (const e of lost) void this.again(e);
          },
        },
      };
    } else {
      this.notice = { text: t.savedBeforeLost(saved.length), kind: "info" };
    }
  }

  /** Sends a change found not saved once more; a failure is a notice again. */
  private async again(e: Unsure): Promise<void> {
    try {
      if (e.kind === "add-person") await this.addPerson(e.after.name, e.after.id);
      else if (e.kind === "add-project") await this.addProject(e.after.name, e.after.color, e.after.id);
      else await this.edit(e);
    } catch (err) {
      this.fail(err);
    }
  }

  /** An edit found saved, with the versions the table holds now (so it can be undone). */
  private asStored(e: Edit): Edit {
    switch (e.kind) {
      case "create":
        return { kind: "create", after: this.byId[e.after.id] ?? e.after };
      case "update":
        return { kind: "update", before: e.before, after: this.byId[e.after.id] ?? e.after };
      default:
        return e;
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
      this.people = this.newerOf(catalog.resources, this.people, PERSON, asked).sort(byName);
      this.projects = this.newerOf(catalog.projects, this.projects, PROJECT, asked).sort(byName);
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
      const found = windows.flatMap((w) => w.assignments);
      const shown = Object.values(this.byId);
      const outside = shown.filter((a) => !reread(a));
      const fresh = this.newerOf(found, shown, BAR, asked);
      this.byId = Object.fromEntries([...outside, ...fresh].map((a) => [a.id, a]));
    } finally {
      this.touched.done();
    }
  }

  /** What a read found, but the items changed here since it was asked as `now` has them (and
   * not at all if gone). */
  private newerOf<T extends { id: string }>(
    found: readonly T[],
    now: readonly T[],
    key: (id: string) => string,
    asked: Asked,
  ): T[] {
    const changed = (x: T) => this.touched.since(key(x.id), asked);
    return [...found.filter((x) => !changed(x)), ...now.filter(changed)];
  }

  // ---- assignment edits ----------------------------------------------------------------------

  /** A new assignment with a client-made id (so a repeated request is recognised). */
  create(change: Fields): Promise<boolean> {
    return this.tryEdit({ kind: "create", after: proposed({ id: newId(), version: 0 }, change) });
  }

  /** Moves, resizes or reassigns `a`. */
  update(a: AssignmentDto, change: Fields): Promise<boolean> {
    return this.tryEdit({ kind: "update", before: a, after: proposed(a, change) });
  }

  remove(a: AssignmentDto): Promise<boolean> {
    return this.tryEdit({ kind: "delete", before: a });
  }

  /** Does `e` and records it for undo. Failures become a notice; the answer says if it held. */
  async tryEdit(e: Edit): Promise<boolean> {
    try {
      await this.edit(e);
      return true;
    } catch (err) {
      this.fail(err);
      return false;
    }
  }

  /** Does `e` and records it for undo; a failure is thrown (for dialogs that show it). */
  async edit(e: Edit): Promise<void> {
    this.history.record(await this.apply(e));
    this.syncHistory();
  }

  /** Undoes the newest edit, after every edit in flight has been answered (presses queue up). */
  undo(): Promise<void> {
    return this.inTurn(() => this.travel("undo"));
  }

  redo(): Promise<void> {
    return this.inTurn(() => this.travel("redo"));
  }

  /** One step back or forward in the history; a step that can never apply is dropped. */
  private async travel(way: "undo" | "redo"): Promise<void> {
    const e = way === "undo" ? this.history.nextUndo() : this.history.nextRedo();
    if (!e) return;
    try {
      await this.apply(e);
      if (way === "undo") this.history.undid();
      else this.history.redid();
    } catch (err) {
      if (STALE.has(codeOf(err) ?? "")) {
        if (way === "undo") this.history.dropUndo();
        else this.history.dropRedo();
      }
      this.fail(err);
    }
  }

  /** Runs `step` after the steps queued before it and after the edits in flight now. */
  private inTurn(step: () => Promise<void>): Promise<void> {
    const inFlight = [...this.inFlight];
    this.turns = this.turns.then(async () => {
      await Promise.allSettled(inFlight);
      await step();
      this.syncHistory();
    });
    return this.turns;
  }

  private turns: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();

  /**
   * Shows `e` at once, writes it, and answers the edit as it was done (with the versions the
   * store gave). On failure the view is put back as it was and the error is thrown; after a
   * conflict the view is first reloaded, so it shows the other person's edit.
   */
  private async apply(e: Edit): Promise<Edit> {
    const undoView = this.show(e);
    this.pending++;
    const written = this.write(e);
    this.inFlight.add(written);
    try {
      return await written;
    } catch (err) {
      undoView();
      // Changed, or gone (deleted meanwhile, with its person or project, as the live view may
      // already have shown): what the table holds now is shown instead of what was put back.
      if (STALE.has(codeOf(err) ?? "")) await this.reload().catch(() => {});
      if (codeOf(err) === "unconfirmed") this.unsure = [...this.unsure, e];
      throw err;
    } finally {
      this.inFlight.delete(written);
      this.pending--;
    }
  }

  /** Shows an edit before it is written; the answer puts the view back. */
  private show(e: Edit): () => void {
    switch (e.kind) {
      // Shown only: the versions this window wrote are kept by `put` when the table answers (a
      // bar shown at someone else's version must not become one we wrote: undo, live view).
      case "create": {
        this.display(e.after);
        return () => this.drop(e.after.id);
      }
      case "delete": {
        const was = this.byId[e.before.id] ?? e.before;
        this.drop(e.before.id);
        return () => this.display(was);
      }
      case "update": {
        const was = this.byId[e.before.id] ?? e.before;
        this.display({ ...e.after, version: was.version });
        return () => this.display(was);
      }
      case "rename-person": {
        const was = this.people.find((p) => p.id === e.before.id) ?? e.before;
        this.showPerson({ ...was, name: e.after.name });
        return () => this.showPerson(was);
      }
      case "update-project": {
        const was = this.projects.find((p) => p.id === e.before.id) ?? e.before;
        this.showProject({ ...was, name: e.after.name, color: e.after.color });
        return () => this.showProject(was);
      }
    }
  }

  /** Writes an edit with the versions held now, and keeps the store's answer. */
  private async write(e: Edit): Promise<Edit> {
    switch (e.kind) {
      case "create": {
        const after = await this.api.createAssignment({ id: e.after.id, ...changeOf(e.after) });
        this.put(after);
        return { kind: "create", after };
      }
      case "delete": {
        const current = this.heldBefore(e.before);
        await this.api.deleteAssignment(current);
        return { kind: "delete", before: current };
      }
      case "update": {
        const current = this.heldBefore(e.before);
        const after = await this.api.updateAssignment(current, changeOf(e.after));
        this.put(after);
        return { kind: "update", before: current, after };
      }
      case "rename-person": {
        const current = this.heldPerson(e.before);
        const after = await this.api.renameResource(current.id, current.version, e.after.name);
        this.rowsWritten.set(after.id, after.version);
        this.showPerson(after);
        return { kind: "rename-person", before: current, after };
      }
      case "update-project": {
        const current = this.heldProject(e.before);
        const after = await this.api.updateProject(current.id, current.version, {
          name: e.after.name,
          color: e.after.color,
        });
        this.rowsWritten.set(after.id, after.version);
        this.showProject(after);
        return { kind: "update-project", before: current, after };
      }
    }
  }

  // The copy the view held before `show` changed it: the history's, with the newest version.
  private heldBefore(before: AssignmentDto): AssignmentDto {
    // The newer of the two: an undo's `before` is older than the version this window wrote last;
    // a bar someone else changed (the live view) is newer than any this window wrote.
    return { ...before, version: Math.max(this.versions.get(before.id) ?? 0, before.version) };
  }

  // A person's or project's version for a rename or recolour: the newer of the one this window
  // wrote last (an undo's `before` is older) and the one it was done from (the live view may
  // show someone else's, newer, which an undo must meet as a conflict).
  private heldPerson(before: ResourceDto): ResourceDto {
    return { ...before, version: Math.max(this.rowsWritten.get(before.id) ?? 0, before.version) };
  }

  private heldProject(before: ProjectDto): ProjectDto {
    return { ...before, version: Math.max(this.rowsWritten.get(before.id) ?? 0, before.version) };
  }

  /** The version of each person and project this window wrote last. */
  private readonly rowsWritten = new Map<string, number>();

  /** The newest version seen of each assignment (kept across deletes, for undo). */
  private readonly versions = new Map<string, number>();

  private put(a: AssignmentDto): void {
    if (a.version > 0) this.versions.set(a.id, a.version);
    this.display(a);
  }

  private display(a: AssignmentDto): void {
    this.touched.mark(BAR(a.id));
    this.byId = { ...this.byId, [a.id]: a };
  }

  private drop(id: string): void {
    this.touched.mark(BAR(id));
    const { [id]: _, ...rest } = this.byId;
    this.byId = rest;
  }

  // People and projects shown as added or changed (in name order), or gone.
  private showPerson(p: ResourceDto): void {
    this.touched.mark(PERSON(p.id));
    this.people = withOne(this.people, p).sort(byName);
  }

  private dropPerson(id: string): void {
    this.touched.mark(PERSON(id));
    this.people = this.people.filter((x) => x.id !== id);
  }

  private showProject(p: ProjectDto): void {
    this.touched.mark(PROJECT(p.id));
    this.projects = withOne(this.projects, p).sort(byName);
  }

  private dropProject(id: string): void {
    this.touched.mark(PROJECT(id));
    this.projects = this.projects.filter((x) => x.id !== id);
  }

  // ---- people and projects -------------------------------------------------------------------

  /** Adds a person with an id made here, so that sending it again never adds a second one. */
  async addPerson(name: string, id = newId()): Promise<ResourceDto> {
    const person = await this.unsureOnLoss({ kind: "add-person", after: { id, name, version: 0 } }, () =>
      this.api.createResource(name, id),
    );
    this.showPerson(person);
    return person;
  }

  /** Runs `call`; if its answer was lost with the connection, `e` waits to be checked. */
  private async unsureOnLoss<T>(e: Unsure, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (codeOf(err) === "unconfirmed") this.unsure = [...this.unsure, e];
      throw err;
    }
  }

  /** Renames; a failure is thrown (the dialog shows it). */
  renamePerson(p: ResourceDto, name: string): Promise<void> {
    return this.edit({ kind: "rename-person", before: p, after: { ...p, name } });
  }

  /** Deletes a person and their assignments (asked first by the UI; not undoable). */
  async deletePerson(p: ResourceDto, onProgress: (done: number, total: number) => void): Promise<number> {
    const report = await this.api.deleteResource(p.id, ({ done, total }) => onProgress(done, total));
    this.dropPerson(p.id);
    this.dropWhere((a) => a.resourceId === p.id);
    this.capacity.forget(p.id);
    return report.assignmentsDeleted;
  }

  /** A person's own working weeks (`null`: the team's) and holiday calendar; a failure is thrown
   * (the dialog shows it). */
  async setWorkingTime(
    p: ResourceDto,
    schedule: ScheduleDto | null,
    calendarId: string | null,
  ): Promise<void> {
    const saved = await this.api.setWorkingTime(p, schedule, calendarId);
    this.showPerson(saved);
  }

  async addProject(name: string, color: string, id = newId()): Promise<ProjectDto> {
    const project = await this.unsureOnLoss(
      { kind: "add-project", after: { id, name, color, version: 0 } },
      () => this.api.createProject(name, color, id),
    );
    this.showProject(project);
    return project;
  }

  /** Renames and/or recolours; a failure is thrown (the dialog shows it). */
  updateProject(p: ProjectDto, change: { name: string; color: string }): Promise<void> {
    return this.edit({ kind: "update-project", before: p, after: { ...p, ...change } });
  }

  async deleteProject(p: ProjectDto, onProgress: (done: number, total: number) => void): Promise<number> {
    const report = await this.api.deleteProject(p.id, ({ done, total }) => onProgress(done, total));
    this.dropProject(p.id);
    this.dropWhere((a) => a.projectId === p.id);
    return report.assignmentsDeleted;
  }

  countFor(kind: "person" | "project", id: string): Promise<number> {
    return kind === "person" ? this.api.resourceAssignmentCount(id) : this.api.projectAssignmentCount(id);
  }

  /** Bars of a deleted person or project go, with every edit that mentions them. */
  private dropWhere(test: (a: AssignmentDto) => boolean): void {
    for (const a of Object.values(this.byId)) if (test(a)) this.touched.mark(BAR(a.id));
    this.byId = Object.fromEntries(Object.entries(this.byId).filter(([, a]) => !test(a)));
    const gone = (e: Edit) =>
      (e.kind === "create" && test(e.after)) ||
      (e.kind === "delete" && test(e.before)) ||
      (e.kind === "update" && (test(e.before) || test(e.after)));
    this.history.forget(gone);
    this.syncHistory();
  }

  // ---- the live view (others' changes, issue #19.2) ------------------------------------------

  /** Others' changes to the bar being dragged or edited: they wait until it is let go. */
  private waiting: { item: LiveItemDto; reread: boolean }[] = [];
  /** The bar being dragged or edited now (Timeline.svelte says so through `hold`). */
  private heldNow: string | null = null;
  /** The version each assignment was deleted at by someone else (a late record of an older
   * version does not bring it back; a Restore, one version on, does). */
  private readonly goneAt = new Map<string, number>();

  /** The bar `id` is held now (dragged, or open in its dialog); null: none. Letting one go
   * applies what waited for it ({@link released}). */
  hold(id: string | null): void {
    const was = this.heldNow;
    this.heldNow = id;
    if (was && was !== id) this.released(was);
  }

  /**
   * Applies what others changed (live.ts asks): bars appear, move and vanish; people and
   * projects are added, renamed, recoloured or go; time off likewise. The newer version wins, so
   * a change seen twice, or one this window made itself, changes nothing. A change to `held` (the
   * bar being dragged or edited) waits for {@link released}. Calendars, holidays, the team's
   * settings, an import, or too much at once: what is shown is read again.
   */
  async applyLive(news: LiveNewsDto, held: string | null = this.heldNow): Promise<void> {
    if (news.kind === "reload") return this.rereadHolding(held, null);
    let reread: LiveItemDto | null = null;
    for (const item of news.items) {
      const c = item.change;
      switch (c.kind) {
        case "assignment": {
          const id = (c.after ?? c.before)?.id;
          if (id && id === held) this.waiting.push({ item, reread: false });
          else this.liveAssignment(c.before, c.after);
          break;
        }
        case "person":
          if (c.after) this.livePerson(c.after);
          else if (c.before) this.personGone(c.before.id);
          break;
        case "project":
          if (c.after) this.liveProject(c.after);
          else if (c.before) this.projectGone(c.before.id);
          break;
        case "timeOff":
          this.capacity.live(c.before, c.after);
          break;
        case "calendar":
          this.capacity.liveCalendar(c.before, c.after);
          // A calendar deleted takes its holidays: the windows say which are left.
          if (!c.after) reread = item;
          break;
        case "team":
          if (c.after.name) this.teamName = c.after.name;
          if (c.after.feedDays) this.feedDays = c.after.feedDays;
          if (c.after.defaultWeek) this.capacity.defaultWeek = c.after.defaultWeek;
          break;
        case "member":
          break;
        default:
          // Calendars and holidays (the windows hold them), an import or a copy.
          reread = item;
      }
    }
    if (reread) await this.rereadHolding(held, reread);
  }

  /** Reads what is shown again; the held bar stays as it was grabbed, its news waiting. */
  private async rereadHolding(held: string | null, cause: LiveItemDto | null): Promise<void> {
    const kept = held ? this.byId[held] : undefined;
    await this.reload();
    // Let go during the reload: what the table holds now is shown (released() found nothing).
    if (!held || !kept || this.heldNow !== held) return;
    const fresh = this.byId[held] ?? null;
    // (By content: an import writes the file's items with the file's versions.)
    if (fresh && sameBar(fresh, kept)) return;
    this.display(kept);
    const change = { kind: "assignment" as const, before: kept, after: fresh };
    const base = cause ?? { cursor: "", at: "", by: "", who: null, mine: false, summary: [] };
    const item: LiveItemDto = {
      ...base,
      kind: "assignment",
      action: fresh ? "changed" : "deleted",
      item: held,
      change,
    };
    this.waiting.push({ item, reread: true });
  }

  /** The bar `id` was let go: others' changes to it meanwhile apply now, and are said. */
  released(id: string): void {
    const about = (i: LiveItemDto) =>
      i.change.kind === "assignment" && (i.change.after ?? i.change.before)?.id === id;
    const mine = this.waiting.filter((w) => about(w.item));
    if (!mine.length) return;
    this.waiting = this.waiting.filter((w) => !mine.includes(w));
    for (const { item, reread } of mine) {
      const c = item.change;
      if (c.kind !== "assignment") continue;
      // What a reread found is the table's now, whatever its version says (an import's).
      if (reread) c.after ? this.display(c.after) : this.drop(id);
      else this.liveAssignment(c.before, c.after);
    }
    const last = mine[mine.length - 1]?.item;
    if (!last || last.mine) return;
    const t = MESSAGES[this.say.lang];
    const who = last.who ?? t.someone;
    const gone = last.change.kind === "assignment" && !last.change.after;
    this.notice = { text: gone ? t.liveDeletedWhileHeld(who) : t.liveChangedWhileHeld(who), kind: "info" };
  }

  /** An assignment restored from the activity screen (issue #19.4): shown at once, as a change
   * made elsewhere is (the live view brings it too; the newer version wins, so once only). */
  restored(a: AssignmentDto): void {
    this.liveAssignment(null, a);
  }

  private liveAssignment(before: AssignmentDto | null, after: AssignmentDto | null): void {
    if (after) {
      const seen = Math.max(
        this.versions.get(after.id) ?? 0,
        this.byId[after.id]?.version ?? 0,
        this.goneAt.get(after.id) ?? 0,
      );
      if (seen >= after.version) return;
      if (!this.people.some((p) => p.id === after.resourceId)) return;
      // Shown, but not taken as a version this window wrote: an undo of an earlier edit of ours
      // must still find their change in its way (a conflict), not overwrite it.
      this.display(after);
    } else if (before) {
      this.goneAt.set(before.id, Math.max(this.goneAt.get(before.id) ?? 0, before.version));
      const shown = this.byId[before.id];
      if (shown && shown.version <= before.version) this.drop(before.id);
      this.history.forget((e) => (e.kind === "create" ? e.after.id : e.before.id) === before.id);
      this.syncHistory();
    }
  }

  private livePerson(after: ResourceDto): void {
    const shown = this.people.find((p) => p.id === after.id);
    if (shown && shown.version >= after.version) return;
    this.showPerson(after);
  }

  private liveProject(after: ProjectDto): void {
    const shown = this.projects.find((p) => p.id === after.id);
    if (shown && shown.version >= after.version) return;
    this.showProject(after);
  }

  private personGone(id: string): void {
    if (!this.people.some((p) => p.id === id)) return;
    this.dropPerson(id);
    this.dropWhere((a) => a.resourceId === id);
    this.capacity.forget(id);
  }

  private projectGone(id: string): void {
    if (!this.projects.some((p) => p.id === id)) return;
    this.dropProject(id);
    this.dropWhere((a) => a.projectId === id);
  }

  // ---- messages ------------------------------------------------------------------------------

  /** Keys of the items a read named as unreadable (issue #18.5), each said once. */
  private readonly unreadable = new Set<string>();

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

  private syncHistory(): void {
    this.canUndo = this.history.canUndo;
    this.canRedo = this.history.canRedo;
  }
}

/** `xs` with `x` in place of the item of its id, or added at the end. */
function withOne<T extends { id: string }>(xs: readonly T[], x: T): T[] {
  return xs.some((y) => y.id === x.id) ? xs.map((y) => (y.id === x.id ? x : y)) : [...xs, x];
}
