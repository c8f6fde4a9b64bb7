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
/// Failed logins against one account from one client network: past this that network is refused
/// (429) for the window; other networks are not (no lockout of the owner, ASVS 2.2.1). Each
/// attempt is counted before its password is checked and given back when it succeeds, so
/// concurrent guesses cannot all pass on the same old count.
pub const LOGIN_FAILURES_PER_ACCOUNT_NETWORK: Limit = Limit { name: "login-account-net", max: 10, window_ms: 15 * MINUTE };
/// Failed logins against one account from anywhere. It never refuses: past `max`, every attempt
/// on the account waits [`account_delay_ms`] before its password is checked, and the owner is
/// mailed once per window when the count reaches `max`.
pub const LOGIN_FAILURES_PER_ACCOUNT: Limit = Limit { name: "login-account", max: 10, window_ms: 15 * MINUTE };

/// Longest wait [`account_delay_ms`] adds.
pub const MAX_ACCOUNT_DELAY_MS: u64 = 3_000;

/// The wait before checking a password for an account with `failures` failed logins in the
/// window: nothing up to the limit, then 250 ms more per failure, up to 3 s. It slows guessing
/// spread over many networks without ever refusing the right password.
pub fn account_delay_ms(failures: i64) -> u64 {
    let over = failures - LOGIN_FAILURES_PER_ACCOUNT.max;
    if over <= 0 { 0 } else { (over as u64).saturating_mul(250).min(MAX_ACCOUNT_DELAY_MS) }
}

/// The subject of [`LOGIN_FAILURES_PER_ACCOUNT_NETWORK`]: a normalised e-mail and a client key.
pub fn account_network_subject(email: &str, client_key: &str) -> String {
    format!("{email}|{client_key}")
}
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
    fn the_account_delay_grows_past_the_limit_and_is_capped() {
        assert_eq!(account_delay_ms(0), 0);
        assert_eq!(account_delay_ms(10), 0);
        assert_eq!(account_delay_ms(11), 250);
        assert_eq!(account_delay_ms(14), 1000);
        assert_eq!(account_delay_ms(1_000), MAX_ACCOUNT_DELAY_MS);
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
