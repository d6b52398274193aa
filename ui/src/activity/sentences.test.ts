import { describe, expect, it } from "vitest";
import { FRESH_ROWS } from "../../test-support/timeline/testing";
import type { AssignmentDto, LiveChangeDto, LiveItemDto } from "../ipc";
import { FULL_DAY } from "../timeline/model/allocation";
import { dateOf, dayOf } from "../timeline/model/dates";
import { dayRange } from "../timeline/scene/format";
import {
  type Names,
  restorable,
  restoreFailure,
  type Say,
  sentence,
  shown,
  when,
  whoName,
} from "./sentences";

const names: Names = {
  people: new Map([
    ["ben", "Ben"],
    ["cy", "Cy"],
  ]),
  projects: new Map([
    ["globex", "Globex Website"],
    ["apollo", "Apollo"],
  ]),
  calendars: new Map([["jp", "Japan"]]),
  members: new Map([
    ["u-ada", "ada@example.com"],
    ["u-ben", "ben@example.com"],
  ]),
};
// The dates in en-GB and ja-JP, whatever the machine's locale: "3 Mar", "3/3".
const EN: Say = { lang: "en", locale: "en-GB", names };
const JA: Say = { lang: "ja", locale: "ja-JP", names };
/** ICU puts thin spaces around a range's dash; compared here as plain ones. */
const plain = (s: string) => s.replace(/[\u2009\u202f]/g, " ");
const en = (i: LiveItemDto) => plain(sentence(i, EN));
const ja = (i: LiveItemDto) => plain(sentence(i, JA));
/** Days in Japanese as the timeline writes them (ICU's ja-JP patterns differ between versions). */
const jaDays = (first: string, last = first) => plain(dayRange("ja-JP", dayOf(first), dayOf(last)));
const march = (a: number, b?: number) =>
  jaDays(`2026-03-${String(a).padStart(2, "0")}`, b ? `2026-03-${String(b).padStart(2, "0")}` : undefined);

const bar = (over: Partial<AssignmentDto> = {}): AssignmentDto => {
  const a = {
    id: "a1",
    personId: "ben",
    projectId: "globex",
    startDate: "2026-03-03",
    lastDay: "2026-03-07",
    allocation: FULL_DAY,
    status: "confirmed" as const,
    version: 1,
    ...over,
  };
  return { ...a, endDateExclusive: dateOf(dayOf(a.lastDay) + 1) };
};

function item(change: LiveChangeDto, over: Partial<LiveItemDto> = {}): LiveItemDto {
  return {
    cursor: "FEED#1",
    at: "2026-03-10T09:30:00Z",
    by: "u-ada",
    who: "Ada",
    mine: false,
    contradicted: false,
    kind: change.kind === "whole" ? "import" : change.kind,
    action: "changed",
    item: "x",
    change,
    summary: [],
    ...over,
  };
}

describe("assignment entries", () => {
  const created = item({ kind: "assignment", before: null, after: bar() }, { action: "created" });

  it("say who created, deleted and restored which bar, and its days", () => {
    expect(en(created)).toBe("Ada created Globex Website for Ben, 3 – 7 Mar");
    expect(ja(created)).toBe(`Adaさんが Ben の Globex Website（${march(3, 7)}）を作成しました`);
    const deleted = item({ kind: "assignment", before: bar(), after: null }, { action: "deleted" });
    expect(en(deleted)).toBe("Ada deleted Globex Website for Ben, 3 – 7 Mar");
    expect(ja(deleted)).toBe(`Adaさんが Ben の Globex Website（${march(3, 7)}）を削除しました`);
    const back = item(
      { kind: "assignment", before: null, after: bar({ version: 3 }) },
      { action: "restored" },
    );
    expect(en(back)).toBe("Ada restored Globex Website for Ben, 3 – 7 Mar");
    expect(ja(back)).toBe(`Adaさんが Ben の Globex Website（${march(3, 7)}）を復元しました`);
  });

  it("say a move by its first days, a resize by both ranges", () => {
    const moved = item({
      kind: "assignment",
      before: bar(),
      after: bar({ startDate: "2026-03-10", lastDay: "2026-03-14", version: 2 }),
    });
    expect(en(moved)).toBe("Ada moved Globex Website for Ben from 3 Mar to 10 Mar");
    expect(ja(moved)).toBe(`Adaさんが Ben の Globex Website を ${march(3)} から ${march(10)} に移動しました`);
    const longer = item({
      kind: "assignment",
      before: bar(),
      after: bar({ lastDay: "2026-03-10", version: 2 }),
    });
    expect(en(longer)).toBe("Ada changed the days of Globex Website for Ben from 3 – 7 Mar to 3 – 10 Mar");
    expect(ja(longer)).toBe(
      `Adaさんが Ben の Globex Website の期間を ${march(3, 7)} から ${march(3, 10)} に変更しました`,
    );
  });

  it("say a bar moved to someone else, another project, a status and a time", () => {
    const other = item({ kind: "assignment", before: bar(), after: bar({ personId: "cy", version: 2 }) });
    expect(en(other)).toBe("Ada moved Globex Website from Ben to Cy, 3 – 7 Mar");
    expect(ja(other)).toBe(`Adaさんが Globex Website（${march(3, 7)}）の担当を Ben から Cy に変更しました`);
    const project = item({
      kind: "assignment",
      before: bar(),
      after: bar({ projectId: "apollo", version: 2 }),
    });
    expect(en(project)).toBe("Ada changed Globex Website for Ben to Apollo, 3 – 7 Mar");
    const tentative = item({
      kind: "assignment",
      before: bar(),
      after: bar({ status: "tentative", version: 2 }),
    });
    expect(en(tentative)).toBe("Ada marked Globex Website for Ben as tentative");
    expect(ja(tentative)).toBe("Adaさんが Ben の Globex Website を仮にしました");
    const hours = bar({ allocation: { kind: "hoursPerDay", value: 270 }, version: 2 });
    expect(en(item({ kind: "assignment", before: bar(), after: hours }))).toBe(
      "Ada set the time of Globex Website for Ben to 4.5h a day",
    );
    expect(ja(item({ kind: "assignment", before: bar(), after: hours }))).toBe(
      "Adaさんが Ben の Globex Website の時間を1日4.5時間にしました",
    );
  });

  it("list what changed when it was more than one thing", () => {
    const many = bar({ lastDay: "2026-03-09", status: "tentative", version: 2 });
    expect(en(item({ kind: "assignment", before: bar(), after: many }))).toBe(
      "Ada changed Globex Website for Ben, 3 – 9 Mar (days and tentative or confirmed)",
    );
    expect(ja(item({ kind: "assignment", before: bar(), after: many }))).toBe(
      `Adaさんが Ben の Globex Website（${march(3, 9)}）を変更しました（期間、仮／確定）`,
    );
  });

  it("call people and projects the plan no longer has deleted ones", () => {
    const gone = item({
      kind: "assignment",
      before: null,
      after: bar({ personId: "zed", projectId: "old" }),
    });
    expect(en(gone)).toBe("Ada created a deleted project for a deleted person, 3 – 7 Mar");
  });

  it("offer the bar to show unless deleted, and Restore for a delete", () => {
    expect(shown(created)).toEqual(bar());
    const deleted = item({ kind: "assignment", before: bar(), after: null }, { action: "deleted" });
    expect(shown(deleted)).toBeNull();
    expect(restorable(deleted)).toBe(true);
    expect(restorable(created)).toBe(false);
  });
});

describe("who", () => {
  const change: LiveChangeDto = {
    kind: "project",
    before: null,
    after: { id: "p", name: "Zeus", color: "#000000", version: 1 },
  };

  it("is You for one's own, the name then, the member's email, or Someone", () => {
    expect(en(item(change, { action: "created", mine: true }))).toBe("You added the project Zeus");
    expect(ja(item(change, { action: "created", mine: true }))).toBe("あなたが 案件「Zeus」を追加しました");
    expect(en(item(change, { action: "created", who: null }))).toBe("ada@example.com added the project Zeus");
    expect(en(item(change, { action: "created", who: null, by: "u-gone" }))).toBe(
      "Someone added the project Zeus",
    );
    expect(ja(item(change, { action: "created", who: null, by: "u-gone" }))).toBe(
      "他のユーザーが 案件「Zeus」を追加しました",
    );
    expect(whoName(item(change, { who: null }), EN)).toBe("ada@example.com");
  });
});

describe("people and projects", () => {
  const bob = { id: "bob", name: "Bob", version: 1 };

  it("say renames, a person's working time and a delete with its assignments", () => {
    const renamed = item(
      { kind: "person", before: bob, after: { ...bob, name: "Robert", version: 2 } },
      { item: "bob" },
    );
    expect(en(renamed)).toBe("Ada renamed the person Bob to Robert");
    expect(ja(renamed)).toBe("Adaさんが メンバー「Bob」の名前を「Robert」に変更しました");
    const calendar = item(
      { kind: "person", before: bob, after: { ...bob, calendarId: "jp", version: 2 } },
      { item: "bob" },
    );
    expect(en(calendar)).toBe("Ada set Bob’s holiday calendar to Japan");
    const schedule = { weeks: [], firstDay: "2026-04-01", lastDay: null };
    const worked = item(
      { kind: "person", before: bob, after: { ...bob, schedule, version: 2 } },
      { item: "ben" },
    );
    expect(en(worked)).toBe("Ada changed Ben’s working time");
    const deleted = item(
      { kind: "person", before: bob, after: null },
      {
        action: "deleted",
        item: "bob",
        summary: [
          ["assignmentsDeleted", 12],
          ["timeOffDeleted", 1],
        ],
      },
    );
    expect(en(deleted)).toBe("Ada deleted the person Bob and 12 assignments");
    expect(ja(deleted)).toBe("Adaさんが メンバー「Bob」とアサイン 12 件を削除しました");
    expect(en({ ...deleted, summary: [] })).toBe("Ada deleted the person Bob");
    // Someone the plan has is called by their name of now.
    const added = item({ kind: "person", before: null, after: { id: "ben", name: "Benjamin", version: 1 } });
    expect(en({ ...added, action: "created", item: "ben" })).toBe("Ada added the person Ben");
    // A placeholder is said to be one.
    const role = { id: "hire", name: "Designer — to hire", version: 1, placeholder: true };
    const placeholder = item(
      { kind: "person", before: null, after: role },
      { action: "created", item: "hire" },
    );
    expect(en(placeholder)).toBe("Ada added the placeholder Designer — to hire (a role to staff)");
  });

  it("say a project recoloured or renamed", () => {
    const apollo = { id: "apollo", name: "Apollo", color: "#336699", version: 1 };
    const recoloured = item(
      { kind: "project", before: apollo, after: { ...apollo, color: "#993366" } },
      { item: "apollo" },
    );
    expect(en(recoloured)).toBe("Ada recoloured Apollo");
    expect(ja(recoloured)).toBe("Adaさんが 案件「Apollo」の色を変更しました");
    const both = item({
      kind: "project",
      before: apollo,
      after: { ...apollo, name: "Artemis", color: "#993366" },
    });
    expect(en(both)).toBe("Ada renamed the project Apollo to Artemis and recoloured it");
  });
});

describe("time off, calendars and holidays", () => {
  const off = {
    id: "t1",
    personId: "ben",
    startDate: "2026-03-03",
    endDateExclusive: "2026-03-08",
    lastDay: "2026-03-07",
    kind: "sick" as const,
    minutes: null,
    version: 1,
  };

  it("say whose time off, of which kind and days", () => {
    expect(en(item({ kind: "timeOff", before: null, after: off }, { action: "created" }))).toBe(
      "Ada added sick leave for Ben, 3 – 7 Mar",
    );
    expect(ja(item({ kind: "timeOff", before: off, after: null }, { action: "deleted" }))).toBe(
      `Adaさんが Ben の病欠（${march(3, 7)}）を削除しました`,
    );
    const moved = { ...off, startDate: "2026-03-04", version: 2 };
    expect(en(item({ kind: "timeOff", before: off, after: moved }))).toBe(
      "Ada changed Ben’s sick leave from 3 – 7 Mar to 4 – 7 Mar",
    );
  });

  it("count holidays added to a calendar, or name the one", () => {
    const day = (d: string) => ({ calendarId: "jp", day: d, name: "Holiday" });
    const many = Array.from({ length: 16 }, (_, i) => day(`2026-01-${String(i + 1).padStart(2, "0")}`));
    const added = item({ kind: "holidays", added: many, removed: [] }, { action: "created", item: "jp" });
    expect(en(added)).toBe("Ada added 16 holidays to Japan");
    expect(ja(added)).toBe("Adaさんが Japan に祝日を 16 日追加しました");
    const one = item(
      { kind: "holidays", added: [], removed: [day("2026-02-11")] },
      { action: "deleted", item: "jp" },
    );
    expect(en(one)).toBe("Ada removed the holiday Holiday (11 Feb) from Japan");
    const calendar = { id: "jp", name: "Japan", region: "JP", version: 1 };
    const gone = item(
      { kind: "calendar", before: calendar, after: null },
      { action: "deleted", item: "jp", summary: [["holidaysDeleted", 16]] },
    );
    expect(en(gone)).toBe("Ada deleted the holiday calendar Japan and its 16 holidays");
  });
});

describe("members, the team and imports", () => {
  it("say who was added, their role changed, or removed", () => {
    const ben = { userId: "u-ben", role: "planner" as const, who: "Ben" };
    expect(en(item({ kind: "member", before: null, after: ben }, { action: "created" }))).toBe(
      "Ada added Ben as planner",
    );
    expect(ja(item({ kind: "member", before: null, after: ben }, { action: "created" }))).toBe(
      "Adaさんが Ben を編集者として追加しました",
    );
    const viewer = { ...ben, role: "viewer" as const };
    expect(en(item({ kind: "member", before: ben, after: viewer }))).toBe(
      "Ada changed Ben’s role from planner to viewer",
    );
    expect(
      en(item({ kind: "member", before: { ...ben, who: null }, after: null }, { action: "deleted" })),
    ).toBe("Ada removed ben@example.com from the team");
  });

  it("say the team's name, week and log's days", () => {
    const none = { name: null, defaultWeek: null, feedDays: null };
    expect(en(item({ kind: "team", before: none, after: { ...none, name: "Blue" } }))).toBe(
      "Ada renamed the team to Blue",
    );
    const week = { ...none, defaultWeek: [480, 480, 480, 480, 480, 0, 0] };
    expect(en(item({ kind: "team", before: none, after: week }))).toBe("Ada set the team’s week to 40 hours");
    expect(en(item({ kind: "team", before: none, after: { ...none, feedDays: 400 } }))).toBe(
      "Ada set the log to keep 400 days",
    );
    expect(ja(item({ kind: "team", before: none, after: { ...none, feedDays: 400 } }))).toBe(
      "Adaさんが 履歴の保存期間を 400 日にしました",
    );
  });

  it("count what an import brought", () => {
    const summary: [string, number][] = [
      ["resources", 3],
      ["projects", 1],
      ["assignments", 1200],
      ["removed", 0],
    ];
    expect(en(item({ kind: "whole" }, { action: "imported", summary }))).toBe(
      "Ada imported a plan (3 people, 1 project, 1,200 assignments)",
    );
    expect(ja(item({ kind: "whole" }, { action: "copied", summary }))).toBe(
      "Adaさんが ローカルの計画をチームに取り込みました（メンバー 3 人、案件 1 件、アサイン 1,200 件）",
    );
  });
});

describe("restore failures and times", () => {
  it("have a sentence of their own for each reason Restore can refuse", () => {
    expect(restoreFailure({ code: "already_exists", message: "" }, "en")).toMatch(/back already/);
    expect(restoreFailure({ code: "not_found", message: "" }, "en")).toMatch(/too old/);
    expect(restoreFailure({ code: "parent_gone", message: "" }, "ja")).toMatch(/削除されているため/);
    expect(restoreFailure({ code: "offline", message: "" }, "en")).toBeNull();
  });

  it("say recent changes as time ago, older ones as a date and time", () => {
    const now = Date.parse("2026-03-10T12:00:00Z");
    expect(when("2026-03-10T11:59:40Z", now, "en", "en-GB").short).toBe("just now");
    expect(when("2026-03-10T11:55:00Z", now, "en", "en-GB").short).toBe("5 minutes ago");
    expect(when("2026-03-10T09:00:00Z", now, "ja", "ja-JP").short).toBe("3 時間前");
    const old = when("2026-03-01T09:00:00Z", now, "en", "en-GB");
    expect(old.short).toBe(old.full);
    expect(old.full).toMatch(/1 Mar 2026/);
  });
});

describe("groups, roles and skills", () => {
  const react = { id: "s1", kind: "skill" as const, name: "React", version: 1 };
  const bob = { id: "bob", name: "Bob", version: 1 };

  it("say a label added, renamed and deleted with the people it was taken from", () => {
    expect(en(item({ kind: "label", before: null, after: react }, { action: "created" }))).toBe(
      "Ada added the skill React",
    );
    const renamed = item({ kind: "label", before: react, after: { ...react, name: "React.js", version: 2 } });
    expect(en(renamed)).toBe("Ada renamed the skill React to React.js");
    expect(ja(renamed)).toBe("Adaさんが スキル「React」の名前を「React.js」に変更しました");
    const deleted = item(
      { kind: "label", before: react, after: null },
      { action: "deleted", summary: [["people", 3]] },
    );
    expect(en(deleted)).toBe("Ada deleted the skill React (taken from 3 people)");
    expect(ja(deleted)).toBe("Adaさんが スキル「React」を削除しました（3 人から外しました）");
  });

  it("say which of a person's group, role and skills changed", () => {
    const after = { ...bob, version: 2, groups: [{ groupId: "g1" }], skillIds: ["s1"] };
    const changed = item({ kind: "person", before: bob, after }, { item: "ben" });
    expect(en(changed)).toBe("Ada changed Ben’s group and skills");
    expect(ja(changed)).toBe("Adaさんが Ben のグループ・スキルを変更しました");
    const role = item(
      { kind: "person", before: after, after: { ...after, roleId: "r1", version: 3 } },
      { item: "ben" },
    );
    expect(en(role)).toBe("Ada changed Ben’s role");
  });
});

describe("shared views", () => {
  const rows = { ...FRESH_ROWS, grouping: "group" as const, density: "compact" as const };
  const view = {
    id: "v1",
    name: "Design",
    owner: "ada",
    shared: true,
    zoom: "week" as const,
    rows,
    version: 1,
    mine: false,
  };

  it("say a view shared, changed, no longer shared and deleted", () => {
    expect(en(item({ kind: "view", before: null, after: view }, { action: "created" }))).toBe(
      "Ada shared the view “Design” with the team",
    );
    const changed = item({ kind: "view", before: view, after: { ...view, zoom: "month", version: 2 } });
    expect(en(changed)).toBe("Ada changed the shared view “Design”");
    expect(ja(changed)).toBe("Adaさんが 共有ビュー「Design」を変更しました");
    expect(en(item({ kind: "view", before: view, after: { ...view, shared: false, version: 2 } }))).toBe(
      "Ada stopped sharing the view “Design”",
    );
    expect(en(item({ kind: "view", before: view, after: null }, { action: "deleted" }))).toBe(
      "Ada deleted the shared view “Design”",
    );
  });
});
