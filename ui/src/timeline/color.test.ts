import { describe, expect, it } from "vitest";
import { luminance, textOn } from "./color";

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
