// The activity log as the screen reads it: newest first, a page at a time, never the whole log. A
// filter is applied by the table after it reads a page, so a page may keep few of its records, or
// none, while older ones follow: "Load older" reads on from where the last page stopped. A read
// that kept none reads on by itself a few times, so that a narrow filter does not show an empty
// list with a button to press again and again; then it waits for the user.
import type { ActivityFilterInput, ActivityPageDto, LiveItemDto, Unreadable } from "../ipc";

/** The Rust command the log reads with (src/ipc in the app; a fake in tests). */
export interface ActivityApi {
  activity(before: string | null, limit: number, filter: ActivityFilterInput): Promise<ActivityPageDto>;
}

/** Records read per page. */
export const PAGE = 50;
/** Pages read at most for one load while the filter keeps none of them. */
export const EMPTY_READS = 4;

export const NO_FILTER: ActivityFilterInput = { kind: null, about: null, by: null };

export class ActivityLog {
  /** The entries read so far, newest first. */
  items: LiveItemDto[] = $state.raw([]);
  /** Older records may follow. */
  more = $state(false);
  busy = $state(false);
  /** The first page came (the list can say "nothing matches"). */
  loaded = $state(false);
  /** The records read that could not be read back (left out; the screen names the first). */
  unreadable: Unreadable[] = $state.raw([]);
  /** Why the last read failed (shown as a sentence), or null. */
  failure: unknown = $state.raw(null);

  #filter: ActivityFilterInput = NO_FILTER;
  #cursor: string | null = null;
  /** The newest read's number: an answer to an older one (the filter changed since) is dropped. */
  #run = 0;

  constructor(private readonly api: ActivityApi) {}

  get filter(): ActivityFilterInput {
    return this.#filter;
  }

  /** From the newest again, with `filter`. */
  reload(filter: ActivityFilterInput = this.#filter): Promise<void> {
    this.#filter = filter;
    this.#cursor = null;
    this.items = [];
    this.unreadable = [];
    this.more = false;
    this.loaded = false;
    return this.read();
  }

  /** The next older page (after a failure: the page that failed, again). */
  older(): Promise<void> {
    if (this.busy || !this.more) return Promise.resolve();
    return this.read();
  }

  private async read(): Promise<void> {
    const run = ++this.#run;
    this.busy = true;
    this.failure = null;
    try {
      for (let reads = 0; reads < EMPTY_READS; reads++) {
        const page = await this.api.activity(this.#cursor, PAGE, this.#filter);
        if (run !== this.#run) return;
        const seen = new Set(this.items.map((i) => i.cursor));
        this.items = [...this.items, ...page.items.filter((i) => !seen.has(i.cursor))];
        const named = new Set(this.unreadable.map((u) => u.key));
        const fresh = page.unreadable.filter((u) => !named.has(u.key));
        if (fresh.length) this.unreadable = [...this.unreadable, ...fresh];
        // Without a cursor there is nowhere to read on from.
        this.more = page.more && page.cursor !== null;
        this.#cursor = page.cursor;
        if (page.items.length || !this.more) break;
      }
      this.loaded = true;
    } catch (e) {
      if (run === this.#run) this.failure = e;
    } finally {
      if (run === this.#run) this.busy = false;
    }
  }
}
