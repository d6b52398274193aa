// Links ask, end to end: a colleague who asked a code for their own account sends the victim the
// link (login CSRF). The victim's app, signed in as Ada, gets the link from the OS (a second start
// of the app with the link); it did not ask for a code for that email, so nothing changes until a
// dialog, naming the account and its team and who would be signed out, gets an answer.
// "Do not sign in" leaves Ada in Alpha; the same link again, accepted, ends Ada's session and opens
// Beta as the colleague.
import assert from "node:assert/strict";
import { test } from "node:test";
import { handOver, linkIn, signInWithLink, startTeamTable } from "./team-table.mjs";
import { sleep, startApp, teamTimeline, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

test("a sign-in link this app did not ask for asks first, naming the account and the team", async () => {
  const table = await startTeamTable("rp-link-ask-");
  try {
    const { admin } = table;
    admin("create-team", "--name", "Alpha", "--admin-email", "ada@example.com");
    admin("create-team", "--name", "Beta", "--admin-email", "mallory@example.com");

    // Mallory asks for a code for her own account (an app run that ends: what it asked is gone).
    let app = await startApp(APP);
    try {
      const [input] = await app.waitFor("main.signin input[name=email]", 1, 20000);
      await app.type(input, "mallory@example.com");
      await app.click((await app.findAll('main.signin button[type="submit"]'))[0]);
      await app.waitFor("main.signin input[name=code]");
    } finally {
      await app.close();
    }
    const mallorys = await until("Mallory's email", () => table.mails().find((m) => m.includes("To: mallory@example.com")), 20000);
    const link = linkIn(mallorys);
    assert.ok(link, "a link in Mallory's email");

    app = await startApp(APP);
    try {
      // Ada signs in with her own link, asked for here: no question.
      await signInWithLink(app, table, "ada@example.com");
      await teamTimeline(app, "Alpha", 30000);
      assert.equal((await app.findAll("dialog.link-ask[open]")).length, 0, "her own link asked nothing");

      // Mallory's link arrives: the window asks, and nothing has changed.
      assert.equal((await handOver(link)).code, 0);
      const [text] = await until("the question", async () => {
        const t = await app.texts("dialog.link-ask[open]");
        return t.length ? t : null;
      }, 30000);
      assert.match(text, /mallory@example\.com/);
      assert.match(text, /“Beta”/, "the team it would open");
      assert.match(text, /ada@example\.com will be signed out/);
      assert.equal((await app.texts("h1"))[0], "Alpha", "still Alpha behind the question");
      assert.equal(
        await app.script('return document.activeElement?.hasAttribute("data-decline") ?? false'),
        true,
        "the safe answer has the focus",
      );
      await sleep(300);
      await app.screenshot("58-link-asks");
      await app.click((await app.findAll("dialog.link-ask[open] button[data-decline]"))[0]);
      await until("the question gone", async () => (await app.findAll("dialog.link-ask[open]")).length === 0);
      await sleep(500);
      assert.equal((await app.texts("h1"))[0], "Alpha", "declined: still Ada in Alpha");

      // The same link, accepted: Ada's session ends and Beta opens as Mallory.
      assert.equal((await handOver(link)).code, 0);
      await app.waitFor("dialog.link-ask[open] button[data-accept]", 1, 30000);
      await app.click((await app.findAll("dialog.link-ask[open] button[data-accept]"))[0]);
      await teamTimeline(app, "Beta", 30000);
      await sleep(300);
      await app.screenshot("59-link-accepted");
    } finally {
      await app.close();
    }
  } finally {
    table.stop();
  }
});
