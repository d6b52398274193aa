// The only module that imports @tauri-apps/*: every call to the Rust side goes through here.
import { invoke } from "@tauri-apps/api/core";

export interface WorkspaceOverview {
  teamName: string;
  people: number;
  projects: number;
  assignmentsNext13Weeks: number;
}

export interface IpcError {
  code: string;
  message: string;
}

export function isIpcError(value: unknown): value is IpcError {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
}

export function workspaceOverview(): Promise<WorkspaceOverview> {
  return invoke<WorkspaceOverview>("workspace_overview");
}
