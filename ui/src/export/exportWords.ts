// The words of exporting the plan, in English and Japanese, read through `ui.words(EXPORT)`.

import type { Words } from "../i18n";

export const EN_EXPORT = {
  exportButton: "Export…",
  title: "Export",
  what: "What",
  plan: "The plan: hours of each booking",
  calendar: "A calendar (.ics) of bookings and time off",
  whose: "Whose",
  wholeTeam: "The whole team",
  calendarHint:
    "All-day events for a calendar program; importing a newer file updates the events instead of adding copies.",
  people: "People",
  projects: "Projects",
  print: "The timeline to print (PDF)",
  rows: "A row for each",
  rowsPeople: "person",
  rowsProjects: "project",
  zoom: "Days",
  zoomOf: {
    fit: "fitted to the paper's width",
    day: "as wide as the day view",
    week: "as wide as the week view",
    month: "as wide as the month view",
  },
  paper: "Paper (landscape)",
  printHint:
    "As many pages as the days and rows need; each repeats the header and the names. Tentative bookings and time off are hatched, as on screen.",
  from: "From",
  to: "To",
  lines: "A line for each booking and",
  week: "week",
  day: "day",
  format: "File",
  csv: "CSV",
  xlsx: "Excel workbook (.xlsx, with the people and projects)",
  xlsxList: "Excel workbook (.xlsx)",
  hint: "You choose where the file goes; the next export opens in the same folder.",
  saveTitle: {
    plan: "Save the plan",
    calendar: "Save the calendar",
    print: "Save the timeline to print",
    people: "Save the people",
    projects: "Save the projects",
  },
  export: "Export",
  close: "Close",
  savedTo: (path: string) => `Saved to ${path}`,
};

export type ExportWords = typeof EN_EXPORT;

const JA_EXPORT: ExportWords = {
  exportButton: "書き出し…",
  title: "書き出し",
  what: "内容",
  plan: "計画：予定ごとの時間",
  calendar: "予定と休暇のカレンダー（.ics）",
  whose: "対象",
  wholeTeam: "チーム全員",
  calendarHint:
    "カレンダーアプリ用の終日の予定です。新しいファイルを取り込むと、予定は重複せずに更新されます。",
  people: "メンバー",
  projects: "案件",
  print: "印刷用のタイムライン（PDF）",
  rows: "1行の単位",
  rowsPeople: "メンバー",
  rowsProjects: "案件",
  zoom: "日の幅",
  zoomOf: { fit: "用紙の幅に合わせる", day: "日表示と同じ", week: "週表示と同じ", month: "月表示と同じ" },
  paper: "用紙（横向き）",
  printHint:
    "日数と行数に合わせて複数ページになり、各ページに見出しと名前が入ります。仮予約と休暇は画面と同じく斜線で示します。",
  from: "開始日",
  to: "終了日",
  lines: "1行の単位：予定ごと・",
  week: "週",
  day: "日",
  format: "ファイル",
  csv: "CSV",
  xlsx: "Excel ブック（.xlsx、メンバーと案件を含む）",
  xlsxList: "Excel ブック（.xlsx）",
  hint: "保存先を選べます。次の書き出しは同じフォルダーから始まります。",
  saveTitle: {
    plan: "計画を保存",
    calendar: "カレンダーを保存",
    print: "印刷用のタイムラインを保存",
    people: "メンバーを保存",
    projects: "案件を保存",
  },
  export: "書き出す",
  close: "閉じる",
  savedTo: (path) => `${path} に保存しました`,
};

export const EXPORT: Words<ExportWords> = { en: EN_EXPORT, ja: JA_EXPORT };
