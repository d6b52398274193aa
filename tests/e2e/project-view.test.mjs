// The project view, end to end on the demo team: the toolbar's switch turns the person rows into a
// row per project with its people under it (in place: the page is the same one and nothing of
// the plan is asked again); under a project, that project's bars are full and the people's other
// work is faded; the project's header says its hours week by week; a bar is moved there by the
// same gesture as in the person rows, and undone; the switch brings the person rows back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BAR, moveLater, select } from "./bars.mjs";
import { KEY, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

/** Each project section's header (key, weeks said) and, under it, its rows' bars: project in the
 * bar's name, and whether it is faded. */
const PROJECTS = `
  const top = (e) => e.getBoundingClientRect().top;
  const heads = [...document.querySelectorAll("button[data-section]")].sort((a, b) => top(a) - top(b));
  const bars = [...document.querySelectorAll(".hits .bar[data-bar]")];
  const view = document.querySelector(".viewport").getBoundingClientRect();
  return heads.map((h, i) => {
    const next = heads[i + 1] ? top(heads[i + 1]) : Infinity;
    return {
      key: h.dataset.section,
      said: h.textContent.trim(),
      weeks: h.dataset.weeks ?? "",
      bars: bars.filter((b) => top(b) > top(h) && top(b) < next)
        .map((b) => {
          const r = b.getBoundingClientRect();
          const inView = r.width > 60 && r.left > view.left + 60 && r.right < view.right - 100 && r.top > view.top + 40 && r.bottom < view.bottom - 60;
          return { id: b.dataset.bar, project: b.dataset.iso.split(":")[0], faded: b.classList.contains("faded"), inView };
        }),
    };
  });`;

test("the project view: a row per project with its people, other work faded, hours by week, editing in place", async () => {
  await withTimeline(APP, async (app) => {
    await app.script("window.__samePage = true; return null;");
    const pressed = async () => (await app.script(`return document.querySelector('button[data-action="project-view"]').getAttribute("aria-pressed");`));
    assert.equal(await pressed(), "false");
    await app.click((await app.findAll('button[data-action="project-view"]'))[0]);
    assert.equal(await pressed(), "true");
    const sections = await until("project sections", async () => {
      const s = await app.script(PROJECTS);
      return s.length >= 2 && s.every((x) => x.key.startsWith("project:")) && s;
    });
    await app.screenshot("project-view-1");
    assert.equal(await app.script("return window.__samePage === true;"), true, "switched in place, not reloaded");

    // Under each project in view: its own bars full, the people's other work faded.
    let checked = 0;
    for (const s of sections.filter((x) => x.key !== "project:" && x.bars.length)) {
      const name = s.said.split(":")[0];
      for (const b of s.bars) assert.equal(b.faded, b.project !== name, `${name}: ${b.project} ${b.faded ? "faded" : "full"}`);
      assert.ok(s.bars.some((b) => b.project === name), `${name} has its own bars among its rows`);
      checked++;
    }
    assert.ok(checked >= 2, `${checked} projects checked`);
    // Its hours by week: "2026-12-07 32h; 2026-12-14 7.5h".
    const withWeeks = sections.filter((x) => x.weeks);
    assert.ok(withWeeks.length >= 2, JSON.stringify(sections.map((x) => [x.key, x.weeks])));
    for (const s of withWeeks)
      for (const w of s.weeks.split("; ")) assert.match(w, /^\d{4}-\d\d-\d\d \d+(\.\d)?h$/, `${s.key}: ${s.weeks}`);
    assert.match(sections[0].said, /By week: /, "the screen reader hears the weeks too");

    // The same gestures: a project's own bar selected and moved a day later, then undone.
    const first = sections.find((x) => x.key !== "project:" && x.bars.some((b) => !b.faded && b.inView));
    assert.ok(first, "a project's own bar well in view");
    const own = first.bars.find((b) => !b.faded && b.inView);
    await select(app, own.id);
    const was = (await app.script(BAR, [own.id])).iso;
    await moveLater(app, own.id); // waits until the bar shows a day later
    await app.screenshot("project-view-2-moved");
    await app.press([KEY.Control, "z"]);
    await until("the move undone", async () => (await app.script(BAR, [own.id]))?.iso === was);
    await until("the header's weeks as before", async () => {
      const now = (await app.script(PROJECTS)).find((x) => x.key === first.key);
      return now?.weeks === first.weeks;
    });

    // Back to the person rows, in place.
    await app.click((await app.findAll('button[data-action="project-view"]'))[0]);
    await until("no sections", async () => (await app.findAll("button[data-section]")).length === 0);
    assert.equal(await pressed(), "false");
    assert.equal(await app.script("return window.__samePage === true;"), true);
  });
});
