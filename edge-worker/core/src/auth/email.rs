//! E-mail addresses: product §5's shape check (text, @, text) plus the limits of real addresses.

/// Longest address SMTP allows.
pub const MAX_EMAIL_LEN: usize = 254;

/// Trimmed and lower-cased: two sign-ups differing only in case are the same account.
pub fn normalize(email: &str) -> String {
    email.trim().to_lowercase()
}

/// True when `email` looks like an address: one `@` with non-space text on both sides and a dot in
/// the domain, at most 254 characters.
/// The same rule is `patterns::EMAIL` with `maxLength` [`MAX_EMAIL_LEN`] (the value as sent).
pub fn is_valid(sent: &str) -> bool {
    let email = sent.trim();
    if email.is_empty()
        || sent.chars().count() > MAX_EMAIL_LEN
        || email.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return false;
    }
    let mut parts = email.split('@');
    let (Some(local), Some(domain), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

/// Product §5's own shape (the waitlist): non-space text, `@`, non-space text. The same rule
/// is `patterns::EMAIL_SHAPE` with `maxLength` [`MAX_EMAIL_LEN`] (the value as sent).
pub fn looks_like_address(sent: &str) -> bool {
    let email = sent.trim();
    match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.is_empty()
                && sent.chars().count() <= MAX_EMAIL_LEN
                && !email.chars().any(char::is_whitespace)
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_ordinary_addresses() {
        for ok in ["ana@example.com", "a.b+tag@sub.example.es", "  Ana@Example.COM "] {
            assert!(is_valid(ok), "{ok}");
        }
    }

    #[test]
    fn refuses_what_is_not_an_address() {
        for bad in [
            "",
            "ana",
            "ana@",
            "@example.com",
            "ana@example",
            "a b@example.com",
            "a@@example.com",
            "a@b@c.com",
            "a@.com",
            "a@example..com",
        ] {
            assert!(!is_valid(bad), "{bad}");
        }
        assert!(!is_valid(&format!("{}@example.com", "a".repeat(250))));
    }

    #[test]
    fn the_spec_shape_is_looser() {
        assert!(looks_like_address("a@b"));
        assert!(!looks_like_address("a@"));
        assert!(!looks_like_address("a b@c"));
        assert!(!looks_like_address("abc"));
    }

    #[test]
    fn normalizes_case_and_space() {
        assert_eq!(normalize("  Ana@Example.COM "), "ana@example.com");
    }
}
