import { describe, expect, it } from "vitest";
import { matches, sameNameIn } from "./search";

describe("a name that repeats another", () => {
  it("is the same once trimmed and folded for case, width and spaces", () => {
    const team = ["Alice Johnson", "Globex Website", "山田 太郎"];
    expect(sameNameIn(" alice  johnson ", team)).toBe("Alice Johnson");
    expect(sameNameIn("globex website", team)).toBe("Globex Website");
    expect(sameNameIn("ＧＬＯＢＥＸ　ＷＥＢＳＩＴＥ", team)).toBe("Globex Website");
    expect(sameNameIn("山田　太郎", team)).toBe("山田 太郎");
    expect(sameNameIn("Alice Johnston", team)).toBeNull();
    expect(sameNameIn("  ", team)).toBeNull();
  });
});

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
