#!/usr/bin/env python3
"""IAM for the sign-in-by-AWS-identity test, in moto (crates/planner-admin/tests/aws_identity.rs).

  aws-identity-fixture.py --endpoint URL --out DIR --user NAME=ROLE ... [--enforce]

Makes, in the moto server at URL, the three roles of deploy/cloudformation/
resource-planner-team-roles.yaml (admin, planner, viewer) with the *actions* of their managed
policies read from that template; an IAM user per --user (NAME=admin|planner|viewer) with an
access key, allowed to assume the role; and "it-admin", an IAM user allowed everything (IT, who
runs rp-admin). Writes DIR/config and DIR/credentials: a profile per user that assumes its role
through STS (role_arn, source_profile, role_session_name = NAME, the user's own name, as the
template's trust policy insists; moto does not evaluate that condition, so the fixture's trust
policy leaves it out), and a profile
"it-admin". With --enforce, turns on moto's IAM checks afterwards (every later request must be
signed by a known key and allowed by its policies). Prints JSON: {"roles": {kind: arn}}.

moto evaluates a policy's Action; it does not evaluate Resource for DynamoDB (every request is
"*") nor the dynamodb:LeadingKeys condition. So the policies here keep the template's actions,
with Resource "*" and no Condition, and moto's own TransactWriteItems action is added where the
template allows writes (AWS checks a transaction's items against PutItem etc.; moto checks the
call). What the conditions do is checked without AWS by check-table-template.py's policy
matrix; on real AWS it is untested (docs/security.md says so).
"""

import argparse
import json
import urllib.request
from pathlib import Path

import boto3
from cfnlint.decode import cfn_yaml

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "deploy/cloudformation/resource-planner-team-roles.yaml"
ROLES = {"admin": "AdminRole", "planner": "PlannerRole", "viewer": "ViewerRole"}
REGION = "us-east-1"


def plain(value):
    return json.loads(json.dumps(value, default=str))


def template_policies():
    """{logical id of a managed policy: [its actions]} and {role kind: [its policies' ids]}."""
    body = plain(cfn_yaml.load(str(TEMPLATE)))["Resources"]
    policies = {}
    for name, res in body.items():
        if res["Type"] == "AWS::IAM::ManagedPolicy":
            actions = []
            for statement in res["Properties"]["PolicyDocument"]["Statement"]:
                assert statement["Effect"] == "Allow", f"{name}: only Allow statements are emulated"
                actions += statement["Action"]
            policies[name] = actions
    roles = {}
    for kind, logical in ROLES.items():
        refs = body[logical]["Properties"]["ManagedPolicyArns"]
        roles[kind] = [r["Ref"] for r in refs]
    return policies, roles


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--endpoint", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--user", action="append", default=[])
    p.add_argument("--enforce", action="store_true")
    args = p.parse_args()
    users = dict(u.split("=", 1) for u in args.user)

    root = dict(endpoint_url=args.endpoint, region_name=REGION, aws_access_key_id="test", aws_secret_access_key="test")
    iam = boto3.client("iam", **root)
    account = boto3.client("sts", **root).get_caller_identity()["Account"]

    names = list(users) + ["it-admin"]
    keys = {}
    for name in names:
        iam.create_user(UserName=name)
        keys[name] = iam.create_access_key(UserName=name)["AccessKey"]
    user_arns = [f"arn:aws:iam::{account}:user/{n}" for n in users]

    policies, role_policies = template_policies()
    policy_arns = {}
    for name, actions in policies.items():
        emulated = list(actions)
        if any(a in actions for a in ("dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem")):
            emulated.append("dynamodb:TransactWriteItems")
        document = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": emulated, "Resource": "*"}]}
        policy_arns[name] = iam.create_policy(PolicyName=f"resource-planner-{name}", PolicyDocument=json.dumps(document))[
            "Policy"
        ]["Arn"]

    trust = {
        "Version": "2012-10-17",
        "Statement": [{"Effect": "Allow", "Principal": {"AWS": user_arns}, "Action": "sts:AssumeRole"}],
    }
    role_arns = {}
    role_ids = {}
    for kind, refs in role_policies.items():
        role = iam.create_role(RoleName=f"resource-planner-{kind}", AssumeRolePolicyDocument=json.dumps(trust))
        for ref in refs:
            iam.attach_role_policy(RoleName=f"resource-planner-{kind}", PolicyArn=policy_arns[ref])
        role_arns[kind] = role["Role"]["Arn"]
        # A role session's unique id (IAM's ${aws:userid}) is the role's id, ':', the session name.
        role_ids[kind] = role["Role"]["RoleId"]

    assume = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "sts:AssumeRole", "Resource": "*"}]}
    for name in users:
        iam.put_user_policy(UserName=name, PolicyName="assume-the-team-role", PolicyDocument=json.dumps(assume))
    everything = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}
    iam.put_user_policy(UserName="it-admin", PolicyName="everything", PolicyDocument=json.dumps(everything))

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    config = [f"[profile it-admin]\nregion = {REGION}\n"]
    credentials = []
    for name in names:
        k = keys[name]
        credentials.append(f"[{name}-keys]\naws_access_key_id = {k['AccessKeyId']}\naws_secret_access_key = {k['SecretAccessKey']}\n")
    credentials.append(
        f"[it-admin]\naws_access_key_id = {keys['it-admin']['AccessKeyId']}\n"
        f"aws_secret_access_key = {keys['it-admin']['SecretAccessKey']}\n"
    )
    for name, kind in users.items():
        config.append(
            f"[profile {name}]\nregion = {REGION}\nrole_arn = {role_arns[kind]}\n"
            f"source_profile = {name}-keys\nrole_session_name = {name}\n"
        )
    (out / "config").write_text("\n".join(config))
    (out / "credentials").write_text("\n".join(credentials))

    if args.enforce:
        req = urllib.request.Request(
            f"{args.endpoint}/moto-api/reset-auth", data=b"0", method="POST", headers={"Content-Type": "text/plain"}
        )
        urllib.request.urlopen(req).read()
    print(json.dumps({"roles": role_arns, "roleIds": role_ids, "account": account}))


if __name__ == "__main__":
    main()
