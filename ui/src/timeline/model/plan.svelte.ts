// The plan the timeline shows and edits: people, projects, and the assignments of the windows
// loaded so far. Every edit goes through here: it shows at once (optimistic), is written through
// the Rust side, and is put back with a message if the write fails; a conflict with someone
// else's edit reloads what is in view. Edits are recorded for undo and redo (history.ts).
//
// The plan is made of parts: what is shown and the ways it changes (shown.svelte.ts), the loader
// that reads windows into it (loader.ts), the live view that applies others' changes
// (liveView.ts), the writing of edits of many bookings at once (manyEdits.svelte.ts), and the
// edits here. The contract and the pure parts of the edits are in
// planApi.ts.
import { MESSAGES } from "../../i18n";
import type {
  AssignmentDto,
  LabelDto,
  LabelsEditDto,
  LiveNewsDto,
  ManyLabelsDto,
  NotHandedDto,
  PersonDto,
  ProjectDto,
  RepeatDaysDto,
  RepeatInput,
  ScheduleDto,
  StaffingDto,
  TimelineDto,
} from "../../ipc";
import { MANY } from "../manyWords";
import type { Capacity } from "./capacity.svelte";
import type { Day } from "./dates";
import type { BookingEdit, Edit } from "./history";
import type { Carried, Labels } from "./labels.svelte";
import { LiveView } from "./liveView";
import { Loader } from "./loader";
import { leftError, ManyEdits, type ManyLeft, NOTHING_LEFT } from "./manyEdits.svelte";
import { type UnconfirmedEdit, wasSaved } from "./offline";
import {
  changeOf,
  codeOf,
  type Fields,
  type Notice,
  newId,
  type PlanApi,
  proposed,
  type Say,
  STALE,
} from "./planApi";
import { Shown } from "./shown.svelte";
import type { SavedViews } from "./views.svelte";

export type { ManyLeft } from "./manyEdits.svelte";

export class Plan {
  /** What is shown, and the ways it changes. */
  readonly shown: Shown;
  /** The windows read, and read again. */
  private readonly loader: Loader;
  /** Others' changes, applied. */
  private readonly live: LiveView;
  /** Edits of many bookings at once, written as one batch. */
  private readonly manyEdits: ManyEdits;

  constructor(
    initial: TimelineDto,
    private readonly api: PlanApi,
    say: Say,
  ) {
    this.shown = new Shown(initial, api, say);
    this.loader = new Loader(this.shown, api, initial);
    this.live = new LiveView(this.shown, this.loader);
    this.manyEdits = new ManyEdits(api, this.shown);
  }

  // ---- what is shown (the components' and tests' view of `shown`) --------------------------

  get teamName(): string {
    return this.shown.teamName;
  }
  set teamName(name: string) {
    this.shown.teamName = name;
  }
  get feedDays(): number {
    return this.shown.feedDays;
  }
  set feedDays(days: number) {
    this.shown.feedDays = days;
  }
  get byId(): Readonly<Record<string, AssignmentDto>> {
    return this.shown.byId;
  }
  /** Each person's assignments shown (Shown.byPerson). */
  get byPerson(): ReadonlyMap<string, readonly AssignmentDto[]> {
    return this.shown.byPerson;
  }
  /** How many times the assignments shown changed. */
  get revision(): number {
    return this.shown.revision;
  }
  get people(): PersonDto[] {
    return this.shown.people;
  }
  set people(people: PersonDto[]) {
    this.shown.people = people;
  }
  get projects(): ProjectDto[] {
    return this.shown.projects;
  }
  set projects(projects: ProjectDto[]) {
    this.shown.projects = projects;
  }
  get notice(): Notice | null {
    return this.shown.notice;
  }
  set notice(notice: Notice | null) {
    this.shown.notice = notice;
  }
  get missing(): number[] {
    return this.shown.missing;
  }
  set missing(missing: number[]) {
    this.shown.missing = missing;
  }
  get unsure(): UnconfirmedEdit[] {
    return this.shown.unsure;
  }
  set unsure(unsure: UnconfirmedEdit[]) {
    this.shown.unsure = unsure;
  }
  get canUndo(): boolean {
    return this.shown.canUndo;
  }
  get canRedo(): boolean {
    return this.shown.canRedo;
  }
  /** Edits written but not yet answered. */
  get pending(): number {
    return this.shown.pending;
  }
  get capacity(): Capacity {
    return this.shown.capacity;
  }

  // ---- reading and others' changes (the loader's and the live view's) -----------------------

  /** Loads the windows of `[first, last)` not loaded yet (loader.ts). */
  ensureLoaded(first: Day, last: Day): void {
    this.loader.ensureLoaded(first, last);
  }

  /** Reads again everything loaded so far (loader.ts). */
  reload(): Promise<void> {
    return this.loader.reload();
  }

  /** Applies what others changed (liveView.ts). */
  applyLive(news: LiveNewsDto, held?: string | null): Promise<void> {
    return this.live.applyLive(news, held);
  }

  /** The bar `id` is held now (dragged, or open in its dialog); null: none (liveView.ts). */
  hold(id: string | null): void {
    this.live.hold(id);
  }

  /** An assignment restored from the activity screen, shown at once (liveView.ts). */
  restored(a: AssignmentDto): void {
    this.live.restored(a);
  }

  fail(e: unknown): void {
    this.shown.fail(e);
  }

  // ---- reconnected ----------------------------------------------------------------------------

  /**
   * The connection is back: read again what is loaded (others may have changed it), ask again for
   * the windows that were not loaded, and settle each edit whose answer was lost: saved ones join
   * the history, the others are offered to be done again (creates keep their id and updates their
   * version, so doing one again never doubles it).
   */
  async reconnected(): Promise<void> {
    await this.loader.reload();
    // Then the days the copy lacked are asked for (after: the reload must not undo them).
    this.missing = [];
    const unsure = this.unsure;
    this.unsure = [];
    if (!unsure.length) return;
    const now = { byId: this.byId, people: this.people, projects: this.projects };
    const saved = unsure.filter((e) => wasSaved(e, now));
    const lost = unsure.filter((e) => !wasSaved(e, now));
    for (const e of saved)
      if (e.kind !== "add-person" && e.kind !== "add-project") this.shown.history.record(this.asStored(e));
    this.shown.syncHistory();
    const t = MESSAGES[this.shown.say.lang];
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
  private async again(e: UnconfirmedEdit): Promise<void> {
    try {
      if (e.kind === "add-person")
        await this.addPerson(e.after.name, e.after.id, e.after.placeholder ?? false);
      else if (e.kind === "add-project") await this.addProject(e.after.name, e.after.color, e.after.id);
      else await this.edit(e);
    } catch (err) {
      this.shown.fail(err);
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

  // ---- assignment edits ----------------------------------------------------------------------

  /** The project of the assignment last made here (by any way: dialog, picker, paste, undo),
   * while it exists: what a new one offers. */
  get lastProject(): ProjectDto | null {
    return this.projects.find((p) => p.id === this.lastProjectId) ?? null;
  }
  private lastProjectId: string | null = null;

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
      this.shown.fail(err);
      return false;
    }
  }

  /** Does `e` and records it for undo; a failure is thrown (for dialogs that show it). */
  async edit(e: Edit): Promise<void> {
    const done = await this.apply(e);
    // An edit of many cancelled before any of it was written: nothing to undo.
    if (done.kind !== "many" || done.edits.length) this.shown.history.record(done);
    this.shown.syncHistory();
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
    const e = way === "undo" ? this.shown.history.nextUndo() : this.shown.history.nextRedo();
    if (!e) return;
    try {
      this.handedLast = [];
      this.manyEdits.last = NOTHING_LEFT;
      await this.apply(e);
      if (way === "undo") this.shown.history.undid();
      else this.shown.history.redid();
      // Some bookings of a hand-over or an edit of many stayed (changed or deleted meanwhile, or
      // not sent): said, and shown.
      const why = this.handedLast[0]?.error ?? leftError(this.manyEdits.last);
      if (why) {
        this.shown.fail(why);
        await this.loader.reload().catch(() => {});
      }
    } catch (err) {
      if (STALE.has(codeOf(err) ?? "")) {
        if (way === "undo") this.shown.history.dropUndo();
        else this.shown.history.dropRedo();
      }
      this.shown.fail(err);
    }
  }

  /** Runs `step` after the steps queued before it and after the edits in flight now. */
  private inTurn(step: () => Promise<void>): Promise<void> {
    const inFlight = [...this.inFlight];
    this.turns = this.turns.then(async () => {
      await Promise.allSettled(inFlight);
      await step();
      this.shown.syncHistory();
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
    this.shown.pending++;
    const written = this.write(e);
    this.inFlight.add(written);
    try {
      return await written;
    } catch (err) {
      undoView();
      // Changed, or gone (deleted meanwhile, with its person or project, as the live view may
      // already have shown): what the table holds now is shown instead of what was put back.
      if (STALE.has(codeOf(err) ?? "")) await this.loader.reload().catch(() => {});
      if (codeOf(err) === "unconfirmed") this.unsure = [...this.unsure, e];
      throw err;
    } finally {
      this.inFlight.delete(written);
      this.shown.pending--;
    }
  }

  /** Shows an edit before it is written; the answer puts the view back. */
  private show(e: Edit): () => void {
    switch (e.kind) {
      // Shown only: the versions this window wrote are kept by `put` when the table answers (a
      // bar shown at someone else's version must not become one we wrote: undo, live view).
      case "create": {
        this.lastProjectId = e.after.projectId;
        this.shown.display(e.after);
        this.loader.ensureReach(e.after);
        return () => this.shown.drop(e.after.id);
      }
      case "delete": {
        const was = this.byId[e.before.id] ?? e.before;
        this.shown.drop(e.before.id);
        return () => this.shown.display(was);
      }
      case "update": {
        const was = this.byId[e.before.id] ?? e.before;
        this.shown.display({ ...e.after, version: was.version });
        this.loader.ensureReach(e.after);
        return () => this.shown.display(was);
      }
      case "rename-person": {
        const was = this.people.find((p) => p.id === e.before.id) ?? e.before;
        this.shown.showPerson({ ...was, name: e.after.name });
        return () => this.shown.showPerson(was);
      }
      case "update-project": {
        const was = this.projects.find((p) => p.id === e.before.id) ?? e.before;
        this.shown.showProject({ ...was, name: e.after.name, color: e.after.color });
        return () => this.shown.showProject(was);
      }
      case "hand-over": {
        const were = e.before.map((b) => this.byId[b.id] ?? b);
        for (const [i, was] of were.entries()) {
          const after = e.after[i] ?? was;
          this.shown.display({ ...was, personId: after.personId });
          this.loader.ensureReach(after);
        }
        return () => {
          for (const was of were) this.shown.display(was);
        };
      }
      case "many": {
        const undos = e.edits.map((x) => this.show(x));
        return () => {
          for (const undo of undos.reverse()) undo();
        };
      }
    }
  }

  /** Writes an edit with the versions held now, and keeps the store's answer. */
  private async write(e: Edit): Promise<Edit> {
    switch (e.kind) {
      case "create": {
        const after = await this.api.createAssignment({ id: e.after.id, ...changeOf(e.after) });
        this.shown.put(after);
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
        this.shown.put(after);
        return { kind: "update", before: current, after };
      }
      case "rename-person": {
        const current = this.heldPerson(e.before);
        const after = await this.api.renamePerson(current.id, current.version, e.after.name);
        this.shown.rowsWritten.set(after.id, after.version);
        this.shown.showPerson(after);
        return { kind: "rename-person", before: current, after };
      }
      case "update-project": {
        const current = this.heldProject(e.before);
        const after = await this.api.updateProject(current.id, current.version, e.after.name, e.after.color);
        this.shown.rowsWritten.set(after.id, after.version);
        this.shown.showProject(after);
        return { kind: "update-project", before: current, after };
      }
      case "hand-over": {
        const current = e.before.map((b) => this.heldBefore(b));
        const to = e.after[0]?.personId;
        if (to === undefined) return e;
        const answer = await this.api.handOver(current, to);
        for (const a of answer.moved) this.shown.put(a);
        this.handedLast = answer.failed;
        // None moved: the edit failed whole (the view goes back, nothing to undo).
        const [first] = answer.failed;
        if (!answer.moved.length && first) throw first.error;
        const moved = new Set(answer.moved.map((a) => a.id));
        return { kind: "hand-over", before: current.filter((b) => moved.has(b.id)), after: answer.moved };
      }
      case "many":
        return this.manyEdits.write(e.edits, (b) => this.heldBefore(b));
    }
  }

  /** An edit of many running: its key (what Cancel names) and how far it is. */
  get many(): { key: string; done: number; of: number } | null {
    return this.manyEdits.running;
  }

  /**
   * Edits many bookings at once (a selection moved, changed or deleted; copies made) in one undo
   * step, written as one batch. Answers the bookings that stayed as they were and why (changed or
   * deleted by someone else meanwhile: each named), and those not sent (cancelled, or the
   * connection lost); after either, the rows are read again so they show where those are. None
   * written: the reason is thrown.
   */
  async editMany(edits: BookingEdit[]): Promise<ManyLeft> {
    this.manyEdits.last = NOTHING_LEFT;
    await this.edit({ kind: "many", edits });
    const left = this.manyEdits.last;
    const words = MANY[this.shown.say.lang];
    if (left.failed.length) this.notice = { text: words.stayed(left.failed.length), kind: "error" };
    else if (left.stopped) this.shown.fail(left.stopped);
    else if (left.cancelled)
      this.notice = { text: words.cancelled(edits.length - left.notSent.length, edits.length), kind: "info" };
    if (left.failed.length || left.notSent.length) await this.loader.reload().catch(() => {});
    return left;
  }

  /** Cancels the running edit of many before its next transaction (what is written stays). */
  cancelMany(): void {
    this.manyEdits.cancel();
  }

  /** The bookings the last hand-over left where they were, and why. */
  private handedLast: NotHandedDto[] = [];

  // The copy the view held before `show` changed it: the history's, with the newest version.
  private heldBefore(before: AssignmentDto): AssignmentDto {
    // The newer of the two: an undo's `before` is older than the version this window wrote last;
    // a bar someone else changed (the live view) is newer than any this window wrote.
    return { ...before, version: Math.max(this.shown.versions.get(before.id) ?? 0, before.version) };
  }

  // A person's or project's version for a rename or recolour: the newer of the one this window
  // wrote last (an undo's `before` is older) and the one it was done from (the live view may
  // show someone else's, newer, which an undo must meet as a conflict).
  private heldPerson(before: PersonDto): PersonDto {
    return { ...before, version: Math.max(this.shown.rowsWritten.get(before.id) ?? 0, before.version) };
  }

  private heldProject(before: ProjectDto): ProjectDto {
    return { ...before, version: Math.max(this.shown.rowsWritten.get(before.id) ?? 0, before.version) };
  }

  // ---- people and projects -------------------------------------------------------------------

  /** Adds a person with an id made here, so that sending it again never adds a second one. */
  async addPerson(name: string, id = newId(), placeholder = false): Promise<PersonDto> {
    const after = { id, name, version: 0, ...(placeholder ? { placeholder } : {}) };
    const person = await this.unsureOnLoss({ kind: "add-person", after }, () =>
      this.api.createPerson(name, id, placeholder || null),
    );
    this.shown.showPerson(person, true);
    return person;
  }

  /** Runs `call`; if its answer was lost with the connection, `e` waits to be checked. */
  private async unsureOnLoss<T>(e: UnconfirmedEdit, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (codeOf(err) === "unconfirmed") this.unsure = [...this.unsure, e];
      throw err;
    }
  }

  /**
   * Hands `bookings` to `personId` in one undo step (staffing a placeholder), each booking a
   * move of its own on the Rust side. Those that could not move (changed or deleted meanwhile)
   * are answered, and the rows are read again so they show where those are; a failure of all is
   * thrown.
   */
  async handOver(bookings: AssignmentDto[], personId: string): Promise<NotHandedDto[]> {
    this.handedLast = [];
    await this.edit({
      kind: "hand-over",
      before: bookings,
      after: bookings.map((b) => ({ ...b, personId })),
    });
    const failed = this.handedLast;
    if (failed.length) await this.loader.reload().catch(() => {});
    return failed;
  }

  /** A placeholder's bookings from today on and who could take `chosen` of them (all when
   * null), best first: the Rust side's figures, read from the table. */
  staffing(placeholderId: string, chosen: string[] | null): Promise<StaffingDto> {
    return this.api.staffing(placeholderId, chosen);
  }

  /** The days of the repeats `rule` makes of `a` (the Rust side's, its person's days off left
   * out when asked); a rule refused is thrown with its sentence. Nothing is written. */
  repeatDays(a: AssignmentDto, rule: RepeatInput): Promise<RepeatDaysDto> {
    return this.api.repeatDays(a, rule);
  }

  /** The bookings of `series` that start on `from` or later, as stored by the time every edit in
   * flight (an undo just pressed included) is answered, by start: read before them, a series
   * would be edited from versions this window is about to replace. */
  async seriesFrom(series: string, from: string): Promise<AssignmentDto[]> {
    // Those in flight now, not an edit of many started after (which may be waiting for this).
    const [queued, flying] = [this.turns, [...this.inFlight]];
    await queued.catch(() => {});
    await Promise.allSettled(flying);
    return this.api.seriesFrom(series, from);
  }

  /** {@link editMany} of edits still being made (`prepare`: a read first): an undo pressed
   * meanwhile waits for all of it, and so is for this edit, not the one before. */
  editManyAfter(prepare: () => Promise<BookingEdit[]>): Promise<ManyLeft> {
    const preparing = prepare();
    const whole = preparing.then((edits) => this.editMany(edits));
    this.inFlight.add(whole);
    void whole.catch(() => {}).finally(() => this.inFlight.delete(whole));
    return whole;
  }

  /** Renames; a failure is thrown (the dialog shows it). */
  renamePerson(p: PersonDto, name: string): Promise<void> {
    return this.edit({ kind: "rename-person", before: p, after: { ...p, name } });
  }

  /** Deletes a person and their assignments (asked first by the UI; not undoable). */
  async deletePerson(p: PersonDto, onProgress: (done: number, total: number) => void): Promise<number> {
    const report = await this.api.deletePerson(p.id, ({ done, total }) => onProgress(done, total));
    this.shown.dropPerson(p.id);
    this.shown.dropWhere((a) => a.personId === p.id);
    this.shown.capacity.forget(p.id);
    return report.assignmentsDeleted;
  }

  /** A person's own working weeks (`null`: the team's) and holiday calendar; a failure is thrown
   * (the dialog shows it). */
  async setWorkingTime(p: PersonDto, schedule: ScheduleDto | null, calendarId: string | null): Promise<void> {
    const saved = await this.api.setWorkingTime(p, schedule, calendarId);
    this.shown.showPerson(saved);
  }

  /** The team's groups, roles and skills. */
  get labels(): Labels {
    return this.shown.labels;
  }

  /** Saved views of the rows. */
  get views(): SavedViews {
    return this.shown.views;
  }

  /** What one person carries (groups over time, role, skills); a failure is thrown (the dialog
   * shows it). */
  async setPersonLabels(p: PersonDto, carried: Carried): Promise<void> {
    this.shown.showPerson(await this.shown.labels.setPerson(p, carried));
  }

  /** One change of many people's labels: those changed are shown as they are now; anyone someone
   * else changed meanwhile is left as they are and named. Answers how many were changed. */
  async setLabelsMany(people: readonly PersonDto[], edit: LabelsEditDto): Promise<ManyLabelsDto> {
    const done = await this.shown.labels.setMany(people, edit);
    for (const p of done.people) this.shown.showPerson(p);
    return done;
  }

  /** Deletes a group, role or skill; the people who carried it are read again. Answers how many. */
  async deleteLabel(l: LabelDto): Promise<number> {
    const n = await this.shown.labels.remove(l);
    if (n > 0) await this.loader.reload();
    return n;
  }

  async addProject(name: string, color: string, id = newId()): Promise<ProjectDto> {
    const project = await this.unsureOnLoss(
      { kind: "add-project", after: { id, name, color, version: 0 } },
      () => this.api.createProject(name, color, id),
    );
    this.shown.showProject(project, true);
    return project;
  }

  /** Renames and/or recolours; a failure is thrown (the dialog shows it). */
  updateProject(p: ProjectDto, change: { name: string; color: string }): Promise<void> {
    return this.edit({ kind: "update-project", before: p, after: { ...p, ...change } });
  }

  async deleteProject(p: ProjectDto, onProgress: (done: number, total: number) => void): Promise<number> {
    const report = await this.api.deleteProject(p.id, ({ done, total }) => onProgress(done, total));
    this.shown.dropProject(p.id);
    this.shown.dropWhere((a) => a.projectId === p.id);
    return report.assignmentsDeleted;
  }

  countFor(kind: "person" | "project", id: string): Promise<number> {
    return kind === "person" ? this.api.personAssignmentCount(id) : this.api.projectAssignmentCount(id);
  }
}
