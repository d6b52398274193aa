import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TODAY, timeline } from "../../../test-support/timeline/fixture";
import { FRESH_ROWS } from "../../../test-support/timeline/testing";
import type { PrefsDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import { dateOf, dayOf } from "../model/dates";
import { NO_FILTER } from "../model/peopleFilter";
import { Remembered, rowsViewOf, SAVE_AFTER_MS } from "./remembered.svelte";

const none: PrefsDto = {
  lang: null,
  dates: null,
  zoom: null,
  day: null,
  people: null,
  projects: null,
  rows: null,
  view: null,
};
const FRESH = FRESH_ROWS;

function fakeApi(stored: PrefsDto) {
  const saved: PrefsDto[] = [];
  return {
    saved,
    api: { loadPrefs: async () => stored, savePrefs: async (p: PrefsDto) => void saved.push(p) },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  ui.set("en");
  ui.setDates(null);
});

describe("what the timeline remembers", () => {
  it("applies the remembered language, date format, zoom, filters and day", async () => {
    const t = timeline();
    const { api } = fakeApi({
      lang: "ja",
      dates: "en-GB",
      zoom: "month",
      day: "2027-01-04",
      people: "ali",
      projects: "globex",
      rows: null,
      view: null,
    });
    const r = new Remembered(api, t.view, t.rows);
    const went: number[] = [];
    await r.load((day) => went.push(day));
    expect([ui.lang, ui.dateLocale, t.view.zoom, t.rows.filter, t.rows.projectQuery]).toEqual([
      "ja",
      "en-GB",
      "month",
      "ali",
      "globex",
    ]);
    expect(went).toEqual([dayOf("2027-01-04")]);
  });

  it("applies what was read before the timeline opened at once, without reading it again or moving", () => {
    const t = timeline();
    let reads = 0;
    const saved: PrefsDto[] = [];
    const api = {
      loadPrefs: async () => {
        reads++;
        return none;
      },
      savePrefs: async (p: PrefsDto) => void saved.push(p),
    };
    const r = new Remembered(api, t.view, t.rows);
    const p: PrefsDto = { ...none, lang: "ja", zoom: "month", day: "2027-01-04", people: "ali" };
    r.begin(p);
    // Before any await: the first frame is drawn with them.
    expect([ui.lang, t.view.zoom, t.rows.filter, r.ready]).toEqual(["ja", "month", "ali", true]);
    expect(reads).toBe(0);
    // The same again is not written; a change is, once it rests.
    r.changed(p);
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(saved).toEqual([]);
    r.changed({ ...p, people: "bob" });
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(saved.map((s) => s.people)).toEqual(["bob"]);
  });

  it("writes a change once it rests, only after loading and only when it differs", async () => {
    const t = timeline();
    const { api, saved } = fakeApi(none);
    const r = new Remembered(api, t.view, t.rows);
    r.changed(r.now());
    vi.advanceTimersByTime(SAVE_AFTER_MS * 2);
    expect(saved).toEqual([]); // not loaded yet: nothing to overwrite it with
    await r.load(() => {});
    t.rows.filter = "bo";
    r.changed(r.now());
    t.rows.filter = "bob";
    r.changed(r.now());
    vi.advanceTimersByTime(SAVE_AFTER_MS - 1);
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual([
      {
        lang: "en",
        dates: null,
        zoom: "week",
        day: dateOf(t.view.viewFrom),
        people: "bob",
        projects: null,
        rows: FRESH,
        view: null,
      },
    ]);
    r.changed(r.now());
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(saved.length).toBe(1); // the same again: not written again
    expect(t.view.viewFrom).toBeLessThanOrEqual(TODAY);
  });

  it("remembers the rows as they were set up and opens with them again", async () => {
    const t = timeline();
    t.rows.peopleFilter = {
      ...NO_FILTER,
      groups: ["design"],
      skills: ["react"],
      allSkills: false,
      freeHours: 7.5,
    };
    t.rows.grouping = "role";
    t.rows.sort = "free";
    t.rows.density = "compact";
    t.rows.customPeriod = { from: dayOf("2027-03-01"), to: dayOf("2027-03-15") };
    t.rows.period = "custom";
    t.rows.toggle("role:lead");
    const remembered = new Remembered(fakeApi(none).api, t.view, t.rows).now().rows;
    expect(remembered).toEqual({
      ...FRESH,
      groups: ["design"],
      skills: ["react"],
      allSkills: false,
      freeMinutes: 450,
      grouping: "role",
      sort: "free",
      density: "compact",
      period: "custom",
      custom: { from: "2027-03-01", to: "2027-03-15" },
      collapsed: ["role:lead"],
    });
    // The next start: a new timeline opens with them.
    const next = timeline();
    await new Remembered(fakeApi({ ...none, rows: remembered }).api, next.view, next.rows).load(() => {});
    expect(rowsViewOf(next.rows)).toEqual(remembered);
    expect(next.rows.periodDays).toEqual({ from: dayOf("2027-03-01"), to: dayOf("2027-03-15") });
    expect(next.rows.peopleFilter.freeHours).toBe(7.5);
  });
});
