import { describe, expect, it } from "vitest";
import { mono, palette, recorder, surfaces } from "../../../test-support/timeline/canvasTesting";
import type { Scene } from "../scene/sceneTypes";
import { HATCH, LABEL_PAD, LabelCache, TextCache } from "./labels";
import {
  changedBands,
  labelBox,
  movable,
  type Painted,
  paint,
  paintPane,
  reachOfNames,
  rehearsal,
  sameWithin,
  stripes,
} from "./paint";

const view = { width: 400, height: 200, scrollLeft: 1000, scrollTop: 50 };

function scene(over: Partial<Scene> = {}): Scene {
  return {
    contentHeight: 1000,
    palette,
    font: "12px sans-serif",
    shades: [],
    weeks: [],
    rowLines: [],
    bands: [],
    closed: [],
    away: [],
    heat: [],
    strips: [],
    origin: 0,
    px: 20,
    over: [],
    today: null,
    bars: [],
    ...over,
  };
}

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

  it("draws a thin bar (compact rows') as a plain rectangle", () => {
    const { ctx, ops } = recorder();
    const thin = { x: 1021, y: 65, w: 78, h: 5, color: "#123456", text: "", textColor: "#fff", alpha: 1 };
    paint(ctx, scene({ bars: [thin] }), view, 1, new TextCache());
    expect(ops.slice(2)).toEqual(["rect #123456 21,15 78x5"]);
  });

  it("draws compact rows' load strips from their runs of days, inset a pixel, each level in its colour, nothing where no capacity", () => {
    const { ctx, ops } = recorder();
    const runs = [
      { from: 50, to: 52, level: "free" as const },
      { from: 52, to: 53, level: "noCapacity" as const },
      { from: 53, to: 55, level: "over" as const },
      { from: 55, to: 57, level: "over" as const }, // a chunk's end between two runs of a level
    ];
    // Day 50 at content x 1000 (origin 0, 20 px a day): the view's left edge.
    paint(ctx, scene({ strips: [{ y: 96, h: 4, runs }] }), view, 1, new TextCache());
    expect(ops.slice(2)).toEqual([
      `rect ${palette.heat.free} 1,47 38x2`,
      `rect ${palette.heat.over} 61,47 38x2`,
      `rect ${palette.heat.over} 101,47 38x2`,
    ]);
  });

  it("tells a strip's run of another level apart, as a band over its row and as pixels that cannot move", () => {
    const runs = [{ from: 50, to: 55, level: "part" as const }];
    const p = scene({ strips: [{ y: 96, h: 4, runs }] });
    const q = scene({ strips: [{ y: 96, h: 4, runs: [{ from: 50, to: 55, level: "over" as const }] }] });
    expect(changedBands(p, q, view)).toEqual([{ x: 0, y: 45, w: 400, h: 6 }]);
    expect(changedBands(p, scene({ strips: [{ y: 96, h: 4, runs: [...runs] }] }), view)).toEqual([]);
    expect(sameWithin(p, q, { x: 1000, y: 50, w: 400, h: 200 })).toBe(false);
    // Where neither has a run (left of day 50), or away from the row, the two paint the same.
    expect(sameWithin(p, q, { x: 0, y: 50, w: 900, h: 200 })).toBe(true);
    expect(sameWithin(p, q, { x: 1000, y: 200, w: 400, h: 100 })).toBe(true);
  });

  it("draws a section's header as a band over the weekends, in the header's colour with a line under it", () => {
    const { ctx, ops } = recorder();
    paint(
      ctx,
      scene({ shades: [{ x: 1100, w: 20 }], bands: [{ y: 60, h: 28, cells: [] }] }),
      view,
      1,
      new TextCache(),
    );
    expect(ops.slice(2)).toEqual([
      "rect #eee 100,0 20x200",
      "rect #fafafa 0,10 400x28",
      "rect #ddd 0,37 400x1",
    ]);
  });

  it("writes a project's hours of each week in its band (the project view), within the week's cell", () => {
    const { ctx, ops } = recorder();
    const cells = [
      { x: 1000, w: 140, text: "32h" },
      { x: 1140, w: 140, text: "7.5h" },
    ];
    paint(ctx, scene({ bands: [{ y: 60, h: 28, cells }] }), view, 1, new TextCache());
    expect(ops.filter((o) => o.startsWith("text"))).toEqual([
      'text #111 "32h" 6,24',
      'text #111 "7.5h" 146,24',
    ]);
  });

  it("writes a heat cell's text in the cell's own text colour, whatever was filled before it", () => {
    const { ctx, ops } = recorder();
    const cell = (x: number, textColor: string) => ({
      x,
      y: 60,
      w: 140,
      h: 36,
      color: "#3182bd",
      text: "40h",
      textColor,
    });
    paint(
      ctx,
      scene({ today: { x: 1200, w: 2 }, heat: [cell(1000, "#ffffff"), cell(1140, "#111111")] }),
      view,
      1,
      new TextCache(),
    );
    expect(ops.filter((o) => o.startsWith("text"))).toEqual([
      'text #ffffff "40h" 6,28',
      'text #111111 "40h" 146,28',
    ]);
  });

  it("draws a tentative bar as a light wash, hatched and outlined in its colour: fills only", () => {
    const { ctx, ops } = recorder();
    const { make, made } = surfaces();
    const labels = new LabelCache(make);
    const bar = {
      x: 1021,
      y: 65,
      w: 30,
      h: 22,
      color: "#123456",
      text: "",
      textColor: "#111",
      alpha: 1,
      tentative: true,
    };
    paint(ctx, scene({ bars: [bar] }), view, 2, new TextCache(), labels);
    const tile = "hatch #123456 a0.55 w3";
    // One tile, HATCH px square in device pixels, its lines where x + y is 0, 12 and 24.
    expect(HATCH * 2).toBe(12);
    expect(made).toEqual([`${tile} 12x12: 2,-2–-2,2 14,-2–-2,14 26,-2–-2,26`]);
    const drawn = (at: string[]) => at.slice(at.indexOf("bar #123456 a0.25 21,15 30x22"));
    expect(drawn(ops)).toEqual([
      "bar #123456 a0.25 21,15 30x22",
      // Device pixels of the tile, its origin at the content's top-left corner.
      `pattern ${tile} 0.5 0 0 0.5 -1000,-50`,
      `bar pattern(${tile}) a1 21,15 30x22`,
      "bar #123456 a1 21,15 30x22 + 22.5,16.5 27x19 evenodd",
    ]);
    // Scrolled: the same tile, moved with the content.
    ops.length = 0;
    paint(ctx, scene({ bars: [bar] }), { ...view, scrollLeft: 1010 }, 2, new TextCache(), labels);
    expect(made).toHaveLength(1);
    expect(ops).toContain(`pattern ${tile} 0.5 0 0 0.5 -1010,-50`);
    // Without a canvas for the tile: the wash and the outline.
    const { ctx: bare, ops: plain } = recorder();
    paint(bare, scene({ bars: [bar] }), view, 1, new TextCache());
    expect(drawn(plain)).toEqual([
      "bar #123456 a0.25 21,15 30x22",
      "bar #123456 a1 21,15 30x22 + 22.5,16.5 27x19 evenodd",
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

  it("lines where each week starts, as far down as there are rows", () => {
    const { ctx, ops } = recorder();
    paint(ctx, scene({ contentHeight: 120, weeks: [1140, 1280] }), view, 1, new TextCache());
    expect(ops.filter((o) => o.endsWith("1x70"))).toEqual([
      `rect ${palette.line} 140,0 1x70`,
      `rect ${palette.line} 280,0 1x70`,
    ]);
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

  it("paints again only the bands of the rows that changed when the view stayed", () => {
    const { ctx, ops } = recorder();
    const text = new TextCache();
    const last = paintPane(ctx, first(), view, 1, text, null, null);
    ops.length = 0;
    // The bar at content y 105 dropped two rows down (y 185), as a drag's drop makes the scene.
    const dropped = first();
    dropped.bars[1] = { ...(dropped.bars[1] as (typeof dropped.bars)[number]), y: 185 };
    paintPane(ctx, dropped, view, 1, text, null, last);
    expect(ops.filter((o) => o.startsWith("clip"))).toEqual(["clip 0,54 400x24", "clip 0,134 400x24"]);
    // Each band's background, then what reaches into it: the dropped bar, in the second band only.
    expect(ops.filter((o) => o.startsWith("rect") || o.startsWith("bar"))).toEqual([
      `rect ${palette.bg} 0,0 400x200`,
      `rect ${palette.bg} 0,0 400x200`,
      "bar #123456 a1 300,135 60x22",
    ]);
    expect(ops).not.toContain("image itself a1 0,0");
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
  it("moves the pixels with a tentative bar in view (its hatching is fixed to the content), and tells a bar made tentative apart", () => {
    const hatched = (over: Partial<Painted> = {}) =>
      painted({
        scene: scene({
          bars: [
            {
              x: 1100,
              y: 100,
              w: 50,
              h: 22,
              color: "#abc",
              text: "A",
              textColor: "#000",
              alpha: 1,
              tentative: true,
            },
          ],
        }),
        ...over,
      });
    const step = { view: { ...view, scrollLeft: 1010 } };
    expect(movable(hatched(), hatched(step))).toBe(true);
    expect(movable(painted(), painted(step))).toBe(true);
    const a = painted().scene;
    expect(sameWithin(a, hatched().scene, { x: 1000, y: 0, w: 400, h: 200 })).toBe(false);
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

describe("changedBands", () => {
  const bar = (x: number, y: number, over: Partial<Scene["bars"][number]> = {}) => ({
    x,
    y,
    w: 60,
    h: 22,
    color: "#123456",
    text: "Acme",
    textColor: "#fff",
    alpha: 1,
    ...over,
  });
  // The view (400×200 at 1000, 50) sees content y 50…250; rows every 40 px.
  const rows = {
    rowLines: [80, 120, 160, 200, 240],
    weeks: [1020, 1160, 1300],
    shades: [{ x: 1100, w: 40 }],
  };
  const was = () => scene({ ...rows, bars: [bar(1020, 55), bar(1100, 95), bar(1200, 135)] });

  it("is nothing when the scene was made again the same", () => {
    expect(changedBands(was(), was(), view)).toEqual([]);
  });

  it("is a band across the view over each place a thing left or came to, a pixel more each side", () => {
    const after = was();
    after.bars[1] = bar(1140, 175); // moved two rows down and two days on
    expect(changedBands(was(), after, view)).toEqual([
      { x: 0, y: 44, w: 400, h: 24 },
      { x: 0, y: 124, w: 400, h: 24 },
    ]);
  });

  it("tells a bar that only looks different (faded, its name, made tentative) and a row's other marks", () => {
    for (const changed of [{ alpha: 0.4 }, { text: "Acme Co" }, { tentative: true }, { color: "#e4572e" }]) {
      const after = was();
      after.bars[2] = bar(1200, 135, changed);
      expect(changedBands(was(), after, view), JSON.stringify(changed)).toEqual([
        { x: 0, y: 84, w: 400, h: 24 },
      ]);
    }
    const over = scene({ ...was(), over: [{ x: 1100, y: 95, w: 40, h: 22 }] });
    expect(changedBands(was(), over, view)).toEqual([{ x: 0, y: 44, w: 400, h: 24 }]);
    const away = scene({ ...was(), away: [{ x: 1100, y: 135, w: 40, h: 40 }] });
    expect(changedBands(away, was(), view)).toEqual([{ x: 0, y: 84, w: 400, h: 42 }]);
  });

  it("tells a thing painted twice from once (a faded bar over its twin is darker)", () => {
    const twice = was();
    twice.bars.push(bar(1100, 95));
    expect(changedBands(was(), twice, view)).toEqual([{ x: 0, y: 44, w: 400, h: 24 }]);
  });

  it("merges bands that touch, cuts them to the view and leaves out what is outside it", () => {
    const after = was();
    after.bars[0] = bar(1020, 60); // 55…77 and 60…82: one band
    after.bars.push(bar(1020, 400)); // below the view
    expect(changedBands(was(), after, view)).toEqual([{ x: 0, y: 4, w: 400, h: 29 }]);
    const top = was();
    top.bars[0] = bar(1020, 40); // reaching above the view: cut at its top
    expect(changedBands(was(), top, view)).toEqual([{ x: 0, y: 0, w: 400, h: 28 }]);
  });

  it("is null (painted anew) when what runs through the whole pane differs, or the bands cover most of it", () => {
    const s = was();
    expect(changedBands(s, { ...s, palette: { ...palette, bg: "#000" } }, view)).toBeNull();
    expect(changedBands(s, { ...s, font: "13px sans-serif" }, view)).toBeNull();
    expect(changedBands(s, { ...s, contentHeight: 999 }, view)).toBeNull();
    expect(changedBands(s, { ...s, rowLines: [80, 121, 160, 200, 240] }, view)).toBeNull();
    expect(changedBands(s, { ...s, weeks: [1020, 1160] }, view)).toBeNull();
    expect(changedBands(s, { ...s, shades: [] }, view)).toBeNull();
    expect(changedBands(s, { ...s, today: { x: 1200, w: 2 } }, view)).toBeNull();
    expect(changedBands(s, { ...s, bands: [{ y: 100, h: 30, cells: [] }] }, view)).toBeNull();
    const most = scene({ ...rows, bars: [0, 1, 2, 3].map((i) => bar(1020, 55 + 40 * i, { h: 30 })) });
    expect(changedBands(was(), most, view)).toBeNull();
  });
});
