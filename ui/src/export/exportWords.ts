// The words of exporting the plan, in English and Japanese, read through `ui.words(EXPORT)`.

import type { Words } from "../i18n";

export const EN_EXPORT = {
  exportButton: "Export…",
  title: "Export",
  what: "What",
  plan: "The plan: hours of each booking",
  people: "People",
  projects: "Projects",
  from: "From",
  to: "To",
  lines: "A line for each booking and",
  week: "week",
  day: "day",
  format: "File",
  csv: "CSV",
  xlsx: "Excel workbook (.xlsx, with the people and projects)",
  xlsxList: "Excel workbook (.xlsx)",
  hint: "Saved in your downloads folder; a file there is never replaced.",
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
  people: "メンバー",
  projects: "案件",
  from: "開始日",
  to: "終了日",
  lines: "1行の単位：予定ごと・",
  week: "週",
  day: "日",
  format: "ファイル",
  csv: "CSV",
  xlsx: "Excel ブック（.xlsx、メンバーと案件を含む）",
  xlsxList: "Excel ブック（.xlsx）",
  hint: "ダウンロードフォルダーに保存します。既存のファイルは上書きしません。",
  export: "書き出す",
  close: "閉じる",
  savedTo: (path) => `${path} に保存しました`,
};

export const EXPORT: Words<ExportWords> = { en: EN_EXPORT, ja: JA_EXPORT };
