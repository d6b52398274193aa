// End-to-end: the built app under Xvfb, driven through tauri-driver + WebKitWebDriver
// (scripts/e2e.sh starts them). Each step leaves a screenshot in artifacts/e2e/.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { unlikeAnew } from "./bars.mjs";
import { sleep, startApp } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
let app;

before(async () => {
  assert.ok(APP, "RP_APP_BINARY must name the built app");
  app = await startApp(APP);
});

after(async () => {
  await app?.close();
});

test("first start shows the demo team's timeline", async () => {
  await app.waitFor(".bar", 10);
  assert.equal((await app.texts("h1"))[0], "My team");
  const people = await app.texts(".name .who");
  assert.ok(people.includes("山田 太郎"), `people: ${people}`);
  assert.ok(people.includes("Alice Johnson"), `people: ${people}`);
  const bars = await app.script(`return [...document.querySelectorAll(".bar")].map((b) => b.dataset.iso);`);
  assert.ok(bars.some((b) => b.includes("Acme")), "a bar of the Acme project is shown");
  // Painted: the canvas shows an Acme bar where its (invisible) hit target is, not the background.
  const pixel = await app.barPixel("Acme");
  assert.ok(pixel && pixel !== "rgb(255, 255, 255)", `the canvas under an Acme bar: ${pixel}`);
  // Virtualised: the bars in the DOM are those in view, give or take the few days laid out ahead.
  const outside = await app.script(`
    const v = document.querySelector(".viewport").getBoundingClientRect();
    const day = 20; // px a day at the "week" zoom
    return [...document.querySelectorAll(".hits .bar")].filter((b) => {
      const r = b.getBoundingClientRect();
      return r.right < v.left - 3 * day || r.left > v.right + 3 * day;
    }).length;`);
  assert.equal(outside, 0, "bars laid out far outside the view");
  await app.screenshot("01-first-start");
});

const scrollBy = (dx) => app.script(`document.querySelector(".viewport").scrollLeft += ${dx}; return null;`);

test("a scroll moves the pane's pixels and paints what came into view: the same as painting it anew", async () => {
  await app.waitFor(".bar", 10);
  // Step by step (each step a frame or two: the pixels are moved, stripes painted), right past
  // long bars' starts (their names stay at the left edge) and back left.
  for (let i = 0; i < 24; i++) {
    await scrollBy(10);
    await sleep(40);
  }
  for (let i = 0; i < 7; i++) {
    await scrollBy(-10);
    await sleep(40);
  }
  await sleep(300);
  // Hatched (tentative) bars are in view, so their moved pixels are compared too.
  const hatched = await app.script(
    `return [...document.querySelectorAll(".hits .bar")].filter((b) => /Tentative/.test(b.getAttribute("aria-label"))).length;`,
  );
  assert.ok(hatched > 0, "tentative bars in view");
  assert.equal(await unlikeAnew(app), "none", "pixels that differ from the pane painted anew");
});

test("the people filter narrows the rows", async () => {
  const [box] = await app.findAll("input.filter");
  await app.type(box, "山田");
  let names = [];
  for (let i = 0; i < 30; i++) {
    names = await app.texts(".name .who");
    if (names.length === 1) break;
    await sleep(100);
  }
  assert.deepEqual(names, ["山田 太郎"]);
  await app.screenshot("04-filtered");
  // Clear it as typing would (WebDriver's clear fires no input event).
  await app.script(`const f = document.querySelector("input.filter"); f.value = ""; f.dispatchEvent(new Event("input", { bubbles: true })); return null;`);
  await app.waitFor(".name .who", 12);
});

test("zooming out to months shows months of days", async () => {
  const [zoomOut] = await app.findAll('button[aria-label^="Zoom out"]');
  await app.click(zoomOut);
  await app.click(zoomOut);
  const label = (await app.texts(".zoom"))[0];
  assert.ok(label === "month" || label === "月", `zoom label: ${label}`);
  await app.waitFor(".bar", 10);
  const months = (await app.script(`return document.querySelector(".dates canvas").dataset.months;`)).split("|");
  assert.ok(months.length >= 3, `month labels: ${months}`);
  await app.screenshot("02-month-zoom");
});

test("the language switch shows the timeline in Japanese and back", async () => {
  const [toggle] = await app.findAll("button.lang");
  const before = (await app.texts(".corner"))[0];
  await app.click(toggle);
  const after = (await app.texts(".corner"))[0];
  assert.notEqual(after, before);
  assert.ok([before, after].some((t) => t.startsWith("メンバー (")), `corner: ${before} / ${after}`);
  await app.screenshot(after.startsWith("メンバー") ? "03-japanese" : "03-english");
  await app.click(toggle);
  assert.equal((await app.texts(".corner"))[0], before);
});
