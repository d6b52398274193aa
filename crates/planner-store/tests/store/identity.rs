//! Identity items (docs/data-model.md, "Identity items"): users by email and by linked account,
//! a user's teams through GSI1, sessions with expiry checked on read and signing out everywhere.
//! Sign-in codes: signin.rs.

use crate::common::*;
use planner_domain::{Email, Name, Role};
use planner_store::engine::hooks::Before;
use planner_store::{SESSION_DAYS, Sensitive, StoreError};

#[tokio::test]
async fn users_are_found_by_email_and_by_account_and_emails_are_unique() {
    let env = TestEnv::new().await;
    let email = Email::parse("Hanako@Example.com").unwrap();
    let user = env.identity().create_user(&email, Some(&Name::parse("佐藤 花子").unwrap())).await.unwrap();
    let found =
        env.identity().find_user_by_email(&Email::parse("hanako@example.com").unwrap()).await.unwrap();
    assert_eq!(found, Some(user.clone()));
    assert!(
        env.identity()
            .find_user_by_email(&Email::parse("nobody@example.com").unwrap())
            .await
            .unwrap()
            .is_none()
    );
    let twice = env.identity().create_user(&email, None).await;
    assert!(matches!(twice, Err(StoreError::AlreadyExists { .. })), "{twice:?}");

    env.identity().link_account(&user.id, "microsoft-entra-id", "oid-1234").await.unwrap();
    assert_eq!(
        env.identity().find_user_by_account("microsoft-entra-id", "oid-1234").await.unwrap(),
        Some(user.clone())
    );
    assert!(env.identity().find_user_by_account("microsoft-entra-id", "oid-9999").await.unwrap().is_none());
    assert!(env.identity().link_account(&user.id, "bad#provider", "x").await.is_err());
}

#[tokio::test]
async fn a_users_teams_come_from_gsi1() {
    let env = TestEnv::new().await;
    let a = env.team("Alpha").await;
    let b = env.team("Beta").await;
    env.team("Gamma").await;
    let email = Email::parse("both@example.com").unwrap();
    let user = env.identity().create_user(&email, None).await.unwrap();
    env.identity().put_member(&a, &user.id, Role::Viewer).await.unwrap();
    env.identity().put_member(&b, &user.id, Role::Planner).await.unwrap();
    // GSI1 is eventually consistent on DynamoDB; give it a moment there.
    let mut teams = Vec::new();
    for _ in 0..20 {
        teams = env.identity().list_user_teams(&user.id).await.unwrap();
        if teams.len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    let got: Vec<_> =
        teams.iter().map(|t| (t.name.as_ref().map(|n| n.as_str().to_owned()), t.role)).collect();
    assert_eq!(got, [(Some("Alpha".to_owned()), Role::Viewer), (Some("Beta".to_owned()), Role::Planner)]);
}

#[tokio::test]
async fn a_team_the_lagging_index_still_lists_is_confirmed_before_it_is_offered() {
    let (env, recorder) = TestEnv::recorded().await;
    let a = env.team("Alpha").await;
    let b = env.team("Beta").await;
    let user = env.identity().create_user(&Email::parse("lag@example.com").unwrap(), None).await.unwrap();
    env.identity().put_member(&a, &user.id, Role::Viewer).await.unwrap();
    env.identity().put_member(&b, &user.id, Role::Planner).await.unwrap();
    for _ in 0..20 {
        if env.identity().list_user_teams(&user.id).await.unwrap().len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    // The index's answer while both memberships stood, to replay as an index that lags does.
    recorder.take();
    env.identity().list_user_teams(&user.id).await.unwrap();
    let is_index = |op: &str, body: &serde_json::Value| op == "Query" && body["IndexName"] == "GSI1";
    let stale = recorder.take().into_iter().find(|s| is_index(&s.operation, &s.request)).unwrap().response;
    assert_eq!(stale["Items"].as_array().unwrap().len(), 2);
    // Removed from Alpha, made an admin of Beta; the index has not caught up with either.
    env.identity().remove_member(&a, &user.id).await.unwrap();
    env.identity().put_member(&b, &user.id, Role::Admin).await.unwrap();
    let replay = serde_json::json!({ "Items": stale["Items"], "Count": 2, "ScannedCount": 2 });
    recorder.set_rule(move |op, body| {
        if is_index(op, body) {
            Before::Rewrite { body: body.to_string().into_bytes(), merge: replay.clone() }
        } else {
            Before::Forward
        }
    });
    let teams = env.identity().list_user_teams(&user.id).await.unwrap();
    let got: Vec<_> =
        teams.iter().map(|t| (t.name.as_ref().map(|n| n.as_str().to_owned()), t.role)).collect();
    assert_eq!(
        got,
        [(Some("Beta".to_owned()), Role::Admin)],
        "only the team they are in, with the role they have"
    );
}

/// With sign-in by AWS identity, IAM refuses a request whose keys span two teams' partitions
/// (`dynamodb:LeadingKeys`, ForAllValues): a user's teams are read one partition per request, a
/// team the credentials may not read is left out, and an item that is not the membership itself
/// cannot add a team to someone's list.
#[tokio::test]
async fn a_users_teams_are_read_one_partition_at_a_time_and_only_from_memberships() {
    let (env, recorder) = TestEnv::recorded().await;
    let a = env.team("Alpha").await;
    let b = env.team("Beta").await;
    let c = env.team("Gamma").await;
    let user = env.identity().create_user(&Email::parse("two@example.com").unwrap(), None).await.unwrap();
    env.identity().put_member(&a, &user.id, Role::Planner).await.unwrap();
    env.identity().put_member(&b, &user.id, Role::Viewer).await.unwrap();
    for _ in 0..20 {
        if env.identity().list_user_teams(&user.id).await.unwrap().len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    recorder.take();
    assert_eq!(env.identity().list_user_teams(&user.id).await.unwrap().len(), 2);
    for seen in recorder.take() {
        let mut keys = Vec::new();
        strings(&seen.request["RequestItems"], &mut keys);
        let teams: std::collections::BTreeSet<_> = keys.iter().filter(|k| k.starts_with("TEAM#")).collect();
        assert!(teams.len() <= 1, "{} spans {teams:?}", seen.operation);
    }

    // An item in Gamma's partition (anyone who may write Gamma's partition can write one)
    // with the GSI1 keys of a membership of the user: not a membership, not listed.
    let s = |v: String| aws_sdk_dynamodb::types::AttributeValue::S(v);
    let forged = std::collections::HashMap::from([
        ("pk".to_owned(), s(format!("TEAM#{}", c.team()))),
        ("sk".to_owned(), s("NOTE#x".into())),
        ("GSI1PK".to_owned(), s(format!("USER#{}", user.id))),
        ("GSI1SK".to_owned(), s(format!("TEAM#{}", c.team()))),
        ("role".to_owned(), s("admin".into())),
    ]);
    let conn = env.store.connection();
    conn.client.put_item().table_name(&conn.table).set_item(Some(forged)).send().await.unwrap();
    // Reading Beta denied by IAM (as for credentials that do not reach it): left out.
    let beta = b.team().to_string();
    recorder.set_rule(move |op, body| {
        if op == "BatchGetItem" && body.to_string().contains(&beta) {
            Before::Respond { status: 400, body: service_error("AccessDeniedException", "not this team") }
        } else {
            Before::Forward
        }
    });
    let teams = env.identity().list_user_teams(&user.id).await.unwrap();
    let names: Vec<_> = teams.iter().map(|t| t.name.as_ref().unwrap().as_str().to_owned()).collect();
    assert!(!names.contains(&"Gamma".to_owned()), "a forged listing adds no team: {names:?}");
    assert_eq!(names, ["Alpha"], "Beta denied: left out, the rest signs in");
}

/// An item anyone who may write their own team's partition can write, with the GSI1 keys of
/// someone else's membership and a GSI1SK that is no team's key: the victim's teams are listed
/// without it (their own team, not a failed sign-in), and it is named in the log.
#[tokio::test]
async fn an_unreadable_listing_planted_in_another_team_blocks_no_one() {
    let env = TestEnv::new().await;
    let alpha = env.team("Alpha").await;
    let gamma = env.team("Gamma").await;
    let victim =
        env.identity().create_user(&Email::parse("victim@example.com").unwrap(), None).await.unwrap();
    env.identity().put_member(&alpha, &victim.id, Role::Planner).await.unwrap();
    let s = |v: String| aws_sdk_dynamodb::types::AttributeValue::S(v);
    for (sk, gsi1sk) in [("NOTE#x", "TEAM#not a team"), (&*format!("MEMBER#{}", victim.id), "TEAM#")] {
        let planted = std::collections::HashMap::from([
            ("pk".to_owned(), s(format!("TEAM#{}", gamma.team()))),
            ("sk".to_owned(), s(sk.to_owned())),
            ("GSI1PK".to_owned(), s(format!("USER#{}", victim.id))),
            ("GSI1SK".to_owned(), s(gsi1sk.to_owned())),
        ]);
        let conn = env.store.connection();
        conn.client.put_item().table_name(&conn.table).set_item(Some(planted)).send().await.unwrap();
    }
    let teams = env.identity().list_user_teams(&victim.id).await.expect("the victim's teams are listed");
    let names: Vec<_> = teams.iter().map(|t| t.name.as_ref().unwrap().as_str().to_owned()).collect();
    assert_eq!(names, ["Alpha"]);
}

#[tokio::test]
async fn sessions_expire_on_read_and_can_be_ended() {
    let env = TestEnv::new().await;
    let admin = env.team("Sessions").await;
    let email = Email::parse("s@example.com").unwrap();
    let user = env.identity().invite_member(&admin, &email, None, Role::Viewer).await.unwrap();
    let (token, session) = env.sign_in(&email).await;
    assert_eq!(format!("{token:?}"), "<redacted>");
    assert_eq!(session.user(), &user.id);
    assert_eq!(
        session.expires(),
        (start_of_test_time() + time::Duration::days(SESSION_DAYS)).unix_timestamp()
    );

    let forged = Sensitive::random_token();
    assert!(matches!(env.identity().verify_session(&forged).await, Err(StoreError::SessionInvalid)));

    env.clock.advance(time::Duration::days(SESSION_DAYS) - time::Duration::seconds(1));
    assert!(env.identity().verify_session(&token).await.is_ok());
    env.clock.advance(time::Duration::seconds(1));
    // The item is still there (TTL is late), but it is expired.
    assert!(matches!(env.identity().verify_session(&token).await, Err(StoreError::SessionInvalid)));

    env.clock.set(start_of_test_time() + time::Duration::hours(2));
    let (other, _) = env.sign_in(&email).await;
    env.identity().delete_session(&other).await.unwrap();
    env.identity().delete_session(&other).await.unwrap();
    assert!(matches!(env.identity().verify_session(&other).await, Err(StoreError::SessionInvalid)));
}

#[tokio::test]
async fn signing_out_everywhere_ends_every_session_of_the_user_only() {
    let env = TestEnv::new().await;
    let admin = env.team("Everywhere").await;
    let email = Email::parse("laptops@example.com").unwrap();
    env.identity().invite_member(&admin, &email, None, Role::Planner).await.unwrap();
    let (first, session) = env.sign_in(&email).await;
    let (second, _) = env.sign_in(&email).await;
    let (third, _) = env.sign_in(&email).await;
    let bystander = env.member(&admin, Role::Viewer).await;
    // GSI1 is eventually consistent on DynamoDB: end until all three are gone.
    let mut ended = 0;
    for _ in 0..20 {
        ended += env.identity().end_all_sessions(&session).await.unwrap();
        if ended >= 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert_eq!(ended, 3);
    for token in [&first, &second, &third] {
        assert!(matches!(env.identity().verify_session(token).await, Err(StoreError::SessionInvalid)));
    }
    // The other user's session (the one behind `bystander`) still works.
    assert!(env.plan().list_people(&bystander).await.is_ok());
}

#[tokio::test]
async fn no_key_or_request_holds_a_token_or_code() {
    let (env, recorder) = TestEnv::recorded().await;
    let admin = env.team("Keys").await;
    let email = Email::parse("k@example.com").unwrap();
    env.identity().invite_member(&admin, &email, None, Role::Viewer).await.unwrap();
    recorder.take();
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    let signed = env.identity().sign_in_with_code(&email, &issued.code).await.unwrap();
    env.identity().verify_session(&signed.token).await.unwrap();
    let seen = recorder.take();
    assert!(seen.len() > 4);
    for seen in seen {
        let text = format!("{} {}", seen.request, seen.response);
        assert!(!text.contains(signed.token.expose()), "token sent in {}", seen.operation);
        assert!(!text.contains(issued.code.expose()), "code sent in {}", seen.operation);
        assert!(!text.contains(&issued.code.expose().replace('-', "")), "code sent in {}", seen.operation);
        assert!(!text.contains(issued.link_secret.expose()), "link secret sent in {}", seen.operation);
        assert!(!text.contains("test-pepper"), "pepper sent in {}", seen.operation);
    }
    // The code, the link's secret and the session token.
    assert_eq!(format!("{issued:?} {signed:?}").matches("<redacted>").count(), 3);
}

#[tokio::test]
async fn the_store_never_prints_its_token_pepper() {
    let env = TestEnv::new().await;
    let printed = format!("{:?}", env.store);
    assert!(!printed.contains("116, 101, 115, 116") && !printed.contains("test-pepper"), "{printed}");
    assert!(printed.contains("<redacted>"));
}

#[tokio::test]
async fn an_identity_link_by_id_names_its_teams_and_replaces_and_unlinks_the_one_by_arn() {
    use aws_sdk_dynamodb::types::AttributeValue;
    let env = TestEnv::new().await;
    let scope = env.team("Linked").await;
    let user = scope.user().clone();
    let caller = planner_store::Caller {
        arn: "arn:aws:sts::123456789012:assumed-role/rp-planner/ada".into(),
        id: "AROA3XFRBF23EXAMPLE0:ada".into(),
    };
    // A link IT made before links were keyed by id: by ARN, naming no teams.
    let conn = env.store.connection();
    let legacy = |v: &str| AttributeValue::S(v.into());
    conn.client
        .put_item()
        .table_name(&conn.table)
        .item("pk", legacy(&format!("PRINCIPAL#{}", caller.arn)))
        .item("sk", legacy("META"))
        .item("userId", legacy(user.as_str()))
        .item("principal", legacy(&caller.arn))
        .send()
        .await
        .unwrap();
    let before = env.identity().link_of(&caller).await.unwrap().expect("the link by ARN is read");
    assert_eq!((before.user.clone(), before.teams.clone()), (user.clone(), None));

    // Linked again by id: the teams named, and the link by ARN gone with it.
    env.identity().link_principal(&user, &caller, std::slice::from_ref(scope.team())).await.unwrap();
    let by_arn = |env: &TestEnv| {
        let conn = env.store.connection();
        conn.client
            .get_item()
            .table_name(&conn.table)
            .key("pk", legacy(&format!("PRINCIPAL#{}", caller.arn)))
            .key("sk", legacy("META"))
            .send()
    };
    assert!(by_arn(&env).await.unwrap().item.is_none(), "relinking by id removes the link by ARN");
    let link = env.identity().link_of(&caller).await.unwrap().expect("the link by id");
    assert_eq!(link.teams, Some(vec![scope.team().clone()]));
    // The same ARN with a new id (the IAM role made again): not the person linked.
    let recreated = planner_store::Caller { id: "AROA3XFRBF23EXAMPLE9:ada".into(), ..caller.clone() };
    assert_eq!(env.identity().link_of(&recreated).await.unwrap(), None);
    // A team the user is not a member of is refused with a sentence.
    let other = env.team("Elsewhere").await;
    let refused = env.identity().link_principal(&user, &caller, std::slice::from_ref(other.team())).await;
    assert!(
        matches!(&refused, Err(StoreError::Config { message }) if message.contains("not a member of team")),
        "{refused:?}"
    );

    // Unlinked by id: no link is left by either key.
    assert!(env.identity().unlink_principal(&caller.id).await.unwrap());
    assert_eq!(env.identity().link_of(&caller).await.unwrap(), None);
}
