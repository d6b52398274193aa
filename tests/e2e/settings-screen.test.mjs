// The settings screen end to end: the app starts on the local workspace (no settings file); the
// screen, opened from the toolbar's gear, switches to a team table (a DynamoDB-protocol server on
// loopback, tests/e2e/team-table.mjs): "Test connection" says it works, a bad table name gets the
// sentence that names dynamodb.table, and Save opens the sign-in screen at once. Then the sign-in
// link from the email is handed to the app as the OS does: a second start of the app with the link
// as its only argument, which the single-instance plugin passes to the running app and exits; the
// window shows the team without a click. The same link again (its code used) leaves the team open
// and says why in a banner. Finally the settings go back to this computer, and the local
// workspace is there with what it held. A broken settings file opens the error screen, from which
// the settings screen fixes it (the broken file kept aside). The user's settings file is removed at
// the end.
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { test } from "node:test";
import { handOver, linkIn, REGION, startTeamTable, TABLE } from "./team-table.mjs";
import { addPerson, KEY, sleep, startApp, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const PERSON = "Grace Round-Trip";

test("settings: local workspace → team table (test, bad value, save) → signed in by a link from the OS → back", async () => {
  const table = await startTeamTable("rp-settings-");
  // The app starts with no settings file and no machine-wide one: the local workspace.
  rmSync(table.config, { force: true });
  rmSync(table.machineConfig, { force: true });
  const { admin } = table;
  admin("create-team", "--name", "Alpha", "--admin-email", "ada@example.com");

  const app = await startApp(APP);
  // The screenshot a moment later: WebKit paints after the DOM the checks read has changed.
  const shot = async (name) => {
    await sleep(300);
    await app.screenshot(name);
  };
  const dialogOpen = async () => (await app.findAll("dialog[open]")).length > 0;
  const openSettings = async () => {
    await app.click((await app.findAll('button[data-action="settings"]'))[0]);
    await app.waitFor("dialog[open] input[name=mode]", 2, 15000);
  };
  const chooseMode = async (mode) => {
    await app.click((await app.findAll(`dialog[open] input[name=mode][value=${mode}]`))[0]);
  };
  const alerts = (css) => app.texts(`dialog[open] ${css} [role="alert"], dialog[open] ${css}[role="alert"]`);
  try {
    // The local workspace, and a person to find again after the round trip.
    await app.waitFor(".bar", 1, 20000);
    const workspace = (await app.texts("h1"))[0];
    await addPerson(app, PERSON);
    await until("the new person", async () => (await app.texts(".name .who")).includes(PERSON));
    await until("the dialog closed", async () => !(await dialogOpen()));

    // The gear opens the settings: this computer, and where they are saved.
    assert.equal(
      await app.script(`return document.querySelector('header button[data-action="settings"]').getAttribute("aria-label")`),
      "Settings",
    );
    await openSettings();
    assert.equal(await app.script("return document.activeElement.id"), "settings-title", "focus on the screen's title");
    assert.equal(await app.script('return document.querySelector("dialog[open] input[value=local]").checked'), true);
    assert.ok((await app.texts("dialog[open] .where"))[0].includes(table.config), "says where the settings are saved");
    assert.equal((await app.findAll("dialog[open] input[name=table]")).length, 0, "no table field for this computer");
    await shot("70-settings-local");

    // A team table, on a computer without a mail server: the screen says sign-in emails are not set up.
    await chooseMode("dynamodb");
    await app.waitFor("dialog[open] input[name=table]");
    assert.match((await app.texts("dialog[open] .note.info"))[0] ?? "", /Sign-in emails are not set up/);
    assert.match((await app.texts("dialog[open] .note"))[0], /standard AWS chain/);
    await shot("71-settings-dynamodb-no-mail");
    // Escape closes it without saving; the gear has the focus again.
    await app.press([KEY.Escape]);
    await until("the settings closed", async () => !(await dialogOpen()));
    assert.equal(await app.script('return document.activeElement.dataset.action ?? ""'), "settings");

    // IT (here, the test) sets up the mail server and the pepper in the machine-wide file (a
    // shared table takes them from nowhere else); the user's own file has a setting of its own.
    // The screen is opened again.
    writeFileSync(table.machineConfig, table.mailSettings);
    writeFileSync(table.config, "[updates]\nenabled = false\n");
    await openSettings();
    await chooseMode("dynamodb");
    await app.waitFor("dialog[open] input[name=table]");
    assert.equal((await app.findAll("dialog[open] .note.info")).length, 0, "mail is set up now");
    await app.set("dialog[open] input[name=table]", TABLE);
    await app.set("dialog[open] input[name=region]", REGION);
    // The endpoint is under "Advanced".
    assert.equal(await app.script('return document.querySelector("dialog[open] details").open'), false);
    await app.click((await app.findAll("dialog[open] details summary"))[0]);
    await app.set("dialog[open] input[name=endpoint]", table.endpoint);
    await app.click((await app.findAll('dialog[open] button[data-action="test-connection"]'))[0]);
    const works = await until("the test's answer", async () => (await app.texts("dialog[open] .test-result"))[0], 30000);
    assert.equal(works, "✓ Connection works");
    await shot("72-connection-works");

    // A bad table name: the sentence names the key, from Test and from Save, and nothing is saved.
    await app.set("dialog[open] input[name=table]", "no good!");
    assert.equal((await app.texts("dialog[open] .test-result"))[0], "", "an old answer is not shown for a changed form");
    await app.click((await app.findAll('dialog[open] button[data-action="test-connection"]'))[0]);
    const bad = await until("the test's error", async () => (await alerts(".dynamo"))[0], 30000);
    assert.match(bad, /^dynamodb\.table: a table name has 3 to 255 characters/);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const refused = await until("the save's error", async () => (await alerts(".field"))[0], 30000);
    assert.match(refused, /^dynamodb\.table: /);
    assert.equal(await app.script('return document.querySelector("dialog[open] input[name=table]").getAttribute("aria-invalid")'), "true");
    assert.equal(await app.script("return document.activeElement.name"), "table", "focus on the field the error names");
    assert.ok(!readFileSync(table.config, "utf8").includes("no good"), "nothing saved");
    await shot("73-bad-table-name");

    // Save: the team table opens at once, on its sign-in screen.
    await app.set("dialog[open] input[name=table]", TABLE);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await app.waitFor("main.signin input[name=email]", 1, 30000);
    assert.equal(await dialogOpen(), false);
    const saved = readFileSync(table.config, "utf8");
    assert.match(saved, /^mode = "dynamodb"/m);
    assert.match(saved, new RegExp(`^table = "${TABLE}"`, "m"));
    assert.match(saved, /^enabled = false/m, "the file's other keys are kept");
    await shot("74-saved-sign-in");

    // Ask for a code; the link from the email reaches the app as the OS hands it over: a second
    // start of the app with the link, which passes it on to this one and ends.
    const [email] = await app.findAll("main.signin input[name=email]");
    await app.type(email, "ada@example.com");
    await app.click((await app.findAll('main.signin button[type="submit"]'))[0]);
    await app.waitFor("main.signin input[name=code]");
    const mail = await until("the sign-in email", () => table.mails().find((m) => m.includes("To: ada@example.com")), 20000);
    const link = linkIn(mail);
    assert.ok(link, "a link in the email");
    const second = await handOver(link);
    assert.equal(second.code, 0, `the second start ended by itself: ${second.err}`);
    await until("Alpha's timeline, without a click", async () => (await app.texts("h1"))[0] === "Alpha", 30000);
    assert.equal((await app.findAll("main.signin")).length, 0);
    await shot("75-signed-in-by-link");

    // The same link again: its code is used. The team stays open and a banner says why.
    const again = await handOver(link);
    assert.equal(again.code, 0);
    const banner = await until("the banner", async () => (await app.texts('.banner[role="alert"]'))[0], 30000);
    assert.match(banner, /^The sign-in link did not work: /);
    assert.equal((await app.texts("h1"))[0], "Alpha", "still in the team");
    await shot("76-used-link-banner");
    await app.click((await app.findAll(".banner button.dismiss"))[0]);
    await until("the banner gone", async () => (await app.findAll(".banner")).length === 0);

    // Back to this computer: nothing else to fill in, and the local workspace is as it was.
    await openSettings();
    assert.equal(await app.script('return document.querySelector("dialog[open] input[value=dynamodb]").checked'), true);
    await chooseMode("local");
    assert.equal((await app.findAll("dialog[open] input[name=table]")).length, 0);
    await shot("77-settings-back-to-local");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await until("the local workspace", async () => (await app.texts("h1"))[0] === workspace, 30000);
    await until("the person made before", async () => (await app.texts(".name .who")).includes(PERSON), 20000);
    assert.match(readFileSync(table.config, "utf8"), /^mode = "local"/m);
    assert.match(readFileSync(table.config, "utf8"), new RegExp(`^table = "${TABLE}"`, "m"), "the team table's values stay for later");
    await shot("78-local-again");
  } finally {
    await app.close();
    // Removes the user's settings file too, so that the other tests see the local workspace.
    table.stop();
  }
});

test("a broken settings file is fixed from the error screen; the screen speaks Japanese", async () => {
  const file = `${process.env.XDG_CONFIG_HOME}/resource-planner/config.toml`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, 'mode = "dynamodb"\n[dynamodb]\ntabel = "plans"\n');
  const app = await startApp(APP);
  try {
    await until("the error screen", async () => (await app.texts("main.failure h1"))[0], 20000);
    await app.click((await app.findAll('main.failure button[data-action="settings"]'))[0]);
    const problem = await until("the problem", async () => (await app.texts('dialog[open] .problem[role="alert"]'))[0], 15000);
    assert.ok(problem.includes(`${file}, line 3`), problem);
    assert.ok(problem.includes("tabel"), problem);
    assert.match(problem, /keeps the unreadable one beside it/);
    // What is shown comes from the files above it (none): this computer.
    assert.equal(await app.script('return document.querySelector("dialog[open] input[value=local]").checked'), true);
    await sleep(300);
    await app.screenshot("79-settings-from-error-screen");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await app.waitFor(".bar", 1, 30000);
    assert.match(readFileSync(file, "utf8"), /^mode = "local"/m);
    const aside = readdirSync(dirname(file)).filter((f) => f.startsWith("config.toml.unreadable-"));
    assert.equal(aside.length, 1, "the broken file is kept aside");
    assert.match(readFileSync(`${dirname(file)}/${aside[0]}`, "utf8"), /tabel/);

    // In Japanese.
    await app.click((await app.findAll("header button.lang"))[0]);
    await app.click((await app.findAll('header button[data-action="settings"]'))[0]);
    await app.waitFor("dialog[open] input[name=mode]", 2);
    await app.click((await app.findAll("dialog[open] input[name=mode][value=dynamodb]"))[0]);
    await app.waitFor("dialog[open] input[name=table]");
    assert.equal((await app.texts("dialog[open] h2"))[0], "設定");
    await sleep(300);
    await app.screenshot("80-settings-japanese");
    await app.press([KEY.Escape]);
    await until("the settings closed", async () => (await app.findAll("dialog[open]")).length === 0);
    await app.click((await app.findAll("header button.lang"))[0]);
  } finally {
    await app.close();
    rmSync(dirname(file), { recursive: true, force: true });
  }
});
