//! Every partition, sort and GSI1 key of the table is built and parsed here, and nowhere else.
//! docs/data-model.md describes each of them, with our additions to the original layout (the
//! long-assignment index, the email and sign-in guards, hashed session/verification keys).
//!
//! Sort-key prefixes of a team partition, in table order:
//! `ASL#` (long-assignment index) < `ASLVL` (index levels in use) < `ASN#` (assignments)
//! < `MEMBER#` < `META` < `PRJ#` < `RES#`. (The original design listed `META` before `MEMBER#`;
//! byte order puts `MEM` before `MET`. Nothing here depends on the order of those two.)

use planner_domain::{AssignmentId, Date, Email, ProjectId, ResourceId, TeamId, UserId, ValidationError};

pub const PK: &str = "pk";
pub const SK: &str = "sk";
pub const GSI1: &str = "GSI1";
pub const GSI1PK: &str = "GSI1PK";
pub const GSI1SK: &str = "GSI1SK";

/// The sort key of team, user, session and verification metadata items.
pub const META: &str = "META";
/// The item that lists which long-assignment index levels a team uses.
pub const LEVELS: &str = "ASLVL";
/// The partition of the embedded engine's local-workspace record (never on a shared table).
pub const LOCAL_WORKSPACE_PK: &str = "LOCAL";
/// The partition a connection test reads (with sort key META); no item ever has it. It is in
/// the `SESSION#` space so that the `dynamodb:LeadingKeys` policy of docs/security.md allows it
/// (a real session's key is a 64-digit hash).
pub const PROBE_PK: &str = "SESSION#connection-test";

const TEAM: &str = "TEAM#";
const MEMBER: &str = "MEMBER#";
const RES: &str = "RES#";
const PRJ: &str = "PRJ#";
const ASN: &str = "ASN#";
const ASL: &str = "ASL#";
const USER: &str = "USER#";
const USER_EMAIL: &str = "USER#email#";
const ACCOUNT: &str = "ACCOUNT#";
const SESSION: &str = "SESSION#";
const VERIFICATION: &str = "VERIFICATION#";
const EMAIL_GUARD: &str = "EMAIL#";
const SIGNIN: &str = "SIGNIN#";
/// Sorts after `#` and after every character an id or date may hold.
const AFTER: &str = "~";

pub fn team_pk(team: &TeamId) -> String {
    format!("{TEAM}{team}")
}

pub fn member_sk(user: &UserId) -> String {
    format!("{MEMBER}{user}")
}

pub fn resource_sk(id: &ResourceId) -> String {
    format!("{RES}{id}")
}

pub fn project_sk(id: &ProjectId) -> String {
    format!("{PRJ}{id}")
}

pub fn assignment_sk(start: Date, id: &AssignmentId) -> String {
    format!("{ASN}{start}#{id}")
}

/// The index entry of an assignment longer than the short limit (see `window`).
pub fn long_index_sk(level: u8, start: Date, id: &AssignmentId) -> String {
    format!("{ASL}{level:02}#{start}#{id}")
}

pub fn user_pk(user: &UserId) -> String {
    format!("{USER}{user}")
}

/// GSI1PK and GSI1SK of a User item.
pub fn user_email_gsi(email: &Email) -> String {
    format!("{USER_EMAIL}{email}")
}

/// The guard item that makes an email belong to at most one user (docs/data-model.md, additions).
pub fn email_guard_pk(email: &Email) -> String {
    format!("{EMAIL_GUARD}{email}")
}

/// GSI1PK of a membership: the user's list of teams.
pub fn user_teams_gsi1pk(user: &UserId) -> String {
    format!("{USER}{user}")
}

/// GSI1SK of a membership.
pub fn team_gsi1sk(team: &TeamId) -> String {
    format!("{TEAM}{team}")
}

/// The prefix of every membership's GSI1SK.
pub fn team_gsi1sk_prefix() -> &'static str {
    TEAM
}

/// A linked sign-in provider and the person's id there.
pub fn account_sk(provider: &str, provider_account_id: &str) -> Result<String, ValidationError> {
    check_key_part(provider)?;
    check_key_part(provider_account_id)?;
    Ok(format!("{ACCOUNT}{provider}#{provider_account_id}"))
}

pub fn account_gsi1pk(provider: &str) -> Result<String, ValidationError> {
    check_key_part(provider)?;
    Ok(format!("{ACCOUNT}{provider}"))
}

pub fn account_gsi1sk(provider_account_id: &str) -> Result<String, ValidationError> {
    check_key_part(provider_account_id)?;
    Ok(format!("{ACCOUNT}{provider_account_id}"))
}

/// A session's key holds the SHA-256 of its token (hex), never the token itself.
pub fn session_pk(token_hash_hex: &str) -> String {
    format!("{SESSION}{token_hash_hex}")
}

pub fn verification_pk(token_hash_hex: &str) -> String {
    format!("{VERIFICATION}{token_hash_hex}")
}

/// The sign-in guard of an email (code rate and wrong attempts): its key holds a keyed hash of
/// the email, never the email (docs/data-model.md, "Additions to the original layout").
pub fn signin_guard_pk(email_hash_hex: &str) -> String {
    format!("{SIGNIN}{email_hash_hex}")
}

/// GSI1PK of a session: the user's sessions, for "sign out everywhere" (same partition of the
/// index as the user's teams, another sort-key prefix).
pub fn user_sessions_gsi1pk(user: &UserId) -> String {
    format!("{USER}{user}")
}

/// GSI1SK of a session.
pub fn session_gsi1sk(token_hash_hex: &str) -> String {
    format!("{SESSION}{token_hash_hex}")
}

/// The prefix of every session's GSI1SK.
pub fn session_gsi1sk_prefix() -> &'static str {
    SESSION
}

fn check_key_part(part: &str) -> Result<(), ValidationError> {
    let ok =
        !part.is_empty() && part.len() <= 256 && !part.contains('#') && !part.chars().any(char::is_control);
    if ok { Ok(()) } else { Err(ValidationError::Id(part.chars().take(64).collect())) }
}

/// Inclusive sort-key bounds of the assignments whose start day is in `[first, last]`.
pub fn assignment_range(first: Date, last: Date) -> (String, String) {
    (format!("{ASN}{first}"), format!("{ASN}{last}#{AFTER}"))
}

/// Inclusive bounds of every assignment item.
pub fn all_assignments_range() -> (String, String) {
    (ASN.to_owned(), format!("{ASN}{AFTER}"))
}

/// Inclusive bounds of the index entries of one level whose start day is in `[first, last]`.
pub fn long_index_range(level: u8, first: Date, last: Date) -> (String, String) {
    (format!("{ASL}{level:02}#{first}"), format!("{ASL}{level:02}#{last}#{AFTER}"))
}

/// Inclusive bounds of every index entry of one level.
pub fn long_index_level_range(level: u8) -> (String, String) {
    (format!("{ASL}{level:02}#"), format!("{ASL}{level:02}#{AFTER}"))
}

/// The sort-key prefix of every person.
pub fn resources_prefix() -> &'static str {
    RES
}

/// The sort-key prefix of every project.
pub fn projects_prefix() -> &'static str {
    PRJ
}

/// Inclusive bounds of people and projects together: `PRJ#` … `RES#~` (docs/data-model.md, "Sort
/// order in a team partition").
pub fn catalog_range() -> (String, String) {
    (PRJ.to_owned(), format!("{RES}{AFTER}"))
}

/// Inclusive bounds of all memberships of a team.
pub fn members_range() -> (String, String) {
    (MEMBER.to_owned(), format!("{MEMBER}{AFTER}"))
}

/// What an item of a team partition is, read from its sort key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamItemKey {
    Meta,
    Levels,
    Member(UserId),
    Resource(ResourceId),
    Project(ProjectId),
    Assignment { start: Date, id: AssignmentId },
    LongIndex { level: u8, start: Date, id: AssignmentId },
}

/// A key that does not have the form this module writes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unrecognised key '{0}'")]
pub struct BadKey(pub String);

fn bad(key: &str) -> BadKey {
    BadKey(key.chars().take(120).collect())
}

pub fn parse_team_pk(pk: &str) -> Result<TeamId, BadKey> {
    pk.strip_prefix(TEAM).and_then(|id| TeamId::parse(id).ok()).ok_or_else(|| bad(pk))
}

pub fn parse_user_pk(pk: &str) -> Result<UserId, BadKey> {
    pk.strip_prefix(USER).and_then(|id| UserId::parse(id).ok()).ok_or_else(|| bad(pk))
}

/// The team of a membership's GSI1SK.
pub fn parse_team_gsi1sk(sk: &str) -> Result<TeamId, BadKey> {
    parse_team_pk(sk)
}

fn parse_dated(rest: &str) -> Option<(Date, AssignmentId)> {
    let (day, id) = rest.split_once('#')?;
    Some((Date::parse(day).ok()?, AssignmentId::parse(id).ok()?))
}

pub fn parse_team_sk(sk: &str) -> Result<TeamItemKey, BadKey> {
    let parsed = if sk == META {
        Some(TeamItemKey::Meta)
    } else if sk == LEVELS {
        Some(TeamItemKey::Levels)
    } else if let Some(rest) = sk.strip_prefix(MEMBER) {
        UserId::parse(rest).ok().map(TeamItemKey::Member)
    } else if let Some(rest) = sk.strip_prefix(RES) {
        ResourceId::parse(rest).ok().map(TeamItemKey::Resource)
    } else if let Some(rest) = sk.strip_prefix(PRJ) {
        ProjectId::parse(rest).ok().map(TeamItemKey::Project)
    } else if let Some(rest) = sk.strip_prefix(ASN) {
        parse_dated(rest).map(|(start, id)| TeamItemKey::Assignment { start, id })
    } else if let Some(rest) = sk.strip_prefix(ASL) {
        rest.split_once('#').and_then(|(level, rest)| {
            let level = level.parse::<u8>().ok().filter(|_| level.len() == 2)?;
            let (start, id) = parse_dated(rest)?;
            Some(TeamItemKey::LongIndex { level, start, id })
        })
    } else {
        None
    };
    parsed.ok_or_else(|| bad(sk))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn day(n: i64) -> Date {
        Date::parse("2000-01-01").unwrap().add_days(n)
    }

    #[test]
    fn spec_examples() {
        let team = TeamId::parse("team_default").unwrap();
        assert_eq!(team_pk(&team), "TEAM#team_default");
        let id = AssignmentId::parse("01HDEF").unwrap();
        assert_eq!(assignment_sk(Date::parse("2026-05-01").unwrap(), &id), "ASN#2026-05-01#01HDEF");
        let email = Email::parse("a@example.com").unwrap();
        assert_eq!(user_email_gsi(&email), "USER#email#a@example.com");
        assert_eq!(catalog_range(), ("PRJ#".to_owned(), "RES#~".to_owned()));
    }

    #[test]
    fn team_sort_keys_round_trip() {
        let user = UserId::generate();
        let res = ResourceId::generate();
        let prj = ProjectId::generate();
        let asn = AssignmentId::generate();
        let start = Date::parse("2026-05-01").unwrap();
        let cases = [
            (META.to_owned(), TeamItemKey::Meta),
            (LEVELS.to_owned(), TeamItemKey::Levels),
            (member_sk(&user), TeamItemKey::Member(user.clone())),
            (resource_sk(&res), TeamItemKey::Resource(res.clone())),
            (project_sk(&prj), TeamItemKey::Project(prj.clone())),
            (assignment_sk(start, &asn), TeamItemKey::Assignment { start, id: asn.clone() }),
            (long_index_sk(3, start, &asn), TeamItemKey::LongIndex { level: 3, start, id: asn.clone() }),
        ];
        for (key, expected) in cases {
            assert_eq!(parse_team_sk(&key).unwrap(), expected, "{key}");
        }
    }

    #[test]
    fn partition_keys_round_trip() {
        let team = TeamId::generate();
        assert_eq!(parse_team_pk(&team_pk(&team)).unwrap(), team);
        assert_eq!(parse_team_gsi1sk(&team_gsi1sk(&team)).unwrap(), team);
        let user = UserId::generate();
        assert_eq!(parse_user_pk(&user_pk(&user)).unwrap(), user);
    }

    #[test]
    fn refuses_foreign_keys() {
        for bad_key in
            ["", "ASN#", "ASN#2026-13-01#x", "ASN#2026-05-01#a~b", "RES#", "ASL#3#2026-05-01#x", "OTHER"]
        {
            assert!(parse_team_sk(bad_key).is_err(), "{bad_key}");
        }
        assert!(parse_team_pk("TEAM#a#b").is_err());
        assert!(parse_team_pk("USER#a").is_err());
    }

    #[test]
    fn account_parts_may_not_break_keys() {
        assert!(account_sk("entra", "abc").is_ok());
        assert!(account_sk("en#tra", "abc").is_err());
        assert!(account_gsi1sk("").is_err());
    }

    #[test]
    fn prefixes_sort_as_documented() {
        let id = AssignmentId::generate();
        let d = Date::parse("2999-12-31").unwrap();
        let mut keys = [
            resource_sk(&ResourceId::generate()),
            project_sk(&ProjectId::generate()),
            member_sk(&UserId::generate()),
            META.to_owned(),
            assignment_sk(d, &id),
            LEVELS.to_owned(),
            long_index_sk(99, d, &id),
        ];
        keys.sort();
        let kinds: Vec<_> = keys.iter().map(|k| &k[..3]).collect();
        assert_eq!(kinds, ["ASL", "ASL", "ASN", "MEM", "MET", "PRJ", "RES"]);
        let (lo, hi) = catalog_range();
        assert!(keys[5] >= lo && keys[6] <= hi && keys[4] < lo);
    }

    proptest! {
        #[test]
        fn assignment_sort_keys_order_by_start_day(a in 0i64..200_000, b in 0i64..200_000) {
            let (ka, kb) = (assignment_sk(day(a), &AssignmentId::generate()), assignment_sk(day(b), &AssignmentId::generate()));
            if a < b { prop_assert!(ka < kb); }
            if a > b { prop_assert!(ka > kb); }
        }

        #[test]
        fn assignment_range_holds_exactly_its_days(first in 0i64..5000, len in 0i64..400, probe in 0i64..6000) {
            let (lo, hi) = assignment_range(day(first), day(first + len));
            let key = assignment_sk(day(probe), &AssignmentId::generate());
            let inside = probe >= first && probe <= first + len;
            prop_assert_eq!(key >= lo && key <= hi, inside);
        }
    }
}
