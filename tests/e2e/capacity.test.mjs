// Capacity on the timeline: two 4-hour bookings side by side fill a full-time person's day and are
// not overbooked (the mark used to be "more than one bar"); a 5-hour one beside a 4-hour one is;
// made tentative, it counts only while "Tentative" is ticked. The hours and the status are set from
// the keyboard (4, 5, Shift+T) and said in the bars' names.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dialogGone, hintGone, KEY, rowOf, until, withNewPerson } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const PERSON = "Hana Halftime";

/** The names of the bars in the row (their aria-labels). */
const BARS = `const [top, bottom] = arguments;
  return [...document.querySelectorAll(".bar[data-bar]")].filter((b) => { const r = b.getBoundingClientRect(); return r.top >= top && r.bottom <= bottom; })
    .map((b) => b.getAttribute("aria-label")).sort();`;
/** The middles of the row's bars (viewport pixels). */
const MIDDLES = `const [top, bottom] = arguments;
  return [...document.querySelectorAll(".bar[data-bar]")].map((b) => b.getBoundingClientRect()).filter((r) => r.top >= top && r.bottom <= bottom)
    .map((r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 }));`;
/** Whether the overbooked mark under the pointer is on the row (one box, for the run pointed at,
 * with its tooltip). */
const OVER = `const [top, bottom] = arguments;
  return [...document.querySelectorAll(".hits .over")].some((o) => { const r = o.getBoundingClientRect(); return r.top >= top - 1 && r.top < bottom && o.title !== ""; });`;

/** The row's bar names, read where the row is now (the first-start hint goes
 * with the first booking and every row moves up). */
const barsOf = async (app) => {
  const r = await rowOf(app, PERSON);
  return app.script(BARS, [r.top, r.bottom]);
};
const isoOf = async (app) => {
  const r = await rowOf(app, PERSON);
  return app.script(
    `const [top, bottom] = arguments;
     return [...document.querySelectorAll(".bar[data-bar]")].filter((b) => { const r = b.getBoundingClientRect(); return r.top >= top && r.bottom <= bottom; }).map((b) => b.dataset.iso);`,
    [r.top, r.bottom],
  );
};
/** On how many of the row's bars the pointer, resting on each in turn, finds the overbooked mark. */
const overOf = async (app) => {
  const r = await rowOf(app, PERSON);
  let marked = 0;
  for (const m of await app.script(MIDDLES, [r.top, r.bottom])) {
    await app.mouse(m.x, m.y, []);
    if (await app.script(OVER, [r.top, r.bottom])) marked++;
  }
  return marked;
};

async function pick(app, project) {
  const [search] = await app.waitFor('[role="dialog"] input[role="combobox"]');
  await app.type(search, project);
  await until("the project offered", async () => (await app.texts('[role="option"]')).some((t) => t.includes(project)));
  await app.press([KEY.Enter]);
}

test("two half days do not overbook a full-time day; more does; tentative work counts while ticked", async () => {
  await withNewPerson(APP, PERSON, async (app) => {
    let row = await until("the new person's row", () => rowOf(app, PERSON));

    // Two weeks (ten working days) booked twice: first one bar, 4 hours a day (the key 4) …
    await app.drag(row.x + 120, row.y, 13 * 20 + 5, 0);
    await pick(app, "Globex");
    await until("the first bar", async () => (await barsOf(app)).length === 1);
    await hintGone(app); // the first edit saved
    row = await rowOf(app, PERSON);
    await app.press(["4"]);
    await until("4 hours a day", async () => (await barsOf(app))[0]?.includes("4h"));
    // … then a second further on, 4 hours a day, put on the same days in its dialog.
    const [first, last] = (await isoOf(app))[0].match(/(\d{4}-\d\d-\d\d) – (\d{4}-\d\d-\d\d)$/).slice(1);
    await app.drag(row.x + 120 + 21 * 20, row.y, 13 * 20 + 5, 0);
    await pick(app, "Initech");
    await until("the second bar", async () => (await barsOf(app)).length === 2);
    await app.press(["4"]);
    await until("both at 4 hours a day", async () => (await barsOf(app)).every((b) => b.includes("4h")));
    await app.press([KEY.Enter]);
    await app.waitFor("dialog[open] input.date", 2);
    await app.set("dialog[open] input.date", first, 0);
    await app.set("dialog[open] input.date", last, 1);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    // The keys go to the timeline again (the dialog kept the saved bar selected).
    await app.script(`document.querySelector(".viewport").focus(); return null;`);
    await until("both bars on the same days, in two lanes", async () => {
      const days = (await isoOf(app)).map((l) => l.replace(/^[^:]*: /, ""));
      return days.length === 2 && days[0] === days[1] && (await barsOf(app)).every((b) => b.includes("4h"));
    });
    await app.screenshot("capacity-1-two-half-days");
    assert.equal(await overOf(app), 0, "4 h + 4 h on an 8-hour day is full, not overbooked");

    // 5 hours beside 4: overbooked on the working days.
    await app.press(["5"]);
    await until("the overbooked mark", async () => (await overOf(app)) > 0);
    await app.screenshot("capacity-2-over");

    // Tentative (Shift+T): it counts while "Tentative" is ticked in the corner, not once it is not.
    await app.press([KEY.Shift, "T"]);
    await until("the bar said tentative", async () =>
      (await barsOf(app)).some((b) => b.includes("5h") && b.includes("Tentative")),
    );
    assert.ok((await overOf(app)) > 0, "tentative work counts while ticked");
    await app.click((await app.findAll("input[name=count-tentative]"))[0]);
    await until("the mark gone without tentative work", async () => (await overOf(app)) === 0);
    await app.screenshot("capacity-3-tentative-left-out");
    await app.click((await app.findAll("input[name=count-tentative]"))[0]);
    await until("the mark back", async () => (await overOf(app)) > 0);

  });
});
