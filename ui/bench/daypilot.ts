// A peer: DayPilot Lite's Scheduler (npm @daypilot/daypilot-lite-javascript, Apache-2.0), on the
// bench team as vis.ts draws it: a row a person in the same order, an event a booking in its
// project's colour, 20 px a day over the field's range of days, names 220 px wide. Configured as
// its documentation advises for many rows and events: progressive row rendering and progressive
// (dynamic) event rendering, both its defaults, said here explicitly; its own scroll delays left
// at their defaults. Only the field's scenario (`?field`) runs on this page.
import { DayPilot } from "@daypilot/daypilot-lite-javascript";
import { textOn } from "../src/timeline/scene/color";
import { dateOf } from "../src/timeline/model/dates";
import { BENCH_TODAY, generate, PEOPLE } from "./data";
import { MONTH_PX, pagePeople, RANGE, rowsDown, runField, WEEK_PX } from "./field";

const people = pagePeople(PEOPLE);
const team = generate(BENCH_TODAY, false, people);
const color = new Map(team.projects.map((p) => [p.id, p]));
const firstInView = BENCH_TODAY - 7;

void runField("daypilot", people, team.assignments.length, () => {
  const container = document.getElementById("app") as HTMLElement;
  const dp = new DayPilot.Scheduler(container, {
    startDate: dateOf(firstInView - RANGE.before),
    days: RANGE.before + RANGE.after,
    scale: "Day",
    timeHeaders: [{ groupBy: "Month" }, { groupBy: "Day", format: "d" }],
    cellWidth: WEEK_PX,
    rowHeaderWidth: 220,
    heightSpec: "Fixed",
    height: container.clientHeight - 60,
    progressiveRowRendering: true,
    dynamicEventRendering: "Progressive",
    eventMoveHandling: "Update",
    resources: team.people.map((r) => ({ id: r.id, name: r.name })),
    events: team.assignments.map((a) => {
      const bg = color.get(a.projectId)?.color ?? "#888888";
      return {
        id: a.id,
        resource: a.personId,
        start: a.startDate,
        end: a.endDateExclusive,
        text: color.get(a.projectId)?.name ?? "",
        backColor: bg,
        borderColor: bg,
        fontColor: textOn(bg),
      };
    }),
  });
  dp.init();
  dp.setScrollX(RANGE.before * WEEK_PX);
  const bars = () => container.querySelectorAll(".scheduler_default_event").length;
  return {
    horizontal: (dx) => dp.setScrollX(dp.getScrollX() + dx),
    vertical: (dy) => dp.setScrollY(dp.getScrollY() + dy),
    position: () => ({ x: dp.getScrollX(), y: dp.getScrollY() }),
    viewport: () => {
      const v = dp.getViewport() as unknown as { width?: number; height?: number };
      const scroll = container.querySelector(".scheduler_default_scrollable") as HTMLElement | null;
      return { width: scroll?.clientWidth ?? v.width ?? 0, height: scroll?.clientHeight ?? v.height ?? 0 };
    },
    bars,
    shown: () => bars() > 0,
    maxY: () => {
      const scroll = container.querySelector(".scheduler_default_scrollable") as HTMLElement | null;
      return scroll ? scroll.scrollHeight - scroll.clientHeight : 0;
    },
    dragTarget: () => {
      const scroll = (container.querySelector(".scheduler_default_scrollable") as HTMLElement).getBoundingClientRect();
      const found = [...container.querySelectorAll<HTMLElement>(".scheduler_default_event")]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 30 && r.left > scroll.left + 20 && r.right < scroll.right - 20 * WEEK_PX - 40 && r.top > scroll.top + 10 && r.top < scroll.top + 150)
        .sort((a, b) => a.r.top - b.r.top || a.r.left - b.r.left)[0];
      const event = (found?.el as (HTMLElement & { event?: DayPilot.Event }) | undefined)?.event;
      if (!found || !event) return null;
      const y = found.r.top + found.r.height / 2;
      const rows = [...container.querySelectorAll<HTMLElement>(".scheduler_default_rowheader")].map((h) => h.getBoundingClientRect());
      return { id: String(event.id()), x: found.r.left + 10, y, ...rowsDown(rows, y, 10, scroll.bottom) };
    },
    where: (id) => {
      const e = dp.events.find(id);
      return e ? `${e.start().toString("yyyy-MM-dd")} ${e.resource()}` : "gone";
    },
    zoomMonth: () => dp.update({ cellWidth: MONTH_PX }),
  };

});
