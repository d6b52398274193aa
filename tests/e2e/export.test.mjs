// Exports, end to end on the demo team: the toolbar's Export… opens over the rows' period; the
// plan as CSV (a line a booking and week: RFC 4180, UTF-8 with a byte-order mark, hours that add
// up per booking to what the booking's days hold), as an Excel workbook (a zip of the workbook's
// parts, with its people and projects sheets), and the people list; each saved in the downloads
// folder under its own name, whose path the dialog says. A last day before the first is a
// sentence, and nothing is saved.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { test } from "node:test";
import { until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

/** RFC 4180 fields, CRLF line ends. */
function parseCsv(text) {
  const rows = [[]];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") rows.at(-1).push(field), (field = "");
    else if (c === "\r" && text[i + 1] === "\n") rows.at(-1).push(field), (field = ""), rows.push([]), i++;
    else field += c;
  }
  assert.deepEqual(rows.pop(), [], "nothing after the last line end");
  return rows;
}

test("export: the plan as CSV and as a workbook, and the people list, saved where the dialog says", async () => {
  await withTimeline(APP, async (app) => {
    await app.click((await app.findAll('button[data-action="export"]'))[0]);
    await app.waitFor("dialog[open] input[name=what]");
    await app.screenshot("export-1-dialog");
    const exported = async () => {
      await app.click((await app.findAll("dialog[open] button[type=submit]"))[0]);
      return until("where the file went", async () => {
        const t = (await app.texts("dialog[open] .saved"))[0];
        return t ? t.replace(/^Saved to /, "") : null;
      });
    };

    // The plan, CSV, by week.
    await app.click((await app.findAll("dialog[open] input[name=format][value=csv]"))[0]);
    const csvPath = await exported();
    assert.match(basename(csvPath), /^plan-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d-by-week(-\d+)?\.csv$/);
    const bytes = readFileSync(csvPath);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 with a byte-order mark");
    const rows = parseCsv(bytes.subarray(3).toString("utf8"));
    assert.equal(
      rows[0].join(","),
      "person,placeholder,role,group,project,status,from,to,days,hours,booking_first_day,booking_last_day,booking_id",
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
    const xlsxPath = await until("another file", async () => {
      const p = await exported();
      return p.endsWith(".xlsx") ? p : null;
    });
    const book = readFileSync(xlsxPath);
    assert.equal(book.subarray(0, 2).toString("latin1"), "PK", "an .xlsx file is a zip");
    for (const part of ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet3.xml"])
      assert.ok(book.includes(Buffer.from(part)), `${part} in the workbook`);

    // The people list, CSV.
    await app.click((await app.findAll("dialog[open] input[name=what][value=people]"))[0]);
    await app.click((await app.findAll("dialog[open] input[name=format][value=csv]"))[0]);
    const listPath = await until("the list's file", async () => {
      const p = await exported();
      return basename(p).startsWith("people-") ? p : null;
    });
    const list = parseCsv(readFileSync(listPath).subarray(3).toString("utf8"));
    assert.equal(list[0].join(","), "name,placeholder,role,group,skills,hours_a_week,calendar,id");
    assert.equal(list.length - 1, 12, "the demo's twelve people");
    await app.screenshot("export-2-saved");

    // A last day before the first: a sentence, no file.
    await app.click((await app.findAll("dialog[open] input[name=what][value=plan]"))[0]);
    await app.set("dialog[open] input[name=to]", "2020-01-01");
    await app.click((await app.findAll("dialog[open] button[type=submit]"))[0]);
    const said = await until("the refusal", async () => (await app.texts("dialog[open] [role=alert]")).join(" ").trim());
    assert.match(said, /before|first/i);
  });
});
