// The members screen's rules, kept apart from the component so that they are tested: order,
// filter, who may do what to whom (the Rust side checks all of it again), and what the app must do
// when the signed-in user changes their own membership.
import type { MemberDto, RoleDto } from "../ipc";
import { fold, matches } from "../lib/search";
import type { TeamSession } from "./state";

export type Role = RoleDto;
export const ROLES: readonly Role[] = ["admin", "planner", "viewer"];

/** From this many members on, the screen offers a filter box. */
export const FILTER_FROM = 8;

const rank = (role: string): number => {
  const i = ROLES.indexOf(role as Role);
  return i < 0 ? ROLES.length : i;
};

/** What the list shows of a member: the email, or the user id when the user has none. */
export const label = (m: MemberDto): string => m.email ?? m.userId;

/** Is `m` the signed-in user (known to the UI by email only)? */
export const isMe = (m: MemberDto, myEmail: string | null | undefined): boolean =>
  !!myEmail && !!m.email && fold(m.email) === fold(myEmail);

/** Admins first, then planners, then viewers; within a role by email. */
export function sortMembers(members: readonly MemberDto[]): MemberDto[] {
  return [...members].sort(
    (a, b) => rank(a.role) - rank(b.role) || fold(label(a)).localeCompare(fold(label(b))),
  );
}

/** The members to show for what is typed in the filter box, in order. */
export const shownMembers = (members: readonly MemberDto[], query: string): MemberDto[] =>
  sortMembers(members.filter((m) => matches(`${label(m)} ${m.name ?? ""}`, query)));

export const adminCount = (members: readonly MemberDto[]): number =>
  members.filter((m) => m.role === "admin").length;

export interface Allowed {
  /** May the signed-in user change this member's role? */
  changeRole: boolean;
  /** May they remove this member from the team? */
  remove: boolean;
  /** This member is the team's only admin: not demoted, not removed (say so). */
  lastAdmin: boolean;
}

/** What an `myRole` may do to `member`, given the team's `members`: admins manage everyone but
 * the last admin; nobody else manages anyone. */
export function allowedOn(
  member: MemberDto,
  members: readonly MemberDto[],
  myRole: string | undefined,
): Allowed {
  const lastAdmin = member.role === "admin" && adminCount(members) <= 1;
  const admin = myRole === "admin";
  return { changeRole: admin && !lastAdmin, remove: admin && !lastAdmin, lastAdmin };
}

/** The list with `m` put in (an invite of someone already there changes their role). */
export const withMember = (members: readonly MemberDto[], m: MemberDto): MemberDto[] => [
  ...members.filter((x) => x.userId !== m.userId),
  m,
];

export const withRole = (members: readonly MemberDto[], userId: string, role: Role): MemberDto[] =>
  members.map((m) => (m.userId === userId ? { ...m, role } : m));

export const withoutMember = (members: readonly MemberDto[], userId: string): MemberDto[] =>
  members.filter((m) => m.userId !== userId);

/** A change of the signed-in user's own membership that takes their admin rights away. */
export type SelfChange = { kind: "role"; role: Role } | { kind: "removed" };

/** Does setting `member`'s role to `role` (null: removing them) take the signed-in user's own
 * admin rights away? Such a change is confirmed first and reloads the session after. */
export function selfChange(
  member: MemberDto,
  role: Role | null,
  myEmail: string | null | undefined,
): SelfChange | null {
  if (!isMe(member, myEmail)) return null;
  if (role === null) return { kind: "removed" };
  return role === "admin" ? null : { kind: "role", role };
}

/** After a self change: open the same team again (its scope is made from the stored role), or
 * another of the user's teams when they left this one, or sign out when none is left. */
export function reloadAfter(
  session: TeamSession,
  change: SelfChange,
): { kind: "switch"; team: string } | { kind: "sign-out" } {
  const open = session.team?.id;
  if (change.kind === "role" && open) return { kind: "switch", team: open };
  const other = session.teams.find((t) => t.id !== open);
  return other ? { kind: "switch", team: other.id } : { kind: "sign-out" };
}

/**
 * The session the Rust side answers after a self change, with that change applied to its list of
 * teams: that list (and the roles in it) is read at sign-in, while the change was just written.
 * The role in the UI only decides what is offered; the Rust side checks the stored one.
 */
export function sessionAfter(session: TeamSession, team: string, change: SelfChange): TeamSession {
  if (change.kind === "removed") {
    return { ...session, teams: session.teams.filter((t) => t.id !== team) };
  }
  const set = <T extends { id: string; role: Role }>(t: T): T =>
    t.id === team ? { ...t, role: change.role } : t;
  return { ...session, teams: session.teams.map(set), team: session.team ? set(session.team) : null };
}
