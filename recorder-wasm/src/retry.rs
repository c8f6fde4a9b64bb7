//! How requests fail and when to try again: exponential backoff with full jitter, shared by the
//! chunk uploads, the step list and the completion.

/// First retry waits up to this long.
pub const BASE_DELAY_MS: f64 = 500.0;
/// No retry waits longer than this, so a returning network is used within 20 s.
pub const MAX_DELAY_MS: f64 = 20_000.0;

/// Delay before retry number `attempt` (1 = first retry): full jitter, i.e. uniformly random in
/// `[0, min(cap, base·2^(attempt-1))]`, so many tabs recovering together do not retry in step.
/// `random01` is a uniform sample in `[0, 1]` (passed in to keep this pure).
pub fn next_delay(attempt: u32, random01: f64) -> f64 {
    if attempt == 0 {
        return 0.0;
    }
    let exponent = attempt.saturating_sub(1).min(30);
    let ceiling = (BASE_DELAY_MS * f64::from(1u32 << exponent)).min(MAX_DELAY_MS);
    let r = if random01.is_nan() { 1.0 } else { random01.clamp(0.0, 1.0) };
    ceiling * r
}

/// How a request failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// No answer: offline, DNS, reset connection, time-out.
    Network,
    /// The server answered with a non-2xx status.
    Status(u16),
    /// 409 `chunk_in_flight`: the server still holds an earlier upload of this chunk as under way
    /// (ADR 0013). That upload ends (stored or given back) or is taken for dead, so the chunk goes
    /// again after a backoff; unlike 409 `chunk_conflict` (the index stored with another size),
    /// which no retry can change.
    InFlight,
}

/// The error code our API sends with a 409 for a chunk whose earlier upload is still under way.
pub const CHUNK_IN_FLIGHT: &str = "chunk_in_flight";

impl Failure {
    /// The failure a non-2xx answer means, from its status and the `code` of its JSON body.
    pub fn answered(status: u16, code: Option<&str>) -> Failure {
        if status == 409 && code == Some(CHUNK_IN_FLIGHT) {
            Failure::InFlight
        } else {
            Failure::Status(status)
        }
    }

    /// The HTTP status, when the server answered.
    pub fn status(self) -> Option<u16> {
        match self {
            Failure::Network => None,
            Failure::Status(s) => Some(s),
            Failure::InFlight => Some(409),
        }
    }

    /// Whether trying again can help.
    pub fn is_retryable(self) -> bool {
        match self {
            Failure::Network | Failure::InFlight => true,
            Failure::Status(s) => s >= 500 || s == 408 || s == 429,
        }
    }

    /// 413: the participation reached its maximum duration or size (ADR 0005).
    pub fn is_limit(self) -> bool {
        self == Failure::Status(413)
    }

    /// The capability is missing or not ours: nothing of this entry can be sent any more.
    pub fn is_forbidden(self) -> bool {
        matches!(self, Failure::Status(401 | 403))
    }

    /// Text for `lastError` (product §8 wording).
    pub fn describe(self) -> String {
        match self {
            Failure::Network => "Upload failed: network error".to_string(),
            Failure::Status(s) => format!("Upload failed with status {s}"),
            Failure::InFlight => "Upload failed with status 409".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_is_exponential_with_full_jitter_and_a_cap() {
        assert_eq!(next_delay(0, 0.7), 0.0);
        let ceilings = [500.0, 1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 20000.0, 20000.0];
        for (i, ceiling) in ceilings.iter().enumerate() {
            let attempt = i as u32 + 1;
            assert_eq!(next_delay(attempt, 1.0), *ceiling, "attempt {attempt}");
            assert_eq!(next_delay(attempt, 0.0), 0.0);
            let mid = next_delay(attempt, 0.5);
            assert!(mid > 0.0 && mid < *ceiling);
        }
        assert_eq!(next_delay(u32::MAX, 1.0), MAX_DELAY_MS, "no overflow");
        assert_eq!(next_delay(3, 7.0), 2000.0, "random is clamped");
        assert_eq!(next_delay(3, -1.0), 0.0);
        assert_eq!(next_delay(3, f64::NAN), 2000.0);
    }

    #[test]
    fn status_classification() {
        for s in [500, 502, 503, 504, 408, 429] {
            assert!(Failure::Status(s).is_retryable(), "{s}");
        }
        for s in [400, 401, 403, 404, 409, 411, 413] {
            assert!(!Failure::Status(s).is_retryable(), "{s}");
        }
        assert!(Failure::Network.is_retryable());
        assert!(Failure::Status(413).is_limit() && !Failure::Status(400).is_limit() && !Failure::Network.is_limit());
        assert!(
            Failure::Status(401).is_forbidden()
                && Failure::Status(403).is_forbidden()
                && !Failure::Status(409).is_forbidden()
        );
        assert_eq!(Failure::Status(403).describe(), "Upload failed with status 403");
    }

    #[test]
    fn a_chunk_still_in_flight_on_the_server_is_retried_but_a_conflict_is_final() {
        // After a server restart the ledger may still hold the dead request's reservation; the
        // answer passes (ADR 0013), so the chunk must go again rather than be dropped.
        let in_flight = Failure::answered(409, Some("chunk_in_flight"));
        assert_eq!(in_flight, Failure::InFlight);
        assert!(in_flight.is_retryable() && !in_flight.is_limit() && !in_flight.is_forbidden());
        assert_eq!((in_flight.status(), in_flight.describe().as_str()), (Some(409), "Upload failed with status 409"));
        // Another size for a stored index, or a 409 without our body: final as before.
        for code in [Some("chunk_conflict"), Some("segment_closed"), None] {
            let failure = Failure::answered(409, code);
            assert_eq!(failure, Failure::Status(409), "{code:?}");
            assert!(!failure.is_retryable(), "{code:?}");
        }
        assert_eq!(
            Failure::answered(503, Some("chunk_in_flight")),
            Failure::Status(503),
            "the code only counts with its 409"
        );
        assert_eq!(Failure::Network.status(), None);
    }
}
