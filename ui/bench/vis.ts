// The baseline: vis-timeline (npm, standalone build) drawing the bench team as ours does: one group
// a person in the same order, one range item an assignment in its project's colour, stacked, the
// same first visible day and 20 px a day (ours at its default "week" zoom), a today line.
import { Timeline } from "vis-timeline/standalone";
import "vis-timeline/styles/vis-timeline-graph2d.min.css";
import { textOn } from "../src/timeline/scene/color";
import { PX_PER_DAY } from "../src/timeline/scene/layout";
import { BENCH_TODAY, generate, PEOPLE } from "./data";
import { barToDrag, type FieldPage, isField, MONTH_PX, pagePeople, rowsDown, runPage } from "./field";

const DAY_MS = 86_400_000;
const field = isField();
const people = pagePeople(PEOPLE);
const team = generate(BENCH_TODAY, false, people);
const color = new Map(team.projects.map((p) => [p.id, p]));
const msPerPx = DAY_MS / PX_PER_DAY.week;

/** `?field`: the field's scenario (field.ts), with dragging on (its `editable` option). */
function build(): FieldPage {
  // Plain arrays: vis-timeline wraps them in its own DataSets, as it documents.
  const groups = team.people.map((r, i) => ({ id: r.id, content: r.name, order: i }));
  const items = team.assignments.map((a) => {
    const p = color.get(a.projectId);
    const bg = p?.color ?? "#888888";
    return {
      id: a.id,
      group: a.personId,
      content: p?.name ?? "",
      start: new Date(a.startDate),
      end: new Date(a.endDateExclusive),
      type: "range",
      style: `background-color: ${bg}; border-color: ${bg}; color: ${textOn(bg)}`,
    };
  });
  const container = document.getElementById("app") as HTMLElement;
  // Ours opens with today − 7 at the left edge (Timeline.svelte: goTo(today − 5), 2 days of margin).
  const start = (BENCH_TODAY - 7) * DAY_MS;
  const width = container.clientWidth - 220; // the names column is 220 px in both
  const timeline = new Timeline(container, items, groups, {
    start,
    end: start + width * msPerPx,
    height: container.clientHeight,
    orientation: { axis: "top", item: "top" },
    stack: true,
    verticalScroll: true,
    groupOrder: "order",
    showCurrentTime: false,
    zoomable: false,
    locale: "en",
    // Dragging in time and between groups, as the field's scenario does it.
    ...(field ? { editable: { updateTime: true, updateGroup: true, add: false, remove: false } } : {}),
  });
  timeline.addCustomTime(new Date(BENCH_TODAY * DAY_MS), "today");
  const center = container.querySelector(".vis-panel.vis-center") as HTMLElement;
  const left = container.querySelector(".vis-panel.vis-left") as HTMLElement;
  return {
    horizontal: (dx) => {
      const w = timeline.getWindow();
      const shift = dx * msPerPx;
      timeline.setWindow(w.start.getTime() + shift, w.end.getTime() + shift, { animation: false });
    },
    // Through its own wheel handler, as a user scrolls it (it has no public scrollTop API): it
    // moves its content and redraws at once. Setting its left panel's scrollTop instead is undone
    // by its next redraw before the scroll event arrives.
    vertical: (dy) => {
      center.dispatchEvent(
        new WheelEvent("wheel", { deltaY: dy, deltaMode: 0, bubbles: true, cancelable: true }),
      );
    },
    position: () => ({ x: (timeline.getWindow().start.getTime() - start) / msPerPx, y: left.scrollTop }),
    viewport: () => ({ width: center.clientWidth, height: center.clientHeight }),
    bars: () => container.querySelectorAll(".vis-item").length,
    shown: () => container.querySelectorAll(".vis-item").length > 0,
    maxY: () => left.scrollHeight - left.clientHeight,
    dragTarget: () => {
      const view = center.getBoundingClientRect();
      const found = barToDrag(container.querySelectorAll<HTMLElement>(".vis-item.vis-range"), view);
      const item = (found?.el as (HTMLElement & { "vis-item"?: { id: string } }) | undefined)?.["vis-item"];
      if (!found || !item) return null;
      const y = found.r.top + found.r.height / 2;
      const rows = [...container.querySelectorAll<HTMLElement>(".vis-labelset .vis-label")].map((l) => l.getBoundingClientRect());
      // It moves only a selected item (its documentation: select, then drag): clicked first.
      return { id: String(item.id), x: found.r.left + 10, y, ...rowsDown(rows, y, 10, view.bottom), selectFirst: true };
    },
    where: (id) => {
      const data = (timeline as unknown as { itemsData: { get(id: string): { start: Date; group: string } | null } }).itemsData;
      const item = data.get(id);
      return item ? `${new Date(item.start).toISOString().slice(0, 10)} ${item.group}` : "gone";
    },
    zoomMonth: () => {
      const w = timeline.getWindow();
      timeline.setWindow(w.start.getTime(), w.start.getTime() + (center.clientWidth * DAY_MS) / MONTH_PX, { animation: false });
    },
  };
}

runPage("vis-timeline", people, team.assignments.length, build);
