// Placeholders, end to end: "+ Person" with "Placeholder" ticked adds a row for a role not yet
// staffed; booked, its figures say the hours to hire (no free time, no share); the booking dialog
// offers it last and without free hours; the Filter shows placeholders only or people only; "Staff it…" lists its booking and
// the people who could take it, and handing it to the first moves the booking to their row; one
// undo takes it back. The placeholder is deleted after, so the team is left as it was.
import assert from "node:assert/strict";
import { test } from "node:test";
import { closeDialog, deletePerson, dialogGone, hintGone, KEY, personMenu, rowOf, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const HIRE = "Designer — to hire";

const row = (app) => rowOf(app, HIRE);
/** "24h to hire" → 24. */
const toHire = (figures) => Number(figures?.match(/^([\d.]+)h to hire$/)?.[1] ?? Number.NaN);
const choose = (app, name, value) =>
  app.script(
    `const s = document.querySelector("dialog[open] select[name=" + arguments[0] + "]"); s.value = arguments[1];
     s.dispatchEvent(new Event("change", { bubbles: true })); return s.value;`,
    [name, value],
  );

test("a placeholder takes a booking, is nobody's free time, and is staffed in one undo step", async () => {
  await withTimeline(APP, async (app) => {
    await app.click((await app.findAll('button[data-action="add-person"]'))[0]);
    await app.type((await app.waitFor("dialog[open] input[name=name]"))[0], HIRE);
    await app.click((await app.findAll("dialog[open] input[name=placeholder]"))[0]);
    await app.waitFor("dialog[open] .hint");
    await app.screenshot("placeholders-1-new");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    try {
      await until("the placeholder's row", async () => (await row(app))?.figures === "0h to hire");

      // Booked over a few days of the next weeks: its hours are the demand.
      const r = await row(app);
      await app.drag(r.x + 160, r.y, 120, 0);
      const [search] = await app.waitFor('[role="dialog"] input[role="combobox"]');
      await app.type(search, "Globex");
      await until("the project offered", async () => (await app.texts('[role="option"]')).some((t) => t.includes("Globex")));
      await app.press([KEY.Enter]);
      await hintGone(app).catch(() => {});
      const wanted = await until("hours to hire", async () => {
        const h = toHire((await row(app))?.figures);
        return h > 0 && h;
      });

      // The bar's dialog lists people with their free hours over its days, most free first: the
      // placeholder is there (a booking may go back to it) as one, never with free hours.
      await app.script(
        `const row = arguments[0];
         const b = [...document.querySelectorAll(".bar[data-bar]")].find((e) => {
           const r = e.getBoundingClientRect(); return r.top >= row.top && r.bottom <= row.bottom;
         });
         b.dispatchEvent(new MouseEvent("dblclick", { bubbles: true })); return null;`,
        [await row(app)],
      );
      await app.waitFor("dialog[open] select option");
      const offered = await app.script(
        `return [...document.querySelector("dialog[open] label select").options].map((o) => o.textContent.trim());`,
      );
      assert.ok(offered.length > 3, `people offered: ${offered}`);
      assert.equal(offered.at(-1), `${HIRE} · Placeholder`, `the placeholder is last and not free: ${offered}`);
      await closeDialog(app);

      // The Filter: placeholders only, then people only.
      await app.click((await app.findAll('button[data-action="people-filter"]'))[0]);
      await app.waitFor("dialog[open] select[name=row-kind]");
      await choose(app, "row-kind", "placeholders");
      await until("one row", async () => (await app.texts(".name .who")).join("|") === HIRE);
      await app.screenshot("placeholders-2-filter");
      await choose(app, "row-kind", "people");
      await until("people only", async () => {
        const names = await app.texts(".name .who");
        return names.length > 3 && !names.includes(HIRE);
      });
      await choose(app, "row-kind", "all");
      await closeDialog(app);
      await until("the placeholder back", async () => (await row(app)) !== null);

      // Staff it: its booking, chosen, and the candidates with their free hours on those days.
      await personMenu(app, HIRE, "Staff it");
      await app.waitFor("dialog[open] input[data-booking]");
      const [candidate] = await until("the candidates", async () => {
        const found = await app.script(
          `return [...document.querySelectorAll("dialog[open] input[data-candidate]")].map((i) => i.closest("label").textContent.replace(/\\s+/g, " ").trim());`,
        );
        return found.length > 3 && found;
      });
      assert.match(candidate, /covers [\d.]+ of [\d.]+ h · [\d.]+ h free those days/);
      assert.equal(await app.script(`return document.querySelector("dialog[open] input[data-booking]").checked;`), true);
      const who = candidate.split(" covers")[0].replace(/ Role ✓.*$/, "").replace(/ \d+ of \d+ skills$/, "");
      const before = (await rowOf(app, who)).figures;
      await app.screenshot("placeholders-3-staff-it");
      await app.click((await app.findAll("dialog[open] input[data-candidate]"))[0]);
      await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
      await dialogGone(app);
      await until("the booking handed over", async () => (await row(app)).figures === "0h to hire");
      await until(`${who}'s hours up`, async () => (await rowOf(app, who)).figures !== before);
      await app.screenshot("placeholders-4-staffed");

      // One undo takes it back.
      await app.click((await app.findAll('button[data-action="undo"]'))[0]);
      await until("back with the placeholder", async () => toHire((await row(app)).figures) === wanted);
      await until(`${who} as before`, async () => (await rowOf(app, who)).figures === before);
    } finally {
      await deletePerson(app, HIRE).catch((e) => console.log(`could not remove ${HIRE}: ${e.message}`));
    }
  });
});
