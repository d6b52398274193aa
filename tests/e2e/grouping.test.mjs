// Rows grouped by group, role or skill: a header above each section says its people and their
// summed figures over the period (booked · free · share), and folds the section away and back.
// On the demo team: one of its people moves group within the next four weeks, so they are in two
// groups' sections, each counting their days in it; a section's booked and free hours are its
// rows' added up (for the sections without the mover, whose rows show their whole period), and
// all sections' booked hours are everyone's. Compact rows, so that every section is
// in view at once. Screenshots of the grouped rows, a folded section and rows by skill.
import assert from "node:assert/strict";
import { test } from "node:test";
import { select } from "./bars.mjs";
import { closeDialog, KEY, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

/** The sections and the rows under each, top to bottom, as the name column lays them out. */
const SECTIONS = `
  const top = (e) => e.getBoundingClientRect().top;
  const heads = [...document.querySelectorAll("button[data-section]")].sort((a, b) => top(a) - top(b));
  const rows = [...document.querySelectorAll(".name")].sort((a, b) => top(a) - top(b));
  return heads.map((h, i) => {
    const next = heads[i + 1] ? top(heads[i + 1]) : Infinity;
    return {
      key: h.dataset.section,
      open: h.getAttribute("aria-expanded") === "true",
      said: h.textContent.trim(),
      rows: rows.filter((r) => top(r) > top(h) && top(r) < next).map((r) => ({
        name: r.querySelector(".who").textContent.trim(),
        figures: r.querySelector(".load").textContent.trim(),
      })),
    };
  });`;
const sections = (app) => app.script(SECTIONS);
const choose = (app, name, value) =>
  app.script(
    `const s = document.querySelector("dialog[open] select[name=" + arguments[0] + "]"); s.value = arguments[1];
     s.dispatchEvent(new Event("change", { bubbles: true })); return s.value;`,
    [name, value],
  );
const hours = (figures) => figures.split(" · ").slice(0, 2).map((h) => Number(h.replace("h", "")));

/**
 * Checks that each section's figures are its rows' added up (for the sections without the person
 * in two groups, whose rows show their whole period), and that all sections' booked hours are
 * everyone's (every day of everyone's is in one group's section); the person in two groups.
 */
function summedRight(grouped) {
  const seen = grouped.flatMap((s) => s.rows.map((r) => r.name));
  const movers = seen.filter((n, i) => seen.indexOf(n) !== i);
  assert.equal(movers.length, 1, `one person in two groups: ${movers}`);
  let checked = 0;
  for (const s of grouped.filter((x) => !x.rows.some((r) => movers.includes(r.name)))) {
    const [booked, free] = hours(s.figures);
    const sum = s.rows.map((r) => hours(r.figures)).reduce(([b, f], [rb, rf]) => [b + rb, f + rf], [0, 0]);
    // Each figure is written to a tenth of an hour.
    assert.ok(Math.abs(booked - sum[0]) <= 0.05 * s.rows.length + 0.05, `${s.said}: booked ${sum[0]}`);
    assert.ok(Math.abs(free - sum[1]) <= 0.05 * s.rows.length + 0.05, `${s.said}: free ${sum[1]}`);
    checked++;
  }
  assert.ok(checked >= 1, `${checked} sections summed`);
  // Every day of everyone's is in one group's section: the sections' booked hours together are
  // everyone's (the mover's split between their two groups).
  const people = new Map(grouped.flatMap((s) => s.rows.map((r) => [r.name, hours(r.figures)[0]])));
  const everyone = [...people.values()].reduce((a, b) => a + b, 0);
  const summed = grouped.map((s) => hours(s.figures)[0]).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(everyone - summed) <= 0.05 * (people.size + grouped.length), `${summed}h in the sections, ${everyone}h in the rows`);
  return movers;
}

/** A booking in view whose days lie well inside the rows' period (the next four weeks). */
const IN_PERIOD = `
  const view = document.querySelector(".viewport").getBoundingClientRect();
  const iso = (days) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);
  return [...document.querySelectorAll(".hits .bar[data-bar]")]
    .map((b) => ({ id: b.dataset.bar, days: b.dataset.iso.match(/(\\d{4}-\\d\\d-\\d\\d) – (\\d{4}-\\d\\d-\\d\\d)$/), r: b.getBoundingClientRect() }))
    .find(({ days, r }) => days && days[1] >= iso(2) && days[1] <= iso(20) && r.width > 30 && r.left > view.left + 10 && r.right < view.right - 10 && r.top > view.top && r.bottom < view.bottom)?.id ?? null;`;

async function groupBy(app, grouping) {
  await app.click((await app.findAll('button[data-action="people-filter"]'))[0]);
  await app.waitFor("dialog[open] select[name=row-grouping]");
  await choose(app, "row-grouping", grouping);
  await app.screenshot(`grouping-0-dialog-${grouping}`);
  await closeDialog(app);
}

test("rows grouped by group, role and skill, with each section's summed figures, folded and opened", async () => {
  await withTimeline(APP, async (app) => {
    await app.click((await app.findAll('button[data-action="density"]'))[0]); // compact: all in view
    await groupBy(app, "group");
    const grouped = await until("sections by group", async () => {
      const s = await sections(app);
      return s.length >= 3 && s;
    });
    const names = grouped.map((s) => s.said.split(":")[0]);
    for (const g of ["Design", "Engineering", "Consulting"]) assert.ok(names.includes(g), `${g} is a section: ${names}`);
    for (const s of grouped) {
      // "Design: 4 people, 96h · 24h · 80%": the count is the rows under the header.
      const [, people, figures] = s.said.match(/: (\d+) (?:person|people), (.*)$/) ?? [];
      assert.equal(Number(people), s.rows.length, `${s.said}: ${s.rows.map((r) => r.name)}`);
      assert.ok(s.open);
      s.figures = figures;
    }
    const movers = summedRight(grouped);
    console.log(grouped.map((s) => s.said).join("\n"));
    await app.screenshot("grouping-1-by-group");

    // An edit: a booking in the period deleted. Its person's sections are summed again from what
    // changed (not every row anew: sections.ts, sectionsFigures), to the same sums as their rows'.
    const target = await app.script(IN_PERIOD);
    assert.ok(target, "a booking in the period, in view");
    await select(app, target);
    await app.press([KEY.Delete]);
    const after = await until("a section's figures changed by the edit", async () => {
      const s = await sections(app);
      return s.some((x, i) => x.said !== grouped[i]?.said) && s;
    });
    for (const s of after) s.figures = (s.said.match(/: \d+ (?:person|people), (.*)$/) ?? [])[1];
    assert.deepEqual(summedRight(after), movers);

    // Folded: the header stays and says so, its rows go; opened again, they come back.
    const design = grouped.find((s) => s.said.startsWith("Design"));
    await app.click((await app.findAll(`button[data-section="${design.key}"]`))[0]);
    const folded = await until("Design folded", async () => {
      const s = (await sections(app)).find((x) => x.key === design.key);
      return s && !s.open && s.rows.length === 0 && s;
    });
    assert.match(folded.said, /\(collapsed\)$/);
    const shownNames = (await sections(app)).flatMap((s) => s.rows.map((r) => r.name));
    for (const r of design.rows.filter((x) => !movers.includes(x.name)))
      assert.ok(!shownNames.includes(r.name), `${r.name} is folded away`);
    await app.screenshot("grouping-2-design-folded");
    await app.click((await app.findAll(`button[data-section="${design.key}"]`))[0]);
    await until("Design open again", async () => {
      const s = (await sections(app)).find((x) => x.key === design.key);
      return s?.open && s.rows.length === design.rows.length;
    });

    // By role, then by skill: a person under each of their skills (the demo's have two or more).
    await groupBy(app, "role");
    const roles = await until("sections by role", async () => {
      const s = await sections(app);
      return s.some((x) => x.key.startsWith("role:")) && s;
    });
    assert.ok(roles.some((s) => s.said.startsWith("Engineer")), roles.map((s) => s.said).join(", "));
    await groupBy(app, "skill");
    const skills = await until("sections by skill", async () => {
      const s = await sections(app);
      return s.some((x) => x.key.startsWith("skill:")) && s;
    });
    const bySkill = skills.flatMap((s) => s.rows.map((r) => r.name));
    assert.ok(new Set(bySkill).size < bySkill.length, "someone is under two skills");
    await app.screenshot("grouping-3-by-skill");

    // Back to rows without sections, comfortable.
    await groupBy(app, "none");
    await until("no sections", async () => (await sections(app)).length === 0);
    await app.click((await app.findAll('button[data-action="density"]'))[0]);
  });
});
