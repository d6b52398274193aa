//! Identifier newtypes. Ids we create are ULIDs; ids read from storage or from other systems are
//! accepted when they are 1–64 characters of `A–Z a–z 0–9 _ -`, which keeps them safe inside keys
//! (no `#`, no `~`).

use crate::ValidationError;
use serde::{Deserialize, Serialize};

fn valid_id(raw: &str) -> bool {
    (1..=64).contains(&raw.len()) && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct $name(String);

        impl $name {
            /// A new id from the current time and randomness (a ULID).
            pub fn generate() -> Self {
                Self(ulid::Ulid::new().to_string())
            }

            /// A new id from a given ULID (for exact tests and seeded data).
            pub fn from_ulid(id: ulid::Ulid) -> Self {
                Self(id.to_string())
            }

            pub fn parse(raw: &str) -> Result<Self, ValidationError> {
                if valid_id(raw) {
                    Ok(Self(raw.to_owned()))
                } else {
                    Err(ValidationError::Id(raw.chars().take(64).collect()))
                }
            }
        }

        string_value!($name);
    };
}

id_type!(
    /// A team: one partition of the table.
    TeamId
);
id_type!(
    /// A signed-in user (an identity); a row of the plan is a [`PersonId`].
    UserId
);
id_type!(
    /// A person on the timeline (a row).
    PersonId
);
id_type!(
    /// A project, client or job (a colour on the timeline).
    ProjectId
);
id_type!(
    /// A saved view of the rows (a name, its owner, whether the team sees it).
    ViewId
);
id_type!(
    /// One assignment of a person to a project for a date range.
    AssignmentId
);
id_type!(
    /// A series of repeated bookings (the repeats of one booking).
    SeriesId
);
id_type!(
    /// One stretch of a person's time off.
    TimeOffId
);
id_type!(
    /// A team's public-holiday calendar.
    CalendarId
);
id_type!(
    /// One entry of a team's lists of groups, roles and skills.
    LabelId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_are_ulids_and_parse_back() {
        let id = AssignmentId::generate();
        assert_eq!(id.as_str().len(), 26);
        assert_eq!(AssignmentId::parse(id.as_str()).unwrap(), id);
    }

    #[test]
    fn accepts_external_ids_that_are_safe_in_keys() {
        assert!(TeamId::parse("team_default").is_ok());
        assert!(PersonId::parse("3f1c2a9e-0b1d-4c55-9d0e-7a2b6c1d2e3f").is_ok());
    }

    #[test]
    fn refuses_key_breaking_characters() {
        for bad in ["", "a#b", "a~", "x#1", "a b", "é", &"x".repeat(65)] {
            assert!(TeamId::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }
}
