import { describe, expect, it } from "vitest";
import { palette, recorder } from "../../../test-support/timeline/canvasTesting";
import { TextCache } from "./labels";
import { paintNames, sameNames } from "./paintNames";

describe("paintNames", () => {
  it("shades the cursor's row, draws each load on the right and the name in the room left", () => {
    const { ctx, ops } = recorder();
    paintNames(
      ctx,
      {
        palette,
        family: "sans-serif",
        headers: [],
        rows: [
          { y: 40, h: 36, name: "Alice", detail: "", load: "88%", current: false },
          { y: 76, h: 36, name: "Margaret Hamilton-Smithson", detail: "", load: "100%", current: true },
        ],
      },
      { width: 219, height: 300, scrollTop: 40 },
      1,
      new TextCache(),
    );
    expect(ops).toEqual([
      "scale 1 1",
      "rect #fafafa 0,0 219x300",
      "rect #ddd 0,35 219x1",
      "rect #eee 0,36 219x36",
      "rect #ddd 0,71 219x1",
      // Right-aligned at 219 − 10.5: "88%" is 21 px, "100%" 28.
      'text #777 "88%" 187.5,18',
      'text #777 "100%" 180.5,54',
      // Room: 219 − 21 − 21 − 7 = 170 px for Alice; 219 − 21 − 28 − 7 = 163 px: 26 characters do not fit, 22 and the ellipsis do.
      'text #111 14px "Alice" 10.5,18',
      'text #111 14px "Margaret Hamilton-Smit…" 10.5,54',
    ]);
  });
});

describe("paintNames with a person's role and group", () => {
  it("puts the name above the middle and the detail under it, muted and cut to the same room", () => {
    const { ctx, ops } = recorder();
    paintNames(
      ctx,
      {
        palette,
        family: "sans-serif",
        headers: [],
        rows: [
          {
            y: 0,
            h: 36,
            name: "Ada",
            detail: "Lead designer · Design and Brand Studio",
            load: "88%",
            current: false,
          },
          { y: 36, h: 36, name: "Ben", detail: "", load: "88%", current: false },
        ],
      },
      { width: 219, height: 300, scrollTop: 0 },
      1,
      new TextCache(),
    );
    const texts = ops.filter((o) => o.startsWith("text"));
    expect(texts).toContain('text #111 14px "Ada" 10.5,11');
    expect(texts).toContain('text #111 14px "Ben" 10.5,54');
    // The room the name has (170 px): the detail cut with an ellipsis to fit it.
    expect(texts).toContain('text #777 "Lead designer · Design…" 10.5,27');
  });
});

describe("paintNames with grouped rows", () => {
  it("paints each section's header as a band: chevron, name and count on the left, summed figures on the right", () => {
    const { ctx, ops } = recorder();
    paintNames(
      ctx,
      {
        palette,
        family: "sans-serif",
        headers: [
          { y: 0, h: 28, name: "Design · 12", load: "96h · 24h · 80%", collapsed: false },
          { y: 64, h: 28, name: "Engineering · 40", load: "–", collapsed: true },
        ],
        rows: [{ y: 28, h: 36, name: "Ada", detail: "", load: "88%", current: false }],
      },
      { width: 219, height: 300, scrollTop: 0 },
      1,
      new TextCache(),
    );
    expect(ops).toContain("rect #eee 0,0 219x28");
    expect(ops).toContain("rect #ddd 0,27 219x1");
    expect(ops).toContain("rect #eee 0,64 219x28");
    const texts = ops.filter((o) => o.startsWith("text"));
    // Room for Design's name: 219 − 21 − 105 (the figures) − 7 = 86 px: cut before its count.
    expect(texts).toContain('text #111 bold "▾ Design ·…" 10.5,14');
    expect(texts).toContain('text #111 bold "▸ Engineering · 40" 10.5,78');
    expect(texts).toContain('text #777 "96h · 24h · 80%" 103.5,14');
  });

  it("marks a placeholder's row with dashes down its left edge, and paints again when a row becomes one", () => {
    const { ctx, ops } = recorder();
    const row = { y: 0, h: 36, name: "Designer — to hire", detail: "", load: "40h to hire", current: false };
    const scene = { palette, family: "sans-serif", headers: [], rows: [{ ...row, placeholder: true }] };
    paintNames(ctx, scene, { width: 219, height: 300, scrollTop: 0 }, 1, new TextCache());
    expect(ops.filter((o) => o.startsWith("rect #777"))).toEqual([
      "rect #777 2,3 3x3",
      "rect #777 2,9 3x3",
      "rect #777 2,15 3x3",
      "rect #777 2,21 3x3",
      "rect #777 2,27 3x3",
    ]);
    expect(sameNames({ ...scene, rows: [row] }, scene)).toBe(false);
  });

  it("paints the name column again when a header changes", () => {
    const header = { y: 0, h: 28, name: "Design · 12", load: "80%", collapsed: false };
    const base = { palette, family: "sans-serif", rows: [], headers: [header] };
    expect(sameNames(base, { ...base, headers: [{ ...header }] })).toBe(true);
    expect(sameNames(base, { ...base, headers: [{ ...header, collapsed: true }] })).toBe(false);
    expect(sameNames(base, { ...base, headers: [{ ...header, load: "81%" }] })).toBe(false);
    expect(sameNames(base, { ...base, headers: [] })).toBe(false);
  });
});

describe("sameNames", () => {
  const rows = () => [
    { y: 0, h: 36, name: "Ada", detail: "", load: "80%", current: false },
    { y: 36, h: 62, name: "Ben", detail: "", load: "45%", current: true },
  ];
  const names = (over = {}) => ({ palette, family: "sans-serif", rows: rows(), headers: [], ...over });
  it("is the same for a scene made again with the same rows, loads and cursor", () => {
    expect(sameNames(names(), names())).toBe(true);
  });
  it("differs when a load, a name, the cursor's row, a row's place, the rows or the colours change", () => {
    const changed = (f: (r: ReturnType<typeof rows>) => void) => {
      const r = rows();
      f(r);
      return names({ rows: r });
    };
    expect(
      sameNames(
        names(),
        changed((r) => ((r[0] as { load: string }).load = "81%")),
      ),
    ).toBe(false);
    expect(
      sameNames(
        names(),
        changed((r) => ((r[1] as { name: string }).name = "Bea")),
      ),
    ).toBe(false);
    expect(
      sameNames(
        names(),
        changed((r) => ((r[1] as { current: boolean }).current = false)),
      ),
    ).toBe(false);
    expect(
      sameNames(
        names(),
        changed((r) => ((r[1] as { h: number }).h = 36)),
      ),
    ).toBe(false);
    expect(
      sameNames(
        names(),
        changed((r) => r.pop()),
      ),
    ).toBe(false);
    expect(sameNames(names(), names({ palette: { ...palette } }))).toBe(false);
    expect(sameNames(names(), names({ family: "serif" }))).toBe(false);
  });
});
