// The utilisation report: the toolbar's button opens it over the rows' period; a line for each
// person (capacity, confirmed, tentative, time off, utilisation) and each project, sortable, a
// chart of the team's weeks or of the line picked; "Save as CSV" writes the file where the OS's
// save dialog is told (its name suggested by the report's days), whose contents are read here: RFC 4180, UTF-8 with a byte-order mark, the table's
// figures. Then `rp-admin report --csv` over the same days prints the same file. A last day before
// the first is said in a sentence, and the figures shown stay.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { parseCsv } from "./csv.mjs";
import { saveThroughDialog } from "./os-dialogs.mjs";
import { appGone, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const ADMIN = process.env.RP_ADMIN_BINARY;

/** The table's body lines: each cell's text. */
const LINES = `return [...document.querySelectorAll("dialog[open] tr.line")].map((tr) =>
  [...tr.querySelectorAll("th, td")].map((c) => c.textContent.trim()));`;


/** A number as the table shows it (English: "1,234.5", "75%", "–" for none) or the file writes it. */
const number = (text) => (text === "–" || text === "" ? null : Number(text.replace(/[,%]/g, "")));

test("the utilisation report: people, projects, a chart, and its CSV file as rp-admin prints it", async () => {
  let saved = null;
  let suggested = null;
  await withTimeline(APP, async (app) => {
    await app.click((await app.findAll('button[data-action="report"]'))[0]);
    const people = await until("the people's lines", async () => {
      const lines = await app.script(LINES);
      return lines.length > 3 && lines;
    });
    // Name, capacity, confirmed, tentative, time off, utilisation, with tentative.
    assert.ok(people.every((l) => l.length === 7), JSON.stringify(people[0]));
    assert.ok(people.some((l) => number(l[2]) > 0), "someone has hours booked over the next four weeks");
    const team = await app.script(`return [...document.querySelectorAll("dialog[open] tr.team > *")].map((c) => c.textContent.trim());`);
    const sum = (i) => people.reduce((s, l) => s + number(l[i]), 0);
    assert.ok(Math.abs(number(team[1]) - sum(1)) < 0.05 * people.length, `the team's capacity ${team[1]} is its people's`);
    assert.ok(Math.abs(number(team[2]) - sum(2)) < 0.05 * people.length, `the team's confirmed hours ${team[2]}`);
    await until("the chart drawn", () => app.script(`const c = document.querySelector("dialog[open] .chart canvas"); return c && c.width > 100;`));
    await app.screenshot("report-1-people");

    // Sorted by utilisation, most first.
    await app.click((await app.findAll('dialog[open] button[data-sort="percent"]'))[0]);
    const byUse = (await app.script(LINES)).map((l) => number(l[5]) ?? -1);
    assert.deepEqual(byUse, [...byUse].sort((a, b) => b - a), "most used first");

    // A line picked: the chart is its weeks.
    await app.click((await app.findAll("dialog[open] tr.line .pick"))[0]);
    const first = (await app.script(LINES))[0][0];
    await until("the chart's title names the line", async () => (await app.texts("dialog[open] figcaption"))[0]?.endsWith(first));
    await app.screenshot("report-2-person-chart");

    // By project: hours, of which to staff (on placeholders), and people.
    await app.click((await app.findAll('dialog[open] button[data-view="projects"]'))[0]);
    const projects = await until("the projects' lines", async () => {
      const lines = await app.script(LINES);
      return lines.length > 0 && lines[0].length === 5 && lines;
    });
    assert.ok(projects.every((l) => number(l[4]) >= 1), "each project books someone");
    await app.screenshot("report-3-projects");

    // The CSV file.
    const typed = join(mkdtempSync(join(tmpdir(), "rp-e2e-report-")), "utilisation.csv");
    const button = (await app.findAll('dialog[open] button[data-action="save-csv"]'))[0];
    suggested = await saveThroughDialog(app, button, "Save the report", typed);
    const status = await until("where the file went", async () =>
      (await app.texts("dialog[open] .saved"))[0]?.replace(/^Saved to /, ""),
    );
    saved = status;
    assert.equal(saved, typed);
    const bytes = readFileSync(saved);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 with a byte-order mark");
    const rows = parseCsv(bytes.subarray(3).toString("utf8"));
    assert.equal(
      rows[0].join(","),
      "line,name,capacity_hours,confirmed_hours,tentative_hours,time_off_hours,utilisation_percent,utilisation_with_tentative_percent,people,to_staff_hours",
    );
    const filePeople = rows.filter((r) => r[0] === "person");
    assert.equal(filePeople.length, people.length, "a line for each person");
    for (const l of people) {
      const r = filePeople.find((r) => r[1] === l[0]);
      assert.ok(r, `${l[0]} in the file`);
      assert.deepEqual(r.slice(2, 8).map(number), l.slice(1, 7).map(number), `${l[0]}'s figures as the table's`);
    }
    const fileProjects = rows.filter((r) => r[0] === "project");
    assert.deepEqual(
      fileProjects.map((r) => [r[1], number(r[3]), number(r[4]), number(r[9]) ?? 0, number(r[8])]).sort(),
      projects.map((l) => [l[0], number(l[1]), number(l[2]), number(l[3]) ?? 0, number(l[4])]).sort(),
      "the projects as the table's",
    );
    assert.deepEqual(rows.at(-1).slice(0, 1), ["team"]);

    // A last day before the first: said, and the figures stay.
    await app.set("dialog[open] input[name=report-last]", "2020-01-01");
    await app.click((await app.findAll('dialog[open] .range button[type="submit"]'))[0]);
    const alert = await until("the sentence", async () => (await app.texts('dialog[open] [role="alert"]'))[0]);
    assert.match(alert, /before the first day/);
    assert.ok((await app.script(LINES)).length > 0, "the lines shown stay");
    await app.screenshot("report-4-bad-range");

    // Days nobody is booked on, by project: the report says so in its own words (the projects
    // panel's "No matching project" stood there).
    await app.set("dialog[open] input[name=report-first]", "2099-03-02");
    await app.set("dialog[open] input[name=report-last]", "2099-03-29");
    await app.click((await app.findAll('dialog[open] .range button[type="submit"]'))[0]);
    const note = await until("the empty report's note", async () => (await app.texts("dialog[open] td.note"))[0]);
    assert.equal(note, "No project has hours booked on these days.");
  });

  // rp-admin over the same days, on the same local workspace (once the app has quit): the same file.
  await appGone(APP);
  const [, first, last] = suggested.match(/^utilisation-(\d{4}-\d{2}-\d{2})-to-(\d{4}-\d{2}-\d{2})\.csv$/);
  const printed = execFileSync(ADMIN, ["report", "--from", first, "--to", last, "--csv"]);
  assert.deepEqual(printed, readFileSync(saved), "rp-admin report --csv prints the file the app saved");
  const text = execFileSync(ADMIN, ["report", "--from", first, "--to", last], { encoding: "utf8" });
  assert.match(text, new RegExp(`^Utilisation ${first} to ${last}`));
});
