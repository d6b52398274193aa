// Small helpers for tests.

import type { RowsView } from "../../src/ipc";

/** `xs[i]`, or a thrown error that says the test's assumption failed (for strict index types). */
export function at<T>(xs: readonly T[], i: number): T {
  const x = xs[i];
  if (x === undefined) throw new Error(`no element ${i} in a list of ${xs.length}`);
  return x;
}

/** The rows as a new timeline sets them up, as a view: what tests of views start from. */
export const FRESH_ROWS: RowsView = {
  groups: [],
  roles: [],
  skills: [],
  allSkills: true,
  projects: [],
  freeMinutes: null,
  kind: "all",
  grouping: "none",
  sort: "name",
  density: "comfortable",
  period: "next4Weeks",
  custom: null,
  collapsed: [],
};
