// A peer: EventCalendar's resource timeline (npm @event-calendar/core, MIT; Svelte 5), on the
// bench team as vis.ts draws it: a row a person in the same order, an all-day event a booking in
// its project's colour, 20 px a day (its month view's column width) over the field's range of
// days, names 220 px wide, dragging on (its Interaction plugin). Its documentation gives no advice
// for large data (no virtualisation or lazy rendering option exists for resources or days); it is
// configured with what it documents and nothing else. Only the field's scenario (`?field`) runs here.
import { type Calendar as CalendarTypes, Calendar as EventCalendar, Interaction, ResourceTimeline } from "@event-calendar/core";
import { mount } from "svelte";
import "@event-calendar/core/index.css";
import { textOn } from "../src/timeline/scene/color";
import { dateOf } from "../src/timeline/model/dates";
import { BENCH_TODAY, generate, PEOPLE } from "./data";
import { barToDrag, MONTH_PX, pagePeople, RANGE, rowsDown, runField, WEEK_PX } from "./field";

const people = pagePeople(PEOPLE);
const team = generate(BENCH_TODAY, false, people);
const color = new Map(team.projects.map((p) => [p.id, p]));
const firstInView = BENCH_TODAY - 7;

const shownIds = new WeakMap<HTMLElement, string>();

interface Calendar {
  setOption(name: string, value: unknown): void;
  getEventById(id: string): { start: Date; resourceIds: (string | number)[] } | null;
}

void runField("event-calendar", people, team.assignments.length, () => {
  const container = document.getElementById("app") as HTMLElement;
  // What its createCalendar does (its Svelte build exports the component; this page is Svelte's too).
  const options: CalendarTypes.Options = {
    view: "resourceTimelineMonth",
    date: dateOf(firstInView - RANGE.before),
    duration: { days: RANGE.before + RANGE.after },
    columnWidth: `${WEEK_PX}px`,
    height: "100%",
    headerToolbar: { start: "", center: "", end: "" },
    editable: true,
    eventDurationEditable: false,
    // Its elements carry no id: the documented hook tells which event each one shows.
    eventDidMount: (info) => {
      shownIds.set(info.el, String(info.event.id));
    },
    resources: team.people.map((r) => ({ id: r.id, title: r.name })),
    events: team.assignments.map((a) => {
      const bg = color.get(a.projectId)?.color ?? "#888888";
      return {
        id: a.id,
        resourceIds: [a.personId],
        start: a.startDate,
        end: a.endDateExclusive,
        allDay: true,
        title: color.get(a.projectId)?.name ?? "",
        backgroundColor: bg,
        textColor: textOn(bg),
      };
    }),
  };
  const ec = mount(EventCalendar, { target: container, props: { plugins: [ResourceTimeline, Interaction], options } }) as unknown as Calendar;
  const main = () => container.querySelector(".ec-main") as HTMLElement;
  const bars = () => container.querySelectorAll(".ec-event").length;
  let scrolledToFirst = false;
  const toFirst = () => {
    if (!scrolledToFirst && main()) {
      main().scrollLeft = RANGE.before * WEEK_PX;
      scrolledToFirst = true;
    }
  };
  return {
    horizontal: (dx) => {
      main().scrollLeft += dx;
    },
    vertical: (dy) => {
      main().scrollTop += dy;
    },
    position: () => ({ x: main().scrollLeft, y: main().scrollTop }),
    viewport: () => ({ width: main().clientWidth - 220, height: main().clientHeight }),
    bars,
    shown: () => {
      if (bars() === 0) return false;
      toFirst();
      return true;
    },
    maxY: () => main().scrollHeight - main().clientHeight,
    dragTarget: () => {
      const view = main().getBoundingClientRect();
      // Its scroller holds the names (220 px) and the date header (50 px): the bars' part of it.
      const found = barToDrag(container.querySelectorAll<HTMLElement>(".ec-body .ec-event"), { left: view.left + 220, right: view.right, top: view.top + 50 });
      if (!found) return null;
      const y = found.r.top + found.r.height / 2;
      const rows = [...container.querySelectorAll<HTMLElement>(".ec-body .ec-sidebar > *")].map((h) => h.getBoundingClientRect());
      const id = shownIds.get(found.el);
      if (!id) return null;
      return { id, x: found.r.left + 10, y, ...rowsDown(rows, y, 10, view.bottom) };
    },
    where: (id) => {
      const e = ec.getEventById(id);
      const d = e?.start;
      const day = d && `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
      return e ? `${day} ${e.resourceIds.join(",")}` : "gone";
    },
    zoomMonth: () => ec.setOption("columnWidth", `${MONTH_PX}px`),
  };
});
