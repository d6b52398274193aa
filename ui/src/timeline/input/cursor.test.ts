import { describe, expect, it } from "vitest";
import { BARS, PEOPLE, TODAY, timeline } from "../../../test-support/timeline/fixture";
import { at } from "../../../test-support/timeline/testing";
import { ui } from "../../lang.svelte";
import { laneRows } from "../scene/rowData";
import { barUnder, clamped, NO_BAR, onBar, spanOf } from "./cursor.svelte";

const ada = at(laneRows(PEOPLE, BARS), 0);

describe("the cursor", () => {
  it("covers its day, or the days it is stretched over either way", () => {
    expect(spanOf({ row: 0, day: 10, extent: 0 })).toEqual({ from: 10, to: 11 });
    expect(spanOf({ row: 0, day: 10, extent: 3 })).toEqual({ from: 10, to: 14 });
    expect(spanOf({ row: 0, day: 10, extent: -2 })).toEqual({ from: 8, to: 11 });
  });

  it("is on the top lane's bar where bars overlap, unless another was chosen or none", () => {
    expect(barUnder(ada, { row: 0, day: TODAY + 2, extent: 0 })?.id).toBe("a1");
    expect(barUnder(ada, { row: 0, day: TODAY + 2, extent: 0, bar: "a2" })?.id).toBe("a2");
    expect(barUnder(ada, { row: 0, day: TODAY + 2, extent: 0, bar: NO_BAR })).toBeNull();
    expect(barUnder(ada, { row: 0, day: TODAY + 5, extent: 0, bar: "a1" })?.id).toBe("a2");
    expect(barUnder(ada, { row: 0, day: TODAY + 2, extent: 1 })).toBeNull();
    expect(barUnder(undefined, { row: 0, day: TODAY, extent: 0 })).toBeNull();
  });

  it("stays within the rows, and on a bar's days when put on it", () => {
    expect(clamped(3, 7, 5)).toEqual({ row: 2, day: 5, extent: 0, bar: undefined });
    expect(clamped(3, -1, 5, 2, "x")).toEqual({ row: 0, day: 5, extent: 2, bar: "x" });
    expect(clamped(0, 4, 5).row).toBe(0);
    expect(onBar(3, at(BARS, 0), 0, TODAY + 9)).toEqual({ row: 0, day: TODAY + 3, extent: 0, bar: "a1" });
    expect(onBar(3, at(BARS, 0), 0, TODAY - 9).day).toBe(TODAY);
  });

  it("says where it is, its dates as the date fields write them", () => {
    ui.setDates("en-GB");
    const t = timeline();
    expect(t.cursor.text).toBe("Ada, Mon, 02/03/2026: Apollo: 02/03/2026 – 05/03/2026");
    t.cursor.stretch(2);
    expect(t.cursor.span).toEqual({ from: TODAY, to: TODAY + 3 });
    expect(t.cursor.text).toBe("Ada, 02/03/2026 – 04/03/2026, free");
    t.cursor.unstretch();
    t.cursor.set(2, TODAY + 1);
    expect(t.cursor.text).toBe("Cy, Tue, 03/03/2026, free");
    ui.setDates("ja-JP");
    expect(t.cursor.text).toBe("Cy, 2026/03/03(火), free");
    ui.setDates(null);
    t.cursor.toDay(TODAY + 7);
    expect(t.cursor.at).toEqual({ row: 2, day: TODAY + 7, extent: 0, bar: undefined });
    expect(t.cursor.point()).toEqual({ x: 100 + t.view.x(TODAY + 7), y: 50 + 134 });
  });
});
