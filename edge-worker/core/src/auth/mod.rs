//! Account rules: e-mail and password validation, password hashing, opaque tokens, rate limits.

pub mod email;
pub mod password;
pub mod rate_limit;
pub mod token;

/// Roles a user can have. Participants exist as a role so that a participant account gets
/// product §8's 403 notice at login instead of a confusing 401.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Admin,
    Customer,
    Participant,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Customer => "customer",
            Role::Participant => "participant",
        }
    }

    pub fn parse(value: &str) -> Option<Role> {
        match value {
            "admin" => Some(Role::Admin),
            "customer" => Some(Role::Customer),
            "participant" => Some(Role::Participant),
            _ => None,
        }
    }
}

/// Where the app sends a user after login (product §2 Login).
pub fn home_path(role: Role) -> &'static str {
    match role {
        Role::Admin => "/admin",
        Role::Customer => "/dashboard",
        Role::Participant => "/",
    }
}

/// Session lifetime: idle expiry, refreshed on use, capped by an absolute expiry.
pub const SESSION_IDLE_MS: i64 = 7 * 24 * 60 * 60 * 1000;
pub const SESSION_ABSOLUTE_MS: i64 = 30 * 24 * 60 * 60 * 1000;
/// A session's last-seen time is rewritten at most this often, to keep reads cheap.
pub const SESSION_TOUCH_EVERY_MS: i64 = 60 * 60 * 1000;
/// The admin's users list: rows per page by default and at most.
pub const DEFAULT_PAGE_SIZE: i64 = 50;
pub const MAX_PAGE_SIZE: i64 = 200;
/// Its last page: the first row's offset stays a whole number D1 holds exactly (below 2^53, which
/// a larger one, sent as a JavaScript number, is not: D1 then refuses the query).
pub const MAX_PAGE: i64 = ((1 << 53) - 1) / MAX_PAGE_SIZE + 1;
/// Password-reset links expire after 30 minutes (ASVS).
pub const RESET_TOKEN_TTL_MS: i64 = 30 * 60 * 1000;

/// When a session created at `created_at` and last seen at `last_seen` expires.
pub fn session_expiry(created_at: i64, last_seen: i64) -> i64 {
    (last_seen + SESSION_IDLE_MS).min(created_at + SESSION_ABSOLUTE_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_and_unknown_roles_are_refused() {
        for role in [Role::Admin, Role::Customer, Role::Participant] {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("root"), None);
    }

    #[test]
    fn login_goes_home_by_role() {
        assert_eq!(home_path(Role::Admin), "/admin");
        assert_eq!(home_path(Role::Customer), "/dashboard");
        assert_eq!(home_path(Role::Participant), "/");
    }

    #[test]
    fn sessions_expire_when_idle_or_too_old() {
        assert_eq!(session_expiry(0, 0), SESSION_IDLE_MS);
        let late = SESSION_ABSOLUTE_MS - 1000;
        assert_eq!(session_expiry(0, late), SESSION_ABSOLUTE_MS);
    }
}
