// An edit of many bookings at once (its records carry the batch) is one entry of the log: its
// records are gathered at the place of the newest, said as one sentence with their count, and
// a batch of deletes is restored as one. Pure; tested in batches.test.ts.
import type { LiveItemDto } from "../ipc";
import { ACTIVITY, type BatchDid } from "./activityWords";
import { restorable, type Say, sentence, whoOf } from "./sentences";

/** An entry of the log: a record of its own, or an edit of many's records (newest first). */
export interface Entry {
  item: LiveItemDto;
  batch: LiveItemDto[] | null;
}

/** The records read so far as entries, newest first: a batch's records together where its
 * newest is (wherever the others were read, on this page or a later one). */
export function entriesOf(items: readonly LiveItemDto[]): Entry[] {
  const out: Entry[] = [];
  const held = new Map<string, LiveItemDto[]>();
  for (const item of items) {
    const id = item.batch?.id;
    const same = id ? held.get(id) : undefined;
    if (same) {
      same.push(item);
      continue;
    }
    const batch = id ? [item] : null;
    if (id && batch) held.set(id, batch);
    out.push({ item, batch });
  }
  return out;
}

/** A batch as one sentence: who did what to how many bookings, of which projects (an import:
 * what its summary says). */
export function batchSentence(batch: readonly LiveItemDto[], say: Say): string {
  const t = ACTIVITY[say.lang];
  const first = batch[0];
  if (!first) return "";
  // A sheet's import: its summary record says it, with its counts.
  const summary = batch.find((i) => i.kind === "import");
  if (summary) return sentence(summary, say);
  const actions = new Set(batch.map((i) => i.action));
  const [only] = actions;
  const did: BatchDid =
    actions.size === 1 && (only === "created" || only === "changed" || only === "deleted") ? only : "mixed";
  const projects = new Set<string>();
  for (const i of batch) {
    const c = i.change;
    const a = c.kind === "assignment" ? (c.after ?? c.before) : null;
    if (a) projects.add(say.names.projects.get(a.projectId) ?? a.projectId);
  }
  return t.actBatch(
    whoOf(first, say),
    did,
    batch.length,
    t.actList([...projects].slice(0, 3)) + (projects.size > 3 ? "…" : ""),
  );
}

/** Whether a batch is deletes only, which Restore all creates again. */
export const batchRestorable = (batch: readonly LiveItemDto[]): boolean =>
  batch.length > 0 && batch.every(restorable);
