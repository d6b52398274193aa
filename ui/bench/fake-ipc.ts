// An in-memory stand-in for src/ipc/index.ts, so the real Timeline.svelte runs in a plain page
// without the Rust side (vite.bench.config.ts redirects every import of that module here).
// Each export is typed as the real one (`typeof real.x`), and check-fake-ipc.ts fails the type
// check if one is missing: a new IPC call in the UI breaks the bench build loudly.
import type * as real from "../src/ipc";
import type { AssignmentChangeInput, AssignmentDto, MemberDto } from "../src/ipc";
import { dateOf, dayOf } from "../src/timeline/model/dates";
import {
  BENCH_TODAY,
  generate,
  overlapping,
  PEOPLE,
  TEAM_NAME,
  timelineOf,
  windowItems,
  withLabels,
} from "./data";
import { pagePeople } from "./field";

export type * from "../src/ipc";

/** `?capacity` in the page's address: the plan with allocations, time off and holidays;
 * `&confirmed`: all of it confirmed (no hatched bars), to tell what tentative bars cost;
 * `&people=N`: N people (20 bookings each) instead of 500; `&labels` (or `&grouped`): the people
 * in 40 groups, with roles and skills (data.ts, withLabels). */
const query = new URLSearchParams(location.search);
let team = generate(BENCH_TODAY, query.has("capacity"), pagePeople(PEOPLE));
if (query.has("labels") || query.has("grouped")) team = withLabels(team, BENCH_TODAY);
if (query.has("confirmed"))
  team = { ...team, assignments: team.assignments.map((a) => ({ ...a, status: "confirmed" as const })) };
let serial = 0;
/**
 * Where each stored assignment is in `team.assignments`. An edit puts or takes its one item there,
 * as a store writes one item: a copy of the whole list for each edit cost a drop 17–19 ms of
 * script in WebKit at 50,000 bookings, in the frame the app's own IPC only posts a message
 * (BENCHMARKS.md).
 */
let at = new Map<string, number>();
const reindex = () => {
  at = new Map(team.assignments.map((a, i) => [a.id, i]));
};
reindex();
/** Stores `a`, in place of the assignment of its id if there is one. */
function put(a: AssignmentDto): void {
  const i = at.get(a.id);
  if (i === undefined) {
    at.set(a.id, team.assignments.length);
    team.assignments.push(a);
  } else team.assignments[i] = a;
}
/** Takes the assignment of `id` away (the last one takes its place). */
function take(id: string): void {
  const i = at.get(id);
  if (i === undefined) return;
  const last = team.assignments.pop() as AssignmentDto;
  at.delete(id);
  if (last.id !== id) {
    team.assignments[i] = last;
    at.set(last.id, i);
  }
}
/** An assignment as the fake store holds it now (the field bench reads where a drag put it). */
export const storedAssignment = (id: string) => {
  const i = at.get(id);
  return i === undefined ? undefined : team.assignments[i];
};
/** When the timeline fetched which window (ms from navigation start), for the bench's report. */
export const windowLoads: { at: number; what: string }[] = [];

/** Answers as IPC does: later (a task, not a microtask) and as a fresh copy (JSON decoding). */
function reply<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(structuredClone(value)), 0));
}

function find<T extends { id: string }>(list: T[], id: string): T {
  const found = list.find((x) => x.id === id);
  if (!found) throw { code: "not_found", message: `no ${id}` };
  return found;
}

const stored = (id: string, d: AssignmentChangeInput, version: number, was?: AssignmentDto): AssignmentDto => ({
  id,
  personId: d.personId,
  projectId: d.projectId,
  startDate: d.startDate,
  endDateExclusive: dateOf(dayOf(d.lastDay) + 1),
  lastDay: d.lastDay,
  allocation: d.allocation ?? was?.allocation ?? { kind: "percent", value: 100 },
  status: d.status ?? was?.status ?? "confirmed",
  version,
  ...inSeries(d.series === undefined ? was?.series : d.series),
});
const inSeries = (series: string | null | undefined) => (series ? { series } : {});

/** Removes the assignments `gone` picks; how many went. */
function removeAssignments(gone: (a: AssignmentDto) => boolean): number {
  const before = team.assignments.length;
  team = { ...team, assignments: team.assignments.filter((a) => !gone(a)) };
  reindex();
  return before - team.assignments.length;
}

// The bench is a local workspace: nobody signs in, and the session calls say so.
const noSignIn = () => Promise.reject({ code: "unsupported", message: "no sign-in in the bench" });
export const sessionStatus: typeof real.sessionStatus = () =>
  reply({ session: { state: "local" }, notice: null, ask: null });
export const requestSignInCode: typeof real.requestSignInCode = noSignIn;
export const signIn: typeof real.signIn = noSignIn;
export const openSignInLink: typeof real.openSignInLink = noSignIn;
export const signInWithAws: typeof real.signInWithAws = noSignIn;
export const answerSignInLink: typeof real.answerSignInLink = noSignIn;
export const switchTeam: typeof real.switchTeam = noSignIn;
export const signOut: typeof real.signOut = noSignIn;
// Nothing changes behind the bench's back: the watcher is kept and never called.
export const watchSession: typeof real.watchSession = () => reply(undefined);

// Settings: the bench stays on its local workspace; a team table is refused as the Rust side
// refuses one it cannot reach.
const benchSettings = {
  mode: "local",
  table: "resource-planner",
  region: null,
  profile: null,
  endpoint: null,
  locked: [],
  fromEnv: [],
  userFile: "(bench)/config.toml",
  machineFile: "/etc/resource-planner/config.toml",
  mailReady: false,
  problem: null,
};
const noTeamTable = () =>
  Promise.reject({ code: "unavailable", message: "the bench has no team table to connect to" });
export const settings: typeof real.settings = () => reply(benchSettings);
export const saveSettings: typeof real.saveSettings = (input) =>
  input.mode === "local" ? sessionStatus() : noTeamTable();
export const testConnection: typeof real.testConnection = noTeamTable;
export const diagnostics: typeof real.diagnostics = () => reply("resource-planner bench (fake IPC)");
// The bench is the local workspace: there is no team to bring it into.
export const localPlan: typeof real.localPlan = () => reply(null);
// The bench remembers nothing between runs: every run starts as the first did.
export const loadPrefs: typeof real.loadPrefs = () =>
  reply({ lang: null, zoom: null, day: null, people: null, projects: null, dates: null, rows: null, view: null });
export const savePrefs: typeof real.savePrefs = () => reply(undefined);
export const moveLocalPlan: typeof real.moveLocalPlan = noTeamTable;

// Members, in memory: the workspace's owner to begin with (the bench never opens that screen, which
// is offered in a team only), with the Rust side's one rule the UI relies on: never no admin.
let members: MemberDto[] = [{ userId: "owner", email: null, name: null, role: "admin" }];
const lastAdminLeft = (userId: string) =>
  members.find((m) => m.userId === userId)?.role === "admin" &&
  members.filter((m) => m.role === "admin").length <= 1;
const lastAdmin = () =>
  Promise.reject({ code: "last_admin", message: "a team needs at least one admin; make someone else admin first" });
export const listMembers: typeof real.listMembers = () => reply(members);
export const inviteMember: typeof real.inviteMember = (email, role, name) => {
  const found = members.find((m) => m.email === email.trim().toLowerCase());
  if (found && found.role !== role && lastAdminLeft(found.userId)) return lastAdmin();
  const m = { userId: found?.userId ?? `unew${serial++}`, email: email.trim().toLowerCase(), name: name ?? null, role };
  members = [...members.filter((x) => x.userId !== m.userId), m];
  return reply(m);
};
export const changeRole: typeof real.changeRole = (userId, role) => {
  if (role !== "admin" && lastAdminLeft(userId)) return lastAdmin();
  members = members.map((m) => (m.userId === userId ? { ...m, role } : m));
  return reply(undefined);
};
export const removeMember: typeof real.removeMember = (userId) => {
  if (lastAdminLeft(userId)) return lastAdmin();
  members = members.filter((m) => m.userId !== userId);
  return reply(undefined);
};
export const workspaceOverview: typeof real.workspaceOverview = () =>
  reply({
    teamName: TEAM_NAME,
    people: team.people.length,
    projects: team.projects.length,
    assignmentsNext13Weeks: overlapping(team.assignments, dateOf(BENCH_TODAY), dateOf(BENCH_TODAY + 91))
      .length,
  });
export const openTimeline: typeof real.openTimeline = (from, to) => reply(timelineOf(team, from, to));
export const loadWindow: typeof real.loadWindow = (from, to) => {
  windowLoads.push({ at: performance.now(), what: `load ${from}…${to}` });
  return reply(windowItems(team, from, to));
};
// Capacity's edits: the bench pages only scroll.
const refused = (): Promise<never> => Promise.reject({ code: "forbidden", message: "the bench only scrolls" });
export const setWorkingTime: typeof real.setWorkingTime = refused;
export const createLabel: typeof real.createLabel = refused;
export const renameLabel: typeof real.renameLabel = refused;
export const deleteLabel: typeof real.deleteLabel = refused;
export const setPersonLabels: typeof real.setPersonLabels = refused;
export const setLabelsMany: typeof real.setLabelsMany = refused;
// Saved views: none on the bench team, and the bench saves none.
export const views: typeof real.views = () => reply([]);
export const saveView: typeof real.saveView = refused;
export const deleteView: typeof real.deleteView = refused;
export const setDefaultWeek: typeof real.setDefaultWeek = refused;
export const createTimeOff: typeof real.createTimeOff = refused;
export const updateTimeOff: typeof real.updateTimeOff = refused;
export const deleteTimeOff: typeof real.deleteTimeOff = refused;
export const calendars: typeof real.calendars = () => reply(team.calendars);
export const createCalendar: typeof real.createCalendar = refused;
export const renameCalendar: typeof real.renameCalendar = refused;
export const deleteCalendar: typeof real.deleteCalendar = refused;
export const addHolidays: typeof real.addHolidays = refused;
export const importIcs: typeof real.importIcs = refused;
export const deleteHoliday: typeof real.deleteHoliday = refused;
export const report: typeof real.report = refused;
export const saveReportCsv: typeof real.saveReportCsv = refused;
export const exportPlan: typeof real.exportPlan = refused;
export const exportList: typeof real.exportList = refused;
export const exportIcs: typeof real.exportIcs = refused;
export const exportPdf: typeof real.exportPdf = refused;
export const pickImportFile: typeof real.pickImportFile = refused;
export const importPreview: typeof real.importPreview = refused;
export const importSheet: typeof real.importSheet = refused;
// The bench's build looks for no updates.
export const updateCheck: typeof real.updateCheck = () => reply({ state: "notSetUp" });
export const updateInstall: typeof real.updateInstall = refused;
export const logWindowError: typeof real.logWindowError = () => reply(true);
// The local workspace is never offline.
export const reconnect: typeof real.reconnect = sessionStatus;
/** The bench is never offline. */
export const offlineSyncedIn: typeof real.offlineSyncedIn = async () => null;
export const catalog: typeof real.catalog = () =>
  reply({
    people: team.people,
    projects: team.projects,
    labels: team.labels ?? [],
    unfinishedPersonDeletes: [],
    unfinishedProjectDeletes: [],
    unreadable: [],
  });
export const createPerson: typeof real.createPerson = (name, id, placeholder) => {
  const r = { id: id ?? `rnew${serial++}`, name, version: 1, ...(placeholder ? { placeholder } : {}) };
  team.people.push(r);
  return reply(r);
};
export const renamePerson: typeof real.renamePerson = (id, version, name) =>
  reply(Object.assign(find(team.people, id), { name, version: version + 1 }));
export const personAssignmentCount: typeof real.personAssignmentCount = (id) =>
  reply(team.assignments.filter((a) => a.personId === id).length);
export const deletePerson: typeof real.deletePerson = (id) => {
  team.people = team.people.filter((r) => r.id !== id);
  return reply({ assignmentsDeleted: removeAssignments((a) => a.personId === id) });
};
export const createProject: typeof real.createProject = (name, color, id) => {
  const p = { id: id ?? `pnew${serial++}`, name, color, version: 1 };
  team.projects.push(p);
  return reply(p);
};
export const updateProject: typeof real.updateProject = (id, version, name, color) =>
  reply(Object.assign(find(team.projects, id), name ? { name } : {}, color ? { color } : {}, { version: version + 1 }));
export const projectAssignmentCount: typeof real.projectAssignmentCount = (id) =>
  reply(team.assignments.filter((a) => a.projectId === id).length);
export const deleteProject: typeof real.deleteProject = (id) => {
  team.projects = team.projects.filter((p) => p.id !== id);
  return reply({ assignmentsDeleted: removeAssignments((a) => a.projectId === id) });
};
export const createAssignment: typeof real.createAssignment = (input) => {
  const a = stored(input.id ?? `anew${serial++}`, input, 1);
  put(a);
  return reply(a);
};
export const updateAssignment: typeof real.updateAssignment = (current, change) => {
  const a = stored(current.id, change, current.version + 1, current);
  put(a);
  return reply(a);
};
export const handOver: typeof real.handOver = (bookings, personId) => {
  const moved = bookings.map((current) => {
    const a = stored(current.id, { ...current, personId }, current.version + 1, current);
    put(a);
    return a;
  });
  return reply({ moved, failed: [] });
};
// Many at once, each as the single edits above (the bench's page is the only writer: no conflict).
export const editBookings: typeof real.editBookings = (_key, edits) => {
  const outcomes = edits.map((e) => {
    if (e.kind === "delete") {
      take(e.current.id);
      return { kind: "deleted" as const };
    }
    const a =
      e.kind === "create"
        ? stored(e.booking.id ?? `anew${serial++}`, e.booking, 1)
        : stored(e.current.id, e.change, e.current.version + 1, e.current);
    put(a);
    return { kind: "written" as const, booking: a };
  });
  return reply({ batch: `batch${serial++}`, outcomes, requests: 1, cancelled: false });
};
export const cancelEdit: typeof real.cancelEdit = () => reply(false);
// The bench makes no repeats: the rule's days are the Rust side's.
export const repeatDays: typeof real.repeatDays = () =>
  Promise.reject({ code: "unsupported", message: "no repeats in the bench" });
export const seriesFrom: typeof real.seriesFrom = (series, from) =>
  reply(team.assignments.filter((a) => a.series === series && a.startDate >= from));
export const staffing: typeof real.staffing = (id) =>
  reply({
    bookings: team.assignments.filter((a) => a.personId === id),
    staffing: { wanted: 0, days: 0, skillsWanted: 0, candidates: [] },
  });
export const deleteAssignment: typeof real.deleteAssignment = (current) => {
  take(current.id);
  return reply(undefined);
};
// The bench's page is the only writer: nothing changes behind it, and its log is empty.
export const liveChanges: typeof real.liveChanges = () => reply({ kind: "changes" as const, items: [] });
export const activity: typeof real.activity = () => reply({ items: [], cursor: null, more: false, unreadable: [] });
export const restoreAssignment: typeof real.restoreAssignment = async () => {
  throw { code: "not_found", message: "the bench keeps no log" };
};
export const renameTeam: typeof real.renameTeam = (name) => reply(name);
export const setFeedDays: typeof real.setFeedDays = (days) => reply(days);
export const saveActivityCsv: typeof real.saveActivityCsv = refused;
