//! The sign-in email: composed here, sent over SMTP with `lettre` (STARTTLS, implicit TLS, or
//! plain on a trusted relay), with the server, port, TLS mode, sender and credentials from the
//! configuration. It holds the code and a `resource-planner://` link that completes the sign-in.

use crate::link::sign_in_link;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Mailbox, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use planner_store::{IssuedCode, Sensitive};
use serde::Deserialize;
use std::fmt;
use std::time::Duration;

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TlsMode {
    /// STARTTLS on a plain connection (port 587), required: no fallback to plain text.
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: only for a relay on the same host or a trusted network segment.
    None,
}

/// Where sign-in emails go out. `Debug` never shows the password.
#[derive(Clone, Deserialize)]
pub struct MailConfig {
    pub host: String,
    pub port: u16,
    pub tls: TlsMode,
    /// `Name <address>` or an address.
    pub from: String,
    pub username: Option<String>,
    #[serde(deserialize_with = "sensitive")]
    #[serde(default)]
    pub password: Option<Sensitive>,
}

fn sensitive<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Sensitive>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.map(Sensitive::new))
}

impl fmt::Debug for MailConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MailConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("from", &self.from)
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

/// Why a sign-in email could not be sent; said to the user as a sentence.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("the mail settings are not usable: {0}")]
    Config(String),
    #[error(
        "the sign-in email could not be sent ({0}); ask your IT department to check the mail server settings"
    )]
    Send(String),
}

/// The language of the email.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Ja,
}

/// Sends sign-in emails through one SMTP server.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpMailer").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl SmtpMailer {
    pub fn new(config: &MailConfig) -> Result<Self, MailError> {
        let from: Mailbox =
            config.from.parse().map_err(|e| MailError::Config(format!("sender {:?}: {e}", config.from)))?;
        let tls = |host: &str| {
            TlsParameters::new(host.to_owned()).map_err(|e| MailError::Config(format!("TLS for {host}: {e}")))
        };
        let builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&config.host)
            .port(config.port)
            .timeout(Some(Duration::from_secs(20)))
            .tls(match config.tls {
                TlsMode::Starttls => Tls::Required(tls(&config.host)?),
                TlsMode::Tls => Tls::Wrapper(tls(&config.host)?),
                TlsMode::None => Tls::None,
            });
        let builder = match (&config.username, &config.password) {
            (Some(user), Some(password)) => {
                builder.credentials(Credentials::new(user.clone(), password.expose().to_owned()))
            }
            (None, None) => builder,
            _ => return Err(MailError::Config("give both a username and a password, or neither".into())),
        };
        Ok(Self { transport: builder.build(), from })
    }

    /// Sends the code and its link to the address it was issued for.
    pub async fn send_sign_in_code(&self, issued: &IssuedCode, lang: Lang) -> Result<(), MailError> {
        let message = sign_in_message(&self.from, issued, lang)?;
        self.transport.send(message).await.map_err(|e| MailError::Send(e.to_string()))?;
        Ok(())
    }
}

/// The email: the code in the subject and the body, the link that completes the sign-in, and
/// how long both are valid.
pub fn sign_in_message(from: &Mailbox, issued: &IssuedCode, lang: Lang) -> Result<Message, MailError> {
    let to: Mailbox = issued
        .email
        .as_str()
        .parse()
        .map_err(|e| MailError::Config(format!("recipient {}: {e}", issued.email.as_str())))?;
    let code = issued.code.expose();
    let link = sign_in_link(&issued.email, &issued.link_secret);
    let minutes = planner_store::VERIFICATION_MINUTES;
    let (subject, body) = match lang {
        Lang::En => (
            format!("Your resource-planner sign-in code: {code}"),
            format!(
                "Your sign-in code for resource-planner is\n\n    {code}\n\n\
                 Type it into the app, or open this link on the computer where the app is installed:\n\n\
                 {link}\n\nThe code works once, for {minutes} minutes. If you did not ask for it, ignore this email.\n"
            ),
        ),
        Lang::Ja => (
            format!("resource-planner のサインインコード: {code}"),
            format!(
                "resource-planner のサインインコードは\n\n    {code}\n\nです。アプリに入力するか、\
                 アプリをインストールしたコンピューターで次のリンクを開いてください。\n\n{link}\n\n\
                 コードは {minutes} 分間、1 回だけ使えます。心当たりがない場合はこのメールを無視してください。\n"
            ),
        ),
    };
    // Quoted-printable: ASCII (the code, the link) stays readable in the raw message.
    let part = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .header(ContentTransferEncoding::QuotedPrintable)
        .body(body);
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(subject)
        .singlepart(part)
        .map_err(|e| MailError::Config(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_domain::Email;

    fn issued() -> IssuedCode {
        IssuedCode {
            email: Email::parse("ada@example.com").unwrap(),
            code: Sensitive::new("7KQ4M-XPD2R".into()),
            link_secret: Sensitive::new("ab".repeat(32)),
            expires: 0,
        }
    }

    #[test]
    fn the_email_holds_the_code_and_the_link() {
        let from: Mailbox = "Planner <planner@example.com>".parse().unwrap();
        for lang in [Lang::En, Lang::Ja] {
            let raw =
                String::from_utf8(sign_in_message(&from, &issued(), lang).unwrap().formatted()).unwrap();
            assert!(raw.contains("To: ada@example.com"), "{raw}");
            let body = crate::link::decode_quoted_printable(&raw);
            assert!(body.contains("    7KQ4M-XPD2R\r\n") || body.contains("    7KQ4M-XPD2R\n"), "{body}");
            let link =
                format!("resource-planner://sign-in?email=ada%40example.com&secret={}", "ab".repeat(32));
            assert!(body.contains(&link), "{body}");
            assert_eq!(crate::link::code_in_email(&raw).as_deref(), Some("7KQ4M-XPD2R"));
        }
    }

    #[test]
    fn the_password_never_prints() {
        let config = MailConfig {
            host: "smtp.example.com".into(),
            port: 587,
            tls: TlsMode::Starttls,
            from: "planner@example.com".into(),
            username: Some("relay".into()),
            password: Some(Sensitive::new("hunter2".into())),
        };
        assert!(!format!("{config:?}").contains("hunter2"));
        assert!(SmtpMailer::new(&config).is_ok());
        let half = MailConfig { password: None, ..config };
        assert!(matches!(SmtpMailer::new(&half), Err(MailError::Config(_))));
    }
}
