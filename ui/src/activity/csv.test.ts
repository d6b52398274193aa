import { describe, expect, it } from "vitest";
import type { LiveItemDto } from "../ipc";
import { activityCsv, csvText, entriesSince, field, inert } from "./csv";
import type { Say } from "./sentences";

describe("CSV fields", () => {
  it("quote only what needs it, doubling quotes", () => {
    expect(field("Ada")).toBe("Ada");
    expect(field("Globex, Inc.")).toBe('"Globex, Inc."');
    expect(field('the "big" one')).toBe('"the ""big"" one"');
    expect(field("two\nlines")).toBe('"two\nlines"');
    expect(field(" edge")).toBe('" edge"');
    expect(field("")).toBe("");
  });

  it("keep what a spreadsheet would run as a formula as text", () => {
    expect(inert("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(inert("@cmd")).toBe("'@cmd");
    expect(inert("Ada")).toBe("Ada");
  });

  it("write lines with CRLF after a byte-order mark", () => {
    expect(
      csvText([
        ["a", "b,c"],
        ["1", "2"],
      ]),
    ).toBe('\u{feff}a,"b,c"\r\n1,2\r\n');
  });
});

describe("the activity's CSV", () => {
  const say: Say = {
    lang: "en",
    locale: "en-GB",
    names: { people: new Map(), projects: new Map(), calendars: new Map(), members: new Map() },
  };
  const item: LiveItemDto = {
    cursor: "FEED#1",
    at: "2026-03-10T09:30:00Z",
    by: "u-ada",
    who: "=Ada",
    mine: false,
    contradicted: false,
    kind: "project",
    action: "created",
    item: "p1",
    change: {
      kind: "project",
      before: null,
      after: { id: "p1", name: "Zeus, Inc.", color: "#000000", version: 1 },
    },
    summary: [],
  };

  it("has a header, then a line per entry with its sentence", () => {
    const lines = activityCsv([item], say).slice(1).split("\r\n");
    expect(lines[0]).toBe("at,by,who,kind,action,item,description");
    expect(lines[1]).toBe(
      `2026-03-10T09:30:00Z,u-ada,'=Ada,project,created,p1,"'=Ada added the project Zeus, Inc."`,
    );
    expect(lines[2]).toBe("");
  });
});

describe("the file's days", () => {
  const at = (iso: string, n: number) => ({ cursor: `c${n}`, at: iso }) as unknown as LiveItemDto;
  it("reads page by page until an entry older than the days asked for", async () => {
    const pages = [
      {
        items: [at("2026-03-10T10:00:00Z", 1), at("2026-03-09T10:00:00Z", 2)],
        cursor: "c2",
        more: true,
        unreadable: [],
      },
      {
        items: [at("2026-03-02T10:00:00Z", 3), at("2026-02-01T10:00:00Z", 4)],
        cursor: "c4",
        more: true,
        unreadable: [],
      },
      { items: [at("2026-01-01T10:00:00Z", 5)], cursor: null, more: false, unreadable: [] },
    ];
    const asked: (string | null)[] = [];
    const got = await entriesSince(
      async (before) => {
        asked.push(before);
        return pages[asked.length - 1] as (typeof pages)[number];
      },
      30,
      Date.parse("2026-03-10T12:00:00Z"),
    );
    expect(got.items.map((i) => i.cursor)).toEqual(["c1", "c2", "c3"]);
    expect(got.complete).toBe(true);
    // No page read past the first entry older than 30 days.
    expect(asked).toEqual([null, "c2"]);
  });

  it("stops where the cursor is older than the days asked for, though the filter kept nothing", async () => {
    const old = Date.parse("2026-01-01T00:00:00Z");
    let asked = 0;
    const got = await entriesSince(
      async () => {
        asked += 1;
        return { items: [], cursor: `FEED#${String(old)}#x`, more: true, unreadable: [] };
      },
      30,
      Date.parse("2026-03-10T12:00:00Z"),
    );
    expect({ items: got.items.length, complete: got.complete, asked }).toEqual({
      items: 0,
      complete: true,
      asked: 1,
    });
  });
});
