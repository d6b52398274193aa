// The floor: the least a page can do to show a new view of the pane every frame. A canvas the
// pane's size sits in a scroller as large as ours' content; at each scroll step it copies the
// matching part of a picture drawn once, before measuring (the bench team's bars near the first
// view, in project colours with their names; the picture repeats beyond its edges). No layout,
// no hit targets, no drawing while scrolling: one drawImage a frame. What a frame costs here is
// what this engine and X server need to put a scrolled canvas on the screen.
import { textOn } from "../src/timeline/scene/color";
import { PEOPLE, PER_PERSON } from "./data";
import { type FieldPage, pagePeople, runPage } from "./field";
import { scrollerOf } from "./harness";
import { firstViewX, LANE_H, origin, PAD, placed, px, SPAN } from "./placed";

/** `?field`: the field's fling (nothing to drag or zoom here: those are skipped, said so). */
function build(): FieldPage {
  const { projects: color, rows, tops } = placed();
  const viewport = document.getElementById("viewport") as HTMLElement;
  const spacer = document.getElementById("spacer") as HTMLElement;
  const view = document.getElementById("view") as HTMLCanvasElement;
  const w = viewport.clientWidth;
  const h = viewport.clientHeight;
  const ratio = globalThis.devicePixelRatio || 1;
  view.width = Math.round(w * ratio);
  view.height = Math.round(h * ratio);
  view.style.width = `${w}px`;
  view.style.height = `${h}px`;
  view.style.marginBottom = `${-h}px`;
  spacer.style.width = `${2 * SPAN * px}px`;
  spacer.style.height = `${tops[tops.length - 1]}px`;
  const x0 = firstViewX; // ours' first view

  // The picture: 3 views wide and high from the first view's corner.
  const pw = 3 * w;
  const ph = 3 * h;
  const picture = document.createElement("canvas");
  picture.width = Math.round(pw * ratio);
  picture.height = Math.round(ph * ratio);
  const p = picture.getContext("2d", { alpha: false }) as CanvasRenderingContext2D;
  p.setTransform(ratio, 0, 0, ratio, 0, 0);
  p.fillStyle = "#ffffff";
  p.fillRect(0, 0, pw, ph);
  p.font = "12px system-ui, sans-serif";
  p.textBaseline = "middle";
  rows.forEach((row, i) => {
    const top = tops[i] ?? 0;
    if (top > ph) return;
    p.fillStyle = "#e5e7eb";
    p.fillRect(0, (tops[i + 1] ?? 0) - 1, pw, 1);
    for (const b of row.bars) {
      const x = (b.start - origin) * px + 1 - x0;
      const bw = (b.end - b.start) * px - 2;
      if (x + bw < 0 || x > pw) continue;
      const project = color.get(b.a.projectId);
      const bg = project?.color ?? "#888888";
      const y = top + PAD / 2 + (row.lane.get(b.id) ?? 0) * LANE_H;
      p.fillStyle = bg;
      p.beginPath();
      p.roundRect(x, y, bw, LANE_H - 4, 4);
      p.fill();
      p.save();
      p.beginPath();
      p.rect(x, y, bw, LANE_H - 4);
      p.clip();
      p.fillStyle = textOn(bg);
      p.fillText(project?.name ?? "", x + 6, y + (LANE_H - 4) / 2);
      p.restore();
    }
  });

  const ctx = view.getContext("2d", { alpha: false }) as CanvasRenderingContext2D;
  const mod = (a: number, m: number) => ((a % m) + m) % m;
  const copy = () => {
    // The picture's part for this scroll position (wrapping within the picture's first two views).
    const sx = mod(viewport.scrollLeft - x0, 2 * w);
    const sy = mod(viewport.scrollTop, 2 * h);
    ctx.drawImage(picture, sx * ratio, sy * ratio, w * ratio, h * ratio, 0, 0, w * ratio, h * ratio);
  };
  viewport.addEventListener("scroll", copy);
  viewport.scrollLeft = x0;
  copy();
  return {
    ...scrollerOf(viewport, () => 0),
    scrolled: () => viewport,
    shown: () => true,
    maxY: () => viewport.scrollHeight - viewport.clientHeight,
    dragTarget: () => null,
    where: () => "",
  };
}

const people = pagePeople(PEOPLE);
runPage("blit", people, people * PER_PERSON, build);
