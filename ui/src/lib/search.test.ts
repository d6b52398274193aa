import { describe, expect, it } from "vitest";
import { matches } from "./search";

describe("name search", () => {
  it("folds case and width and ignores surrounding spaces", () => {
    expect(matches("Acme Redesign", " acme ")).toBe(true);
    expect(matches("ＡＣＭＥ", "acme")).toBe(true);
    expect(matches("ｶﾞｲﾄﾞ", "ガイド")).toBe(true);
    expect(matches("山田 太郎", "山田")).toBe(true);
    expect(matches("Acme", "Beta")).toBe(false);
    expect(matches("anything", "")).toBe(true);
  });
});
