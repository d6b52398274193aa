// Sign-in end to end: a DynamoDB-protocol server on loopback (dynoxide's, a real HTTP endpoint
// reached through the AWS SDK as DynamoDB is), two teams made with the admin CLI, a real SMTP
// server process that keeps what it receives. The app signs in with the link from the delivered
// email, the token lands in the (private, gnome-keyring) Secret Service and in no file of the
// app's home, the team switcher opens the second team (read only there), the next start opens
// the team used last, and signing out everywhere removes the token.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { linkIn, startTeamTable } from "./team-table.mjs";
import { startApp, teamTimeline, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

/** Every file under `dir`, recursively. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

const secret = (account) => {
  try {
    return execFileSync("secret-tool", ["lookup", "service", "resource-planner", "username", account]).toString();
  } catch {
    return null;
  }
};

test("sign in with the emailed link, switch team, sign out", async () => {
  const table = await startTeamTable("rp-signin-");
  try {
    const { admin, account } = table;
    const alpha = admin("create-team", "--name", "Alpha", "--admin-email", "lead@example.com");
    const beta = admin("create-team", "--name", "Beta", "--admin-email", "other@example.com");
    admin("add-member", "--team", alpha.id, "--email", "ada@example.com", "--role", "planner", "--name", "Ada");
    admin("add-member", "--team", beta.id, "--email", "ada@example.com", "--role", "viewer");

    let app = await startApp(APP);
    try {
      const [email] = await app.waitFor("main.signin input[name=email]", 1, 20000);
      await app.type(email, "ada@example.com");
      await app.click((await app.findAll('main.signin button[type="submit"]'))[0]);
      await app.waitFor("main.signin input[name=code]");
      await app.screenshot("50-code-sent");
      const mail = await until("the sign-in email", () => table.mails()[0]);
      assert.match(mail, /^To: ada@example\.com/m);
      const link = linkIn(mail);
      assert.ok(link, "a link in the email");
      // Pasting the link from the email signs in, as clicking it does.
      await app.script(`const el = document.querySelector("main.signin input[name=code]"); el.value = arguments[0];
        el.dispatchEvent(new Event("input", { bubbles: true })); return null;`, [link]);
      await app.click((await app.findAll('main.signin button[type="submit"]'))[0]);
      await teamTimeline(app, "Alpha", 20000);
      // Alpha is a new team with nobody in it: the timeline says what to do first.
      await until("what to do first", async () =>
        /Nobody is in this team yet/.test((await app.texts(".viewport .empty p"))[0] ?? ""),
      );
      assert.equal((await app.findAll('.viewport .empty button[data-action="first-person"]')).length, 1);
      await app.screenshot("51-signed-in-alpha");
      const token = secret(account);
      assert.ok(token?.length === 64, "the session token is in the Secret Service");
      assert.ok(!mail.includes(token), "the token is not the code");
      // Nowhere else: no file of the app's home (data, config, cache, logs) holds the token.
      const holders = filesUnder(process.env.HOME).filter((f) => readFileSync(f).includes(token));
      assert.deepEqual(holders, [], "files holding the session token");
      // The app's log is among them, and it did see the sign-in.
      // (a file a day: app.YYYY-MM-DD.log)
      const logs = `${process.env.XDG_DATA_HOME}/resource-planner/logs`;
      const log = readdirSync(logs)
        .filter((f) => /^app\..*\.log$/.test(f))
        .map((f) => readFileSync(`${logs}/${f}`, "utf8"))
        .join("");
      assert.match(log, /info signed in as user \w+/);
      // A build run from a folder on a machine without the desktop database's tools says so calmly,
      // not with a warning about a missing file at every start.
      assert.doesNotMatch(log, /could not register resource-planner:\/\/ links/);
    } finally {
      await app.close();
    }

    // A new start resumes the session from the keyring; the switcher opens Beta, read only.
    app = await startApp(APP);
    try {
      await until("Alpha again", async () => (await app.texts("h1"))[0] === "Alpha", 20000);
      await app.script(`const s = document.querySelector('select[aria-label="Team"]');
        s.value = [...s.options].find((o) => o.textContent === "Beta").value;
        s.dispatchEvent(new Event("change", { bubbles: true })); return null;`);
      await until("Beta", async () => (await app.texts("h1"))[0] === "Beta", 20000);
      assert.ok((await app.texts(".badge")).some((t) => t.includes("Read only")));
      assert.equal((await app.findAll('button[data-action="add-person"]')).length, 0);
      await app.screenshot("52-switched-to-beta-read-only");
    } finally {
      await app.close();
    }

    // The next start opens the team used last; signing out everywhere ends the session.
    app = await startApp(APP);
    try {
      await until("Beta, the team used last", async () => (await app.texts("h1"))[0] === "Beta", 20000);
      await app.click((await app.findAll('button[data-action="sign-out"]'))[0]);
      await app.waitFor('[role="menuitem"]');
      await app.script(
        `[...document.querySelectorAll('[role="menuitem"]')].find((b) => b.textContent.includes("everywhere")).click(); return null;`,
      );
      await app.waitFor("main.signin input[name=email]", 1, 20000);
      await app.screenshot("53-signed-out");
      assert.equal(secret(account), null, "signing out removed the token from the keyring");
    } finally {
      await app.close();
    }
  } finally {
    table.stop();
  }
});
