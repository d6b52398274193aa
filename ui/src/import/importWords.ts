// The words of importing a sheet, in English and Japanese, read through `ui.words(IMPORT)`.

import type { Words } from "../i18n";
import type { ImportField, ImportThing, ImportWhat } from "../ipc";

const n = new Intl.NumberFormat("en-US");

export const EN_IMPORT = {
  importButton: "Import…",
  title: "Import",
  pickTitle: "Choose a sheet to import",
  choose: "Choose a file…",
  chooseAnother: "Another file…",
  noFile: "A CSV file or an Excel workbook (.xlsx) of bookings and time off, people, or projects.",
  from: "From",
  presets: { float: "Float", runn: "Runn", ours: "This app's export", generic: "Another sheet" },
  holds: "It holds",
  holdsOf: { bookings: "Bookings and time off", people: "People", projects: "Projects" },
  dates: "Dates like 03/04/2027",
  datesOf: {
    preset: "As the sheet's program writes them",
    iso: "Only YYYY-MM-DD",
    monthFirst: "Month first (MM/DD/YYYY)",
    dayFirst: "Day first (DD/MM/YYYY)",
  },
  columns: "Columns",
  none: "—",
  fields: {
    person: "Person",
    firstName: "First name",
    lastName: "Last name",
    project: "Project",
    start: "First day",
    end: "Last day",
    hoursPerDay: "Hours a day",
    minutesPerDay: "Minutes a day",
    totalHours: "Total hours",
    percent: "Share of the day (%)",
    allocation: "Allocation (this app's)",
    status: "Tentative",
    timeOff: "Time off type",
    id: "Id (this app's)",
    placeholder: "Placeholder",
    color: "Colour",
    role: "Role",
    group: "Group",
    skills: "Skills (separated by ; or ,)",
  } satisfies Record<ImportField, string>,
  reading: "Reading the file…",
  rows: (count: number) => `${n.format(count)} ${count === 1 ? "row" : "rows"}`,
  counts: { create: "to make", change: "to change", same: "already there", skip: "skipped" } satisfies Record<
    ImportWhat,
    string
  >,
  done: { create: "made", change: "changed", same: "already there", skip: "skipped" } satisfies Record<
    ImportWhat,
    string
  >,
  things: { person: "Person", project: "Project", booking: "Booking", timeOff: "Time off" } satisfies Record<
    ImportThing,
    string
  >,
  line: "Line",
  what: "Does",
  row: "Row",
  why: "Why",
  column: (name: string) => `column “${name}”`,
  more: (count: number) => `and ${n.format(count)} more lines`,
  nothingToDo: "Nothing to import: every row is already there or skipped.",
  hint: "Nothing is written until you import. Then all of it is written, or none; importing the same file again changes nothing.",
  importNow: (count: number) => `Import ${n.format(count)} ${count === 1 ? "change" : "changes"}`,
  writing: (done: number, total: number) => `Writing ${n.format(done)} of ${n.format(total)}…`,
  cancel: "Cancel",
  close: "Close",
  imported: (made: number, changed: number) =>
    `Imported: ${n.format(made)} ${made === 1 ? "item" : "items"} made, ${n.format(changed)} changed.`,
  undone: "Nothing was imported: it was cancelled, and what had been written was taken back.",
  undoneBecause: (why: string) => `Nothing was imported: ${why} What had been written was taken back.`,
  stuck: (why: string, left: number) =>
    `The import stopped: ${why} Taking it back stopped too, and ${n.format(left)} of its items stay; import the same file again to finish it.`,
};

export type ImportWords = typeof EN_IMPORT;

const ja = new Intl.NumberFormat("ja-JP");

const JA_IMPORT: ImportWords = {
  importButton: "取り込み…",
  title: "取り込み",
  pickTitle: "取り込むシートを選ぶ",
  choose: "ファイルを選ぶ…",
  chooseAnother: "別のファイル…",
  noFile: "予定と休暇、メンバー、または案件の CSV ファイルか Excel ブック（.xlsx）。",
  from: "元のアプリ",
  presets: { float: "Float", runn: "Runn", ours: "このアプリの書き出し", generic: "その他のシート" },
  holds: "内容",
  holdsOf: { bookings: "予定と休暇", people: "メンバー", projects: "案件" },
  dates: "03/04/2027 のような日付",
  datesOf: {
    preset: "元のアプリの書き方",
    iso: "YYYY-MM-DD のみ",
    monthFirst: "月が先（MM/DD/YYYY）",
    dayFirst: "日が先（DD/MM/YYYY）",
  },
  columns: "列",
  none: "—",
  fields: {
    person: "メンバー",
    firstName: "名",
    lastName: "姓",
    project: "案件",
    start: "開始日",
    end: "終了日",
    hoursPerDay: "1日の時間",
    minutesPerDay: "1日の分",
    totalHours: "合計時間",
    percent: "1日の割合（%）",
    allocation: "配分（このアプリ）",
    status: "仮",
    timeOff: "休暇の種類",
    id: "ID（このアプリ）",
    placeholder: "採用予定枠",
    color: "色",
    role: "役割",
    group: "グループ",
    skills: "スキル（; または , 区切り）",
  },
  reading: "ファイルを読んでいます…",
  rows: (count) => `${ja.format(count)} 行`,
  counts: { create: "件を作成", change: "件を変更", same: "件は登録済み", skip: "件を除外" },
  done: { create: "件を作成", change: "件を変更", same: "件は登録済み", skip: "件を除外" },
  things: { person: "メンバー", project: "案件", booking: "予定", timeOff: "休暇" },
  line: "行",
  what: "処理",
  row: "内容",
  why: "理由",
  column: (name) => `列「${name}」`,
  more: (count) => `ほか ${ja.format(count)} 行`,
  nothingToDo: "取り込むものはありません。すべて登録済みか除外です。",
  hint: "取り込むまで何も書き込みません。取り込みはすべて書き込むか、何も書き込まないかのどちらかです。同じファイルをもう一度取り込んでも変わりません。",
  importNow: (count) => `${ja.format(count)} 件を取り込む`,
  writing: (done, total) => `${ja.format(total)} 件中 ${ja.format(done)} 件を書き込み中…`,
  cancel: "取り消す",
  close: "閉じる",
  imported: (made, changed) =>
    `取り込みました：${ja.format(made)} 件を作成、${ja.format(changed)} 件を変更。`,
  undone: "取り込みは取り消されました。書き込んだ分は元に戻しました。",
  undoneBecause: (why) => `取り込めませんでした：${why} 書き込んだ分は元に戻しました。`,
  stuck: (why, left) =>
    `取り込みが止まりました：${why} 元に戻す処理も止まり、${ja.format(left)} 件が残っています。同じファイルをもう一度取り込むと完了します。`,
};

export const IMPORT: Words<ImportWords> = { en: EN_IMPORT, ja: JA_IMPORT };
