import { describe, expect, it } from "vitest";
import { chunkRange, chunkSpans, chunksToLoad } from "./chunks";

describe("windows to load while scrolling", () => {
  it("asks only for the chunks not loaded yet", () => {
    expect(chunksToLoad(0, 56, new Set())).toEqual([0, 1]);
    expect(chunksToLoad(10, 60, new Set([0, 1]))).toEqual([2]);
    expect(chunksToLoad(-5, 3, new Set())).toEqual([-1, 0]);
    expect(chunkRange(2)).toEqual({ from: 56, to: 84 });
  });
});

describe("chunkSpans", () => {
  it("joins adjacent chunks and keeps gaps, whatever the order", () => {
    expect(chunkSpans([5, 3, 4, 9])).toEqual([
      { from: 84, to: 168 },
      { from: 252, to: 280 },
    ]);
    expect(chunkSpans([])).toEqual([]);
    expect(chunkSpans([-1, 0, 0])).toEqual([{ from: -28, to: 28 }]);
  });
});
