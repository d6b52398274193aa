import { describe, expect, it } from "vitest";
import { mono, recorder, surfaces } from "../../../test-support/timeline/canvasTesting";
import { fitText, LABEL_PAGE, LABEL_PAGES, LabelCache, TextCache } from "./labels";

describe("fitText", () => {
  it("keeps a text that fits", () => {
    expect(fitText("Acme", 28, mono, new Map())).toBe("Acme");
  });
  it("cuts a text that does not fit and ends it with an ellipsis", () => {
    // "Acme Au…" is 8 characters = 56 px; "Acme Aud…" would be 63.
    expect(fitText("Acme Audit", 60, mono, new Map())).toBe("Acme Au…");
    // A prefix ending in a space loses the space.
    expect(fitText("Acme Audit", 42, mono, new Map())).toBe("Acme…");
  });
  it("gives an ellipsis alone, or nothing, when little fits", () => {
    expect(fitText("Acme", 10, mono, new Map())).toBe("…");
    expect(fitText("Acme", 6, mono, new Map())).toBe("");
    expect(fitText("Acme", 0, mono, new Map())).toBe("");
    expect(fitText("", 100, mono, new Map())).toBe("");
  });
  it("cuts between characters, not inside a surrogate pair", () => {
    expect(fitText("😀😀😀😀", 21, mono, new Map())).toBe("😀😀…");
  });
  it("measures each string once", () => {
    const cache = new Map<string, number>();
    let calls = 0;
    const counting = (s: string) => {
      calls++;
      return mono(s);
    };
    fitText("Umbrella Migration", 50, counting, cache);
    const first = calls;
    expect(fitText("Umbrella Migration", 50, counting, cache)).toBe("Umbrel…"); // 7 × 7 px
    expect(calls).toBe(first);
  });
});

describe("TextCache", () => {
  it("fits each text and room once, and forgets it all when the font changes", () => {
    const cache = new TextCache();
    let calls = 0;
    const counting = (s: string) => {
      calls++;
      return mono(s);
    };
    cache.use("12px a");
    expect(cache.fit("Umbrella Migration", 50.7, counting)).toBe("Umbrel…");
    const first = calls;
    expect(cache.fit("Umbrella Migration", 50.2, counting)).toBe("Umbrel…");
    expect(calls).toBe(first);
    cache.use("12px b");
    expect(cache.fit("Umbrella Migration", 50, counting)).toBe("Umbrel…");
    expect(calls).toBeGreaterThan(first);
  });
});

describe("LabelCache", () => {
  it("draws each label once on a page of labels and copies it on whole device pixels afterwards", () => {
    const { make, made } = surfaces();
    const cache = new LabelCache(make);
    const { ctx, ops } = recorder();
    cache.draw(ctx, "Acme", 10.3, 20, "12px a", 12, "#fff", 2);
    cache.draw(ctx, "Acme", 50.2, 40, "12px a", 12, "#fff", 2);
    // 4 × 7 px + 2 = 30 px wide, 12 × 1.6 = 19.2 → 19.5 px high at 2 device pixels a pixel.
    expect(made).toEqual(["Acme@12px a/#fff 60x39 on page 1 at 0,0"]);
    expect(ops).toEqual([
      "image page 1 from 0,0 60x39 a1 10.5,10.5 30x19.5",
      "image page 1 from 0,0 60x39 a1 50,30.5 30x19.5",
    ]);
    expect(cache.size).toBe(1);
  });

  it("keeps a label apart for each font, colour and pixel ratio, side by side on one page", () => {
    const { make, made } = surfaces();
    const cache = new LabelCache(make);
    const { ctx } = recorder();
    cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#fff", 1);
    cache.draw(ctx, "Acme", 0, 10, "12px b", 12, "#fff", 1);
    cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#000", 1);
    cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#fff", 2);
    cache.draw(ctx, "Acme", 0, 10, "10px a", 10, "#fff", 1);
    expect(cache.size).toBe(5);
    // A shelf for each height, the labels of a height one after the other with a pixel between.
    expect(made).toEqual([
      "Acme@12px a/#fff 30x20 on page 1 at 0,0",
      "Acme@12px b/#fff 30x20 on page 1 at 31,0",
      "Acme@12px a/#000 30x20 on page 1 at 62,0",
      "Acme@12px a/#fff 60x39 on page 1 at 0,21",
      "Acme@10px a/#fff 30x16 on page 1 at 0,61",
    ]);
    expect(cache.pageCount).toBe(1);
  });

  it("holds at most LABEL_PAGES pages: the one filled longest ago is emptied and its labels drawn again when needed", () => {
    const { make, made, cleared } = surfaces();
    const cache = new LabelCache(make);
    const { ctx, ops } = recorder();
    // 140 characters: 982 px wide at a ratio of 1, one a shelf; a page holds 48 shelves of 20 + 1 px.
    const perPage = Math.floor(LABEL_PAGE / 21);
    const label = (i: number) => `${String(i).padStart(4, "0")}${"x".repeat(136)}`;
    const n = perPage * LABEL_PAGES;
    for (let i = 0; i < n; i++) cache.draw(ctx, label(i), 0, 10, "12px a", 12, "#fff", 1);
    expect([cache.pageCount, cache.size, cleared]).toEqual([LABEL_PAGES, n, []]);
    // One more: the first page is emptied for it, and forgets its labels.
    cache.draw(ctx, label(n), 0, 10, "12px a", 12, "#fff", 1);
    expect([cache.pageCount, cache.size, cleared]).toEqual([LABEL_PAGES, n - perPage + 1, ["page 1"]]);
    expect(made.at(-1)).toBe(`${label(n)}@12px a/#fff 982x20 on page 1 at 0,0`);
    // A label of the emptied page is drawn again (on it, the newest page now); one of the second is copied.
    made.length = 0;
    ops.length = 0;
    cache.draw(ctx, label(0), 0, 10, "12px a", 12, "#fff", 1);
    cache.draw(ctx, label(perPage), 0, 10, "12px a", 12, "#fff", 1);
    expect(made).toEqual([`${label(0)}@12px a/#fff 982x20 on page 1 at 0,21`]);
    expect(ops).toEqual([
      "image page 1 from 0,21 982x20 a1 0,0 982x20",
      "image page 2 from 0,0 982x20 a1 0,0 982x20",
    ]);
  });

  it("draws the text itself when no surface can be made, or when it is wider than a page", () => {
    const cache = new LabelCache(() => null);
    const { ctx, ops } = recorder();
    ctx.fillStyle = "#123";
    ctx.font = "12px a";
    cache.draw(ctx, "Acme", 5, 10, "12px a", 12, "#123", 1);
    expect(ops).toEqual(['text #123 "Acme" 5,10']);
    const { make } = surfaces();
    const wide = new LabelCache(make);
    const long = "w".repeat(Math.ceil(LABEL_PAGE / 7));
    wide.draw(ctx, long, 5, 10, "12px a", 12, "#123", 1);
    expect(ops.at(-1)).toBe(`text #123 "${long}" 5,10`);
    expect(wide.size).toBe(0);
  });
});
