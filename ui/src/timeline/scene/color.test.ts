import { describe, expect, it } from "vitest";
import { at } from "../../../test-support/timeline/testing";
import { distance, leastUsedColor, luminance, PALETTE, textOn } from "./color";

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
  it("offers the palette colour farthest from the team's, then the one used least", () => {
    expect(leastUsedColor([])).toBe(PALETTE[0]);
    // Blue in use: the orange-yellow is the farthest from it in OKLab.
    expect(leastUsedColor([at(PALETTE, 0).toLowerCase()])).toBe("#F2A541");
    expect(leastUsedColor([...PALETTE, ...PALETTE.slice(0, 5)])).toBe(PALETTE[5]);
    for (const c of PALETTE) expect(c).toMatch(/^#[0-9A-F]{6}$/);
  });

  it("never nearly repeats a colour the team uses", () => {
    // A blue a shade off the palette's first colour: that colour is not offered.
    expect(distance("#4E73F2", at(PALETTE, 0))).toBeLessThan(0.01);
    const offered = leastUsedColor(["#4E73F2"]);
    expect(distance(offered, "#4E73F2")).toBeGreaterThan(0.2);
    // Whatever the team uses, the colour offered is as far from it as the palette allows.
    const team = ["#4E73F2", "#E5582F", "#18A499", "#8D5BCE"];
    const next = leastUsedColor(team);
    const far = (c: string) => Math.min(...team.map((u) => distance(c, u)));
    for (const c of PALETTE) expect(far(next)).toBeGreaterThanOrEqual(far(c) - 1e-9);
    expect(far(next)).toBeGreaterThan(0.1);
  });

  it("offers a palette whose colours are told apart at a glance", () => {
    for (const [i, a] of PALETTE.entries())
      for (const b of PALETTE.slice(i + 1)) expect(distance(a, b), `${a} ~ ${b}`).toBeGreaterThan(0.07);
  });
});
