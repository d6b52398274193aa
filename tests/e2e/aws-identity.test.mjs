// Sign-in by AWS identity, end to end: moto (the AWS emulator from PyPI, with IAM enforced) serves
// STS, IAM and DynamoDB; the team's roles come from the CloudFormation template's actions
// (scripts/aws-identity-fixture.py); IT's rp-admin, as IT's own IAM user, makes the table, the
// team, its members, and links Ada's AWS identity. The app is configured as IT would
// (signin.methods = ["aws-identity"] in the machine-wide file) and started with each person's AWS
// profile (a role assumed through STS, as an IAM Identity Center profile does): Ada is in her
// timeline at once, without a code; Bob, whose identity nobody linked, sees why, naming the ARN to
// link; once IT links it, the button signs him in.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { freePort, listening, machineConfig } from "./team-table.mjs";
import { startApp, teamTimeline, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const ADMIN = process.env.RP_ADMIN_BINARY;
const VENV = process.env.RP_TOOLS_VENV;
const TABLE = "rp-e2e-aws";
const config = join(process.env.XDG_CONFIG_HOME ?? "", "resource-planner", "config.toml");

test("the app signs in as the AWS identity IT linked, and says which identity to link", async () => {
  assert.ok(VENV && ADMIN && APP, "RP_TOOLS_VENV, RP_ADMIN_BINARY and RP_APP_BINARY (scripts/e2e.sh)");
  const work = mkdtempSync(join(tmpdir(), "rp-aws-identity-"));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const moto = spawn(join(VENV, "bin/moto_server"), ["-H", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
  try {
    await listening(port, 60000);
    const aws = join(work, "aws");
    const fixture = JSON.parse(
      execFileSync(join(VENV, "bin/python"), [
        "scripts/aws-identity-fixture.py", "--endpoint", endpoint, "--out", aws, "--enforce",
        "--user", "ada=planner", "--user", "bob=planner",
      ]).toString(),
    );
    // The AWS environment of a person's computer: their profiles, no keys in the environment.
    const awsEnv = { AWS_CONFIG_FILE: join(aws, "config"), AWS_SHARED_CREDENTIALS_FILE: join(aws, "credentials"), AWS_ENDPOINT_URL: endpoint };
    const env = { ...process.env, ...awsEnv };
    for (const k of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"]) delete env[k];
    const admin = (...args) =>
      JSON.parse(
        execFileSync(ADMIN, ["--table", TABLE, "--endpoint", endpoint, "--region", "us-east-1", "--profile", "it-admin", "--json", ...args], { env }).toString(),
      );
    admin("create-table", "--unprotected");
    const team = admin("create-team", "--name", "Studio", "--admin-email", "lead@example.com");
    for (const who of ["ada", "bob"]) admin("add-member", "--team", team.id, "--email", `${who}@example.com`, "--role", "planner");
    const arn = (who) => `arn:aws:sts::${fixture.account}:assumed-role/resource-planner-planner/${who}`;
    // A role session's unique id (what a link is keyed by): the role's id and the session name.
    const id = (who) => `${fixture.roleIds.planner}:${who}`;
    const link = (who) =>
      admin("link-identity", "--email", `${who}@example.com`, "--principal", arn(who), "--principal-id", id(who), "--team", team.id);
    link("ada");

    // IT's settings: the table, and sign-in by AWS identity (no mail server, no pepper).
    mkdirSync(join(machineConfig, ".."), { recursive: true });
    writeFileSync(
      machineConfig,
      `mode = "dynamodb"\n[dynamodb]\ntable = "${TABLE}"\nendpoint = "${endpoint}"\nregion = "us-east-1"\n[signin]\nmethods = ["aws-identity"]\n`,
    );
    // The app as the person starts it, with their AWS environment (WebDriver starts this script).
    const launcher = join(work, "app.sh");
    const unset = "-u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY -u AWS_SESSION_TOKEN -u AWS_PROFILE";
    const sets = Object.entries(awsEnv).map(([k, v]) => `${k}='${v}'`).join(" ");
    writeFileSync(launcher, `#!/bin/sh\nexec env ${unset} ${sets} '${APP}' "$@"\n`);
    chmodSync(launcher, 0o755);
    const asProfile = (profile) => {
      mkdirSync(join(config, ".."), { recursive: true });
      writeFileSync(config, `[dynamodb]\nprofile = "${profile}"\n`);
    };

    // Ada: straight into her team's timeline; no sign-in screen, no code.
    asProfile("ada");
    let app = await startApp(launcher);
    try {
      await teamTimeline(app, "Studio", 30000);
      assert.equal((await app.findAll("main.signin")).length, 0, "no sign-in screen");
      await app.screenshot("60-aws-identity-signed-in");
    } finally {
      await app.close();
    }

    // Bob: nobody linked his identity. The sign-in screen names it, with the one button.
    asProfile("bob");
    app = await startApp(launcher);
    try {
      const [reason] = await until("the reason", async () => {
        const t = await app.texts("main.signin .reason");
        return t.length ? t : null;
      }, 30000);
      assert.match(reason, /not linked to a user of this table/);
      assert.ok(reason.includes(arn("bob")), `the ARN to link: ${reason}`);
      assert.ok(reason.includes(id("bob")), `the id to link: ${reason}`);
      assert.equal((await app.findAll("main.signin input[name=email]")).length, 0, "no email form");
      await app.screenshot("61-aws-identity-not-linked");
      link("bob");
      await app.click((await app.findAll('main.signin button[data-action="aws-sign-in"]'))[0]);
      await teamTimeline(app, "Studio", 30000);
    } finally {
      await app.close();
    }
  } finally {
    moto.kill();
    rmSync(config, { force: true });
    rmSync(machineConfig, { force: true });
    rmSync(work, { recursive: true, force: true });
  }
});
