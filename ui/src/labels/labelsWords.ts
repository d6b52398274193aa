// The words of groups, roles and skills (the team's lists, a person's, many people's) in English
// and Japanese, read through `ui.words(LABELS)`.

import type { Words } from "../i18n";
import type { LabelKind } from "../ipc";
import type { RowOrder } from "../timeline/model/peopleFilter";
import type { Grouping, Section } from "../timeline/model/sections";

export const EN_LABELS = {
  listsButton: "Groups, roles and skills",
  listsTitle: "Groups, roles and skills",
  kinds: { group: "Groups", role: "Roles", skill: "Skills" } satisfies Record<LabelKind, string>,
  kind: { group: "group", role: "role", skill: "skill" } satisfies Record<LabelKind, string>,
  newName: { group: "New group", role: "New role", skill: "New skill" } satisfies Record<LabelKind, string>,
  none: { group: "No groups yet.", role: "No roles yet.", skill: "No skills yet." } satisfies Record<
    LabelKind,
    string
  >,
  carriedBy: (n: number) => (n === 1 ? "1 person" : `${n} people`),
  rename: "Rename",
  remove: "Delete",
  askDelete: (kind: string, name: string, n: number) =>
    n === 0
      ? `Delete the ${kind} “${name}”? No one carries it.`
      : `Delete the ${kind} “${name}”? ${n === 1 ? "1 person carries" : `${n} people carry`} it; it will be taken from ${n === 1 ? "them" : "all of them"}.`,
  deleted: (name: string, n: number) =>
    `“${name}” deleted${n ? `; taken from ${n === 1 ? "1 person" : `${n} people`}` : ""}.`,
  viewersRead: "Planners and admins change these lists; you can see them.",
  personMenu: "Group, role and skills…",
  personTitle: (name: string) => `Group, role and skills: ${name}`,
  group: "Group",
  noGroup: "No group",
  fromStart: "From the start",
  movesOn: "Moves on",
  addMove: "Add a move to another group",
  removeMove: "Remove this move",
  role: "Role",
  noRole: "No role",
  skills: "Skills",
  filterSkills: "Find a skill",
  manyMenu: "Change many people…",
  manyTitle: "Change many people",
  people: "People",
  filterPeople: "Find people",
  chooseShown: "Choose all shown",
  chooseNone: "Choose none",
  chosen: (n: number) => (n === 1 ? "1 person chosen" : `${n} people chosen`),
  leave: "Leave as it is",
  groupFrom: "From (empty: from the start)",
  setRole: "Role",
  addSkills: "Add skills",
  takeSkills: "Take skills away",
  apply: (n: number) => (n === 1 ? "Change 1 person" : `Change ${n} people`),
  changedMany: (n: number) => (n === 1 ? "1 person changed." : `${n} people changed.`),
  conflictsMany: (names: string) =>
    `Someone else changed these people meanwhile; they were left as they are: ${names}.`,
  nothingChosen: "Choose the people to change and what to change.",
  filterButton: "Filter",
  filterHint: "Show only people of some groups, roles, skills or projects, or with free hours",
  filterTitle: "Which people, in what order",
  filterShown: (n: number, all: number) => `${n} of ${all} people shown`,
  filterGroups: "In a group (any day of the period)",
  filterRoles: "With a role",
  filterBySkills: "With skills",
  allSkills: "All of them",
  anySkill: "Any of them",
  filterProjects: "Booked on a project (in the period)",
  filterFree: "Free at least (hours in the period)",
  clearFilter: "Show everyone",
  order: "Order",
  compact: "Compact rows: a line a person",
  orders: { name: "By name", load: "Most booked first", free: "Most free first" } satisfies Record<
    RowOrder,
    string
  >,
  grouping: "Group rows by",
  groupings: {
    none: "Nothing",
    group: "Group",
    role: "Role",
    skill: "Skill",
    project: "Project (the project view)",
  } satisfies Record<Grouping, string>,
  /** A section of the people without a label of the kind (or booked on no project). */
  without: {
    group: "No group",
    role: "No role",
    skill: "No skills",
    project: "Booked on no project in the period",
  } satisfies Record<Exclude<Grouping, "none">, string>,
  projectView: "Rows by project (the project view)",
  /** The project view: a project's hours by week, after its header's figures. */
  byWeek: (weeks: string) => `By week: ${weeks}.`,
  /** A section's header, as a screen reader hears it. */
  section: (name: string, people: number, figures: string, open: boolean) =>
    `${name}: ${people} ${people === 1 ? "person" : "people"}, ${figures}${open ? "" : " (collapsed)"}`,
  sectionHint: "Show or hide this section's people (booked · free · share of capacity over the period)",
};

export type LabelsWords = typeof EN_LABELS;

export const JA_LABELS: LabelsWords = {
  listsButton: "グループ・役割・スキル",
  listsTitle: "グループ・役割・スキル",
  kinds: { group: "グループ", role: "役割", skill: "スキル" },
  kind: { group: "グループ", role: "役割", skill: "スキル" },
  newName: { group: "新しいグループ", role: "新しい役割", skill: "新しいスキル" },
  none: {
    group: "グループはまだありません。",
    role: "役割はまだありません。",
    skill: "スキルはまだありません。",
  },
  carriedBy: (n) => `${n}人`,
  rename: "名前を変更",
  remove: "削除",
  askDelete: (kind, name, n) =>
    n === 0
      ? `${kind}「${name}」を削除しますか？該当する人はいません。`
      : `${kind}「${name}」を削除しますか？${n}人に設定されており、全員から外されます。`,
  deleted: (name, n) => `「${name}」を削除しました${n ? `（${n}人から外しました）` : ""}。`,
  viewersRead: "これらの一覧はプランナーと管理者が変更できます。閲覧のみ可能です。",
  personMenu: "グループ・役割・スキル…",
  personTitle: (name) => `グループ・役割・スキル: ${name}`,
  group: "グループ",
  noGroup: "グループなし",
  fromStart: "最初から",
  movesOn: "異動日",
  addMove: "別のグループへの異動を追加",
  removeMove: "この異動を削除",
  role: "役割",
  noRole: "役割なし",
  skills: "スキル",
  filterSkills: "スキルを検索",
  manyMenu: "複数の人を変更…",
  manyTitle: "複数の人を変更",
  people: "人",
  filterPeople: "人を検索",
  chooseShown: "表示中をすべて選択",
  chooseNone: "選択を解除",
  chosen: (n) => `${n}人を選択中`,
  leave: "変更しない",
  groupFrom: "開始日（空欄: 最初から）",
  setRole: "役割",
  addSkills: "スキルを追加",
  takeSkills: "スキルを外す",
  apply: (n) => `${n}人を変更`,
  changedMany: (n) => `${n}人を変更しました。`,
  conflictsMany: (names) => `その間に他の人が変更したため、次の人は変更していません: ${names}。`,
  nothingChosen: "変更する人と内容を選んでください。",
  filterButton: "絞り込み",
  filterHint: "グループ・役割・スキル・案件・空き時間で表示する人を絞り込みます",
  filterTitle: "表示する人と並び順",
  filterShown: (n, all) => `${all}人中${n}人を表示`,
  filterGroups: "グループ（期間中のいずれかの日）",
  filterRoles: "役割",
  filterBySkills: "スキル",
  allSkills: "すべて持つ",
  anySkill: "いずれかを持つ",
  filterProjects: "案件に予定あり（期間中）",
  filterFree: "空き時間が次以上（期間中の時間）",
  clearFilter: "全員を表示",
  order: "並び順",
  compact: "行を詰めて表示（1人1行）",
  orders: { name: "名前順", load: "稼働率の高い順", free: "空き時間の多い順" },
  grouping: "行のまとめ方",
  groupings: {
    none: "まとめない",
    group: "グループ",
    role: "役割",
    skill: "スキル",
    project: "案件（案件ビュー）",
  },
  without: {
    group: "グループなし",
    role: "役割なし",
    skill: "スキルなし",
    project: "期間中に案件の予定なし",
  },
  section: (name, people, figures, open) =>
    `${name}: ${people}人、${figures}${open ? "" : "（折りたたみ中）"}`,
  sectionHint: "このまとまりの人を表示・非表示（期間中の予定・空き・稼働率）",
  byWeek: (weeks) => `週ごと: ${weeks}。`,
  projectView: "案件ごとの行（案件ビュー）",
};

export const LABELS: Words<LabelsWords> = { en: EN_LABELS, ja: JA_LABELS };

/** A section's name (grouped rows): its label's, or what the people without one are called. */
export const sectionName = (s: Section, w: LabelsWords): string =>
  s.project?.name ?? s.label?.name ?? w.without[s.by];
