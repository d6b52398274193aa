// The activity screen's words in English and Japanese, read through `ui.words(ACTIVITY)` (and
// `ACTIVITY[lang]` in sentences.ts). An entry's sentence is put together in sentences.ts from the
// parts here: who (already a subject: "You", "Ada", "Adaさん"), what (names and dates already
// written out) and how many. The two languages take the same arguments, in their own order.

import type { Words } from "../i18n";
import type { FeedKind } from "../ipc/bindings/FeedKind";
import type { LabelKind } from "../ipc/bindings/LabelKind";
import type { RoleDto } from "../ipc/bindings/RoleDto";
import type { TimeOffKindDto } from "../ipc/bindings/TimeOffKindDto";

/** What an assignment's change can be about, for a change of more than one of them. */
export type Aspect = "person" | "project" | "days" | "time" | "status";

/** What an edit of many did to its bookings: one thing to all, or several things. */
export type BatchDid = "created" | "changed" | "deleted" | "mixed";

/** What of a person's group, role and skills a change was about. */
export type LabelPart = "group" | "role" | "skill";

const JA_KIND: Record<LabelKind, string> = { group: "グループ", role: "役割", skill: "スキル" };

/** `n` as English writes it, with the noun's singular or plural. */
/** What a sheet's import made and changed (its summary record's counts). */
export interface SheetCounts {
  people: number;
  projects: number;
  bookings: number;
  timeOff: number;
  changed: number;
}

const en = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
const ja = (n: number) => n.toLocaleString("ja");

export const EN_ACTIVITY = {
  activityButton: "Activity",
  activityTitle: (team: string) => `Activity in ${team}`,
  activityFilters: "Show only",
  activityAbout: "About",
  activityAnything: "Anyone or anything",
  activityPeople: "People",
  activityProjects: "Projects",
  activityBy: "Changed by",
  activityAnyone: "Anyone",
  activityKind: "Kind",
  activityAnyKind: "All kinds",
  activityKinds: {
    assignment: "Assignments",
    person: "People",
    project: "Projects",
    timeOff: "Time off",
    calendar: "Holiday calendars",
    holidays: "Holidays",
    member: "Members",
    team: "Team settings",
    label: "Groups, roles and skills",
    view: "Shared views",
    import: "Imports",
  } satisfies Record<FeedKind, string>,
  activityEntries: "Changes, newest first",
  activityMore: "Load older",
  activityNothing: "No change in the log matches.",
  activityNothingYet: "No match among the latest changes. Load older ones to look further back.",
  activityEnd: "That is all the log keeps.",
  activityShow: (what: string) => `Show on the timeline: ${what}`,
  activityRestore: "Restore",
  activityRestoreWhat: (what: string) => `Restore: ${what}`,
  activityRestored: "Restored",
  activityRestoredNow: "The assignment is back on the timeline.",
  activityRestoreAlready: "This assignment is back already: someone restored it, or it was moved since.",
  activityRestoreTooOld: "This delete is too old: the assignment can no longer be restored.",
  activityRestoreParentGone: "Its person or project has been deleted, so it cannot be restored.",
  activityCsv: "Export CSV",
  activityCsvDone: (n: number, file: string) => `${en(n, "entry", "entries")} saved in ${file}.`,
  activityCsvCut: "The file stops at 20,000 entries: choose fewer days for the rest.",
  activityCsvDays: "Days the file covers",
  activityCsvTitle: "Save the activity",
  activityLastDays: (d: number) => `Last ${d} days`,
  activityJustNow: "just now",

  // Who, and names that are gone.
  actYou: "You",
  actSomeone: "Someone",
  /** A name as the subject of a sentence. */
  actSubject: (name: string) => name,
  actDeletedPerson: "a deleted person",
  actDeletedProject: "a deleted project",
  actDeletedCalendar: "a deleted calendar",
  actRoles: { admin: "admin", planner: "planner", viewer: "viewer" } satisfies Record<RoleDto, string>,
  actTimeOff: { holiday: "holiday", sick: "sick leave", other: "time off" } satisfies Record<
    TimeOffKindDto,
    string
  >,
  actAspects: {
    person: "person",
    project: "project",
    days: "days",
    time: "time",
    status: "tentative or confirmed",
  } satisfies Record<Aspect, string>,
  actList: (parts: string[]) => new Intl.ListFormat("en").format(parts),
  actHoursPerDay: (h: string) => `${h}h a day`,
  actPercent: (p: string) => `${p}% of the working day`,
  actTotal: (h: string) => `${h}h in all`,
  actFullDay: "the whole working day",

  // Assignments: `a` is "Globex Website for Ben".
  actAssignment: (project: string, person: string) => `${project} for ${person}`,
  actCreated: (who: string, a: string, days: string) => `${who} created ${a}, ${days}`,
  actDeleted: (who: string, a: string, days: string) => `${who} deleted ${a}, ${days}`,
  actRestoredIt: (who: string, a: string, days: string) => `${who} restored ${a}, ${days}`,
  /** An edit of many bookings at once, as one entry: what was done to how many, of which projects. */
  actBatch: (who: string, did: BatchDid, n: number, projects: string) =>
    `${who} ${{ created: "made", changed: "changed", deleted: "deleted", mixed: "edited" }[did]} ${en(n, "booking", "bookings")} at once (${projects})`,
  activityRestoreAll: "Restore all",
  activityRestoreAllWhat: (what: string) => `Restore all: ${what}`,
  activityBatchShow: "Each booking",
  actMoved: (who: string, a: string, from: string, to: string) => `${who} moved ${a} from ${from} to ${to}`,
  actResized: (who: string, a: string, from: string, to: string) =>
    `${who} changed the days of ${a} from ${from} to ${to}`,
  actReassigned: (who: string, project: string, from: string, to: string, days: string) =>
    `${who} moved ${project} from ${from} to ${to}, ${days}`,
  actOtherProject: (who: string, person: string, from: string, to: string, days: string) =>
    `${who} changed ${from} for ${person} to ${to}, ${days}`,
  actStatus: (who: string, a: string, tentative: boolean) =>
    `${who} marked ${a} as ${tentative ? "tentative" : "confirmed"}`,
  actTime: (who: string, a: string, time: string) => `${who} set the time of ${a} to ${time}`,
  actChanged: (who: string, a: string, days: string, aspects: string | null) =>
    `${who} changed ${a}, ${days}${aspects ? ` (${aspects})` : ""}`,

  // People and projects.
  actPersonAdded: (who: string, name: string) => `${who} added the person ${name}`,
  actPlaceholderAdded: (who: string, name: string) =>
    `${who} added the placeholder ${name} (a role to staff)`,
  actPersonRenamed: (who: string, from: string, to: string) => `${who} renamed the person ${from} to ${to}`,
  actWorkingTime: (who: string, name: string) => `${who} changed ${name}’s working time`,
  actPersonLabels: (who: string, name: string, parts: LabelPart[]) =>
    `${who} changed ${name}’s ${new Intl.ListFormat("en").format(parts.map((p) => ({ group: "group", role: "role", skill: "skills" })[p]))}`,
  actLabelAdded: (who: string, kind: LabelKind, name: string) => `${who} added the ${kind} ${name}`,
  actLabelRenamed: (who: string, kind: LabelKind, from: string, to: string) =>
    `${who} renamed the ${kind} ${from} to ${to}`,
  actLabelDeleted: (who: string, kind: LabelKind, name: string, people: number) =>
    `${who} deleted the ${kind} ${name}${people ? ` (taken from ${en(people, "person", "people")})` : ""}`,
  actViewShared: (who: string, name: string) => `${who} shared the view “${name}” with the team`,
  actViewChanged: (who: string, name: string) => `${who} changed the shared view “${name}”`,
  actViewUnshared: (who: string, name: string) => `${who} stopped sharing the view “${name}”`,
  actViewDeleted: (who: string, name: string) => `${who} deleted the shared view “${name}”`,
  actCalendarOf: (who: string, name: string, calendar: string | null) =>
    calendar
      ? `${who} set ${name}’s holiday calendar to ${calendar}`
      : `${who} took ${name}’s holiday calendar away`,
  actPersonDeleted: (who: string, name: string, assignments: number) =>
    `${who} deleted the person ${name}${assignments ? ` and ${en(assignments, "assignment", "assignments")}` : ""}`,
  actProjectAdded: (who: string, name: string) => `${who} added the project ${name}`,
  actProjectRenamed: (who: string, from: string, to: string, recoloured: boolean) =>
    `${who} renamed the project ${from} to ${to}${recoloured ? " and recoloured it" : ""}`,
  actRecoloured: (who: string, name: string) => `${who} recoloured ${name}`,
  actProjectDeleted: (who: string, name: string, assignments: number) =>
    `${who} deleted the project ${name}${assignments ? ` and ${en(assignments, "assignment", "assignments")}` : ""}`,

  // Time off: `kind` is actTimeOff's.
  actTimeOffAdded: (who: string, person: string, kind: string, days: string) =>
    `${who} added ${kind} for ${person}, ${days}`,
  actTimeOffMoved: (who: string, person: string, kind: string, from: string, to: string) =>
    `${who} changed ${person}’s ${kind} from ${from} to ${to}`,
  actTimeOffChanged: (who: string, person: string, kind: string, days: string) =>
    `${who} changed ${person}’s ${kind}, ${days}`,
  actTimeOffDeleted: (who: string, person: string, kind: string, days: string) =>
    `${who} removed ${person}’s ${kind}, ${days}`,

  // Holiday calendars and their holidays.
  actCalendarAdded: (who: string, name: string) => `${who} added the holiday calendar ${name}`,
  actCalendarRenamed: (who: string, from: string, to: string) =>
    `${who} renamed the holiday calendar ${from} to ${to}`,
  actCalendarChanged: (who: string, name: string) => `${who} changed the holiday calendar ${name}`,
  actCalendarDeleted: (who: string, name: string, holidays: number) =>
    `${who} deleted the holiday calendar ${name}${holidays ? ` and its ${en(holidays, "holiday", "holidays")}` : ""}`,
  actHolidayAdded: (who: string, name: string, day: string, calendar: string) =>
    `${who} added the holiday ${name} (${day}) to ${calendar}`,
  actHolidaysAdded: (who: string, n: number, calendar: string) =>
    `${who} added ${en(n, "holiday", "holidays")} to ${calendar}`,
  actHolidayRemoved: (who: string, name: string, day: string, calendar: string) =>
    `${who} removed the holiday ${name} (${day}) from ${calendar}`,
  actHolidaysRemoved: (who: string, n: number, calendar: string) =>
    `${who} removed ${en(n, "holiday", "holidays")} from ${calendar}`,
  actHolidaysChanged: (who: string, calendar: string) => `${who} changed the holidays of ${calendar}`,

  // Members and the team.
  actMemberAdded: (who: string, member: string, role: string) => `${who} added ${member} as ${role}`,
  actMemberRole: (who: string, member: string, from: string, to: string) =>
    `${who} changed ${member}’s role from ${from} to ${to}`,
  actMemberRemoved: (who: string, member: string) => `${who} removed ${member} from the team`,
  actTeamRenamed: (who: string, name: string) => `${who} renamed the team to ${name}`,
  actTeamWeek: (who: string, hours: string) => `${who} set the team’s week to ${hours} hours`,
  actFeedDays: (who: string, days: number) => `${who} set the log to keep ${en(days, "day", "days")}`,
  actTeamChanged: (who: string) => `${who} changed the team’s settings`,

  // A whole plan brought in.
  actImported: (who: string, people: number, projects: number, assignments: number) =>
    `${who} imported a plan (${en(people, "person", "people")}, ${en(projects, "project", "projects")}, ${en(assignments, "assignment", "assignments")})`,
  actCopied: (who: string, people: number, projects: number, assignments: number) =>
    `${who} brought a local plan into the team (${en(people, "person", "people")}, ${en(projects, "project", "projects")}, ${en(assignments, "assignment", "assignments")})`,
  /** A sheet imported: what it made, and how many items it changed. */
  actImportedSheet: (who: string, file: string, made: SheetCounts) =>
    `${who} imported ${file}: made ${en(made.people, "person", "people")}, ${en(made.projects, "project", "projects")}, ${en(made.bookings, "booking", "bookings")} and ${made.timeOff.toLocaleString("en")} time off; changed ${en(made.changed, "item", "items")}`,

  /** Anything else (a record this window cannot read the details of). */
  actSomething: (who: string, kind: FeedKind) =>
    `${who} changed ${
      {
        assignment: "an assignment",
        person: "a person",
        project: "a project",
        timeOff: "someone’s time off",
        calendar: "a holiday calendar",
        holidays: "holidays",
        member: "the members",
        team: "the team’s settings",
        label: "a group, role or skill",
        view: "a shared view",
        import: "the whole plan",
      }[kind]
    }`,
};

export type ActivityWords = typeof EN_ACTIVITY;

export const JA_ACTIVITY: ActivityWords = {
  activityButton: "履歴",
  activityTitle: (team: string) => `${team} の変更履歴`,
  activityFilters: "絞り込み",
  activityAbout: "対象",
  activityAnything: "すべて",
  activityPeople: "メンバー",
  activityProjects: "案件",
  activityBy: "変更したユーザー",
  activityAnyone: "全員",
  activityKind: "種類",
  activityAnyKind: "すべての種類",
  activityKinds: {
    assignment: "アサイン",
    person: "メンバー",
    project: "案件",
    timeOff: "休暇",
    calendar: "祝日カレンダー",
    holidays: "祝日",
    member: "ユーザー",
    team: "チームの設定",
    label: "グループ・役割・スキル",
    view: "共有ビュー",
    import: "取り込み",
  },
  activityEntries: "変更（新しい順）",
  activityMore: "さらに古い履歴を読み込む",
  activityNothing: "該当する変更はありません。",
  activityNothingYet: "最近の変更には該当するものがありません。さらに古い履歴を読み込んで探せます。",
  activityEnd: "保存されている履歴はここまでです。",
  activityShow: (what: string) => `タイムラインに表示: ${what}`,
  activityRestore: "復元",
  activityRestoreWhat: (what: string) => `復元: ${what}`,
  activityRestored: "復元済み",
  activityRestoredNow: "アサインを復元し、タイムラインに戻しました。",
  activityRestoreAlready:
    "このアサインはすでに戻っています（他のユーザーが復元したか、その後移動されました）。",
  activityRestoreTooOld: "削除から時間が経ちすぎているため、このアサインは復元できません。",
  activityRestoreParentGone: "メンバーまたは案件が削除されているため、復元できません。",
  activityCsv: "CSV を書き出す",
  activityCsvDone: (n: number, file: string) => `${ja(n)} 件を ${file} に保存しました。`,
  activityCsvCut: "ファイルは20,000件までです。残りは日数を短くして書き出してください。",
  activityCsvDays: "書き出す期間",
  activityCsvTitle: "アクティビティを保存",
  activityLastDays: (d: number) => `過去${d}日`,
  activityJustNow: "たった今",

  actYou: "あなた",
  actSomeone: "他のユーザー",
  actSubject: (name: string) => `${name}さん`,
  actDeletedPerson: "削除されたメンバー",
  actDeletedProject: "削除された案件",
  actDeletedCalendar: "削除されたカレンダー",
  actRoles: { admin: "管理者", planner: "編集者", viewer: "閲覧者" },
  actTimeOff: { holiday: "休暇", sick: "病欠", other: "休み" },
  actAspects: { person: "メンバー", project: "案件", days: "期間", time: "時間", status: "仮／確定" },
  actList: (parts: string[]) => parts.join("、"),
  actHoursPerDay: (h: string) => `1日${h}時間`,
  actPercent: (p: string) => `勤務時間の${p}%`,
  actTotal: (h: string) => `合計${h}時間`,
  actFullDay: "勤務日の全時間",

  actAssignment: (project: string, person: string) => `${person} の ${project}`,
  actCreated: (who: string, a: string, days: string) => `${who}が ${a}（${days}）を作成しました`,
  actDeleted: (who: string, a: string, days: string) => `${who}が ${a}（${days}）を削除しました`,
  actRestoredIt: (who: string, a: string, days: string) => `${who}が ${a}（${days}）を復元しました`,
  actBatch: (who: string, did: BatchDid, n: number, projects: string) =>
    `${who}が${ja(n)}件の予定（${projects}）をまとめて${{ created: "作成", changed: "変更", deleted: "削除", mixed: "編集" }[did]}しました`,
  activityRestoreAll: "すべて復元",
  activityRestoreAllWhat: (what: string) => `すべて復元: ${what}`,
  activityBatchShow: "各予定",
  actMoved: (who: string, a: string, from: string, to: string) =>
    `${who}が ${a} を ${from} から ${to} に移動しました`,
  actResized: (who: string, a: string, from: string, to: string) =>
    `${who}が ${a} の期間を ${from} から ${to} に変更しました`,
  actReassigned: (who: string, project: string, from: string, to: string, days: string) =>
    `${who}が ${project}（${days}）の担当を ${from} から ${to} に変更しました`,
  actOtherProject: (who: string, person: string, from: string, to: string, days: string) =>
    `${who}が ${person} の ${from}（${days}）を ${to} に変更しました`,
  actStatus: (who: string, a: string, tentative: boolean) =>
    `${who}が ${a} を${tentative ? "仮" : "確定"}にしました`,
  actTime: (who: string, a: string, time: string) => `${who}が ${a} の時間を${time}にしました`,
  actChanged: (who: string, a: string, days: string, aspects: string | null) =>
    `${who}が ${a}（${days}）を変更しました${aspects ? `（${aspects}）` : ""}`,

  actPersonAdded: (who: string, name: string) => `${who}が メンバー「${name}」を追加しました`,
  actPlaceholderAdded: (who: string, name: string) =>
    `${who}が プレースホルダー「${name}」（人員未定の役割）を追加しました`,
  actPersonRenamed: (who: string, from: string, to: string) =>
    `${who}が メンバー「${from}」の名前を「${to}」に変更しました`,
  actWorkingTime: (who: string, name: string) => `${who}が ${name} の勤務時間を変更しました`,
  actPersonLabels: (who: string, name: string, parts: LabelPart[]) =>
    `${who}が ${name} の${parts.map((p) => ({ group: "グループ", role: "役割", skill: "スキル" })[p]).join("・")}を変更しました`,
  actLabelAdded: (who: string, kind: LabelKind, name: string) =>
    `${who}が ${JA_KIND[kind]}「${name}」を追加しました`,
  actLabelRenamed: (who: string, kind: LabelKind, from: string, to: string) =>
    `${who}が ${JA_KIND[kind]}「${from}」の名前を「${to}」に変更しました`,
  actLabelDeleted: (who: string, kind: LabelKind, name: string, people: number) =>
    `${who}が ${JA_KIND[kind]}「${name}」を削除しました${people ? `（${ja(people)} 人から外しました）` : ""}`,
  actViewShared: (who: string, name: string) => `${who}が ビュー「${name}」をチームに共有しました`,
  actViewChanged: (who: string, name: string) => `${who}が 共有ビュー「${name}」を変更しました`,
  actViewUnshared: (who: string, name: string) => `${who}が ビュー「${name}」の共有をやめました`,
  actViewDeleted: (who: string, name: string) => `${who}が 共有ビュー「${name}」を削除しました`,
  actCalendarOf: (who: string, name: string, calendar: string | null) =>
    calendar
      ? `${who}が ${name} の祝日カレンダーを「${calendar}」にしました`
      : `${who}が ${name} の祝日カレンダーを外しました`,
  actPersonDeleted: (who: string, name: string, assignments: number) =>
    `${who}が メンバー「${name}」${assignments ? `とアサイン ${ja(assignments)} 件` : ""}を削除しました`,
  actProjectAdded: (who: string, name: string) => `${who}が 案件「${name}」を追加しました`,
  actProjectRenamed: (who: string, from: string, to: string, recoloured: boolean) =>
    `${who}が 案件「${from}」の名前を「${to}」に${recoloured ? "変更し、色も変更しました" : "変更しました"}`,
  actRecoloured: (who: string, name: string) => `${who}が 案件「${name}」の色を変更しました`,
  actProjectDeleted: (who: string, name: string, assignments: number) =>
    `${who}が 案件「${name}」${assignments ? `とアサイン ${ja(assignments)} 件` : ""}を削除しました`,

  actTimeOffAdded: (who: string, person: string, kind: string, days: string) =>
    `${who}が ${person} の${kind}（${days}）を追加しました`,
  actTimeOffMoved: (who: string, person: string, kind: string, from: string, to: string) =>
    `${who}が ${person} の${kind}を ${from} から ${to} に変更しました`,
  actTimeOffChanged: (who: string, person: string, kind: string, days: string) =>
    `${who}が ${person} の${kind}（${days}）を変更しました`,
  actTimeOffDeleted: (who: string, person: string, kind: string, days: string) =>
    `${who}が ${person} の${kind}（${days}）を削除しました`,

  actCalendarAdded: (who: string, name: string) => `${who}が 祝日カレンダー「${name}」を追加しました`,
  actCalendarRenamed: (who: string, from: string, to: string) =>
    `${who}が 祝日カレンダー「${from}」の名前を「${to}」に変更しました`,
  actCalendarChanged: (who: string, name: string) => `${who}が 祝日カレンダー「${name}」を変更しました`,
  actCalendarDeleted: (who: string, name: string, holidays: number) =>
    `${who}が 祝日カレンダー「${name}」${holidays ? `と祝日 ${ja(holidays)} 日` : ""}を削除しました`,
  actHolidayAdded: (who: string, name: string, day: string, calendar: string) =>
    `${who}が ${calendar} に祝日「${name}」（${day}）を追加しました`,
  actHolidaysAdded: (who: string, n: number, calendar: string) =>
    `${who}が ${calendar} に祝日を ${ja(n)} 日追加しました`,
  actHolidayRemoved: (who: string, name: string, day: string, calendar: string) =>
    `${who}が ${calendar} から祝日「${name}」（${day}）を削除しました`,
  actHolidaysRemoved: (who: string, n: number, calendar: string) =>
    `${who}が ${calendar} から祝日を ${ja(n)} 日削除しました`,
  actHolidaysChanged: (who: string, calendar: string) => `${who}が ${calendar} の祝日を変更しました`,

  actMemberAdded: (who: string, member: string, role: string) =>
    `${who}が ${member} を${role}として追加しました`,
  actMemberRole: (who: string, member: string, from: string, to: string) =>
    `${who}が ${member} の役割を${from}から${to}に変更しました`,
  actMemberRemoved: (who: string, member: string) => `${who}が ${member} をチームから外しました`,
  actTeamRenamed: (who: string, name: string) => `${who}が チーム名を「${name}」に変更しました`,
  actTeamWeek: (who: string, hours: string) => `${who}が チームの勤務週を週${hours}時間にしました`,
  actFeedDays: (who: string, days: number) => `${who}が 履歴の保存期間を ${ja(days)} 日にしました`,
  actTeamChanged: (who: string) => `${who}が チームの設定を変更しました`,

  actImported: (who: string, people: number, projects: number, assignments: number) =>
    `${who}が 計画をインポートしました（メンバー ${ja(people)} 人、案件 ${ja(projects)} 件、アサイン ${ja(assignments)} 件）`,
  actCopied: (who: string, people: number, projects: number, assignments: number) =>
    `${who}が ローカルの計画をチームに取り込みました（メンバー ${ja(people)} 人、案件 ${ja(projects)} 件、アサイン ${ja(assignments)} 件）`,
  actImportedSheet: (who: string, file: string, made: SheetCounts) =>
    `${who}が ${file} を取り込みました（作成：メンバー ${ja(made.people)} 人、案件 ${ja(made.projects)} 件、予定 ${ja(made.bookings)} 件、休暇 ${ja(made.timeOff)} 件／変更 ${ja(made.changed)} 件）`,

  actSomething: (who: string, kind: FeedKind) =>
    `${who}が ${
      {
        assignment: "アサイン",
        person: "メンバー",
        project: "案件",
        timeOff: "休暇",
        calendar: "祝日カレンダー",
        holidays: "祝日",
        member: "ユーザー",
        team: "チームの設定",
        label: "グループ・役割・スキル",
        view: "共有ビュー",
        import: "計画全体",
      }[kind]
    }を変更しました`,
};

/** These words in each language: `ui.words(ACTIVITY)`. */
export const ACTIVITY: Words<typeof EN_ACTIVITY> = { en: EN_ACTIVITY, ja: JA_ACTIVITY };
