//! Participation rules: places, idle expiry, the progressive upload's part sizes, signed URLs and
//! byte ranges for playback. Pure, so the part and range arithmetic is tested on the host.

use subtle::ConstantTimeEq;

use crate::auth::token::{hex, hmac_sha256};

pub const MISSING_RECORDING: &str = "Missing recording data";

/// An unsubmitted participation counts as interrupted once nothing arrived for this long: a
/// recording tab sends a chunk every second, so two minutes of silence means the tab was
/// closed, crashed, went offline or asleep (ADR 0008). It may still be resumed until it expires.
pub const INTERRUPTED_AFTER_MS: i64 = 2 * 60 * 1000;

/// Where a participation stands for the researcher: 'submitted', 'in_progress' while its tab is
/// active, 'interrupted' once it went quiet (see [`INTERRUPTED_AFTER_MS`]).
pub fn researcher_status(status: &str, last_activity_at: Option<i64>, created_at: i64, now: i64) -> &'static str {
    if status == "submitted" {
        return "submitted";
    }
    let active_at = last_activity_at.unwrap_or(created_at);
    if now - active_at >= INTERRUPTED_AFTER_MS {
        "interrupted"
    } else {
        "in_progress"
    }
}

/// Version of the consent text shown in the security modal; stored with each entry.
pub const CONSENT_VERSION: &str = "2026-11-security-modal-v1";

/// Every part but the last is exactly this big: R2's 5 MiB minimum, and production R2 requires
/// equal sizes. At 1 Mbit/s video plus audio that is one part every ~40 s.
pub const PART_SIZE: u64 = 5 * 1024 * 1024;
pub const MAX_PARTS: u16 = 10_000;
/// A single whole-file upload (product §7's path) is one request: the Workers body limit.
/// The most step marks a participation keeps: a longer list is not a participant clicking
/// through tasks.
pub const MAX_STEP_MARKS: usize = 2_000;
pub const MAX_SINGLE_UPLOAD: u64 = 100 * 1024 * 1024;
/// The most bytes a pre-flight uplink probe may send (issue 48; 413 above). The participant's tab
/// sends about 256 KiB, timed, before recording, so its recorder starts at a quality tier the
/// uplink keeps up with; twice that leaves room and bounds what a probe costs.
pub const UPLINK_PROBE_MAX_BYTES: u64 = 512 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartError {
    BadNumber,
    Empty,
    TooBig,
}

impl PartError {
    pub fn message(self) -> &'static str {
        match self {
            PartError::BadNumber => "Número de parte no válido",
            PartError::Empty => "La parte está vacía",
            PartError::TooBig => "La parte supera el tamaño permitido",
        }
    }
}

/// Checks one part as it arrives; its final size is checked again at completion.
pub fn check_part(part_number: u32, size: u64) -> Result<u16, PartError> {
    let number = u16::try_from(part_number).ok().filter(|n| (1..=MAX_PARTS).contains(n)).ok_or(PartError::BadNumber)?;
    if size == 0 {
        return Err(PartError::Empty);
    }
    if size > PART_SIZE {
        return Err(PartError::TooBig);
    }
    Ok(number)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompleteError {
    NoParts,
    Gap(u16),
    UnequalPart(u16),
}

impl CompleteError {
    pub fn message(self) -> String {
        match self {
            CompleteError::NoParts => MISSING_RECORDING.to_string(),
            CompleteError::Gap(n) => format!("Falta la parte {n} de la grabación"),
            CompleteError::UnequalPart(n) => format!("La parte {n} no tiene el tamaño fijo de 5 MiB"),
        }
    }
}

/// Checks the parts received (sorted by number): 1..=n without gaps, all but the last exactly
/// [`PART_SIZE`]. Returns the total size.
pub fn check_complete(parts: &[(u16, u64)]) -> Result<u64, CompleteError> {
    if parts.is_empty() {
        return Err(CompleteError::NoParts);
    }
    let mut total = 0;
    for (i, (number, size)) in parts.iter().enumerate() {
        let expected = u16::try_from(i + 1).map_err(|_| CompleteError::Gap(MAX_PARTS))?;
        if *number != expected {
            return Err(CompleteError::Gap(expected));
        }
        let last = i + 1 == parts.len();
        if (!last && *size != PART_SIZE) || *size == 0 || *size > PART_SIZE {
            return Err(CompleteError::UnequalPart(*number));
        }
        total += size;
    }
    Ok(total)
}

/// The signature of a URL path valid until `expires_ms`.
pub fn url_signature(secret: &[u8], path: &str, expires_ms: i64) -> String {
    hex(&hmac_sha256(secret, format!("{path}\n{expires_ms}").as_bytes()))
}

/// A key's public id, carried as `kid=` in signed URLs so the verifier knows which key signed
/// them: the first 8 hex digits of an HMAC of a fixed label, so nothing has to be configured and
/// the id says nothing about the key.
pub fn key_id(secret: &[u8]) -> String {
    hex(&hmac_sha256(secret, b"lupa url signing key id"))[..8].to_string()
}

/// `?expires=…&kid=…&sig=…` for `path`, signed with `secret`.
pub fn signed_query(secret: &[u8], path: &str, expires_ms: i64) -> String {
    format!("expires={expires_ms}&kid={}&sig={}", key_id(secret), url_signature(secret, path, expires_ms))
}

/// The keys a signed URL may have been made with: the current one (`URL_SIGNING_KEY`) and, while
/// rotating, the one before it (`URL_SIGNING_KEY_PREVIOUS`), so URLs in flight stay valid until
/// they expire.
#[derive(Debug, Clone, Copy)]
pub struct SigningKeys<'a> {
    pub current: &'a [u8],
    pub previous: Option<&'a [u8]>,
}

impl SigningKeys<'_> {
    /// The key whose id is `kid`; a URL without a `kid` (made before key ids) is the current key's.
    fn by_id(&self, kid: Option<&str>) -> Option<&[u8]> {
        let Some(kid) = kid else { return Some(self.current) };
        [Some(self.current), self.previous]
            .into_iter()
            .flatten()
            .find(|key| bool::from(key_id(key).as_bytes().ct_eq(kid.as_bytes())))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignedUrlError {
    Expired,
    BadSignature,
}

/// Checks a signed URL: signed by the key `kid` names (current or previous), the signature matches
/// in constant time, and it has not expired.
pub fn verify_signed(
    keys: &SigningKeys,
    path: &str,
    expires_ms: i64,
    kid: Option<&str>,
    sig: &str,
    now_ms: i64,
) -> Result<(), SignedUrlError> {
    let secret = keys.by_id(kid).ok_or(SignedUrlError::BadSignature)?;
    let expected = url_signature(secret, path, expires_ms);
    if sig.len() != expected.len() || !bool::from(sig.as_bytes().ct_eq(expected.as_bytes())) {
        return Err(SignedUrlError::BadSignature);
    }
    if now_ms > expires_ms {
        return Err(SignedUrlError::Expired);
    }
    Ok(())
}

/// What a `Range` header asks for, resolved against the object size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteRange {
    /// No (usable) range: the whole object.
    Full,
    /// Inclusive byte positions.
    Partial { start: u64, end: u64 },
    /// Outside the object: 416.
    Unsatisfiable,
}

/// Parses a single `bytes=` range (the only form players send). Multi-range requests are served
/// whole, which RFC 9110 allows.
pub fn parse_range(header: Option<&str>, size: u64) -> ByteRange {
    let Some(spec) = header.map(str::trim).and_then(|h| h.strip_prefix("bytes=")) else {
        return ByteRange::Full;
    };
    if spec.contains(',') {
        return ByteRange::Full;
    }
    let Some((start, end)) = spec.split_once('-') else {
        return ByteRange::Unsatisfiable;
    };
    let (start, end) = (start.trim(), end.trim());
    if size == 0 {
        return ByteRange::Unsatisfiable;
    }
    match (start.parse::<u64>().ok(), end.parse::<u64>().ok()) {
        (None, Some(suffix)) if start.is_empty() && suffix > 0 => {
            ByteRange::Partial { start: size.saturating_sub(suffix), end: size - 1 }
        }
        (Some(s), None) if end.is_empty() && s < size => ByteRange::Partial { start: s, end: size - 1 },
        (Some(s), Some(e)) if s <= e && s < size => ByteRange::Partial { start: s, end: e.min(size - 1) },
        _ => ByteRange::Unsatisfiable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quiet_participation_is_interrupted() {
        let now = 10_000_000;
        assert_eq!(researcher_status("submitted", Some(0), 0, now), "submitted");
        assert_eq!(researcher_status("in_progress", Some(now - 1_000), 0, now), "in_progress");
        assert_eq!(researcher_status("in_progress", Some(now - INTERRUPTED_AFTER_MS), 0, now), "interrupted");
        assert_eq!(researcher_status("in_progress", None, now - 5_000, now), "in_progress");
        assert_eq!(researcher_status("in_progress", None, 0, now), "interrupted");
    }

    #[test]
    fn parts_are_numbered_non_empty_and_bounded() {
        assert_eq!(check_part(1, 10), Ok(1));
        assert_eq!(check_part(0, 10), Err(PartError::BadNumber));
        assert_eq!(check_part(10_001, 10), Err(PartError::BadNumber));
        assert_eq!(check_part(70_000, 10), Err(PartError::BadNumber));
        assert_eq!(check_part(2, 0), Err(PartError::Empty));
        assert_eq!(check_part(2, PART_SIZE + 1), Err(PartError::TooBig));
    }

    #[test]
    fn completion_needs_contiguous_equal_parts() {
        assert_eq!(check_complete(&[(1, PART_SIZE), (2, PART_SIZE), (3, 17)]), Ok(2 * PART_SIZE + 17));
        assert_eq!(check_complete(&[(1, 17)]), Ok(17));
        assert_eq!(check_complete(&[]), Err(CompleteError::NoParts));
        assert_eq!(check_complete(&[(1, PART_SIZE), (3, 5)]), Err(CompleteError::Gap(2)));
        assert_eq!(check_complete(&[(1, PART_SIZE - 1), (2, 5)]), Err(CompleteError::UnequalPart(1)));
        assert_eq!(check_complete(&[(2, 5)]), Err(CompleteError::Gap(1)));
    }

    #[test]
    fn signed_urls_expire_and_resist_tampering() {
        let keys = SigningKeys { current: b"k", previous: None };
        let kid = key_id(b"k");
        let sig = url_signature(b"k", "/api/v1/recordings/e1", 1000);
        let check =
            |path: &str, expires: i64, sig: &str, now: i64| verify_signed(&keys, path, expires, Some(&kid), sig, now);
        assert_eq!(check("/api/v1/recordings/e1", 1000, &sig, 999), Ok(()));
        assert_eq!(check("/api/v1/recordings/e1", 1000, &sig, 1001), Err(SignedUrlError::Expired));
        assert_eq!(check("/api/v1/recordings/e2", 1000, &sig, 999), Err(SignedUrlError::BadSignature));
        assert_eq!(check("/api/v1/recordings/e1", 2000, &sig, 999), Err(SignedUrlError::BadSignature));
        let other = SigningKeys { current: b"other", previous: None };
        assert_eq!(
            verify_signed(&other, "/api/v1/recordings/e1", 1000, None, &sig, 999),
            Err(SignedUrlError::BadSignature)
        );
        assert_eq!(signed_query(b"k", "/p", 5), format!("expires=5&kid={kid}&sig={}", url_signature(b"k", "/p", 5)));
    }

    #[test]
    fn rotation_keeps_urls_of_the_previous_key_valid_and_forgets_older_ones() {
        let (old, new, newer) = (b"old".as_slice(), b"new".as_slice(), b"newer".as_slice());
        let sig = url_signature(old, "/p", 1000);
        let rotating = SigningKeys { current: new, previous: Some(old) };
        assert_eq!(verify_signed(&rotating, "/p", 1000, Some(&key_id(old)), &sig, 999), Ok(()));
        // A kid that names one key with the other key's signature is refused.
        assert_eq!(
            verify_signed(&rotating, "/p", 1000, Some(&key_id(new)), &sig, 999),
            Err(SignedUrlError::BadSignature)
        );
        let rotated_again = SigningKeys { current: newer, previous: Some(new) };
        assert_eq!(
            verify_signed(&rotated_again, "/p", 1000, Some(&key_id(old)), &sig, 999),
            Err(SignedUrlError::BadSignature)
        );
        assert_ne!(key_id(old), key_id(new));
        assert_eq!(key_id(old).len(), 8);
    }

    #[test]
    fn ranges_cover_prefix_middle_suffix_and_errors() {
        assert_eq!(parse_range(None, 100), ByteRange::Full);
        assert_eq!(parse_range(Some("bytes=0-9"), 100), ByteRange::Partial { start: 0, end: 9 });
        assert_eq!(parse_range(Some("bytes=50-"), 100), ByteRange::Partial { start: 50, end: 99 });
        assert_eq!(parse_range(Some("bytes=-10"), 100), ByteRange::Partial { start: 90, end: 99 });
        assert_eq!(parse_range(Some("bytes=-500"), 100), ByteRange::Partial { start: 0, end: 99 });
        assert_eq!(parse_range(Some("bytes=90-200"), 100), ByteRange::Partial { start: 90, end: 99 });
        assert_eq!(parse_range(Some("bytes=100-"), 100), ByteRange::Unsatisfiable);
        assert_eq!(parse_range(Some("bytes=9-3"), 100), ByteRange::Unsatisfiable);
        assert_eq!(parse_range(Some("bytes=abc"), 100), ByteRange::Unsatisfiable);
        assert_eq!(parse_range(Some("bytes=0-1,5-6"), 100), ByteRange::Full);
        assert_eq!(parse_range(Some("items=0-1"), 100), ByteRange::Full);
    }
}
