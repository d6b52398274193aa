// The plan's tests' store and set-up: an in-memory store with the Rust side's rules (versions
// checked, conflicts, missing rows), a plan over it, and small helpers.
import { errorText } from "../../src/errors";
import type {
  AssignmentDto,
  BookingEditInput,
  DeleteProgressDto,
  EditOutcomeDto,
  GroupFromDto,
  HandedOverDto,
  HolidayDto,
  HolidayInput,
  LabelDto,
  LabelKind,
  LabelsEditDto,
  PersonDto,
  ProjectDto,
  RepeatDaysDto,
  RepeatInput,
  SaveViewInput,
  SeenPersonDto,
  StaffingDto,
  TimelineDto,
  TimeOffDto,
  TimeOffInput,
  Unreadable,
  ViewDto,
} from "../../src/ipc";
import { FULL_DAY } from "../../src/timeline/model/allocation";
import { packAssignments } from "../../src/timeline/model/columns";
import { dateOf, dayOf } from "../../src/timeline/model/dates";
import { Plan } from "../../src/timeline/model/plan.svelte";
import { newId, type PlanApi } from "../../src/timeline/model/planApi";
import { at } from "./testing";

export type Change = { personId: string; projectId: string; startDate: string; lastDay: string };
export const err = (code: string, message = code) => Object.assign(new Error(message), { code, message });
const unused = (): never => {
  throw new Error("not used by these tests");
};

/** An in-memory store with the Rust side's rules: versions checked, conflicts, missing rows. */
export class FakeStore implements PlanApi {
  rows = new Map<string, AssignmentDto>();
  people: PersonDto[] = [
    { id: "ada", name: "Ada", version: 1 },
    { id: "bob", name: "Bob", version: 1 },
  ];
  projects: ProjectDto[] = [{ id: "apollo", name: "Apollo", color: "#336699", version: 1 }];
  /** The next write fails with this code. */
  failNext: string | null = null;
  /** Resolves when the test says so, to look at the view while a write is in flight. */
  hold: Promise<void> | null = null;
  calls: string[] = [];
  /** The next write lands, but its answer is lost with the connection. */
  loseAnswer = false;
  /** Offline: windows are served only if the copy holds them (none here). */
  offline = false;
  windowsAsked = 0;
  /** Items every read names as unreadable. */
  unreadable: Unreadable[] = [];

  private answer<T>(value: T): T {
    if (this.loseAnswer) {
      this.loseAnswer = false;
      throw err("unconfirmed");
    }
    return value;
  }

  private async gate(name: string) {
    this.calls.push(name);
    if (this.hold) await this.hold;
    if (this.failNext) {
      const code = this.failNext;
      this.failNext = null;
      throw err(code);
    }
  }
  private fresh(current: AssignmentDto) {
    const held = this.rows.get(current.id);
    if (!held) throw err("not_found");
    if (held.version !== current.version) throw err("conflict");
  }
  private make(
    id: string,
    c: Change & Partial<Pick<AssignmentDto, "allocation" | "status">> & { series?: string | null },
    version: number,
  ): AssignmentDto {
    const was = this.rows.get(id);
    const { series, ...fields } = c;
    const a: AssignmentDto = {
      id,
      version,
      ...fields,
      allocation: c.allocation ?? was?.allocation ?? FULL_DAY,
      status: c.status ?? was?.status ?? "confirmed",
      endDateExclusive: dateOf(dayOf(c.lastDay) + 1),
    };
    // As the Rust side keeps it: absent keeps it, null takes it out.
    const inSeries = series === undefined ? was?.series : (series ?? undefined);
    if (inSeries) a.series = inSeries;
    return a;
  }

  asked: [string, string][] = [];
  async loadWindow(from: string, to: string) {
    this.windowsAsked++;
    this.asked.push([from, to]);
    if (this.offline) throw err("not_loaded");
    const within = (x: { startDate: string; endDateExclusive: string }) =>
      x.startDate < to && x.endDateExclusive > from;
    const assignments = [...this.rows.values()].filter(within);
    // The time off and holidays of the window's reach: its days and those of its totals (the
    // Rust side's `WindowItems::reach`).
    let [first, end] = [from, to];
    for (const a of assignments)
      if (a.allocation.kind === "total") {
        if (a.startDate < first) first = a.startDate;
        if (a.endDateExclusive > end) end = a.endDateExclusive;
      }
    const reached = (x: { startDate: string; endDateExclusive: string }) =>
      x.startDate < end && x.endDateExclusive > first;
    return {
      assignments: packAssignments(assignments),
      timeOff: [...this.timeOff.values()].filter(reached),
      holidays: [...this.holidays.values()].filter((h) => h.day >= first && h.day < end),
      unreadable: this.unreadable,
    };
  }
  // Time off and holidays as the Rust side keeps them (versions checked); the rest of capacity's
  // commands are not used by these tests.
  timeOff = new Map<string, TimeOffDto>();
  holidays = new Map<string, HolidayDto>();
  private timeOffOf(id: string, personId: string, input: TimeOffInput, version: number): TimeOffDto {
    const { startDate, lastDay, kind, minutes } = input;
    const endDateExclusive = dateOf(dayOf(lastDay) + 1);
    return { id, personId, startDate, lastDay, endDateExclusive, kind, minutes: minutes ?? null, version };
  }
  async createTimeOff(personId: string, input: TimeOffInput, id = newId()) {
    const t = this.timeOffOf(id, personId, input, 1);
    this.timeOff.set(id, t);
    return t;
  }
  async updateTimeOff(current: TimeOffDto, input: TimeOffInput) {
    if (this.timeOff.get(current.id)?.version !== current.version) throw err("conflict");
    const t = this.timeOffOf(current.id, current.personId, input, current.version + 1);
    this.timeOff.set(t.id, t);
    return t;
  }
  async deleteTimeOff(current: TimeOffDto) {
    this.timeOff.delete(current.id);
  }
  async addHolidays(calendarId: string, days: HolidayInput[]) {
    for (const d of days) this.holidays.set(`${calendarId}|${d.day}`, { calendarId, ...d });
    return days.length;
  }
  async deleteHoliday(calendarId: string, day: string) {
    this.holidays.delete(`${calendarId}|${day}`);
  }
  async deleteCalendar(id: string) {
    const days = [...this.holidays.values()].filter((h) => h.calendarId === id);
    for (const h of days) this.holidays.delete(`${id}|${h.day}`);
    return days.length;
  }
  labels: LabelDto[] = [];
  async createLabel(kind: LabelKind, name: string, id = newId()) {
    await this.gate("label");
    const fold = (s: string) => s.normalize("NFKC").toLowerCase().trim();
    if (this.labels.some((l) => l.kind === kind && fold(l.name) === fold(name))) throw err("duplicate_label");
    const l = { id, kind, name: name.trim(), version: 1 };
    this.labels.push(l);
    return l;
  }
  async renameLabel(id: string, version: number, name: string) {
    const i = this.labels.findIndex((l) => l.id === id);
    if (at(this.labels, i).version !== version) throw err("conflict");
    const renamed = { ...at(this.labels, i), name, version: version + 1 };
    this.labels[i] = renamed;
    return renamed;
  }
  async deleteLabel(id: string) {
    this.labels = this.labels.filter((l) => l.id !== id);
    let n = 0;
    this.people = this.people.map((p) => {
      const carried =
        p.roleId === id || (p.skillIds ?? []).includes(id) || (p.groups ?? []).some((g) => g.groupId === id);
      if (!carried) return p;
      n++;
      return {
        ...p,
        version: p.version + 1,
        roleId: p.roleId === id ? undefined : p.roleId,
        skillIds: (p.skillIds ?? []).filter((s) => s !== id),
        groups: (p.groups ?? []).map((g) => (g.groupId === id ? { from: g.from } : g)),
      };
    });
    return n;
  }
  async setPersonLabels(
    current: PersonDto,
    groups: GroupFromDto[],
    roleId?: string | null,
    skillIds: string[] = [],
  ) {
    await this.gate("person-labels");
    const i = this.people.findIndex((p) => p.id === current.id);
    if (i < 0) throw err("not_found");
    if (at(this.people, i).version !== current.version) throw err("conflict");
    for (const id of [roleId, ...skillIds, ...groups.map((g) => g.groupId)])
      if (id && !this.labels.some((l) => l.id === id)) throw err("no_such_label");
    const p = {
      ...at(this.people, i),
      groups,
      roleId: roleId ?? undefined,
      skillIds,
      version: current.version + 1,
    };
    this.people[i] = p;
    return p;
  }
  async setLabelsMany(people: SeenPersonDto[], edit: LabelsEditDto) {
    const done: PersonDto[] = [];
    const conflicts: string[] = [];
    for (const seen of people) {
      const p = this.people.find((x) => x.id === seen.id);
      if (!p || p.version !== seen.version) {
        conflicts.push(seen.id);
        continue;
      }
      const skills = new Set(
        [...(p.skillIds ?? []), ...edit.addSkillIds].filter((s) => !edit.removeSkillIds.includes(s)),
      );
      const groups = edit.group ? [{ groupId: edit.group.groupId }] : p.groups;
      const roleId = edit.roleChange ? edit.roleId : p.roleId;
      done.push(await this.setPersonLabels(p, groups ?? [], roleId, [...skills]));
    }
    return { people: done, conflicts };
  }
  /** Saved views: the user's and others' (`mine` false); shared ones seen by everyone. */
  savedViews: ViewDto[] = [];
  async views() {
    return this.savedViews.filter((v) => v.shared || v.mine).map((v) => ({ ...v }));
  }
  async saveView(v: SaveViewInput) {
    const held = this.savedViews.find((x) => x.id === v.id);
    if (v.name.trim() === "") throw err("name_empty");
    if (v.version === 0 && held) throw err("already_exists");
    if (v.version !== 0 && !held) throw err("not_found");
    if (held && !held.mine) throw err("forbidden");
    if (held && held.version !== v.version) throw err("conflict");
    const saved: ViewDto = { ...v, owner: "me", mine: true, version: v.version + 1 };
    this.savedViews = [...this.savedViews.filter((x) => x.id !== v.id), saved];
    return { ...saved };
  }
  async deleteView(id: string, version: number) {
    const held = this.savedViews.find((x) => x.id === id);
    if (held && held.version !== version) throw err("conflict");
    this.savedViews = this.savedViews.filter((x) => x.id !== id);
  }
  setWorkingTime = unused;
  setDefaultWeek = unused;
  createCalendar = unused;
  renameCalendar = unused;
  importIcs = unused;
  async catalog() {
    return {
      people: this.people,
      projects: this.projects,
      labels: this.labels,
      unfinishedPersonDeletes: [],
      unfinishedProjectDeletes: [],
      unreadable: this.unreadable,
    };
  }
  async createAssignment(input: Change & { id?: string }) {
    await this.gate("create");
    const id = input.id ?? newId();
    if (this.rows.has(id)) throw err("already_exists");
    const a = this.make(id, input, 1);
    this.rows.set(id, a);
    return this.answer(a);
  }
  async updateAssignment(current: AssignmentDto, change: Change) {
    await this.gate("update");
    this.fresh(current);
    const a = this.make(current.id, change, current.version + 1);
    this.rows.set(a.id, a);
    return this.answer(a);
  }
  /** Each booking moved on its own, as the Rust side does: a stale one stays, with its error. */
  async handOver(bookings: AssignmentDto[], personId: string) {
    await this.gate("hand-over");
    const answer: HandedOverDto = { moved: [], failed: [] };
    for (const current of bookings) {
      try {
        this.fresh(current);
        const { id, version, ...fields } = current;
        const a = this.make(id, { ...fields, personId }, version + 1);
        this.rows.set(a.id, a);
        answer.moved.push(a);
      } catch (error) {
        answer.failed.push({ id: current.id, error: error as HandedOverDto["failed"][number]["error"] });
      }
    }
    return answer;
  }
  /** Many at once, as the Rust side writes them: each booking checked on its own (a stale one
   * fails with its error, the rest is written); `cancelAfter` bookings written, the rest is not
   * sent (a cancel between transactions). */
  cancelAfter: number | null = null;
  async editBookings(_key: string, edits: BookingEditInput[], onProgress: (p: DeleteProgressDto) => void) {
    await this.gate("many");
    const outcomes: EditOutcomeDto[] = [];
    for (const [i, e] of edits.entries()) {
      if (this.cancelAfter !== null && i >= this.cancelAfter) {
        outcomes.push({ kind: "notSent" });
        continue;
      }
      try {
        if (e.kind === "create") {
          const id = e.booking.id ?? newId();
          const held = this.rows.get(id);
          const a = held ?? this.make(id, e.booking, 1);
          this.rows.set(id, a);
          outcomes.push({ kind: "written", booking: a });
        } else if (e.kind === "update") {
          this.fresh(e.current);
          const a = this.make(e.current.id, e.change, e.current.version + 1);
          this.rows.set(a.id, a);
          outcomes.push({ kind: "written", booking: a });
        } else {
          if (this.rows.has(e.current.id)) this.fresh(e.current);
          this.rows.delete(e.current.id);
          outcomes.push({ kind: "deleted" });
        }
      } catch (error) {
        outcomes.push({
          kind: "failed",
          error: error as Extract<EditOutcomeDto, { kind: "failed" }>["error"],
        });
      }
      onProgress({ done: i + 1, total: edits.length });
    }
    const cancelled = this.cancelAfter !== null && this.cancelAfter < edits.length;
    this.cancelAfter = null;
    return this.answer({ batch: newId(), outcomes, requests: 1, cancelled });
  }
  /** The days of a repeat's bookings, as the Rust side would answer (set by a test). */
  repeatAnswer: RepeatDaysDto = { made: [], skipped: [] };
  async repeatDays(_booking: AssignmentDto, _rule: RepeatInput) {
    await this.gate("repeat-days");
    return this.repeatAnswer;
  }
  /** A series' bookings from a day on, as stored, by start. */
  /** Holds the series reads (a slow table) until the test says so. */
  readHold: Promise<void> | null = null;
  async seriesFrom(series: string, from: string) {
    // A read: it does not wait for the writes held (the table answers what it holds now).
    this.calls.push("series-from");
    if (this.readHold) await this.readHold;
    return [...this.rows.values()]
      .filter((a) => a.series === series && a.startDate >= from)
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id));
  }
  cancelled: string[] = [];
  async cancelEdit(key: string) {
    this.cancelled.push(key);
    return true;
  }
  /** The placeholder's bookings (every one held) and no candidates: the figures are the Rust
   * side's, tested there. */
  async staffing(id: string): Promise<StaffingDto> {
    const bookings = [...this.rows.values()].filter((a) => a.personId === id);
    return { bookings, staffing: { wanted: 0, days: 0, skillsWanted: 0, candidates: [] } };
  }
  async deleteAssignment(current: AssignmentDto) {
    await this.gate("delete");
    if (!this.rows.has(current.id)) return;
    this.fresh(current);
    this.rows.delete(current.id);
  }
  async createPerson(name: string, id = newId(), placeholder: boolean | null = null) {
    await this.gate("person");
    const held = this.people.find((p) => p.id === id);
    if (held) return held; // the same person sent again
    const p: PersonDto = { id, name, version: 1, ...(placeholder ? { placeholder: true } : {}) };
    this.people.push(p);
    return this.answer(p);
  }
  async renamePerson(id: string, version: number, name: string) {
    await this.gate("rename");
    const i = this.people.findIndex((p) => p.id === id);
    if (at(this.people, i).version !== version) throw err("conflict");
    const renamed = { id, name, version: version + 1 };
    this.people[i] = renamed;
    return renamed;
  }
  async personAssignmentCount(id: string) {
    return [...this.rows.values()].filter((a) => a.personId === id).length;
  }
  async deletePerson(id: string, onProgress: (p: { done: number; total: number }) => void) {
    const doomed = [...this.rows.values()].filter((a) => a.personId === id);
    doomed.forEach((a, i) => {
      this.rows.delete(a.id);
      onProgress({ done: i + 1, total: doomed.length });
    });
    this.people = this.people.filter((p) => p.id !== id);
    return { assignmentsDeleted: doomed.length };
  }
  async createProject(name: string, color: string, id = newId()) {
    const p = { id, name, color, version: 1 };
    this.projects.push(p);
    return p;
  }
  async updateProject(id: string, version: number, name?: string | null, color?: string | null) {
    await this.gate("project");
    const change = { ...(name ? { name } : {}), ...(color ? { color } : {}) };
    const i = this.projects.findIndex((p) => p.id === id);
    const held = at(this.projects, i);
    if (held.version !== version) throw err("conflict");
    const updated = { ...held, ...change, version: version + 1 };
    this.projects[i] = updated;
    return updated;
  }
  async projectAssignmentCount(id: string) {
    return [...this.rows.values()].filter((a) => a.projectId === id).length;
  }
  async deleteProject(id: string) {
    const doomed = [...this.rows.values()].filter((a) => a.projectId === id);
    for (const a of doomed) this.rows.delete(a.id);
    this.projects = this.projects.filter((p) => p.id !== id);
    return { assignmentsDeleted: doomed.length };
  }
}

/** A plan over `store` (a fresh one unless given); `over` changes what the first load brought. */
export function setUp(over: Partial<TimelineDto> = {}, store = new FakeStore()) {
  const initial: TimelineDto = {
    teamName: "T",
    from: "2026-11-02",
    to: "2027-01-25",
    people: store.people,
    projects: store.projects,
    assignments: packAssignments([]),
    timeOff: [],
    holidays: [],
    calendars: [],
    labels: [],
    defaultWeek: [480, 480, 480, 480, 480, 0, 0],
    feedDays: 396,
    loaded: [{ from: "2026-11-02", to: "2027-01-25" }],
    cached: false,
    unreadable: [],
    ...over,
  };
  const plan = new Plan(initial, store, { lang: "en", error: (e) => errorText("en", e) });
  return { store, plan };
}

export const week = (personId: string, startDate: string, lastDay: string): Change => ({
  personId,
  projectId: "apollo",
  startDate,
  lastDay,
});
export const only = (plan: Plan) => Object.values(plan.byId);

/** Until the promises due settle (a window's answer, an edit's). */
export const settle = () => new Promise((r) => setTimeout(r, 0));

/** The store's windows (those from the days `late` says) and catalog are read at once and
 * answered when the test says so. */
export function lateWindows(
  store: FakeStore,
  late: (from: string) => boolean = () => true,
): { answer: () => void } {
  let answer = () => {};
  const answered = new Promise<void>((r) => {
    answer = r;
  });
  const loadWindow = store.loadWindow.bind(store);
  store.loadWindow = async (from, to) => {
    const found = await loadWindow(from, to);
    if (late(from)) await answered;
    return found;
  };
  const catalog = store.catalog.bind(store);
  store.catalog = async () => {
    const found = await catalog();
    const read = { ...found, people: [...found.people], projects: [...found.projects] };
    await answered;
    return read;
  };
  return { answer };
}
