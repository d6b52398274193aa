// Updates, end to end: IT's machine-wide file names where updates are published (a `latest.json`
// served here over HTTP by this test, on this computer) and the public key their packages are
// signed with (made here by Tauri's own signer, `tauri signer generate` and `sign`). A while
// after start the app offers the newer version (a card over the screen's corner that moves
// nothing on it); the settings screen says it with its notes; Install and restart downloads the
// package and, as the package on the server is not the one signed, refuses it with a sentence and
// keeps running. (A real install replaces this program: `dpkg -i` through pkexec for the .deb;
// not run here.) The machine-wide file is removed afterwards.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { closeDialog, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const MACHINE = process.env.RP_MACHINE_CONFIG;
const TAURI = new URL("../../ui/node_modules/.bin/tauri", import.meta.url).pathname;

test("updates: a newer version IT publishes is offered, and a package not signed by IT's key is refused", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rp-e2e-updates-"));
  const tauri = (...args) => execFileSync(TAURI, ["signer", ...args], { cwd: dir, encoding: "utf8", stdio: "pipe" });
  tauri("generate", "--ci", "-p", "", "-w", join(dir, "key"));
  const packageFile = join(dir, "resource-planner_9.9.9_amd64.deb");
  writeFileSync(packageFile, "resource-planner 9.9.9, as a package");
  tauri("sign", "-f", join(dir, "key"), "-p", "", packageFile);

  // What the server answers: the manifest, and a package that is not the one signed.
  const files = new Map();
  const server = createServer((req, res) => {
    const body = files.get(req.url);
    res.writeHead(body ? 200 : 404, { "content-length": body?.length ?? 0 });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const address = `http://127.0.0.1:${server.address().port}`;
  const platform = { signature: readFileSync(`${packageFile}.sig`, "utf8").trim(), url: `${address}/package.deb` };
  files.set(
    "/latest.json",
    Buffer.from(
      JSON.stringify({
        version: "9.9.9",
        notes: "The timeline prints on A3.",
        pub_date: "2026-12-01T09:00:00Z",
        platforms: { "linux-x86_64": platform, "linux-x86_64-deb": platform, "linux-aarch64": platform },
      }),
    ),
  );
  files.set("/package.deb", Buffer.from("resource-planner 9.9.9, with something added"));

  mkdirSync(dirname(MACHINE), { recursive: true });
  writeFileSync(
    MACHINE,
    `[updates]\nurl = "${address}/latest.json"\npublic_key = "${readFileSync(join(dir, "key.pub"), "utf8").trim()}"\n`,
  );
  try {
    await withTimeline(APP, async (app) => {
      // The first start's hint under the pane, whatever the tests before did (the offer comes a
      // while after the page starts, so after this reload too).
      await app.reload('localStorage.removeItem("resource-planner.first-hint-done")');
      await app.waitFor(".viewport");
      await app.waitFor(".hint button");
      // Where the screen's parts are before the offer comes: it must move none of them.
      const places = () =>
        app.script(`return [".toolbar", ".viewport", ".names"].map((css) => {
          const r = document.querySelector(css)?.getBoundingClientRect();
          return r ? \`\${css} \${r.top},\${r.left} \${r.width}x\${r.height}\` : \`\${css} none\`; });`);
      const before = await places();
      // The offer, a while after start.
      const strip = await until(
        "the strip offering 9.9.9",
        async () => (await app.texts('section.strip[data-update="available"] [role="status"]'))[0],
        40000,
      );
      assert.match(strip, /^Version 9\.9\.9 is available \(you have \d+\.\d+\.\d+\)\.$/);
      assert.deepEqual(await places(), before, "the offer moved the screen under the pointer");
      // Nor does it cover what is under the pane: the first start's hint and its dismiss button
      // are still what a click there lands on.
      const covered = await app.script(`return [...document.querySelectorAll(".hint button, .hint p")].flatMap((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
          return hit && (hit === el || el.contains(hit)) ? [] : [\`\${el.tagName} under \${hit?.closest("section")?.className ?? hit?.tagName}\`];
        });`);
      assert.ok((await app.findAll(".hint button")).length === 1, "the first start's hint is shown");
      assert.deepEqual(covered, [], "the offer covers the hint under the pane");
      await app.screenshot("updates-1-strip");

      // The settings screen: the same, with the notes.
      await app.click((await app.findAll('button[data-action="settings"]'))[0]);
      const said = await until("the settings' updates", async () =>
        (await app.texts('dialog[open] section.updates[data-update="available"] [role="status"]'))[0],
      );
      assert.equal(said, strip);
      assert.equal((await app.texts("dialog[open] section.updates .notes"))[0], "The timeline prints on A3.");
      await app.screenshot("updates-2-settings");

      // Install: the package is not the one signed: refused, said, and the app goes on.
      await app.click((await app.findAll('dialog[open] button[data-action="install-update"]'))[0]);
      const refused = await until("the refusal", async () =>
        (await app.texts('dialog[open] section.updates [role="alert"]'))[0],
        20000,
      );
      assert.match(refused, /signature is not IT's/);
      await app.screenshot("updates-3-refused");
      await closeDialog(app);
      assert.ok((await app.findAll("canvas")).length > 0, "the timeline is still there");
    });
  } finally {
    rmSync(MACHINE, { force: true });
    server.close();
  }
});
