// What the app does with a session the Rust side sends on its own (watch_session): a sign-in link
// handed over by the OS, or a session or membership a command found gone. Kept apart from
// App.svelte so that it is tested.
import type { IpcError, SessionDto } from "../ipc";

/** Same workspace: the same mode, user and open team (the timeline need not load again). */
export const sameWorkspace = (a: SessionDto, b: SessionDto): boolean =>
  a.mode === b.mode && a.signedIn === b.signedIn && a.email === b.email && a.team?.id === b.team?.id;

/** The sign-in screen shows a session's reason itself; the other screens do not. */
const onSignIn = (s: SessionDto): boolean => s.mode === "team" && !s.signedIn;

export interface Heard {
  /** The session to show now. */
  session: SessionDto;
  /** Whether the workspace changed (open it anew) or only the session's details did. */
  reload: boolean;
  /** Why something the window did not ask for failed (a bad link) while the workspace stays open. */
  notice: IpcError | null;
}

/** What to show after the watcher sent `message`, given what is shown now (`current`). */
export function heard(current: SessionDto | null, message: SessionDto): Heard {
  const same = current !== null && sameWorkspace(current, message);
  const reason = message.reason;
  if (!reason || onSignIn(message)) return { session: message, reload: !same, notice: null };
  if (message.mode === "error") {
    // The error screen keeps its own reason (the broken setting); the new one is said beside it.
    return same && current
      ? {
          session: current,
          reload: false,
          notice: reason.message === current.reason?.message ? null : reason,
        }
      : { session: message, reload: true, notice: null };
  }
  // Still signed in (or local): the reason is about the link, not the open workspace.
  return { session: { ...message, reason: null }, reload: !same, notice: reason };
}
