// Offline mode's pure parts: how old the copy is, in words, and whether an edit whose answer was
// lost with the connection turned out saved, judged from what the table shows once the connection
// is back.
import type { AssignmentDto, PersonDto, ProjectDto } from "../../ipc";
import type { Edit } from "./history";

/** When the copy was last in step with the table: the time alone if that was today, else the date
 * and time, as the user's region writes them (`locale`). */
export function syncedText(iso: string | null | undefined, locale: string, now = new Date()): string {
  if (!iso) return "—";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })
    : at.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/** What the table shows now (read again after the connection came back). */
export interface TableNow {
  byId: Readonly<Record<string, AssignmentDto>>;
  people: readonly PersonDto[];
  projects: readonly ProjectDto[];
}

/** A change whose answer was lost with the connection: an edit, or a new person or project (made
 * with the UI's id, so sending it again finds it rather than adding another). */
export type UnconfirmedEdit =
  | Edit
  | { kind: "add-person"; after: PersonDto }
  | { kind: "add-project"; after: ProjectDto };

/** Whether `e` is what the table shows: it was saved before the connection went. */
export function wasSaved(e: UnconfirmedEdit, now: TableNow): boolean {
  switch (e.kind) {
    case "add-person":
      return now.people.some((p) => p.id === e.after.id);
    case "add-project":
      return now.projects.some((p) => p.id === e.after.id);
    case "create":
    case "update": {
      const a = now.byId[e.after.id];
      return (
        a !== undefined &&
        a.personId === e.after.personId &&
        a.projectId === e.after.projectId &&
        a.startDate === e.after.startDate &&
        a.lastDay === e.after.lastDay
      );
    }
    case "delete":
      return now.byId[e.before.id] === undefined;
    case "hand-over":
      return e.after.every((after) => now.byId[after.id]?.personId === after.personId);
    case "many":
      return e.edits.every((x) => wasSaved(x, now));
    case "rename-person":
      return now.people.some((p) => p.id === e.after.id && p.name === e.after.name);
    case "update-project":
      return now.projects.some(
        (p) =>
          p.id === e.after.id &&
          p.name === e.after.name &&
          p.color.toLowerCase() === e.after.color.toLowerCase(),
      );
  }
}
