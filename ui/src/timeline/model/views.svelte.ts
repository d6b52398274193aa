// Saved views of the rows: the ones the user sees (the team's shared ones and their own), the one
// applied last, saving (new, or over the user's own), deleting, and others' changes from the live
// view — a shared view its owner saves again is applied again where it is showing. Each edit is
// one command, answered before it shows: a failure is thrown for the dialog to say. A part of the
// plan (plan.svelte.ts), beside Labels. Tested in views.test.ts.
import type { Commands, RowsView, ViewDto, ViewZoom } from "../../ipc";
import { byName, newId } from "./ids";

/** The Rust commands the views use. */
export type ViewsApi = Pick<Commands, "views" | "saveView" | "deleteView">;

export class SavedViews {
  /** The views the user sees, by name. */
  list: ViewDto[] = $state.raw([]);
  /** The view applied last, while the rows are as it set them up (none: as the user set them). */
  appliedId: string | null = $state(null);
  /** A view to apply again: the applied one, saved anew by its owner elsewhere. */
  again: ViewDto | null = $state.raw(null);

  /** Whether the list has been read. */
  #loaded = false;

  constructor(private readonly api: ViewsApi) {}

  byId(id: string | null): ViewDto | undefined {
    return id ? this.list.find((v) => v.id === id) : undefined;
  }

  get applied(): ViewDto | undefined {
    return this.byId(this.appliedId);
  }

  /** Reads the views (offline: none, and nothing said: the rows as remembered still open). */
  async load(): Promise<void> {
    try {
      this.list = sorted(await this.api.views());
    } catch {
      this.list = [];
    }
    this.#loaded = true;
    if (this.appliedId) this.startWith(this.appliedId);
  }

  /** The view shown last (remembered): opened again as it is saved now, once the list is read
   * (whichever comes first); one gone meanwhile is forgotten. */
  startWith(id: string): void {
    this.appliedId = id;
    if (!this.#loaded) return;
    const v = this.byId(id);
    if (v) this.again = v;
    else this.appliedId = null;
  }

  /** Whether the rows (`rows`) and zoom are the applied view's as it is saved. */
  unchanged(zoom: ViewZoom, rows: RowsView): boolean {
    const v = this.applied;
    return !!v && v.zoom === zoom && sameRowsView(rows, v.rows);
  }

  /** Saves the rows and zoom as a new view, and it is the one applied. */
  async saveNew(name: string, shared: boolean, zoom: ViewZoom, rows: RowsView): Promise<ViewDto> {
    const saved = await this.api.saveView({ id: newId(), name, shared, zoom, rows, version: 0 });
    this.put(saved);
    this.appliedId = saved.id;
    return saved;
  }

  /** Saves the rows and zoom over the user's own view `v` (its name and sharing as given). */
  async saveOver(
    v: ViewDto,
    name: string,
    shared: boolean,
    zoom: ViewZoom,
    rows: RowsView,
  ): Promise<ViewDto> {
    const saved = await this.api.saveView({ id: v.id, name, shared, zoom, rows, version: v.version });
    this.put(saved);
    this.appliedId = saved.id;
    return saved;
  }

  async remove(v: ViewDto): Promise<void> {
    await this.api.deleteView(v.id, v.version);
    this.list = this.list.filter((x) => x.id !== v.id);
    if (this.appliedId === v.id) this.appliedId = null;
  }

  /** Someone's change from the live view (`mine`: the user made it, elsewhere): the newer
   * version wins; a view no longer shared stays only with its owner; the applied one, changed,
   * is applied again. */
  live(before: ViewDto | null, after: ViewDto | null, mine: boolean): void {
    const id = (after ?? before)?.id;
    if (!id) return;
    const held = this.byId(id);
    if (after && held && held.version >= after.version) return;
    if (after && (after.shared || mine)) {
      this.put({ ...after, mine: held?.mine ?? mine });
      if (this.appliedId === id) this.again = this.byId(id) ?? null;
    } else {
      this.list = this.list.filter((x) => x.id !== id);
      if (this.appliedId === id) this.appliedId = null;
    }
  }

  private put(v: ViewDto): void {
    this.list = sorted([...this.list.filter((x) => x.id !== v.id), v]);
  }
}

const sorted = (views: readonly ViewDto[]): ViewDto[] => [...views].sort(byName);

/** Whether two views of the rows set them up alike (the folded sections in any order). */
export function sameRowsView(a: RowsView, b: RowsView): boolean {
  const list = (xs: readonly string[]) => [...xs].sort().join("\n");
  return (
    list(a.groups) === list(b.groups) &&
    list(a.roles) === list(b.roles) &&
    list(a.skills) === list(b.skills) &&
    a.allSkills === b.allSkills &&
    list(a.projects) === list(b.projects) &&
    a.freeMinutes === b.freeMinutes &&
    a.kind === b.kind &&
    a.grouping === b.grouping &&
    a.sort === b.sort &&
    a.density === b.density &&
    a.period === b.period &&
    a.custom?.from === b.custom?.from &&
    a.custom?.to === b.custom?.to &&
    list(a.collapsed) === list(b.collapsed)
  );
}

/** The view's rows with the groups, roles, skills and projects `known` does not have (deleted
 * since it was saved) left out: a condition naming one would let nobody through. */
export function withKnown(rows: RowsView, known: ReadonlySet<string>): RowsView {
  const keep = (ids: readonly string[]) => ids.filter((id) => known.has(id));
  return {
    ...rows,
    groups: keep(rows.groups),
    roles: keep(rows.roles),
    skills: keep(rows.skills),
    projects: keep(rows.projects),
  };
}
