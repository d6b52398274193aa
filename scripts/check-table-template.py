#!/usr/bin/env python3
"""The CloudFormation templates agree with the code and with docs/security.md.

  check-table-template.py policies          the managed policies in deploy/cloudformation/ are
                                            the JSON policies of docs/security.md, statement
                                            for statement
  check-table-template.py table RP_ADMIN    `RP_ADMIN create-table` makes the template's table:
                                            rp-admin is pointed at a recording DynamoDB stand-in
                                            on loopback; its CreateTable and UpdateTimeToLive
                                            requests (what AWS would receive) are compared with
                                            the template's Table resource

Options: --template FILE (default deploy/cloudformation/resource-planner.yaml),
--team-template FILE (default deploy/cloudformation/resource-planner-team-policy.yaml),
--roles-template FILE (default deploy/cloudformation/resource-planner-team-roles.yaml),
--security FILE (default docs/security.md).

`policies` also evaluates the team roles' policies (sign-in by AWS identity) the way IAM does
for an Allow-only policy (an action, the table or index, every leading key matching one of
`dynamodb:LeadingKeys`' patterns under ForAllValues:StringLike) over a matrix of requests: what
each role may and may not do. moto, the emulator of the tests, evaluates none of the conditions,
so this is where they are checked without AWS.

Runs in the venv of ./dev test, which has cfn-lint: its YAML loader reads CloudFormation's
short forms (!Ref, !Sub, !If …). Exits 1 with the differences when something disagrees.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cfnlint.decode import cfn_yaml

ROOT = Path(__file__).resolve().parent.parent


def plain(value):
    """cfn-lint's nodes as plain dicts, lists and strings."""
    return json.loads(json.dumps(value, default=str))


class Template:
    """A template with its parameters at their defaults (or the given values): enough of
    CloudFormation's functions to compare it (Ref, Fn::If, Fn::Equals, Fn::Not, Fn::Join, Fn::Sub,
    Fn::GetAtt); anything else is an error, never a guess."""

    def __init__(self, path, pseudo, overrides=None):
        self.path = path
        self.body = plain(cfn_yaml.load(str(path)))
        self.values = dict(pseudo)
        for name, p in self.body.get("Parameters", {}).items():
            if "Default" in p:
                self.values[name] = str(p["Default"])
        self.values.update(overrides or {})
        self.conditions = {}
        for name, expr in self.body.get("Conditions", {}).items():
            self.conditions[name] = self.resolve(expr)
        # `${Table.Arn}` and `!GetAtt Table.Arn` stand for an ARN made of the pseudo values.
        self.attributes = {}

    NO_VALUE = object()

    def resolve(self, node):
        if isinstance(node, list):
            return [v for v in (self.resolve(x) for x in node) if v is not Template.NO_VALUE]
        if not isinstance(node, dict):
            return node
        if len(node) == 1:
            (key, arg), = node.items()
            if key == "Ref":
                if arg == "AWS::NoValue":
                    return Template.NO_VALUE
                if arg in self.values:
                    return self.values[arg]
                if arg in self.body.get("Resources", {}):
                    return f"<{arg}>"
                raise SystemExit(f"{self.path}: Ref to {arg}, which has no value here")
            if key == "Fn::If":
                cond, yes, no = arg
                return self.resolve(yes if self.conditions[cond] else no)
            if key == "Fn::Equals":
                a, b = (self.resolve(x) for x in arg)
                return a == b
            if key == "Fn::Join":
                sep, items = arg
                items = self.resolve(items)
                if isinstance(items, str):  # a CommaDelimitedList parameter
                    items = items.split(",") if items else []
                return sep.join(items)
            if key == "Fn::Not":
                return not self.resolve(arg[0])
            if key == "Fn::GetAtt":
                target = arg if isinstance(arg, str) else ".".join(arg)
                return self.attribute(target)
            if key == "Fn::Sub":
                if not isinstance(arg, str):
                    raise SystemExit(f"{self.path}: Fn::Sub with a variable map is not handled here")
                return re.sub(r"\$\{([^}!]+)\}", lambda m: self.substitute(m.group(1)), arg)
            if key.startswith("Fn::") or key == "Condition":
                raise SystemExit(f"{self.path}: {key} is not handled by this check; extend it")
        out = {}
        for k, v in node.items():
            v = self.resolve(v)
            if v is not Template.NO_VALUE:
                out[k] = v
        return out

    def substitute(self, name):
        if "." in name:
            return self.attribute(name)
        if name in self.values:
            return self.values[name]
        raise SystemExit(f"{self.path}: ${{{name}}} has no value here")

    def attribute(self, target):
        if target in self.attributes:
            return self.attributes[target]
        raise SystemExit(f"{self.path}: the attribute {target} is not known to this check")

    def resource(self, logical_id, kind):
        res = self.body.get("Resources", {}).get(logical_id)
        if not res or res.get("Type") != kind:
            raise SystemExit(f"{self.path}: no {kind} named {logical_id}")
        return res


# Placeholders of docs/security.md's policies.
DOC_PSEUDO = {"AWS::Partition": "aws", "AWS::Region": "REGION", "AWS::AccountId": "ACCOUNT"}


def json_blocks(markdown):
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)```", markdown, re.S)]


def check_policies(args):
    problems = []
    docs = json_blocks(Path(args.security).read_text())
    by_sid = {}
    for doc in docs:
        for statement in doc.get("Statement", []):
            by_sid[statement.get("Sid")] = (doc, statement)

    main = Template(args.template, DOC_PSEUDO, {"TableName": "TABLE"})
    main.attributes["Table.Arn"] = "arn:aws:dynamodb:REGION:ACCOUNT:table/TABLE"
    team = Template(args.team_template, DOC_PSEUDO, {"TableName": "TABLE", "TeamId": "TEAM_ID"})
    roles = Template(args.roles_template, DOC_PSEUDO, {"TableName": "TABLE", "TeamId": "TEAM_ID"})

    pairs = [
        (main, "AppUserPolicy", "ResourcePlannerApp"),
        (team, "TeamPolicy", "OneTeamsPartitionAndTheIdentityItems"),
        (roles, "ReadPolicy", "ReadOneTeam"),
        (roles, "PlannerWritePolicy", "WriteOneTeam"),
        (roles, "AdminWritePolicy", "CreateUsersForNewMembers"),
    ]
    for tpl, logical_id, sid in pairs:
        res = tpl.resource(logical_id, "AWS::IAM::ManagedPolicy")
        document = tpl.resolve(res["Properties"]["PolicyDocument"])
        if sid not in by_sid:
            problems.append(f"docs/security.md has no statement {sid} (for {tpl.path.name} {logical_id})")
            continue
        doc, expected = by_sid[sid]
        if document.get("Version") != doc.get("Version"):
            problems.append(f"{logical_id}: Version {document.get('Version')} ≠ {doc.get('Version')}")
        statements = document.get("Statement", [])
        if statements != doc["Statement"]:
            problems.append(
                f"{tpl.path.name} {logical_id} differs from docs/security.md:\n"
                f"  template: {json.dumps(statements, indent=None)}\n"
                f"  docs:     {json.dumps(doc['Statement'], indent=None)}"
            )
        else:
            actions = len(expected["Action"])
            print(f"  {tpl.path.name} {logical_id} = docs/security.md {sid} ({actions} actions)")
    # No user policy may grant what security.md rules out, whatever the docs say.
    forbidden = re.compile(r"dynamodb:(Scan|ExecuteStatement|BatchExecuteStatement|ExecuteTransaction|"
                           r"PartiQL.*|CreateTable|DeleteTable|UpdateTable|\*)$")
    for tpl, logical_id, _ in pairs:
        document = tpl.resolve(tpl.resource(logical_id, "AWS::IAM::ManagedPolicy")["Properties"]["PolicyDocument"])
        for statement in document.get("Statement", []):
            for action in statement.get("Action", []):
                if forbidden.match(action):
                    problems.append(f"{tpl.path.name} {logical_id} grants {action}")
    problems += check_role_matrix(roles)
    problems += check_person_attributes(roles)
    problems += check_feed_ttl(main)
    return problems


def check_person_attributes(roles):
    """The attributes the team roles may read of people's items are the ones the store names in
    every such read (identity/users.rs PERSON_ATTRIBUTES): one list, in two languages."""
    doc = roles.resolve(roles.resource("ReadPolicy", "AWS::IAM::ManagedPolicy")["Properties"]["PolicyDocument"])
    allowed = [
        attrs
        for st in doc["Statement"]
        for attrs in [st.get("Condition", {}).get("ForAllValues:StringEquals", {}).get("dynamodb:Attributes")]
        if attrs
    ]
    source = Path("crates/planner-store/src/identity/users.rs").read_text()
    named = re.search(r"PERSON_ATTRIBUTES: \[&str; \d+\] =\s*\[([^\]]*)\]", source, re.S)
    code = re.findall(r'"([^"]+)"', named.group(1)) if named else None
    if len(allowed) != 1 or code != allowed[0]:
        return [f"people's attributes: the read policy allows {allowed}, the store reads {code}"]
    print(f"  the roles read of people's items exactly what the store asks: {', '.join(code)}")
    return []


def check_feed_ttl(main):
    """The change feed expires by the table's TTL: the template's TTL attribute is the one the
    store's schema names, and the one the feed's records are written with."""
    problems = []
    spec = main.resource("Table", "AWS::DynamoDB::Table")["Properties"].get("TimeToLiveSpecification", {})
    schema = Path("crates/planner-store/src/engine/schema.rs").read_text()
    named = re.search(r'TTL_ATTRIBUTE: &str = "([^"]+)"', schema)
    feed = Path("crates/planner-store/src/plan/feed/mod.rs").read_text()
    written = re.search(r'record\.insert\("([a-z]+)"\.into\(\), n\(expires\)\)', feed)
    if not (spec.get("Enabled") and named and written):
        problems.append(f"TTL: template {spec}, schema {named and named.group(1)}, feed {written and written.group(1)}")
    elif not spec.get("AttributeName") == named.group(1) == written.group(1):
        problems.append(f"TTL attribute: template {spec.get('AttributeName')}, schema {named.group(1)}, feed {written.group(1)}")
    else:
        print(f"  the table's TTL is on `{spec['AttributeName']}`, the attribute change records expire by")
    return problems


TABLE_ARN = "arn:aws:dynamodb:REGION:ACCOUNT:table/TABLE"
INDEX_ARN = TABLE_ARN + "/index/GSI1"

# Who asks, as IAM's ${aws:userid} names them: a role's id and the session name (pinned to the
# IAM user's name by the roles' trust policies).
CALLER = {
    "viewer": "AROAVIEWERROLEID00001:vic",
    "planner": "AROAPLANNERROLEID0001:alice",
    "admin": "AROAADMINROLEID000001:ada",
}

# (role, action, resource, leading keys, allowed?): what sign-in by AWS identity relies on.
ROLE_MATRIX = [
    ("viewer", "GetItem", TABLE_ARN, ["TEAM#TEAM_ID"], True),
    # The change feed and the activity log: a Query of the team's own partition.
    ("viewer", "Query", TABLE_ARN, ["TEAM#TEAM_ID"], True),
    ("viewer", "Query", TABLE_ARN, ["TEAM#OTHER"], False),
    # The index answers anyone's memberships of every team (team, role, name): no role reads it,
    # not even for the caller's own user (a user's teams come from their identity link).
    ("viewer", "Query", INDEX_ARN, ["USER#01JUSER"], False),
    ("viewer", "Query", INDEX_ARN, ["USER#01JOTHER"], False),
    ("planner", "Query", INDEX_ARN, ["USER#01JOTHER"], False),
    ("admin", "Query", INDEX_ARN, ["USER#01JOTHER"], False),
    # Each principal reads its own identity link (keyed by ${aws:userid}), nobody else's, and
    # none by ARN (the key of links made before).
    ("viewer", "GetItem", TABLE_ARN, [f"PRINCIPAL#{CALLER['viewer']}"], True),
    ("viewer", "GetItem", TABLE_ARN, [f"PRINCIPAL#{CALLER['admin']}"], False),
    ("planner", "GetItem", TABLE_ARN, [f"PRINCIPAL#{CALLER['viewer']}"], False),
    ("viewer", "Query", TABLE_ARN, [f"PRINCIPAL#{CALLER['viewer']}"], False),
    ("viewer", "GetItem", TABLE_ARN, ["PRINCIPAL#arn:aws:sts::1:assumed-role/r/v"], False),
    # People's User items and email guards: only the attributes the app shows, named in the
    # request; not a User item's recentTeams (the teams its person joined), and not a read that
    # names no attributes (it would return all of them).
    ("viewer", "GetItem", TABLE_ARN, ["USER#01JOTHER"], True, {"attributes": ["pk", "sk", "email", "name"]}),
    ("viewer", "BatchGetItem", TABLE_ARN, ["USER#01JA", "USER#01JB"], True, {"attributes": ["pk", "email"]}),
    ("viewer", "GetItem", TABLE_ARN, ["EMAIL#a@example.com"], True, {"attributes": ["pk", "sk", "userId"]}),
    ("viewer", "GetItem", TABLE_ARN, ["USER#01JOTHER"], False),
    ("planner", "GetItem", TABLE_ARN, ["USER#01JOTHER"], False, {"attributes": ["email", "recentTeams"]}),
    ("admin", "BatchGetItem", TABLE_ARN, ["USER#01JA"], False, {"attributes": ["recentTeams"]}),
    ("viewer", "Query", TABLE_ARN, ["USER#01JOTHER"], False, {"attributes": ["pk", "email"]}),
    ("viewer", "GetItem", TABLE_ARN, ["USER#01JOTHER"], False, {"attributes": ["email"], "select": "ALL_ATTRIBUTES"}),
    ("viewer", "GetItem", TABLE_ARN, ["SESSION#connection-test"], True),
    ("viewer", "PutItem", TABLE_ARN, ["TEAM#TEAM_ID"], False),
    ("viewer", "DeleteItem", TABLE_ARN, ["TEAM#TEAM_ID"], False),
    ("viewer", "ConditionCheckItem", TABLE_ARN, ["TEAM#TEAM_ID"], False),
    ("viewer", "GetItem", TABLE_ARN, ["TEAM#OTHER"], False),
    ("viewer", "BatchGetItem", TABLE_ARN, ["TEAM#TEAM_ID", "TEAM#OTHER"], False),
    ("viewer", "GetItem", TABLE_ARN, ["SESSION#0a1b2c"], False),
    ("planner", "PutItem", TABLE_ARN, ["TEAM#TEAM_ID"], True),
    ("planner", "BatchWriteItem", TABLE_ARN, ["TEAM#TEAM_ID"], True),
    ("planner", "PutItem", TABLE_ARN, ["TEAM#OTHER"], False),
    ("planner", "BatchWriteItem", TABLE_ARN, ["TEAM#TEAM_ID", "TEAM#OTHER"], False),
    ("planner", "PutItem", TABLE_ARN, ["PRINCIPAL#arn:aws:sts::1:assumed-role/r/p"], False),
    ("planner", "PutItem", TABLE_ARN, ["USER#01JUSER"], False),
    ("planner", "PutItem", TABLE_ARN, ["SESSION#0a1b2c"], False),
    ("planner", "GetItem", TABLE_ARN, ["TEAM#OTHER"], False),
    ("admin", "PutItem", TABLE_ARN, ["USER#01JUSER"], True),
    ("admin", "UpdateItem", TABLE_ARN, ["USER#01JUSER"], True),
    ("admin", "UpdateItem", TABLE_ARN, ["USER#01JUSER"], True, {"returns": "NONE"}),
    # A write that answers the item would read what the read policy refuses (recentTeams).
    ("admin", "UpdateItem", TABLE_ARN, ["USER#01JOTHER"], False, {"returns": "ALL_OLD"}),
    ("admin", "UpdateItem", TABLE_ARN, ["USER#01JOTHER"], False, {"returns": "UPDATED_OLD"}),
    ("admin", "PutItem", TABLE_ARN, ["USER#01JOTHER"], False, {"returns": "ALL_OLD"}),
    ("admin", "PutItem", TABLE_ARN, ["EMAIL#a@example.com"], True),
    ("admin", "PutItem", TABLE_ARN, ["TEAM#TEAM_ID"], True),
    ("admin", "DeleteItem", TABLE_ARN, ["USER#01JUSER"], False),
    ("admin", "PutItem", TABLE_ARN, ["PRINCIPAL#arn:aws:sts::1:assumed-role/r/a"], False),
    ("admin", "DeleteItem", TABLE_ARN, ["PRINCIPAL#arn:aws:sts::1:assumed-role/r/a"], False),
    ("admin", "PutItem", TABLE_ARN, ["TEAM#OTHER"], False),
    ("admin", "PutItem", TABLE_ARN, ["SESSION#0a1b2c"], False),
    ("admin", "Scan", TABLE_ARN, ["TEAM#TEAM_ID"], False),
]


def like(pattern, value):
    """IAM's StringLike: `*` any run of characters, `?` one; nothing else is special."""
    regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
    return re.fullmatch(regex, value) is not None


def substitute(pattern, caller):
    """IAM's policy variables in a condition's values: `${aws:userid}` only (any other is an
    error here, never a guess)."""
    def value(m):
        if m.group(1) != "aws:userid":
            raise SystemExit(f"the policy variable ${{{m.group(1)}}} is not handled by this check; extend it")
        return caller
    return re.sub(r"\$\{([^}]+)\}", value, pattern)


def allows(statement, action, resource, context, caller):
    """One Allow statement of the forms the templates use (no NotAction), asked by the principal
    whose ${aws:userid} is `caller`, with the request's condition keys `context`
    (`dynamodb:LeadingKeys`, and `dynamodb:Attributes` and `dynamodb:Select` when the request
    has them). IAM's rules as far as the templates need them: every operator of the condition
    must hold; ForAllValues over a key the request lacks holds (IAM's own pitfall, which the
    `Null` operator closes); `…IfExists` holds for a missing key; `Null: "false"` needs the key."""
    assert statement["Effect"] == "Allow" and set(statement) <= {"Sid", "Effect", "Action", "Resource", "Condition"}
    if f"dynamodb:{action}" not in statement["Action"]:
        return False
    if not any(like(r, resource) for r in statement["Resource"]):
        return False
    for operator, keys in statement.get("Condition", {}).items():
        for name, wanted in keys.items():
            assert name in ("dynamodb:LeadingKeys", "dynamodb:Attributes", "dynamodb:Select", "dynamodb:ReturnValues"), name
            wanted = [substitute(p, caller) for p in (wanted if isinstance(wanted, list) else [wanted])]
            got = context.get(name)
            if operator == "ForAllValues:StringLike":
                ok = got is None or all(any(like(p, v) for p in wanted) for v in got)
            elif operator == "ForAllValues:StringEquals":
                ok = got is None or all(v in wanted for v in got)
            elif operator == "StringEqualsIfExists":
                ok = got is None or got in wanted
            elif operator == "Null":
                assert wanted in (["true"], ["false"]), wanted
                ok = (got is None) == (wanted == ["true"])
            else:
                raise SystemExit(f"the condition operator {operator} is not handled by this check; extend it")
            if not ok:
                return False
    return True


def check_role_matrix(roles):
    problems = []
    statements = {}
    for kind, logical in (("viewer", "ViewerRole"), ("planner", "PlannerRole"), ("admin", "AdminRole")):
        refs = roles.resource(logical, "AWS::IAM::Role")["Properties"]["ManagedPolicyArns"]
        statements[kind] = []
        for ref in refs:
            doc = roles.resolve(roles.resource(ref["Ref"], "AWS::IAM::ManagedPolicy")["Properties"]["PolicyDocument"])
            statements[kind] += doc["Statement"]
    # Whoever may assume a role must not pick the session name: it ends the ARN the app knows
    # a person by (arn:aws:sts::…:assumed-role/ROLE/SESSION).
    for logical in ("ViewerRole", "PlannerRole", "AdminRole"):
        trust = roles.resolve(roles.resource(logical, "AWS::IAM::Role")["Properties"]["AssumeRolePolicyDocument"])
        for statement in trust["Statement"]:
            pinned = statement.get("Condition", {}).get("StringEquals", {}).get("sts:RoleSessionName")
            if pinned != "${aws:username}":
                problems.append(f"{roles.path.name} {logical}: the session name is not pinned to the user's name")
            else:
                print(f"  {logical}: session name pinned to ${{aws:username}}")
    for kind, action, resource, keys, expected, *request in ROLE_MATRIX:
        request = request[0] if request else {}
        context = {"dynamodb:LeadingKeys": keys}
        if "attributes" in request:
            context["dynamodb:Attributes"] = request["attributes"]
        if "select" in request:
            context["dynamodb:Select"] = request["select"]
        if "returns" in request:
            context["dynamodb:ReturnValues"] = request["returns"]
        got = any(allows(s, action, resource, context, CALLER[kind]) for s in statements[kind])
        verdict = "allowed" if got else "denied"
        asked = ", ".join(keys) + (f" [{', '.join(request['attributes'])}]" if "attributes" in request else "")
        asked += f" Select={request['select']}" if "select" in request else ""
        asked += f" ReturnValues={request['returns']}" if "returns" in request else ""
        if got != expected:
            problems.append(f"{roles.path.name}: the {kind} role is {verdict} {action} on {asked}")
        else:
            print(f"  {kind:7} {action:18} {asked:45} {verdict}")
    return problems


class Recorder(BaseHTTPRequestHandler):
    """Just enough of DynamoDB's JSON protocol for `rp-admin create-table` on a new table."""

    requests = []
    table = None  # the CreateTable request, once made

    def log_message(self, *_):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/x-amz-json-1.0")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def error(self, kind, message):
        self.answer(400, {"__type": f"com.amazonaws.dynamodb.v20120810#{kind}", "message": message})

    def do_POST(self):
        operation = self.headers.get("X-Amz-Target", "").rpartition(".")[2]
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
        Recorder.requests.append((operation, body))
        cls = Recorder
        if operation == "DescribeTable":
            if cls.table is None:
                return self.error("ResourceNotFoundException", "Requested resource not found")
            return self.answer(200, {"Table": self.description("ACTIVE")})
        if operation == "CreateTable":
            cls.table = body
            return self.answer(200, {"TableDescription": self.description("CREATING")})
        if operation == "DescribeTimeToLive":
            return self.answer(200, {"TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}})
        if operation == "UpdateTimeToLive":
            return self.answer(200, {"TimeToLiveSpecification": body.get("TimeToLiveSpecification")})
        if operation == "UpdateContinuousBackups":
            spec = body.get("PointInTimeRecoverySpecification", {})
            status = "ENABLED" if spec.get("PointInTimeRecoveryEnabled") else "DISABLED"
            return self.answer(200, {"ContinuousBackupsDescription": {
                "ContinuousBackupsStatus": "ENABLED",
                "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus": status}}})
        # Anything else is new to this check: recorded, refused, and reported.
        return self.error("UnknownOperationException", f"{operation} is not known to check-table-template.py")

    def description(self, status):
        t = dict(Recorder.table)
        t["TableStatus"] = status
        t["TableArn"] = f"arn:aws:dynamodb:us-east-1:000000000000:table/{t.get('TableName')}"
        t["GlobalSecondaryIndexes"] = [
            dict(g, IndexStatus=status) for g in t.get("GlobalSecondaryIndexes", [])
        ]
        t.pop("BillingMode", None)
        t["BillingModeSummary"] = {"BillingMode": Recorder.table.get("BillingMode", "PROVISIONED")}
        for key in ("SSESpecification", "Tags", "DeletionProtectionEnabled"):
            t.pop(key, None)
        return t


def record_create_table(rp_admin, table_name):
    server = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "RP_"))}
    env.update({
        "AWS_ACCESS_KEY_ID": "AKIDCHECKTEMPLATE",
        "AWS_SECRET_ACCESS_KEY": "check-table-template",
        "AWS_CONFIG_FILE": "/nonexistent/aws-config",
        "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/aws-credentials",
        "AWS_EC2_METADATA_DISABLED": "true",
    })
    endpoint = f"http://127.0.0.1:{server.server_address[1]}"
    cmd = [rp_admin, "--table", table_name, "--region", "us-east-1", "--endpoint", endpoint, "--json", "create-table"]
    try:
        run = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    finally:
        server.shutdown()
    said = " ".join((run.stdout or run.stderr).split())
    print(f"  $ rp-admin --table {table_name} --endpoint <recorder> --json create-table → {said}")
    if run.returncode != 0:
        raise SystemExit(f"rp-admin create-table failed ({run.returncode}):\n{run.stderr}")
    return Recorder.requests


def attribute_types(defs):
    return sorted((d["AttributeName"], d["AttributeType"]) for d in defs)


def check_table(args):
    problems = []
    tpl = Template(args.template, {"AWS::Partition": "aws", "AWS::Region": "us-east-1",
                                   "AWS::AccountId": "000000000000", "AWS::StackName": "check"})
    table = tpl.resource("Table", "AWS::DynamoDB::Table")
    props = tpl.resolve(table["Properties"])

    # The default table name is the app's (planner-config's DEFAULT_TABLE).
    source = (ROOT / "crates/planner-config/src/lib.rs").read_text()
    m = re.search(r'pub const DEFAULT_TABLE: &str = "([^"]+)";', source)
    if not m:
        problems.append("crates/planner-config/src/lib.rs: DEFAULT_TABLE not found")
    elif props.get("TableName") != m.group(1):
        problems.append(f"template TableName default {props.get('TableName')!r} ≠ the app's default {m.group(1)!r}")

    requests = record_create_table(args.rp_admin, props["TableName"])
    ops = [op for op, _ in requests]
    print(f"  rp-admin sent: {', '.join(ops)}")
    unknown = sorted({op for op in ops} - {"DescribeTable", "CreateTable", "DescribeTimeToLive",
                                            "UpdateTimeToLive", "UpdateContinuousBackups"})
    if unknown:
        problems.append(f"rp-admin create-table calls {unknown}: teach this check what they mean in the template")
    created = [body for op, body in requests if op == "CreateTable"]
    if len(created) != 1:
        return problems + [f"rp-admin sent {len(created)} CreateTable requests, expected 1"]
    create = created[0]

    compared = set()

    def same(what, template_value, cli_value):
        compared.add(what)
        if template_value != cli_value:
            problems.append(f"{what}: template {json.dumps(template_value)} ≠ rp-admin {json.dumps(cli_value)}")
        else:
            print(f"  {what}: same ({json.dumps(cli_value)[:100]})")

    same("TableName", props.get("TableName"), create.get("TableName"))
    same("KeySchema", props.get("KeySchema"), create.get("KeySchema"))
    compared.add("AttributeDefinitions")
    if attribute_types(props.get("AttributeDefinitions", [])) != attribute_types(create.get("AttributeDefinitions", [])):
        problems.append(f"AttributeDefinitions: template {props.get('AttributeDefinitions')} ≠ rp-admin {create.get('AttributeDefinitions')}")
    else:
        print(f"  AttributeDefinitions: same ({attribute_types(create['AttributeDefinitions'])})")
    same("GlobalSecondaryIndexes",
         sorted(props.get("GlobalSecondaryIndexes", []), key=lambda g: g["IndexName"]),
         sorted(create.get("GlobalSecondaryIndexes", []), key=lambda g: g["IndexName"]))
    same("BillingMode", props.get("BillingMode", "PROVISIONED"), create.get("BillingMode", "PROVISIONED"))

    # Whatever else rp-admin puts in CreateTable must be in the template too, with the same value.
    cfn_names = {"SSESpecification": lambda s: {("SSEEnabled" if k == "Enabled" else k): v for k, v in s.items()}}
    for key, value in create.items():
        if key in compared or key in ("TableName",):
            continue
        same(key, props.get(key), cfn_names.get(key, lambda v: v)(value))

    ttl = [body for op, body in requests if op == "UpdateTimeToLive"]
    if not ttl:
        problems.append("rp-admin sent no UpdateTimeToLive")
    else:
        same("TimeToLiveSpecification", props.get("TimeToLiveSpecification"), ttl[-1].get("TimeToLiveSpecification"))

    pitr = [body for op, body in requests if op == "UpdateContinuousBackups"]
    if not pitr:
        problems.append("rp-admin sent no UpdateContinuousBackups (point-in-time recovery)")
    else:
        same("PointInTimeRecoverySpecification", props.get("PointInTimeRecoverySpecification"),
             pitr[-1].get("PointInTimeRecoverySpecification"))

    # What the template adds and rp-admin does not set: listed, so nothing else slips in.
    template_only = {"Tags"}
    for key in sorted(set(props) - compared):
        if key in template_only:
            print(f"  {key}: template only (rp-admin create-table does not set it): {json.dumps(props[key])}")
        else:
            problems.append(f"template property {key} is neither set by rp-admin nor listed as template-only here")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["policies", "table"])
    parser.add_argument("rp_admin", nargs="?")
    parser.add_argument("--template", type=Path, default=ROOT / "deploy/cloudformation/resource-planner.yaml")
    parser.add_argument("--team-template", type=Path, default=ROOT / "deploy/cloudformation/resource-planner-team-policy.yaml")
    parser.add_argument(
        "--roles-template", type=Path, default=ROOT / "deploy/cloudformation/resource-planner-team-roles.yaml"
    )
    parser.add_argument("--security", type=Path, default=ROOT / "docs/security.md")
    args = parser.parse_args()
    if args.what == "table":
        if not args.rp_admin:
            parser.error("table needs the path of the rp-admin binary")
        problems = check_table(args)
        subject = f"{args.template.name} vs rp-admin create-table"
    else:
        problems = check_policies(args)
        subject = "templates' IAM policies vs docs/security.md"
    if problems:
        print(f"FAIL: {subject}")
        for p in problems:
            print(f"  - {p}")
        sys.exit(1)
    print(f"ok: {subject}")


if __name__ == "__main__":
    main()
