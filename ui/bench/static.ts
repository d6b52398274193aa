// The same bars with no timeline code at all: every bar of the plan is a plain div placed once
// (lanes and rows by layout.ts, as ours places them) in a pane of the same size, scrolled natively
// by the same steps. What a timeline that draws its bars as DOM boxes could at best do here.
import { textOn } from "../src/timeline/scene/color";
import { run, scrollerOf } from "./harness";
import { firstViewX, LANE_H, origin, PAD, placed, px, SPAN } from "./placed";

void run("static", () => {
  const { projects: color, rows, tops } = placed();
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
  viewport.scrollLeft = firstViewX; // ours' first view
  return scrollerOf(viewport, () => viewport.querySelectorAll(".bar").length);
});
