//! Fixed-window rate limits for auth and public endpoints. The counters live in D1; this module
//! decides the window and whether a count is over the limit.

/// A limit: at most `max` attempts per `window_ms`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub name: &'static str,
    pub max: i64,
    pub window_ms: i64,
}

const MINUTE: i64 = 60 * 1000;

/// Login attempts from one client address.
pub const LOGIN_PER_CLIENT: Limit = Limit { name: "login-client", max: 30, window_ms: 15 * MINUTE };
/// Failed logins against one account, whoever tries (slows password guessing on one victim).
pub const LOGIN_FAILURES_PER_ACCOUNT: Limit = Limit { name: "login-account", max: 10, window_ms: 15 * MINUTE };
/// Registrations from one client address.
pub const REGISTER_PER_CLIENT: Limit = Limit { name: "register-client", max: 10, window_ms: 60 * MINUTE };
/// Reset e-mails requested from one client address.
pub const RESET_PER_CLIENT: Limit = Limit { name: "reset-client", max: 10, window_ms: 60 * MINUTE };
/// Reset e-mails sent to one account (stops mail-bombing a victim).
pub const RESET_PER_ACCOUNT: Limit = Limit { name: "reset-account", max: 3, window_ms: 60 * MINUTE };
/// Password changes by one user (each one hashes twice).
pub const PASSWORD_CHANGE_PER_USER: Limit = Limit { name: "password-change", max: 10, window_ms: 15 * MINUTE };

/// Waitlist sign-ups from one client address.
pub const WAITLIST_PER_CLIENT: Limit = Limit { name: "waitlist-client", max: 20, window_ms: 60 * MINUTE };

/// The message for a refused attempt.
pub const TOO_MANY_MESSAGE: &str = "Demasiados intentos. Espera unos minutos y vuelve a intentarlo.";

impl Limit {
    /// Start of the window containing `now`.
    pub fn window_start(&self, now: i64) -> i64 {
        now - now.rem_euclid(self.window_ms)
    }

    /// Storage key for `subject` (a client address or a normalised e-mail) in the current window.
    pub fn key(&self, subject: &str, now: i64) -> String {
        format!("{}:{}:{}", self.name, self.window_start(now), subject)
    }

    /// Seconds until the window ends, for `Retry-After`.
    pub fn retry_after_secs(&self, now: i64) -> i64 {
        ((self.window_start(now) + self.window_ms - now) + 999) / 1000
    }

    /// True once `count` attempts (including the current one) exceed the limit.
    pub fn exceeded(&self, count: i64) -> bool {
        count > self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_aligned_and_keys_change_with_them() {
        let l = Limit { name: "t", max: 2, window_ms: 1000 };
        assert_eq!(l.window_start(2500), 2000);
        assert_eq!(l.key("1.2.3.4", 2500), "t:2000:1.2.3.4");
        assert_ne!(l.key("x", 2999), l.key("x", 3000));
        assert_eq!(l.retry_after_secs(2500), 1);
    }

    #[test]
    fn the_limit_allows_max_attempts_then_refuses() {
        let l = Limit { name: "t", max: 2, window_ms: 1000 };
        assert!(!l.exceeded(1));
        assert!(!l.exceeded(2));
        assert!(l.exceeded(3));
    }
}
