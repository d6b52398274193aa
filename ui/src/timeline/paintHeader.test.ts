import { describe, expect, it } from "vitest";
import { palette, recorder } from "./canvasTesting";
import { TextCache } from "./labels";
import { paintHeader } from "./paintHeader";

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
