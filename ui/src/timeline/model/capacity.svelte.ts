// What decides when people can work, as the timeline holds it: the team's
// default week, the holiday calendars and the holidays on the days loaded, everyone's time off on
// those days; each person's availability for the load maths (load.ts); and the edits of it, each
// written through the Rust side and shown once it answered (these are settings-like edits made
// in dialogs, not dragged: no optimistic show, no undo).
import type {
  CalendarDto,
  Commands,
  HolidayDto,
  HolidayInput,
  PersonDto,
  TimeOffDto,
  TimeOffInput,
} from "../../ipc";
import { type Day, dayOf } from "./dates";
import type { Absence, Availability, Schedule, WeekFrom } from "./load";
import { type Asked, FIRST, KEY, Touched } from "./touched";

/** The Rust commands capacity uses (src/ipc in the app; a fake in tests). */
export type CapacityApi = Pick<
  Commands,
  | "setWorkingTime"
  | "setDefaultWeek"
  | "createTimeOff"
  | "updateTimeOff"
  | "deleteTimeOff"
  | "createCalendar"
  | "renameCalendar"
  | "deleteCalendar"
  | "addHolidays"
  | "importIcs"
  | "deleteHoliday"
>;

/** What a window of days brought (load_window, open_timeline). */
export interface Dated {
  timeOff: TimeOffDto[];
  holidays: HolidayDto[];
}

const holidayKey = (h: Pick<HolidayDto, "calendarId" | "day">) => `${h.calendarId}|${h.day}`;
// The keys of what a late window must leave alone (touched.ts).
const OFF = KEY.timeOff;
const DAY = (h: Pick<HolidayDto, "calendarId" | "day">) => KEY.holiday(h.calendarId, h.day);

/** Monday to Friday, 8 hours. */
export const STANDARD_WEEK = [480, 480, 480, 480, 480, 0, 0];

const sameWeek = (a: WeekFrom, b: WeekFrom) =>
  a.from === b.from && a.week.length === b.week.length && a.week.every((m, i) => m === b.week[i]);
const sameSchedule = (a: Schedule, b: Schedule) =>
  a === b ||
  ((a.firstDay ?? null) === (b.firstDay ?? null) &&
    (a.lastDay ?? null) === (b.lastDay ?? null) &&
    a.weeks.length === b.weeks.length &&
    a.weeks.every((w, i) => sameWeek(w, b.weeks[i] as WeekFrom)));
const sameDays = (a: ReadonlySet<Day>, b: ReadonlySet<Day>) =>
  a === b || (a.size === b.size && [...a].every((d) => b.has(d)));
const sameAbsences = (a: readonly Absence[], b: readonly Absence[]) =>
  a.length === b.length &&
  a.every((x, i) => x.from === b[i]?.from && x.to === b[i]?.to && x.minutes === b[i]?.minutes);

/**
 * Each person's availability: their own working weeks or the team's week, the holidays of their
 * calendar, their time off. A person whose availability in `last` says the same as now keeps that
 * object, so what is worked out once per availability (rows.svelte.ts: loads, figures) stays
 * worked out when a window brings a holiday of another calendar or another person's time off.
 */
export function availabilities(
  people: readonly PersonDto[],
  defaultWeek: readonly number[],
  holidays: Iterable<HolidayDto>,
  timeOff: Iterable<TimeOffDto>,
  last: ReadonlyMap<string, Availability> = new Map(),
): Map<string, Availability> {
  const team: Schedule = { weeks: [{ from: null, week: [...defaultWeek] }] };
  const byCalendar = new Map<string, Set<Day>>();
  for (const h of holidays) {
    const set = byCalendar.get(h.calendarId) ?? new Set<Day>();
    set.add(dayOf(h.day));
    byCalendar.set(h.calendarId, set);
  }
  const away = new Map<string, Absence[]>();
  for (const t of timeOff) {
    const list = away.get(t.personId) ?? [];
    list.push({ from: dayOf(t.startDate), to: dayOf(t.endDateExclusive), minutes: t.minutes });
    away.set(t.personId, list);
  }
  const none = new Set<Day>();
  // A calendar's days compared with those a person had before: once for each pair of sets.
  const compared = new Map<ReadonlySet<Day>, Map<ReadonlySet<Day>, boolean>>();
  const same = (was: ReadonlySet<Day>, now: ReadonlySet<Day>) => {
    const known = compared.get(was) ?? new Map<ReadonlySet<Day>, boolean>();
    compared.set(was, known);
    const answer = known.get(now) ?? sameDays(was, now);
    known.set(now, answer);
    return answer;
  };
  return new Map(
    people.map((p) => {
      const now: Availability = {
        schedule: p.schedule ?? team,
        holidays: (p.calendarId ? byCalendar.get(p.calendarId) : undefined) ?? none,
        absences: away.get(p.id) ?? [],
      };
      const was = last.get(p.id);
      const kept =
        was &&
        sameSchedule(was.schedule, now.schedule) &&
        same(was.holidays, now.holidays) &&
        sameAbsences(was.absences, now.absences);
      return [p.id, kept ? was : now];
    }),
  );
}

export class Capacity {
  defaultWeek: number[] = $state.raw(STANDARD_WEEK);
  calendars: CalendarDto[] = $state.raw([]);
  /** Time off on the days loaded, by id. */
  timeOff: Record<string, TimeOffDto> = $state.raw({});
  /** Holidays on the days loaded, by calendar and day. */
  holidays: Record<string, HolidayDto> = $state.raw({});

  constructor(
    initial: Dated & { calendars: CalendarDto[]; defaultWeek: number[] },
    private readonly api: CapacityApi,
    /** What changed here while a window was on its way (the plan's, shared). */
    private readonly touched = new Touched(),
  ) {
    this.defaultWeek = initial.defaultWeek;
    this.calendars = initial.calendars;
    this.loaded(initial, FIRST);
  }

  /** A window asked at `asked` came: what it holds joins (or replaces) what was held, but for
   * what changed here since it was asked (its copy of that is older). */
  loaded(answer: Dated, asked: Asked): void {
    const older = (key: string) => this.touched.since(key, asked);
    const found = this.withoutGone(answer, asked);
    const fresh = found.timeOff.filter((t) => this.timeOff[t.id]?.version !== t.version && !older(OFF(t.id)));
    if (fresh.length) this.timeOff = { ...this.timeOff, ...Object.fromEntries(fresh.map((t) => [t.id, t])) };
    const days = found.holidays.filter(
      (h) => this.holidays[holidayKey(h)]?.name !== h.name && !older(DAY(h)),
    );
    if (days.length)
      this.holidays = { ...this.holidays, ...Object.fromEntries(days.map((h) => [holidayKey(h), h])) };
  }

  /** Windows read again at `asked` (after a conflict, or back online): what they cover is what
   * they hold, but for what changed here since (as it is now, or not at all if gone). */
  reread(ranges: readonly { from: Day; to: Day }[], answer: Dated, asked: Asked): void {
    const inside = (from: Day, to: Day) => ranges.some((r) => from < r.to && to > r.from);
    const found = this.withoutGone(answer, asked);
    const { touched } = this;
    const shown = Object.values(this.timeOff);
    this.timeOff = Object.fromEntries(
      [
        ...shown.filter((t) => !inside(dayOf(t.startDate), dayOf(t.endDateExclusive))),
        ...touched.newerOf(found.timeOff, shown, (t) => OFF(t.id), asked),
      ].map((t) => [t.id, t]),
    );
    const days = Object.values(this.holidays);
    this.holidays = Object.fromEntries(
      [
        ...days.filter((h) => !inside(dayOf(h.day), dayOf(h.day) + 1)),
        ...touched.newerOf(found.holidays, days, DAY, asked),
      ].map((h) => [holidayKey(h), h]),
    );
  }

  /** What a read asked at `asked` found, less the time off of people and the holidays of
   * calendars deleted here since (its answer still has them). */
  private withoutGone(found: Dated, asked: Asked): Dated {
    const gone = (key: string) => this.touched.since(key, asked);
    return {
      timeOff: found.timeOff.filter((t) => !gone(KEY.personGone(t.personId))),
      holidays: found.holidays.filter((h) => !gone(KEY.calendarGone(h.calendarId))),
    };
  }

  /** A person's time off on the days loaded, by start. */
  timeOffOf(personId: string): TimeOffDto[] {
    return Object.values(this.timeOff)
      .filter((t) => t.personId === personId)
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
  }

  /** A calendar's holidays on the days loaded, by day. */
  holidaysOf(calendarId: string): HolidayDto[] {
    return Object.values(this.holidays)
      .filter((h) => h.calendarId === calendarId)
      .sort((a, b) => a.day.localeCompare(b.day));
  }

  // ---- edits (each one request; the caller shows a failure in its dialog) ---------------------

  async setDefaultWeek(minutes: number[]): Promise<void> {
    this.defaultWeek = await this.api.setDefaultWeek(minutes);
  }

  async addTimeOff(personId: string, input: TimeOffInput, id?: string): Promise<TimeOffDto> {
    const t = await this.api.createTimeOff(personId, input, id);
    this.showTimeOff(t);
    return t;
  }

  async changeTimeOff(current: TimeOffDto, input: TimeOffInput): Promise<TimeOffDto> {
    const t = await this.api.updateTimeOff(current, input);
    this.showTimeOff(t);
    return t;
  }

  async removeTimeOff(current: TimeOffDto): Promise<void> {
    await this.api.deleteTimeOff(current);
    this.dropTimeOff(current.id);
  }

  private showTimeOff(t: TimeOffDto): void {
    this.touched.mark(OFF(t.id));
    this.timeOff = { ...this.timeOff, [t.id]: t };
  }

  private dropTimeOff(id: string): void {
    this.touched.mark(OFF(id));
    const { [id]: _, ...rest } = this.timeOff;
    this.timeOff = rest;
  }

  /** Holidays shown (added, renamed; those shown as they are already leave the map as it is) or
   * gone. */
  private showHolidays(days: readonly HolidayDto[]): void {
    for (const h of days) this.touched.mark(DAY(h));
    const fresh = days.filter((h) => this.holidays[holidayKey(h)]?.name !== h.name);
    if (fresh.length)
      this.holidays = { ...this.holidays, ...Object.fromEntries(fresh.map((h) => [holidayKey(h), h])) };
  }

  private dropHolidays(gone: (h: HolidayDto) => boolean): void {
    for (const h of Object.values(this.holidays)) if (gone(h)) this.touched.mark(DAY(h));
    this.holidays = Object.fromEntries(Object.entries(this.holidays).filter(([, h]) => !gone(h)));
  }

  /** Someone else's change to a time off (the live view): the newer version wins. */
  live(before: TimeOffDto | null, after: TimeOffDto | null): void {
    if (after) {
      if ((this.timeOff[after.id]?.version ?? 0) < after.version) this.showTimeOff(after);
    } else if (before && this.timeOff[before.id]) {
      this.dropTimeOff(before.id);
    }
  }

  /** Someone else's change to a calendar (the live view): added, renamed, or gone. */
  liveCalendar(before: CalendarDto | null, after: CalendarDto | null): void {
    const id = (after ?? before)?.id;
    const shown = this.calendars.find((c) => c.id === id);
    if (after && shown && shown.version >= after.version) return;
    const rest = this.calendars.filter((c) => c.id !== id);
    this.calendars = (after ? [...rest, after] : rest).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Drops the time off of people who are gone (a person deleted takes theirs along; the plan
   * marks the person gone, so a late window brings none of it back). */
  forget(personId: string): void {
    for (const t of Object.values(this.timeOff)) if (t.personId === personId) this.touched.mark(OFF(t.id));
    this.timeOff = Object.fromEntries(
      Object.entries(this.timeOff).filter(([, t]) => t.personId !== personId),
    );
  }

  async createCalendar(name: string, region: string | null, id?: string): Promise<CalendarDto> {
    const c = await this.api.createCalendar(name, region, id);
    this.calendars = [...this.calendars.filter((x) => x.id !== c.id), c].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    return c;
  }

  async renameCalendar(c: CalendarDto, name: string): Promise<void> {
    const renamed = await this.api.renameCalendar(c.id, c.version, name);
    this.calendars = this.calendars.map((x) => (x.id === c.id ? renamed : x));
  }

  async deleteCalendar(c: CalendarDto): Promise<void> {
    await this.api.deleteCalendar(c.id);
    this.calendars = this.calendars.filter((x) => x.id !== c.id);
    this.touched.mark(KEY.calendarGone(c.id));
    this.dropHolidays((h) => h.calendarId === c.id);
  }

  /** Adds holidays; those on days loaded show at once (the others when their days load). */
  async addHolidays(calendarId: string, days: HolidayInput[]): Promise<number> {
    const n = await this.api.addHolidays(calendarId, days);
    this.showHolidays(days.map((d) => ({ calendarId, ...d })));
    return n;
  }

  /** Adds an .ics file's holidays; answers how many (read the windows again to show them). */
  importIcs(calendarId: string, text: string): Promise<number> {
    return this.api.importIcs(calendarId, text);
  }

  async removeHoliday(h: HolidayDto): Promise<void> {
    await this.api.deleteHoliday(h.calendarId, h.day);
    this.touched.mark(DAY(h)); // (also when its day is not loaded yet: a window on its way)
    this.dropHolidays((x) => x.calendarId === h.calendarId && x.day === h.day);
  }
}
