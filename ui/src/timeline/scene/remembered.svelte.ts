// What the timeline remembers between starts: the language, the date format the user chose, the
// zoom, the first day in view, the two searches and the rows as they were set up (the people
// filter, grouping, order, density, period and folded sections), per user and team (the Rust side keeps them in
// the app's data folder, beside the user's other things for the table). Read once when the timeline
// opens, applied, then written a moment after each change.
import type { PrefsDto, RowsView } from "../../ipc";
import { ui } from "../../lang.svelte";
import { type Day, dateOf, dayOf } from "../model/dates";
import type { SavedViews } from "../model/views.svelte";
import type { Rows } from "./rows.svelte";
import type { Viewport } from "./viewport.svelte";

/** How long a change rests before it is written (scrolling changes the day in view every frame). */
export const SAVE_AFTER_MS = 800;

export interface PrefsApi {
  loadPrefs(): Promise<PrefsDto>;
  savePrefs(prefs: PrefsDto): Promise<void>;
}

export class Remembered {
  /** Whether what was remembered has been applied (nothing is written before: it would be lost). */
  ready = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #last = "";
  #loading = false;

  constructor(
    private readonly api: PrefsApi,
    private readonly view: Viewport,
    private readonly rows: Rows,
    private readonly views: SavedViews | null = null,
  ) {}

  /** What would be remembered now. */
  now(): PrefsDto {
    const rows = rowsViewOf(this.rows);
    return {
      lang: ui.lang,
      dates: ui.chosenDates,
      zoom: this.view.zoom,
      day: dateOf(this.view.viewFrom),
      people: this.rows.filter || null,
      projects: this.rows.projectQuery || null,
      rows,
      view: this.views?.unchanged(this.view.zoom, rows) ? this.views.appliedId : null,
    };
  }

  /** Reads what was remembered and applies it; `scrollTo` puts a day at the left edge. */
  async load(scrollTo: (day: Day) => void): Promise<void> {
    if (this.#loading) return;
    this.#loading = true;
    const p = await this.api.loadPrefs().catch(() => null);
    this.#apply(p);
    if (p?.day) scrollTo(dayOf(p.day));
  }

  /**
   * Applies what was read before the timeline opened (App.svelte reads it with the session, to
   * read first the days the first screen shows: firstScreen.ts); null when nothing was
   * remembered. The day in view is not applied here: the viewport starts on it.
   */
  begin(p: PrefsDto | null): void {
    this.#loading = true;
    this.#apply(p);
  }

  #apply(p: PrefsDto | null): void {
    if (p) {
      if (p.lang) ui.set(p.lang);
      if (p.dates) ui.setDates(p.dates);
      if (p.zoom) this.view.zoom = p.zoom;
      if (p.people) this.rows.filter = p.people;
      if (p.projects) this.rows.projectQuery = p.projects;
      if (p.rows) applyRowsView(this.rows, p.rows);
      if (p.view) this.views?.startWith(p.view);
    }
    this.#last = JSON.stringify(p ?? this.now());
    this.ready = true;
  }

  /** Called with `now()` whenever it changes: written once it rests, if it differs. */
  changed(prefs: PrefsDto): void {
    if (!this.ready) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      const text = JSON.stringify(prefs);
      if (text === this.#last) return;
      this.#last = text;
      // Losing a preference is not worth a message: the next change writes it again.
      void this.api.savePrefs(prefs).catch(() => {});
    }, SAVE_AFTER_MS);
  }

  stop(): void {
    clearTimeout(this.#timer);
  }
}

/** The rows as they are set up now, as a view. */
export function rowsViewOf(rows: Rows): RowsView {
  const f = rows.peopleFilter;
  const custom = rows.customPeriod;
  return {
    groups: [...f.groups],
    roles: [...f.roles],
    skills: [...f.skills],
    allSkills: f.allSkills,
    projects: [...f.projects],
    freeMinutes: f.freeHours === null ? null : Math.round(f.freeHours * 60),
    kind: f.kind,
    grouping: rows.grouping,
    sort: rows.sort,
    density: rows.density,
    period: rows.period,
    custom: custom ? { from: dateOf(custom.from), to: dateOf(custom.to) } : null,
    collapsed: [...rows.collapsed].sort(),
  };
}

/** Sets the rows up as `v` says. */
export function applyRowsView(rows: Rows, v: RowsView): void {
  rows.peopleFilter = {
    groups: v.groups,
    roles: v.roles,
    skills: v.skills,
    allSkills: v.allSkills,
    projects: v.projects,
    freeHours: v.freeMinutes === null ? null : v.freeMinutes / 60,
    kind: v.kind,
  };
  rows.grouping = v.grouping;
  rows.sort = v.sort;
  rows.density = v.density;
  rows.customPeriod = v.custom ? { from: dayOf(v.custom.from), to: dayOf(v.custom.to) } : null;
  rows.period = v.period;
  rows.collapsed = new Set(v.collapsed);
}
