//! The layers, their order, their errors, and which keys a shared table takes from where.

use super::*;

fn file(text: &str) -> Result<Layer, ConfigError> {
    parse_layer(Path::new("/etc/resource-planner/config.toml"), text)
}

#[test]
fn the_machine_wins_and_locks_then_the_environment_then_the_user() {
    let machine = file("mode = \"dynamodb\"\n[dynamodb]\ntable = \"corp-plans\"\n").unwrap();
    let env = env_layer(|v| match v {
        "RP_DYNAMODB_TABLE" => Some("mine".into()),
        "RP_DYNAMODB_REGION" => Some("eu-west-1".into()),
        _ => None,
    })
    .unwrap();
    let user = file("mode = \"local\"\n[dynamodb]\nregion = \"us-east-1\"\nprofile = \"me\"\n").unwrap();
    let s = resolve(&machine, &env, &user, vec![]).unwrap();
    assert_eq!(s.mode, Mode::Dynamodb);
    assert_eq!(s.dynamodb.table, "corp-plans");
    assert_eq!(s.dynamodb.region.as_deref(), Some("eu-west-1"));
    assert_eq!(s.dynamodb.profile.as_deref(), Some("me"));
    assert_eq!(s.locked, BTreeSet::from(["mode", "dynamodb.table"]));
}

#[test]
fn defaults_are_the_local_workspace() {
    let s = resolve(&Layer::default(), &Layer::default(), &Layer::default(), vec![]).unwrap();
    assert_eq!(s.mode, Mode::Local);
    assert_eq!(s.dynamodb.table, DEFAULT_TABLE);
    assert!(s.smtp.is_none() && s.locked.is_empty() && s.updates.enabled && s.updates.source.is_none());
    assert_eq!(s.signin_methods, vec![SignInMethod::EmailCode]);
}

#[test]
fn a_bad_file_names_its_line_and_key() {
    let unknown = file("mode = \"local\"\n\n[dynamodb]\ntabel = \"x\"\n").unwrap_err();
    assert!(
        matches!(&unknown, ConfigError::File { line: 4, key: Some(k), .. } if k == "tabel"),
        "{unknown:?}"
    );
    let wrong = file("[smtp]\nhost = \"m\"\nport = \"587\"\n").unwrap_err();
    assert!(
        matches!(&wrong, ConfigError::File { line: 3, key: Some(k), .. } if k == "smtp.port"),
        "{wrong:?}"
    );
    let mode = file("mode = \"cloud\"\n").unwrap_err();
    assert!(matches!(&mode, ConfigError::File { line: 1, .. }), "{mode:?}");
    let text = unknown.to_string();
    assert!(text.starts_with("/etc/resource-planner/config.toml, line 4: "), "{text}");
    let broken = file("[dynamodb\ntable = 1\n").unwrap_err();
    assert!(matches!(broken, ConfigError::File { line: 1, .. }), "{broken:?}");
}

#[test]
fn smtp_needs_a_sender_and_gets_the_port_of_its_tls_mode() {
    let layer =
        file("[smtp]\nhost = \"mail.example.com\"\ntls = \"tls\"\nfrom = \"p@example.com\"\n").unwrap();
    let s = resolve(&Layer::default(), &Layer::default(), &layer, vec![]).unwrap();
    assert_eq!(s.smtp.unwrap().port, 465);
    let no_from = file("[smtp]\nhost = \"mail.example.com\"\n").unwrap();
    assert!(matches!(
        resolve(&Layer::default(), &Layer::default(), &no_from, vec![]),
        Err(ConfigError::Incomplete { .. })
    ));
}

#[test]
fn secrets_never_print() {
    let layer = file("[smtp]\npassword = \"hunter2\"\n[signin]\npepper = \"salt-and\"\n").unwrap();
    let printed = format!("{layer:?}");
    assert!(!printed.contains("hunter2") && !printed.contains("salt-and"), "{printed}");
}

#[test]
fn environment_values_are_checked() {
    assert!(matches!(
        env_layer(|v| (v == "RP_SMTP_PORT").then(|| "many".into())),
        Err(ConfigError::Env { var, .. }) if var == "RP_SMTP_PORT"
    ));
    let layer = env_layer(|v| match v {
        "RP_MODE" => Some("dynamodb".into()),
        "RP_UPDATES" => Some("off".into()),
        "RP_SMTP_HOST" => Some("m\"x".into()),
        _ => None,
    })
    .unwrap();
    assert_eq!((layer.mode, layer.updates.enabled), (Some(Mode::Dynamodb), Some(false)));
    assert_eq!(layer.smtp.host.as_deref(), Some("m\"x"));
    assert!(env_layer(|v| (v == "RP_MODE").then(|| "cloud".into())).is_err());
}

#[test]
fn on_a_shared_table_mail_and_sign_in_count_only_from_the_machine_file() {
    let user_mail =
        "[smtp]\nhost = \"mine.example.com\"\nfrom = \"me@example.com\"\n[signin]\npepper = \"mine\"\n";
    let env = env_layer(|v| (v == "RP_SMTP_HOST").then(|| "env.example.com".into())).unwrap();
    // A shared table whose machine file sets no mail: the user's and the environment's mail
    // server and pepper are ignored, and named.
    let machine = file("mode = \"dynamodb\"\n").unwrap();
    let s = resolve(&machine, &env, &file(user_mail).unwrap(), vec![]).unwrap();
    assert_eq!((s.smtp.is_none(), s.pepper.is_none()), (true, true), "{s:?}");
    assert_eq!(s.ignored, BTreeSet::from(["smtp.host", "smtp.from", "signin.pepper"]));
    // The machine file's mail server and pepper count, whatever is below.
    let machine = file(&format!("mode = \"dynamodb\"\n{}", user_mail.replace("mine", "corp"))).unwrap();
    let s = resolve(&machine, &env, &file(user_mail).unwrap(), vec![]).unwrap();
    assert_eq!(s.smtp.unwrap().host, "corp.example.com");
    assert_eq!(s.pepper.unwrap().expose(), "corp");
    // A shared table chosen by the user (not the machine file): still the machine file alone.
    let user = file(&format!("mode = \"dynamodb\"\n{user_mail}")).unwrap();
    let s = resolve(&Layer::default(), &Layer::default(), &user, vec![]).unwrap();
    assert!(s.smtp.is_none() && s.pepper.is_none());
    // The local workspace has no sign-in; its settings are read from every layer as before.
    let s = resolve(&Layer::default(), &env, &file(user_mail).unwrap(), vec![]).unwrap();
    assert_eq!(s.smtp.unwrap().host, "env.example.com");
    assert!(s.ignored.is_empty());
}

#[test]
fn the_aws_identity_stands_alone() {
    let aws = file("mode = \"dynamodb\"\n[signin]\nmethods = [\"aws-identity\"]\n").unwrap();
    let s = resolve(&aws, &Layer::default(), &Layer::default(), vec![]).unwrap();
    assert_eq!(s.signin_methods, vec![SignInMethod::AwsIdentity]);
    let both = file("mode = \"dynamodb\"\n[signin]\nmethods = [\"aws-identity\", \"email-code\"]\n").unwrap();
    let refused = resolve(&both, &Layer::default(), &Layer::default(), vec![]).unwrap_err();
    assert!(refused.to_string().contains("cannot be combined"), "{refused}");
}

#[test]
fn updates_come_only_from_where_the_machine_file_says_and_it_may_turn_them_off() {
    let key = "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWduIHB1YmxpYyBrZXk=";
    let machine = file(&format!(
        "[updates]\nurl = \"https://updates.example.com/planner/latest.json\"\npublic_key = \"{key}\"\n"
    ))
    .unwrap();
    let s = resolve(&machine, &Layer::default(), &Layer::default(), vec![]).unwrap();
    let source = s.updates.source.clone().unwrap();
    assert_eq!(
        (source.url.as_str(), source.public_key.as_str()),
        ("https://updates.example.com/planner/latest.json", key)
    );
    assert!(s.updates.enabled);
    assert!(s.locked.contains("updates.url") && s.locked.contains("updates.public_key"));

    // The user's file or the environment cannot point the app elsewhere: ignored, and said.
    let user =
        file("[updates]\nurl = \"https://evil.example/latest.json\"\npublic_key = \"theirs\"\n").unwrap();
    let s = resolve(&Layer::default(), &Layer::default(), &user, vec![]).unwrap();
    assert_eq!(s.updates.source, None);
    assert_eq!(s.ignored, BTreeSet::from(["updates.public_key", "updates.url"]));

    // IT turns them off (locked); without IT's word the user may.
    let off = file("[updates]\nenabled = false\n").unwrap();
    let on = file("[updates]\nenabled = true\n").unwrap();
    let s = resolve(&off, &Layer::default(), &on, vec![]).unwrap();
    assert!(!s.updates.enabled && s.locked.contains("updates.enabled"));
    let s = resolve(
        &Layer::default(),
        &env_layer(|v| (v == "RP_UPDATES").then(|| "off".into())).unwrap(),
        &on,
        vec![],
    )
    .unwrap();
    assert!(!s.updates.enabled);

    // Half set up, plain HTTP to another computer, an empty key: a sentence each.
    for (text, said) in [
        ("[updates]\nurl = \"https://u.example/latest.json\"\n", "updates.public_key is missing"),
        (&format!("[updates]\npublic_key = \"{key}\"\n") as &str, "updates.url is missing"),
        (
            &format!("[updates]\nurl = \"http://u.example/latest.json\"\npublic_key = \"{key}\"\n"),
            "must start with https://",
        ),
        (
            "[updates]\nurl = \"https://u.example/latest.json\"\npublic_key = \" \"\n",
            "updates.public_key is empty",
        ),
    ] {
        let e = resolve(&file(text).unwrap(), &Layer::default(), &Layer::default(), vec![]).unwrap_err();
        assert!(e.to_string().contains(said), "{text}: {e}");
    }
    // This computer itself may serve them over plain HTTP (a local mirror).
    let local =
        file(&format!("[updates]\nurl = \"http://127.0.0.1:8080/latest.json\"\npublic_key = \"{key}\"\n"))
            .unwrap();
    assert!(resolve(&local, &Layer::default(), &Layer::default(), vec![]).unwrap().updates.source.is_some());
}
