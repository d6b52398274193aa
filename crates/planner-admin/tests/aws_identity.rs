//! Sign-in by AWS identity, end to end against moto: the AWS emulator from PyPI that ./dev test
//! installs (scripts/ci-tools.txt) serves STS, IAM and DynamoDB on one port.
//!
//! `signs_in_by_aws_identity_against_moto` starts moto, makes the team roles of
//! deploy/cloudformation/resource-planner-team-roles.yaml there (scripts/aws-identity-fixture.py:
//! their actions; moto evaluates neither Resource nor dynamodb:LeadingKeys), and does IT's part
//! with the real `rp-admin` as IT's own IAM user: the table, a team, its members, the links of
//! AWS identities to users. Then it runs `the_app_against_the_emulator` in a child process
//! whose environment holds the profiles (a test may not change its own environment): each
//! person's app runs with a profile that assumes their team role through STS, as an IAM
//! Identity Center profile does.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const TABLE: &str = "rp-aws-identity";

/// The venv of ./dev test's tools (moto, cfn-lint): `RP_TOOLS_VENV`, else the one ./dev makes.
fn venv() -> PathBuf {
    let dir = std::env::var_os("RP_TOOLS_VENV").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache/resource-planner/venv")
    });
    assert!(
        dir.join("bin/moto_server").exists(),
        "moto is not installed in {}: ./dev test installs it (scripts/ci-tools.txt), or set RP_TOOLS_VENV",
        dir.display()
    );
    dir
}

struct Moto(Child);

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_moto(venv: &Path, log: &Path) -> (Moto, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(venv.join("bin/moto_server"))
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("start moto_server");
    let mut moto = Moto(child);
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        // Ended already (the port taken meanwhile, say): say why rather than wait.
        if let Some(status) = moto.0.try_wait().unwrap() {
            panic!("moto ended ({status}): {}", std::fs::read_to_string(log).unwrap_or_default());
        }
        assert!(started.elapsed() < Duration::from_secs(60), "moto did not start in 60 s");
        std::thread::sleep(Duration::from_millis(100));
    }
    (moto, format!("http://127.0.0.1:{port}"))
}

/// The AWS environment of the profiles in `dir`, for a child process.
fn aws_env(cmd: &mut Command, dir: &Path, endpoint: &str) {
    cmd.env("AWS_CONFIG_FILE", dir.join("config"))
        .env("AWS_SHARED_CREDENTIALS_FILE", dir.join("credentials"))
        // STS of the profiles' role assumption, too, goes to moto.
        .env("AWS_ENDPOINT_URL", endpoint)
        .env("AWS_REGION", "us-east-1")
        .env_remove("AWS_ACCESS_KEY_ID")
        .env_remove("AWS_SECRET_ACCESS_KEY")
        .env_remove("AWS_SESSION_TOKEN")
        .env_remove("AWS_PROFILE");
}

/// `rp-admin --json …` as IT (the profile it-admin); its JSON answer.
fn rp_admin<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(
    dir: &Path,
    endpoint: &str,
    args: &[S],
) -> serde_json::Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rp-admin"));
    aws_env(&mut cmd, dir, endpoint);
    cmd.args(["--table", TABLE, "--endpoint", endpoint, "--profile", "it-admin", "--json"]).args(args);
    let out = cmd.output().expect("run rp-admin");
    assert!(out.status.success(), "rp-admin {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null)
}

/// `rp-admin --json …` as IT, expected to be refused; what it said.
fn rp_admin_refused<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(
    dir: &Path,
    endpoint: &str,
    args: &[S],
) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rp-admin"));
    aws_env(&mut cmd, dir, endpoint);
    cmd.args(["--table", TABLE, "--endpoint", endpoint, "--profile", "it-admin", "--json"]).args(args);
    let out = cmd.output().expect("run rp-admin");
    assert!(!out.status.success(), "rp-admin {args:?} was expected to be refused");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// IT's `link-identity` of `email` to the identity `arn` whose unique id is `id`, reaching `team`.
fn link_args(email: &str, arn: &str, id: &str, team: &str) -> Vec<String> {
    ["link-identity", "--email", email, "--principal", arn, "--principal-id", id, "--team", team]
        .map(str::to_owned)
        .to_vec()
}

/// The ARN STS gives the profile's credentials: what IT reads with `aws sts
/// get-caller-identity --profile …` and links. moto names an assumed role's session this way.
fn session_arn(account: &str, kind: &str, who: &str) -> String {
    format!("arn:aws:sts::{account}:assumed-role/resource-planner-{kind}/{who}")
}

#[test]
fn signs_in_by_aws_identity_against_moto() {
    let venv = venv();
    let dir = std::env::temp_dir().join(format!("rp-aws-identity-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_moto, endpoint) = start_moto(&venv, &dir.join("moto.log"));
    // IAM first (moto's root may do anything until --enforce), then every request is checked.
    let fixture = Command::new(venv.join("bin/python"))
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/aws-identity-fixture.py"))
        .args(["--endpoint", &endpoint, "--out", dir.to_str().unwrap(), "--enforce"])
        .args([
            "--user",
            "ada=admin",
            "--user",
            "alice=planner",
            "--user",
            "vic=viewer",
            "--user",
            "bob=planner",
        ])
        .output()
        .expect("run the fixture");
    assert!(fixture.status.success(), "fixture: {}", String::from_utf8_lossy(&fixture.stderr));
    let roles: serde_json::Value = serde_json::from_slice(&fixture.stdout).unwrap();
    let account = roles["account"].as_str().unwrap().to_owned();
    let role_id = |kind: &str| roles["roleIds"][kind].as_str().unwrap().to_owned();

    // IT's part, with rp-admin as IT's IAM user. Vic's table membership says planner, his IAM
    // role viewer: as if he had written his own MEMBER item (any planner can write the team's
    // partition) or IT's roles were stricter than the table. IAM must have the last word.
    rp_admin(&dir, &endpoint, &["create-table", "--unprotected"]);
    let team =
        rp_admin(&dir, &endpoint, &["create-team", "--name", "Studio", "--admin-email", "ada@example.com"]);
    let team = team["id"].as_str().expect("a team id").to_owned();
    for (who, role) in [("alice", "planner"), ("vic", "planner"), ("bob", "planner")] {
        let email = format!("{who}@example.com");
        rp_admin(&dir, &endpoint, &["add-member", "--team", &team, "--email", &email, "--role", role]);
    }
    // Bob is a member but his AWS identity is not linked to him.
    for who in ["ada", "alice", "vic"] {
        let email = format!("{who}@example.com");
        let kind = match who {
            "ada" => "admin",
            "vic" => "viewer",
            _ => "planner",
        };
        let id = format!("{}:{who}", role_id(kind));
        let arn = session_arn(&account, kind, who);
        let linked = rp_admin(&dir, &endpoint, &link_args(&email, &arn, &id, &team));
        assert_eq!(linked["email"], serde_json::json!(email), "{linked}");
        assert_eq!(linked["teams"], serde_json::json!([team]), "{linked}");
    }
    // A link names teams the person is a member of; an id that is not the ARN's is refused.
    let bob_arn = session_arn(&account, "planner", "bob");
    let alice_id = format!("{}:alice", role_id("planner"));
    let said = rp_admin_refused(&dir, &endpoint, &link_args("bob@example.com", &bob_arn, &alice_id, &team));
    assert!(said.contains("is not the one STS answers"), "{said}");
    let other_team = rp_admin(
        &dir,
        &endpoint,
        &["create-team", "--name", "Elsewhere", "--admin-email", "ada@example.com"],
    );
    let other_team = other_team["id"].as_str().unwrap().to_owned();
    let bob_id = format!("{}:bob", role_id("planner"));
    let said =
        rp_admin_refused(&dir, &endpoint, &link_args("bob@example.com", &bob_arn, &bob_id, &other_team));
    assert!(said.contains(&format!("not a member of team {other_team}")), "{said}");

    let mut child = Command::new(std::env::current_exe().unwrap());
    aws_env(&mut child, &dir, &endpoint);
    let out = child
        .args([
            "--exact",
            "app::the_app_against_the_emulator",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("RP_MOTO_ENDPOINT", &endpoint)
        .env("RP_MOTO_DIR", &dir)
        .env("RP_MOTO_TEAM", &team)
        .env("RP_MOTO_ACCOUNT", &account)
        .env("RP_MOTO_PLANNER_ROLE_ID", role_id("planner"))
        .env("RP_MOTO_VIEWER_ROLE_ID", role_id("viewer"))
        .output()
        .unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{said}");
    assert!(out.status.success() && said.contains("1 passed"), "the app's part failed:\n{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

mod app {
    use super::*;
    use planner_app::{App, AppError, Auth, SessionView};
    use planner_auth::MemoryVault;
    use planner_domain::{Email, Name, PersonId, SystemClock};
    use planner_store::{Credential, Engine, FileAudit, RemoteTable, Store, StoreError};
    use std::sync::Arc;

    /// Ada's user, as the table read with `store`'s credentials holds it.
    async fn ada_in(store: &Store) -> planner_domain::User {
        store.identity().find_user_by_email(&Email::parse("ada@example.com").unwrap()).await.unwrap().unwrap()
    }

    /// What IAM refuses the team roles and moto does not (it checks actions only): the index;
    /// identity links by ARN (links are read by the caller's id, `${aws:userid}`); a read of
    /// people's User items or email guards that does not name its attributes, or names one
    /// beyond what the app shows (recentTeams). The check-table-template.py matrix evaluates
    /// the policy itself; an app that needs any of these fails here as it would on AWS.
    #[derive(Debug)]
    struct WhatTheRolesRefuse;

    /// A read of people's items the read policy refuses: one that names no attributes, or
    /// names one it does not allow.
    fn reads_too_much_of_people(keys: &[&serde_json::Value], projected: &serde_json::Value) -> bool {
        const SHOWN: [&str; 7] = ["pk", "sk", "id", "email", "name", "emailVerified", "userId"];
        let people = keys.iter().any(|k| {
            let pk = k["pk"]["S"].as_str().unwrap_or_default();
            pk.starts_with("USER#") || pk.starts_with("EMAIL#")
        });
        let named = projected["ExpressionAttributeNames"].as_object();
        let within = projected["ProjectionExpression"].is_string()
            && named.is_some_and(|n| n.values().all(|v| v.as_str().is_some_and(|a| SHOWN.contains(&a))));
        people && !within
    }

    impl planner_store::engine::hooks::Hooks for WhatTheRolesRefuse {
        fn before(&self, operation: &str, body: &[u8]) -> planner_store::engine::hooks::Before {
            let request: serde_json::Value = serde_json::from_slice(body).unwrap_or_default();
            let pk = request["Key"]["pk"]["S"].as_str().unwrap_or_default();
            let people = match operation {
                "GetItem" => reads_too_much_of_people(&[&request["Key"]], &request),
                "BatchGetItem" => {
                    request["RequestItems"].as_object().into_iter().flat_map(|t| t.values()).any(|t| {
                        let keys: Vec<&serde_json::Value> =
                            t["Keys"].as_array().into_iter().flatten().collect();
                        reads_too_much_of_people(&keys, t)
                    })
                }
                _ => false,
            };
            let refused = (operation == "Query" && request.get("IndexName").is_some())
                || pk.starts_with("PRINCIPAL#arn:")
                || people;
            if refused {
                let body = serde_json::json!({
                    "__type": "com.amazon.coral.service#AccessDeniedException",
                    "Message": format!("not authorized to perform dynamodb:{operation} (the team roles' policy)"),
                });
                return planner_store::engine::hooks::Before::Respond {
                    status: 400,
                    body: body.to_string().into_bytes(),
                };
            }
            planner_store::engine::hooks::Before::Forward
        }
    }

    async fn store(profile: &str) -> Store {
        let engine = Engine::DynamoDb(RemoteTable {
            table: TABLE.into(),
            region: Some("us-east-1".into()),
            profile: Some(profile.into()),
            endpoint: Some(std::env::var("RP_MOTO_ENDPOINT").unwrap()),
            test_credentials: false,
        });
        let conn = planner_store::connect(&engine, Some(Arc::new(WhatTheRolesRefuse))).await.unwrap();
        let dir = PathBuf::from(std::env::var("RP_MOTO_DIR").unwrap());
        Store::new(
            conn,
            Arc::new(SystemClock),
            Arc::new(FileAudit::new(dir.join(format!("{profile}.audit")))),
        )
    }

    /// The app of the person whose AWS profile is `profile`, started as the desktop app starts
    /// on a table whose sign-in method is the AWS identity.
    async fn app_of(profile: &str) -> App {
        let dir = PathBuf::from(std::env::var("RP_MOTO_DIR").unwrap()).join(format!("{profile}-local"));
        let auth = Auth {
            aws_identity: true,
            mailer: None,
            vault: Arc::new(MemoryVault::default()),
            local_dir: Some(dir),
            copies: None,
        };
        App::open_team(store(profile).await, auth, Arc::new(SystemClock)).await.unwrap()
    }

    fn email_of(view: &SessionView) -> Option<String> {
        match view {
            SessionView::Team { email, offline: None, .. } => Some(email.to_string()),
            _ => None,
        }
    }

    #[tokio::test]
    #[ignore = "run by signs_in_by_aws_identity_against_moto, in a child process with the emulator's environment"]
    async fn the_app_against_the_emulator() {
        let account = std::env::var("RP_MOTO_ACCOUNT").unwrap();

        // STS names the identity; IT's link names the user. No code, no token, no Session item.
        let planner_role = std::env::var("RP_MOTO_PLANNER_ROLE_ID").unwrap();
        let viewer_role = std::env::var("RP_MOTO_VIEWER_ROLE_ID").unwrap();
        let verified = store("alice").await.identity().verify(&Credential::AwsIdentity).await.unwrap();
        assert_eq!(verified.principal(), Some(session_arn(&account, "planner", "alice").as_str()));
        assert_eq!(verified.caller().map(|c| c.id.clone()), Some(format!("{planner_role}:alice")));
        assert_eq!(verified.linked_teams().map(|t| t.len()), Some(1), "the team IT's link names");
        let alice = app_of("alice").await;
        assert_eq!(email_of(&alice.session().await).as_deref(), Some("alice@example.com"));
        let pat = alice.create_person(PersonId::generate(), Name::parse("Pat").unwrap()).await;
        assert!(pat.is_ok(), "a planner's role writes the team: {pat:?}");
        println!("alice (planner role) signed in by her AWS identity and added a person");

        // Vic's table membership says planner, his IAM role viewer: IAM refuses the write, the
        // window stays online and says why, and nothing was written.
        let vic = app_of("vic").await;
        assert_eq!(email_of(&vic.session().await).as_deref(), Some("vic@example.com"));
        let refused = vic.create_person(PersonId::generate(), Name::parse("Forged").unwrap()).await;
        match &refused {
            Err(AppError::Store(StoreError::Denied { .. })) => {}
            other => panic!("IAM must refuse a viewer's role writing, not {other:?}"),
        }
        println!("vic (viewer role, planner in the table): {}", refused.unwrap_err());
        assert!(!vic.session().await.is_offline(), "a refusal by IAM is not a lost table");
        let names: Vec<String> =
            alice.catalog().await.unwrap().people.into_iter().map(|r| r.name.to_string()).collect();
        assert_eq!(names, ["Pat"], "only the planner's person is there");

        // Nor can he link his AWS identity to Ada (an admin) in the table, as IT would.
        let vics = store("vic").await;
        let ada = ada_in(&vics).await;
        let vic_caller = planner_store::Caller {
            arn: session_arn(&account, "viewer", "vic"),
            id: format!("{viewer_role}:vic"),
        };
        let team = planner_domain::TeamId::parse(&std::env::var("RP_MOTO_TEAM").unwrap()).unwrap();
        let forged = vics.identity().link_principal(&ada.id, &vic_caller, std::slice::from_ref(&team)).await;
        assert!(matches!(forged, Err(StoreError::Denied { .. })), "{forged:?}");

        // Bob is a member, but nobody linked his AWS identity: the sign-in screen names it.
        let bob = app_of("bob").await;
        match bob.session().await {
            SessionView::SignedOut { reason: Some(reason), aws_identity: true } => {
                let said = reason.to_string();
                assert!(said.contains(&session_arn(&account, "planner", "bob")), "{said}");
                assert!(said.contains(&format!("{planner_role}:bob")), "the id IT links by: {said}");
                println!("bob (not linked): {said}");
            }
            other => panic!("an unlinked identity signs nobody in: {other:?}"),
        }

        // Ada, an admin (her role may write EMAIL# items, to add members), points Bob's email
        // guard at her own user before IT links Bob's identity by email: IT's link is refused.
        let adas = store("ada").await;
        let ada = ada_in(&adas).await;
        let guard = std::collections::HashMap::from([
            ("pk".to_owned(), aws_sdk_dynamodb::types::AttributeValue::S("EMAIL#bob@example.com".into())),
            ("sk".to_owned(), aws_sdk_dynamodb::types::AttributeValue::S("META".into())),
            ("userId".to_owned(), aws_sdk_dynamodb::types::AttributeValue::S(ada.id.to_string())),
        ]);
        let conn = adas.connection();
        conn.client.put_item().table_name(&conn.table).set_item(Some(guard)).send().await.unwrap();
        let dir = PathBuf::from(std::env::var("RP_MOTO_DIR").unwrap());
        let endpoint = std::env::var("RP_MOTO_ENDPOINT").unwrap();
        let (bob_arn, bob_id) = (session_arn(&account, "planner", "bob"), format!("{planner_role}:bob"));
        let said = rp_admin_refused(
            &dir,
            &endpoint,
            &link_args("bob@example.com", &bob_arn, &bob_id, team.as_str()),
        );
        assert!(said.contains("whose email is ada@example.com"), "{said}");
        println!("IT linking bob by a forged email guard: {}", said.trim());

        // IT removes Alice's link: her next command signs her out.
        rp_admin(&dir, &endpoint, &["unlink-identity", "--principal", &format!("{planner_role}:alice")]);
        let after = alice.catalog().await;
        assert!(matches!(after, Err(AppError::Store(StoreError::UnknownIdentity { .. }))), "{after:?}");
        assert!(matches!(alice.session().await, SessionView::SignedOut { .. }));
        println!("alice after IT unlinked her identity: {}", after.unwrap_err());
    }
}
