// The words every screen shares, in English and Japanese. A feature keeps its own words beside it
// (timeline/capacityWords.ts, session/sessionWords.ts, report/reportWords.ts,
// activity/activityWords.ts), read through `ui.words(TABLE)`; nothing here imports them. The
// language follows the OS (the webview's navigator.languages) and can be switched;
// `lang.svelte.ts` holds the current one.

import type { MoveStageDto } from "./ipc/bindings/MoveStageDto";

export type Lang = "en" | "ja";

/** A feature's words in each language. */
export type Words<T> = Record<Lang, T>;

/** A month of a year in words ("February 2027"). */
const monthOf = (lang: Lang, year: number, month: number) =>
  new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );

const en = {
  today: "Today",
  todayHint: "Go to today (T)",
  zoomIn: "Zoom in (+)",
  zoomOut: "Zoom out (−)",
  zoom: { day: "day", week: "week", month: "month" },
  goTo: "Go to",
  dateMissing: "Type a date.",
  dateFormat: (pattern: string) => `Type the date as ${pattern}.`,
  dateNoDay: (year: number, month: number, days: number) =>
    `That day is not in the calendar: ${monthOf("en", year, month)} has ${days} days.`,
  dateRange: "Choose a date from the years 1900 to 2999.",
  datesIn: "Dates",
  datesAuto: (sample: string) => `As this computer writes them (${sample})`,
  datesNote: (weekday: string) => `Weeks start on ${weekday}. Applies at once, in this window.`,
  addPerson: "+ Person",
  addProject: "+ Project",
  people: (n: number) => `People (${n})`,
  filter: "Filter people",
  newPerson: "New person",
  newProject: "New project",
  name: "Name",
  colour: "Colour",
  add: "Add",
  cancel: "Cancel",
  save: "Save",
  delete: "Delete",
  newAssignment: "New assignment",
  editAssignment: "Edit assignment",
  person: "Person",
  project: "Project",
  chooseProject: "Choose a project",
  projectMissing: "Choose the project this assignment is for.",
  firstDay: "First day",
  lastDay: "Last day",
  allocation: "Time",
  allocationChoice: {
    full: "The whole working day",
    hoursPerDay: "Hours a day",
    percent: "Share of the working day",
    total: "Hours in all, spread over its working days",
  },
  allocationUnit: { full: "", hoursPerDay: "h a day", percent: "%", total: "h in all" },
  allocationUnreadable: (choice: "hoursPerDay" | "percent" | "total"): string =>
    choice === "percent"
      ? "Type the share as a whole number from 1 to 100."
      : "Type the hours as a number, such as 4 or 2.5.",
  tentative: "Tentative",
  repeated: "Repeated",
  countTentative: "Tentative",
  countTentativeHint: "Count tentative work in the loads (the overbooked mark)",
  tentativeHint: "Not settled yet: drawn hatched, and left out of the load when tentative work is hidden",
  loading: "Loading…",
  timeline: "Timeline",
  loadHint: "Over the period chosen above: hours booked · hours free · share of capacity booked",
  overbooked: "Booked beyond the hours they can work",
  language: "日本語",
  failed: "Something went wrong; please try again.",
  pickProject: "Project of the new assignment",
  searchProjects: "Search projects",
  createProjectNamed: (name: string) => `Create project “${name}”`,
  nameTaken: (name: string) => `“${name}” exists already. Save again to have both.`,
  firstHint:
    "To book someone, drag across the days in their row and pick the project. Double-click a bar to change it. Keys: arrows move, Enter opens, Alt+arrows move a bar, Delete deletes, Ctrl+Z undoes.",
  emptyTeam:
    "Nobody is in this team yet. Add the first person, then drag across the days in their row to book them.",
  addAnyway: "Save anyway",
  noProjects: "No matching project",
  otherColour: "Other colour…",
  projects: (n: number) => `Projects (${n})`,
  showProjects: "Projects",
  actionsFor: (name: string) => `Actions for ${name}`,
  edit: "Edit…",
  newAssignmentHere: "New assignment…",
  renamePerson: "Rename person…",
  deletePerson: "Delete person…",
  editProject: "Edit project",
  editProjectMenu: "Rename or recolour…",
  deleteProject: "Delete project…",
  deletePersonTitle: (name: string) => `Delete ${name}?`,
  deleteProjectTitle: (name: string) => `Delete the project ${name}?`,
  counting: "Counting their assignments…",
  deleteWhat: (kind: "person" | "project", n: number) =>
    n === 0
      ? `No assignments ${kind === "person" ? "are booked for this person" : "use this project"}. This cannot be undone.`
      : `${n.toLocaleString("en")} assignment${n === 1 ? "" : "s"} ${kind === "person" ? "of this person" : "of this project"} will be deleted too. This cannot be undone.`,
  deleting: (done: number, total: number) =>
    `Deleted ${done.toLocaleString("en")} of ${total.toLocaleString("en")} assignments…`,
  deleted: (name: string, n: number) =>
    n === 0
      ? `${name} deleted.`
      : `${name} and ${n.toLocaleString("en")} assignment${n === 1 ? "" : "s"} deleted.`,
  undo: "Undo (Ctrl+Z)",
  redo: "Redo (Ctrl+Shift+Z)",
  dismiss: "Dismiss",
  cursor: (person: string, date: string, bar: string | null) =>
    `${person}, ${date}${bar ? `: ${bar}` : ", free"}`,
  noPeople: "No people match the filter.",
  noPeopleYet: "No people in this team yet.",
  keyboardHelp:
    "Arrows move, Shift+arrows select days, Enter creates or edits, Alt+arrows move a bar, Alt+Shift+arrows resize it, 1–9 book it for that many hours a day (0: the whole day), Shift+T makes it tentative or confirmed, Delete deletes, F2 renames the person, Shift+F10 opens the menu.",
  signInTitle: "Sign in to your team",
  email: "Work email",
  sendCode: "Email me a sign-in code",
  codeSent: (email: string) =>
    `If ${email} is invited to a team, a sign-in code is on its way. It works for 10 minutes.`,
  codeOrLink: "Code from the email (or paste its link)",
  awsIdentityExplained:
    "This team table signs you in with your AWS identity (your company's AWS sign-in, e.g. aws sso login): no code by email.",
  signInWithAws: "Sign in with my AWS identity",
  otherEmail: "Use another email",
  signIn: "Sign in",
  signOut: "Sign out",
  signOutEverywhere: "Sign out everywhere",
  copyDiagnostics: "Copy diagnostics",
  diagnosticsCopied: "Copied: paste them into your support request (no passwords or keys are in them).",
  diagnosticsByHand: "The clipboard is not available here; copy this text into your support request:",
  moveLocal: "Bring in this computer's plan…",
  moveLocalTitle: (team: string) => `Bring this computer's plan into ${team}`,
  moveLocalWhat: (people: number, projects: number, assignments: number) =>
    `This computer's local workspace has ${people} ${people === 1 ? "person" : "people"}, ${projects} ${projects === 1 ? "project" : "projects"} and ${assignments} ${assignments === 1 ? "assignment" : "assignments"}.`,
  moveLocalHow:
    "They are added to the team; nothing the team has is changed. A backup file is saved first, and this computer's copy is emptied only after everything has arrived. If it stops part-way, run it again: it goes on where it stopped.",
  moveLocalNothing: "This computer's local workspace is empty: there is nothing to bring in.",
  moveLocalRun: "Bring it in",
  moveLocalStage: (stage: MoveStageDto, done: number, total: number) =>
    `${stage === "local" ? "Emptying this computer's copy" : stage === "assignments" ? "Copying assignments" : "Copying people and projects"}: ${done} of ${total}`,
  moveLocalDone: (people: number, assignments: number, backup: string | null) =>
    `Done: ${people} ${people === 1 ? "person" : "people"} and ${assignments} ${assignments === 1 ? "assignment" : "assignments"} are in the team now.${backup ? ` Backup: ${backup}` : ""}`,
  moveLocalDeletedInTeam: (n: number) =>
    `${n} ${n === 1 ? "item" : "items"} deleted or moved in the team since the move began ${n === 1 ? "was" : "were"} not brought back.`,
  moveLocalCalendarsKept: (n: number) =>
    `${n === 1 ? "Your holiday calendar stays" : `Your ${n} holiday calendars stay`} on this computer: only a team admin adds calendars to the team (ask one, or have one move it).`,
  team: "Team",
  readOnly: "Read only (viewer)",
  cannotOpen: "The app cannot open",
  conflictReloaded:
    "Someone else changed this in the meantime. The timeline now shows the current plan; nothing of theirs was overwritten.",
  someone: "Someone",
  liveChangedWhileHeld: (who: string) =>
    `${who} changed this assignment while you held it. The timeline shows their version now.`,
  liveDeletedWhileHeld: (who: string) => `${who} deleted this assignment while you held it.`,
  liveBatch: (who: string, n: number) => `${who} edited ${n} bookings at once; the timeline shows them.`,
  close: "Close",
  retry: "Try again",
  offlineCopy: "The offline copy:",
  offlineSince: (time: string) => `Offline — data as of ${time}.`,
  offlineNoCopy: "Offline.",
  connecting: (time: string) => `Connecting… showing the copy from ${time}.`,
  editingOff: "Editing is off until the connection is back; the app tries again by itself.",
  tryAgain: "Try again",
  notLoaded: "Not loaded before the connection was lost",
  unsure: (n: number) => `${n} change${n === 1 ? "" : "s"} to check when the connection is back`,
  unreadable: (n: number, key: string) =>
    `${n === 1 ? "An item" : `${n} items`} of the team's data could not be read and ${n === 1 ? "is" : "are"} not shown (${key}${n > 1 ? ", …" : ""}); the rest is. Ask your admin to check ${n === 1 ? "it" : "them"}: the app's log names each.`,
  savedBeforeLost: (n: number) =>
    n === 1
      ? "The change made as the connection was lost was saved."
      : `The ${n} changes made as the connection was lost were saved.`,
  notSaved: (n: number) =>
    n === 1
      ? "The change made as the connection was lost was not saved."
      : `${n} changes made as the connection was lost were not saved.`,
  doAgain: "Do it again",
};

export type Messages = typeof en;

const ja: Messages = {
  today: "今日",
  todayHint: "今日へ移動 (T)",
  zoomIn: "拡大 (+)",
  zoomOut: "縮小 (−)",
  zoom: { day: "日", week: "週", month: "月" },
  goTo: "日付へ移動",
  dateMissing: "日付を入力してください。",
  dateFormat: (pattern: string) => `日付は ${pattern} の形式で入力してください。`,
  dateNoDay: (year: number, month: number, days: number) =>
    `その日はカレンダーにありません。${year}年${month}月は${days}日までです。`,
  dateRange: "1900年から2999年までの日付を指定してください。",
  datesIn: "日付の形式",
  datesAuto: (sample: string) => `このコンピューターの形式（${sample}）`,
  datesNote: (weekday: string) => `週の始まりは${weekday}です。この画面にすぐ反映されます。`,
  addPerson: "+ メンバー",
  addProject: "+ 案件",
  people: (n: number) => `メンバー (${n})`,
  filter: "メンバーを絞り込み",
  newPerson: "メンバーを追加",
  newProject: "案件を追加",
  name: "名前",
  colour: "色",
  add: "追加",
  cancel: "キャンセル",
  save: "保存",
  delete: "削除",
  newAssignment: "アサインを追加",
  editAssignment: "アサインを編集",
  person: "メンバー",
  project: "案件",
  chooseProject: "案件を選んでください",
  projectMissing: "このアサインの案件を選んでください。",
  firstDay: "開始日",
  lastDay: "最終日",
  allocation: "時間",
  allocationChoice: {
    full: "勤務日の全時間",
    hoursPerDay: "1日あたりの時間",
    percent: "勤務時間に対する割合",
    total: "合計時間（期間の勤務日に均等に配分）",
  },
  allocationUnit: { full: "", hoursPerDay: "時間/日", percent: "%", total: "時間（合計）" },
  allocationUnreadable: (choice: "hoursPerDay" | "percent" | "total") =>
    choice === "percent"
      ? "割合は1〜100の整数で入力してください。"
      : "時間は数字で入力してください（例: 4、2.5）。",
  tentative: "仮",
  repeated: "繰り返し",
  countTentative: "仮を含める",
  countTentativeHint: "仮の予定を負荷（超過の表示）に含める",
  tentativeHint: "まだ確定していない予定です。斜線で表示され、仮の予定を除外すると負荷に含まれません",
  loading: "読み込み中…",
  timeline: "タイムライン",
  loadHint: "上で選んだ期間の予定時間 · 空き時間 · 稼働率",
  overbooked: "勤務可能な時間を超えて予定が入っています",
  language: "English",
  failed: "問題が発生しました。もう一度お試しください。",
  pickProject: "新しいアサインの案件",
  searchProjects: "案件を検索",
  createProjectNamed: (name: string) => `案件「${name}」を作成`,
  nameTaken: (name: string) => `「${name}」はすでにあります。両方残すには、もう一度保存してください。`,
  firstHint:
    "予定を入れるには、メンバーの行で日付をドラッグして案件を選びます。バーをダブルクリックすると変更できます。キー: 矢印で移動、Enter で開く、Alt+矢印でバーを移動、Delete で削除、Ctrl+Z で元に戻す。",
  emptyTeam:
    "このチームにはまだメンバーがいません。最初のメンバーを追加し、その行で日付をドラッグして予定を入れてください。",
  addAnyway: "このまま保存",
  noProjects: "該当する案件はありません",
  otherColour: "その他の色…",
  projects: (n: number) => `案件 (${n})`,
  showProjects: "案件",
  actionsFor: (name: string) => `${name} の操作`,
  edit: "編集…",
  newAssignmentHere: "アサインを追加…",
  renamePerson: "メンバー名を変更…",
  deletePerson: "メンバーを削除…",
  editProject: "案件を編集",
  editProjectMenu: "名前・色を変更…",
  deleteProject: "案件を削除…",
  deletePersonTitle: (name: string) => `${name} を削除しますか？`,
  deleteProjectTitle: (name: string) => `案件「${name}」を削除しますか？`,
  counting: "アサインを数えています…",
  deleteWhat: (kind: "person" | "project", n: number) =>
    n === 0
      ? `${kind === "person" ? "このメンバー" : "この案件"}のアサインはありません。元に戻せません。`
      : `${kind === "person" ? "このメンバー" : "この案件"}のアサイン ${n.toLocaleString("ja")} 件も削除されます。元に戻せません。`,
  deleting: (done: number, total: number) =>
    `${total.toLocaleString("ja")} 件中 ${done.toLocaleString("ja")} 件を削除しました…`,
  deleted: (name: string, n: number) =>
    n === 0 ? `${name} を削除しました。` : `${name} とアサイン ${n.toLocaleString("ja")} 件を削除しました。`,
  undo: "元に戻す (Ctrl+Z)",
  redo: "やり直す (Ctrl+Shift+Z)",
  dismiss: "閉じる",
  cursor: (person: string, date: string, bar: string | null) =>
    `${person}、${date}${bar ? `：${bar}` : "、空き"}`,
  noPeople: "該当するメンバーはいません。",
  noPeopleYet: "このチームにはまだメンバーがいません。",
  keyboardHelp:
    "矢印で移動、Shift+矢印で日を選択、Enterで作成・編集、Alt+矢印でバーを移動、Alt+Shift+矢印で期間を変更、1〜9で1日あたりの時間（0で勤務日の全時間）、Shift+Tで仮／確定を切り替え、Deleteで削除、F2でメンバー名を変更、Shift+F10でメニュー。",
  signInTitle: "チームにサインイン",
  email: "仕事用メールアドレス",
  sendCode: "サインインコードをメールで受け取る",
  codeSent: (email: string) =>
    `${email} がチームに招待されていれば、サインインコードを送信しました。有効期限は10分です。`,
  codeOrLink: "メールのコード（またはリンクを貼り付け）",
  awsIdentityExplained:
    "このチームの表は AWS の ID（会社の AWS サインイン、例: aws sso login）でサインインします。メールのコードは使いません。",
  signInWithAws: "AWS の ID でサインイン",
  otherEmail: "別のメールアドレスを使う",
  signIn: "サインイン",
  signOut: "サインアウト",
  signOutEverywhere: "すべての端末からサインアウト",
  copyDiagnostics: "診断情報をコピー",
  diagnosticsCopied:
    "コピーしました。サポートへの問い合わせに貼り付けてください（パスワードや鍵は含まれていません）。",
  diagnosticsByHand:
    "ここではクリップボードを使えません。次のテキストをサポートへの問い合わせにコピーしてください:",
  moveLocal: "このコンピューターの計画を取り込む…",
  moveLocalTitle: (team: string) => `このコンピューターの計画を ${team} に取り込む`,
  moveLocalWhat: (people: number, projects: number, assignments: number) =>
    `このコンピューターのローカルワークスペースには、メンバー${people}人、プロジェクト${projects}件、アサイン${assignments}件があります。`,
  moveLocalHow:
    "チームに追加されます。チームの既存のデータは変更されません。最初にバックアップファイルを保存し、すべて届いた後でこのコンピューター側のコピーを空にします。途中で止まった場合は、もう一度実行すると続きから再開します。",
  moveLocalNothing: "このコンピューターのローカルワークスペースは空です。取り込むものはありません。",
  moveLocalRun: "取り込む",
  moveLocalStage: (stage: MoveStageDto, done: number, total: number) =>
    `${stage === "local" ? "このコンピューター側のコピーを空にしています" : stage === "assignments" ? "アサインをコピーしています" : "メンバーとプロジェクトをコピーしています"}: ${done} / ${total}`,
  moveLocalDone: (people: number, assignments: number, backup: string | null) =>
    `完了しました。メンバー${people}人とアサイン${assignments}件がチームに入りました。${backup ? `バックアップ: ${backup}` : ""}`,
  moveLocalDeletedInTeam: (n: number) => `移動の開始後にチームで削除または移動された${n}件は戻していません。`,
  moveLocalCalendarsKept: (n: number) =>
    `祝日カレンダー${n}件はこのコンピューターに残しました。チームにカレンダーを追加できるのはチームの管理者だけです（管理者に依頼してください）。`,
  team: "チーム",
  readOnly: "閲覧のみ（閲覧者）",
  cannotOpen: "アプリを開けません",
  conflictReloaded:
    "他の人が先に変更していました。タイムラインを最新の計画に更新しました（相手の変更は上書きしていません）。",
  someone: "他のユーザー",
  liveChangedWhileHeld: (who: string) =>
    `操作中に${who}がこのアサインを変更しました。タイムラインは相手の変更を表示しています。`,
  liveDeletedWhileHeld: (who: string) => `操作中に${who}がこのアサインを削除しました。`,
  liveBatch: (who: string, n: number) =>
    `${who}が${n}件の予定をまとめて編集しました。タイムラインに反映しています。`,
  close: "閉じる",
  retry: "再試行",
  offlineCopy: "オフライン用コピー：",
  offlineSince: (time: string) => `オフライン — ${time} 時点のデータです。`,
  offlineNoCopy: "オフラインです。",
  connecting: (time: string) => `接続中… ${time} 時点のコピーを表示しています。`,
  editingOff: "接続が戻るまで編集できません。自動的に再接続します。",
  tryAgain: "再試行",
  notLoaded: "接続が切れる前に読み込まれていない期間です",
  unsure: (n: number) => `接続が戻ったら確認する変更: ${n} 件`,
  unreadable: (n: number, key: string) =>
    `チームのデータのうち ${n} 件を読み取れなかったため表示していません（${key}${n > 1 ? " など" : ""}）。それ以外は表示しています。管理者に確認を依頼してください（アプリのログに各項目が記録されています）。`,
  savedBeforeLost: (n: number) => `接続が切れる直前の変更 ${n} 件は保存されていました。`,
  notSaved: (n: number) => `接続が切れる直前の変更 ${n} 件は保存されませんでした。`,
  doAgain: "やり直す",
};

export const MESSAGES: Record<Lang, Messages> = { en, ja };

/** The user's language from the webview's preferred languages: Japanese if it comes first. */
export function pickLanguage(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "ja") return "ja";
    if (base === "en") return "en";
  }
  return "en";
}
