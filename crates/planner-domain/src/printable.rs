//! Text from the table said where a control character could do harm: a log line, a terminal, an
//! error sentence. A name, a key or a change record is text whoever may write the partition chose,
//! and a line break or an escape sequence in it could forge log lines or move a terminal's cursor.

use std::borrow::Cow;

/// `text` with every control character but those in `keep` written as its escape (`\u{1b}`).
pub fn printable<'a>(text: &'a str, keep: &[char]) -> Cow<'a, str> {
    let unsafe_char = |c: char| c.is_control() && !keep.contains(&c);
    if !text.chars().any(unsafe_char) {
        return text.into();
    }
    text.chars()
        .map(|c| if unsafe_char(c) { c.escape_unicode().to_string() } else { c.to_string() })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_written_as_escapes_but_those_kept() {
        assert_eq!(printable("plain 山田 👩‍💻", &[]), "plain 山田 👩‍💻");
        assert_eq!(printable("a\nb\u{1b}[31mc\u{7}", &[]), "a\\u{a}b\\u{1b}[31mc\\u{7}");
        assert_eq!(printable("a\nb\u{1b}", &['\n']), "a\nb\\u{1b}");
    }
}
