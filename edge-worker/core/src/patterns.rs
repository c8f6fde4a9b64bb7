//! The request rules of this crate written as JSON Schema patterns, for the OpenAPI document
//! (ADR 0020): the document states beforehand what the handlers refuse, so each pattern here is
//! the same rule as the function named beside it, and the tests below hold them together (every
//! string of a sample set, and strings drawn from each pattern, get the same verdict from both).
//!
//! The patterns are in the common part of ECMA-262 (JSON Schema's dialect), Python's `re` (what
//! test generators draw from) and the `regex` crate: character classes, `\uXXXX`, no look-around.
//! Trimming follows `str::trim`, whose whitespace (`char::is_whitespace`) differs from ECMA's `\s`
//! (U+0085 is one, U+FEFF is not), so `\s` is never used for it.

/// What `str::trim` removes (`char::is_whitespace`), as the inside of a character class.
macro_rules! space {
    () => {
        r"\t\n\u000B\u000C\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"
    };
}

/// `char::is_control` (the Cc category), as the inside of a character class.
macro_rules! control {
    () => {
        r"\u0000-\u001F\u007F-\u009F"
    };
}

/// One host label: letters, digits and '-', 1–63, no '-' at either end (`analysis::normalize_url`).
macro_rules! host {
    () => {
        r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?::[0-9]{1,5})?"
    };
}

/// What may follow the host: a path, query or fragment without whitespace or control characters.
macro_rules! rest_of_address {
    () => {
        concat!(r"(?:[/?#][^", space!(), control!(), r"]*)?")
    };
}

/// Text with something besides whitespace: what a required text is once trimmed.
pub const NOT_BLANK: &str = concat!("[^", space!(), "]");

/// `team::workspace_name`: no control characters and something besides whitespace (its length
/// is a separate `maxLength`).
pub const TEAM_NAME: &str = concat!("^[^", control!(), "]*[^", space!(), control!(), "][^", control!(), "]*$");

/// Only whitespace, or nothing: what trimming makes empty.
pub const BLANK: &str = concat!("^[", space!(), "]*$");

/// At least two characters once trimmed (`transcript::query`).
pub const TWO_OR_MORE: &str =
    concat!("^[", space!(), "]*[^", space!(), "][\\s\\S]*[^", space!(), "][", space!(), "]*$");

/// `analysis::normalize_url`: a domain with optional http(s):// (any case), a port and a path;
/// whitespace around it is trimmed. Its length is a separate `maxLength`.
pub const WEB_ADDRESS: &str =
    concat!("^[", space!(), "]*(?:[Hh][Tt][Tt][Pp][Ss]?://)?", host!(), rest_of_address!(), "[", space!(), "]*$");

/// `study::https_url`, or blank (no URL): https:// and a domain; `{pid}` only after the host.
pub const HTTPS_ADDRESS_OR_BLANK: &str =
    concat!("^[", space!(), "]*(?:[Hh][Tt][Tt][Pp][Ss]://", host!(), rest_of_address!(), ")?[", space!(), "]*$");

/// `auth::email::is_valid`: one '@', text before it, a domain with a dot (no empty label), no
/// whitespace or control characters; whitespace around it is trimmed.
pub const EMAIL: &str = concat!(
    "^[",
    space!(),
    "]*[^@ ",
    space!(),
    control!(),
    "]+@[^@.",
    space!(),
    control!(),
    "]+(?:\\.[^@.",
    space!(),
    control!(),
    "]+)+[",
    space!(),
    "]*$"
);

/// `auth::email::looks_like_address` (product §5's waitlist shape): non-space text, '@', non-space
/// text; whitespace around it is trimmed.
pub const EMAIL_SHAPE: &str = concat!("^[", space!(), "]*[^@", space!(), "]+@[^", space!(), "]+[", space!(), "]*$");

/// `auth::token::is_well_formed`: a reset token (256 random bits, base64url without padding).
pub const TOKEN: &str = "^[A-Za-z0-9_-]{43}$";

/// `study::participant_id`: blank (none) or 1–64 of letters, digits, '-' and '_', trimmed.
pub const PARTICIPANT_ID_OR_BLANK: &str = concat!("^[", space!(), "]*(?:[A-Za-z0-9_-]{1,64})?[", space!(), "]*$");

/// The panel's id parameter (`study::validate`): 1–64 of letters, digits, '-' and '_', trimmed.
pub const ID_PARAMETER: &str = concat!("^[", space!(), "]*[A-Za-z0-9_-]{1,64}[", space!(), "]*$");

/// `recording_mime::base`: MediaRecorder's MP4 or WebM (any case), with or without parameters.
pub const RECORDING_MIME: &str =
    concat!("^[", space!(), "]*[Vv][Ii][Dd][Ee][Oo]/(?:[Mm][Pp]4|[Ww][Ee][Bb][Mm])[", space!(), "]*(?:;[\\s\\S]*)?$");

#[cfg(test)]
#[path = "patterns_tests.rs"]
mod tests;
