// The words of placeholders and staffing them, in English and Japanese, read through
// `ui.words(STAFFING)`.

import type { Words } from "../i18n";

export const EN_STAFFING = {
  placeholderChoice: "Placeholder: a role not yet staffed",
  placeholderHint: "It takes bookings like a person; its hours are demand, never anyone's utilisation.",
  newPlaceholder: "New placeholder",
  toHire: "to hire",
  placeholderTag: "Placeholder",
  staffMenu: "Staff it…",
  title: (name: string) => `Staff it: ${name}`,
  bookings: "Bookings to hand over",
  noBookings: "This placeholder has no bookings from today on.",
  wanted: (hours: string, days: number) => `${hours} h wanted over ${days === 1 ? "1 day" : `${days} days`}`,
  candidates: "People, best fit first",
  role: "Role",
  skills: (had: number, wanted: number) => `${had} of ${wanted} skills`,
  free: (hours: string) => `${hours} h free those days`,
  covers: (covers: string, wanted: string) => `covers ${covers} of ${wanted} h`,
  handOver: "Hand over",
  handed: (n: number, name: string) =>
    `${n === 1 ? "1 booking" : `${n} bookings`} handed to ${name}; undo takes them back.`,
  stayed: (n: number) => `${n === 1 ? "1 booking" : `${n} bookings`} stayed:`,
  choosePerson: "Choose who takes them.",
  chooseBooking: "Choose at least one booking.",
  placeholders: "Placeholders",
  kinds: { all: "People and placeholders", people: "People only", placeholders: "Placeholders only" },
};

export type StaffingWords = typeof EN_STAFFING;

const JA_STAFFING: StaffingWords = {
  placeholderChoice: "プレースホルダー（まだ人が決まっていない役割）",
  placeholderHint: "人と同じように予定を入れられます。その時間は需要として数え、誰の稼働率にも入りません。",
  newPlaceholder: "プレースホルダーを追加",
  toHire: "未定",
  placeholderTag: "プレースホルダー",
  staffMenu: "人員を割り当てる…",
  title: (name) => `人員を割り当てる: ${name}`,
  bookings: "引き渡す予定",
  noBookings: "このプレースホルダーには今日以降の予定がありません。",
  wanted: (hours, days) => `${days}日間で${hours}時間が必要`,
  candidates: "候補（適任順）",
  role: "役割",
  skills: (had, wanted) => `スキル ${wanted}個中${had}個`,
  free: (hours) => `その日の空き ${hours}時間`,
  covers: (covers, wanted) => `${wanted}時間中${covers}時間を担当可能`,
  handOver: "引き渡す",
  handed: (n, name) => `${n}件の予定を${name}さんに引き渡しました。元に戻すで取り消せます。`,
  stayed: (n) => `${n}件の予定は引き渡せませんでした:`,
  choosePerson: "引き受ける人を選んでください。",
  chooseBooking: "予定を1件以上選んでください。",
  placeholders: "プレースホルダー",
  kinds: { all: "人とプレースホルダー", people: "人のみ", placeholders: "プレースホルダーのみ" },
};

export const STAFFING: Words<StaffingWords> = { en: EN_STAFFING, ja: JA_STAFFING };
