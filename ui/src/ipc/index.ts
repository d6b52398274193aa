// The only module that imports @tauri-apps/*: every call to the Rust side goes through here, typed
// with the bindings that ts-rs generates from the Rust DTOs (src/ipc/bindings, do not edit).
import { Channel, invoke } from "@tauri-apps/api/core";
import type { ActivityFilterInput } from "./bindings/ActivityFilterInput";
import type { ActivityPageDto } from "./bindings/ActivityPageDto";
import type { AllocationDto } from "./bindings/AllocationDto";
import type { AssignmentChangeInput } from "./bindings/AssignmentChangeInput";
import type { AssignmentDto } from "./bindings/AssignmentDto";
import type { CalendarDto } from "./bindings/CalendarDto";
import type { CatalogDto } from "./bindings/CatalogDto";
import type { DeleteProgressDto } from "./bindings/DeleteProgressDto";
import type { DeleteReportDto } from "./bindings/DeleteReportDto";
import type { FeedKindDto } from "./bindings/FeedKindDto";
import type { HolidayDto } from "./bindings/HolidayDto";
import type { HolidayInput } from "./bindings/HolidayInput";
import type { IpcError } from "./bindings/IpcError";
import type { LinkAskDto } from "./bindings/LinkAskDto";
import type { LiveChangeDto } from "./bindings/LiveChangeDto";
import type { LiveItemDto } from "./bindings/LiveItemDto";
import type { LiveNewsDto } from "./bindings/LiveNewsDto";
import type { LoadFigures } from "./bindings/LoadFigures";
import type { LocalPlanDto } from "./bindings/LocalPlanDto";
import type { MemberDto } from "./bindings/MemberDto";
import type { MoveProgressDto } from "./bindings/MoveProgressDto";
import type { MoveReportDto } from "./bindings/MoveReportDto";
import type { MoveStageDto } from "./bindings/MoveStageDto";
import type { NewAssignmentInput } from "./bindings/NewAssignmentInput";
import type { OfflineDto } from "./bindings/OfflineDto";
import type { PersonLine } from "./bindings/PersonLine";
import type { PrefsDto } from "./bindings/PrefsDto";
import type { ProjectDto } from "./bindings/ProjectDto";
import type { ProjectLine } from "./bindings/ProjectLine";
import type { Report } from "./bindings/Report";
import type { ResourceDto } from "./bindings/ResourceDto";
import type { RoleDto } from "./bindings/RoleDto";
import type { ScheduleDto } from "./bindings/ScheduleDto";
import type { SessionDto } from "./bindings/SessionDto";
import type { SettingsDto } from "./bindings/SettingsDto";
import type { SettingsInput } from "./bindings/SettingsInput";
import type { StatusDto } from "./bindings/StatusDto";
import type { TeamDto } from "./bindings/TeamDto";
import type { TimelineDto } from "./bindings/TimelineDto";
import type { TimeOffDto } from "./bindings/TimeOffDto";
import type { TimeOffInput } from "./bindings/TimeOffInput";
import type { TimeOffKindDto } from "./bindings/TimeOffKindDto";
import type { ToldDto } from "./bindings/ToldDto";
import type { Unreadable } from "./bindings/Unreadable";
import type { WeekFromDto } from "./bindings/WeekFromDto";
import type { WindowDto } from "./bindings/WindowDto";
import type { WindowItemsDto } from "./bindings/WindowItemsDto";
import type { WorkspaceOverview } from "./bindings/WorkspaceOverview";

export type {
  ActivityFilterInput,
  ActivityPageDto,
  AllocationDto,
  AssignmentChangeInput,
  AssignmentDto,
  CalendarDto,
  CatalogDto,
  DeleteProgressDto,
  DeleteReportDto,
  FeedKindDto,
  HolidayDto,
  HolidayInput,
  IpcError,
  LinkAskDto,
  LiveChangeDto,
  LiveItemDto,
  LiveNewsDto,
  LoadFigures,
  LocalPlanDto,
  MemberDto,
  MoveProgressDto,
  MoveReportDto,
  MoveStageDto,
  NewAssignmentInput,
  OfflineDto,
  PersonLine,
  PrefsDto,
  ProjectDto,
  ProjectLine,
  Report,
  ResourceDto,
  RoleDto,
  ScheduleDto,
  SessionDto,
  SettingsDto,
  SettingsInput,
  StatusDto,
  TeamDto,
  TimelineDto,
  TimeOffDto,
  TimeOffInput,
  TimeOffKindDto,
  ToldDto,
  Unreadable,
  WeekFromDto,
  WindowDto,
  WindowItemsDto,
  WorkspaceOverview,
};

export const sessionStatus = (): Promise<ToldDto> => invoke("session_status");
export const requestSignInCode = (email: string, lang: string): Promise<void> =>
  invoke("request_sign_in_code", { email, lang });
export const signIn = (email: string, code: string): Promise<ToldDto> => invoke("sign_in", { email, code });
export const openSignInLink = (link: string): Promise<ToldDto> => invoke("open_sign_in_link", { link });
export const signInWithAws = (): Promise<ToldDto> => invoke("sign_in_with_aws");
/** The answer to a link's question (`ToldDto.ask`, for `email`): `accept` signs in with it; either way it is let go. */
export const answerSignInLink = (email: string, accept: boolean): Promise<ToldDto> =>
  invoke("answer_sign_in_link", { email, accept });
export const switchTeam = (team: string): Promise<ToldDto> => invoke("switch_team", { team });
export const signOut = (everywhere: boolean): Promise<ToldDto> => invoke("sign_out", { everywhere });
/**
 * The window's ear, called once at start: `onChange` hears every session change the window did not
 * ask for (a sign-in link handed over by the OS, a session or membership found gone by a command).
 * A message's `notice` says why something it did not ask for failed (a link that did not work).
 */
export const watchSession = (onChange: (s: ToldDto) => void): Promise<void> => {
  const channel = new Channel<ToldDto>();
  channel.onmessage = onChange;
  return invoke("watch_session", { onChange: channel });
};
/** Text for a support ticket: versions, settings (secrets only as "set"), the log's last lines. */
export const diagnostics = (): Promise<string> => invoke("diagnostics");
/** What this computer's local workspace holds (null: nothing to bring into a team). */
export const localPlan = (): Promise<LocalPlanDto | null> => invoke("local_plan");
/** Moves this computer's local workspace into the open team, with progress. */
export const moveLocalPlan = (onProgress: (p: MoveProgressDto) => void): Promise<MoveReportDto> => {
  const channel = new Channel<MoveProgressDto>();
  channel.onmessage = onProgress;
  return invoke("move_local_plan", { onProgress: channel });
};
/** What the window remembered for the open workspace: language, zoom, day in view, filters. */
export const loadPrefs = (): Promise<PrefsDto> => invoke("load_prefs");
/** Remembers them (per user and team, in the app's data folder). */
export const savePrefs = (prefs: PrefsDto): Promise<void> => invoke("save_prefs", { prefs });
/** The connection settings in force, what IT locks and what environment variables set. */
export const settings = (): Promise<SettingsDto> => invoke("settings");
/** Writes the connection into the user's settings file and opens it at once: what is open now. */
export const saveSettings = (input: SettingsInput): Promise<ToldDto> => invoke("save_settings", { input });
/** One read on the table `input` names, without saving anything. */
export const testConnection = (input: SettingsInput): Promise<void> => invoke("test_connection", { input });
export const listMembers = (): Promise<MemberDto[]> => invoke("list_members");
/** `name` is kept only when the email is new to the table (a new user); `role` is admin, planner or viewer. */
export const inviteMember = (email: string, name: string | null, role: RoleDto): Promise<MemberDto> =>
  invoke("invite_member", { email, name, role });
export const changeRole = (userId: string, role: RoleDto): Promise<void> =>
  invoke("change_role", { userId, role });
export const removeMember = (userId: string): Promise<void> => invoke("remove_member", { userId });
export const workspaceOverview = (): Promise<WorkspaceOverview> => invoke("workspace_overview");
export const openTimeline = (from: string, to: string): Promise<TimelineDto> =>
  invoke("open_timeline", { from, to });
/** The assignments and time off overlapping `[from, to)` and the holidays on its days. */
export const loadWindow = (from: string, to: string): Promise<WindowItemsDto> =>
  invoke("load_window", { from, to });
export const catalog = (): Promise<CatalogDto> => invoke("catalog");
/** Offline: the oldest read of the copy's days in `[from, to)` (RFC 3339), or null. */
export const offlineSyncedIn = (from: string, to: string): Promise<string | null> =>
  invoke("offline_synced_in", { from, to });
/** What others changed in the open team since the last ask (issue #19.2), or "reload". */
export const liveChanges = (): Promise<LiveNewsDto> => invoke("live_changes");
/** A page of the team's activity log, newest first, before `before` (the newest without one). */
export const activity = (
  before: string | null,
  limit: number,
  filter: ActivityFilterInput,
): Promise<ActivityPageDto> => invoke("activity", { before, limit, filter });
/** Creates again the assignment whose delete the record `cursor` holds (planners and admins). */
export const restoreAssignment = (cursor: string): Promise<AssignmentDto> =>
  invoke("restore_assignment", { cursor });
/** Renames the open team (admins); the name now. */
export const renameTeam = (name: string): Promise<string> => invoke("rename_team", { name });
/** How many days the team's activity log is kept (admins); the number now. */
export const setFeedDays = (days: number): Promise<number> => invoke("set_feed_days", { days });
/** Saves the activity log's CSV (made here, in the UI's language) in the downloads folder; its path. */
export const saveActivityCsv = (text: string): Promise<string> => invoke("save_activity_csv", { text });
/** Tries to reach the team's table now (offline mode's "Try again"); what is open then. */
export const reconnect = (): Promise<ToldDto> => invoke("reconnect");
/** `id`: a ULID made by the UI, so that sending it again after a lost answer adds no second person. */
export const createResource = (name: string, id?: string): Promise<ResourceDto> =>
  invoke("create_resource", { name, id });
export const renameResource = (id: string, version: number, name: string): Promise<ResourceDto> =>
  invoke("rename_resource", { id, version, name });
export const resourceAssignmentCount = (id: string): Promise<number> =>
  invoke("resource_assignment_count", { id });
export const deleteResource = (
  id: string,
  onProgress: (p: DeleteProgressDto) => void,
): Promise<DeleteReportDto> => invoke("delete_resource", { id, onProgress: progressChannel(onProgress) });
export const createProject = (name: string, color: string, id?: string): Promise<ProjectDto> =>
  invoke("create_project", { name, color, id });
export const updateProject = (
  id: string,
  version: number,
  change: { name?: string; color?: string },
): Promise<ProjectDto> => invoke("update_project", { id, version, ...change });
export const projectAssignmentCount = (id: string): Promise<number> =>
  invoke("project_assignment_count", { id });
export const deleteProject = (
  id: string,
  onProgress: (p: DeleteProgressDto) => void,
): Promise<DeleteReportDto> => invoke("delete_project", { id, onProgress: progressChannel(onProgress) });
export const createAssignment = (input: NewAssignmentInput): Promise<AssignmentDto> =>
  invoke("create_assignment", { input });
export const updateAssignment = (
  current: AssignmentDto,
  change: AssignmentChangeInput,
): Promise<AssignmentDto> => invoke("update_assignment", { current, change });
export const deleteAssignment = (current: AssignmentDto): Promise<void> =>
  invoke("delete_assignment", { current });

/** A person's own working weeks (`null`: the team's week) and holiday calendar (`null`: none). */
export const setWorkingTime = (
  current: ResourceDto,
  schedule: ScheduleDto | null,
  calendarId: string | null,
): Promise<ResourceDto> => invoke("set_working_time", { current, schedule, calendarId });
/** The team's default week, minutes Monday first (admins). */
export const setDefaultWeek = (minutes: number[]): Promise<number[]> =>
  invoke("set_default_week", { minutes });
/** `id`: a ULID made by the UI, so that a repeat records it once. */
export const createTimeOff = (resourceId: string, input: TimeOffInput, id?: string): Promise<TimeOffDto> =>
  invoke("create_time_off", { resourceId, input, id });
export const updateTimeOff = (current: TimeOffDto, input: TimeOffInput): Promise<TimeOffDto> =>
  invoke("update_time_off", { current, input });
export const deleteTimeOff = (current: TimeOffDto): Promise<void> => invoke("delete_time_off", { current });
export const calendars = (): Promise<CalendarDto[]> => invoke("calendars");
/** `region`: the holiday library's region its days come from (`JP`, `DE-BY`), if any (admins). */
export const createCalendar = (name: string, region: string | null, id?: string): Promise<CalendarDto> =>
  invoke("create_calendar", { name, region, id });
export const renameCalendar = (id: string, version: number, name: string): Promise<CalendarDto> =>
  invoke("rename_calendar", { id, version, name });
/** Answers how many holidays went with it. */
export const deleteCalendar = (id: string): Promise<number> => invoke("delete_calendar", { id });
export const addHolidays = (calendarId: string, days: HolidayInput[]): Promise<number> =>
  invoke("add_holidays", { calendarId, days });
/** The text of an .ics file; answers how many holidays it added. */
export const importIcs = (calendarId: string, text: string): Promise<number> =>
  invoke("import_ics", { calendarId, text });
export const deleteHoliday = (calendarId: string, day: string): Promise<void> =>
  invoke("delete_holiday", { calendarId, day });

/** The utilisation report of the days `firstDay` to `lastDay`, weeks from `firstWeekday` (0 Monday). */
export const report = (firstDay: string, lastDay: string, firstWeekday: number): Promise<Report> =>
  invoke("report", { firstDay, lastDay, firstWeekday });
/** Saves the report's CSV file in the downloads folder; answers the file's path. */
export const saveReportCsv = (firstDay: string, lastDay: string, firstWeekday: number): Promise<string> =>
  invoke("save_report_csv", { firstDay, lastDay, firstWeekday });

function progressChannel(onProgress: (p: DeleteProgressDto) => void): Channel<DeleteProgressDto> {
  const channel = new Channel<DeleteProgressDto>();
  channel.onmessage = onProgress;
  return channel;
}
