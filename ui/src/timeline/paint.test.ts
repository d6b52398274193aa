import { describe, expect, it } from "vitest";
import {
  type Ctx,
  fitText,
  LABEL_PAD,
  LabelCache,
  labelBox,
  movable,
  type Painted,
  paint,
  paintHeader,
  paintNames,
  paintPane,
  reachOfNames,
  rehearsal,
  type Scene,
  type Surface,
  sameNames,
  stripes,
  TextCache,
} from "./paint";

/** 7 px a character: a monospace font, for measuring without a canvas. */
const mono = (s: string) => Array.from(s).length * 7;

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

describe("labelBox", () => {
  it("starts at the bar's left edge when the bar starts in view", () => {
    expect(labelBox({ x: 100, w: 80 }, 40)).toEqual({ x: 100 + LABEL_PAD, w: 80 - 2 * LABEL_PAD });
  });
  it("stays at the view's left edge while a long bar is scrolled past its start", () => {
    expect(labelBox({ x: 100, w: 300 }, 250)).toEqual({ x: 250 + LABEL_PAD, w: 400 - LABEL_PAD - 256 });
  });
  it("has no room once the bar is almost out of view", () => {
    expect(labelBox({ x: 100, w: 300 }, 395).w).toBeLessThan(0);
  });
});

/** A 2D context that records what is drawn. */
function recorder() {
  const ops: string[] = [];
  const ctx = {
    fillStyle: "",
    globalAlpha: 1,
    font: "",
    textBaseline: "alphabetic",
    setTransform: (a: number, _b: number, _c: number, d: number) => ops.push(`scale ${a} ${d}`),
    fillRect(x: number, y: number, w: number, h: number) {
      ops.push(`rect ${this.fillStyle} ${x},${y} ${w}x${h}`);
    },
    beginPath: () => {},
    roundRect(x: number, y: number, w: number, h: number) {
      ops.push(`bar ${this.fillStyle} a${this.globalAlpha} ${x},${y} ${w}x${h}`);
    },
    fill: () => {},
    fillText(text: string, x: number, y: number) {
      ops.push(
        `text ${this.fillStyle}${this.globalAlpha === 1 ? "" : ` a${this.globalAlpha}`}${this.font.startsWith("12px") ? "" : ` ${this.font.split(" ")[0]}`} "${text}" ${x},${y}`,
      );
    },
    measureText: (s: string) => ({ width: mono(s) }),
    drawImage(image: { name: string }, x: number, y: number, w?: number, h?: number) {
      ops.push(`image ${image.name} a${this.globalAlpha} ${x},${y}${w === undefined ? "" : ` ${w}x${h}`}`);
    },
    canvas: { name: "itself" },
    save: () => {},
    restore: () => ops.push("restore"),
    rect: (x: number, y: number, w: number, h: number) => ops.push(`clip ${x},${y} ${w}x${h}`),
    clip: () => {},
  };
  return { ctx: ctx as unknown as Ctx, ops };
}

const palette = {
  bg: "#fff",
  fg: "#111",
  muted: "#777",
  header: "#fafafa",
  weekend: "#eee",
  line: "#ddd",
  today: "#e00",
  overbooked: "#f003",
};

const view = { width: 400, height: 200, scrollLeft: 1000, scrollTop: 50 };

function scene(over: Partial<Scene> = {}): Scene {
  return {
    contentHeight: 1000,
    palette,
    font: "12px sans-serif",
    shades: [],
    rowLines: [],
    over: [],
    today: null,
    bars: [],
    ...over,
  };
}

describe("paint", () => {
  it("draws in the viewport's coordinates, scaled to device pixels", () => {
    const { ctx, ops } = recorder();
    paint(
      ctx,
      scene({
        shades: [{ x: 1100, w: 20 }],
        rowLines: [99],
        over: [{ x: 1040, y: 60, w: 20, h: 36 }],
        today: { x: 1200, w: 2 },
        bars: [
          { x: 1021, y: 65, w: 78, h: 22, color: "#123456", text: "Acme", textColor: "#ffffff", alpha: 1 },
        ],
      }),
      view,
      2,
      new TextCache(),
    );
    expect(ops).toEqual([
      "scale 2 2",
      "rect #fff 0,0 400x200",
      "rect #eee 100,0 20x200",
      "rect #ddd 0,49 400x1",
      "rect #f003 40,10 20x36",
      "rect #e00 200,0 2x200",
      "bar #123456 a1 21,15 78x22",
      'text #ffffff "Acme" 27,26',
    ]);
  });

  it("keeps a long bar's name at the view's left edge and cuts it to the room left", () => {
    const { ctx, ops } = recorder();
    const bar = {
      x: 900,
      y: 55,
      w: 160,
      h: 22,
      color: "#123456",
      text: "Umbrella Migration",
      textColor: "#000",
      alpha: 0.2,
    };
    paint(ctx, scene({ bars: [bar] }), view, 1, new TextCache());
    // In view: x 1000…1060, so the label starts at 6 and has 60 − 12 = 48 px: 6 characters.
    expect(ops.slice(-2)).toEqual(["bar #123456 a0.2 -100,5 160x22", 'text #000 a0.2 "Umbre…" 6,16']);
  });

  it("shades only as far down as there are rows", () => {
    const { ctx, ops } = recorder();
    paint(
      ctx,
      scene({ contentHeight: 120, shades: [{ x: 1100, w: 20 }], today: { x: 1200, w: 2 } }),
      view,
      1,
      new TextCache(),
    );
    expect(ops).toContain("rect #eee 100,0 20x70");
    expect(ops).toContain("rect #e00 200,0 2x70");
  });

  it("draws a bar without a label when not even an ellipsis fits", () => {
    const { ctx, ops } = recorder();
    paint(
      ctx,
      scene({
        bars: [{ x: 1010, y: 60, w: 16, h: 22, color: "#abc", text: "Acme", textColor: "#000", alpha: 1 }],
      }),
      view,
      1,
      new TextCache(),
    );
    expect(ops.filter((o) => o.startsWith("text"))).toEqual([]);
    expect(ops.at(-1)).toBe("bar #abc a1 10,10 16x22");
  });
});

describe("paintHeader", () => {
  it("draws month names (cut to their room) and day numbers centred in their columns", () => {
    const { ctx, ops } = recorder();
    paintHeader(
      ctx,
      {
        palette,
        family: "sans-serif",
        months: [
          { x: 1000, text: "Nov 2026", room: 40 },
          { x: 1040, text: "Dec 2026", room: 96 },
        ],
        days: [
          { x: 1000, w: 20, text: "30", weekend: false, today: true },
          { x: 1020, w: 20, text: "1", weekend: true, today: false },
          { x: 1040, w: 20, text: "", weekend: false, today: false },
        ],
      },
      { width: 300, height: 53, scrollLeft: 1000 },
      1,
      new TextCache(),
    );
    expect(ops).toEqual([
      "scale 1 1",
      "rect #fafafa 0,0 300x53",
      // 37 px of room: 5 characters with the ellipsis.
      'text #111 600 "Nov…" 3,12',
      'text #111 600 "Dec 2026" 43,12',
      'text #777 a0.6 "1" 26.5,30',
      'text #e00 700 "30" 3,30',
    ]);
  });
});

describe("paintNames", () => {
  it("shades the cursor's row, draws each load on the right and the name in the room left", () => {
    const { ctx, ops } = recorder();
    paintNames(
      ctx,
      {
        palette,
        family: "sans-serif",
        rows: [
          { y: 40, h: 36, name: "Alice", load: "88%", current: false },
          { y: 76, h: 36, name: "Margaret Hamilton-Smithson", load: "100%", current: true },
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

describe("LabelCache", () => {
  /** Surfaces that record what is drawn on them; each is named by what it shows. */
  function surfaces() {
    const made: string[] = [];
    const make = (width: number, height: number) => {
      const surface = { name: "", width, height } as Surface & { name: string };
      const ctx = {
        font: "",
        fillStyle: "",
        textBaseline: "",
        scale: () => {},
        measureText: (s: string) => ({ width: mono(s) }),
        fillText(text: string) {
          surface.name = `${text}@${this.font}/${this.fillStyle}`;
          made.push(`${surface.name} ${width}x${height}`);
        },
      };
      surface.getContext = () => ctx as unknown as ReturnType<Surface["getContext"]>;
      return surface;
    };
    return { make, made };
  }

  it("draws each label once and copies it on whole device pixels afterwards", () => {
    const { make, made } = surfaces();
    const cache = new LabelCache(make);
    const { ctx, ops } = recorder();
    cache.draw(ctx, "Acme", 10.3, 20, "12px a", 12, "#fff", 2);
    cache.draw(ctx, "Acme", 50.2, 40, "12px a", 12, "#fff", 2);
    // 4 × 7 px + 2 = 30 px wide, 12 × 1.6 = 19.2 → 19.5 px high at 2 device pixels a pixel.
    expect(made).toEqual(["Acme@12px a/#fff 60x39"]);
    expect(ops).toEqual([
      "image Acme@12px a/#fff a1 10.5,10.5 30x19.5",
      "image Acme@12px a/#fff a1 50,30.5 30x19.5",
    ]);
    expect(cache.size).toBe(1);
  });

  it("keeps a label apart for each font, colour and pixel ratio", () => {
    const { make } = surfaces();
    const cache = new LabelCache(make);
    const { ctx } = recorder();
    cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#fff", 1);
    cache.draw(ctx, "Acme", 0, 10, "12px b", 12, "#fff", 1);
    cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#000", 1);
    cache.draw(ctx, "Acme", 0, 10, "12px a", 12, "#fff", 2);
    expect(cache.size).toBe(4);
  });

  it("draws the text itself when no surface can be made", () => {
    const cache = new LabelCache(() => null);
    const { ctx, ops } = recorder();
    ctx.fillStyle = "#123";
    ctx.font = "12px a";
    cache.draw(ctx, "Acme", 5, 10, "12px a", 12, "#123", 1);
    expect(ops).toEqual(['text #123 "Acme" 5,10']);
  });
});

describe("rehearsal", () => {
  it("alternates right and left of the view, one step further each time, in chunks that continue each other", () => {
    expect(rehearsal(100, 0, 6)).toEqual([110, 90, 120, 80, 130, 70]);
    expect(rehearsal(100, 6, 2)).toEqual([140, 60]);
    expect(rehearsal(100, 0, 4, 20)).toEqual([120, 80, 140, 60]);
  });
  it("skips the views left of the content's start", () => {
    expect(rehearsal(15, 0, 6)).toEqual([25, 5, 35, 45]);
    expect(rehearsal(0, 0, 4)).toEqual([10, 20]);
  });
});

describe("paintPane", () => {
  const bar = (x: number, y: number, w: number, text = "Acme") => ({
    x,
    y,
    w,
    h: 22,
    color: "#123456",
    text,
    textColor: "#fff",
    alpha: 1,
  });
  // The view (400×200 at 1000, 50) sees x 1000…1400, y 50…250.
  const first = () => scene({ bars: [bar(1021, 65, 78), bar(1300, 105, 60), bar(1390, 145, 100)] });

  it("paints everything the first time, then moves the pixels and paints only what came into view", () => {
    const { ctx, ops } = recorder();
    const text = new TextCache();
    const last = paintPane(ctx, first(), view, 1, text, null, null);
    expect(ops.filter((o) => o.startsWith("bar"))).toHaveLength(3);
    ops.length = 0;
    // Ten pixels right; the scene is made again (a day came into view) with one bar more.
    const next = scene({ bars: [...first().bars, bar(1405, 185, 40)] });
    paintPane(ctx, next, { ...view, scrollLeft: 1010 }, 1, text, null, last);
    expect(ops[0]).toBe("scale 1 1");
    expect(ops[1]).toBe("image itself a1 -10,0");
    expect(ops).toContain("clip 390,0 10x200");
    // Only the bars reaching into the new stripe: the one at 1390 and the new one at 1405.
    expect(ops.filter((o) => o.startsWith("bar"))).toEqual([
      "bar #123456 a1 380,95 100x22",
      "bar #123456 a1 395,135 40x22",
    ]);
  });

  it("paints the left edge again as far as the names kept in sight reach, now and before", () => {
    const { ctx, ops } = recorder();
    const text = new TextCache();
    // A long bar begun left of the view: its name sits at the view's left edge.
    const s = scene({ bars: [bar(900, 65, 400, "Umbrella")] });
    const last = paintPane(ctx, s, view, 1, text, null, null);
    expect(last.reach).toBe(Math.ceil(LABEL_PAD + mono("Umbrella") + 3));
    ops.length = 0;
    paintPane(ctx, s, { ...view, scrollLeft: 1010 }, 1, text, null, last);
    expect(ops).toContain(`clip 0,0 ${last.reach}x200`);
    expect(ops).toContain('text #fff "Umbrella" 6,26');
  });

  it("paints everything again when something changed where both views see", () => {
    const { ctx, ops } = recorder();
    const text = new TextCache();
    const last = paintPane(ctx, first(), view, 1, text, null, null);
    ops.length = 0;
    const recoloured = first();
    recoloured.bars[1] = { ...(recoloured.bars[1] as (typeof recoloured.bars)[number]), color: "#e4572e" };
    paintPane(ctx, recoloured, { ...view, scrollLeft: 1010 }, 1, text, null, last);
    expect(ops).not.toContain("image itself a1 -10,0");
    expect(ops.filter((o) => o.startsWith("bar"))).toHaveLength(3);
  });

  it("does nothing when neither the view nor what it shows changed", () => {
    const { ctx, ops } = recorder();
    const text = new TextCache();
    const last = paintPane(ctx, first(), view, 1, text, null, null);
    ops.length = 0;
    paintPane(ctx, first(), view, 1, text, null, last);
    expect(ops.filter((o) => o.startsWith("bar") || o.startsWith("image") || o.startsWith("rect"))).toEqual(
      [],
    );
  });
});

describe("movable", () => {
  const painted = (over: Partial<Painted> = {}): Painted => ({
    scene: scene({
      bars: [{ x: 1100, y: 100, w: 50, h: 22, color: "#abc", text: "A", textColor: "#000", alpha: 1 }],
    }),
    view,
    ratio: 1,
    reach: 0,
    ...over,
  });
  it("moves by whole device pixels, less than half the view, on the same canvas size and ratio", () => {
    expect(movable(painted(), painted({ view: { ...view, scrollLeft: 1010, scrollTop: 70 } }))).toBe(true);
    expect(
      movable(painted({ ratio: 1.5 }), painted({ ratio: 1.5, view: { ...view, scrollLeft: 1001 } })),
    ).toBe(false);
    expect(
      movable(painted({ ratio: 1.5 }), painted({ ratio: 1.5, view: { ...view, scrollLeft: 1002 } })),
    ).toBe(true);
    expect(movable(painted(), painted({ view: { ...view, scrollLeft: 1200 } }))).toBe(false);
    expect(movable(painted(), painted({ view: { ...view, scrollTop: 150 } }))).toBe(false);
    expect(movable(painted(), painted({ view: { ...view, width: 401 } }))).toBe(false);
    expect(movable(painted(), painted({ ratio: 2 }))).toBe(false);
  });
  it("compares what is painted where both views see, not outside", () => {
    const moved = { ...view, scrollLeft: 1100 }; // both see x 1100…1400
    const gone = painted({ scene: scene(), view: moved });
    expect(movable(painted(), gone)).toBe(false); // the bar at 1100 is in both views
    const outside = scene({
      bars: [
        ...painted().scene.bars,
        { x: 1420, y: 60, w: 30, h: 22, color: "#f00", text: "B", textColor: "#000", alpha: 1 },
      ],
    });
    expect(movable(painted(), painted({ scene: outside, view: moved }))).toBe(true);
    // An overbooked run cut at the days laid out, longer once more days are: the same where both see.
    const cut = painted({ scene: scene({ ...painted().scene, over: [{ x: 1300, y: 100, w: 150, h: 36 }] }) });
    const longer = scene({ ...painted().scene, over: [{ x: 1300, y: 100, w: 260, h: 36 }] });
    expect(movable(cut, painted({ scene: longer, view: moved }))).toBe(true);
    const shorter = scene({ ...painted().scene, over: [{ x: 1300, y: 100, w: 60, h: 36 }] });
    expect(movable(cut, painted({ scene: shorter, view: moved }))).toBe(false);
    const faded = painted().scene.bars.map((b) => ({ ...b, alpha: 0.2 }));
    expect(movable(painted(), painted({ scene: scene({ bars: faded }), view: moved }))).toBe(false);
    expect(
      movable(
        painted(),
        painted({ scene: scene({ ...painted().scene, palette: { ...palette } }), view: moved }),
      ),
    ).toBe(false);
  });
});

describe("stripes", () => {
  it("is what came into view, and the left edge as far as the names kept in sight reach", () => {
    expect(stripes(view, 10, 0, 0, 0)).toEqual([{ x: 390, y: 0, w: 10, h: 200 }]);
    expect(stripes(view, -10, 0, 0, 0)).toEqual([{ x: 0, y: 0, w: 10, h: 200 }]);
    expect(stripes(view, 0, 20, 50, 50)).toEqual([{ x: 0, y: 180, w: 400, h: 20 }]);
    expect(stripes(view, 0, -20, 0, 0)).toEqual([{ x: 0, y: 0, w: 400, h: 20 }]);
    // Names reaching 60 px before and 40 now: moved right by 10, the old ones end at 50.
    expect(stripes(view, 10, 0, 60, 40)).toEqual([
      { x: 390, y: 0, w: 10, h: 200 },
      { x: 0, y: 0, w: 50, h: 200 },
    ]);
    // Scrolled left, the old names moved right: to 70.
    expect(stripes(view, -10, 0, 60, 0)).toEqual([{ x: 0, y: 0, w: 70, h: 200 }]);
  });
});

describe("reachOfNames", () => {
  it("measures the names of bars begun left of the view only", () => {
    const s = scene({
      bars: [
        { x: 900, y: 60, w: 300, h: 22, color: "#abc", text: "Acme", textColor: "#000", alpha: 1 },
        { x: 1050, y: 90, w: 300, h: 22, color: "#abc", text: "Globex Website", textColor: "#000", alpha: 1 },
        { x: 800, y: 400, w: 300, h: 22, color: "#abc", text: "Below the view", textColor: "#000", alpha: 1 },
      ],
    });
    expect(reachOfNames(s, view, new TextCache(), mono)).toBe(Math.ceil(LABEL_PAD + mono("Acme") + 3));
    expect(reachOfNames(scene(), view, new TextCache(), mono)).toBe(0);
  });
});

describe("sameNames", () => {
  const rows = () => [
    { y: 0, h: 36, name: "Ada", load: "80%", current: false },
    { y: 36, h: 62, name: "Ben", load: "45%", current: true },
  ];
  const names = (over = {}) => ({ palette, family: "sans-serif", rows: rows(), ...over });
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
