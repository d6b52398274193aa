// The floor, for reading the other two: the same bars with no timeline code at all. Every bar of the
// plan is a plain div placed once (lanes and rows by layout.ts, as ours places them) in a pane of
// the same size, scrolled natively by the same steps. What a frame costs here is what this engine
// and X server need to scroll and paint such content, whatever draws it.
import type { AssignmentDto } from "../src/ipc";
import { textOn } from "../src/timeline/color";
import { assignLanes, dayOf, PX_PER_DAY, rowTops } from "../src/timeline/layout";
import { BENCH_TODAY, generate } from "./data";
import { run } from "./harness";

const LANE_H = 26; // as Timeline.svelte
const PAD = 10;
const SPAN = 730;
const px = PX_PER_DAY.week;
const team = generate(BENCH_TODAY);

void run("static", () => {
  const color = new Map(team.projects.map((p) => [p.id, p]));
  const origin = BENCH_TODAY - SPAN;
  const byPerson = new Map<string, AssignmentDto[]>();
  for (const a of team.assignments) byPerson.set(a.resourceId, [...(byPerson.get(a.resourceId) ?? []), a]);
  const rows = team.resources.map((r) => {
    const bars = (byPerson.get(r.id) ?? []).map((a) => ({
      id: a.id,
      start: dayOf(a.startDate),
      end: dayOf(a.endDateExclusive),
      a,
    }));
    return { bars, ...assignLanes(bars) };
  });
  const tops = rowTops(
    rows.map((r) => r.lanes),
    LANE_H,
    PAD,
  );
  const viewport = document.getElementById("viewport") as HTMLElement;
  const canvas = document.createElement("div");
  canvas.style.cssText = `position: relative; width: ${2 * SPAN * px}px; height: ${tops[tops.length - 1]}px`;
  const html: string[] = [];
  rows.forEach((row, i) => {
    for (const b of row.bars) {
      const p = color.get(b.a.projectId);
      const bg = p?.color ?? "#888888";
      const top = (tops[i] ?? 0) + PAD / 2 + (row.lane.get(b.id) ?? 0) * LANE_H;
      html.push(
        `<div class="bar" style="left: ${(b.start - origin) * px + 1}px; width: ${(b.end - b.start) * px - 2}px; top: ${top}px; background: ${bg}; color: ${textOn(bg)}">${p?.name ?? ""}</div>`,
      );
    }
  });
  canvas.innerHTML = html.join("");
  viewport.append(canvas);
  viewport.scrollLeft = (BENCH_TODAY - 7 - origin) * px; // ours' first view
  return {
    horizontal: (dx) => {
      viewport.scrollLeft += dx;
    },
    vertical: (dy) => {
      viewport.scrollTop += dy;
    },
    position: () => ({ x: viewport.scrollLeft, y: viewport.scrollTop }),
    viewport: () => ({ width: viewport.clientWidth, height: viewport.clientHeight }),
    bars: () => viewport.querySelectorAll(".bar").length,
  };
});
