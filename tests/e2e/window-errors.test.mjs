// What goes wrong in the window reaches the app's log: an error thrown with no one to catch it
// and a promise rejected with no one to hear it are written to today's log file (in the app's
// data folder, `logs/app.YYYY-MM-DD.log`) as error lines with where they happened; a line break
// in a message cannot forge a line of its own.
import assert from "node:assert/strict";
import { test } from "node:test";
import { logLines, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

test("an uncaught error and an unheard rejection in the window are written to the app's log", async () => {
  await withTimeline(APP, async (app) => {
    const mark = `e2e-${Date.now()}`;
    await app.script(
      `const mark = arguments[0];
       setTimeout(() => { throw new Error(mark + " thrown on purpose\\nforged line"); }, 0);
       Promise.reject(new TypeError(mark + " rejected on purpose"));
       return null;`,
      [mark],
    );
    const lines = await until("both in the log", () => {
      const found = logLines().filter((l) => l.includes(mark));
      return found.length >= 2 ? found : null;
    });
    const thrown = lines.find((l) => l.includes("thrown on purpose"));
    const rejected = lines.find((l) => l.includes("rejected on purpose"));
    assert.match(thrown, /^\S+ error the window: Error: e2e-\d+ thrown on purpose\\u\{a\}forged line kind=error at=/);
    assert.match(rejected, /^\S+ error the window: TypeError: e2e-\d+ rejected on purpose kind=rejection/);
    assert.ok(!logLines().some((l) => l.startsWith("forged line")), "the message's line break did not make a line");
  });
});
