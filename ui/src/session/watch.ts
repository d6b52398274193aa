// What the app does with what the Rust side tells it on its own (watch_session): a sign-in link
// handed over by the OS, or a session or membership a command found gone. Kept apart from
// App.svelte so that it is tested.
import type { IpcError, SessionDto, SessionUpdateDto } from "../ipc";
import { emailOf, shown, teamOf } from "./state";

/** Same workspace: the same state, user and open team (the timeline need not load again). */
export const sameWorkspace = (a: SessionDto, b: SessionDto): boolean =>
  a.state === b.state && emailOf(a) === emailOf(b) && teamOf(a)?.id === teamOf(b)?.id;

export interface Heard {
  /** The session to show now. */
  session: SessionDto;
  /** Whether the workspace changed (open it anew) or only the session's details did. */
  reload: boolean;
  /** Why something the window did not ask for failed (a bad link) while the workspace stays open. */
  notice: IpcError | null;
}

/** What to show after the watcher sent `message`, given what is shown now (`current`). */
export function heard(current: SessionDto | null, message: SessionUpdateDto): Heard {
  const { session, notice } = shown(message);
  const same = current !== null && sameWorkspace(current, session);
  // The error screen keeps its own reason (the broken setting); a notice is said beside it.
  if (same && current?.state === "broken") return { session: current, reload: false, notice };
  return { session, reload: !same, notice };
}
