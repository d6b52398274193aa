import { describe, expect, it } from "vitest";
import { leastUsedColor, luminance, PALETTE, textOn } from "./color";
import { at } from "./testing";

describe("text colour on a bar", () => {
  it("uses white on dark and black on light colours", () => {
    expect(textOn("#000000")).toBe("#FFFFFF");
    expect(textOn("#FFFFFF")).toBe("#000000");
    expect(textOn("#FFC914")).toBe("#000000"); // yellow
    expect(textOn("#1F2A44")).toBe("#FFFFFF"); // navy
    expect(textOn("#4D72F3")).toBe("#000000"); // mid blue: black contrasts slightly more
  });

  it("computes WCAG luminance", () => {
    expect(luminance("#FFFFFF")).toBeCloseTo(1);
    expect(luminance("#000000")).toBeCloseTo(0);
  });
});

describe("project colours", () => {
  it("offers the palette colour used least", () => {
    expect(leastUsedColor([])).toBe(PALETTE[0]);
    expect(leastUsedColor([at(PALETTE, 0).toLowerCase()])).toBe(PALETTE[1]);
    expect(leastUsedColor([...PALETTE, ...PALETTE.slice(0, 5)])).toBe(PALETTE[5]);
    for (const c of PALETTE) expect(c).toMatch(/^#[0-9A-F]{6}$/);
  });
});
