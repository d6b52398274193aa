// The bench team placed as ours places it, for the pages without timeline code (static.html,
// blit.html): the page's team, made when it loads, its rows and lanes (lanes.ts), at the "week"
// zoom, from a first day two years back.
import type { Day } from "../src/timeline/model/dates";
import { PX_PER_DAY } from "../src/timeline/scene/layout";
import { BENCH_TODAY, generate, PEOPLE } from "./data";
import { pagePeople } from "./field";
import { placeTeam } from "./lanes";

export { LANE_H, PAD } from "./lanes";

/** Days laid out on each side of today (the content is 2 × SPAN days wide). */
export const SPAN = 730;
export const px = PX_PER_DAY.week;
/** The content's first day. */
export const origin: Day = BENCH_TODAY - SPAN;
/** Where ours' first view starts (content x). */
export const firstViewX = (BENCH_TODAY - 7 - origin) * px;

/** Made when the page loads, before its timer starts (as ours gets it from its fake IPC). */
const team = generate(BENCH_TODAY, false, pagePeople(PEOPLE));

/** Each person's bars with their lanes, the rows' tops, and the projects by id. */
export const placed = () => placeTeam(team);
