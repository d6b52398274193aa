// The members screen end to end, on a team table (tests/e2e/team-table.mjs): the team's admin
// signs in, sees the members (the only admin can be neither demoted nor removed), invites a new
// email as viewer, makes them a planner, removes them after confirming, sees the Rust side's
// sentence for a bad email, and finally hands the team to another admin and takes away their own
// admin rights: the window reloads the session and turns read only; a viewer still sees the
// members, and a longer list can be filtered. Each change is read back with
// rp-admin, so the screen is checked against the table, not against itself.
import assert from "node:assert/strict";
import { test } from "node:test";
import { signInWithLink, startTeamTable } from "./team-table.mjs";
import { KEY, sleep, startApp, teamTimeline, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

/** The rows of the open members screen: email, marks, role (select value or text), controls. */
const ROWS = `return [...document.querySelectorAll("dialog[open] tr.member")].map((tr) => ({
  id: tr.dataset.user,
  who: tr.querySelector(".email").textContent.trim(),
  you: !!tr.querySelector(".you"),
  onlyAdmin: !!tr.querySelector(".hint"),
  role: tr.querySelector("select")?.value ?? tr.querySelector(".role").textContent.trim(),
  canChange: !!tr.querySelector("select:not(:disabled)"),
  canRemove: !!tr.querySelector("button[data-remove]:not(:disabled)"),
}));`;

test("an admin manages the team's members", async () => {
  const table = await startTeamTable("rp-members-");
  try {
    const { admin } = table;
    const alpha = admin("create-team", "--name", "Alpha", "--admin-email", "lead@example.com");
    admin("add-member", "--team", alpha.id, "--email", "ada@example.com", "--role", "planner", "--name", "Ada");
    const stored = () =>
      Object.fromEntries(admin("members", "--team", alpha.id).map((m) => [m.email, m.role]));

    const app = await startApp(APP);
    try {
      await signInWithLink(app, table, "lead@example.com");
      await teamTimeline(app, "Alpha", 20000);

      const open = async (min) => {
        await app.click((await app.findAll('button[data-action="members"]'))[0]);
        await app.waitFor("dialog[open] tr.member", min, 15000);
        return app.script(ROWS);
      };
      // The screenshot a moment later: WebKit paints after the DOM the checks read has changed.
      const shot = async (name) => {
        await sleep(300);
        await app.screenshot(name);
      };
      const close = async () => {
        await app.press([KEY.Escape]);
        await until("the members screen closed", async () => (await app.findAll("dialog[open]")).length === 0);
      };

      // Everyone, admins first; the signed-in user marked; the only admin kept.
      let rows = await open(2);
      assert.deepEqual(
        rows.map((r) => [r.who, r.you, r.onlyAdmin, r.role]),
        [
          ["lead@example.com", true, true, "admin"],
          ["ada@example.com", false, false, "planner"],
        ],
      );
      assert.equal(rows[0].canChange || rows[0].canRemove, false, "the last admin can be neither demoted nor removed");
      assert.ok(rows[1].canChange && rows[1].canRemove);
      await shot("60-members");

      // Invite a new email as a viewer.
      await app.type((await app.findAll("dialog[open] input[name=email]"))[0], "new@example.com");
      await app.type((await app.findAll("dialog[open] input[name=name]"))[0], "Newton");
      await app.set("dialog[open] select[name=role]", "viewer");
      await app.click((await app.findAll('dialog[open] form.invite button[type="submit"]'))[0]);
      rows = await until("the invited member", async () => {
        const r = await app.script(ROWS);
        return r.some((x) => x.who === "new@example.com") && r;
      });
      const newcomer = rows.find((r) => r.who === "new@example.com");
      assert.equal(newcomer.role, "viewer");
      assert.deepEqual(rows.map((r) => r.who), ["lead@example.com", "ada@example.com", "new@example.com"]);
      assert.match((await app.texts("dialog[open] .status"))[0], /new@example\.com is now a member \(Viewer\)/);
      assert.equal(stored()["new@example.com"], "viewer");
      await shot("61-member-invited");

      // Make them a planner; the list read again after reopening shows what the table holds.
      await app.set(`dialog[open] select[data-role="${newcomer.id}"]`, "planner");
      await until("the role written", () => stored()["new@example.com"] === "planner");
      await close();
      assert.equal(
        await app.script("return document.activeElement?.dataset.action ?? null"),
        "members",
        "focus returns to the Members button",
      );
      rows = await open(3);
      assert.equal(rows.find((r) => r.who === "new@example.com").role, "planner");
      await shot("62-role-changed");

      // Remove them: a confirmation naming them first.
      await app.click((await app.findAll(`dialog[open] button[data-remove="${newcomer.id}"]`))[0]);
      await app.waitFor("dialog[open] tr.confirm");
      assert.match((await app.texts("dialog[open] tr.confirm p"))[0], /^Remove new@example\.com from Alpha\?/);
      await shot("63-remove-confirm");
      // Escape answers no, and the screen stays open.
      await app.press([KEY.Escape]);
      await until("the confirmation gone", async () => (await app.findAll("dialog[open] tr.confirm")).length === 0);
      assert.equal((await app.findAll("dialog[open]")).length, 1);
      await app.click((await app.findAll(`dialog[open] button[data-remove="${newcomer.id}"]`))[0]);
      await app.click((await app.waitFor("dialog[open] tr.confirm button[data-confirm]"))[0]);
      await until("the member gone", async () => !(await app.script(ROWS)).some((r) => r.id === newcomer.id));
      assert.equal(stored()["new@example.com"], undefined);
      await shot("64-member-removed");

      // A bad email: the Rust side's sentence, in the form.
      await app.type((await app.findAll("dialog[open] input[name=email]"))[0], "not-an-email");
      await app.click((await app.findAll('dialog[open] form.invite button[type="submit"]'))[0]);
      const [error] = await app.waitFor('dialog[open] form.invite [role="alert"]');
      assert.equal(await app.text(error), "'not-an-email' is not a valid email address.", "the Rust side's sentence");
      await shot("65-invite-error");
      await close();

      // Hand the team over: Ada becomes admin, then the lead makes themselves a viewer (confirmed).
      rows = await open(2);
      const ada = rows.find((r) => r.who === "ada@example.com");
      await app.set(`dialog[open] select[data-role="${ada.id}"]`, "admin");
      await until("Ada an admin", () => stored()["ada@example.com"] === "admin");
      rows = await until("the lead may now be demoted", async () => {
        const r = await app.script(ROWS);
        return r.find((x) => x.you)?.canChange && r;
      });
      const lead = rows.find((r) => r.you);
      await app.set(`dialog[open] select[data-role="${lead.id}"]`, "viewer");
      await app.waitFor("dialog[open] tr.confirm");
      assert.match((await app.texts("dialog[open] tr.confirm p"))[0], /^Change your own role to Viewer\?/);
      await shot("66-demote-self-confirm");
      await app.click((await app.findAll("dialog[open] tr.confirm button[data-confirm]"))[0]);
      await until("read only after the reload", async () => (await app.texts(".badge")).some((t) => t.includes("Read only")), 20000);
      assert.equal(stored()["lead@example.com"], "viewer");
      assert.equal((await app.findAll('button[data-action="add-person"]')).length, 0);

      // A viewer still sees the members, with nothing to change.
      rows = await open(2);
      assert.deepEqual(rows.map((r) => [r.who, r.you, r.role, r.canChange || r.canRemove]), [
        ["ada@example.com", false, "Admin", false],
        ["lead@example.com", true, "Viewer", false],
      ]);
      assert.equal((await app.findAll("dialog[open] form.invite")).length, 0);
      await shot("67-viewer-sees-members");
      await close();

      // A longer list gets a filter box.
      for (const name of ["grace", "alan", "barbara", "edsger", "donald", "frances"]) {
        admin("add-member", "--team", alpha.id, "--email", `${name}@example.com`, "--role", "planner");
      }
      rows = await open(8);
      assert.equal(rows.length, 8);
      await app.type((await app.waitFor('dialog[open] input[type="search"]'))[0], "GRACE");
      const filterValue = () => app.script(`return document.querySelector('dialog[open] input[type="search"]')?.value`);
      await until("the filter typed", async () => (await filterValue()) === "GRACE");
      await until("one match", async () => (await app.script(ROWS)).length === 1);
      assert.equal((await app.script(ROWS))[0].who, "grace@example.com");
      await shot("68-members-filtered");
      // Escape in the filter box empties it first (WebKit's search field), then closes the screen.
      await app.press([KEY.Escape]);
      await until("the filter emptied", async () => (await filterValue()) === "");
      assert.equal((await app.script(ROWS)).length, 8);
      await close();
    } finally {
      await app.close();
    }
  } finally {
    table.stop();
  }
});
