import { describe, expect, it } from "vitest";
import { reportWindowErrors, said } from "./windowErrors";

describe("the window's errors", () => {
  it("sends an uncaught error with its stack, and a rejection with what it says", async () => {
    const target = new EventTarget();
    const sent: [string, string, string][] = [];
    const stop = reportWindowErrors(target as unknown as Window, async (kind, message, at) => {
      sent.push([kind, message, at]);
    });
    const error = new TypeError("x is undefined");
    target.dispatchEvent(
      Object.assign(new Event("error"), {
        error,
        message: "x is undefined",
        filename: "a.js",
        lineno: 3,
        colno: 7,
      }),
    );
    target.dispatchEvent(
      Object.assign(new Event("error"), {
        error: undefined,
        message: "Script error.",
        filename: "b.js",
        lineno: 1,
        colno: 2,
      }),
    );
    target.dispatchEvent(
      Object.assign(new Event("unhandledrejection"), {
        reason: { code: "conflict", message: "changed meanwhile" },
      }),
    );
    expect(sent[0]?.slice(0, 2)).toEqual(["error", "TypeError: x is undefined"]);
    expect(sent[0]?.[2]).toContain("x is undefined");
    expect(sent[1]).toEqual(["error", "Script error.", "b.js:1:2"]);
    expect(sent[2]).toEqual(["rejection", "conflict: changed meanwhile", ""]);
    stop();
    target.dispatchEvent(Object.assign(new Event("error"), { error: new Error("after") }));
    expect(sent).toHaveLength(3);
  });

  it("says any thrown value, and a send that fails is dropped quietly", async () => {
    expect(said("plain")).toBe("plain");
    expect(said({ a: 1 })).toBe('{"a":1}');
    expect(said(42)).toBe("42");
    const target = new EventTarget();
    reportWindowErrors(target as unknown as Window, () => Promise.reject(new Error("no log")));
    target.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason: new Error("lost") }));
    await new Promise((r) => setTimeout(r, 0));
  });
});
