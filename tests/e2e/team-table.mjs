// A team table for end-to-end tests: a DynamoDB-protocol server on loopback (dynoxide's, a real
// HTTP endpoint reached through the AWS SDK as DynamoDB is), a real SMTP server process that keeps
// what it receives, the table made with the admin CLI, and the app's settings pointing at both.
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { until } from "./webdriver.mjs";

const ADMIN = process.env.RP_ADMIN_BINARY;
const DYNOXIDE = process.env.RP_DYNOXIDE_BINARY;
export const TABLE = "rp-e2e";
export const REGION = "eu-west-1";
const config = join(process.env.XDG_CONFIG_HOME ?? "", "resource-planner", "config.toml");
/** The machine-wide settings file (IT's; scripts/e2e.sh names it): a shared table takes the mail
 * server and the pepper from it alone. */
export const machineConfig = process.env.RP_MACHINE_CONFIG ?? "";

/** A port nothing listens on now (loopback). */
export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Waits until something listens on `port` (loopback), at most `ms`. */
export async function listening(port, ms = 20000) {
  await until(`a server on port ${port}`, async () => {
    try {
      execFileSync("bash", ["-c", `exec 3<>/dev/tcp/127.0.0.1/${port}`]);
      return true;
    } catch {
      return false;
    }
  }, ms);
}

/** Starts the app binary as the OS does for a link, and waits for it to end; its exit code. */
export function handOver(link) {
  const child = spawn(process.env.RP_APP_BINARY, [link], { env: process.env, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the second start did not end by itself: ${err}`));
    }, 30000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, err });
    });
  });
}

/** The sign-in link in a raw quoted-printable email. */
export function linkIn(raw) {
  const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
  return text.match(/resource-planner:\/\/sign-in\?\S+/)?.[0];
}

/**
 * Starts the servers, creates the table and writes the app's settings (`config`, the user's file,
 * and `machineConfig`, the machine-wide file with `mailSettings`, the mail server and the pepper). `admin(...args)` runs rp-admin on the table
 * (`--json`, parsed); `mails()` are the raw emails received so far, oldest first; `stop()` ends
 * the servers and removes the settings and every file.
 */
export async function startTeamTable(prefix = "rp-team-") {
  if (!DYNOXIDE || !ADMIN) throw new Error("RP_DYNOXIDE_BINARY and RP_ADMIN_BINARY must be set (scripts/e2e.sh)");
  const work = mkdtempSync(join(tmpdir(), prefix));
  const [dbPort, smtpPort] = [await freePort(), await freePort()];
  const endpoint = `http://127.0.0.1:${dbPort}`;
  const mailbox = join(work, "mail");
  const children = [
    spawn(DYNOXIDE, ["--port", String(dbPort), "--db-path", join(work, "table.db")], { stdio: "ignore" }),
    spawn("/usr/bin/python3", ["-m", "aiosmtpd", "-n", "-l", `127.0.0.1:${smtpPort}`, "-c", "aiosmtpd.handlers.Mailbox", mailbox], { stdio: "ignore" }),
  ];
  const stop = () => {
    for (const c of children) c.kill();
    rmSync(config, { force: true });
    if (machineConfig) rmSync(machineConfig, { force: true });
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await listening(dbPort);
    await listening(smtpPort);
    const admin = (...args) =>
      JSON.parse(execFileSync(ADMIN, ["--table", TABLE, "--endpoint", endpoint, "--region", REGION, "--json", ...args]).toString());
    admin("create-table", "--unprotected");
    // The mail server and the pepper, in the machine-wide file as IT sets them up (a test that
    // picks the table on the settings screen writes this file beforehand).
    const mailSettings =
      `[smtp]\nhost = "127.0.0.1"\nport = ${smtpPort}\ntls = "none"\nfrom = "Planner <planner@example.com>"\n[signin]\npepper = "e2e-pepper"\n`;
    if (!machineConfig) throw new Error("RP_MACHINE_CONFIG must be set (scripts/e2e.sh)");
    mkdirSync(join(machineConfig, ".."), { recursive: true });
    writeFileSync(machineConfig, mailSettings);
    mkdirSync(join(config, ".."), { recursive: true });
    writeFileSync(config, `mode = "dynamodb"\n[dynamodb]\ntable = "${TABLE}"\nendpoint = "${endpoint}"\nregion = "${REGION}"\n`);
    const mails = () => {
      try {
        const dir = join(mailbox, "new");
        return readdirSync(dir)
          .sort()
          .map((f) => readFileSync(join(dir, f), "utf8"));
      } catch {
        return [];
      }
    };
    return { endpoint, config, machineConfig, mailSettings, account: `session/${TABLE}@${endpoint}`, admin, mails, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

/** Signs `email` in on the app's sign-in screen with the link from the email it is sent. */
export async function signInWithLink(app, table, email) {
  const before = new Set(table.mails());
  const [input] = await app.waitFor("main.signin input[name=email]", 1, 20000);
  // The field holds the whole address before it is sent: a code asked for another address (a
  // keystroke lost to a window that was still starting) gets the same answer and no email.
  const typed = () => app.script('return document.querySelector("main.signin input[name=email]")?.value ?? null');
  for (let attempt = 1; ; attempt++) {
    await app.clear(input);
    await app.type(input, email);
    const value = await typed();
    if (value === email) break;
    if (attempt === 3) throw new Error(`the email field reads ${JSON.stringify(value)}, not ${email}`);
  }
  await app.click((await app.findAll('main.signin button[type="submit"]'))[0]);
  await app.waitFor("main.signin input[name=code]");
  const seen = async () => ({
    said: await app.texts("main.signin [role=status], main.signin [role=alert]"),
    to: table.mails().map((m) => m.match(/^To: .*$/m)?.[0]),
  });
  const mail = await until(
    `the sign-in email to ${email}`,
    () => table.mails().find((m) => !before.has(m) && m.includes(`To: ${email}`)),
    20000,
    seen,
  );
  const link = linkIn(mail);
  if (!link) throw new Error("no sign-in link in the email");
  await app.script(`const el = document.querySelector("main.signin input[name=code]"); el.value = arguments[0];
    el.dispatchEvent(new Event("input", { bubbles: true })); return null;`, [link]);
  await app.click((await app.findAll('main.signin button[type="submit"]'))[0]);
  return mail;
}

/** With RP_PROXY_LOG set (a file), the delaying proxy appends a line for each request it passes
 * (when, its connection, the operation, the key range's values, whether it asks for a next page)
 * and for each answer's start: where a slow start spends its time on the network, and where not. */
const LOG = process.env.RP_PROXY_LOG;

function noteChunk(conn, chunk) {
  const head = chunk.subarray(0, 4000).toString("latin1");
  if (head.startsWith("HTTP/")) appendFileSync(LOG, `${Date.now()} ${conn} answer ${head.slice(9, 12)}\n`);
  if (!head.startsWith("POST")) return;
  const op = /x-amz-target: *\S+\.(\w+)/i.exec(head)?.[1] ?? "?";
  const range = [...head.matchAll(/":(lo|hi|from)":\{"S":"([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`).sort();
  const page = head.includes('"ExclusiveStartKey"') ? " next page" : "";
  appendFileSync(LOG, `${Date.now()} ${conn} ${op} ${range.join(" ")}${page}\n`);
}

/**
 * A loopback TCP proxy in front of `target` (an http://127.0.0.1:PORT endpoint) that a test can
 * cut and restore, as a train tunnel or a dropped VPN would: `cut()` stops listening and drops
 * every open connection (the app's requests are refused); `restore()` listens again on the same
 * port. `latencyMs` delays each direction, as a real network does (the launch benchmark).
 */
export async function startCutProxy(target, { latencyMs = 0 } = {}) {
  const { port: targetPort } = new URL(target);
  const port = await freePort();
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(Number(targetPort), "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    if (latencyMs > 0) {
      // A network farther away: every chunk arrives `latencyMs` later, in order, each way.
      const conn = Math.random().toString(36).slice(2, 6);
      const relay = (from, to) =>
        from.on("data", (chunk) => {
          if (LOG) noteChunk(conn, chunk);
          setTimeout(() => to.destroyed || to.write(chunk), latencyMs);
        });
      relay(client, upstream);
      relay(upstream, client);
    } else {
      client.pipe(upstream).pipe(client);
    }
  });
  const listen = () => new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cut: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
    restore: listen,
    stop: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}
