// Settings decide what the app opens (docs/configuration.md): a team table shows the sign-in
// screen, and a table it cannot reach gets a sentence, not a hang; a bad settings file opens an
// error screen that names the file, the line and the key. The user's settings file is removed
// afterwards, so that the other tests see the local workspace.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { startApp, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const dir = join(process.env.XDG_CONFIG_HOME, "resource-planner");
const file = join(dir, "config.toml");
const MACHINE = process.env.RP_MACHINE_CONFIG;

test("a team table opens on sign-in; an unreachable one and a bad file are said plainly", async () => {
  mkdirSync(dir, { recursive: true });
  try {
    // Nothing listens on port 9: the table cannot be reached. The mail server and the pepper are
    // IT's, in the machine-wide file (scripts/e2e.sh names it).
    writeFileSync(file, 'mode = "dynamodb"\n[dynamodb]\nendpoint = "http://127.0.0.1:9"\nregion = "eu-west-1"\n');
    mkdirSync(dirname(MACHINE), { recursive: true });
    writeFileSync(MACHINE, '[smtp]\nhost = "127.0.0.1"\nport = 9\ntls = "none"\nfrom = "planner@example.com"\n[signin]\npepper = "e2e"\n');
    let app = await startApp(APP);
    try {
      const [email] = await app.waitFor("main.signin input[name=email]", 1, 20000);
      await app.screenshot("40-sign-in");
      await app.type(email, "ada@example.com");
      await app.click((await app.findAll('main.signin button[type="submit"]'))[0]);
      const alert = await until("a sentence", async () => (await app.texts('main.signin [role="alert"]'))[0], 30000);
      assert.match(alert, /credentials|cannot be reached|busy/i);
      assert.match(alert, /^[A-Z]/, "a sentence");
      await app.screenshot("41-sign-in-unreachable");
    } finally {
      await app.close();
    }

    writeFileSync(file, 'mode = "dynamodb"\n[dynamodb]\ntabel = "plans"\n');
    app = await startApp(APP);
    try {
      const text = await until("the error screen", async () => (await app.texts('[role="alert"]'))[0], 20000);
      assert.ok(text.includes(`${file}, line 3`), text);
      assert.ok(text.includes("tabel"), text);
      await app.screenshot("42-bad-settings-file");
    } finally {
      await app.close();
    }
  } finally {
    rmSync(file, { force: true });
    rmSync(MACHINE, { force: true });
  }
});
