import { describe, expect, it } from "vitest";
import type { LiveNewsDto } from "../../ipc";
import { ACTIVE_MS, LivePoller, nextDelay, SLOWEST_MS } from "./live";

describe("how often the live view asks", () => {
  const state = { hidden: false, offline: false, idleMs: 0, failures: 0 };

  it("every 2 s while active, slower while idle, never hidden or offline", () => {
    expect(nextDelay(state)).toBe(ACTIVE_MS);
    expect(nextDelay({ ...state, idleMs: 59_000 })).toBe(ACTIVE_MS);
    expect(nextDelay({ ...state, idleMs: 61_000 })).toBe(4_000);
    expect(nextDelay({ ...state, idleMs: 3 * 60_000 })).toBe(16_000);
    expect(nextDelay({ ...state, idleMs: 60 * 60_000 })).toBe(SLOWEST_MS);
    expect(nextDelay({ ...state, hidden: true })).toBeNull();
    expect(nextDelay({ ...state, offline: true })).toBeNull();
    expect(nextDelay({ ...state, failures: 2 })).toBe(8_000);
  });

  it("asks on its clock, stops while hidden, asks at once when shown again", async () => {
    let now = 0;
    let hidden = false;
    const timers: { at: number; run: () => void }[] = [];
    const news: LiveNewsDto[] = [];
    const poller = new LivePoller({
      ask: async () => ({ kind: "changes", items: [] }),
      apply: (n) => {
        news.push(n);
      },
      hidden: () => hidden,
      offline: () => false,
      now: () => now,
      later: (run, ms) => {
        const t = { at: now + ms, run };
        timers.push(t);
        return () => timers.splice(timers.indexOf(t), 1);
      },
    });
    const step = async () => {
      const t = timers.shift();
      if (!t) return false;
      now = t.at;
      t.run();
      await new Promise((r) => setTimeout(r, 0));
      return true;
    };
    poller.start();
    expect(timers.map((t) => t.at)).toEqual([2_000]);
    await step();
    await step();
    expect(news).toHaveLength(2);
    expect(now).toBe(4_000);
    hidden = true;
    await step(); // the ask due finds the window hidden: none, and none planned
    expect(news).toHaveLength(2);
    expect(timers).toHaveLength(0);
    hidden = false;
    poller.wake();
    expect(timers.map((t) => t.at - now)).toEqual([0]);
    await step();
    expect(news).toHaveLength(3);
    poller.stop();
    expect(timers).toHaveLength(0);
  });
});
