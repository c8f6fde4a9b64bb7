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

/// The rate-limit subject for a client address: an IPv4 address as it is, an IPv6 address by its
/// /64 network (one subscriber usually gets a whole /64, so per-address keys would give a single
/// client 2^64 buckets), an IPv4-mapped IPv6 address as its IPv4 address. Anything unparsable is
/// kept as it came, so it still has a bucket of its own.
pub fn client_key(address: &str) -> String {
    let address = address.trim();
    match address.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(v4)) => v4.to_string(),
        Ok(std::net::IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
        Err(_) => address.to_string(),
    }
}

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
    fn ipv6_clients_share_a_bucket_per_64_and_ipv4_stays_per_address() {
        assert_eq!(client_key("203.0.113.7"), "203.0.113.7");
        assert_eq!(client_key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(client_key("2001:db8:1:2:ffff:ffff:ffff:ffff"), client_key("2001:0db8:0001:0002::9"));
        assert_ne!(client_key("2001:db8:1:2::1"), client_key("2001:db8:1:3::1"));
        assert_eq!(client_key("::ffff:192.0.2.1"), "192.0.2.1");
        assert_eq!(client_key("unknown"), "unknown");
    }

    #[test]
    fn the_limit_allows_max_attempts_then_refuses() {
        let l = Limit { name: "t", max: 2, window_ms: 1000 };
        assert!(!l.exceeded(1));
        assert!(!l.exceeded(2));
        assert!(l.exceeded(3));
    }
}
