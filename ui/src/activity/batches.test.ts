import { describe, expect, it } from "vitest";
import type { AssignmentDto, LiveItemDto } from "../ipc";
import { batchRestorable, batchSentence, entriesOf } from "./batches";
import type { Say } from "./sentences";

const a = (id: string, projectId: string): AssignmentDto => ({
  id,
  personId: "p1",
  projectId,
  startDate: "2026-12-07",
  lastDay: "2026-12-08",
  endDateExclusive: "2026-12-09",
  allocation: { kind: "percent", value: 100 },
  status: "confirmed",
  version: 1,
});
const rec = (
  cursor: string,
  action: "created" | "changed" | "deleted",
  project: string,
  batch?: string,
): LiveItemDto => ({
  cursor,
  at: "2026-12-06T10:00:00Z",
  by: "u1",
  who: "Ada",
  mine: false,
  contradicted: false,
  kind: "assignment",
  action,
  item: cursor,
  change: {
    kind: "assignment",
    before: action === "created" ? null : a(cursor, project),
    after: action === "deleted" ? null : a(cursor, project),
  },
  summary: [],
  ...(batch ? { batch: { id: batch, count: 3 } } : {}),
});
const say = (lang: "en" | "ja"): Say => ({
  lang,
  locale: lang,
  names: {
    people: new Map(),
    projects: new Map([
      ["apollo", "Apollo"],
      ["gemini", "Gemini"],
    ]),
    calendars: new Map(),
    members: new Map(),
  },
});

describe("an edit of many in the activity log", () => {
  it("is one entry where its newest record is, its records gathered from wherever they were read", () => {
    const items = [
      rec("c5", "deleted", "apollo", "B"),
      rec("c4", "changed", "apollo"),
      rec("c3", "deleted", "gemini", "B"),
      rec("c1", "deleted", "apollo", "B"),
    ];
    const entries = entriesOf(items);
    expect(entries.map((e) => [e.item.cursor, e.batch?.map((i) => i.cursor) ?? null])).toEqual([
      ["c5", ["c5", "c3", "c1"]],
      ["c4", null],
    ]);
  });

  it("is said with its count and projects, in both languages, and restored whole when it deleted", () => {
    const deletes = [
      rec("c3", "deleted", "apollo", "B"),
      rec("c2", "deleted", "gemini", "B"),
      rec("c1", "deleted", "apollo", "B"),
    ];
    expect(batchSentence(deletes, say("en"))).toBe("Ada deleted 3 bookings at once (Apollo and Gemini)");
    expect(batchSentence(deletes, say("ja"))).toBe(
      "Adaさんが3件の予定（Apollo、Gemini）をまとめて削除しました",
    );
    expect(batchRestorable(deletes)).toBe(true);
    const mixed = [rec("c3", "changed", "apollo", "B"), rec("c2", "deleted", "apollo", "B")];
    expect(batchSentence(mixed, say("en"))).toBe("Ada edited 2 bookings at once (Apollo)");
    expect(batchRestorable(mixed)).toBe(false);
  });

  it("is a sheet's import said by its summary, with its file and counts", () => {
    const summary: LiveItemDto = {
      ...rec("c9", "created", "apollo", "B"),
      kind: "import",
      action: "imported",
      change: { kind: "whole" },
      summary: [
        ["resources", 3],
        ["projects", 2],
        ["assignments", 4],
        ["timeOff", 2],
        ["changed", 1],
      ],
      source: "float-schedule.csv",
    };
    const batch = [summary, rec("c8", "created", "apollo", "B"), rec("c7", "changed", "gemini", "B")];
    expect(batchSentence(batch, say("en"))).toBe(
      "Ada imported float-schedule.csv: made 3 people, 2 projects, 4 bookings and 2 time off; changed 1 item",
    );
    expect(batchSentence(batch, say("ja"))).toBe(
      "Adaさんが float-schedule.csv を取り込みました（作成：メンバー 3 人、案件 2 件、予定 4 件、休暇 2 件／変更 1 件）",
    );
    expect(batchRestorable(batch)).toBe(false);
  });
});
