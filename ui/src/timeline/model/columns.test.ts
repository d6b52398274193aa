import { describe, expect, it } from "vitest";
import type { AssignmentDto, AssignmentsDto } from "../../ipc";
// Written by the Rust side's test (src-tauri/src/ipc/assignments.rs): its columns beside the
// objects they stand for.
import sample from "../../ipc/assignments.sample.json";
import { packAssignments, unpackAssignments } from "./columns";

const packed = sample.packed as AssignmentsDto;
const items = sample.items as AssignmentDto[];

describe("assignments in columns", () => {
  it("makes again, from the Rust side's columns, the assignments it packed", () => {
    expect(items.length).toBeGreaterThan(3);
    expect(unpackAssignments(packed)).toEqual(items);
  });

  it("packs as the Rust side does (the fakes stand in for it)", () => {
    expect(packAssignments(items)).toEqual(packed);
  });

  it("makes only the assignments kept, by id and version", () => {
    const kept = unpackAssignments(packed, (id, version) => id !== "a1" && version === 1);
    expect(kept).toEqual(items.filter((a) => a.id !== "a1"));
    expect(kept.map((a) => a.id)).toEqual(["a2", "a3", "a4"]);
  });

  it("reads no columns as no assignments", () => {
    expect(unpackAssignments(packAssignments([]))).toEqual([]);
  });
});
