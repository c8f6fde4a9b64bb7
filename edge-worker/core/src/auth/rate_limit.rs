//! Sliding-window rate limits for auth and public endpoints. The counters live in D1, one per
//! fixed window; this module decides the windows and whether a count is over the limit.
//!
//! A limit counts the attempts of the current fixed window plus the previous window's, weighted by
//! how much of it the sliding window (`window_ms` back from now) still covers: the estimate
//! Cloudflare's own rate limiting uses. A plain fixed window let a client spend its budget at the
//! end of one window and again at the start of the next (twice the limit in a few seconds), and
//! reset a client's count at an arbitrary moment, which is how a test that spent ten registrations
//! just before the hour saw the eleventh accepted.

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
pub const LOGIN_FAILURES_PER_ACCOUNT_NETWORK: Limit =
    Limit { name: "login-account-net", max: 10, window_ms: 15 * MINUTE };
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
    if over <= 0 {
        0
    } else {
        (over as u64).saturating_mul(250).min(MAX_ACCOUNT_DELAY_MS)
    }
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

/// Invitations sent (or sent again) by one workspace (ADR 0019): each one mails a stranger, so a
/// workspace can't be used to mail-bomb; generous enough to bring a whole team in at once.
pub const INVITE_PER_WORKSPACE: Limit = Limit { name: "invite-workspace", max: 50, window_ms: 60 * MINUTE };

/// Waitlist sign-ups from one client address.
pub const WAITLIST_PER_CLIENT: Limit = Limit { name: "waitlist-client", max: 20, window_ms: 60 * MINUTE };
/// Pre-flight uplink probes from one client address (issue 48): a participant's tab sends one
/// per permissions step, a few more on retries or reloads; each is up to 512 KiB of upload.
pub const UPLINK_PROBE_PER_CLIENT: Limit = Limit { name: "uplink-probe-client", max: 10, window_ms: MINUTE };

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

impl Limit {
    /// Start of the window containing `now`.
    pub fn window_start(&self, now: i64) -> i64 {
        now - now.rem_euclid(self.window_ms)
    }

    /// Storage key for `subject` (a client address or a normalised e-mail) in the current window.
    pub fn key(&self, subject: &str, now: i64) -> String {
        format!("{}:{}:{}", self.name, self.window_start(now), subject)
    }

    /// Storage key of the window before the current one, read for the sliding estimate.
    pub fn previous_key(&self, subject: &str, now: i64) -> String {
        self.key(subject, self.window_start(now) - self.window_ms)
    }

    /// When a window's counter may be swept: once it can no longer be anybody's previous window.
    pub fn expires_at(&self, now: i64) -> i64 {
        self.window_start(now) + 2 * self.window_ms
    }

    /// Attempts in the sliding window ending at `now`, from the previous and current fixed
    /// windows' counts. The previous window's share is rounded up, so the estimate never lets
    /// through an attempt that an exact count would refuse.
    pub fn sliding_count(&self, previous: i64, current: i64, now: i64) -> i64 {
        let uncovered = self.window_ms - (now - self.window_start(now));
        current + (previous.max(0) * uncovered + self.window_ms - 1) / self.window_ms
    }

    /// True once `count` attempts (including the current one) exceed the limit.
    pub fn exceeded(&self, count: i64) -> bool {
        count > self.max
    }

    /// Seconds until one more attempt would be within the limit, for `Retry-After`, given the
    /// counts the refused attempt saw (`current` includes it: refused attempts count too).
    pub fn retry_after_secs(&self, previous: i64, current: i64, now: i64) -> i64 {
        let w = self.window_ms;
        let elapsed = now - self.window_start(now);
        // The first moment `elapsed` in a window whose previous window counted `older` and whose
        // own count is `own` leaves room for one more attempt; None when that window never does.
        let room_at = |older: i64, own: i64| -> Option<i64> {
            let spare = self.max - 1 - own;
            if spare < 0 {
                return None;
            }
            if older <= 0 {
                return Some(0);
            }
            // ceil(older * (w - e) / w) <= spare  <=>  e >= w - floor(spare * w / older)
            let at = (w - spare * w / older).max(0);
            (at < w).then_some(at)
        };
        let wait = match room_at(previous, current) {
            Some(at) => (at - elapsed).max(0),
            // In the next window this window's count is the previous one, and nothing is current.
            None => (w - elapsed) + room_at(current, 0).unwrap_or(w),
        };
        ((wait + 999) / 1000).max(1)
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
        assert_eq!(l.previous_key("1.2.3.4", 2500), "t:1000:1.2.3.4");
        assert_ne!(l.key("x", 2999), l.key("x", 3000));
        assert_eq!(l.expires_at(2500), 4000);
    }

    #[test]
    fn a_full_window_spent_just_before_the_boundary_still_refuses_just_after_it() {
        // Ten registrations at 13:59:59, the eleventh at 14:00:01: a fixed window accepted it.
        let l = REGISTER_PER_CLIENT;
        let hour = l.window_ms;
        let after = 7 * hour + 1_000;
        assert!(l.exceeded(l.sliding_count(10, 1, after)));
        // Halfway through the next hour half of the old window still counts.
        assert_eq!(l.sliding_count(10, 1, 7 * hour + hour / 2), 6);
        // A whole window later the old count is gone.
        assert_eq!(l.sliding_count(10, 0, 8 * hour - 1), 1);
        assert!(!l.exceeded(l.sliding_count(0, 10, 8 * hour - 1)));
    }

    #[test]
    fn retry_after_is_when_one_more_attempt_fits() {
        let l = Limit { name: "t", max: 10, window_ms: 100_000 };
        // The 11th attempt in the current window (none before): room once this window is the
        // previous one and covered by less than 9/11 of the sliding window.
        let now = 40_000;
        let wait = l.retry_after_secs(0, 11, now);
        let then = now + wait * 1000;
        assert!(!l.exceeded(l.sliding_count(11, 1, then)));
        assert!(l.exceeded(l.sliding_count(11, 1, then - 2_000)));
        // Refused early in a window only because of the previous one: room later in this window.
        let wait = l.retry_after_secs(10, 1, 1_000);
        assert!(wait < 100);
        let then = 1_000 + wait * 1000;
        assert!(!l.exceeded(l.sliding_count(10, 2, then)));
        assert!(l.exceeded(l.sliding_count(10, 2, then - 2_000)));
        // With room for one, the next window has none while this one's attempt still counts in it.
        assert_eq!(Limit { name: "t", max: 1, window_ms: 1000 }.retry_after_secs(0, 2, 999), 2);
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
