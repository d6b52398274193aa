//! The `resource-planner://sign-in?email=…&secret=…` link of the sign-in email. Its secret is
//! not the typed code but a second, 256-bit secret of the same code, so that a link is as hard to
//! forge as a session token. It is parsed strictly, since any program may open such a link; the app
//! asks before it uses one it did not ask for.

use planner_domain::Email;
use planner_store::Sensitive;
use url::Url;
use url::form_urlencoded::byte_serialize;

/// The URL scheme the app registers with the OS.
pub const SCHEME: &str = "resource-planner";

/// Why a link was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("this is not a resource-planner sign-in link")]
    NotSignIn,
    #[error("the sign-in link is damaged; type the code from the email instead")]
    Damaged,
}

/// The link for `email` and the link's `secret`.
pub fn sign_in_link(email: &Email, secret: &Sensitive) -> String {
    let enc = |s: &str| byte_serialize(s.as_bytes()).collect::<String>();
    format!("{SCHEME}://sign-in?email={}&secret={}", enc(email.as_str()), enc(secret.expose()))
}

/// The email and secret of a sign-in link: exactly these two parameters, a valid address, and
/// a secret of 64 hex digits.
pub fn parse_sign_in_link(link: &str) -> Result<(Email, Sensitive), LinkError> {
    let url = Url::parse(link.trim()).map_err(|_| LinkError::NotSignIn)?;
    if url.scheme() != SCHEME || url.host_str() != Some("sign-in") {
        return Err(LinkError::NotSignIn);
    }
    let (mut email, mut secret) = (None, None);
    for (k, v) in url.query_pairs() {
        let slot = match k.as_ref() {
            "email" => &mut email,
            "secret" => &mut secret,
            _ => return Err(LinkError::Damaged),
        };
        if slot.replace(v.into_owned()).is_some() {
            return Err(LinkError::Damaged);
        }
    }
    let email = Email::parse(&email.ok_or(LinkError::Damaged)?).map_err(|_| LinkError::Damaged)?;
    let secret = secret.ok_or(LinkError::Damaged)?;
    if !planner_store::is_link_secret(&secret) {
        return Err(LinkError::Damaged);
    }
    Ok((email, Sensitive::new(secret)))
}

/// The text of a raw quoted-printable message, soft line breaks joined and `=XX` decoded.
pub fn decode_quoted_printable(raw: &str) -> String {
    let joined = raw.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    let hex = |b: u8| (b as char).to_digit(16);
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let (Some(hi), Some(lo)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((hi * 16 + lo) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The sign-in link in a raw sign-in email, as a mail client shows it (the tests read the
/// delivered email this way).
pub fn link_in_email(raw: &str) -> Option<String> {
    let text = decode_quoted_printable(raw);
    let start = text.find(&format!("{SCHEME}://sign-in?"))?;
    let end = text[start..].find(char::is_whitespace).map_or(text.len(), |n| start + n);
    Some(text[start..end].to_owned())
}

/// The code to type in a raw sign-in email (the tests type it, as a person would): the first
/// word of the body of the form the codes are sent in.
pub fn code_in_email(raw: &str) -> Option<String> {
    let text = decode_quoted_printable(raw);
    let body = text.split_once("\r\n\r\n").or_else(|| text.split_once("\n\n"))?.1;
    body.split_whitespace()
        .find(|w| w.len() == planner_store::CODE_LENGTH + 1 && planner_store::has_code_form(w))
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_round_trips() {
        let email = Email::parse("o'brien+plan@example.com").unwrap();
        let secret = Sensitive::random_token();
        let link = sign_in_link(&email, &secret);
        let (e, c) = parse_sign_in_link(&link).unwrap();
        assert_eq!((e, c), (email, secret));
    }

    #[test]
    fn anything_else_is_refused() {
        let h = "0123456789abcdef".repeat(4);
        let cases = [
            (format!("https://sign-in?email=a%40b.co&secret={h}"), LinkError::NotSignIn),
            (format!("resource-planner://open?email=a%40b.co&secret={h}"), LinkError::NotSignIn),
            ("not a url".to_owned(), LinkError::NotSignIn),
            ("resource-planner://sign-in?email=a%40b.co".to_owned(), LinkError::Damaged),
            (format!("resource-planner://sign-in?email=a%40b.co&secret={}", &h[1..]), LinkError::Damaged),
            (
                format!("resource-planner://sign-in?email=a%40b.co&secret={}", h.to_uppercase()),
                LinkError::Damaged,
            ),
            // The links of the earlier layout (a six-digit code) are not links any more.
            ("resource-planner://sign-in?email=a%40b.co&code=123456".to_owned(), LinkError::Damaged),
            (format!("resource-planner://sign-in?email=nobody&secret={h}"), LinkError::Damaged),
            (format!("resource-planner://sign-in?email=a%40b.co&secret={h}&secret={h}"), LinkError::Damaged),
            (format!("resource-planner://sign-in?email=a%40b.co&secret={h}&next=evil"), LinkError::Damaged),
        ];
        for (link, why) in cases {
            assert_eq!(parse_sign_in_link(&link).unwrap_err(), why, "{link}");
        }
    }

    #[test]
    fn quoted_printable_is_read_back() {
        assert_eq!(decode_quoted_printable("caf=C3=A9 long=\r\nline"), "café longline");
        let raw =
            "Subject: x\r\n\r\nopen\r\nresource-planner://sign-in?email=3Da%40b.co&code=3D1=\r\n23456\r\nbye";
        assert_eq!(link_in_email(raw).unwrap(), "resource-planner://sign-in?email=a%40b.co&code=123456");
    }
}
