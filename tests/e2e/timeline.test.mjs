// End-to-end: the built app under Xvfb, driven through tauri-driver + WebKitWebDriver
// (scripts/e2e.sh starts them). Each step leaves a screenshot in artifacts/e2e/.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
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

// The pane's canvas, read in the page: kept (window.__pane), or compared with what was kept:
// the pixels that differ by more than 16 levels in a channel, and where. (Rounded corners moved
// with the pixels differ from corners drawn anew by a few levels: the rasteriser's antialiasing
// is not the same at every position. A stale or missing bar or name differs by far more.)
const PANE_PIXELS = `
  const c = document.querySelector(".viewport canvas.paint");
  const now = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  if (arguments[0] === "keep") { window.__pane = now; return now.length; }
  let differ = 0;
  const box = { x0: 1e9, y0: 1e9, x1: -1, y1: -1 };
  for (let i = 0; i < now.length; i += 4) {
    const most = Math.max(...[0, 1, 2].map((k) => Math.abs(now[i + k] - window.__pane[i + k])));
    if (most <= 16) continue;
    differ++;
    const x = (i / 4) % c.width;
    const y = Math.floor(i / 4 / c.width);
    box.x0 = Math.min(box.x0, x); box.y0 = Math.min(box.y0, y); box.x1 = Math.max(box.x1, x); box.y1 = Math.max(box.y1, y);
  }
  return differ ? \`\${differ} pixels in \${box.x0}…\${box.x1} × \${box.y0}…\${box.y1}\` : "none";`;
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
  const at = await app.script(`return document.querySelector(".viewport").scrollLeft;`);
  assert.ok((await app.script(PANE_PIXELS, ["keep"])) > 0);
  // Hatched (tentative) bars are in view, so their moved pixels are compared too.
  const hatched = await app.script(
    `return [...document.querySelectorAll(".hits .bar")].filter((b) => /Tentative/.test(b.getAttribute("aria-label"))).length;`,
  );
  assert.ok(hatched > 0, "tentative bars in view");
  // Away and back in single jumps (more than half the view): painted anew, at the same place.
  await scrollBy(2000);
  await sleep(500);
  await app.script(`document.querySelector(".viewport").scrollLeft = arguments[0]; return null;`, [at]);
  await sleep(500);
  assert.equal(await app.script(`return document.querySelector(".viewport").scrollLeft;`), at);
  assert.equal(await app.script(PANE_PIXELS, ["compare"]), "none", "pixels that differ from the pane painted anew");
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
