// Generated from the #[command] functions of src-tauri/src/commands by `cargo test`
// (src-tauri/src/commands/declared.rs). Do not edit: CI fails when this file differs from
// what the functions declare.
import { Channel, invoke } from "@tauri-apps/api/core";
import type { ActivityFilterInput } from "./bindings/ActivityFilterInput";
import type { ActivityPageDto } from "./bindings/ActivityPageDto";
import type { AllocationDto } from "./bindings/AllocationDto";
import type { AllocationKindDto } from "./bindings/AllocationKindDto";
import type { AssignmentChangeInput } from "./bindings/AssignmentChangeInput";
import type { AssignmentDto } from "./bindings/AssignmentDto";
import type { AssignmentsDto } from "./bindings/AssignmentsDto";
import type { BatchDto } from "./bindings/BatchDto";
import type { BookingDaysDto } from "./bindings/BookingDaysDto";
import type { BookingEditInput } from "./bindings/BookingEditInput";
import type { CalendarDto } from "./bindings/CalendarDto";
import type { Candidate } from "./bindings/Candidate";
import type { CatalogDto } from "./bindings/CatalogDto";
import type { DaySpan } from "./bindings/DaySpan";
import type { DeleteProgressDto } from "./bindings/DeleteProgressDto";
import type { DeleteReportDto } from "./bindings/DeleteReportDto";
import type { EditOutcomeDto } from "./bindings/EditOutcomeDto";
import type { ErrorCode } from "./bindings/ErrorCode";
import type { EveryInput } from "./bindings/EveryInput";
import type { ExportFormat } from "./bindings/ExportFormat";
import type { ExportList } from "./bindings/ExportList";
import type { ExportPeriod } from "./bindings/ExportPeriod";
import type { FeedAction } from "./bindings/FeedAction";
import type { FeedKind } from "./bindings/FeedKind";
import type { GroupFromDto } from "./bindings/GroupFromDto";
import type { HandedOverDto } from "./bindings/HandedOverDto";
import type { HolidayDto } from "./bindings/HolidayDto";
import type { HolidayInput } from "./bindings/HolidayInput";
import type { ImportColumn } from "./bindings/ImportColumn";
import type { ImportDates } from "./bindings/ImportDates";
import type { ImportEndDto } from "./bindings/ImportEndDto";
import type { ImportField } from "./bindings/ImportField";
import type { ImportHolds } from "./bindings/ImportHolds";
import type { ImportLineDto } from "./bindings/ImportLineDto";
import type { ImportOptionsInput } from "./bindings/ImportOptionsInput";
import type { ImportPreset } from "./bindings/ImportPreset";
import type { ImportPreviewDto } from "./bindings/ImportPreviewDto";
import type { ImportThing } from "./bindings/ImportThing";
import type { ImportWhat } from "./bindings/ImportWhat";
import type { ImportedDto } from "./bindings/ImportedDto";
import type { IpcError } from "./bindings/IpcError";
import type { LabelDto } from "./bindings/LabelDto";
import type { LabelKind } from "./bindings/LabelKind";
import type { LabelsEditDto } from "./bindings/LabelsEditDto";
import type { LinkAskDto } from "./bindings/LinkAskDto";
import type { LiveChangeDto } from "./bindings/LiveChangeDto";
import type { LiveItemDto } from "./bindings/LiveItemDto";
import type { LiveNewsDto } from "./bindings/LiveNewsDto";
import type { LoadFigures } from "./bindings/LoadFigures";
import type { LocalPlanDto } from "./bindings/LocalPlanDto";
import type { ManyEditedDto } from "./bindings/ManyEditedDto";
import type { ManyLabelsDto } from "./bindings/ManyLabelsDto";
import type { MemberDto } from "./bindings/MemberDto";
import type { MemberStateDto } from "./bindings/MemberStateDto";
import type { MoveProgressDto } from "./bindings/MoveProgressDto";
import type { MoveReportDto } from "./bindings/MoveReportDto";
import type { MoveStageDto } from "./bindings/MoveStageDto";
import type { NewAssignmentInput } from "./bindings/NewAssignmentInput";
import type { NotHandedDto } from "./bindings/NotHandedDto";
import type { OfflineDto } from "./bindings/OfflineDto";
import type { PeriodKind } from "./bindings/PeriodKind";
import type { PersonDto } from "./bindings/PersonDto";
import type { PersonLine } from "./bindings/PersonLine";
import type { PrefsDto } from "./bindings/PrefsDto";
import type { PrintPaper } from "./bindings/PrintPaper";
import type { PrintRows } from "./bindings/PrintRows";
import type { PrintZoom } from "./bindings/PrintZoom";
import type { ProjectDto } from "./bindings/ProjectDto";
import type { ProjectLine } from "./bindings/ProjectLine";
import type { RepeatDaysDto } from "./bindings/RepeatDaysDto";
import type { RepeatInput } from "./bindings/RepeatInput";
import type { Report } from "./bindings/Report";
import type { ReportWeek } from "./bindings/ReportWeek";
import type { RoleDto } from "./bindings/RoleDto";
import type { RoleLine } from "./bindings/RoleLine";
import type { RoleWeek } from "./bindings/RoleWeek";
import type { RowDensity } from "./bindings/RowDensity";
import type { RowGrouping } from "./bindings/RowGrouping";
import type { RowKind } from "./bindings/RowKind";
import type { RowOrder } from "./bindings/RowOrder";
import type { RowsView } from "./bindings/RowsView";
import type { SaveViewInput } from "./bindings/SaveViewInput";
import type { ScheduleDto } from "./bindings/ScheduleDto";
import type { SeenPersonDto } from "./bindings/SeenPersonDto";
import type { SessionDto } from "./bindings/SessionDto";
import type { SessionUpdateDto } from "./bindings/SessionUpdateDto";
import type { SettingsDto } from "./bindings/SettingsDto";
import type { SettingsInput } from "./bindings/SettingsInput";
import type { Staffing } from "./bindings/Staffing";
import type { StaffingDto } from "./bindings/StaffingDto";
import type { StatusDto } from "./bindings/StatusDto";
import type { TeamDto } from "./bindings/TeamDto";
import type { TeamSettingsDto } from "./bindings/TeamSettingsDto";
import type { TimeOffDto } from "./bindings/TimeOffDto";
import type { TimeOffInput } from "./bindings/TimeOffInput";
import type { TimeOffKindDto } from "./bindings/TimeOffKindDto";
import type { TimelineDto } from "./bindings/TimelineDto";
import type { Unreadable } from "./bindings/Unreadable";
import type { UntilInput } from "./bindings/UntilInput";
import type { UpdateDto } from "./bindings/UpdateDto";
import type { ViewDto } from "./bindings/ViewDto";
import type { ViewZoom } from "./bindings/ViewZoom";
import type { WeekFromDto } from "./bindings/WeekFromDto";
import type { WindowDto } from "./bindings/WindowDto";
import type { WindowItemsDto } from "./bindings/WindowItemsDto";
import type { WorkspaceOverview } from "./bindings/WorkspaceOverview";

export type {
  ActivityFilterInput,
  ActivityPageDto,
  AllocationDto,
  AllocationKindDto,
  AssignmentChangeInput,
  AssignmentDto,
  AssignmentsDto,
  BatchDto,
  BookingDaysDto,
  BookingEditInput,
  CalendarDto,
  Candidate,
  CatalogDto,
  DaySpan,
  DeleteProgressDto,
  DeleteReportDto,
  EditOutcomeDto,
  ErrorCode,
  EveryInput,
  ExportFormat,
  ExportList,
  ExportPeriod,
  FeedAction,
  FeedKind,
  GroupFromDto,
  HandedOverDto,
  HolidayDto,
  HolidayInput,
  ImportColumn,
  ImportDates,
  ImportEndDto,
  ImportField,
  ImportHolds,
  ImportLineDto,
  ImportOptionsInput,
  ImportPreset,
  ImportPreviewDto,
  ImportThing,
  ImportWhat,
  ImportedDto,
  IpcError,
  LabelDto,
  LabelKind,
  LabelsEditDto,
  LinkAskDto,
  LiveChangeDto,
  LiveItemDto,
  LiveNewsDto,
  LoadFigures,
  LocalPlanDto,
  ManyEditedDto,
  ManyLabelsDto,
  MemberDto,
  MemberStateDto,
  MoveProgressDto,
  MoveReportDto,
  MoveStageDto,
  NewAssignmentInput,
  NotHandedDto,
  OfflineDto,
  PeriodKind,
  PersonDto,
  PersonLine,
  PrefsDto,
  PrintPaper,
  PrintRows,
  PrintZoom,
  ProjectDto,
  ProjectLine,
  RepeatDaysDto,
  RepeatInput,
  Report,
  ReportWeek,
  RoleDto,
  RoleLine,
  RoleWeek,
  RowDensity,
  RowGrouping,
  RowKind,
  RowOrder,
  RowsView,
  SaveViewInput,
  ScheduleDto,
  SeenPersonDto,
  SessionDto,
  SessionUpdateDto,
  SettingsDto,
  SettingsInput,
  Staffing,
  StaffingDto,
  StatusDto,
  TeamDto,
  TeamSettingsDto,
  TimeOffDto,
  TimeOffInput,
  TimeOffKindDto,
  TimelineDto,
  Unreadable,
  UntilInput,
  UpdateDto,
  ViewDto,
  ViewZoom,
  WeekFromDto,
  WindowDto,
  WindowItemsDto,
  WorkspaceOverview,
};

/** Every command of the Rust side, as the window calls it. */
export interface Commands {
  // capacity
  /**
   * Adds holidays to a calendar (a year filled from the holiday library, or a day typed in).
   */
  addHolidays(calendarId: string, days: Array<HolidayInput>): Promise<number>;
  calendars(): Promise<Array<CalendarDto>>;
  /**
   * A new holiday calendar (admins); `region` names the holiday library's region its days come
   * from (`JP`, `DE-BY`), if any.
   */
  createCalendar(name: string, region?: string | null, id?: string | null): Promise<CalendarDto>;
  /**
   * Records time off for a person; `id` (made by the window) makes a repeat safe.
   */
  createTimeOff(personId: string, input: TimeOffInput, id?: string | null): Promise<TimeOffDto>;
  /**
   * Deletes a calendar with its holidays; answers how many holidays went.
   */
  deleteCalendar(id: string): Promise<number>;
  deleteHoliday(calendarId: string, day: string): Promise<void>;
  deleteTimeOff(current: TimeOffDto): Promise<void>;
  /**
   * Adds the holidays of an .ics file's text to a calendar; answers how many.
   */
  importIcs(calendarId: string, text: string): Promise<number>;
  renameCalendar(id: string, version: number, name: string): Promise<CalendarDto>;
  /**
   * The team's default working week (minutes, Monday first). Admins only.
   */
  setDefaultWeek(minutes: Array<number>): Promise<Array<number>>;
  /**
   * Sets a person's own working weeks (`null`: the team's week) and holiday calendar (`null`:
   * none), as the window saw the person at `version`.
   */
  setWorkingTime(current: PersonDto, schedule?: ScheduleDto | null, calendarId?: string | null): Promise<PersonDto>;
  /**
   * Changes the days, kind or hours of the time off the window shows as `current`.
   */
  updateTimeOff(current: TimeOffDto, input: TimeOffInput): Promise<TimeOffDto>;

  // export
  /**
   * Saves a calendar (.ics) of `personId`'s bookings and time off (the team's, when absent) that
   * meet `firstDay` to `lastDay`, its words in `lang`, where the save dialog titled `title`
   * says; the path, or none. Importing a newer one into a calendar program updates its events.
   */
  exportIcs(personId: string | null, firstDay: string, lastDay: string, lang: string, title: string): Promise<string | null>;
  /**
   * Saves the team's people or projects where the save dialog titled `title` says; the path,
   * or none.
   */
  exportList(list: ExportList, format: ExportFormat, title: string): Promise<string | null>;
  /**
   * Saves the timeline from `firstDay` to `lastDay` (at most two years) as a PDF of landscape
   * pages (`paper`), a row a person or a project (`rows`) at `zoom`, its words in `lang`, where
   * the save dialog titled `title` says; the path, or none.
   */
  exportPdf(firstDay: string, lastDay: string, rows: PrintRows, zoom: PrintZoom, paper: PrintPaper, lang: string, title: string): Promise<string | null>;
  /**
   * Saves the bookings' hours from `firstDay` to `lastDay` (at most two years), a line per booking
   * and week or day, where the save dialog titled `title` says; the path, or none.
   */
  exportPlan(firstDay: string, lastDay: string, period: ExportPeriod, format: ExportFormat, title: string): Promise<string | null>;

  // files
  /**
   * Asks the user for a sheet to import (CSV or an Excel workbook), titled `title`; the path
   * chosen, or none when the dialog was closed.
   */
  pickImportFile(title: string): Promise<string | null>;

  // import
  /**
   * Reads the file at `path` as `options` say and holds each row against the team; nothing is
   * written.
   */
  importPreview(path: string, options: ImportOptionsInput): Promise<ImportPreviewDto>;
  /**
   * Imports the file at `path` (its preview made again against the team as it is now), telling
   * `on_progress` as items are written; `key` (made by the window) names it for `cancel_edit`.
   */
  importSheet(key: string, path: string, options: ImportOptionsInput, onProgress: (message: DeleteProgressDto) => void): Promise<ImportedDto>;

  // labels
  /**
   * A new group, role or skill; `id` (made by the window) makes a repeat safe. A name its list
   * holds already, in any case or width, is refused.
   */
  createLabel(kind: LabelKind, name: string, id?: string | null): Promise<LabelDto>;
  /**
   * Deletes a group, role or skill and takes it from everyone carrying it (a deleted group's days
   * become "no group"); answers how many people carried it.
   */
  deleteLabel(id: string): Promise<number>;
  /**
   * Renames a group, role or skill the window saw at `version`: everyone carrying it follows.
   */
  renameLabel(id: string, version: number, name: string): Promise<LabelDto>;
  /**
   * One change of many people's labels (a group from a day, a role, skills added or taken), each
   * as the window saw them; those someone else changed meanwhile are named and left.
   */
  setLabelsMany(people: Array<SeenPersonDto>, edit: LabelsEditDto): Promise<ManyLabelsDto>;
  /**
   * Sets what a person carries — groups over time, role, skills — as the window saw them at
   * `current.version`.
   */
  setPersonLabels(current: PersonDto, groups: Array<GroupFromDto>, roleId: string | null, skillIds: Array<string>): Promise<PersonDto>;

  // live
  /**
   * A page of the open team's activity log, newest first, before `before` (from the newest
   * without one), narrowed by `filter`. Every member may read it.
   */
  activity(before: string | null, limit: number, filter: ActivityFilterInput): Promise<ActivityPageDto>;
  /**
   * The changes to the open team since the last ask, oldest first, or "reload".
   */
  liveChanges(): Promise<LiveNewsDto>;
  /**
   * Renames the open team (admins).
   */
  renameTeam(name: string): Promise<string>;
  /**
   * Creates again the assignment whose delete the record `cursor` holds (planners and admins).
   */
  restoreAssignment(cursor: string): Promise<AssignmentDto>;
  /**
   * How many days the open team's activity log is kept (admins); the number kept now.
   */
  setFeedDays(days: number): Promise<number>;

  // many
  /**
   * Cancels the running edit `key` before its next transaction (what is written stays); false
   * when none of that key runs.
   */
  cancelEdit(key: string): Promise<boolean>;
  /**
   * Writes `edits` as one batch in as few transactions as fit, telling `on_progress` after each;
   * `key` (made by the window) names it for `cancel_edit`. Refused whole when one booking's new
   * state is invalid; otherwise each booking is answered on its own (the conflicting ones say
   * why, and the rest is written).
   */
  editBookings(key: string, edits: Array<BookingEditInput>, onProgress: (message: DeleteProgressDto) => void): Promise<ManyEditedDto>;

  // members
  /**
   * Changes a member's role (admins only; never leaves the team without an admin).
   */
  changeRole(userId: string, role: RoleDto): Promise<void>;
  /**
   * Invites someone by email with a role (admins only); a new email becomes a new user.
   */
  inviteMember(email: string, role: RoleDto, name?: string | null): Promise<MemberDto>;
  /**
   * The open team's members (any member may see them).
   */
  listMembers(): Promise<Array<MemberDto>>;
  /**
   * Removes a member (admins only; never the last admin).
   */
  removeMember(userId: string): Promise<void>;

  // plan
  catalog(): Promise<CatalogDto>;
  createAssignment(input: NewAssignmentInput): Promise<AssignmentDto>;
  /**
   * Adds a person, or with `placeholder` a row for a role not yet staffed. `id` (a ULID made by
   * the window) makes sending it again after a lost answer safe: the same person is found, not a
   * second one made.
   */
  createPerson(name: string, id?: string | null, placeholder?: boolean | null): Promise<PersonDto>;
  /**
   * Adds a project; `id` as for [`create_person`].
   */
  createProject(name: string, color: string, id?: string | null): Promise<ProjectDto>;
  deleteAssignment(current: AssignmentDto): Promise<void>;
  /**
   * Deletes a person and their assignments, telling `on_progress` how far it is.
   */
  deletePerson(id: string, onProgress: (message: DeleteProgressDto) => void): Promise<DeleteReportDto>;
  /**
   * Deletes a project and its assignments, telling `on_progress` how far it is.
   */
  deleteProject(id: string, onProgress: (message: DeleteProgressDto) => void): Promise<DeleteReportDto>;
  /**
   * More of the plan as the timeline scrolls: the assignments overlapping `[from, to)`, and the
   * time off and holidays of its reach (its days; the holidays and each person's time off of the
   * days of their totals: `WindowItems::reach`).
   * Offline, from the copy if it holds those days, else `not_loaded`.
   */
  loadWindow(from: string, to: string): Promise<WindowItemsDto>;
  /**
   * Offline: the oldest read time of the copy's days in `[from, to)` (the banner's "as of"). Null
   * online or when none of those days is in the copy.
   */
  offlineSyncedIn(from: string, to: string): Promise<string | null>;
  /**
   * The timeline of `[from, to)`: team, people, projects and the assignments in view. While
   * the table is out of reach, what the offline copy holds of it (`loaded` says which days).
   */
  openTimeline(from: string, to: string): Promise<TimelineDto>;
  /**
   * How many assignments deleting this person would delete (the confirmation says it).
   */
  personAssignmentCount(id: string): Promise<number>;
  /**
   * How many assignments deleting this project would delete.
   */
  projectAssignmentCount(id: string): Promise<number>;
  renamePerson(id: string, version: number, name: string): Promise<PersonDto>;
  /**
   * Moves, resizes or reassigns the assignment the window shows as `current`.
   */
  updateAssignment(current: AssignmentDto, change: AssignmentChangeInput): Promise<AssignmentDto>;
  updateProject(id: string, version: number, name?: string | null, color?: string | null): Promise<ProjectDto>;
  /**
   * A summary of the workspace's next thirteen weeks.
   */
  workspaceOverview(): Promise<WorkspaceOverview>;

  // report
  /**
   * The report of the days `firstDay` to `lastDay`, weeks from `firstWeekday` (0 Monday).
   */
  report(firstDay: string, lastDay: string, firstWeekday: number): Promise<Report>;
  /**
   * Saves the activity log's CSV (made by the window) where the save dialog titled `title`
   * says; the path, or none.
   */
  saveActivityCsv(text: string, title: string): Promise<string | null>;
  /**
   * Saves the report's CSV file where the save dialog titled `title` says; the path, or none
   * when the dialog was closed.
   */
  saveReportCsv(firstDay: string, lastDay: string, firstWeekday: number, title: string): Promise<string | null>;

  // series
  /**
   * The days of the repeats `rule` makes of `booking` (as the window shows it), its person's
   * days off left out when asked; refused with a sentence beyond 500 bookings, for a repeat that
   * makes none, or one past 2999-12-31.
   */
  repeatDays(booking: AssignmentDto, rule: RepeatInput): Promise<RepeatDaysDto>;
  /**
   * The bookings of `series` that start on `from` or later, by start: "this and the following
   * ones", as stored now.
   */
  seriesFrom(series: string, from: string): Promise<Array<AssignmentDto>>;

  // session
  /**
   * The answer to the question about the sign-in link for `email`: `accept` signs in with it;
   * either way it is let go.
   */
  answerSignInLink(email: string, accept: boolean): Promise<SessionUpdateDto>;
  /**
   * Signs in with the `resource-planner://sign-in?…` link from the email, or, for a link this app
   * did not ask for, answers the question to ask first (`ask`).
   */
  openSignInLink(link: string): Promise<SessionUpdateDto>;
  /**
   * Tries to reach the table now (the banner's "Try again"); answers what is open then.
   */
  reconnect(): Promise<SessionUpdateDto>;
  /**
   * Asks for a sign-in code by email. The answer is the same for every email (no enumeration).
   */
  requestSignInCode(email: string, lang: string): Promise<void>;
  /**
   * Who is signed in, to which teams, and which team is open (the start-up screen's question).
   */
  sessionStatus(): Promise<SessionUpdateDto>;
  /**
   * Signs in with the code typed from the email.
   */
  signIn(email: string, code: string): Promise<SessionUpdateDto>;
  /**
   * Signs in by AWS identity (where IT set `signin.methods = ["aws-identity"]`): STS names the
   * identity of the app's AWS credentials, IT's link the user.
   */
  signInWithAws(): Promise<SessionUpdateDto>;
  /**
   * Signs out: ends the session (or, with `everywhere`, all of the user's sessions) and removes
   * the token from the keyring.
   */
  signOut(everywhere: boolean): Promise<SessionUpdateDto>;
  /**
   * Opens another of the signed-in user's teams (the stored membership decides).
   */
  switchTeam(team: string): Promise<SessionUpdateDto>;
  /**
   * The window's ear: what changes without it asking (a sign-in link the OS handed over, a
   * session found ended) arrives on `on_change`.
   */
  watchSession(onChange: (message: SessionUpdateDto) => void): Promise<void>;

  // settings
  /**
   * Text for a support ticket: versions, the settings in force (secrets only as "set"), what is
   * open, the last lines of the log.
   */
  diagnostics(): Promise<string>;
  /**
   * What the window remembered for the open workspace (all unset the first time, or signed out).
   */
  loadPrefs(): Promise<PrefsDto>;
  /**
   * What this computer's local workspace holds (nothing when it has none, or an empty one).
   */
  localPlan(): Promise<LocalPlanDto | null>;
  /**
   * Writes an error the window did not catch (`kind` "error") or a promise rejected with no one to
   * hear it ("rejection") to the app's log, with where it happened; at most 20 a minute. False
   * when the minute's share was spent.
   */
  logWindowError(kind: string, message: string, at: string): Promise<boolean>;
  /**
   * Moves this computer's local workspace into the open team: backup file, copy (put before
   * delete, re-runnable), then the local copy is emptied. Progress arrives on `on_progress`.
   */
  moveLocalPlan(onProgress: (message: MoveProgressDto) => void): Promise<MoveReportDto>;
  /**
   * Remembers the window's language, zoom, day in view and filters for the open workspace.
   */
  savePrefs(prefs: PrefsDto): Promise<void>;
  /**
   * Saves the connection into the user's settings file and opens what it names, at once.
   */
  saveSettings(input: SettingsInput): Promise<SessionUpdateDto>;
  /**
   * The connection settings as the settings screen shows them: values in force, and which are
   * locked by the machine-wide file or set by environment variables.
   */
  settings(): Promise<SettingsDto>;
  /**
   * Tries a connection without saving it: one read on the table proves the credentials, the
   * region, the endpoint and the table.
   */
  testConnection(input: SettingsInput): Promise<void>;

  // staffing
  /**
   * Hands `bookings` (as the window shows them) to `personId`, each a move of its own: the answer
   * lists those moved and, for each that stayed, why (changed meanwhile, gone).
   */
  handOver(bookings: Array<AssignmentDto>, personId: string): Promise<HandedOverDto>;
  /**
   * The placeholder's bookings from today on, and the people who could take `chosen` of them
   * (all when absent): those with its role and skills first, then by the free hours they have on
   * exactly those days.
   */
  staffing(id: string, chosen?: Array<string> | null): Promise<StaffingDto>;

  // updates
  /**
   * Looks for a newer version where IT's settings say: off (and whether IT turned it off), not
   * set up, this one the newest, or the newer one with its notes.
   */
  updateCheck(): Promise<UpdateDto>;
  /**
   * Downloads the version `update_check` found, proves its signature IT's, installs it and
   * restarts the app into it. A failure leaves this version as it is, with a sentence.
   */
  updateInstall(): Promise<void>;

  // views
  /**
   * Deletes a view the user saw at `version`: their own, or (admins) a shared one.
   */
  deleteView(id: string, version: number): Promise<void>;
  /**
   * Saves a view: a new one (`version` 0), or the user's own as they saw it. A view with a
   * condition this version does not know, or a value out of bounds, is refused with a sentence.
   */
  saveView(view: SaveViewInput): Promise<ViewDto>;
  /**
   * The views the user sees: the team's shared ones and their own, by name.
   */
  views(): Promise<Array<ViewDto>>;
}

export const addHolidays: Commands["addHolidays"] = (calendarId, days) => invoke<number>("add_holidays", { calendarId, days });
export const calendars: Commands["calendars"] = () => invoke<Array<CalendarDto>>("calendars");
export const createCalendar: Commands["createCalendar"] = (name, region, id) => invoke<CalendarDto>("create_calendar", { name, region, id });
export const createTimeOff: Commands["createTimeOff"] = (personId, input, id) => invoke<TimeOffDto>("create_time_off", { personId, input, id });
export const deleteCalendar: Commands["deleteCalendar"] = (id) => invoke<number>("delete_calendar", { id });
export const deleteHoliday: Commands["deleteHoliday"] = (calendarId, day) => invoke<void>("delete_holiday", { calendarId, day });
export const deleteTimeOff: Commands["deleteTimeOff"] = (current) => invoke<void>("delete_time_off", { current });
export const importIcs: Commands["importIcs"] = (calendarId, text) => invoke<number>("import_ics", { calendarId, text });
export const renameCalendar: Commands["renameCalendar"] = (id, version, name) => invoke<CalendarDto>("rename_calendar", { id, version, name });
export const setDefaultWeek: Commands["setDefaultWeek"] = (minutes) => invoke<Array<number>>("set_default_week", { minutes });
export const setWorkingTime: Commands["setWorkingTime"] = (current, schedule, calendarId) => invoke<PersonDto>("set_working_time", { current, schedule, calendarId });
export const updateTimeOff: Commands["updateTimeOff"] = (current, input) => invoke<TimeOffDto>("update_time_off", { current, input });
export const exportIcs: Commands["exportIcs"] = (personId, firstDay, lastDay, lang, title) => invoke<string | null>("export_ics", { personId, firstDay, lastDay, lang, title });
export const exportList: Commands["exportList"] = (list, format, title) => invoke<string | null>("export_list", { list, format, title });
export const exportPdf: Commands["exportPdf"] = (firstDay, lastDay, rows, zoom, paper, lang, title) => invoke<string | null>("export_pdf", { firstDay, lastDay, rows, zoom, paper, lang, title });
export const exportPlan: Commands["exportPlan"] = (firstDay, lastDay, period, format, title) => invoke<string | null>("export_plan", { firstDay, lastDay, period, format, title });
export const pickImportFile: Commands["pickImportFile"] = (title) => invoke<string | null>("pick_import_file", { title });
export const importPreview: Commands["importPreview"] = (path, options) => invoke<ImportPreviewDto>("import_preview", { path, options });
export const importSheet: Commands["importSheet"] = (key, path, options, onProgress) => invoke<ImportedDto>("import_sheet", { key, path, options, onProgress: channel(onProgress) });
export const createLabel: Commands["createLabel"] = (kind, name, id) => invoke<LabelDto>("create_label", { kind, name, id });
export const deleteLabel: Commands["deleteLabel"] = (id) => invoke<number>("delete_label", { id });
export const renameLabel: Commands["renameLabel"] = (id, version, name) => invoke<LabelDto>("rename_label", { id, version, name });
export const setLabelsMany: Commands["setLabelsMany"] = (people, edit) => invoke<ManyLabelsDto>("set_labels_many", { people, edit });
export const setPersonLabels: Commands["setPersonLabels"] = (current, groups, roleId, skillIds) => invoke<PersonDto>("set_person_labels", { current, groups, roleId, skillIds });
export const activity: Commands["activity"] = (before, limit, filter) => invoke<ActivityPageDto>("activity", { before, limit, filter });
export const liveChanges: Commands["liveChanges"] = () => invoke<LiveNewsDto>("live_changes");
export const renameTeam: Commands["renameTeam"] = (name) => invoke<string>("rename_team", { name });
export const restoreAssignment: Commands["restoreAssignment"] = (cursor) => invoke<AssignmentDto>("restore_assignment", { cursor });
export const setFeedDays: Commands["setFeedDays"] = (days) => invoke<number>("set_feed_days", { days });
export const cancelEdit: Commands["cancelEdit"] = (key) => invoke<boolean>("cancel_edit", { key });
export const editBookings: Commands["editBookings"] = (key, edits, onProgress) => invoke<ManyEditedDto>("edit_bookings", { key, edits, onProgress: channel(onProgress) });
export const changeRole: Commands["changeRole"] = (userId, role) => invoke<void>("change_role", { userId, role });
export const inviteMember: Commands["inviteMember"] = (email, role, name) => invoke<MemberDto>("invite_member", { email, role, name });
export const listMembers: Commands["listMembers"] = () => invoke<Array<MemberDto>>("list_members");
export const removeMember: Commands["removeMember"] = (userId) => invoke<void>("remove_member", { userId });
export const catalog: Commands["catalog"] = () => invoke<CatalogDto>("catalog");
export const createAssignment: Commands["createAssignment"] = (input) => invoke<AssignmentDto>("create_assignment", { input });
export const createPerson: Commands["createPerson"] = (name, id, placeholder) => invoke<PersonDto>("create_person", { name, id, placeholder });
export const createProject: Commands["createProject"] = (name, color, id) => invoke<ProjectDto>("create_project", { name, color, id });
export const deleteAssignment: Commands["deleteAssignment"] = (current) => invoke<void>("delete_assignment", { current });
export const deletePerson: Commands["deletePerson"] = (id, onProgress) => invoke<DeleteReportDto>("delete_person", { id, onProgress: channel(onProgress) });
export const deleteProject: Commands["deleteProject"] = (id, onProgress) => invoke<DeleteReportDto>("delete_project", { id, onProgress: channel(onProgress) });
export const loadWindow: Commands["loadWindow"] = (from, to) => invoke<WindowItemsDto>("load_window", { from, to });
export const offlineSyncedIn: Commands["offlineSyncedIn"] = (from, to) => invoke<string | null>("offline_synced_in", { from, to });
export const openTimeline: Commands["openTimeline"] = (from, to) => invoke<TimelineDto>("open_timeline", { from, to });
export const personAssignmentCount: Commands["personAssignmentCount"] = (id) => invoke<number>("person_assignment_count", { id });
export const projectAssignmentCount: Commands["projectAssignmentCount"] = (id) => invoke<number>("project_assignment_count", { id });
export const renamePerson: Commands["renamePerson"] = (id, version, name) => invoke<PersonDto>("rename_person", { id, version, name });
export const updateAssignment: Commands["updateAssignment"] = (current, change) => invoke<AssignmentDto>("update_assignment", { current, change });
export const updateProject: Commands["updateProject"] = (id, version, name, color) => invoke<ProjectDto>("update_project", { id, version, name, color });
export const workspaceOverview: Commands["workspaceOverview"] = () => invoke<WorkspaceOverview>("workspace_overview");
export const report: Commands["report"] = (firstDay, lastDay, firstWeekday) => invoke<Report>("report", { firstDay, lastDay, firstWeekday });
export const saveActivityCsv: Commands["saveActivityCsv"] = (text, title) => invoke<string | null>("save_activity_csv", { text, title });
export const saveReportCsv: Commands["saveReportCsv"] = (firstDay, lastDay, firstWeekday, title) => invoke<string | null>("save_report_csv", { firstDay, lastDay, firstWeekday, title });
export const repeatDays: Commands["repeatDays"] = (booking, rule) => invoke<RepeatDaysDto>("repeat_days", { booking, rule });
export const seriesFrom: Commands["seriesFrom"] = (series, from) => invoke<Array<AssignmentDto>>("series_from", { series, from });
export const answerSignInLink: Commands["answerSignInLink"] = (email, accept) => invoke<SessionUpdateDto>("answer_sign_in_link", { email, accept });
export const openSignInLink: Commands["openSignInLink"] = (link) => invoke<SessionUpdateDto>("open_sign_in_link", { link });
export const reconnect: Commands["reconnect"] = () => invoke<SessionUpdateDto>("reconnect");
export const requestSignInCode: Commands["requestSignInCode"] = (email, lang) => invoke<void>("request_sign_in_code", { email, lang });
export const sessionStatus: Commands["sessionStatus"] = () => invoke<SessionUpdateDto>("session_status");
export const signIn: Commands["signIn"] = (email, code) => invoke<SessionUpdateDto>("sign_in", { email, code });
export const signInWithAws: Commands["signInWithAws"] = () => invoke<SessionUpdateDto>("sign_in_with_aws");
export const signOut: Commands["signOut"] = (everywhere) => invoke<SessionUpdateDto>("sign_out", { everywhere });
export const switchTeam: Commands["switchTeam"] = (team) => invoke<SessionUpdateDto>("switch_team", { team });
export const watchSession: Commands["watchSession"] = (onChange) => invoke<void>("watch_session", { onChange: channel(onChange) });
export const diagnostics: Commands["diagnostics"] = () => invoke<string>("diagnostics");
export const loadPrefs: Commands["loadPrefs"] = () => invoke<PrefsDto>("load_prefs");
export const localPlan: Commands["localPlan"] = () => invoke<LocalPlanDto | null>("local_plan");
export const logWindowError: Commands["logWindowError"] = (kind, message, at) => invoke<boolean>("log_window_error", { kind, message, at });
export const moveLocalPlan: Commands["moveLocalPlan"] = (onProgress) => invoke<MoveReportDto>("move_local_plan", { onProgress: channel(onProgress) });
export const savePrefs: Commands["savePrefs"] = (prefs) => invoke<void>("save_prefs", { prefs });
export const saveSettings: Commands["saveSettings"] = (input) => invoke<SessionUpdateDto>("save_settings", { input });
export const settings: Commands["settings"] = () => invoke<SettingsDto>("settings");
export const testConnection: Commands["testConnection"] = (input) => invoke<void>("test_connection", { input });
export const handOver: Commands["handOver"] = (bookings, personId) => invoke<HandedOverDto>("hand_over", { bookings, personId });
export const staffing: Commands["staffing"] = (id, chosen) => invoke<StaffingDto>("staffing", { id, chosen });
export const updateCheck: Commands["updateCheck"] = () => invoke<UpdateDto>("update_check");
export const updateInstall: Commands["updateInstall"] = () => invoke<void>("update_install");
export const deleteView: Commands["deleteView"] = (id, version) => invoke<void>("delete_view", { id, version });
export const saveView: Commands["saveView"] = (view) => invoke<ViewDto>("save_view", { view });
export const views: Commands["views"] = () => invoke<Array<ViewDto>>("views");

/** A channel the Rust side sends on, each message handed to `onMessage`. */
function channel<T>(onMessage: (message: T) => void): Channel<T> {
  const made = new Channel<T>();
  made.onmessage = onMessage;
  return made;
}
