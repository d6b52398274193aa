// Our timeline: the real Timeline.svelte, mounted as App.svelte mounts it, on the bench team
// (src/ipc is fake-ipc.ts here, see vite.bench.config.ts). `?field` runs the field's scenario
// (field.ts) instead of the steady scroll; `&people=N` sizes the team.
import { mount, tick } from "svelte";
import { openTimeline } from "../src/ipc";
import { dateOf } from "../src/timeline/model/dates";
import { Canvases } from "../src/timeline/render/canvases.svelte";
import { LabelCache } from "../src/timeline/render/labels";
import { paneStats } from "../src/timeline/render/paint";
import { firstDays } from "../src/timeline/scene/firstScreen";
import Timeline from "../src/timeline/components/Timeline.svelte";
import "../src/app.css";
import { BENCH_TODAY, PEOPLE, PER_PERSON } from "./data";
import { storedAssignment, windowLoads } from "./fake-ipc"; // the same module as "../src/ipc" here
import { barToDrag, type FieldPage, pagePeople, rowsDown, runPage } from "./field";

async function build(): Promise<FieldPage> {
  // As App.svelte opens it: the days the first screen shows (nothing remembered), the rest after.
  const { from, to } = firstDays(BENCH_TODAY, null, window.innerWidth);
  const initial = await openTimeline(dateOf(from), dateOf(to));
  const target = document.getElementById("app") as HTMLElement;
  // The first start's hint is not what is measured: seen, so the pane has the size it had before
  // there was one (the old pages and the new compare the same pane).
  localStorage.setItem("resource-planner.first-hint-done", "1");
  mount(Timeline, { target, props: { initial, today: BENCH_TODAY } });
  // `?heatmap`: the heatmap's cells instead of the bars, as its button shows them.
  if (new URLSearchParams(location.search).has("heatmap")) {
    await tick();
    (target.querySelector('button[data-action="heatmap"]') as HTMLButtonElement).click();
    await tick();
  }
  // `?grouped`: the rows grouped by group (40 sections), filtered (half the roles) and compact, as
  // a department planner would set them (the filter dialog and the rows button).
  // `?compact`: compact rows alone (what the density costs apart from the grouping).
  const q = new URLSearchParams(location.search);
  if (q.has("grouped")) await groupedFilteredCompact(target);
  else if (q.has("compact")) {
    await tick();
    (target.querySelector('button[data-action="density"]') as HTMLElement).click();
    await tick();
  }
  // `?projectview`: the project view (a row per project with its people), its toolbar switch.
  if (q.has("projectview")) {
    await tick();
    (target.querySelector('button[data-action="project-view"]') as HTMLElement).click();
    await tick();
  }
  // `?nohits` (a diagnostic, not a page to compare): the pane's DOM hit targets kept out of style,
  // layout and paint (`display: none`), so that a run tells what they cost of a frame.
  if (q.has("nohits")) {
    const style = document.createElement("style");
    style.textContent = ".hits { display: none; }";
    document.head.append(style);
  }
  // `?nostrip`, `?notext` (diagnostics, not pages to compare): compact rows' load strips (the
  // pane's 2 px high rectangles) or all text left unpainted, so that a run tells what they cost.
  if (q.has("nostrip")) {
    const fillRect = CanvasRenderingContext2D.prototype.fillRect;
    CanvasRenderingContext2D.prototype.fillRect = function (x, y, w, h) {
      if (h !== 2) fillRect.call(this, x, y, w, h);
    };
  }
  if (q.has("notext")) CanvasRenderingContext2D.prototype.fillText = () => {};
  // `?noimages` (a diagnostic): no text made into an image (labels.ts, LabelCache): every label
  // drawn as text at every sighting, so that a run tells what making and drawing the images costs.
  if (q.has("noimages")) (LabelCache.prototype as unknown as { render: () => null }).render = () => null;
  if (q.has("timing")) timeScrolls(target.querySelector(".viewport") as HTMLElement);
  const viewport = () => target.querySelector(".viewport") as HTMLElement;
  const bars = () => target.querySelectorAll(".viewport .bar").length;
  return {
    horizontal: (dx) => {
      viewport().scrollLeft += dx;
    },
    vertical: (dy) => {
      viewport().scrollTop += dy;
    },
    position: () => ({ x: viewport().scrollLeft, y: viewport().scrollTop }),
    viewport: () => ({ width: viewport().clientWidth, height: viewport().clientHeight }),
    bars,
    // The windows loaded while scrolling, and how the pane was painted (paint.ts, paintPane).
    events: () => [
      ...windowLoads,
      { at: performance.now(), what: `pane painted anew ${paneStats.anew}×, moved ${paneStats.moved}×, in bands ${paneStats.bands}×` },
    ],
    scrolled: () => viewport(),
    shown: () => bars() > 0,
    maxY: () => viewport().scrollHeight - viewport().clientHeight,
    dragTarget: () => {
      const view = viewport().getBoundingClientRect();
      const found = barToDrag(target.querySelectorAll<HTMLElement>(".viewport .bar[data-bar]"), view);
      if (!found) return null;
      const y = found.r.top + found.r.height / 2;
      const rows = [...target.querySelectorAll<HTMLElement>(".name")].map((n) => n.getBoundingClientRect());
      return { id: found.el.dataset.bar ?? "", x: found.r.left + 10, y, ...rowsDown(rows, y, 10, view.bottom) };
    },
    where: (id) => {
      const a = storedAssignment(id);
      return a ? `${a.startDate} ${a.personId}` : "gone";
    },
    zoomMonth: async () => {
      const out = [...target.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent?.trim() === "−");
      out?.click();
      await tick();
    },
  };
}

async function groupedFilteredCompact(target: HTMLElement) {
  await tick();
  const click = (css: string) => (target.querySelector(css) as HTMLElement).click();
  click('button[data-action="density"]');
  click('button[data-action="people-filter"]');
  await tick();
  const grouping = document.querySelector("dialog[open] select[name=row-grouping]") as HTMLSelectElement;
  grouping.value = "group";
  grouping.dispatchEvent(new Event("change", { bubbles: true }));
  for (const role of [...document.querySelectorAll<HTMLInputElement>("dialog[open] input[name=filter-role]")].slice(0, 5))
    role.click();
  await tick();
  (document.querySelector("dialog[open]") as HTMLDialogElement).close();
  await tick();
}

const people = pagePeople(PEOPLE);
runPage("ours", people, people * PER_PERSON, build);

/** How the pane was painted since `stats` were taken. */
const paneHow = (stats: typeof paneStats) =>
  paneStats.anew > stats.anew
    ? "anew"
    : paneStats.bands > stats.bands
      ? "in bands"
      : paneStats.moved > stats.moved
        ? "moved"
        : "kept";

/**
 * `?timing` (a diagnostic, not a page to compare): how long each scroll event's script takes — the
 * viewport's handler and the effects it sets off (Svelte runs them in the microtask after it),
 * from a capturing listener on the window to a listener on the viewport added after the app's —
 * and of that, the canvases' painting (`Canvases`' paint methods, timed by wrapping them). The
 * rest of a frame is the engine's style, layout, paint and compositing. For the first four events
 * also each canvas's part and whether the pane was painted anew or its pixels moved: the first
 * is the start's own scroll to today (the timing begins before it), the second the fling's first.
 * And the same of a drag: each pointer move's script, and the drop's in parts (below).
 * Read from `window.__timing` by scripts/bench-timeline.mjs.
 */
function timeScrolls(viewport: HTMLElement) {
  const timing = {
    scroll: [] as number[],
    canvas: [] as number[],
    first: [] as string[],
    each: { paintPane: [], paintNames: [], paintHeader: [] } as Record<string, number[]>,
    /** Each pointer release (a drag's drop), in words: its script, the canvases' part of it, when
     * the next frame began, and that frame's rest (style, layout, paint: to the frame after). */
    drops: [] as string[],
    /** Each pointer move's script (its handlers and the effects flushed after them), in order. */
    moves: [] as number[],
  };
  (window as unknown as { __timing: typeof timing }).__timing = timing;
  let painting = 0;
  /** Each canvas's part of the event being timed. */
  let parts: Record<string, number> = {};
  const proto = Canvases.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ["paintPane", "paintNames", "paintHeader"]) {
    const original = proto[name];
    if (!original) continue;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      const t = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const took = performance.now() - t;
        painting += took;
        parts[name] = (parts[name] ?? 0) + took;
      }
    };
  }
  let start = 0;
  let stats = { ...paneStats };
  window.addEventListener(
    "scroll",
    () => {
      start = performance.now();
      painting = 0;
      parts = {};
      stats = { ...paneStats };
    },
    { capture: true },
  );
  // A pointer release, timed from its capture on the window: to its bubbling back there (the app's
  // handler, and the effects Svelte flushes in the microtasks run after each listener of an event
  // the engine dispatches), then to a message posted then (the tasks queued before it: the IPC's
  // answer taken in), then to the next frame and the one after.
  let up = 0;
  let handlers = 0;
  const after = new MessageChannel();
  after.port1.onmessage = () => {
    const task = performance.now() - up;
    const each = Object.entries(parts).map(([k, v]) => `${k.replace("paint", "")} ${v.toFixed(0)}`);
    const how = paneHow(stats);
    const canvases = painting;
    requestAnimationFrame((t1) => {
      const before = t1 - up;
      requestAnimationFrame((t2) => {
        timing.drops.push(
          `the release's handler and effects ${handlers.toFixed(0)} ms, with the tasks after it ${task.toFixed(0)} (canvases ${canvases.toFixed(0)}: ${each.join(", ") || "none"}; pane ${how}), the next frame at ${before.toFixed(0)}, its rest ${(t2 - t1).toFixed(0)}`,
        );
      });
    });
  };
  window.addEventListener(
    "pointerup",
    () => {
      up = performance.now();
      painting = 0;
      parts = {};
      stats = { ...paneStats };
    },
    { capture: true },
  );
  let moved = 0;
  window.addEventListener("pointermove", () => (moved = performance.now()), { capture: true });
  window.addEventListener("pointermove", () => timing.moves.push(performance.now() - moved));
  window.addEventListener("pointerup", () => {
    handlers = performance.now() - up;
    after.port2.postMessage(null);
  });
  viewport.addEventListener("scroll", () => {
    timing.scroll.push(performance.now() - start);
    timing.canvas.push(painting);
    for (const [k, list] of Object.entries(timing.each)) list.push(parts[k] ?? 0);
    if (timing.first.length < 4) {
      const each = Object.entries(parts).map(([k, v]) => `${k.replace("paint", "")} ${v.toFixed(0)}`);
      const how = paneHow(stats);
      timing.first.push(`${each.join(" + ") || "no canvas"} (pane ${how})`);
    }
  });
}
