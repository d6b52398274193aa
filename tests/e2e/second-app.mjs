// A second app on the same computer for end-to-end tests of two members at once: its own home
// folders, its own session bus (the single-instance lock and the OS keyring live on it, so the two
// apps neither hand over to each other nor share a session token), its own keyring daemon, its own
// WebDriver server, the same team table settings, and the app binary under another path (startApp
// waits until no process of its binary runs before a start).
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, listening, signInWithLink } from "./team-table.mjs";
import { startApp } from "./webdriver.mjs";

/** `NAME='value';` or `NAME=value` lines of a shell-syntax output, as an object. */
function shellVars(text) {
  const vars = {};
  for (const m of text.matchAll(/^([A-Z_]+)=['"]?([^'";\n]*)['"]?;?$/gm)) vars[m[1]] = m[2];
  return vars;
}

export async function startSecondApp() {
  const home = mkdtempSync(join(tmpdir(), "rp-second-"));
  const env = {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: join(home, "data"),
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_CACHE_HOME: join(home, "cache"),
    XDG_RUNTIME_DIR: join(home, "run"),
  };
  mkdirSync(env.XDG_RUNTIME_DIR, { recursive: true, mode: 0o700 });
  const children = [];
  let busPid = null;
  const stop = () => {
    for (const c of children) c.kill();
    if (busPid) {
      try {
        process.kill(busPid);
      } catch {
        // gone already
      }
    }
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const bus = shellVars(execFileSync("dbus-launch", ["--sh-syntax"], { env }).toString());
    busPid = Number(bus.DBUS_SESSION_BUS_PID);
    env.DBUS_SESSION_BUS_ADDRESS = bus.DBUS_SESSION_BUS_ADDRESS;
    const keyring = execFileSync("bash", ["-c", "printf throwaway | gnome-keyring-daemon --unlock --components=secrets"], { env });
    Object.assign(env, shellVars(keyring.toString()));
    // The team table the first app uses (startTeamTable wrote its settings for it).
    const settings = join("resource-planner", "config.toml");
    mkdirSync(join(env.XDG_CONFIG_HOME, "resource-planner"), { recursive: true });
    copyFileSync(join(process.env.XDG_CONFIG_HOME ?? "", settings), join(env.XDG_CONFIG_HOME, settings));
    const app = join(home, "resource-planner-second");
    copyFileSync(process.env.RP_APP_BINARY ?? "", app);
    chmodSync(app, 0o755);
    const [port, native] = [await freePort(), await freePort()];
    const args = ["--port", String(port), "--native-port", String(native), "--native-driver", "/usr/bin/WebKitWebDriver"];
    children.push(spawn("tauri-driver", args, { env, stdio: "ignore" }));
    await listening(port);
    return { driver: `http://127.0.0.1:${port}`, app, dataHome: env.XDG_DATA_HOME, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

/**
 * A team `name` on `table` with the demo plan, its lead (admin) and Ada (planner) each signed in
 * in their own app: `a` the lead's (the harness's driver), `b` Ada's (`second`, started here
 * after the team table's settings were written, which it copies). `stop()` closes both apps and
 * the second app's world; the table is the caller's.
 */
export async function twoMembers(table, name) {
  const team = table.admin("create-team", "--name", name, "--admin-email", "lead@example.com");
  table.admin("add-member", "--team", team.id, "--email", "ada@example.com", "--role", "planner");
  table.admin("seed-demo", "--team", team.id);
  const second = await startSecondApp();
  const opened = [];
  const stop = async () => {
    for (const app of opened) await app.close().catch(() => {});
    second.stop();
  };
  try {
    const a = await startApp(process.env.RP_APP_BINARY);
    opened.push(a);
    await signInWithLink(a, table, "lead@example.com");
    const b = await startApp(second.app, { keepPrefs: true, driver: second.driver, dataHome: second.dataHome });
    opened.push(b);
    await signInWithLink(b, table, "ada@example.com");
    return { team, a, b, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
