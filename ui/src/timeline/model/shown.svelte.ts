// What the timeline shows of the plan: people, projects, the assignments of the windows loaded so
// far, capacity's items, the notice, the history's state; and the few ways what is shown changes,
// each marking what a read answered late must leave alone (touched.ts). The plan (plan.svelte.ts)
// is made of it, the loader that reads windows into it (loader.ts) and the live view that applies
// others' changes to it (liveView.ts).
import { MESSAGES } from "../../i18n";
import type { AssignmentDto, PersonDto, ProjectDto, TimelineDto, Unreadable } from "../../ipc";
import { Capacity } from "./capacity.svelte";
import { unpackAssignments } from "./columns";
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
  // The assignments shown, by id and by person: plain objects (not deep reactive proxies, cheaper
  // to build and to read), changed in place by the methods below, one entry at a time: a copy of
  // the whole record for each edit (50,000 entries at 2,500 people), and every person's lanes laid
  // out again from it, made the drop of a drag late (BENCHMARKS.md). `#revision` counts the
  // changes; reading `byId` or `byPerson` depends on it.
  readonly #byId: Record<string, AssignmentDto> = {};
  /** Each person's assignments shown: a person's list is replaced (never changed in place) when
   * one of theirs comes, changes or goes, so the rows keep the lanes of everyone else. */
  readonly #byPerson = new Map<string, readonly AssignmentDto[]>();
  #revision = $state(0);
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
    this.putAll(unpackAssignments(initial.assignments));
    this.tellUnreadable(initial.unreadable);
  }

  // ---- the assignments shown ------------------------------------------------------------------

  /** The assignments shown, by id. Read only: changed through `putAll`, `dropAll`, `replaceAll`
   * (and `display`, `drop`, `dropWhere`). */
  get byId(): Readonly<Record<string, AssignmentDto>> {
    void this.#revision;
    return this.#byId;
  }

  /** Each person's assignments shown (a list replaced when one of theirs changes). */
  get byPerson(): ReadonlyMap<string, readonly AssignmentDto[]> {
    void this.#revision;
    return this.#byPerson;
  }

  /** How many times the assignments shown changed (a read that brought nothing new left it). */
  get revision(): number {
    return this.#revision;
  }

  /** Assignments put into what is shown, each in place of the one of its id, as one change. */
  putAll(list: readonly AssignmentDto[]): void {
    if (!list.length) return;
    const lists = this.#lists();
    for (const a of list) {
      const was = this.#byId[a.id];
      this.#byId[a.id] = a;
      const mine = lists.of(a.personId);
      const at = was?.personId === a.personId ? mine.findIndex((x) => x.id === a.id) : -1;
      if (at >= 0) {
        mine[at] = a;
        continue;
      }
      if (was) lists.remove(was);
      mine.push(a);
    }
    lists.done();
  }

  /** The assignments of these ids taken out of what is shown, as one change. */
  dropAll(ids: Iterable<string>): void {
    const lists = this.#lists();
    let dropped = false;
    for (const id of ids) {
      const was = this.#byId[id];
      if (!was) continue;
      delete this.#byId[id];
      lists.remove(was);
      dropped = true;
    }
    if (dropped) lists.done();
  }

  /** What is shown replaced by `list`, as one change. */
  replaceAll(list: readonly AssignmentDto[]): void {
    for (const id of Object.keys(this.#byId)) delete this.#byId[id];
    this.#byPerson.clear();
    this.#revision++;
    this.putAll(list);
  }

  /** Copies of the people's lists a change touches, each made once and put back at `done`. */
  #lists() {
    const copies = new Map<string, AssignmentDto[]>();
    const of = (person: string): AssignmentDto[] => {
      let list = copies.get(person);
      if (!list) {
        list = [...(this.#byPerson.get(person) ?? [])];
        copies.set(person, list);
      }
      return list;
    };
    return {
      of,
      remove: (a: AssignmentDto) => {
        const list = of(a.personId);
        const at = list.findIndex((x) => x.id === a.id);
        if (at >= 0) list.splice(at, 1);
      },
      done: () => {
        for (const [person, list] of copies) {
          if (list.length) this.#byPerson.set(person, list);
          else this.#byPerson.delete(person);
        }
        this.#revision++;
      },
    };
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
    this.putAll([a]);
  }

  drop(id: string): void {
    this.touched.mark(BAR(id));
    this.dropAll([id]);
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
    const gone = Object.values(this.#byId).filter(test);
    for (const a of gone) this.touched.mark(BAR(a.id));
    this.dropAll(gone.map((a) => a.id));
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
