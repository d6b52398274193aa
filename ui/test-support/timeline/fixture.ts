// A timeline's parts put together as Timeline.svelte does, on a small plan, without a DOM: for the
// tests of the parts (a fake plan records the edits; fake elements stand in for the viewport).

import type { AssignmentDto, LabelDto, PersonDto, ProjectDto } from "../../src/ipc";
import { Commands } from "../../src/timeline/input/commands";
import { Cursor } from "../../src/timeline/input/cursor.svelte";
import { Gestures } from "../../src/timeline/input/gestures.svelte";
import { Intents } from "../../src/timeline/input/intents";
import { ModalState } from "../../src/timeline/input/modal.svelte";
import { Selection } from "../../src/timeline/input/selection.svelte";
import { FULL_DAY } from "../../src/timeline/model/allocation";
import { type Day, dateOf, dayOf } from "../../src/timeline/model/dates";
import type { Plan } from "../../src/timeline/model/plan.svelte";
import type { Fields } from "../../src/timeline/model/planApi";
import { rowTops } from "../../src/timeline/scene/layout";
import { LANE_H, PAD, placeRows } from "../../src/timeline/scene/placement";
import { byPerson, laneRows } from "../../src/timeline/scene/rowData";
import { Rows } from "../../src/timeline/scene/rows.svelte";
import { Viewport } from "../../src/timeline/scene/viewport.svelte";

/** A Monday. */
export const TODAY: Day = dayOf("2026-03-02");

export const bar = (
  id: string,
  personId: string,
  from: string,
  lastDay: string,
  projectId = "apollo",
): AssignmentDto => ({
  id,
  personId,
  projectId,
  startDate: from,
  lastDay,
  endDateExclusive: dateOf(dayOf(lastDay) + 1),
  allocation: FULL_DAY,
  status: "confirmed",
  version: 1,
});

export const PEOPLE: PersonDto[] = [
  { id: "ada", name: "Ada", version: 1 },
  { id: "bob", name: "Bob", version: 1 },
  { id: "cy", name: "Cy", version: 1 },
];
export const PROJECTS: ProjectDto[] = [
  { id: "apollo", name: "Apollo", color: "#336699", version: 1 },
  { id: "gemini", name: "Gemini", color: "#ffcc00", version: 1 },
];
/** Ada: two overlapping bars (lanes 0 and 1); Bob: one; Cy: none. */
export const BARS: AssignmentDto[] = [
  bar("a1", "ada", "2026-03-02", "2026-03-05"),
  bar("a2", "ada", "2026-03-04", "2026-03-10", "gemini"),
  bar("b1", "bob", "2026-03-09", "2026-03-11"),
];

/** The plan's state and its edits, recorded. */
/** The fixture's rows in lanes, their tops, and the day at x = 0, as the pane lays them out. */
export const ROWS = laneRows(PEOPLE, BARS);
export const TOPS = rowTops(
  ROWS.map((r) => r.lanes),
  LANE_H,
  PAD,
);
/** Each row's height, and the rows stacked (no sections). */
export const HEIGHTS = TOPS.slice(1).map((t, i) => t - (TOPS[i] ?? 0));
export const STACK = { tops: TOPS, heights: HEIGHTS };
export const ORIGIN = TODAY - 10;

/** The fixture's rows (all four) placed for the days `first` to `last`, 20 px a day. */
export const placedIn = (first: Day, last: Day) =>
  placeRows(ROWS, STACK, { first: 0, last: 3 }, { first, last }, ORIGIN, 20);

export class FakePlan {
  people = PEOPLE;
  projects = PROJECTS;
  /** The team's groups, roles and skills (none unless a test gives them). */
  labels: { list: LabelDto[] } = { list: [] };
  byId: Record<string, AssignmentDto> = Object.fromEntries(BARS.map((a) => [a.id, a]));
  /** Each person's assignments, made from `byId` (the plan keeps them as it changes). */
  get byPerson(): ReadonlyMap<string, readonly AssignmentDto[]> {
    return byPerson(Object.values(this.byId));
  }
  missing: number[] = [];
  /** Everyone on the team's standard week, no time off, no holidays. */
  capacity = { defaultWeek: [480, 480, 480, 480, 480, 0, 0], holidays: {}, timeOff: {}, calendars: [] };
  calls: [string, ...unknown[]][] = [];
  update = (a: AssignmentDto, change: Fields) => this.record("update", a.id, change);
  create = (change: Fields) => this.record("create", change);
  remove = (a: AssignmentDto) => this.record("remove", a.id);
  edit = async (e: unknown) => void this.calls.push(["edit", e]);
  /** An edit of many: recorded, all of it written. */
  editMany = async (edits: unknown) => {
    this.calls.push(["many", edits]);
    return { failed: [], notSent: [], cancelled: false };
  };
  fail = (e: unknown) => void this.calls.push(["fail", e]);
  notice: unknown = null;
  undo = async () => void this.calls.push(["undo"]);
  redo = async () => void this.calls.push(["redo"]);
  private async record(...call: [string, ...unknown[]]) {
    this.calls.push(call);
    return true;
  }
}

/** An element as the gestures use it: where it is, and the pointer it holds. */
export class FakeElement {
  captured: number[] = [];
  focused = 0;
  scrollLeft = 0;
  scrollTop = 0;
  clientWidth = 800;
  clientHeight = 400;
  constructor(
    readonly left = 0,
    readonly top = 0,
    readonly attrs: Record<string, string> = {},
  ) {}
  getBoundingClientRect() {
    return { left: this.left - this.scrollLeft, top: this.top - this.scrollTop };
  }
  setPointerCapture(id: number) {
    this.captured.push(id);
  }
  focus() {
    this.focused++;
  }
  closest(selector: string) {
    return selector === ".bar[data-bar]" && this.attrs["data-bar"] ? this : null;
  }
  getAttribute(name: string) {
    return this.attrs[name] ?? null;
  }
}

export function timeline<P extends FakePlan = FakePlan>(canEdit = true, plan: P = new FakePlan() as P) {
  const view = new Viewport();
  const el = new FakeElement();
  const content = new FakeElement(100, 50);
  view.el = el as unknown as HTMLDivElement;
  view.content = content as unknown as HTMLDivElement;
  // The view starts five days before today (as Timeline.svelte scrolls it).
  view.scrollLeft = view.x(TODAY - 5);
  const p = plan as unknown as Plan;
  const rows = new Rows(p, view);
  const cursor = new Cursor(rows, view, TODAY);
  const modal = new ModalState();
  const intents = new Intents(p, rows, cursor);
  const selection = new Selection(p, () => rows.available);
  const can = () => canEdit;
  const commands = new Commands({
    plan: p,
    view,
    rows,
    cursor,
    modal,
    intents,
    selection,
    canEdit: can,
    today: () => TODAY,
  });
  const gestures = new Gestures({ plan: p, view, rows, cursor, intents, commands, selection, canEdit: can });
  return { plan, view, el, content, rows, cursor, modal, intents, commands, gestures, selection };
}

/** A pointer event at client point (x, y) on `target`. */
export function pointer(
  target: unknown,
  x: number,
  y: number,
  button = 0,
  buttons?: number,
  keys: Partial<Record<"ctrlKey" | "shiftKey" | "metaKey" | "altKey", boolean>> = {},
) {
  let prevented = false;
  return {
    event: {
      target,
      clientX: x,
      clientY: y,
      button,
      buttons,
      ctrlKey: false,
      shiftKey: false,
      metaKey: false,
      altKey: false,
      ...keys,
      pointerId: 7,
      preventDefault: () => {
        prevented = true;
      },
    } as unknown as PointerEvent,
    prevented: () => prevented,
  };
}
