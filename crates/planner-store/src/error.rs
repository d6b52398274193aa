//! The store's one error type. Every variant has a stable code that the desktop app and the CLI
//! branch on, and a message written for the person who caused it.

use planner_domain::{Role, ValidationError};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    #[error(transparent)]
    Invalid(#[from] ValidationError),
    #[error("the {what} was not found")]
    NotFound { what: &'static str },
    #[error("the {what} already exists")]
    AlreadyExists { what: &'static str },
    #[error("the {what} was changed by someone else in the meantime; reload and try again")]
    Conflict { what: &'static str },
    #[error("the {what} does not exist or is being deleted")]
    ParentGone { what: &'static str },
    #[error("your role ({role}) does not allow you to {action}")]
    Forbidden { role: Role, action: &'static str },
    #[error("you are not a member of that team")]
    NotMember,
    #[error("a team needs at least one admin: make someone else an admin first")]
    LastAdmin,
    #[error("your session has ended or expired; please sign in again")]
    SessionInvalid,
    /// Sign-in by AWS identity: STS named an identity that IT has not linked to a user.
    #[error(
        "your AWS identity ({principal}, id {id}) is not linked to a user of this table; ask your IT department to link it (rp-admin link-identity --principal {principal} --principal-id {id})"
    )]
    UnknownIdentity { principal: String, id: String },
    #[error("this sign-in code is wrong, has expired or was already used")]
    CodeInvalid,
    #[error("the data store cannot be reached: {message}")]
    Unavailable { message: String },
    /// Throttled: the table is reachable but refuses more requests for now. Not a reason to go
    /// offline: every member's window would flip at once when a team is busy.
    #[error("the team's data store is busy ({message}); nothing was changed, try again in a moment")]
    Busy { message: String },
    /// IAM denied this request: the credentials work but their policy does not allow it (a
    /// viewer's role writing, another team's partition). Not a reason to go offline.
    #[error("AWS denied this ({message}); your AWS role does not allow it: ask your IT department")]
    Denied { message: String },
    #[error("the AWS credentials were refused or are missing: {message}")]
    Credentials { message: String },
    #[error("the configuration is not usable: {message}")]
    Config { message: String },
    /// A team export that cannot be imported as it is (checked before anything is written).
    #[error("the team export cannot be imported, and nothing was written: {message}")]
    BadFile { message: String },
    #[error("a stored item ({key}) is damaged: {detail}")]
    Corrupt { key: String, detail: String },
    #[error("the data store reported an error: {message}")]
    Engine { message: String },
}

impl StoreError {
    /// A stable, machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            StoreError::Invalid(e) => e.code(),
            StoreError::NotFound { .. } => "not_found",
            StoreError::AlreadyExists { .. } => "already_exists",
            StoreError::Conflict { .. } => "conflict",
            StoreError::ParentGone { .. } => "parent_gone",
            StoreError::Forbidden { .. } => "forbidden",
            StoreError::NotMember => "not_member",
            StoreError::LastAdmin => "last_admin",
            StoreError::SessionInvalid => "session_invalid",
            StoreError::UnknownIdentity { .. } => "unknown_identity",
            StoreError::CodeInvalid => "code_invalid",
            StoreError::Unavailable { .. } => "unavailable",
            StoreError::Busy { .. } => "busy",
            StoreError::Denied { .. } => "denied",
            StoreError::Credentials { .. } => "credentials",
            StoreError::Config { .. } => "config",
            StoreError::BadFile { .. } => "bad_file",
            StoreError::Corrupt { .. } => "corrupt",
            StoreError::Engine { .. } => "engine",
        }
    }

    pub(crate) fn build(e: aws_sdk_dynamodb::error::BuildError) -> Self {
        StoreError::Engine { message: format!("request could not be built: {e}") }
    }

    pub(crate) fn corrupt(key: impl Into<String>, detail: impl Into<String>) -> Self {
        StoreError::Corrupt { key: key.into(), detail: detail.into() }
    }
}
