// Import, end to end on the demo team: the toolbar's Import… asks for a file in the OS's own
// open dialog (GTK's file chooser, answered here with xdotool as a user types a path); a Float
// schedule with one bad row is previewed — each row made or skipped, the bad one with its line,
// column and why — and nothing is written until Import; then it is written, its people and
// bookings are on the timeline, and the team's log has the import as one record with its counts.
// The dialog opens again in the folder of the last file (the file's bare name is enough), and the
// same file again changes nothing.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openThroughDialog } from "./os-dialogs.mjs";
import { appGone, closeDialog, dialogGone, rowOf, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const ADMIN = process.env.RP_ADMIN_BINARY;
const FIXTURES = new URL("../../crates/planner-files/fixtures/import/", import.meta.url).pathname;

test("import: a Float schedule chosen in the OS's dialog, previewed row by row, imported once", async () => {
  const folder = mkdtempSync(join(tmpdir(), "rp-e2e-import-"));
  const file = join(folder, "float-schedule.csv");
  copyFileSync(join(FIXTURES, "float-schedule.csv"), file);
  // One bad row: a day February does not have.
  writeFileSync(file, `${readFileSync(file, "utf8")}Dana Wu,Design,Acme,Website relaunch,02-30-2027,03-02-2027,6,,,,\n`);

  await withTimeline(APP, async (app) => {
    await app.click((await app.findAll('button[data-action="import"]'))[0]);
    await app.waitFor('dialog[open] button[data-action="choose-file"]');
    await app.screenshot("import-1-dialog");
    const choose = async () => (await app.findAll('dialog[open] button[data-action="choose-file"]'))[0];
    await openThroughDialog(app, await choose(), "Choose a sheet to import", file);

    // The preview: Float's columns found, each row's fate; nothing written yet.
    await app.waitFor("dialog[open] tr[data-line]", 5);
    const counts = async () => {
      const out = {};
      for (const w of ["create", "change", "same", "skip"])
        out[w] = Number((await app.texts(`dialog[open] .count[data-what=${w}] b`))[0]);
      return out;
    };
    assert.deepEqual(await counts(), { create: 11, change: 0, same: 0, skip: 1 });
    const bad = await app.script(
      `const r = document.querySelector('dialog[open] tr[data-what="skip"]'); return [r.dataset.line, r.cells[3].textContent];`,
    );
    assert.deepEqual(bad, ["8", "column “Start Date”: there is no day 2027-02-30: February 2027 has 28 days"]);
    await app.screenshot("import-2-preview");
    assert.equal(await rowOf(app, "Aiko Tanaka"), null, "a preview writes nothing");

    // Import: written, said, and the timeline shows the new people.
    await app.click((await app.findAll('dialog[open] button[data-action="import"]'))[0]);
    const said = await until("the import's end", async () => (await app.texts("dialog[open] p.done"))[0] ?? null, 20000);
    assert.equal(said, "Imported: 11 items made, 0 changed.");
    await app.screenshot("import-3-imported");
    await closeDialog(app);
    await dialogGone(app);
    await until("Aiko's row on the timeline", async () => (await rowOf(app, "Aiko Tanaka")) !== null);
    await app.screenshot("import-4-timeline");


    // Again: the dialog opens where the file was (its bare name is enough), and nothing changes.
    await app.click((await app.findAll('button[data-action="import"]'))[0]);
    await app.waitFor('dialog[open] button[data-action="choose-file"]');
    await openThroughDialog(app, await choose(), "Choose a sheet to import", "float-schedule.csv");
    await app.waitFor("dialog[open] tr[data-line]", 5);
    assert.deepEqual(await counts(), { create: 0, change: 0, same: 6, skip: 1 });
    const disabled = await app.script(`return document.querySelector('dialog[open] button[data-action="import"]').disabled`);
    assert.equal(disabled, true, "nothing to import");
    await app.screenshot("import-5-again");
    await closeDialog(app);
    await dialogGone(app);

    // A people sheet in Float's columns: Aiko (made by the schedule) gets the demo team's
    // Designer, Design and Figma as role, group and skills, said row by row first; then a sheet
    // with those cells empty takes them away again (later tests of the run see her as before).
    const today = new Date().toISOString().slice(0, 10);
    const peopleOnce = async (name, text, expected) => {
      writeFileSync(join(folder, name), text);
      await app.click((await app.findAll('button[data-action="import"]'))[0]);
      await app.waitFor('dialog[open] button[data-action="choose-file"]');
      await app.set("dialog[open] select[name=holds]", "people");
      await openThroughDialog(app, await choose(), "Choose a sheet to import", name);
      const aiko = await until("Aiko's line as a person", async () => {
        const line = await app.script(
          `const r = [...document.querySelectorAll('dialog[open] tr[data-line]')].find((r) => r.textContent.includes("Aiko Tanaka")); return r ? [r.dataset.what, r.cells[3].textContent] : null;`,
        );
        return line?.[1]?.includes("role") ? line : null;
      });
      assert.deepEqual(aiko, ["change", expected]);
      await app.screenshot(`import-${name.replace(".csv", "")}`);
      await app.click((await app.findAll('dialog[open] button[data-action="import"]'))[0]);
      const said = await until("the people's import", async () => (await app.texts("dialog[open] p.done"))[0] ?? null, 20000);
      assert.equal(said, "Imported: 0 items made, 1 changed.");
      await closeDialog(app);
      await dialogGone(app);
    };
    await peopleOnce(
      "people.csv",
      "Name,Email,Job Title,Department,Tags\nAiko Tanaka,aiko@example.com,Designer,Design,Figma\n",
      `role — → Designer; group — → Design from ${today}; skills + Figma`,
    );
    await peopleOnce(
      "people-again.csv",
      "Name,Email,Job Title,Department,Tags\nAiko Tanaka,aiko@example.com,,,\n",
      `role Designer → —; group Design → — from ${today}; skills − Figma`,
    );
  });
  await appGone(APP);

  // The team's activity log (the local workspace's, read by rp-admin): the import is one
  // summary record, with its file and counts; the second import wrote nothing.
  const log = execFileSync(ADMIN, ["activity", "--since", "2000-01-01"], { encoding: "utf8" });
  // (Earlier tests of the run may have imported other files into the same workspace.)
  const imports = log.split("\n").filter((l) => l.includes("import imported") && l.includes("float-schedule.csv"));
  assert.equal(imports.length, 1, log.slice(-2000));
  assert.match(imports[0], /"assignments":4,"changed":0,"file":"float-schedule\.csv","projects":2,"resources":3,"same":0,"skipped":1,"timeOff":2/);
});
