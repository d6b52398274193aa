// What is open, read off the session's tagged union (`SessionDto`, generated from the Rust side):
// the local workspace, a broken start, a team table with nobody signed in, or a team.
import type { OfflineDto, SessionDto, SessionUpdateDto, TeamDto } from "../ipc";

/** Signed in to a team table. */
export type TeamSession = Extract<SessionDto, { state: "team" }>;

/** The team open now (none: the local workspace, or nobody signed in). */
export const teamOf = (s: SessionDto | null): TeamDto | null => (s?.state === "team" ? s.team : null);

/** Set while the team's table is out of reach: the window shows the offline copy. */
export const offlineOf = (s: SessionDto | null): OfflineDto | null =>
  s?.state === "team" ? s.offline : null;

/** Who is signed in (none outside a team). */
export const emailOf = (s: SessionDto): string | null => (s.state === "team" ? s.email : null);

/**
 * What the window shows of what it was told: with nobody signed in, the sign-in screen says a
 * notice (a link that did not work) as its own reason; everywhere else it is said beside the screen.
 */
export function shown(told: SessionUpdateDto): SessionUpdateDto {
  if (told.notice && told.session.state === "signedOut") {
    return { session: { ...told.session, reason: told.notice }, notice: null, ask: told.ask };
  }
  return told;
}
