//! Sign-in, the team switcher, sign-out, and the window's ear for what changes unasked.

use crate::ipc::{self, IpcError, SessionUpdateDto};
use planner_app::Sensitive;
use planner_app::{App, SessionUpdate, Window};
use planner_command::command;
use std::sync::Arc;
use tauri::State;
use tauri::ipc::Channel;

/// Tries to reach the table now (the banner's "Try again"); answers what is open then.
#[command]
pub async fn reconnect(app: State<'_, App>) -> Result<SessionUpdateDto, IpcError> {
    app.check_connection().await;
    Ok(app.told().await.into())
}

/// Who is signed in, to which teams, and which team is open (the start-up screen's question).
#[command]
pub async fn session_status(app: State<'_, App>) -> Result<SessionUpdateDto, IpcError> {
    Ok(app.told().await.into())
}

/// Asks for a sign-in code by email. The answer is the same for every email (no enumeration).
#[command]
pub async fn request_sign_in_code(app: State<'_, App>, email: String, lang: String) -> Result<(), IpcError> {
    let lang = if lang == "ja" { planner_auth::Lang::Ja } else { planner_auth::Lang::En };
    Ok(app.request_code(&ipc::email(&email)?, lang).await?)
}

/// Signs in with the code typed from the email.
#[command]
pub async fn sign_in(app: State<'_, App>, email: String, code: String) -> Result<SessionUpdateDto, IpcError> {
    let code = Sensitive::new(code.trim().to_owned());
    Ok(app.sign_in(&ipc::email(&email)?, &code).await?.into())
}

/// Signs in by AWS identity (where IT set `signin.methods = ["aws-identity"]`): STS names the
/// identity of the app's AWS credentials, IT's link the user.
#[command]
pub async fn sign_in_with_aws(app: State<'_, App>) -> Result<SessionUpdateDto, IpcError> {
    Ok(app.sign_in_with_aws().await?.into())
}

/// Signs in with the `resource-planner://sign-in?…` link from the email, or, for a link this app
/// did not ask for, answers the question to ask first (`ask`).
#[command]
pub async fn open_sign_in_link(app: State<'_, App>, link: String) -> Result<SessionUpdateDto, IpcError> {
    Ok(app.open_link(&link).await?.into())
}

/// The answer to the question about the sign-in link for `email`: `accept` signs in with it;
/// either way it is let go.
#[command]
pub async fn answer_sign_in_link(
    app: State<'_, App>,
    email: String,
    accept: bool,
) -> Result<SessionUpdateDto, IpcError> {
    Ok(app.answer_link(&ipc::email(&email)?, accept).await?.into())
}

/// Opens another of the signed-in user's teams (the stored membership decides).
#[command]
pub async fn switch_team(app: State<'_, App>, team: String) -> Result<SessionUpdateDto, IpcError> {
    Ok(app.switch_team(&ipc::team_id(&team)?).await?.into())
}

/// Signs out: ends the session (or, with `everywhere`, all of the user's sessions) and removes
/// the token from the keyring.
#[command]
pub async fn sign_out(app: State<'_, App>, everywhere: bool) -> Result<SessionUpdateDto, IpcError> {
    Ok(app.sign_out(everywhere).await?.into())
}

/// The window's ear: what changes without it asking (a sign-in link the OS handed over, a
/// session found ended) arrives on `on_change`.
#[command]
pub fn watch_session(app: State<'_, App>, on_change: Channel<SessionUpdateDto>) {
    app.watch(Arc::new(Ear(on_change)));
}

/// The window's channel as the application's [`Window`].
struct Ear(Channel<SessionUpdateDto>);

impl Window for Ear {
    fn hear(&self, told: SessionUpdate) {
        // A window that went away has nobody to tell.
        let _ = self.0.send(told.into());
    }
}
