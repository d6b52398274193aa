import { describe, expect, it } from "vitest";
import { ACTIVITY } from "./activity/activityWords";
import { errorText } from "./errors";
import { MESSAGES, pickLanguage } from "./i18n";
import { REPORT } from "./report/reportWords";
import { SESSION } from "./session/sessionWords";
import { CAPACITY } from "./timeline/capacityWords";

describe("language", () => {
  it("follows the first known preferred language", () => {
    expect(pickLanguage(["ja-JP", "en-US"])).toBe("ja");
    expect(pickLanguage(["fr-FR", "ja"])).toBe("ja");
    expect(pickLanguage(["en-GB", "ja"])).toBe("en");
    expect(pickLanguage([])).toBe("en");
  });

  it("has every message in both languages", () => {
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(MESSAGES.ja)).toEqual(keys(MESSAGES.en));
    expect(keys(MESSAGES.ja.zoom)).toEqual(keys(MESSAGES.en.zoom));
    expect(keys(SESSION.ja.roles)).toEqual(keys(SESSION.en.roles));
    for (const words of [CAPACITY, REPORT, ACTIVITY, SESSION]) expect(keys(words.ja)).toEqual(keys(words.en));
    expect(MESSAGES.ja.people(3)).toBe("メンバー (3)");
  });

  it("says a delete without assignments without counting zero of them", () => {
    expect(MESSAGES.en.deleted("Ada", 0)).toBe("Ada deleted.");
    expect(MESSAGES.en.deleted("Ada", 1)).toBe("Ada and 1 assignment deleted.");
    expect(MESSAGES.en.deleted("Ada", 1200)).toBe("Ada and 1,200 assignments deleted.");
    expect(MESSAGES.ja.deleted("Ada", 0)).toBe("Ada を削除しました。");
  });

  it("turns error codes into sentences", () => {
    const e = { code: "conflict", message: "the assignment was changed by someone else" };
    expect(errorText("en", e)).toBe("The assignment was changed by someone else.");
    expect(errorText("en", { code: "x", message: "done already." })).toBe("Done already.");
    expect(errorText("ja", e)).toContain("他の人");
    expect(errorText("ja", { code: "mystery", message: "raw" })).toBe("raw");
    // What only the message can tell (the setting, AWS's answer) stays, after a Japanese sentence.
    expect(
      errorText("ja", { code: "config", message: "dynamodb.table: a table name has 3 to 255 characters" }),
    ).toBe("設定に使えない値があります。（詳細: dynamodb.table: a table name has 3 to 255 characters.）");
    expect(
      errorText("ja", {
        code: "credentials",
        message: "the AWS credentials were refused or are missing: expired",
      }),
    ).toMatch(
      /^AWS の認証情報が拒否されたか、見つかりません。.*（詳細: The AWS credentials were refused or are missing: expired\.）$/,
    );
    expect(errorText("ja", { code: "engine", message: "raw" })).toBe(
      "データストアでエラーが発生しました。（詳細: Raw.）",
    );
    expect(errorText("en", new Error("boom"))).toBe(MESSAGES.en.failed);
    // A settings key is written as in the file, not capitalised.
    const key = { code: "config", message: "dynamodb.table: a table name has 3 to 255 characters" };
    expect(errorText("en", key)).toBe("dynamodb.table: a table name has 3 to 255 characters.");
    expect(errorText("en", { code: "config", message: "mode: no such mode" })).toBe("mode: no such mode.");
  });
});

describe("a day the calendar lacks", () => {
  it("is said with the month's days, in both languages", () => {
    expect(MESSAGES.en.dateNoDay(2027, 2, 28)).toBe(
      "That day is not in the calendar: February 2027 has 28 days.",
    );
    expect(MESSAGES.ja.dateNoDay(2027, 2, 28)).toBe(
      "その日はカレンダーにありません。2027年2月は28日までです。",
    );
  });
});
