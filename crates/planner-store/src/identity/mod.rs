//! Who someone is and which teams they may act in: users, linked accounts and sessions
//! (`users`), sign-in by an emailed code (`signin`) or by AWS identity (`aws`), team memberships
//! and a user's teams (`members`), and the [`crate::TeamScope`]s made from them (`scopes`).

mod aws;
mod members;
mod scopes;
mod signin;
mod users;

pub use aws::{Caller, Credential, IdentityLink};
pub use members::{MemberInfo, TeamMembership};
pub use signin::{
    CODE_BITS, CODE_LENGTH, CODES_PER_HOUR, IssuedCode, SignedIn, WRONG_CODES_ALLOWED, has_code_form,
};
pub use users::{SESSION_DAYS, VERIFICATION_MINUTES, VerifiedSession};

use crate::Store;

/// Users, sessions, sign-in, memberships and team scopes. A handle on the store
/// ([`Store::identity`]).
#[derive(Clone, Copy)]
pub struct Identity<'a> {
    store: &'a Store,
}

impl Store {
    /// Users, sessions, sign-in, memberships and team scopes.
    pub fn identity(&self) -> Identity<'_> {
        Identity { store: self }
    }
}
