// The activity log's paging (a .svelte.test.ts file: the log's state is reactive, as in the app).
import { describe, expect, it } from "vitest";
import type { ActivityFilterInput, ActivityPageDto, LiveItemDto } from "../ipc";
import { type ActivityApi, ActivityLog, EMPTY_READS, NO_FILTER, PAGE } from "./log.svelte";

const entry = (n: number, kind: LiveItemDto["kind"] = "project"): LiveItemDto => ({
  cursor: `FEED#${String(n).padStart(4, "0")}`,
  at: "2026-03-10T09:30:00Z",
  by: "u-ada",
  who: "Ada",
  mine: false,
  contradicted: false,
  kind,
  action: "created",
  item: `p${n}`,
  change: { kind: "whole" },
  summary: [],
});

/** A log of `total` records, newest (highest) first; the filter's kind kept after a page is read,
 * as the table's filter expression is. */
class FakeLog implements ActivityApi {
  asked: { before: string | null; filter: ActivityFilterInput }[] = [];
  fail = false;
  /** Records of the table that cannot be read back, by the cursor of the record they follow. */
  damaged = new Map<string, string>();
  constructor(private readonly records: LiveItemDto[]) {}
  async activity(
    before: string | null,
    limit: number,
    filter: ActivityFilterInput,
  ): Promise<ActivityPageDto> {
    this.asked.push({ before, filter });
    if (this.fail) throw { code: "unavailable", message: "the table is out of reach" };
    const from = before === null ? 0 : this.records.findIndex((r) => r.cursor === before) + 1;
    const read = this.records.slice(from, from + limit);
    const last = read[read.length - 1];
    return {
      items: read.filter((r) => filter.kind === null || r.kind === filter.kind),
      cursor: last?.cursor ?? before,
      more: from + limit < this.records.length,
      unreadable: read.flatMap((r) => {
        const key = this.damaged.get(r.cursor);
        return key ? [{ key, detail: "attribute by missing or not a string" }] : [];
      }),
    };
  }
}

const records = (n: number) => Array.from({ length: n }, (_, i) => entry(n - i));

describe("the activity log", () => {
  it("names, once, the records it could not read back, and shows the rest", async () => {
    const api = new FakeLog(records(120));
    api.damaged.set("FEED#0110", "TEAM#t / FEED#0110x");
    const log = new ActivityLog(api);
    await log.reload();
    await log.older();
    await log.older();
    expect(log.items.length).toBe(120);
    expect(log.unreadable).toEqual([
      { key: "TEAM#t / FEED#0110x", detail: "attribute by missing or not a string" },
    ]);
    await log.reload();
    expect(log.unreadable.length).toBe(1);
  });

  it("reads a page at a time, newest first, and reads on from where it stopped", async () => {
    const api = new FakeLog(records(120));
    const log = new ActivityLog(api);
    await log.reload();
    expect(log.items.length).toBe(PAGE);
    expect(log.items[0]?.cursor).toBe("FEED#0120");
    expect(log.more).toBe(true);
    await log.older();
    await log.older();
    expect(log.items.length).toBe(120);
    expect(log.more).toBe(false);
    expect(api.asked.map((a) => a.before)).toEqual([null, "FEED#0071", "FEED#0021"]);
    await log.older();
    expect(api.asked.length).toBe(3);
  });

  it("starts from the newest again when the filter changes", async () => {
    const api = new FakeLog(records(120));
    const log = new ActivityLog(api);
    await log.reload();
    await log.older();
    const filter = { ...NO_FILTER, by: "u-ada" };
    await log.reload(filter);
    expect(log.items.length).toBe(PAGE);
    expect(api.asked[2]).toEqual({ before: null, filter });
  });

  it("reads on by itself a few pages while the filter keeps none, then waits", async () => {
    const api = new FakeLog([...records(400), entry(0, "team")]);
    const log = new ActivityLog(api);
    await log.reload({ ...NO_FILTER, kind: "team" });
    expect(api.asked.length).toBe(EMPTY_READS);
    expect(log.items).toEqual([]);
    expect(log.loaded).toBe(true);
    expect(log.more).toBe(true);
    await log.older();
    await log.older();
    expect(log.items.map((i) => i.kind)).toEqual(["team"]);
    expect(log.more).toBe(false);
  });

  it("drops the answer of a read whose filter was changed meanwhile", async () => {
    const api = new FakeLog(records(10));
    const log = new ActivityLog(api);
    const first = log.reload({ ...NO_FILTER, kind: "team" });
    const second = log.reload(NO_FILTER);
    await Promise.all([first, second]);
    expect(log.items.length).toBe(10);
  });

  it("keeps a failure to show, and what it had", async () => {
    const api = new FakeLog(records(60));
    const log = new ActivityLog(api);
    await log.reload();
    api.fail = true;
    await log.older();
    expect(log.failure).toEqual({ code: "unavailable", message: "the table is out of reach" });
    expect(log.items.length).toBe(PAGE);
    expect(log.more).toBe(true);
    expect(log.busy).toBe(false);
    api.fail = false;
    await log.older();
    expect(log.failure).toBeNull();
    expect(log.items.length).toBe(60);
  });
});
