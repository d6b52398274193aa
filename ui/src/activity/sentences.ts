// An activity entry as a sentence in the UI's language: who did what to which person, project or
// assignment, and when. Pure: the names come in (`Names`: the plan's people, projects and calendars
// and the team's members by id, as they are now), so a renamed person is called by their name of
// today; what the plan no longer has is called by the name the record holds, or "a deleted person".
// Tested in sentences.test.ts, in both languages.
import type { Lang } from "../i18n";
import type { AllocationDto, AssignmentDto, LiveItemDto, PersonDto, TimeOffDto } from "../ipc";
import { dayOf } from "../timeline/model/dates";
import { dayRange } from "../timeline/scene/format";
import type { Aspect, LabelPart } from "./activityWords";
import { ACTIVITY } from "./activityWords";

/** Names by id, as the window knows them now. */
export interface Names {
  people: ReadonlyMap<string, string>;
  projects: ReadonlyMap<string, string>;
  calendars: ReadonlyMap<string, string>;
  /** Members' labels (their email) by user id. */
  members: ReadonlyMap<string, string>;
}

/** What a sentence needs besides its entry: the words' language, the dates' locale, the names. */
export interface Say {
  lang: Lang;
  /** Where dates are written from (ui.dateLocale). */
  locale: string;
  names: Names;
}

/** Names by id from lists of things that have an id and a name. */
export const byId = (items: readonly { id: string; name: string }[]): Map<string, string> =>
  new Map(items.map((i) => [i.id, i.name]));

/** Who made the change, as a sentence's subject: "You", their name then, their email now, or
 * "Someone". */
export function whoOf(item: LiveItemDto, say: Say): string {
  const t = ACTIVITY[say.lang];
  if (item.mine) return t.actYou;
  const name = item.who ?? say.names.members.get(item.by);
  return name ? t.actSubject(name) : t.actSomeone;
}

/** The same, as a plain name (the CSV's column). */
export function whoName(item: LiveItemDto, say: Say): string {
  if (item.mine) return ACTIVITY[say.lang].actYou;
  return item.who ?? say.names.members.get(item.by) ?? ACTIVITY[say.lang].actSomeone;
}

/** A count a run left in its summary (`assignmentsDeleted`, an import's `resources`: the summary's stored names), or 0. */
export const count = (item: LiveItemDto, name: string): number =>
  item.summary.find(([n]) => n === name)?.[1] ?? 0;

/** The days `first` to `last` (`YYYY-MM-DD`, both included), as the timeline writes them. */
const days = (say: Say, first: string, last: string) => dayRange(say.locale, dayOf(first), dayOf(last));

/** The assignment entry's bar to show on the timeline: what it became (none once deleted). */
export function shown(item: LiveItemDto): AssignmentDto | null {
  return item.change.kind === "assignment" && item.action !== "deleted" ? item.change.after : null;
}

/** Whether the entry is a deleted assignment, which Restore creates again. */
export const restorable = (item: LiveItemDto): boolean =>
  item.kind === "assignment" && item.action === "deleted" && item.change.kind === "assignment";

/** The sentence for a failed Restore whose reason has its own (else null: the error's own). */
export function restoreFailure(e: unknown, lang: Lang): string | null {
  const code = typeof e === "object" && e !== null && "code" in e ? (e as { code: unknown }).code : null;
  const t = ACTIVITY[lang];
  if (code === "already_exists") return t.activityRestoreAlready;
  if (code === "not_found") return t.activityRestoreTooOld;
  if (code === "parent_gone") return t.activityRestoreParentGone;
  return null;
}

/** The entry as a sentence. */
export function sentence(item: LiveItemDto, say: Say): string {
  const t = ACTIVITY[say.lang];
  const who = whoOf(item, say);
  const c = item.change;
  switch (c.kind) {
    case "assignment":
      return assignment(item, c.before, c.after, who, say) ?? t.actSomething(who, item.kind);
    case "person": {
      const name = say.names.people.get(item.item) ?? (c.after ?? c.before)?.name ?? t.actDeletedPerson;
      if (item.action === "created")
        return c.after?.placeholder ? t.actPlaceholderAdded(who, name) : t.actPersonAdded(who, name);
      if (item.action === "deleted" || !c.after)
        return t.actPersonDeleted(who, c.before?.name ?? name, count(item, "assignmentsDeleted"));
      if (c.before && c.before.name !== c.after.name)
        return t.actPersonRenamed(who, c.before.name, c.after.name);
      // Their group, role or skills.
      const parts = labelParts(c.before, c.after);
      if (parts.length) return t.actPersonLabels(who, name, parts);
      // Otherwise their working time: their weeks, or their calendar.
      const calendar = c.after.calendarId;
      if (c.before?.calendarId !== calendar && same(c.before?.schedule, c.after.schedule)) {
        const calendarName = calendar ? (say.names.calendars.get(calendar) ?? t.actDeletedCalendar) : null;
        return t.actCalendarOf(who, name, calendarName);
      }
      return t.actWorkingTime(who, name);
    }
    case "project": {
      const name = say.names.projects.get(item.item) ?? (c.after ?? c.before)?.name ?? t.actDeletedProject;
      if (item.action === "created") return t.actProjectAdded(who, name);
      if (item.action === "deleted" || !c.after)
        return t.actProjectDeleted(who, c.before?.name ?? name, count(item, "assignmentsDeleted"));
      const recoloured = !!c.before && c.before.color !== c.after.color;
      if (c.before && c.before.name !== c.after.name)
        return t.actProjectRenamed(who, c.before.name, c.after.name, recoloured);
      return t.actRecoloured(who, name);
    }
    case "timeOff":
      return timeOff(c.before, c.after, who, say) ?? t.actSomething(who, item.kind);
    case "calendar": {
      const name = say.names.calendars.get(item.item) ?? (c.after ?? c.before)?.name ?? t.actDeletedCalendar;
      if (item.action === "created") return t.actCalendarAdded(who, name);
      if (item.action === "deleted" || !c.after)
        return t.actCalendarDeleted(who, c.before?.name ?? name, count(item, "holidaysDeleted"));
      if (c.before && c.before.name !== c.after.name)
        return t.actCalendarRenamed(who, c.before.name, c.after.name);
      return t.actCalendarChanged(who, name);
    }
    case "label": {
      const l = c.after ?? c.before;
      if (!l) return t.actSomething(who, item.kind);
      if (item.action === "created" && c.after) return t.actLabelAdded(who, l.kind, c.after.name);
      if (!c.after) return t.actLabelDeleted(who, l.kind, l.name, count(item, "people"));
      if (c.before && c.before.name !== c.after.name)
        return t.actLabelRenamed(who, l.kind, c.before.name, c.after.name);
      return t.actSomething(who, item.kind);
    }
    case "view": {
      const v = c.after ?? c.before;
      if (!v) return t.actSomething(who, item.kind);
      if (!c.after) return t.actViewDeleted(who, v.name);
      if (!c.after.shared) return t.actViewUnshared(who, c.after.name);
      if (item.action === "created" || !c.before?.shared) return t.actViewShared(who, c.after.name);
      return t.actViewChanged(who, c.after.name);
    }
    case "holidays": {
      const calendar = say.names.calendars.get(item.item) ?? t.actDeletedCalendar;
      const [added, removed] = [c.added, c.removed];
      const one = (h: { name: string; day: string }) => [h.name, days(say, h.day, h.day)] as const;
      if (added.length && !removed.length) {
        const [h] = added;
        return added.length === 1 && h
          ? t.actHolidayAdded(who, ...one(h), calendar)
          : t.actHolidaysAdded(who, added.length, calendar);
      }
      if (removed.length && !added.length) {
        const [h] = removed;
        return removed.length === 1 && h
          ? t.actHolidayRemoved(who, ...one(h), calendar)
          : t.actHolidaysRemoved(who, removed.length, calendar);
      }
      return t.actHolidaysChanged(who, calendar);
    }
    case "member": {
      const state = c.after ?? c.before;
      const userId = state?.userId ?? item.item;
      const member = state?.who ?? say.names.members.get(userId) ?? t.actSomeone;
      if (c.after && c.before) {
        return t.actMemberRole(who, member, t.actRoles[c.before.role], t.actRoles[c.after.role]);
      }
      if (c.after) return t.actMemberAdded(who, member, t.actRoles[c.after.role]);
      return t.actMemberRemoved(who, member);
    }
    case "team": {
      const after = c.after;
      if (after.name) return t.actTeamRenamed(who, after.name);
      if (after.defaultWeek) {
        const minutes = after.defaultWeek.reduce((sum, m) => sum + m, 0);
        const hours = new Intl.NumberFormat(say.locale, { maximumFractionDigits: 2 }).format(minutes / 60);
        return t.actTeamWeek(who, hours);
      }
      if (after.feedDays) return t.actFeedDays(who, after.feedDays);
      return t.actTeamChanged(who);
    }
    case "whole": {
      if (item.kind !== "import") return t.actSomething(who, item.kind);
      if (item.source !== undefined && item.action === "imported")
        return t.actImportedSheet(who, item.source, {
          people: count(item, "resources"),
          projects: count(item, "projects"),
          bookings: count(item, "assignments"),
          timeOff: count(item, "timeOff"),
          changed: count(item, "changed"),
        });
      const counts = [count(item, "resources"), count(item, "projects"), count(item, "assignments")] as const;
      return item.action === "copied" ? t.actCopied(who, ...counts) : t.actImported(who, ...counts);
    }
  }
}

/** What of a person's group, role and skills changed. */
function labelParts(before: PersonDto | null, after: PersonDto): LabelPart[] {
  const parts: LabelPart[] = [];
  if (!same(before?.groups ?? [], after.groups ?? [])) parts.push("group");
  if ((before?.roleId ?? null) !== (after.roleId ?? null)) parts.push("role");
  if (!same(before?.skillIds ?? [], after.skillIds ?? [])) parts.push("skill");
  return parts;
}

/** Whether two values read from JSON are the same (a person's weeks before and after). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What an assignment's change was about, by the fields it changed. */
export function aspects(before: AssignmentDto, after: AssignmentDto): Aspect[] {
  const out: Aspect[] = [];
  if (before.personId !== after.personId) out.push("person");
  if (before.projectId !== after.projectId) out.push("project");
  if (before.startDate !== after.startDate || before.lastDay !== after.lastDay) out.push("days");
  if (!same(before.allocation, after.allocation)) out.push("time");
  if (before.status !== after.status) out.push("status");
  return out;
}

function assignment(
  item: LiveItemDto,
  before: AssignmentDto | null,
  after: AssignmentDto | null,
  who: string,
  say: Say,
): string | null {
  const t = ACTIVITY[say.lang];
  const person = (id: string) => say.names.people.get(id) ?? t.actDeletedPerson;
  const project = (id: string) => say.names.projects.get(id) ?? t.actDeletedProject;
  const what = (a: AssignmentDto) => t.actAssignment(project(a.projectId), person(a.personId));
  const span = (a: AssignmentDto) => days(say, a.startDate, a.lastDay);
  if (!after) return before ? t.actDeleted(who, what(before), span(before)) : null;
  if (item.action === "restored") return t.actRestoredIt(who, what(after), span(after));
  if (!before || item.action === "created") return t.actCreated(who, what(after), span(after));
  const changed = aspects(before, after);
  const only = (...of: Aspect[]) => changed.length === of.length && of.every((a) => changed.includes(a));
  if (only("person") || only("person", "days")) {
    return t.actReassigned(
      who,
      project(after.projectId),
      person(before.personId),
      person(after.personId),
      span(after),
    );
  }
  if (only("project")) {
    return t.actOtherProject(
      who,
      person(after.personId),
      project(before.projectId),
      project(after.projectId),
      span(after),
    );
  }
  if (only("days")) {
    const length = (a: AssignmentDto) => dayOf(a.lastDay) - dayOf(a.startDate);
    // A move keeps its length: its first day says where it went. A resize says both ranges.
    return length(before) === length(after)
      ? t.actMoved(
          who,
          what(after),
          days(say, before.startDate, before.startDate),
          days(say, after.startDate, after.startDate),
        )
      : t.actResized(who, what(after), span(before), span(after));
  }
  if (only("status")) return t.actStatus(who, what(after), after.status === "tentative");
  if (only("time")) return t.actTime(who, what(after), time(after.allocation, say));
  const list = changed.length ? t.actList(changed.map((a) => t.actAspects[a])) : null;
  return t.actChanged(who, what(after), span(after), list);
}

/** An allocation in words: "4h a day", "50% of the working day", "40h in all". */
function time(a: AllocationDto, say: Say): string {
  const t = ACTIVITY[say.lang];
  const n = new Intl.NumberFormat(say.locale, { maximumFractionDigits: 2 });
  if (a.kind === "percent") return a.value === 100 ? t.actFullDay : t.actPercent(n.format(a.value));
  return a.kind === "hoursPerDay"
    ? t.actHoursPerDay(n.format(a.value / 60))
    : t.actTotal(n.format(a.value / 60));
}

function timeOff(before: TimeOffDto | null, after: TimeOffDto | null, who: string, say: Say): string | null {
  const t = ACTIVITY[say.lang];
  const held = after ?? before;
  if (!held) return null;
  const person = say.names.people.get(held.personId) ?? t.actDeletedPerson;
  const kind = t.actTimeOff[held.kind];
  const span = (x: TimeOffDto) => days(say, x.startDate, x.lastDay);
  if (!after) return t.actTimeOffDeleted(who, person, kind, span(held));
  if (!before) return t.actTimeOffAdded(who, person, kind, span(after));
  if (span(before) !== span(after)) return t.actTimeOffMoved(who, person, kind, span(before), span(after));
  return t.actTimeOffChanged(who, person, kind, span(after));
}

const relative = new Map<string, Intl.RelativeTimeFormat>();
const stamps = new Map<string, Intl.DateTimeFormat>();

/**
 * When a change was made, as an entry shows it: "just now", "5 minutes ago", "3 hours ago" for
 * the last day, else its date and time in the user's locale; `full` is the date and time always
 * (the entry's tooltip, the CSV). `now` in epoch milliseconds.
 */
export function when(at: string, now: number, lang: Lang, locale: string): { short: string; full: string } {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) return { short: at, full: at };
  let stamp = stamps.get(locale);
  if (!stamp) {
    stamp = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    stamps.set(locale, stamp);
  }
  const full = stamp.format(ms);
  const ago = Math.max(0, now - ms);
  if (ago >= 86_400_000) return { short: full, full };
  if (ago < 60_000) return { short: ACTIVITY[lang].activityJustNow, full };
  let r = relative.get(lang);
  if (!r) {
    r = new Intl.RelativeTimeFormat(lang, { numeric: "always" });
    relative.set(lang, r);
  }
  const short =
    ago < 3_600_000
      ? r.format(-Math.floor(ago / 60_000), "minute")
      : r.format(-Math.floor(ago / 3_600_000), "hour");
  return { short, full };
}
