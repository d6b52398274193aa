//! Every partition, sort and GSI1 key of the table is built and parsed here, and nowhere else.
//! docs/data-model.md describes each of them, with our additions to the original layout (the
//! long-assignment index, the email and sign-in guards, hashed session/verification keys).
//!
//! Sort-key prefixes of a team partition, in table order:
//! `ASL#` (long-assignment index) < `ASLVL` (index levels in use) < `ASN#` (assignments)
//! < `CAL#` (holiday calendars) < `HOL#` (holidays) < `MEMBER#` < `META` < `OFF#` (time off)
//! < `NAMED#` (a label's name guard) < `OFL#` (long time-off index) < `OFP#` (a person's time off, by end
//! day) < `PRJ#` < `PTAG#` (the team's groups, roles and skills) < `RES#` < `VIEW#` (saved views of
//! the rows). (The original design listed `META` before `MEMBER#`;
//! byte order puts `MEM` before `MET`. Nothing here depends on the order of those two.)

use planner_domain::{
    AssignmentId, CalendarId, Date, Email, LabelId, LabelKind, PersonId, ProjectId, TeamId, TimeOffId,
    UserId, ValidationError, ViewId,
};

pub const PK: &str = "pk";
pub const SK: &str = "sk";
pub const GSI1: &str = "GSI1";
pub const GSI1PK: &str = "GSI1PK";
pub const GSI1SK: &str = "GSI1SK";

/// The sort key of team, user, session and verification metadata items.
pub const META: &str = "META";
/// The item that lists which long-assignment index levels a team uses.
pub const LEVELS: &str = "ASLVL";
/// The attribute of the [`LEVELS`] item that says every time off has its person's entry
/// ([`person_time_off_sk`]): `true`, or absent in a team from before they existed.
pub const PERSON_ENTRIES: &str = "offByPerson";
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
const OFF: &str = "OFF#";
const OFL: &str = "OFL#";
const OFP: &str = "OFP#";
const CAL: &str = "CAL#";
const HOL: &str = "HOL#";
const PTAG: &str = "PTAG#";
const NAMED: &str = "NAMED#";
const VIEW: &str = "VIEW#";
/// The mark a delete leaves of an assignment or time off (its series' prefix and id follow).
const GONE: &str = "GONE#";
const USER: &str = "USER#";
const USER_EMAIL: &str = "USER#email#";
const ACCOUNT: &str = "ACCOUNT#";
const SESSION: &str = "SESSION#";
const VERIFICATION: &str = "VERIFICATION#";
const EMAIL_GUARD: &str = "EMAIL#";
const SIGNIN: &str = "SIGNIN#";
const PRINCIPAL: &str = "PRINCIPAL#";
/// Sorts after `#` and after every character an id or date may hold.
const AFTER: &str = "~";

pub fn team_pk(team: &TeamId) -> String {
    format!("{TEAM}{team}")
}

pub fn member_sk(user: &UserId) -> String {
    format!("{MEMBER}{user}")
}

pub fn person_sk(id: &PersonId) -> String {
    format!("{RES}{id}")
}

/// The mark a deleted person's or project's cascade leaves, from the row's sort key
/// (`GONE#RES#{id}`, `GONE#PRJ#{id}`): a copy run again does not bring the row back.
pub fn gone_row_sk(row_sk: &str) -> String {
    format!("{GONE}{row_sk}")
}

pub fn project_sk(id: &ProjectId) -> String {
    format!("{PRJ}{id}")
}

/// The two kinds of dated items that the window query reads at a flat cost (see `window`): each
/// has main items keyed by start day and index entries of its long ones, level by level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Series {
    Assignments,
    TimeOff,
}

impl Series {
    fn main(self) -> &'static str {
        match self {
            Series::Assignments => ASN,
            Series::TimeOff => OFF,
        }
    }

    fn index(self) -> &'static str {
        match self {
            Series::Assignments => ASL,
            Series::TimeOff => OFL,
        }
    }

    /// The attribute of the [`LEVELS`] item that lists the series' index levels in use.
    pub fn levels_attribute(self) -> &'static str {
        match self {
            Series::Assignments => "levels",
            Series::TimeOff => "offLevels",
        }
    }

    /// A main item's sort key.
    pub fn sk(self, start: Date, id: &str) -> String {
        format!("{}{start}#{id}", self.main())
    }

    /// An index entry's sort key.
    pub fn index_sk(self, level: u8, start: Date, id: &str) -> String {
        format!("{}{level:02}#{start}#{id}", self.index())
    }

    /// Inclusive bounds of the items of `level` (0: the main items) whose start day is in
    /// `[first, last]`.
    pub fn range(self, level: u8, first: Date, last: Date) -> (String, String) {
        if level == 0 {
            (format!("{}{first}", self.main()), format!("{}{last}#{AFTER}", self.main()))
        } else {
            let ix = self.index();
            (format!("{ix}{level:02}#{first}"), format!("{ix}{level:02}#{last}#{AFTER}"))
        }
    }

    /// The start day in the sort key `sk` of an item of `level` (as [`Series::sk`] and
    /// [`Series::index_sk`] write it); `None` for a key of another level or series.
    pub fn start_of(self, level: u8, sk: &str) -> Option<Date> {
        let rest = if level == 0 {
            sk.strip_prefix(self.main())?
        } else {
            sk.strip_prefix(self.index())?.strip_prefix(&format!("{level:02}#"))?
        };
        Date::parse(rest.get(..10)?).ok()
    }

    /// The mark its delete leaves of an item of the series (`GONE#ASN#{id}`): a stale edit of
    /// an item no longer at its key reads it to tell "deleted" from "moved".
    pub fn gone_sk(self, id: &str) -> String {
        format!("{GONE}{}{id}", self.main())
    }

    /// Inclusive bounds of every main item.
    pub fn all(self) -> (String, String) {
        (self.main().to_owned(), format!("{}{AFTER}", self.main()))
    }

    /// Inclusive bounds of every index entry of one level.
    pub fn level_all(self, level: u8) -> (String, String) {
        (format!("{}{level:02}#", self.index()), format!("{}{level:02}#{AFTER}", self.index()))
    }
}

pub fn assignment_sk(start: Date, id: &AssignmentId) -> String {
    Series::Assignments.sk(start, id.as_str())
}

/// The index entry of an assignment longer than the short limit (see `window`).
pub fn long_index_sk(level: u8, start: Date, id: &AssignmentId) -> String {
    Series::Assignments.index_sk(level, start, id.as_str())
}

pub fn time_off_sk(start: Date, id: &TimeOffId) -> String {
    Series::TimeOff.sk(start, id.as_str())
}

/// A person's entry of a time off: the person, then its end day (exclusive), so that one Query
/// reads exactly the time off of one person that ends in a range of days (the days a total of
/// theirs reaches before a window: docs/data-model.md, "The window query").
pub fn person_time_off_sk(person: &PersonId, end_exclusive: Date, id: &TimeOffId) -> String {
    format!("{OFP}{person}#{end_exclusive}#{id}")
}

/// Inclusive bounds of a person's time-off entries whose end day (exclusive) is in `[first, last]`.
pub fn person_time_off_range(person: &PersonId, first: Date, last: Date) -> (String, String) {
    (format!("{OFP}{person}#{first}"), format!("{OFP}{person}#{last}#{AFTER}"))
}

/// Inclusive bounds of every time-off entry of one person.
pub fn person_time_off_all(person: &PersonId) -> (String, String) {
    (format!("{OFP}{person}#"), format!("{OFP}{person}#{AFTER}"))
}

/// Inclusive bounds of every person's time-off entry of a team.
pub fn all_person_time_off_range() -> (String, String) {
    (OFP.to_owned(), format!("{OFP}{AFTER}"))
}

pub fn calendar_sk(id: &CalendarId) -> String {
    format!("{CAL}{id}")
}

/// Inclusive bounds of every calendar of a team.
pub fn calendars_range() -> (String, String) {
    (CAL.to_owned(), format!("{CAL}{AFTER}"))
}

/// One entry of the team's lists of groups, roles and skills: between projects and people, so
/// that the catalog's one Query reads them with both.
pub fn label_sk(id: &LabelId) -> String {
    format!("{PTAG}{id}")
}

/// Inclusive bounds of every label of a team.
pub fn labels_range() -> (String, String) {
    (PTAG.to_owned(), format!("{PTAG}{AFTER}"))
}

/// The guard that makes a name one label's in its list: the kind, then the name as
/// `Label::name_key` folds it (no range of the catalog reads it).
pub fn label_name_sk(kind: LabelKind, name_key: &str) -> String {
    format!("{NAMED}{}#{name_key}", kind.as_str())
}

/// A saved view of the rows.
pub fn view_sk(id: &ViewId) -> String {
    format!("{VIEW}{id}")
}

/// Inclusive bounds of every saved view of a team.
pub fn views_range() -> (String, String) {
    (VIEW.to_owned(), format!("{VIEW}{AFTER}"))
}

/// Inclusive bounds of every label name guard of a team (every kind: the kind follows the
/// prefix, so a folded name of any characters is inside them).
pub fn label_names_range() -> (String, String) {
    (NAMED.to_owned(), format!("{NAMED}{AFTER}"))
}

/// A holiday: the day first, so that one query reads a window's holidays of every calendar.
pub fn holiday_sk(day: Date, calendar: &CalendarId) -> String {
    format!("{HOL}{day}#{calendar}")
}

/// Inclusive bounds of the holidays on the days `[first, last]`.
pub fn holiday_range(first: Date, last: Date) -> (String, String) {
    (format!("{HOL}{first}"), format!("{HOL}{last}#{AFTER}"))
}

/// Inclusive bounds of every holiday of a team.
pub fn all_holidays_range() -> (String, String) {
    (HOL.to_owned(), format!("{HOL}{AFTER}"))
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

/// The first characters of every change record's sort key.
pub const FEED_PREFIX: &str = "FEED#";

/// A change record: `FEED#{epoch ms, 13 digits}#{ulid}`, ordered by the writer's clock.
pub fn feed_sk(millis: i64, id: &str) -> String {
    format!("{FEED_PREFIX}{millis:013}#{id}")
}

/// Inclusive bounds of the whole feed.
pub fn feed_range() -> (String, String) {
    (FEED_PREFIX.to_owned(), format!("{FEED_PREFIX}{AFTER}"))
}

/// The smallest key after the record `cursor` (no record's key has another as its prefix).
pub fn feed_after(cursor: &str) -> String {
    format!("{cursor}{AFTER}")
}

/// The link of an AWS principal to a user, keyed by the principal's unique id as STS
/// `GetCallerIdentity` answers it (`UserId`: `AIDA…` for an IAM user, `{role id}:{session
/// name}` for a role's session, IAM Identity Center's included): the same string IAM's policy
/// variable `${aws:userid}` holds, so the team roles can let each principal read its own link
/// and nobody else's. Written by IT (`rp-admin link-identity`), read, never written, by the app.
pub fn principal_pk(principal_id: &str) -> Result<String, ValidationError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "+=,.@_-:".contains(c);
    // An id begins with AWS's letters or digits (an ARN, the key of links made before, begins
    // with "arn:": the two never meet).
    let ok = (1..=256).contains(&principal_id.len())
        && principal_id.chars().all(allowed)
        && principal_id.starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit());
    if ok {
        Ok(format!("{PRINCIPAL}{principal_id}"))
    } else {
        Err(ValidationError::Id(principal_id.chars().take(64).collect()))
    }
}

/// The key of a link made before links were keyed by the principal's id: its ARN. Read when a
/// principal has no link by id (tables whose IT has not linked again yet), and removed by
/// `rp-admin unlink-identity --principal ARN`.
pub fn legacy_principal_pk(arn: &str) -> Result<String, ValidationError> {
    let ok = arn.starts_with("arn:")
        && arn.len() <= 1024
        && !arn.contains('#')
        && !arn.chars().any(char::is_whitespace);
    if ok {
        Ok(format!("{PRINCIPAL}{arn}"))
    } else {
        Err(ValidationError::Id(arn.chars().take(64).collect()))
    }
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
    Series::Assignments.range(0, first, last)
}

/// Inclusive bounds of every assignment item.
pub fn all_assignments_range() -> (String, String) {
    Series::Assignments.all()
}

/// Inclusive bounds of the index entries of one level whose start day is in `[first, last]`.
pub fn long_index_range(level: u8, first: Date, last: Date) -> (String, String) {
    Series::Assignments.range(level, first, last)
}

/// Inclusive bounds of every index entry of one level.
pub fn long_index_level_range(level: u8) -> (String, String) {
    Series::Assignments.level_all(level)
}

/// The sort-key prefix of every person.
pub fn people_prefix() -> &'static str {
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
    Person(PersonId),
    Project(ProjectId),
    Assignment {
        start: Date,
        id: AssignmentId,
    },
    LongIndex {
        level: u8,
        start: Date,
        id: AssignmentId,
    },
    TimeOff {
        start: Date,
        id: TimeOffId,
    },
    TimeOffIndex {
        level: u8,
        start: Date,
        id: TimeOffId,
    },
    PersonTimeOff {
        person: PersonId,
        end: Date,
        id: TimeOffId,
    },
    Calendar(CalendarId),
    Holiday {
        day: Date,
        calendar: CalendarId,
    },
    AssignmentGone(AssignmentId),
    TimeOffGone(TimeOffId),
    /// The mark a person's delete leaves (`GONE#RES#{id}`).
    PersonGone(PersonId),
    /// The mark a project's delete leaves (`GONE#PRJ#{id}`).
    ProjectGone(ProjectId),
    /// The mark a calendar's delete leaves (`GONE#CAL#{id}`).
    CalendarGone(CalendarId),
    Label(LabelId),
    /// A label's name guard (`NAMED#{kind}#{name}`).
    LabelName,
    View(ViewId),
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

fn parse_dated<T>(rest: &str, id: impl Fn(&str) -> Result<T, ValidationError>) -> Option<(Date, T)> {
    let (day, rest) = rest.split_once('#')?;
    Some((Date::parse(day).ok()?, id(rest).ok()?))
}

fn parse_level<T>(rest: &str, id: impl Fn(&str) -> Result<T, ValidationError>) -> Option<(u8, Date, T)> {
    let (level, rest) = rest.split_once('#')?;
    let level = level.parse::<u8>().ok().filter(|_| level.len() == 2)?;
    let (start, id) = parse_dated(rest, id)?;
    Some((level, start, id))
}

pub fn parse_team_sk(sk: &str) -> Result<TeamItemKey, BadKey> {
    let parsed = if sk == META {
        Some(TeamItemKey::Meta)
    } else if sk == LEVELS {
        Some(TeamItemKey::Levels)
    } else if let Some(rest) = sk.strip_prefix(MEMBER) {
        UserId::parse(rest).ok().map(TeamItemKey::Member)
    } else if let Some(rest) = sk.strip_prefix(RES) {
        PersonId::parse(rest).ok().map(TeamItemKey::Person)
    } else if let Some(rest) = sk.strip_prefix(PTAG) {
        LabelId::parse(rest).ok().map(TeamItemKey::Label)
    } else if let Some(rest) = sk.strip_prefix(VIEW) {
        ViewId::parse(rest).ok().map(TeamItemKey::View)
    } else if let Some(rest) = sk.strip_prefix(NAMED) {
        rest.split_once('#')
            .filter(|(kind, name)| LabelKind::parse(kind).is_ok() && !name.is_empty())
            .map(|_| TeamItemKey::LabelName)
    } else if let Some(rest) = sk.strip_prefix(PRJ) {
        ProjectId::parse(rest).ok().map(TeamItemKey::Project)
    } else if let Some(rest) = sk.strip_prefix(ASN) {
        parse_dated(rest, AssignmentId::parse).map(|(start, id)| TeamItemKey::Assignment { start, id })
    } else if let Some(rest) = sk.strip_prefix(ASL) {
        parse_level(rest, AssignmentId::parse).map(|(level, start, id)| TeamItemKey::LongIndex {
            level,
            start,
            id,
        })
    } else if let Some(rest) = sk.strip_prefix(OFF) {
        parse_dated(rest, TimeOffId::parse).map(|(start, id)| TeamItemKey::TimeOff { start, id })
    } else if let Some(rest) = sk.strip_prefix(OFL) {
        parse_level(rest, TimeOffId::parse).map(|(level, start, id)| TeamItemKey::TimeOffIndex {
            level,
            start,
            id,
        })
    } else if let Some(rest) = sk.strip_prefix(OFP) {
        rest.split_once('#').and_then(|(person, rest)| {
            let person = PersonId::parse(person).ok()?;
            parse_dated(rest, TimeOffId::parse).map(|(end, id)| TeamItemKey::PersonTimeOff {
                person,
                end,
                id,
            })
        })
    } else if let Some(rest) = sk.strip_prefix(GONE) {
        if let Some(id) = rest.strip_prefix(ASN) {
            AssignmentId::parse(id).ok().map(TeamItemKey::AssignmentGone)
        } else if let Some(id) = rest.strip_prefix(RES) {
            PersonId::parse(id).ok().map(TeamItemKey::PersonGone)
        } else if let Some(id) = rest.strip_prefix(PRJ) {
            ProjectId::parse(id).ok().map(TeamItemKey::ProjectGone)
        } else if let Some(id) = rest.strip_prefix(CAL) {
            CalendarId::parse(id).ok().map(TeamItemKey::CalendarGone)
        } else {
            rest.strip_prefix(OFF).and_then(|id| TimeOffId::parse(id).ok()).map(TeamItemKey::TimeOffGone)
        }
    } else if let Some(rest) = sk.strip_prefix(CAL) {
        CalendarId::parse(rest).ok().map(TeamItemKey::Calendar)
    } else if let Some(rest) = sk.strip_prefix(HOL) {
        parse_dated(rest, CalendarId::parse).map(|(day, calendar)| TeamItemKey::Holiday { day, calendar })
    } else {
        None
    };
    parsed.ok_or_else(|| bad(sk))
}

#[cfg(test)]
#[path = "keys_tests.rs"]
mod tests;
