// The words of choosing many bookings and editing them at once, in English and Japanese, read
// through `ui.words(MANY)`.

import type { Words } from "../i18n";

const bookings = (n: number) => (n === 1 ? "1 booking" : `${n} bookings`);

export const EN_MANY = {
  /** The selection's line (and what a screen reader is told). */
  selected: (n: number, hours: string) => `${bookings(n)} selected · ${hours}`,
  /** How many go with a dragged selection. */
  count: bookings,
  clear: "Clear",
  clearTitle: "Clear the selection (Esc)",
  addToSelection: "Add to the selection",
  removeFromSelection: "Take out of the selection",
  selectProject: (project: string) => `Select ${project}'s bookings in view`,
  selectRest: "Select the rest of this row from here",
  deleteSelected: (n: number) => `Delete ${bookings(n)}`,
  tentativeSelected: "Make them tentative",
  confirmedSelected: "Make them confirmed",
  saving: (done: number, of: number) => `Saving ${done} of ${bookings(of)}…`,
  editMenu: (n: number) => `Edit ${bookings(n)}…`,
  copied: (n: number) =>
    `${bookings(n)} copied: Ctrl+V makes ${n === 1 ? "it" : "them"} again at the cursor.`,
  copyMenu: "Copy",
  pasteMenu: (n: number) => `Paste ${bookings(n)} here`,
  copy: "Copy",
  duplicateMenu: "Duplicate to people…",
  splitMenu: (day: string) => `Split at ${day}`,
  joinNextMenu: "Join with the next booking",
  joinMenu: "Join these two",
  splitProblems: {
    outside: "A booking is split on a day inside it, after its first day.",
    total:
      "A part would have no working day for its share of the total hours (or less than a quarter hour): split on another day.",
    apart:
      "Only two bookings of one person and one project, one beginning the day after the other ends, are joined.",
    unlike: "These two are booked differently (their time or status): make them alike first, then join them.",
  },
  duplicateTitle: (n: number) => `Duplicate ${bookings(n)} to people`,
  duplicateHint: (days: string) =>
    `The same days for each person ticked (${days}); their free hours over them first.`,
  free: (hours: string) => `${hours} free`,
  duplicate: "Duplicate",
  choosePeople: "Tick at least one person.",
  edit: "Edit…",
  title: (n: number) => `Edit ${bookings(n)}`,
  shiftBy: "Move by days",
  shiftHint: "Later with a positive number, earlier with a negative one; each keeps its length.",
  workingDays: "Count each person's working days only",
  keep: "(as each one is)",
  person: "Hand over to",
  project: "Project",
  hours: "Time",
  status: "Status",
  confirmed: "Confirmed",
  tentative: "Tentative",
  nothingChanged: "Choose at least one thing to change.",
  shiftUnreadable: "The days to move by are a whole number, such as 14 or -7.",
  cancel: "Cancel",
  /** Some bookings of an edit of many stayed as they were. */
  stayed: (n: number) =>
    `${bookings(n)} changed or deleted by someone else meanwhile stayed as they were (still selected); the rest was saved.`,
  cancelled: (done: number, of: number) =>
    `Cancelled: ${done} of ${bookings(of)} saved; the rest stayed as it was.`,
};

export type ManyWords = typeof EN_MANY;

const JA_MANY: ManyWords = {
  selected: (n, hours) => `${n}件の予定を選択中 · ${hours}`,
  count: (n) => `${n}件`,
  clear: "選択解除",
  clearTitle: "選択を解除（Esc）",
  addToSelection: "選択に加える",
  removeFromSelection: "選択から外す",
  selectProject: (project) => `表示中の${project}の予定を選択`,
  selectRest: "この行のここから先の予定を選択",
  deleteSelected: (n) => `${n}件の予定を削除`,
  tentativeSelected: "仮の予定にする",
  confirmedSelected: "確定にする",
  saving: (done, of) => `${of}件中${done}件を保存中…`,
  editMenu: (n) => `${n}件の予定を編集…`,
  copied: (n) => `${n}件の予定をコピーしました。Ctrl+V でカーソルの位置に作成します。`,
  copyMenu: "コピー",
  pasteMenu: (n) => `${n}件の予定をここに貼り付け`,
  copy: "コピー",
  duplicateMenu: "他の人に複製…",
  splitMenu: (day) => `${day}で分割`,
  joinNextMenu: "次の予定と結合",
  joinMenu: "この2件を結合",
  splitProblems: {
    outside: "分割する日は予定の期間内（初日の翌日以降）を選んでください。",
    total:
      "分割すると合計時間を割り当てる勤務日がない（または15分未満の）部分ができます。別の日で分割してください。",
    apart: "結合できるのは、同じ人・同じプロジェクトで、一方の終了日の翌日に他方が始まる2件だけです。",
    unlike: "2件の時間または状態が異なります。そろえてから結合してください。",
  },
  duplicateTitle: (n) => `${n}件の予定を他の人に複製`,
  duplicateHint: (days) =>
    `チェックした各人に同じ日程（${days}）で作成します。その期間の空き時間を先に表示しています。`,
  free: (hours) => `空き ${hours}`,
  duplicate: "複製",
  choosePeople: "1人以上チェックしてください。",
  edit: "編集…",
  title: (n) => `${n}件の予定を編集`,
  shiftBy: "移動する日数",
  shiftHint: "正の数で後ろへ、負の数で前へ移動します。期間の長さは変わりません。",
  workingDays: "各人の勤務日だけを数える",
  keep: "（それぞれのまま）",
  person: "引き渡し先",
  project: "案件",
  hours: "時間",
  status: "状態",
  confirmed: "確定",
  tentative: "仮",
  nothingChanged: "変更する項目を1つ以上選んでください。",
  shiftUnreadable: "移動する日数は 14 や -7 のような整数で入力してください。",
  cancel: "キャンセル",
  stayed: (n) =>
    `${n}件の予定は他の人が変更・削除していたため、そのままです（選択は残しています）。残りは保存しました。`,
  cancelled: (done, of) => `キャンセルしました: ${of}件中${done}件を保存し、残りはそのままです。`,
};

export const MANY: Words<ManyWords> = { en: EN_MANY, ja: JA_MANY };
