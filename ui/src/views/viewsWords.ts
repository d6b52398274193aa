// The words of saved views (the toolbar's Views list, the save dialog) in English and Japanese,
// read through `ui.words(VIEWS)`.

import type { Words } from "../i18n";

export const EN_VIEWS = {
  views: "Views",
  viewsHint: "Open a saved view: filters, grouping, order, density, zoom and period",
  asSetUp: "Views…",
  changed: (name: string) => `${name} (changed)`,
  shared: "Shared with the team",
  mine: "Mine",
  save: "Save view…",
  saveTitle: "Save the view",
  name: "Name",
  share: "Share with the team (everyone sees it; it changes for everyone when you save it again)",
  shareNotYours: "Planners and admins share views.",
  saveOver: (name: string) => `Save over “${name}”`,
  saveNew: "Save as a new view",
  remove: (name: string) => `Delete “${name}”`,
  askRemove: (name: string, shared: boolean) =>
    shared
      ? `Delete the shared view “${name}”? It goes for everyone in the team.`
      : `Delete your view “${name}”?`,
  saved: (name: string) => `Saved the view “${name}”.`,
  removed: (name: string) => `Deleted the view “${name}”.`,
  offline: "Views are saved and read in the team: not while offline.",
};

export type ViewsWords = typeof EN_VIEWS;

export const JA_VIEWS: ViewsWords = {
  views: "ビュー",
  viewsHint: "保存したビューを開く（絞り込み・まとめ方・並び順・表示密度・ズーム・期間）",
  asSetUp: "ビュー…",
  changed: (name) => `${name}（変更あり）`,
  shared: "チームで共有",
  mine: "自分のビュー",
  save: "ビューを保存…",
  saveTitle: "ビューを保存",
  name: "名前",
  share: "チームで共有する（全員に表示され、保存し直すと全員の表示も変わります）",
  shareNotYours: "ビューの共有はプランナーと管理者ができます。",
  saveOver: (name) => `「${name}」に上書き保存`,
  saveNew: "新しいビューとして保存",
  remove: (name) => `「${name}」を削除`,
  askRemove: (name, shared) =>
    shared
      ? `共有ビュー「${name}」を削除しますか？チーム全員から消えます。`
      : `ビュー「${name}」を削除しますか？`,
  saved: (name) => `ビュー「${name}」を保存しました。`,
  removed: (name) => `ビュー「${name}」を削除しました。`,
  offline: "ビューはチームに保存されるため、オフラインでは使えません。",
};

export const VIEWS: Words<ViewsWords> = { en: EN_VIEWS, ja: JA_VIEWS };
