//! The application's one error type, [`AppError`], and the codes that cross to the window,
//! [`ErrorCode`]. Inside Rust decisions are taken on the variants (`is_out_of_reach`,
//! `is_session_gone`); the code is read only at the IPC edge, where the UI branches on it and
//! its Japanese sentences are typed against the generated union.

use planner_domain::ValidationError;
use planner_store::StoreError;
use serde::{Deserialize, Serialize};

/// Declares [`ErrorCode`] once: each variant with the code the window reads (its serde name,
/// which a test holds equal), and the list of them all.
macro_rules! error_codes {
    ($($variant:ident = $code:literal,)*) => {
        /// Every code an error can carry to the window. `ui/src/ipc/bindings/ErrorCode.ts` is
        /// generated from it, so a code the UI does not know fails the UI's type check.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
        #[serde(rename_all = "snake_case")]
        #[ts(export)]
        pub enum ErrorCode {
            $($variant,)*
        }

        impl ErrorCode {
            /// Every code, for tests that hold the list against its users.
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The code as the window reads it (`conflict`, `invalid_date`, …).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $code,)*
                }
            }
        }
    };
}

error_codes! {
    // A value from the window that is not acceptable (planner-domain's `ValidationError`).
    NameEmpty = "name_empty",
    NameTooLong = "name_too_long",
    NameControlCharacter = "name_control_character",
    NameFormatCharacter = "name_format_character",
    InvalidColor = "invalid_color",
    InvalidDate = "invalid_date",
    NoSuchDay = "no_such_day",
    DateOutOfRange = "date_out_of_range",
    RangeEndBeforeStart = "range_end_before_start",
    RangeEmpty = "range_empty",
    RangeTooLong = "range_too_long",
    InvalidId = "invalid_id",
    InvalidEmail = "invalid_email",
    InvalidRole = "invalid_role",
    NothingToChange = "nothing_to_change",
    InvalidHours = "invalid_hours",
    InvalidOffHours = "invalid_off_hours",
    InvalidPercent = "invalid_percent",
    InvalidTotalHours = "invalid_total_hours",
    NoWorkingDay = "no_working_day",
    InvalidWeekHours = "invalid_week_hours",
    InvalidSchedule = "invalid_schedule",
    WorkEndsBeforeStart = "work_ends_before_start",
    InvalidRegion = "invalid_region",
    InvalidCalendarFile = "invalid_calendar_file",
    CalendarFileTooLarge = "calendar_file_too_large",
    TooManyHolidays = "too_many_holidays",
    ReportTooLong = "report_too_long",
    NotPlaceholder = "not_placeholder",
    NotPlaceholdersBooking = "not_placeholders_booking",
    FeedDays = "feed_days",
    InvalidLabelKind = "invalid_label_kind",
    InvalidGroupDays = "invalid_group_days",
    TooManySkills = "too_many_skills",
    NoSuchLabel = "no_such_label",
    DuplicateLabel = "duplicate_label",
    InvalidView = "invalid_view",
    TooManyBookings = "too_many_bookings",
    BookingTwice = "booking_twice",
    InvalidRepeat = "invalid_repeat",
    TooManyRepeats = "too_many_repeats",
    RepeatNone = "repeat_none",
    RepeatPastEnd = "repeat_past_end",
    ExportTooLarge = "export_too_large",
    // The table (planner-store's `StoreError`).
    NotFound = "not_found",
    AlreadyExists = "already_exists",
    Conflict = "conflict",
    ParentGone = "parent_gone",
    Forbidden = "forbidden",
    NotMember = "not_member",
    LastAdmin = "last_admin",
    SessionInvalid = "session_invalid",
    UnknownIdentity = "unknown_identity",
    CodeInvalid = "code_invalid",
    Unavailable = "unavailable",
    Busy = "busy",
    Denied = "denied",
    Credentials = "credentials",
    Config = "config",
    Corrupt = "corrupt",
    Engine = "engine",
    // The application.
    Offline = "offline",
    Unconfirmed = "unconfirmed",
    NotLoaded = "not_loaded",
    SignedOut = "signed_out",
    Keyring = "keyring",
    LocalData = "local_data",
    Mail = "mail",
    BadLink = "bad_link",
    CacheDamaged = "cache_damaged",
    Backup = "backup",
    BadFile = "bad_file",
    SaveFile = "save_file",
    ImportFile = "import_file",
    Update = "update",
}

impl ErrorCode {
    fn of_validation(e: &ValidationError) -> Self {
        use ValidationError as V;
        match e {
            V::NameEmpty => Self::NameEmpty,
            V::NameTooLong { .. } => Self::NameTooLong,
            V::NameControlCharacter => Self::NameControlCharacter,
            V::NameFormatCharacter => Self::NameFormatCharacter,
            V::Color(_) => Self::InvalidColor,
            V::Date(_) => Self::InvalidDate,
            V::NoSuchDay(_) => Self::NoSuchDay,
            V::DateOutOfRange(_) => Self::DateOutOfRange,
            V::RangeEndBeforeStart { .. } => Self::RangeEndBeforeStart,
            V::RangeEmpty => Self::RangeEmpty,
            V::RangeTooLong { .. } => Self::RangeTooLong,
            V::Id(_) => Self::InvalidId,
            V::Email(_) => Self::InvalidEmail,
            V::Role(_) => Self::InvalidRole,
            V::NothingToChange => Self::NothingToChange,
            V::Hours(_) => Self::InvalidHours,
            V::OffHours(_) => Self::InvalidOffHours,
            V::Percent(_) => Self::InvalidPercent,
            V::TotalHours { .. } => Self::InvalidTotalHours,
            V::NoWorkingDay { .. } => Self::NoWorkingDay,
            V::WeekHours(_) => Self::InvalidWeekHours,
            V::ScheduleWeeks => Self::InvalidSchedule,
            V::WorkEndsBeforeStart { .. } => Self::WorkEndsBeforeStart,
            V::Region(_) => Self::InvalidRegion,
            V::CalendarFile(_) => Self::InvalidCalendarFile,
            V::CalendarFileTooLarge { .. } => Self::CalendarFileTooLarge,
            V::TooManyHolidays { .. } => Self::TooManyHolidays,
            V::ReportTooLong { .. } => Self::ReportTooLong,
            V::NotPlaceholder => Self::NotPlaceholder,
            V::NotPlaceholdersBooking { .. } => Self::NotPlaceholdersBooking,
            V::FeedDays { .. } => Self::FeedDays,
            V::LabelKind(_) => Self::InvalidLabelKind,
            V::GroupDays { .. } => Self::InvalidGroupDays,
            V::TooManySkills { .. } => Self::TooManySkills,
            V::NoSuchLabel { .. } => Self::NoSuchLabel,
            V::DuplicateLabel { .. } => Self::DuplicateLabel,
            V::ManyBookings { .. } => Self::TooManyBookings,
            V::BookingTwice(_) => Self::BookingTwice,
            V::RepeatEvery { .. } | V::RepeatCount => Self::InvalidRepeat,
            V::TooManyRepeats { .. } => Self::TooManyRepeats,
            V::RepeatNone { .. } => Self::RepeatNone,
            V::RepeatPastEnd => Self::RepeatPastEnd,
            V::ExportTooLarge { .. } => Self::ExportTooLarge,
            V::View(_) => Self::InvalidView,
        }
    }

    fn of_store(e: &StoreError) -> Self {
        use StoreError as S;
        match e {
            S::Invalid(v) => Self::of_validation(v),
            S::NotFound { .. } => Self::NotFound,
            S::AlreadyExists { .. } => Self::AlreadyExists,
            S::Conflict { .. } => Self::Conflict,
            S::ParentGone { .. } => Self::ParentGone,
            S::Forbidden { .. } => Self::Forbidden,
            S::NotMember => Self::NotMember,
            S::LastAdmin => Self::LastAdmin,
            S::SessionInvalid => Self::SessionInvalid,
            S::UnknownIdentity { .. } => Self::UnknownIdentity,
            S::CodeInvalid => Self::CodeInvalid,
            S::Unavailable { .. } => Self::Unavailable,
            S::Busy { .. } => Self::Busy,
            S::Denied { .. } => Self::Denied,
            S::Credentials { .. } => Self::Credentials,
            S::Config { .. } => Self::Config,
            S::BadFile { .. } => Self::BadFile,
            S::Corrupt { .. } => Self::Corrupt,
            S::Engine { .. } => Self::Engine,
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What can go wrong in the application; each variant's text is a sentence for the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AppError {
    /// The table (or a value the store refused).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Refused because the table cannot be reached (nothing was sent); `reason` says why, none
    /// while a start from the offline copy is still reaching the table.
    #[error("{}", offline_text(.reason.as_deref()))]
    Offline { reason: Option<Box<AppError>> },
    /// A write whose answer was lost with the connection: it may or may not have been saved.
    #[error(
        "the connection was lost while this change was being saved ({reason}); it is checked when the connection is back, and doing it again then is safe"
    )]
    Unconfirmed { reason: Box<AppError> },
    /// Offline, and the copy does not hold these days.
    #[error("this part of the timeline was not loaded before the connection was lost")]
    NotLoaded,
    /// Nobody is signed in to the team table.
    #[error("you are signed out; sign in to open your team")]
    SignedOut,
    /// A setting is missing or unusable (the text names the file, line or key).
    #[error("{0}")]
    Config(String),
    #[error("{0}")]
    Keyring(String),
    /// The user's local files for a table could not be removed.
    #[error("{0}")]
    LocalData(String),
    #[error("{0}")]
    Mail(String),
    #[error("{0}")]
    BadLink(String),
    /// An offline copy could not be read and was discarded (a notice, not a failure).
    #[error("{0}")]
    CacheDamaged(String),
    /// The backup before moving the local workspace could not be written.
    #[error("{0}")]
    Backup(String),
    /// A file the user asked for (the report's CSV) could not be written.
    #[error("{0}")]
    SaveFile(String),
    /// A file to import that cannot be read at all (a row's problem only skips the row).
    #[error(transparent)]
    ImportFile(#[from] planner_files::import::ImportError),
    /// An update that could not be looked for, fetched, proven or installed.
    #[error("{0}")]
    Update(String),
}

fn offline_text(reason: Option<&AppError>) -> String {
    match reason {
        Some(r) => format!("you are offline, so nothing can be changed until the connection is back ({r})"),
        None => "the team's data is still being reached; try again in a moment".into(),
    }
}

impl From<ValidationError> for AppError {
    fn from(e: ValidationError) -> Self {
        AppError::Store(e.into())
    }
}

impl AppError {
    pub fn code(&self) -> ErrorCode {
        match self {
            AppError::Store(e) => ErrorCode::of_store(e),
            AppError::Offline { .. } => ErrorCode::Offline,
            AppError::Unconfirmed { .. } => ErrorCode::Unconfirmed,
            AppError::NotLoaded => ErrorCode::NotLoaded,
            AppError::SignedOut => ErrorCode::SignedOut,
            AppError::Config(_) => ErrorCode::Config,
            AppError::Keyring(_) => ErrorCode::Keyring,
            AppError::LocalData(_) => ErrorCode::LocalData,
            AppError::Mail(_) => ErrorCode::Mail,
            AppError::BadLink(_) => ErrorCode::BadLink,
            AppError::CacheDamaged(_) => ErrorCode::CacheDamaged,
            AppError::Backup(_) => ErrorCode::Backup,
            AppError::SaveFile(_) => ErrorCode::SaveFile,
            AppError::ImportFile(_) => ErrorCode::ImportFile,
            AppError::Update(_) => ErrorCode::Update,
        }
    }

    /// The table is out of reach (network, timeouts, lapsed credentials): the window goes
    /// offline rather than failing.
    pub fn is_out_of_reach(&self) -> bool {
        matches!(self, AppError::Store(StoreError::Unavailable { .. } | StoreError::Credentials { .. }))
    }

    /// The session ended or the user is in no team any more: this computer forgets it.
    pub fn is_session_gone(&self) -> bool {
        matches!(
            self,
            AppError::Store(
                StoreError::SessionInvalid | StoreError::NotMember | StoreError::UnknownIdentity { .. }
            )
        )
    }

    /// Refused offline (nothing was sent): a read answers from the copy instead.
    pub fn is_offline(&self) -> bool {
        matches!(self, AppError::Offline { .. })
    }

    pub(crate) fn offline(reason: Option<&AppError>) -> Self {
        AppError::Offline { reason: reason.map(|r| Box::new(r.clone())) }
    }

    pub(crate) fn config(message: impl Into<String>) -> Self {
        AppError::Config(message.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_reads_as_its_serde_name_and_all_lists_each_once() {
        let mut seen = std::collections::HashSet::new();
        for &code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), serde_json::json!(code.as_str()));
            assert!(seen.insert(code.as_str()), "{code} twice");
        }
    }

    #[test]
    fn codes_come_from_the_variants_and_the_store_agrees() {
        let store_errors = [
            StoreError::NotMember,
            StoreError::SessionInvalid,
            StoreError::Unavailable { message: "down".into() },
            StoreError::Invalid(ValidationError::RangeEmpty),
            StoreError::Conflict { what: "assignment" },
            StoreError::UnknownIdentity {
                principal: "arn:aws:iam::1:user/a".into(),
                id: "AIDAEXAMPLE".into(),
            },
            StoreError::Denied { message: "no".into() },
        ];
        for e in store_errors {
            // The store's own code (rp-admin prints it) is the one the window reads.
            assert_eq!(AppError::from(e.clone()).code().as_str(), e.code());
        }
        assert!(AppError::from(StoreError::Credentials { message: "x".into() }).is_out_of_reach());
        assert!(!AppError::from(StoreError::Conflict { what: "x" }).is_out_of_reach());
        // IAM denying a request is not a lost table: the window stays online and says why.
        assert!(!AppError::from(StoreError::Denied { message: "x".into() }).is_out_of_reach());
        assert!(
            AppError::from(StoreError::UnknownIdentity { principal: "arn:x".into(), id: "AIDAX".into() })
                .is_session_gone()
        );
        // A busy (throttled) table is reachable: no window goes offline for it.
        assert!(!AppError::from(StoreError::Busy { message: "x".into() }).is_out_of_reach());
        assert!(AppError::from(StoreError::NotMember).is_session_gone());
        assert!(!AppError::NotLoaded.is_session_gone());
    }

    #[test]
    fn offline_and_unconfirmed_say_why() {
        let down = AppError::from(StoreError::Unavailable { message: "timeout".into() });
        let off = AppError::offline(Some(&down));
        assert_eq!(off.code(), ErrorCode::Offline);
        assert!(off.to_string().contains("the data store cannot be reached: timeout"));
        assert_eq!(
            AppError::offline(None).to_string(),
            "the team's data is still being reached; try again in a moment"
        );
        let lost = AppError::Unconfirmed { reason: Box::new(down) };
        assert!(lost.to_string().starts_with("the connection was lost while this change was being saved ("));
    }
}
