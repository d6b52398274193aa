// "Copy diagnostics" on the settings screen: the text for a support ticket names the version and
// the settings, and holds the log's last lines; a secret from the settings never appears in it.
// WebKit under the test driver may refuse the clipboard: then the text is shown to copy by hand,
// and the test reads it there; when the clipboard works, it reads it back from the page.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { sleep, startApp, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const dir = join(process.env.XDG_CONFIG_HOME, "resource-planner");
const file = join(dir, "config.toml");

test("diagnostics for support name the settings and the log, never a secret", async () => {
  mkdirSync(dir, { recursive: true });
  // The local workspace, with a mail server whose password must not leak.
  writeFileSync(file, '[smtp]\nhost = "mail.example.com"\nfrom = "p@example.com"\npassword = "e2e-secret-password"\n');
  const app = await startApp(APP);
  try {
    await app.waitFor(".name .who", 1, 30000);
    await app.click((await app.findAll('button[data-action="settings"]'))[0]);
    await app.click((await app.waitFor('button[data-action="diagnostics"]'))[0]);
    const text = await until("the diagnostics", async () => {
      const shown = await app.script('return document.querySelector(".support textarea")?.value ?? null;');
      if (shown) return shown;
      const copied = (await app.texts('.support [role="status"]'))[0];
      return copied?.includes("Copied") ? await app.script("return navigator.clipboard.readText();") : null;
    });
    await sleep(300);
    await app.screenshot("85-diagnostics");
    assert.match(text, /^resource-planner \d+\.\d+\.\d+/);
    assert.match(text, /smtp: mail\.example\.com:587 .* password set/);
    assert.match(text, /mode local, signed in true/);
    assert.match(text, /\[log, last 100 lines\][\s\S]* info opened local/);
    assert.ok(!text.includes("e2e-secret-password"), "the password is not in the diagnostics");
  } finally {
    await app.close();
    rmSync(file, { force: true });
  }
});
