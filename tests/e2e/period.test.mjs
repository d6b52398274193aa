// The period of the rows' figures, any one: a new person works the team's week, so their free
// hours say the period's working days. "Days in view" follows the pane (a week's zoom shows more
// days than a day's); "Days you pick…" asks for a first and a last day, refuses them backwards
// with a sentence and changes nothing, and once picked the list names the days and every row's
// figures are over them. Screenshots of the dialog and the result.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dialogGone, rowOf, until, withNewPerson } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const PERSON = "Piet Period";

const free = async (app) => Number((await rowOf(app, PERSON)).figures.split(" · ")[1].replace("h", ""));
const choose = (app, value) =>
  app.script(
    `const s = document.querySelector("select.period"); s.value = arguments[0];
     s.dispatchEvent(new Event("change", { bubbles: true })); return s.value;`,
    [value],
  );
const shownPeriod = (app) => app.script(`const s = document.querySelector("select.period"); return s.selectedOptions[0].textContent.trim();`);

/** The Mondays-to-Fridays among `[from, to]` (ISO days), as the team's week counts them. */
function weekdays(from, to) {
  let n = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() % 6 !== 0) n++;
  }
  return n;
}

test("the rows' figures over the days in view, or over days picked", async () => {
  await withNewPerson(APP, PERSON, async (app) => {
    await until("four weeks free", async () => (await free(app)) === 160);

    // The days in view: more days, more free hours (at the week zoom the pane shows about ten weeks).
    await choose(app, "inView");
    const inView = await until("figures over the days in view", async () => {
      const f = await free(app);
      return f !== 160 && f;
    });
    assert.ok(inView > 160, `${inView}h free over the days in view`);

    // Days picked: backwards is refused with a sentence, the period as it was.
    await choose(app, "custom");
    await app.waitFor("dialog[open] input[name=period-first]");
    assert.equal(await shownPeriod(app), "Days in view", "nothing changes until the days are picked");
    await app.set("dialog[open] input.date", "2027-03-12", 0);
    await app.set("dialog[open] input.date", "2027-03-01", 1);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const said = await until("refused", async () => (await app.texts("dialog[open] .error"))[0]);
    assert.equal(said, "The last day is before the first.");
    await app.screenshot("period-1-backwards-refused");

    // Two weeks of March 2027: ten working days, 80 hours free.
    await app.set("dialog[open] input.date", "2027-03-01", 0);
    await app.set("dialog[open] input.date", "2027-03-14", 1);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    assert.equal(weekdays("2027-03-01", "2027-03-14"), 10);
    await until("80 hours free over the days picked", async () => (await free(app)) === 80);
    assert.match(await shownPeriod(app), /Mar/, "the list names the days");
    await app.screenshot("period-2-days-picked");
    await choose(app, "next4Weeks");
    await until("back to four weeks", async () => (await free(app)) === 160);
  });
});
