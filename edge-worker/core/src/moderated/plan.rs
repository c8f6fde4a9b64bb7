//! A new moderated session's fields as `POST /analysis/{id}/sessions` takes them: an optional
//! planned time (in the future, at most a year ahead) and an optional participant e-mail.

use crate::auth::email;

/// How far ahead a session may be planned: further than a year is almost surely a typo (a year
/// typed wrong), and an invitation that far out would outlive the study.
pub const MAX_PLAN_AHEAD_MS: i64 = 365 * 24 * 60 * 60 * 1000;

/// How long the invitation's calendar event lasts: a usability session is about an hour.
pub const PLANNED_DURATION_MINUTES: u32 = 60;

/// Why a new session's fields are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanError {
    /// `plannedAt` in the past, or more than [`MAX_PLAN_AHEAD_MS`] ahead.
    PlannedAt,
    /// `participantEmail` that is not an address.
    Email,
}

/// The fields, checked and tidied: the planned time as sent, the address trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub planned_at: Option<i64>,
    pub participant_email: Option<String>,
}

/// Checks a new session's fields at `now` (epoch ms). No e-mail (absent or null) means none; an
/// empty one is refused like any other that is not an address, as the OpenAPI pattern says.
pub fn plan(planned_at: Option<i64>, participant_email: Option<&str>, now: i64) -> Result<Plan, PlanError> {
    if let Some(at) = planned_at {
        if at <= now || at - now > MAX_PLAN_AHEAD_MS {
            return Err(PlanError::PlannedAt);
        }
    }
    let participant_email = match participant_email {
        None => None,
        Some(address) if email::is_valid(address) => Some(address.trim().to_string()),
        Some(_) => return Err(PlanError::Email),
    };
    Ok(Plan { planned_at, participant_email })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000_000;

    #[test]
    fn a_time_must_be_ahead_and_within_a_year() {
        assert_eq!(plan(Some(NOW), None, NOW), Err(PlanError::PlannedAt));
        assert_eq!(plan(Some(NOW - 1), None, NOW), Err(PlanError::PlannedAt));
        assert_eq!(plan(Some(NOW + MAX_PLAN_AHEAD_MS + 1), None, NOW), Err(PlanError::PlannedAt));
        assert_eq!(
            plan(Some(NOW + MAX_PLAN_AHEAD_MS), None, NOW).map(|p| p.planned_at),
            Ok(Some(NOW + MAX_PLAN_AHEAD_MS))
        );
        assert_eq!(plan(None, None, NOW), Ok(Plan { planned_at: None, participant_email: None }));
    }

    #[test]
    fn an_address_is_checked_and_trimmed() {
        assert_eq!(
            plan(None, Some("  ana@example.com "), NOW).map(|p| p.participant_email),
            Ok(Some("ana@example.com".into()))
        );
        assert_eq!(plan(None, Some("   "), NOW), Err(PlanError::Email));
        assert_eq!(plan(None, Some(""), NOW), Err(PlanError::Email));
        assert_eq!(plan(None, Some("no es un correo"), NOW), Err(PlanError::Email));
    }
}
