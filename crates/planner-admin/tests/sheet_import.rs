//! `rp-admin import --csv` on a local workspace file: a Float schedule's rows made, the same
//! file again changes nothing, a dry run writes nothing, a bad file and a bad row get their
//! sentences, and the import is one entry with its counts in the activity log.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../planner-files/fixtures/import").join(name)
}

fn rp_admin(local: &Path, args: &[&str]) -> Output {
    let out =
        Command::new(env!("CARGO_BIN_EXE_rp-admin")).arg("--local").arg(local).args(args).output().unwrap();
    assert!(out.status.success() || !out.stderr.is_empty(), "{args:?}: no sentence for the failure");
    out
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_float_schedule_in_then_nothing_twice() {
    let dir = std::env::temp_dir().join(format!("rp-admin-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let local = dir.join("workspace.db");
    let _ = std::fs::remove_file(&local);
    let schedule = fixture("float-schedule.csv");
    let csv = schedule.to_str().unwrap();

    let dry = rp_admin(&local, &["import", "--csv", csv, "--preset", "float", "--dry-run"]);
    assert!(
        text(&dry).contains(
            "would import float-schedule.csv: 3 people, 2 projects, 4 bookings and 2 time off made"
        ),
        "{}",
        text(&dry)
    );
    let people = text(&rp_admin(&local, &["people"]));
    assert!(!people.contains("Aiko Tanaka"), "a dry run writes nothing: {people}");

    let first = rp_admin(&local, &["import", "--csv", csv, "--preset", "float"]);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    assert!(text(&first).contains("line 3: create booking Aiko Tanaka · Website relaunch · 2027-01-11 – 2027-01-15 · 7.5 h/day · tentative"), "{}", text(&first));
    assert!(text(&rp_admin(&local, &["people"])).contains("Chloé Martin"));

    let again = rp_admin(&local, &["import", "--csv", csv, "--preset", "float"]);
    assert!(
        text(&again)
            .contains("0 people, 0 projects, 0 bookings and 0 time off made; 0 changed; 6 already there"),
        "{}",
        text(&again)
    );

    let bad = rp_admin(
        &local,
        &["import", "--csv", fixture("bad-rows.csv").to_str().unwrap(), "--preset", "float", "--dry-run"],
    );
    assert!(text(&bad).contains("line 6, column Hours/Day: skip booking"), "{}", text(&bad));

    let json = dir.join("team.json");
    std::fs::write(&json, "{\"format\": \"resource-planner/team-export\"}").unwrap();
    let refused = rp_admin(&local, &["import", "--csv", json.to_str().unwrap()]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("the file is JSON, not a sheet"));

    let log = text(&rp_admin(&local, &["activity", "--since", "2000-01-01"]));
    let imports: Vec<&str> = log.lines().filter(|l| l.contains("import imported")).collect();
    assert_eq!(imports.len(), 1, "{log}");
    assert!(
        imports[0].contains("\"file\":\"float-schedule.csv\"") && imports[0].contains("\"assignments\":4"),
        "{}",
        imports[0]
    );
}
