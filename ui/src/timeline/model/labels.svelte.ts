// The team's lists of groups, roles and skills, and what people carry of them: the list as the
// timeline shows it (changed here, by the live view, and by a reload), the edits that write it
// (each one command, answered before it shows: a failure is thrown for the dialog to say), and
// the pure questions the dialogs and the rows ask (a person's group on a day, who carries what).
// A part of the plan (plan.svelte.ts), beside Capacity.
import type {
  Commands,
  GroupFromDto,
  LabelDto,
  LabelKind,
  LabelsEditDto,
  ManyLabelsDto,
  PersonDto,
} from "../../ipc";
import { byName, newId } from "./ids";

/** The Rust commands the lists use. */
export type LabelsApi = Pick<
  Commands,
  "createLabel" | "renameLabel" | "deleteLabel" | "setPersonLabels" | "setLabelsMany"
>;

/** What one person carries, as the person's dialog edits it. */
export interface Carried {
  groups: GroupFromDto[];
  roleId: string | null;
  skillIds: string[];
}

/** The group of `person` on `day` (`YYYY-MM-DD`): the last change on or before it. */
export function groupOn(person: PersonDto, day: string): string | null {
  let group: string | null = null;
  for (const g of person.groups ?? []) {
    if (g.from === undefined || g.from <= day) group = g.groupId ?? null;
    else break;
  }
  return group;
}

/** Whether `person` carries `labelId` anywhere (any day of their groups). */
export function carries(person: PersonDto, labelId: string): boolean {
  return (
    person.roleId === labelId ||
    (person.skillIds ?? []).includes(labelId) ||
    (person.groups ?? []).some((g) => g.groupId === labelId)
  );
}

/** What a person carries, in the dialog's shape. */
export function carriedBy(person: PersonDto): Carried {
  return {
    groups: (person.groups ?? []).map((g) => ({ ...g })),
    roleId: person.roleId ?? null,
    skillIds: [...(person.skillIds ?? [])],
  };
}

/**
 * A history of groups made tidy as the Rust side keeps it: the first from the start, the rest by
 * day, one a day (the later kept), a change into the group before it dropped, and "no group"
 * throughout as nothing. Days left empty in the dialog are dropped.
 */
export function tidyGroups(groups: readonly GroupFromDto[]): GroupFromDto[] {
  const first = groups.find((g) => g.from === undefined || g.from === "");
  const dated = groups
    .filter((g) => g.from !== undefined && g.from !== "")
    .sort((a, b) => (a.from ?? "").localeCompare(b.from ?? ""));
  const byDay = new Map<string, GroupFromDto>();
  for (const g of dated) byDay.set(g.from ?? "", g);
  const out: GroupFromDto[] = [];
  for (const g of [{ groupId: first?.groupId }, ...byDay.values()]) {
    const groupId = g.groupId || undefined;
    if (out.length > 0 && out.at(-1)?.groupId === groupId) continue;
    out.push(g.from ? { from: g.from, groupId } : { groupId });
  }
  return out.length === 1 && out[0]?.groupId === undefined ? [] : out;
}

export class Labels {
  /** Every group, role and skill, by kind then name. */
  list: LabelDto[] = $state.raw([]);

  constructor(
    initial: readonly LabelDto[],
    private readonly api: LabelsApi,
  ) {
    this.list = sorted(initial);
  }

  of(kind: LabelKind): LabelDto[] {
    return this.list.filter((l) => l.kind === kind);
  }

  byId(id: string | null | undefined): LabelDto | undefined {
    return id ? this.list.find((l) => l.id === id) : undefined;
  }

  /** The name of a label, or null for one this window does not know (deleted meanwhile). */
  nameOf(id: string | null | undefined): string | null {
    return this.byId(id)?.name ?? null;
  }

  /** What is said after a person's name: their role and their group on `day`, as known here. */
  detail(p: PersonDto, day: string): string {
    return [this.nameOf(p.roleId), this.nameOf(groupOn(p, day))].filter(Boolean).join(" · ");
  }

  /** The lists as read again (a reload's catalog). */
  replace(labels: readonly LabelDto[]): void {
    this.list = sorted(labels);
  }

  /** Someone's change, from the live view: the newer version wins; a delete takes it away. */
  live(before: LabelDto | null, after: LabelDto | null): void {
    if (after) {
      const held = this.byId(after.id);
      if (held && held.version >= after.version) return;
      this.put(after);
    } else if (before) {
      this.list = this.list.filter((l) => l.id !== before.id);
    }
  }

  private put(l: LabelDto): void {
    this.list = sorted([...this.list.filter((x) => x.id !== l.id), l]);
  }

  async create(kind: LabelKind, name: string, id = newId()): Promise<LabelDto> {
    const made = await this.api.createLabel(kind, name, id);
    this.put(made);
    return made;
  }

  async rename(l: LabelDto, name: string): Promise<LabelDto> {
    const renamed = await this.api.renameLabel(l.id, l.version, name);
    this.put(renamed);
    return renamed;
  }

  /** Deletes a label; answers how many people carried it (the plan reads them again). */
  async remove(l: LabelDto): Promise<number> {
    const n = await this.api.deleteLabel(l.id);
    this.list = this.list.filter((x) => x.id !== l.id);
    return n;
  }

  setPerson(p: PersonDto, c: Carried): Promise<PersonDto> {
    return this.api.setPersonLabels(p, tidyGroups(c.groups), c.roleId, c.skillIds);
  }

  setMany(people: readonly PersonDto[], edit: LabelsEditDto): Promise<ManyLabelsDto> {
    return this.api.setLabelsMany(
      people.map((p) => ({ id: p.id, version: p.version })),
      edit,
    );
  }
}

const KIND_ORDER: Record<LabelKind, number> = { group: 0, role: 1, skill: 2 };

function sorted(labels: readonly LabelDto[]): LabelDto[] {
  return [...labels].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || byName(a, b));
}
