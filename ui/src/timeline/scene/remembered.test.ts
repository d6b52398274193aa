import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TODAY, timeline } from "../../../test-support/timeline/fixture";
import type { PrefsDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import { dateOf, dayOf } from "../model/dates";
import { Remembered, SAVE_AFTER_MS } from "./remembered.svelte";

const none: PrefsDto = { lang: null, dates: null, zoom: null, day: null, people: null, projects: null };

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
      { lang: "en", dates: null, zoom: "week", day: dateOf(t.view.viewFrom), people: "bob", projects: null },
    ]);
    r.changed(r.now());
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(saved.length).toBe(1); // the same again: not written again
    expect(t.view.viewFrom).toBeLessThanOrEqual(TODAY);
  });
});
