import { describe, expect, it } from "vitest";
import { mono, recorder, surfaces } from "../../../test-support/timeline/canvasTesting";
import { fitText, LabelCache, TextCache } from "./labels";

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
  it("draws a label seen once as text where its copy would land, and makes its image when seen again", () => {
    const { make, made } = surfaces();
    const cache = new LabelCache(make);
    const { ctx, ops } = recorder();
    ctx.fillStyle = "#000";
    ctx.font = "14px b";
    cache.draw(ctx, "Acme", 10.3, 20, "12px a", 12, "#fff", 2);
    // No image yet; the text's middle where the image's would be: 12 × 1.6 = 19.2 → 19.5 px high
    // at 2 device pixels a pixel, its top at 10.5 (whole device pixels), so 10.5 + 19.5 / 2.
    expect(made).toEqual([]);
    expect(ops).toEqual(['text #fff "Acme" 10.5,20.25']);
    // The context's font and fill as they were.
    expect([ctx.font, ctx.fillStyle]).toEqual(["14px b", "#000"]);
    cache.draw(ctx, "Acme", 50.2, 40, "12px a", 12, "#fff", 2);
    cache.draw(ctx, "Acme", 50.2, 40, "12px a", 12, "#fff", 2);
    // 4 × 7 px + 2 = 30 px wide, 19.5 px high: made once, then copied.
    expect(made).toEqual(["Acme@12px a/#fff 60x39"]);
    expect(ops.slice(1)).toEqual([
      "image Acme@12px a/#fff a1 50,30.5 30x19.5",
      "image Acme@12px a/#fff a1 50,30.5 30x19.5",
    ]);
    expect(cache.size).toBe(1);
  });

  it("keeps a label apart for each font, colour and pixel ratio", () => {
    const { make } = surfaces();
    const cache = new LabelCache(make);
    const { ctx } = recorder();
    for (const seen of [1, 2]) {
      cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#fff", 1);
      cache.draw(ctx, "Acme", 0, 10, "12px b", 12, "#fff", 1);
      cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#000", 1);
      cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#fff", 2);
      expect(cache.size).toBe(seen === 1 ? 0 : 4);
    }
  });

  it("draws the text itself when no surface can be made", () => {
    const cache = new LabelCache(() => null);
    const { ctx, ops } = recorder();
    ctx.fillStyle = "#123";
    ctx.font = "12px a";
    cache.draw(ctx, "Acme", 5, 10, "12px a", 12, "#123", 1);
    cache.draw(ctx, "Acme", 5, 10, "12px a", 12, "#123", 1);
    expect(ops).toEqual(['text #123 "Acme" 5,10', 'text #123 "Acme" 5,10']);
  });
});
