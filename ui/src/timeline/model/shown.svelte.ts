// What the timeline shows of the plan: people, projects, the assignments of the windows loaded so
// far, capacity's items, the notice, the history's state; and the few ways what is shown changes,
// each marking what a read answered late must leave alone (touched.ts). The plan (plan.svelte.ts)
// is made of it, the loader that reads windows into it (loader.ts) and the live view that applies
// others' changes to it (liveView.ts).
import { MESSAGES } from "../../i18n";
import type { AssignmentDto, PersonDto, ProjectDto, TimelineDto, Unreadable } from "../../ipc";
import { Capacity } from "./capacity.svelte";
import { bookingsOf, History } from "./history";
import { Labels } from "./labels.svelte";
import type { UnconfirmedEdit } from "./offline";
import { byName, codeOf, type Notice, type PlanApi, type Say } from "./planApi";
import { KEY, Touched } from "./touched";
import { SavedViews } from "./views.svelte";

const { bar: BAR, person: PERSON, project: PROJECT } = KEY;

export class Shown {
  teamName: string = $state("");
  /** How many days the team's activity log is kept (its admins set it). */
  feedDays: number = $state(396);
  // Raw state: each change replaces the whole value (never mutated in place), so the thousands of
  // assignments are plain objects, not deep reactive proxies (cheaper to build and to read).
  byId: Record<string, AssignmentDto> = $state.raw({});
  people: PersonDto[] = $state.raw([]);
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
  /** The team's groups, roles and skills (labels.svelte.ts). */
  readonly labels: Labels;
  /** Saved views of the rows (views.svelte.ts): read once the timeline is open. */
  readonly views: SavedViews;

  /** The edits for undo and redo. */
  readonly history = new History();
  /** What changed here while a window or a reload was on its way (its answer is older). */
  readonly touched = new Touched();

  constructor(
    initial: TimelineDto,
    api: PlanApi,
    readonly say: Say,
  ) {
    this.capacity = new Capacity(initial, api, this.touched);
    this.labels = new Labels(initial.labels, api);
    this.views = new SavedViews(api);
    this.teamName = initial.teamName;
    this.feedDays = initial.feedDays;
    this.people = [...initial.people].sort(byName);
    this.projects = [...initial.projects].sort(byName);
    this.byId = Object.fromEntries(initial.assignments.map((a) => [a.id, a]));
    this.tellUnreadable(initial.unreadable);
  }

  // ---- what is shown, changed here ----------------------------------------------------------

  /** The version of each person and project this window wrote last. */
  readonly rowsWritten = new Map<string, number>();

  /** The newest version seen of each assignment (kept across deletes, for undo). */
  readonly versions = new Map<string, number>();

  put(a: AssignmentDto): void {
    if (a.version > 0) this.versions.set(a.id, a.version);
    this.display(a);
  }

  display(a: AssignmentDto): void {
    this.touched.mark(BAR(a.id));
    this.byId = { ...this.byId, [a.id]: a };
  }

  drop(id: string): void {
    this.touched.mark(BAR(id));
    const { [id]: _, ...rest } = this.byId;
    this.byId = rest;
  }

  // People and projects shown changed (in name order; one no longer shown stays gone: a rename's
  // answer must not bring back someone deleted meanwhile), added (`add`), or gone.
  showPerson(p: PersonDto, add = false): void {
    this.people = this.shownWith(this.people, p, add, PERSON);
  }

  dropPerson(id: string): void {
    this.people = this.shownWithout(this.people, id, PERSON, KEY.personGone);
  }

  showProject(p: ProjectDto, add = false): void {
    this.projects = this.shownWith(this.projects, p, add, PROJECT);
  }

  dropProject(id: string): void {
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
  dropWhere(test: (a: AssignmentDto) => boolean): void {
    for (const a of Object.values(this.byId)) if (test(a)) this.touched.mark(BAR(a.id));
    this.byId = Object.fromEntries(Object.entries(this.byId).filter(([, a]) => !test(a)));
    this.history.forget((e) => bookingsOf(e).some(test));
    this.syncHistory();
  }

  // ---- messages ------------------------------------------------------------------------------

  /** Keys of the items a read named as unreadable, each said once. */
  readonly unreadable = new Set<string>();

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

  syncHistory(): void {
    this.canUndo = this.history.canUndo;
    this.canRedo = this.history.canRedo;
  }
}
