// Start-up screen until the timeline arrives (issue #3): shows the local workspace's summary.
import { errorMessage, workspaceOverview } from "./ipc";

const app = document.getElementById("app");

async function show(): Promise<void> {
  if (!app) return;
  try {
    const o = await workspaceOverview();
    app.innerHTML = "";
    const h1 = document.createElement("h1");
    h1.textContent = o.teamName;
    const p = document.createElement("p");
    p.textContent = `${o.people} people · ${o.projects} projects · ${o.assignmentsNext13Weeks} assignments in the next 13 weeks`;
    app.append(h1, p);
  } catch (e) {
    app.textContent = errorMessage(e);
  }
}

void show();
