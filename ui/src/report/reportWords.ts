// The utilisation report's words in English and Japanese, read through `ui.words(REPORT)`, as
// capacityWords.ts is.
import type { Words } from "../i18n";

export const EN_REPORT = {
  reportButton: "Utilisation report",
  reportTitle: "Utilisation",
  reportFrom: "First day",
  reportTo: "Last day",
  reportShow: "Show",
  byPerson: "By person",
  byProject: "By project",
  colPerson: "Person",
  colProject: "Project",
  colCapacity: "Capacity",
  colConfirmed: "Confirmed",
  colTentative: "Tentative",
  colTimeOff: "Time off",
  colUtilisation: "Utilisation",
  colWithTentative: "With tentative",
  colPeople: "People",
  teamLine: "Team",
  noProjects: "No project has hours booked on these days.",
  saveCsv: "Save as CSV",
  savedTo: (path: string) => `Saved to ${path}`,
  chartOf: (name: string) => `Hours by week: ${name}`,
  chartSummary: (weeks: number, capacity: string, booked: string) =>
    `${weeks} weeks: ${capacity}h of capacity, ${booked}h booked`,
  chartPick: "Pick a line to chart its weeks.",
  weekOf: (day: string) => `Week of ${day}`,
  hoursUnit: (h: string) => `${h}h`,
  loadingReport: "Working out the figures…",
};

export type ReportWords = typeof EN_REPORT;

export const JA_REPORT: ReportWords = {
  reportButton: "稼働率レポート",
  reportTitle: "稼働率",
  reportFrom: "開始日",
  reportTo: "終了日",
  reportShow: "表示",
  byPerson: "メンバー別",
  byProject: "プロジェクト別",
  colPerson: "メンバー",
  colProject: "プロジェクト",
  colCapacity: "稼働可能",
  colConfirmed: "確定",
  colTentative: "仮",
  colTimeOff: "休暇",
  colUtilisation: "稼働率",
  colWithTentative: "仮を含む",
  colPeople: "人数",
  teamLine: "チーム",
  noProjects: "この期間に時間が割り当てられたプロジェクトはありません。",
  saveCsv: "CSV で保存",
  savedTo: (path: string) => `${path} に保存しました`,
  chartOf: (name: string) => `週ごとの時間: ${name}`,
  chartSummary: (weeks: number, capacity: string, booked: string) =>
    `${weeks}週: 稼働可能 ${capacity}時間、割り当て ${booked}時間`,
  chartPick: "行を選ぶと、その週ごとの時間をグラフに表示します。",
  weekOf: (day: string) => `${day} の週`,
  hoursUnit: (h: string) => `${h}時間`,
  loadingReport: "集計しています…",
};

/** These words in each language: `ui.words(REPORT)`. */
export const REPORT: Words<typeof EN_REPORT> = { en: EN_REPORT, ja: JA_REPORT };
