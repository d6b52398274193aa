import { describe, expect, it } from "vitest";
import { palette, recorder } from "../../../test-support/timeline/canvasTesting";
import type { HeaderScene } from "../scene/sceneTypes";
import { TextCache } from "./labels";
import { paintHeader } from "./paintHeader";

/** What painting the header of `months` and `days`, scrolled to x 1000 in a 300 px view, draws. */
function painted(months: HeaderScene["months"], days: HeaderScene["days"]): string[] {
  const { ctx, ops } = recorder();
  paintHeader(
    ctx,
    { palette, family: "sans-serif", months, days },
    { width: 300, height: 53, scrollLeft: 1000 },
    1,
    new TextCache(),
  );
  return ops;
}

describe("paintHeader", () => {
  it("draws month names (cut to their room) and day numbers centred in their columns", () => {
    const ops = painted(
      [
        { x: 1000, text: "Nov 2026", room: 40 },
        { x: 1040, text: "Dec 2026", room: 96 },
      ],
      [
        { x: 1000, w: 20, text: "30", weekend: false, today: true },
        { x: 1020, w: 20, text: "1", weekend: true, today: false },
        { x: 1040, w: 20, text: "", weekend: false, today: false },
      ],
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

  it("cuts a month name pushed out at the left edge at its end, never at its start", () => {
    // November's label slides out as December's comes: 30 of its 80 px are left of the view.
    const ops = painted(
      [
        { x: 970, text: "2026年11月", room: 80 },
        { x: 1050, text: "2026年12月", room: 96 },
      ],
      [],
    );
    const texts = ops.filter((o) => o.startsWith("text"));
    expect(texts[0]).toBe('text #111 600 "2026年…" 3,12');
    expect(texts[1]).toBe('text #111 600 "2026年12月" 53,12');
  });
});
