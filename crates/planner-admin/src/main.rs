//! `rp-admin`: the command-line tool for IT and for us. It uses the same store code as the app,
//! on a local workspace file or a DynamoDB table, and acts with the operator's admin scope.
//! Every command prints text, or JSON with `--json`.

mod cli;
mod output;
mod sheet;

use clap::Parser;
use cli::{Cli, Command};
use output::Out;
use planner_domain::{Date, DateRange, Email, Name, Role, SystemClock, TeamId};
use planner_files::ics;
use planner_store::{Engine, Identity, RemoteTable, Store, StoreError, TeamScope, transfer::TeamExport};
use std::process::ExitCode;
use std::sync::Arc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let out = Out { json: cli.json };
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            out.error(&e);
            ExitCode::FAILURE
        }
    }
}

fn engine_of(cli: &Cli) -> Result<Engine, StoreError> {
    match (&cli.local, &cli.table) {
        (Some(_), Some(_)) => {
            Err(StoreError::Config { message: "give either --local or --table, not both".into() })
        }
        (Some(path), None) => Ok(Engine::LocalFile(path.clone())),
        (None, Some(table)) => Ok(Engine::DynamoDb(RemoteTable {
            table: table.clone(),
            region: cli.region.clone(),
            profile: cli.profile.clone(),
            endpoint: cli.endpoint.clone(),
            test_credentials: false,
        })),
        (None, None) => Engine::default_local_workspace(),
    }
}

async fn open(cli: &Cli) -> Result<Store, StoreError> {
    let engine = engine_of(cli)?;
    let conn = planner_store::connect(&engine, None).await?;
    let audit = Arc::new(planner_store::MemoryAudit::default());
    Ok(Store::new(conn, Arc::new(SystemClock), audit).with_strong_reads(true).with_table_time())
}

/// The team a command acts on: `--team`, or on a local workspace its own team.
async fn scope(store: &Store, team: &Option<String>) -> Result<TeamScope, StoreError> {
    let identity = store.identity();
    match team {
        Some(id) => identity.operator_scope(&TeamId::parse(id)?).await,
        None => {
            identity.open_local_workspace().await.map(|(_, scope)| scope).map_err(|_| StoreError::Config {
                message: "name the team with --team (only a local workspace has a default team)".into(),
            })
        }
    }
}

/// The user with this email; none is an error.
async fn known_user(identity: Identity<'_>, email: &Email) -> Result<planner_domain::User, StoreError> {
    identity.find_user_by_email(email).await?.ok_or(StoreError::NotFound { what: "user" })
}

fn today() -> Date {
    Date::from_time(time::OffsetDateTime::now_utc().date()).expect("today is within the supported years")
}

async fn run(cli: Cli) -> Result<(), StoreError> {
    let out = Out { json: cli.json };
    let store = open(&cli).await?;
    let (identity, plan) = (store.identity(), store.plan());
    match &cli.command {
        Command::CreateTable { kms_key, unprotected } => {
            // The embedded engine's file is this computer's own; a shared table is protected.
            let protection = (cli.table.is_some() && !unprotected)
                .then(|| planner_store::engine::Protection { kms_key: kms_key.clone() });
            let c = store.connection();
            let status =
                planner_store::engine::ensure_table_with(&c.client, &c.table, protection.as_ref()).await?;
            out.value(&serde_json::json!({ "table": store.connection().table, "status": status }), |v| {
                format!("table {}: {}", v["table"].as_str().unwrap_or(""), v["status"].as_str().unwrap_or(""))
            });
        }
        Command::CreateTeam { name, admin_email } => {
            let email = Email::parse(admin_email)?;
            let admin = match identity.find_user_by_email(&email).await? {
                Some(u) => u,
                None => identity.create_user(&email, None).await?,
            };
            let team = identity.create_team(&Name::parse(name)?, &admin.id).await?;
            out.value(&team, |t| format!("created team {} ({}) with admin {}", t.name, t.id, email));
        }
        Command::AddMember { team, email, role, name } => {
            let scope = scope(&store, &Some(team.clone())).await?;
            let email = Email::parse(email)?;
            let role = Role::parse(role)?;
            let user = match identity.find_user_by_email(&email).await? {
                Some(u) => u,
                None => {
                    identity
                        .create_user(&email, name.as_deref().map(Name::parse).transpose()?.as_ref())
                        .await?
                }
            };
            identity.put_member(&scope, &user.id, role).await?;
            out.value(
                &serde_json::json!({ "team": team, "userId": user.id, "email": email, "role": role }),
                |_| format!("{email} is now {role} of team {team}"),
            );
        }
        Command::RemoveMember { team, email } => {
            let scope = scope(&store, &Some(team.clone())).await?;
            let email = Email::parse(email)?;
            let user = known_user(identity, &email).await?;
            identity.remove_member(&scope, &user.id).await?;
            out.value(
                &serde_json::json!({ "team": team, "userId": user.id, "email": email, "removed": true }),
                |_| format!("{email} is not a member of team {team} any more"),
            );
        }
        Command::LinkIdentity { email, user_id, principal, principal_id, teams } => {
            let user = match (email, user_id) {
                (_, Some(id)) => identity
                    .get_user(&planner_domain::UserId::parse(id)?)
                    .await?
                    .ok_or(StoreError::NotFound { what: "user" })?,
                (Some(email), None) => {
                    let email = Email::parse(email)?;
                    let user = known_user(identity, &email).await?;
                    // The email guard is a team admin's to write (to add members): it must agree
                    // with the user it names.
                    if user.email != email {
                        return Err(StoreError::Config {
                            message: format!(
                                "the email {email} names user {}, whose email is {}: check who is meant, then link by --user-id",
                                user.id, user.email
                            ),
                        });
                    }
                    user
                }
                (None, None) => {
                    return Err(StoreError::Config { message: "give --email or --user-id".into() });
                }
            };
            let email = user.email.clone();
            let teams = teams.iter().map(|t| TeamId::parse(t)).collect::<Result<Vec<_>, _>>()?;
            let caller = planner_store::Caller { arn: principal.clone(), id: principal_id.clone() };
            identity.link_principal(&user.id, &caller, &teams).await?;
            // For IT to check that this is the person meant (an email guard is an admin's to
            // write): who the user is and the teams the link names.
            let teams: Vec<String> = teams.iter().map(|t| t.to_string()).collect();
            let name = user.name.as_ref().map(|n| n.to_string());
            out.value(
                &serde_json::json!({ "principal": principal, "principalId": principal_id, "userId": user.id, "email": email, "name": name, "teams": teams }),
                |_| format!("{principal} ({principal_id}) signs in as {email} (user {}, teams: {})", user.id, teams.join(", ")),
            );
        }
        Command::UnlinkIdentity { principal } => {
            let removed = identity.unlink_principal(principal).await?;
            out.value(&serde_json::json!({ "principal": principal, "removed": removed }), |_| {
                if removed {
                    format!("{principal} is not linked to anyone any more")
                } else {
                    format!("{principal} was not linked")
                }
            });
        }
        Command::Teams { email } => {
            let teams = match email {
                Some(email) => {
                    let email = Email::parse(email)?;
                    let user = known_user(identity, &email).await?;
                    identity.list_user_teams(&user.id).await?
                }
                None => {
                    let (workspace, scope) = identity.open_local_workspace().await.map_err(|_| StoreError::Config {
                        message: "on a DynamoDB table, list the teams of a user with --email (listing every team would need a Scan)".into(),
                    })?;
                    identity.list_user_teams(&workspace.owner).await.map(|mut t| {
                        if t.is_empty() {
                            t.push(planner_store::TeamMembership {
                                team: scope.team().clone(),
                                name: None,
                                role: Role::Admin,
                            });
                        }
                        t
                    })?
                }
            };
            out.list(&teams, |t| {
                format!(
                    "{}  {}  {}",
                    t.team,
                    t.role,
                    t.name.as_ref().map(Name::as_str).unwrap_or("(name not readable yet)")
                )
            });
        }
        Command::Members { team } => {
            let scope = scope(&store, team).await?;
            let members = identity.list_members(&scope).await?;
            out.list(&members, |m| {
                format!("{}  {}  {}", m.user_id, m.role, m.email.as_ref().map(Email::as_str).unwrap_or("?"))
            });
        }
        Command::People { team } => {
            let scope = scope(&store, team).await?;
            out.list(&plan.list_people(&scope).await?, |r| format!("{}  {}", r.id, r.name));
        }
        Command::Projects { team } => {
            let scope = scope(&store, team).await?;
            out.list(&plan.list_projects(&scope).await?, |p| format!("{}  {}  {}", p.id, p.color, p.name));
        }
        Command::Report { team, from, to, csv, week_start } => {
            let scope = scope(&store, team).await?;
            let range = DateRange::from_inclusive(Date::parse(from)?, Date::parse(to)?)?;
            let first_weekday = match week_start.as_str() {
                "sunday" => 6,
                "saturday" => 5,
                _ => 0,
            };
            let report = plan.report(&scope, range, first_weekday).await?;
            if *csv {
                // The byte-order mark and CRLF line ends as in the file (no newline added).
                use std::io::Write;
                let _ = std::io::stdout().lock().write_all(report.to_csv().as_bytes());
            } else {
                out.value(&report, output::report_text);
            }
        }
        Command::Ics { from, to, person, team, lang, out: file } => {
            let scope = scope(&store, team).await?;
            let range = DateRange::from_inclusive(Date::parse(from)?, Date::parse(to)?)?;
            planner_domain::capacity::Report::check_range(range)?;
            let timeline = plan.timeline(&scope, range).await?;
            let who = match person {
                None => None,
                Some(p) => Some(
                    timeline
                        .people
                        .iter()
                        .find(|r| r.id.as_str() == p || r.name.as_str() == p)
                        .map(|r| r.id.clone())
                        .ok_or(StoreError::NotFound { what: "person" })?,
                ),
            };
            let whose = who.as_ref().map_or(ics::Whose::Team, ics::Whose::Person);
            let stamp = chrono::Utc::now();
            let feed = ics::feed(&timeline, whose, range, stamp, ics::FeedWords::of(lang))
                .ok_or(StoreError::NotFound { what: "person" })?;
            match file {
                Some(path) => {
                    std::fs::write(path, &feed.text).map_err(|e| StoreError::Config {
                        message: format!("cannot write {}: {e}", path.display()),
                    })?;
                    out.value(&serde_json::json!({ "file": path, "events": feed.events }), |v| {
                        format!("{} events to {}", v["events"], path.display())
                    });
                }
                None => {
                    use std::io::Write;
                    let _ = std::io::stdout().lock().write_all(feed.text.as_bytes());
                }
            }
        }
        Command::Assignments { team, from, to } => {
            let scope = scope(&store, team).await?;
            let window = DateRange::window(Date::parse(from)?, Date::parse(to)?)?;
            let timeline = plan.timeline(&scope, window).await?;
            let name_of = |id: &planner_domain::PersonId| {
                timeline.people.iter().find(|r| &r.id == id).map(|r| r.name.to_string()).unwrap_or_default()
            };
            let project_of = |id: &planner_domain::ProjectId| {
                timeline.projects.iter().find(|p| &p.id == id).map(|p| p.name.to_string()).unwrap_or_default()
            };
            out.list(&timeline.items.assignments, |a| {
                format!(
                    "{} – {}  {}  {}",
                    a.range.start(),
                    a.range.last_day(),
                    name_of(&a.person_id),
                    project_of(&a.project_id)
                )
            });
        }
        Command::SeedDemo { team, seed } => {
            let scope = scope(&store, team).await?;
            let report = plan.seed_demo(&scope, today(), *seed).await?;
            out.value(&report, |r| {
                format!("added {} people, {} projects, {} assignments", r.people, r.projects, r.assignments)
            });
        }
        Command::Demo => {
            let (workspace, scope) = identity.open_local_workspace().await?;
            let mut seeded = None;
            if plan.catalog(&scope).await?.people.is_empty() {
                seeded = Some(plan.seed_demo(&scope, today(), 1).await?);
            }
            let window = DateRange::window(today().add_days(-7), today().add_days(84))?;
            let timeline = plan.timeline(&scope, window).await?;
            let summary = serde_json::json!({
                "workspace": store.connection().local_file().map(|p| p.display().to_string()),
                "team": timeline.team,
                "createdNow": workspace.created,
                "seeded": seeded,
                "window": window,
                "people": timeline.people.len(),
                "projects": timeline.projects.len(),
                "assignmentsInWindow": timeline.items.assignments.len(),
            });
            out.value(&summary, |_| output::timeline_text(&timeline));
        }
        Command::Activity { team, since } => {
            let scope = scope(&store, team).await?;
            let since = output::moment(since)?;
            // Newest first, a page at a time, until a record older than `since`; then oldest first.
            let mut records = Vec::new();
            let mut before: Option<String> = None;
            'pages: loop {
                let page = plan.activity(&scope, before.as_deref(), 200, &Default::default()).await?;
                for u in &page.unreadable {
                    eprintln!(
                        "left out, could not be read back: {} ({})",
                        output::printable(&u.key),
                        output::printable(&u.detail)
                    );
                }
                for record in page.records {
                    if output::moment(&record.at).is_ok_and(|at| at < since) {
                        break 'pages;
                    }
                    records.push(record);
                }
                if !page.more {
                    break;
                }
                before = page.cursor;
            }
            records.reverse();
            out.list(&records, output::record_line);
        }
        Command::Export { team, out: file } => {
            let scope = scope(&store, team).await?;
            let export = store.transfer().export_team(&scope).await?;
            // What could not be read back is left out of the file and named, once each.
            for u in &export.unreadable {
                eprintln!(
                    "left out, could not be read back: {} ({})",
                    output::printable(&u.key),
                    output::printable(&u.detail)
                );
            }
            let text = serde_json::to_string_pretty(&export)
                .map_err(|e| StoreError::Engine { message: e.to_string() })?;
            match file {
                Some(path) => {
                    std::fs::write(path, text).map_err(|e| StoreError::Config {
                        message: format!("cannot write {}: {e}", path.display()),
                    })?;
                    out.value(
                        &serde_json::json!({ "file": path, "resources": export.people.len(), "projects": export.projects.len(), "assignments": export.assignments.len() }),
                        |v| format!("exported {} people, {} projects, {} assignments to {}", v["resources"], v["projects"], v["assignments"], path.display()),
                    );
                }
                None => output::say(&text),
            }
        }
        Command::Reindex { team } => {
            let scope = scope(&store, team).await?;
            let written = store.plan().index_time_off_by_person(&scope).await?;
            out.value(&serde_json::json!({ "entriesWritten": written }), |v| {
                format!(
                    "{} time-off entries written; the team's window reads now use them",
                    v["entriesWritten"]
                )
            });
        }
        Command::Import { team, csv: Some(path), preset, holds, dates, dry_run, .. } => {
            let scope = scope(&store, team).await?;
            sheet::import(&store, &scope, &out, path, sheet::options(*preset, *holds, *dates), *dry_run)
                .await?;
        }
        Command::Import { team, file: Some(file), .. } => {
            let scope = scope(&store, team).await?;
            let text = std::fs::read_to_string(file).map_err(|e| StoreError::BadFile {
                message: format!("cannot read {}: {e}", file.display()),
            })?;
            let export: TeamExport = serde_json::from_str(&text).map_err(|e| StoreError::BadFile {
                message: format!("{} is not a resource-planner team export: {e}", file.display()),
            })?;
            let json = cli.json;
            let report = store
                .transfer()
                .import_team(&scope, &export, &mut |stage, done, total| {
                    if !json {
                        eprintln!("{stage}: {done}/{total}");
                    }
                })
                .await?;
            out.value(&report, |r| {
                let n = |count: usize, one: &str, many: &str| {
                    format!("{count} {}", if count == 1 { one } else { many })
                };
                let removed = if r.removed_people + r.removed_projects + r.removed_assignments == 0 {
                    "nothing else was in the team".to_owned()
                } else {
                    format!(
                        "removed what the file does not have: {}, {} and {}",
                        n(r.removed_people, "person", "people"),
                        n(r.removed_projects, "project", "projects"),
                        n(r.removed_assignments, "assignment", "assignments"),
                    )
                };
                format!(
                    "imported {}, {} and {}; {removed}",
                    n(r.people, "person", "people"),
                    n(r.projects, "project", "projects"),
                    n(r.assignments, "assignment", "assignments"),
                )
            });
        }
        Command::Import { .. } => {
            return Err(StoreError::Config { message: "import needs --file or --csv".into() });
        }
    }
    Ok(())
}
