//! Whether an outdated seek index (ADR 0009) may be built again now: the rule behind the
//! per-file build marker (`{file}.sidx.build` in R2) that the worker claims before a rebuild.
//!
//! A rebuild reads and scans the whole file, and anyone holding a signed URL (a stranger with a
//! share link too) can ask for one by opening the file. Without a marker every opening started a
//! rebuild, one that could not finish within `waitUntil`'s limit started again on every opening,
//! and concurrent rebuilds rewrote the index under URLs already signed. So: one claim at a time
//! (the worker takes it with a conditional R2 write), a claim that outlives any build is taken
//! over, and after [`MAX_ATTEMPTS`] the file is served plain for good.

use serde::{Deserialize, Serialize};

/// `waitUntil` lets a task run up to 30 s after the response; a claim twice that old belongs to
/// a build that was cut off (the isolate died or ran out of time), so another opening may retry.
pub const CLAIM_MS: i64 = 60_000;

/// Builds per file, counting the ones cut off: a file that failed three times (each a whole read)
/// will fail again, and its recording still plays without an index.
pub const MAX_ATTEMPTS: u32 = 3;

/// A marker is a few dozen bytes of JSON; anything longer is not one.
const MAX_MARKER_BYTES: usize = 256;

/// Where a file's rebuild stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// Claimed at `since_ms` by a build that has not reported back.
    Building,
    /// The last build ended without an index (the file cannot have one, or R2 failed).
    Failed,
    /// The index was rebuilt, or a newer one was already there.
    Done,
}

/// The marker object's content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Marker {
    /// Builds started so far (the one running included).
    pub attempts: u32,
    /// When the last build was claimed (epoch ms).
    pub since_ms: i64,
    pub phase: Phase,
}

/// What an opening of the file does about its outdated index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Write this marker (conditionally) and, if the write wins, build.
    Claim(Marker),
    /// Another build holds a live claim.
    Busy,
    /// Already rebuilt.
    Done,
    /// [`MAX_ATTEMPTS`] builds ended without an index: serve the file plain from now on.
    GaveUp,
}

/// The decision for a file whose marker is `current` (None: there is none yet; `Some(None)`:
/// there is one that does not read as a marker, which counts as given up, since only the worker
/// writes markers and a broken one must not restart the builds it was there to stop).
pub fn decide(current: Option<Option<Marker>>, now_ms: i64) -> Decision {
    let marker = match current {
        None => return Decision::Claim(Marker { attempts: 1, since_ms: now_ms, phase: Phase::Building }),
        Some(None) => return Decision::GaveUp,
        Some(Some(marker)) => marker,
    };
    match marker.phase {
        Phase::Done => Decision::Done,
        // Within its time (or stamped later than this clock reads): someone is building.
        Phase::Building if now_ms.saturating_sub(marker.since_ms) < CLAIM_MS => Decision::Busy,
        _ if marker.attempts >= MAX_ATTEMPTS => Decision::GaveUp,
        _ => Decision::Claim(Marker {
            attempts: marker.attempts.saturating_add(1),
            since_ms: now_ms,
            phase: Phase::Building,
        }),
    }
}

/// Reads a marker object (None when it is not one).
pub fn parse(bytes: &[u8]) -> Option<Marker> {
    if bytes.len() > MAX_MARKER_BYTES {
        return None;
    }
    serde_json::from_slice(bytes).ok()
}

impl Marker {
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// The marker once its build ended.
    pub fn finished(self, indexed: bool) -> Marker {
        Marker { phase: if indexed { Phase::Done } else { Phase::Failed }, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000_000;

    fn marker(attempts: u32, since_ms: i64, phase: Phase) -> Option<Option<Marker>> {
        Some(Some(Marker { attempts, since_ms, phase }))
    }

    #[test]
    fn the_first_opening_claims_and_the_others_wait() {
        assert_eq!(decide(None, NOW), Decision::Claim(Marker { attempts: 1, since_ms: NOW, phase: Phase::Building }));
        assert_eq!(decide(marker(1, NOW, Phase::Building), NOW + 1), Decision::Busy);
        assert_eq!(decide(marker(1, NOW, Phase::Building), NOW + CLAIM_MS - 1), Decision::Busy);
        assert_eq!(decide(marker(1, NOW + 5000, Phase::Building), NOW), Decision::Busy, "a clock behind the claim's");
        assert_eq!(decide(marker(1, NOW, Phase::Done), NOW + 10 * CLAIM_MS), Decision::Done);
    }

    #[test]
    fn a_build_cut_off_or_failed_is_retried_up_to_the_limit() {
        // Cut off: its claim expires, and the next opening takes it over as attempt 2.
        assert_eq!(
            decide(marker(1, NOW, Phase::Building), NOW + CLAIM_MS),
            Decision::Claim(Marker { attempts: 2, since_ms: NOW + CLAIM_MS, phase: Phase::Building })
        );
        // Failed: retried at once (no claim to wait for).
        assert_eq!(
            decide(marker(2, NOW, Phase::Failed), NOW + 1),
            Decision::Claim(Marker { attempts: 3, since_ms: NOW + 1, phase: Phase::Building })
        );
        assert_eq!(decide(marker(MAX_ATTEMPTS, NOW, Phase::Failed), NOW + 1), Decision::GaveUp);
        assert_eq!(decide(marker(MAX_ATTEMPTS, NOW, Phase::Building), NOW + CLAIM_MS), Decision::GaveUp);
        assert_eq!(decide(marker(u32::MAX, NOW, Phase::Failed), NOW), Decision::GaveUp);
    }

    #[test]
    fn markers_round_trip_and_anything_else_counts_as_given_up() {
        let claimed = Marker { attempts: 2, since_ms: NOW, phase: Phase::Building };
        assert_eq!(parse(&claimed.encode()), Some(claimed));
        assert_eq!(
            String::from_utf8(claimed.finished(false).encode()).unwrap(),
            format!(r#"{{"attempts":2,"sinceMs":{NOW},"phase":"failed"}}"#)
        );
        assert_eq!(parse(&claimed.finished(true).encode()).map(|m| m.phase), Some(Phase::Done));
        assert_eq!(parse(b"LSX1"), None);
        assert_eq!(parse(&[b' '; 300]), None);
        assert_eq!(decide(Some(parse(b"garbage")), NOW), Decision::GaveUp);
    }
}
