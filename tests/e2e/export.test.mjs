// Exports, end to end on the demo team: the toolbar's Export… opens over the rows' period; the
// plan as CSV (a line a booking and week: RFC 4180, UTF-8 with a byte-order mark, each line's
// week meeting its booking's days), as an Excel workbook (a zip of the workbook's parts, with its
// people and projects sheets), the people list, and a person's calendar (.ics); each saved where
// the OS's own save dialog (GTK's, answered with xdotool) is told, which suggests the file's name
// and opens in the folder of the last export (a bare name is enough; one typed without its
// extension gets it), and whose path the export dialog says; a save dialog closed saves nothing
// and says nothing; the timeline printed as a PDF, read back by poppler. A last day before the
// first is a sentence, and no save dialog opens. The calendar goes into a real calendar program
// (calcurse), which shows each booking on its days; `rp-admin ics` prints the same events.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { parseCsv } from "./csv.mjs";
import { saveThroughDialog } from "./os-dialogs.mjs";
import { appGone, sleep, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const ADMIN = process.env.RP_ADMIN_BINARY;


test("export: the plan as CSV and as a workbook, the people list and a calendar, saved where the dialog says", async () => {
  let icsPath = "";
  let pdfPath = "";
  let calendarName = "";
  await withTimeline(APP, async (app) => {
    await app.click((await app.findAll('button[data-action="export"]'))[0]);
    await app.waitFor("dialog[open] input[name=what]");
    await app.screenshot("export-1-dialog");
    const folder = mkdtempSync(join(tmpdir(), "rp-e2e-export-"));
    /** Exports through the save dialog titled `title`, `typed` into its name field; answers the
     * name it suggested and the path the export dialog says. */
    const exported = async (title, typed, shot = null) => {
      const submit = (await app.findAll("dialog[open] button[type=submit]"))[0];
      const suggested = await saveThroughDialog(app, submit, title, typed, shot);
      const path = await until("where the file went", async () => {
        const t = (await app.texts("dialog[open] .saved"))[0];
        return t ? t.replace(/^Saved to /, "") : null;
      });
      return { suggested, path };
    };

    // The plan, CSV, by week: first the save dialog closed (nothing saved, nothing said)…
    await app.click((await app.findAll("dialog[open] input[name=format][value=csv]"))[0]);
    await saveThroughDialog(app, (await app.findAll("dialog[open] button[type=submit]"))[0], "Save the plan", null);
    await sleep(500);
    assert.deepEqual(await app.texts("dialog[open] .saved"), [], "a closed save dialog says nothing");
    assert.deepEqual(readdirSync(folder), [], "and saves nothing");
    // …then a whole path typed.
    const first = await exported("Save the plan", join(folder, "plan by week.csv"));
    assert.match(first.suggested, /^plan-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d-by-week\.csv$/);
    const csvPath = first.path;
    assert.equal(csvPath, join(folder, "plan by week.csv"));
    const bytes = readFileSync(csvPath);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 with a byte-order mark");
    const rows = parseCsv(bytes.subarray(3).toString("utf8"));
    assert.equal(
      rows[0].join(","),
      "person,placeholder,role,group,project,status,from,to,days,hours,booking_first_day,booking_last_day,booking_allocation,booking_id",
    );
    assert.ok(rows.length > 20, `${rows.length} lines`);
    // Each line a week of at most 7 days with some hours, meeting its booking's days.
    for (const r of rows.slice(1)) {
      assert.ok(Number(r[8]) >= 1 && Number(r[8]) <= 7 && Number(r[9]) > 0, r.join(","));
      assert.ok(r[6] <= r[11] && r[7] >= r[10], `the line's week meets its booking's days: ${r.join(",")}`);
    }
    const people = new Set(rows.slice(1).map((r) => r[0]));
    assert.ok(people.has("Alice Johnson") && people.has("山田 太郎"), [...people].join(", "));

    // The same as a workbook: another file, a zip.
    await app.click((await app.findAll("dialog[open] input[name=format][value=xlsx]"))[0]);
    // The dialog opens where the last file went: a bare name is saved there.
    const book1 = await exported("Save the plan", "workbook.xlsx", "export-save-dialog");
    assert.match(book1.suggested, /^plan-.*-by-week\.xlsx$/);
    const xlsxPath = book1.path;
    assert.equal(xlsxPath, join(folder, "workbook.xlsx"));
    const book = readFileSync(xlsxPath);
    assert.equal(book.subarray(0, 2).toString("latin1"), "PK", "an .xlsx file is a zip");
    for (const part of ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet3.xml"])
      assert.ok(book.includes(Buffer.from(part)), `${part} in the workbook`);

    // The people list, CSV.
    await app.click((await app.findAll("dialog[open] input[name=what][value=people]"))[0]);
    await app.click((await app.findAll("dialog[open] input[name=format][value=csv]"))[0]);
    // A name typed without its extension gets it.
    const peopleFile = await exported("Save the people", "our people");
    assert.match(peopleFile.suggested, /^people-\d{4}-\d\d-\d\d\.csv$/);
    const listPath = peopleFile.path;
    assert.equal(listPath, join(folder, "our people.csv"));
    const list = parseCsv(readFileSync(listPath).subarray(3).toString("utf8"));
    assert.equal(list[0].join(","), "name,placeholder,role,group,skills,hours_a_week,calendar,id");
    // The demo's people (and whoever earlier tests added), one line each.
    const named = list.slice(1).map((r) => r[0]);
    assert.ok(named.includes("Alice Johnson") && named.includes("山田 太郎") && named.length >= 12, named.join(", "));
    assert.equal(new Set(list.slice(1).map((r) => r[7])).size, named.length, "one line a person");
    await app.screenshot("export-2-saved");

    // Alice Johnson's calendar: an .ics file of her bookings and time off.
    await app.click((await app.findAll("dialog[open] input[name=what][value=calendar]"))[0]);
    await app.script(`
      const s = document.querySelector("dialog[open] select[name=whose]");
      s.value = [...s.options].find((o) => o.textContent === "Alice Johnson").value;
      s.dispatchEvent(new Event("change", { bubbles: true }));
      return null;`);
    const calendar = await exported("Save the calendar", "alice.ics");
    assert.match(calendar.suggested, /^Alice-Johnson-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.ics$/);
    icsPath = calendar.path;
    calendarName = calendar.suggested;
    assert.equal(icsPath, join(folder, "alice.ics"));
    await app.screenshot("export-3-calendar");

    // The timeline to print: a PDF of landscape A4 pages, people's rows, the days fitted to the width.
    await app.click((await app.findAll("dialog[open] input[name=what][value=print]"))[0]);
    await app.set("dialog[open] select[name=paper]", "a4");
    await app.set("dialog[open] select[name=zoom]", "fit");
    await app.screenshot("export-4-print");
    const printed = await exported("Save the timeline to print", "wall.pdf");
    assert.match(printed.suggested, /^timeline-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.pdf$/);
    pdfPath = printed.path;
    assert.equal(pdfPath, join(folder, "wall.pdf"));
    assert.deepEqual(readdirSync(folder).sort(), ["alice.ics", "our people.csv", "plan by week.csv", "wall.pdf", "workbook.xlsx"]);

    // A last day before the first: a sentence, no file.
    await app.click((await app.findAll("dialog[open] input[name=what][value=plan]"))[0]);
    await app.set("dialog[open] input[name=to]", "2020-01-01");
    await app.click((await app.findAll("dialog[open] button[type=submit]"))[0]);
    const said = await until("the refusal", async () => (await app.texts("dialog[open] [role=alert]")).join(" ").trim());
    assert.match(said, /before|first/i);
  });

  // The printed timeline as a reader sees it (poppler): landscape A4 pages, the demo's names
  // (Japanese ones as written) and projects on them; its first page as an image, to look at.
  const info = execFileSync("pdfinfo", [pdfPath], { encoding: "utf8" });
  assert.match(info, /841\.89 x 595\.28 pts \(A4\)/);
  const pdfText = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
  for (const name of ["Alice Johnson", "山田 太郎", "Globex Website"]) assert.ok(pdfText.includes(name), `${name} printed`);
  execFileSync("pdftoppm", ["-r", "60", "-png", "-f", "1", "-l", "1", pdfPath, join(process.env.RP_E2E_SHOTS ?? "artifacts/e2e", "export-5-printed")]);

  // The calendar in a calendar program: calcurse takes the file, and shows each booking on each of
  // its days and not the day after (DTEND is the day after the last).
  const text = readFileSync(icsPath, "utf8");
  // Lines unfolded (RFC 5545 folds at 75 octets), text values unescaped.
  const unfolded = text.replace(/\r\n[ \t]/g, "");
  const unescape = (v) => v?.replace(/\\([,;\\])/g, "$1").replace(/\\n/gi, "\n");
  const events = [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(([, body]) => {
    const field = (name) => body.match(new RegExp(`^${name}[^:\\r\\n]*:(.*)$`, "m"))?.[1]?.trim();
    return { summary: unescape(field("SUMMARY")), start: field("DTSTART"), end: field("DTEND"), uid: field("UID") };
  });
  assert.ok(events.length >= 2, `${events.length} events`);
  assert.ok(events.every((e) => /^\d{8}$/.test(e.start) && /^\d{8}$/.test(e.end) && e.uid.endsWith("@resource-planner")));
  const home = mkdtempSync(join(tmpdir(), "rp-calcurse-"));
  execFileSync("calcurse", ["-D", home, "-i", icsPath]);
  const iso = (d) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  const shown = (day) =>
    execFileSync("calcurse", ["-D", home, "--input-datefmt", "4", "-Q", "--from", day, "--days", "1"], { encoding: "utf8" });
  for (const e of events.slice(0, 3)) {
    const last = new Date(Date.parse(`${iso(e.end)}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);
    assert.ok(shown(iso(e.start)).includes(e.summary), `${e.summary} on its first day, ${iso(e.start)}`);
    assert.ok(shown(last).includes(e.summary), `${e.summary} on its last day, ${last}`);
    assert.ok(!shown(iso(e.end)).includes(e.summary) || events.some((o) => o !== e && o.summary === e.summary && o.start <= e.end && o.end > e.end), `${e.summary} not the day after its last`);
  }

  // rp-admin on the same local workspace (once the app has quit): the same events, the same UIDs.
  await appGone(APP);
  const [, firstDay, lastDay] = calendarName.match(/(\d{4}-\d\d-\d\d)-to-(\d{4}-\d\d-\d\d)/);
  const fromAdmin = execFileSync(ADMIN, ["ics", "--person", "Alice Johnson", "--from", firstDay, "--to", lastDay], {
    encoding: "utf8",
  });
  const withoutStamps = (t) => t.replace(/^DTSTAMP:.*$/gm, "");
  assert.equal(withoutStamps(fromAdmin), withoutStamps(text), "rp-admin ics prints the file the app saved");
});
