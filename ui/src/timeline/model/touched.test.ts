import { describe, expect, it } from "vitest";
import { Touched } from "./touched";

describe("Touched", () => {
  it("says which items changed after a read was asked, and forgets them once no read is out", () => {
    const t = new Touched();
    t.mark("a:before"); // no read out: nothing to remember
    const first = t.ask();
    t.mark("a:x");
    const second = t.ask();
    t.mark("a:y");
    expect(t.since("a:before", first)).toBe(false);
    expect(t.since("a:x", first)).toBe(true);
    expect(t.since("a:x", second)).toBe(false); // changed before the second read was asked
    expect(t.since("a:y", second)).toBe(true);
    t.done();
    expect(t.since("a:y", second)).toBe(true); // the second read is still out
    t.done();
    expect(t.since("a:y", second)).toBe(false); // none out: forgotten
  });
});
