// Our timeline: the real Timeline.svelte, mounted as App.svelte mounts it, on the bench team
// (src/ipc is fake-ipc.ts here, see vite.bench.config.ts).
import { mount, tick } from "svelte";
import { openTimeline } from "../src/ipc";
import { dateOf } from "../src/timeline/model/dates";
import { paneStats } from "../src/timeline/render/paint";
import Timeline from "../src/timeline/components/Timeline.svelte";
import "../src/app.css";
import { BENCH_TODAY, openWindow } from "./data";
import { windowLoads } from "./fake-ipc"; // the same module as "../src/ipc" here
import { run } from "./harness";

void run("ours", async () => {
  const { from, to } = openWindow(BENCH_TODAY);
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
  const viewport = () => target.querySelector(".viewport") as HTMLElement;
  return {
    horizontal: (dx) => {
      viewport().scrollLeft += dx;
    },
    vertical: (dy) => {
      viewport().scrollTop += dy;
    },
    position: () => ({ x: viewport().scrollLeft, y: viewport().scrollTop }),
    viewport: () => ({ width: viewport().clientWidth, height: viewport().clientHeight }),
    bars: () => target.querySelectorAll(".viewport .bar").length,
    // The windows loaded while scrolling, and how the pane was painted (paint.ts, paintPane).
    events: () => [
      ...windowLoads,
      { at: performance.now(), what: `pane painted anew ${paneStats.anew}×, moved ${paneStats.moved}×` },
    ],
    scrolled: () => viewport(),
  };
});
