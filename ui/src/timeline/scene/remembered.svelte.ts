// What the timeline remembers between starts: the language, the date format the user chose, the
// zoom, the first day in view and the two filters, per user and team (the Rust side keeps them in
// the app's data folder, beside the user's other things for the table). Read once when the timeline
// opens, applied, then written a moment after each change.
import type { PrefsDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import { type Day, dateOf, dayOf } from "../model/dates";
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
  ) {}

  /** What would be remembered now. */
  now(): PrefsDto {
    return {
      lang: ui.lang,
      dates: ui.chosenDates,
      zoom: this.view.zoom,
      day: dateOf(this.view.viewFrom),
      people: this.rows.filter || null,
      projects: this.rows.projectQuery || null,
    };
  }

  /** Reads what was remembered and applies it; `scrollTo` puts a day at the left edge. */
  async load(scrollTo: (day: Day) => void): Promise<void> {
    if (this.#loading) return;
    this.#loading = true;
    const p = await this.api.loadPrefs().catch(() => null);
    if (p) {
      if (p.lang) ui.set(p.lang);
      if (p.dates) ui.setDates(p.dates);
      if (p.zoom) this.view.zoom = p.zoom;
      if (p.people) this.rows.filter = p.people;
      if (p.projects) this.rows.projectQuery = p.projects;
      if (p.day) scrollTo(dayOf(p.day));
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
