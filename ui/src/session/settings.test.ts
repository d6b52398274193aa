import { describe, expect, it } from "vitest";
import type { SettingsDto } from "../ipc";
import { advancedOpen, errorField, formOf, inputOf, problemInUserFile, sourceOf } from "./settings";

const dto = (over: Partial<SettingsDto> = {}): SettingsDto => ({
  mode: "local",
  table: "resource-planner",
  region: null,
  profile: null,
  endpoint: null,
  locked: [],
  fromEnv: [],
  userFile: "/home/ada/.config/resource-planner/config.toml",
  machineFile: "/etc/resource-planner/config.toml",
  mailReady: true,
  problem: null,
  ...over,
});

describe("settings form", () => {
  it("opens with the values in force, unset ones empty", () => {
    expect(formOf(dto({ mode: "dynamodb", table: "plans", region: "eu-central-1" }))).toEqual({
      mode: "dynamodb",
      table: "plans",
      region: "eu-central-1",
      profile: "",
      endpoint: "",
    });
    expect(formOf(dto({ mode: "something else" })).mode).toBe("local");
  });

  it("says who fixes a key: IT's file before the environment", () => {
    const s = dto({
      locked: ["mode", "dynamodb.table"],
      fromEnv: [
        ["dynamodb.table", "RP_DYNAMODB_TABLE"],
        ["dynamodb.profile", "RP_AWS_PROFILE"],
      ],
    });
    expect(sourceOf(s, "mode")).toEqual({ kind: "locked" });
    expect(sourceOf(s, "dynamodb.table")).toEqual({ kind: "locked" });
    expect(sourceOf(s, "dynamodb.profile")).toEqual({ kind: "env", variable: "RP_AWS_PROFILE" });
    expect(sourceOf(s, "dynamodb.region")).toBeNull();
  });

  it("sends what was typed for a team table, trimmed, empty as not set", () => {
    const s = dto();
    const form = {
      mode: "dynamodb" as const,
      table: " plans ",
      region: "eu-west-1",
      profile: "  ",
      endpoint: "",
    };
    expect(inputOf(form, s)).toEqual({
      mode: "dynamodb",
      table: "plans",
      region: "eu-west-1",
      profile: null,
      endpoint: null,
    });
  });

  it("needs no other field for the local workspace and keeps the team table's saved values", () => {
    const s = dto({
      mode: "dynamodb",
      table: "plans",
      region: "eu-west-1",
      endpoint: "http://127.0.0.1:8000",
    });
    // A half-typed, invalid table name does not stop the switch, nor is it saved.
    const form = { ...formOf(s), mode: "local" as const, table: "x!", region: "" };
    expect(inputOf(form, s)).toEqual({
      mode: "local",
      table: "plans",
      region: "eu-west-1",
      profile: null,
      endpoint: "http://127.0.0.1:8000",
    });
  });

  it("sends the value in force for a key fixed above the user's file", () => {
    const s = dto({
      mode: "dynamodb",
      table: "it-table",
      region: "eu-west-1",
      locked: ["mode", "dynamodb.table"],
      fromEnv: [["dynamodb.region", "RP_DYNAMODB_REGION"]],
    });
    const form = { mode: "local" as const, table: "mine", region: "us-east-1", profile: "p", endpoint: "" };
    expect(inputOf(form, s)).toEqual({
      mode: "dynamodb",
      table: "it-table",
      region: "eu-west-1",
      profile: "p",
      endpoint: null,
    });
  });

  it("finds the field an error names", () => {
    expect(errorField("dynamodb.table: a table name has 3 to 255 characters")).toBe("table");
    expect(errorField("dynamodb.endpoint: an endpoint is an address like https://…")).toBe("endpoint");
    expect(errorField('mode: "x" is neither local nor dynamodb')).toBe("mode");
    expect(errorField("the table does not exist (rp)")).toBeNull();
    expect(errorField("smtp.host: bad")).toBeNull();
  });

  it("opens Advanced only when the endpoint is set or fixed", () => {
    const s = dto();
    expect(advancedOpen(formOf(s), s)).toBe(false);
    expect(advancedOpen({ ...formOf(s), endpoint: "http://localhost:8000" }, s)).toBe(true);
    expect(advancedOpen(formOf(s), dto({ locked: ["dynamodb.endpoint"] }))).toBe(true);
  });

  it("tells a broken user file from a problem elsewhere", () => {
    const file = dto().userFile;
    expect(problemInUserFile(dto({ problem: `${file}, line 3: unknown field \`tabel\`` }))).toBe(true);
    expect(problemInUserFile(dto({ problem: "/etc/resource-planner/config.toml, line 1: …" }))).toBe(false);
    expect(problemInUserFile(dto())).toBe(false);
  });
});
