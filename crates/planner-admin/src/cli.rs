//! The command line: engine flags and commands.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Administer resource-planner team tables: create the table, teams and members; list, seed,
/// export and import a team's plan. Without --local or --table it works on this computer's
/// local workspace.
#[derive(Debug, Parser)]
#[command(name = "rp-admin", version)]
pub struct Cli {
    /// Use a local workspace file (the embedded engine).
    #[arg(long, global = true, value_name = "FILE")]
    pub local: Option<PathBuf>,
    /// Use this DynamoDB table (credentials from the AWS default chain).
    #[arg(long, global = true, env = "RP_TABLE", value_name = "NAME")]
    pub table: Option<String>,
    /// AWS region of the table (else AWS_REGION or the profile's).
    #[arg(long, global = true, value_name = "REGION")]
    pub region: Option<String>,
    /// AWS shared-config profile (e.g. an IAM Identity Center one).
    #[arg(long, global = true, value_name = "NAME")]
    pub profile: Option<String>,
    /// Another DynamoDB endpoint (else AWS_ENDPOINT_URL_DYNAMODB, else AWS's).
    #[arg(long, global = true, value_name = "URL")]
    pub endpoint: Option<String>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create the table with GSI1 and TTL on `expires` (does nothing if it exists). On a
    /// DynamoDB table (--table) also as the CloudFormation template does: deletion protection,
    /// KMS encryption and point-in-time recovery.
    CreateTable {
        /// A customer managed KMS key (ARN) instead of the AWS managed key.
        #[arg(long)]
        kms_key: Option<String>,
        /// No deletion protection, encryption setting or point-in-time recovery (for a test
        /// endpoint such as DynamoDB Local).
        #[arg(long)]
        unprotected: bool,
    },
    /// Create a team with its first admin (the user is created if new).
    CreateTeam {
        #[arg(long)]
        name: String,
        #[arg(long)]
        admin_email: String,
    },
    /// Add a member with a role, or change a member's role (the user is created if new).
    AddMember {
        #[arg(long)]
        team: String,
        #[arg(long)]
        email: String,
        /// admin, planner or viewer.
        #[arg(long)]
        role: String,
        /// The person's name, for a new user.
        #[arg(long)]
        name: Option<String>,
    },
    /// Remove a member from a team (never its last admin; someone who is not a member: nothing to do).
    RemoveMember {
        #[arg(long)]
        team: String,
        #[arg(long)]
        email: String,
    },
    /// Link an AWS identity to a user and the teams it reaches, for sign-in by AWS identity
    /// (`signin.methods = ["aws-identity"]`): the Arn and the UserId that `aws sts
    /// get-caller-identity` prints with that person's credentials (for IAM Identity Center,
    /// `arn:aws:sts::ACCOUNT:assumed-role/ROLE/NAME` and `AROA…:NAME`); the app's sign-in screen
    /// shows both for an identity nobody linked.
    LinkIdentity {
        /// The person's email (their user is found through it and must carry it).
        #[arg(long, required_unless_present = "user_id", conflicts_with = "user_id")]
        email: Option<String>,
        /// The person's user id instead (as `rp-admin members` prints it).
        #[arg(long)]
        user_id: Option<String>,
        /// The identity's ARN (`Arn`).
        #[arg(long)]
        principal: String,
        /// The identity's unique id (`UserId`): what the link is keyed by, and what IAM lets
        /// only that identity read.
        #[arg(long)]
        principal_id: String,
        /// A team this identity's IAM roles reach (once for each); the user must be a member.
        #[arg(long = "team", required = true)]
        teams: Vec<String>,
    },
    /// Remove an AWS identity's link (the person's app is signed out at its next command): by
    /// its unique id, or by its ARN for a link made before links were keyed by id.
    UnlinkIdentity {
        #[arg(long)]
        principal: String,
    },
    /// List the teams of a user (or the local workspace's team).
    Teams {
        #[arg(long)]
        email: Option<String>,
    },
    /// List a team's members.
    Members {
        #[arg(long)]
        team: Option<String>,
    },
    /// List a team's people.
    People {
        #[arg(long)]
        team: Option<String>,
    },
    /// List a team's projects.
    Projects {
        #[arg(long)]
        team: Option<String>,
    },
    /// List the assignments overlapping [from, to).
    Assignments {
        #[arg(long)]
        team: Option<String>,
        /// First day of the window (YYYY-MM-DD).
        #[arg(long)]
        from: String,
        /// Day after the window (YYYY-MM-DD).
        #[arg(long)]
        to: String,
    },
    /// The utilisation report of the days --from to --to (both included): each person's
    /// capacity, hours booked (confirmed, tentative), time off and utilisation; each project's
    /// hours; the team's. The figures the app's report screen shows.
    Report {
        /// First day (YYYY-MM-DD).
        #[arg(long)]
        from: String,
        /// Last day (YYYY-MM-DD), included.
        #[arg(long)]
        to: String,
        #[arg(long)]
        team: Option<String>,
        /// The CSV file the app saves (RFC 4180, UTF-8 with a byte-order mark) on stdout.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// The day weeks start on in JSON's weekly figures: monday, sunday or saturday.
        #[arg(long, default_value = "monday", value_parser = ["monday", "sunday", "saturday"])]
        week_start: String,
    },
    /// A calendar (.ics) of one person's bookings and time off, or the team's, that meet the days
    /// --from to --to (both included): all-day events whose UIDs stay, so that importing a newer
    /// file into a calendar program updates them. The file the app saves, on stdout or in --out.
    Ics {
        /// First day (YYYY-MM-DD).
        #[arg(long)]
        from: String,
        /// Last day (YYYY-MM-DD), included.
        #[arg(long)]
        to: String,
        /// The person, by name or id; the whole team without it.
        #[arg(long)]
        person: Option<String>,
        #[arg(long)]
        team: Option<String>,
        /// The events' words: en or ja.
        #[arg(long, default_value = "en", value_parser = ["en", "ja"])]
        lang: String,
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Add the demo people, projects and three months of assignments.
    SeedDemo {
        #[arg(long)]
        team: Option<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Open the local workspace (seeding the demo team if it is empty) and show its timeline.
    Demo,
    /// The team's activity log (its change feed) since a day or a moment, oldest first: who
    /// changed what, when, with the fields before and after (--json: the records whole).
    Activity {
        #[arg(long)]
        team: Option<String>,
        /// A day (YYYY-MM-DD, from its start in UTC) or a moment (RFC 3339).
        #[arg(long)]
        since: String,
    },
    /// Write a team's plan as JSON (to stdout without --out).
    Export {
        #[arg(long)]
        team: Option<String>,
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Make a team's plan equal to an export file (--file, put first, then remove;
    /// re-runnable); or add a sheet's bookings, time off, people or projects to it (--csv, a CSV
    /// file or an .xlsx workbook: each row made, changed, already there or skipped with its
    /// reason; all of it written or none; the same sheet again changes nothing).
    #[command(group(clap::ArgGroup::new("source").required(true).args(["file", "csv"])))]
    Import {
        #[arg(long)]
        team: Option<String>,
        /// A team export (JSON) made by `rp-admin export`.
        #[arg(long)]
        file: Option<PathBuf>,
        /// A sheet: CSV (UTF-8 or Shift_JIS) or an Excel workbook (.xlsx, its first sheet).
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Whose export the sheet is (its column names, dates and hours).
        #[arg(long, value_enum, default_value = "generic", requires = "csv")]
        preset: SheetPreset,
        /// What the sheet holds.
        #[arg(long, value_enum, default_value = "bookings", requires = "csv")]
        holds: SheetHolds,
        /// The order of the day and month in dates not written YYYY-MM-DD (else the preset's).
        #[arg(long, value_enum, requires = "csv")]
        dates: Option<SheetDates>,
        /// Print what would be done, row by row, and write nothing.
        #[arg(long, requires = "csv")]
        dry_run: bool,
    },
    /// Give a team made before this version the person entries of its time off, so that its
    /// window reads use them (re-runnable; run it once every client writing to the team keeps them).
    Reindex {
        #[arg(long)]
        team: Option<String>,
    },
}

/// Whose export a sheet is.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SheetPreset {
    /// This app's exports (the plan, the people and projects lists).
    Ours,
    Float,
    Runn,
    /// Any sheet: every preset's column names, and Japanese ones.
    Generic,
}

/// What a sheet holds.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SheetHolds {
    /// Bookings and time off (their people and projects made when the team lacks them).
    Bookings,
    People,
    Projects,
}

/// The order of a date's day and month.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SheetDates {
    Iso,
    MonthFirst,
    DayFirst,
}
