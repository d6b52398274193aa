// The live view: others' changes applied to what the plan shows (shown.svelte.ts), in place. The
// newer version wins; a change to the bar being dragged or edited waits until it is let go;
// calendars, holidays, the team's settings, an import or too much at once read what is shown
// again (loader.ts). A part of the plan (plan.svelte.ts).
import { MESSAGES } from "../../i18n";
import type { AssignmentDto, LiveItemDto, LiveNewsDto, PersonDto, ProjectDto } from "../../ipc";
import { bookingsOf } from "./history";
import type { Loader } from "./loader";
import { sameBar } from "./planApi";
import type { Shown } from "./shown.svelte";

export class LiveView {
  constructor(
    private readonly shown: Shown,
    private readonly loader: Loader,
  ) {}

  /** Others' changes to the bar being dragged or edited: they wait until it is let go. */
  private waiting: { item: LiveItemDto; reread: boolean }[] = [];
  /** The bar being dragged or edited now (Timeline.svelte says so through `hold`). */
  private heldNow: string | null = null;
  /** The edits of many by someone else already said (a batch may come over several asks). */
  private readonly batchesSaid = new Set<string>();
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
          this.shown.capacity.live(c.before, c.after);
          break;
        case "calendar":
          this.shown.capacity.liveCalendar(c.before, c.after);
          // A calendar deleted takes its holidays: the windows say which are left.
          if (!c.after) reread = item;
          break;
        case "team":
          if (c.after.name) this.shown.teamName = c.after.name;
          if (c.after.feedDays) this.shown.feedDays = c.after.feedDays;
          if (c.after.defaultWeek) this.shown.capacity.defaultWeek = c.after.defaultWeek;
          break;
        case "label":
          // (A delete's people come as their own changes, before it.)
          this.shown.labels.live(c.before, c.after);
          break;
        case "view":
          this.shown.views.live(c.before, c.after, item.mine);
          break;
        case "member":
          break;
        default:
          // Calendars and holidays (the windows hold them), an import or a copy.
          reread = item;
      }
    }
    this.sayBatches(news.items);
    if (reread) await this.rereadHolding(held, reread);
  }

  /** Someone else's edit of many bookings (applied above, booking by booking) is said once, as
   * one change with its count. */
  private sayBatches(items: readonly LiveItemDto[]): void {
    const t = MESSAGES[this.shown.say.lang];
    for (const item of items) {
      const b = item.batch;
      if (!b || item.mine || item.contradicted || this.batchesSaid.has(b.id)) continue;
      this.batchesSaid.add(b.id);
      this.shown.notice = { text: t.liveBatch(item.who ?? t.someone, b.count), kind: "info" };
    }
  }

  /** Reads what is shown again; the held bar stays as it was grabbed, its news waiting. */
  private async rereadHolding(held: string | null, cause: LiveItemDto | null): Promise<void> {
    const kept = held ? this.shown.byId[held] : undefined;
    await this.loader.reload();
    // Let go during the reload: what the table holds now is shown (released() found nothing).
    if (!held || !kept || this.heldNow !== held) return;
    const fresh = this.shown.byId[held] ?? null;
    // (By content: an import writes the file's items with the file's versions.)
    if (fresh && sameBar(fresh, kept)) return;
    this.shown.display(kept);
    const change = { kind: "assignment" as const, before: kept, after: fresh };
    const base = cause ?? {
      cursor: "",
      at: "",
      by: "",
      who: null,
      mine: false,
      contradicted: false,
      summary: [],
    };
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
      if (reread) c.after ? this.shown.display(c.after) : this.shown.drop(id);
      else this.liveAssignment(c.before, c.after);
    }
    const last = mine[mine.length - 1]?.item;
    // Not said as anyone's change: this window's own, or one the table did not bear out (what
    // it holds was applied instead).
    if (!last || last.mine || last.contradicted) return;
    const t = MESSAGES[this.shown.say.lang];
    const who = last.who ?? t.someone;
    const gone = last.change.kind === "assignment" && !last.change.after;
    this.shown.notice = {
      text: gone ? t.liveDeletedWhileHeld(who) : t.liveChangedWhileHeld(who),
      kind: "info",
    };
  }

  /** An assignment restored from the activity screen: shown at once, as a change made elsewhere
   * is (the live view brings it too; the newer version wins, so once only). */
  restored(a: AssignmentDto): void {
    this.liveAssignment(null, a);
  }

  private liveAssignment(before: AssignmentDto | null, after: AssignmentDto | null): void {
    if (after) {
      const seen = Math.max(
        this.shown.versions.get(after.id) ?? 0,
        this.shown.byId[after.id]?.version ?? 0,
        this.goneAt.get(after.id) ?? 0,
      );
      if (seen >= after.version) return;
      if (!this.shown.people.some((p) => p.id === after.personId)) return;
      // Shown, but not taken as a version this window wrote: an undo of an earlier edit of ours
      // must still find their change in its way (a conflict), not overwrite it.
      this.shown.display(after);
      this.loader.ensureReach(after);
    } else if (before) {
      this.goneAt.set(before.id, Math.max(this.goneAt.get(before.id) ?? 0, before.version));
      const shown = this.shown.byId[before.id];
      // Not shown: gone here already (this window's own delete read back from the feed, whose
      // undo step must stay), or never shown; nothing to take away.
      if (!shown) return;
      if (shown.version <= before.version) this.shown.drop(before.id);
      // Its own edits go; an edit of many bookings stays for the others (undone, this one is
      // said to be gone and the rest go back).
      this.shown.history.forget(
        (e) => e.kind !== "hand-over" && bookingsOf(e).some((a) => a.id === before.id),
      );
      this.shown.syncHistory();
    }
  }

  private livePerson(after: PersonDto): void {
    const shown = this.shown.people.find((p) => p.id === after.id);
    if (shown && shown.version >= after.version) return;
    this.shown.showPerson(after, true);
  }

  private liveProject(after: ProjectDto): void {
    const shown = this.shown.projects.find((p) => p.id === after.id);
    if (shown && shown.version >= after.version) return;
    this.shown.showProject(after, true);
  }

  private personGone(id: string): void {
    if (!this.shown.people.some((p) => p.id === id)) return;
    this.shown.dropPerson(id);
    this.shown.dropWhere((a) => a.personId === id);
    this.shown.capacity.forget(id);
  }

  private projectGone(id: string): void {
    if (!this.shown.projects.some((p) => p.id === id)) return;
    this.shown.dropProject(id);
    this.shown.dropWhere((a) => a.projectId === id);
  }
}
