// Bars on the timeline as end-to-end tests and benchmarks of the live view find and move them.
import { KEY, sleep, until } from "./webdriver.mjs";

/** A bar well inside the pane: its id, its days (`data-iso`) and a point on it. */
export const PICK = `
  const view = document.querySelector(".viewport").getBoundingClientRect();
  const bars = [...document.querySelectorAll(".bar[data-bar]")]
    .map((b) => ({ id: b.dataset.bar, iso: b.dataset.iso, r: b.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 60 && r.left > view.left + 60 && r.right < view.right - 200 && r.top > view.top + 60 && r.bottom < view.bottom - 60)
    .sort((a, b) => a.r.top - b.r.top);
  const b = bars[Math.floor(bars.length / 2)];
  return b ? { id: b.id, iso: b.iso, x: b.r.left + 20, y: b.r.top + b.r.height / 2 } : null;`;
/** The bar `arguments[0]`: its days and a point on it, or null while it is not shown. */
export const BAR = `const b = document.querySelector('.bar[data-bar="' + arguments[0] + '"]');
  if (!b) return null;
  const r = b.getBoundingClientRect();
  return { iso: b.dataset.iso, x: r.left + 20, y: r.top + r.height / 2 };`;
/** Two bars well inside the pane in different rows: their ids, days and a point on each. */
export const TWO = `
  const view = document.querySelector(".viewport").getBoundingClientRect();
  const bars = [...document.querySelectorAll(".hits .bar[data-bar]")]
    .map((b) => ({ id: b.dataset.bar, iso: b.dataset.iso, r: b.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 60 && r.left > view.left + 80 && r.right < view.right - 240 && r.top > view.top + 60 && r.bottom < view.bottom - 80)
    .sort((a, b) => a.r.top - b.r.top);
  const a = bars[0];
  const b = bars.find((x) => x.r.top > a.r.bottom + 20);
  const at = (x) => ({ id: x.id, iso: x.iso, x: x.r.left + 20, y: x.r.top + x.r.height / 2 });
  return a && b ? [at(a), at(b)] : null;`;
export const SELECTED = `return document.querySelector(".bar.selected")?.dataset.bar ?? null;`;
export const NOTICE = `return document.querySelector("[role=status], .notice")?.textContent?.trim() ?? "";`;

/** "Project: 2026-12-01 – 2026-12-05" → its first and last day. */
export const days = (label) => label.match(/(\d{4}-\d\d-\d\d) – (\d{4}-\d\d-\d\d)$/).slice(1);
export const nextDay = (iso) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);

export async function select(app, id) {
  const bar = await until(`bar ${id} shown`, () => app.script(BAR, [id]));
  await app.mouse(bar.x, bar.y, [
    { type: "pointerDown", button: 0 },
    { type: "pointerUp", button: 0 },
  ]);
  await until(`bar ${id} selected`, async () => (await app.script(SELECTED)) === id);
}

/** Moves the selected bar a day later (Alt+→) in `app` and waits until it shows there. */
export async function moveLater(app, id) {
  const [first] = days((await app.script(BAR, [id])).iso);
  await app.press([KEY.Alt, KEY.ArrowRight]);
  await until("the move shown", async () => days((await app.script(BAR, [id]))?.iso ?? "x: 1 – 2")[0] === nextDay(first));
  return nextDay(first);
}

// The pane's canvas, read in the page: kept (window.__pane), or compared with what was kept:
// the pixels that differ by more than 16 levels in a channel, and where. (Rounded corners moved
// with the pixels differ from corners drawn anew by a few levels: the rasteriser's antialiasing
// is not the same at every position. A stale or missing bar or name differs by far more.)
export const PANE_PIXELS = `
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

/**
 * The pane's pixels against the pane painted anew at the same place: kept, the pane scrolled away
 * (more than half its width: painted anew) and back; which pixels differ ("none" when none do).
 */
export async function unlikeAnew(app) {
  // Saved first: a booking still being written is painted lighter until its answer.
  await until("no booking being written", () => app.script(`return !document.querySelector(".hits .bar.pending");`));
  const at = await app.script(`return document.querySelector(".viewport").scrollLeft;`);
  await app.script(PANE_PIXELS, ["keep"]);
  await app.script(`document.querySelector(".viewport").scrollLeft += 2000; return null;`);
  await sleep(500);
  await app.script(`document.querySelector(".viewport").scrollLeft = arguments[0]; return null;`, [at]);
  await sleep(500);
  const back = await app.script(`return document.querySelector(".viewport").scrollLeft;`);
  if (back !== at) return `the pane came back to ${back}, not to ${at}`;
  return app.script(PANE_PIXELS, ["compare"]);
}
