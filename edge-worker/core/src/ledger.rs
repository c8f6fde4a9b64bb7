//! The rules a participation's Durable Object applies to its chunk ledger (ADR 0013): what a chunk
//! may reserve before its body is streamed, how the server's clock bounds a recording's length,
//! what counts as activity for a place's hold, and when the object's alarm must run.
//!
//! The object is single-threaded, so a rule here is read and written in one step with no request
//! in between: caps can't be passed by parallel requests (the byte budget is reserved before the
//! body moves), and a deletion can't miss a chunk in flight.

use crate::chunks::{Limits, GRACE_MS, HOLD_AFTER_MEDIA_MS, HOLD_WITHOUT_MEDIA_MS};
use crate::error_code::Fixed;
use crate::recording::ChunkId;

/// Chunks below this size are stored only as a segment's last chunk (one per segment): a real
/// second of screen and voice is kilobytes (Opus alone is ~4 KB/s), so a run of tiny chunks is
/// not a recording, and each would cost an R2 write.
pub const MIN_CHUNK_BYTES: u64 = 128;
/// Chunks per participation, all segments and tracks: 2 h of screen and camera at one chunk a
/// second is 14,400; the rest is room for splits and retries after a reload. It bounds R2 writes.
pub const MAX_CHUNKS_PER_ENTRY: u32 = 30_000;
/// How far past the limit the server's clock may run before a chunk is refused: chunks recorded
/// offline before the limit arrive late, and are still the participant's recording.
pub const LATE_GRACE_MS: i64 = 10 * 60 * 1000;
/// The most one chunk can add to a segment's recorded length for the hold: MediaRecorder cuts a
/// chunk every second (MP4 without a keyframe interval every ~7 s), so one chunk claiming minutes
/// is not activity.
pub const MAX_CHUNK_SPAN_MS: i64 = 10_000;
/// How long the object waits after a deletion before it sweeps the prefix again, for a chunk
/// whose upload to R2 was already under way (a request lasts at most a few minutes).
pub const SWEEP_AFTER_MS: i64 = 5 * 60 * 1000;
/// How long a chunk's reservation belongs to the upload that made it, at most. While its body
/// streams, a second upload of the same index is refused: both would write the same R2 key, and
/// whichever committed last would set the ledger's size, whatever R2 kept. A reservation only
/// blocks while this object instance holds its upload as live ([`LiveUploads`]); this bound is the
/// backstop for one that never ended in this instance (its worker stopped before it could commit or
/// give the reservation back): after it (a request lasts at most a few minutes, as for
/// [`SWEEP_AFTER_MS`]) the index may be sent again.
pub const RESERVATION_STALE_MS: i64 = 5 * 60 * 1000;

/// Why the ledger refuses a request; the same list on both sides of the object's boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// No such participation, or not this browser's.
    NotYours,
    /// The participation was left, expired or deleted.
    Gone,
    NoSegment,
    SegmentClosed,
    TooManySegments,
    /// A retry with another size.
    Conflict,
    /// Another upload of the same chunk is still streaming.
    InFlight,
    TooLong,
    TooLarge,
    TooSmall,
    TooManyChunks,
    CameraOff,
    NoScreenSegment,
    /// An audio chunk for a participation that is not transcribed (ADR 0018).
    TranscriptionOff,
}

impl Refusal {
    /// The answer's code, which owns its status (409 for a well-formed request the
    /// participation's state cannot take, ADR 0020) and its wording.
    pub fn code(self) -> Fixed {
        match self {
            Refusal::NotYours => Fixed::NotYourEntry,
            Refusal::Gone => Fixed::ParticipationGone,
            Refusal::NoSegment => Fixed::NoSegment,
            Refusal::SegmentClosed => Fixed::SegmentClosed,
            Refusal::TooManySegments => Fixed::TooManySegments,
            Refusal::Conflict => Fixed::ChunkConflict,
            Refusal::InFlight => Fixed::ChunkInFlight,
            Refusal::TooLong => Fixed::RecordingTooLong,
            Refusal::TooLarge => Fixed::RecordingTooLarge,
            Refusal::TooSmall => Fixed::ChunkTooSmall,
            Refusal::TooManyChunks => Fixed::TooManyChunks,
            Refusal::CameraOff => Fixed::CameraOff,
            Refusal::NoScreenSegment => Fixed::NoScreenSegment,
            Refusal::TranscriptionOff => Fixed::TranscriptionOff,
        }
    }
}

/// What the ledger knows when a chunk asks to reserve its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reservation {
    pub declared_len: u64,
    /// `x-lupa-end-ms`, ms since the segment's start as the device says.
    pub end_ms: i64,
    /// Where the segment starts on the participation's timeline.
    pub segment_offset_ms: i64,
    /// When the server opened the segment, and now, on the server's clock.
    pub segment_opened_at: i64,
    pub now: i64,
    /// Bytes stored plus bytes reserved by chunks still streaming (all segments).
    pub committed_bytes: i64,
    /// Chunks stored or reserved (all segments).
    pub chunk_count: u32,
    /// Whether this segment already has a chunk below the minimum size.
    pub has_small_chunk: bool,
}

/// Checks a new chunk against the participation's limits. The duration is bounded twice: by what
/// the device declares, and by the server's clock since the segment opened, whatever it declares.
pub fn check_reservation(r: Reservation, limits: Limits) -> Result<(), Refusal> {
    if r.segment_offset_ms.saturating_add(r.end_ms) > limits.max_duration_ms {
        return Err(Refusal::TooLong);
    }
    let elapsed = r.now.saturating_sub(r.segment_opened_at).max(0);
    if r.segment_offset_ms.saturating_add(elapsed) > limits.max_duration_ms.saturating_add(LATE_GRACE_MS) {
        return Err(Refusal::TooLong);
    }
    if r.committed_bytes.saturating_add(r.declared_len as i64) > limits.max_bytes {
        return Err(Refusal::TooLarge);
    }
    if r.chunk_count >= MAX_CHUNKS_PER_ENTRY {
        return Err(Refusal::TooManyChunks);
    }
    if r.declared_len < MIN_CHUNK_BYTES && r.has_small_chunk {
        return Err(Refusal::TooSmall);
    }
    Ok(())
}

/// Whether a chunk reserved at `reserved_at` (and not stored yet) may be reserved again at `now`.
/// `live`: this object instance made the reservation and its upload has not ended
/// ([`LiveUploads::is_live`]). Only such a reservation is in flight, and only until it is stale
/// ([`RESERVATION_STALE_MS`]). One that is not live belongs to a request that died with an earlier
/// instance (a Durable Object has at most one instance at a time, and a restart ends the requests
/// of the one before; the worker's commit of a reservation the new instance replaced names an
/// older `attempt` and changes nothing). Refusing it would strand the chunk: the tab's retry after
/// a server restart would get 409 until the reservation went stale. A reservation from before the
/// ledger kept the time (0) is stale.
pub fn may_reserve_again(reserved_at: i64, now: i64, live: bool) -> bool {
    !live || now.saturating_sub(reserved_at) >= RESERVATION_STALE_MS
}

/// The chunk uploads this object instance reserved whose end it has not heard yet (a commit or a
/// release): what [`may_reserve_again`] calls live. Kept in memory on purpose: what the ledger's
/// tables say outlives the instance, and the requests behind it do not. Keyed by
/// (segment, track, index) with the reservation's `attempt`, so the end of an older upload never
/// ends a newer one's.
#[derive(Debug, Default)]
pub struct LiveUploads {
    uploads: std::collections::HashMap<ChunkId, i64>,
}

impl LiveUploads {
    /// Reservation `attempt` of the chunk began its upload.
    pub fn began(&mut self, chunk: ChunkId, attempt: i64) {
        self.uploads.insert(chunk, attempt);
    }

    /// Reservation `attempt` of the chunk ended (stored, given back, or found replaced).
    pub fn ended(&mut self, chunk: ChunkId, attempt: i64) {
        if self.uploads.get(&chunk) == Some(&attempt) {
            self.uploads.remove(&chunk);
        }
    }

    /// Whether reservation `attempt` of the chunk is an upload of this instance still under way.
    pub fn is_live(&self, chunk: ChunkId, attempt: i64) -> bool {
        self.uploads.get(&chunk) == Some(&attempt)
    }

    /// Everything is forgotten (the segments closed, or the participation ended): their ledgers
    /// are gone, and so are the reservations.
    pub fn clear(&mut self) {
        self.uploads.clear();
    }

    pub fn len(&self) -> usize {
        self.uploads.len()
    }

    pub fn is_empty(&self) -> bool {
        self.uploads.is_empty()
    }
}

/// How much a stored chunk grows its segment's recorded length, for the hold: the part of its end
/// past the segment's end so far, at most [`MAX_CHUNK_SPAN_MS`], and nothing for a tiny chunk.
pub fn progress(segment_end_ms: i64, end_ms: i64, size: u64) -> i64 {
    if size < MIN_CHUNK_BYTES {
        return 0;
    }
    end_ms.saturating_sub(segment_end_ms).clamp(0, MAX_CHUNK_SPAN_MS)
}

/// Until when a participation holds its place (ADR 0005's rule, unchanged): 5 minutes after it
/// started or opened a segment without media, 30 minutes after the recording last grew.
pub fn hold_until(last_open_at: i64, last_progress_at: Option<i64>) -> i64 {
    let without_media = last_open_at.saturating_add(HOLD_WITHOUT_MEDIA_MS);
    match last_progress_at {
        Some(at) => without_media.max(at.saturating_add(HOLD_AFTER_MEDIA_MS)),
        None => without_media,
    }
}

/// The hold D1 gets when a segment opens: long enough for the whole segment to be recorded and
/// its last 30 minutes, so recording needs no D1 write; the object's alarm shortens it to
/// [`hold_until`] as soon as the recording stops growing.
pub fn provisional_hold(now: i64, limits: Limits) -> i64 {
    now.saturating_add(limits.max_duration_ms).saturating_add(LATE_GRACE_MS).saturating_add(HOLD_AFTER_MEDIA_MS)
}

/// When an unsubmitted participation is deleted by its object: 24 h after its last activity.
pub fn expires_at(last_activity_at: i64) -> i64 {
    last_activity_at.saturating_add(GRACE_MS)
}

/// Where each screen segment starts on the participation's timeline: after the recorded length of
/// every earlier one. `screens` is (seq, recorded length) in any order; the answer is (seq, offset)
/// in seq order. A segment's offset is set when it opens, but chunks an earlier tab left on the
/// device can arrive later and lengthen an earlier segment; the player, the notes taken live and
/// the transcript must all put the later segment where the recorded player does: here.
pub fn settled_offsets(screens: &[(u32, i64)]) -> Vec<(u32, i64)> {
    let mut sorted = screens.to_vec();
    sorted.sort_by_key(|(seq, _)| *seq);
    let mut offset = 0i64;
    sorted
        .into_iter()
        .map(|(seq, length)| {
            let at = offset;
            offset = offset.saturating_add(length.max(0));
            (seq, at)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_starts_where_the_earlier_ones_end_even_when_one_grew_after_it_opened() {
        // Segment 2 opened when segment 1 had 39 s; the chunks the old tab left brought it to 42 s.
        assert_eq!(settled_offsets(&[(2, 5_000), (1, 42_000), (3, 1_000)]), vec![(1, 0), (2, 42_000), (3, 47_000)]);
        assert_eq!(settled_offsets(&[(1, -5)]), vec![(1, 0)], "a negative length counts as none");
        assert!(settled_offsets(&[]).is_empty());
    }

    const MIN: i64 = 60_000;

    fn reservation() -> Reservation {
        Reservation {
            declared_len: 10_000,
            end_ms: 1_000,
            segment_offset_ms: 0,
            segment_opened_at: 0,
            now: 1_000,
            committed_bytes: 0,
            chunk_count: 0,
            has_small_chunk: false,
        }
    }

    #[test]
    fn the_servers_clock_bounds_the_length_whatever_the_device_declares() {
        let limits = Limits { max_duration_ms: 120 * MIN, max_bytes: 1 << 30 };
        // A device that always declares 0 ms is refused once the server's clock passes the limit
        // and the grace for chunks recorded offline before it.
        let liar = Reservation { end_ms: 0, now: 120 * MIN + LATE_GRACE_MS + 1, ..reservation() };
        assert_eq!(check_reservation(liar, limits), Err(Refusal::TooLong));
        let late_but_fair = Reservation { end_ms: 0, now: 120 * MIN + LATE_GRACE_MS, ..reservation() };
        assert_eq!(check_reservation(late_but_fair, limits), Ok(()));
        // Earlier segments count on the timeline.
        let second = Reservation {
            segment_offset_ms: 100 * MIN,
            segment_opened_at: 0,
            now: 31 * MIN,
            end_ms: 0,
            ..reservation()
        };
        assert_eq!(check_reservation(second, limits), Err(Refusal::TooLong));
        // And the declared end is checked as before.
        let declared = Reservation { end_ms: 120 * MIN + 1, ..reservation() };
        assert_eq!(check_reservation(declared, limits), Err(Refusal::TooLong));
    }

    #[test]
    fn bytes_in_flight_count_against_the_size_limit() {
        let limits = Limits { max_duration_ms: 120 * MIN, max_bytes: 8 << 20 };
        let full = Reservation { declared_len: 1 << 20, committed_bytes: 8 << 20, ..reservation() };
        assert_eq!(check_reservation(full, limits), Err(Refusal::TooLarge));
        let last = Reservation { declared_len: 1 << 20, committed_bytes: 7 << 20, ..reservation() };
        assert_eq!(check_reservation(last, limits), Ok(()));
        assert_eq!(Refusal::TooLarge.code().code().status(), 413);
    }

    #[test]
    fn tiny_chunks_are_a_segments_last_only_and_the_count_is_capped() {
        let limits = Limits::default();
        let tiny = Reservation { declared_len: 1, ..reservation() };
        assert_eq!(check_reservation(tiny, limits), Ok(()));
        assert_eq!(check_reservation(Reservation { has_small_chunk: true, ..tiny }, limits), Err(Refusal::TooSmall));
        let many = Reservation { chunk_count: MAX_CHUNKS_PER_ENTRY, ..reservation() };
        assert_eq!(check_reservation(many, limits), Err(Refusal::TooManyChunks));
    }

    #[test]
    fn a_chunk_still_streaming_cant_be_reserved_again_until_its_upload_is_stale() {
        assert!(!may_reserve_again(10_000, 10_000, true), "a second PUT while the first streams");
        assert!(!may_reserve_again(10_000, 10_000 + RESERVATION_STALE_MS - 1, true));
        assert!(
            may_reserve_again(10_000, 10_000 + RESERVATION_STALE_MS, true),
            "an upload that never ended: the backstop"
        );
        assert!(may_reserve_again(0, 1_700_000_000_000, true), "a reservation older than the time column");
        assert!(!may_reserve_again(10_000, 5_000, true), "a clock behind the reservation's is not staleness");
        assert_eq!(
            (Refusal::InFlight.code().code().status(), Refusal::InFlight.code().code().as_str()),
            (409, "chunk_in_flight")
        );
    }

    #[test]
    fn a_reservation_left_by_an_earlier_instance_never_blocks_the_retry() {
        // The server restarted mid-upload: the ledger still has the reservation (stored = 0), but
        // its request died with the instance that made it. The tab's retry a second later goes.
        assert!(may_reserve_again(10_000, 11_000, false));
        assert!(may_reserve_again(10_000, 10_000, false));
        assert!(may_reserve_again(10_000, 5_000, false), "whatever the clocks say");
    }

    #[test]
    fn live_uploads_follow_their_reservations_attempts() {
        use crate::recording::Track::{Camera, Screen};
        let chunk = |seq, track, index| ChunkId { seq, track, index };
        let first = chunk(1, Screen, 0);
        let mut live = LiveUploads::default();
        assert!(!live.is_live(first, 1), "a new instance knows of no upload");
        live.began(first, 1);
        assert!(live.is_live(first, 1));
        assert!(
            !live.is_live(chunk(1, Camera, 0), 1)
                && !live.is_live(chunk(2, Screen, 0), 1)
                && !live.is_live(chunk(1, Screen, 1), 1),
            "per segment, track and index"
        );
        // A stale reservation was taken over by attempt 2; the first upload's late end changes nothing.
        live.began(first, 2);
        assert!(!live.is_live(first, 1) && live.is_live(first, 2));
        live.ended(first, 1);
        assert!(live.is_live(first, 2), "an older attempt's end does not end the newer upload");
        live.ended(first, 2);
        assert!(!live.is_live(first, 2) && live.is_empty());
        live.began(chunk(1, Screen, 3), 1);
        live.began(chunk(1, Camera, 3), 1);
        assert_eq!(live.len(), 2);
        live.clear();
        assert!(live.is_empty());
    }

    #[test]
    fn only_a_growing_recording_is_activity() {
        assert_eq!(progress(0, 1_000, 5_000), 1_000);
        assert_eq!(progress(5_000, 4_000, 5_000), 0, "a repeat of an earlier time adds nothing");
        assert_eq!(progress(0, 29 * MIN, 5_000), MAX_CHUNK_SPAN_MS, "one chunk can't claim half an hour");
        assert_eq!(progress(0, 1_000, 1), 0, "a tiny chunk is not activity");
    }

    #[test]
    fn holds_follow_adr_0005_and_the_provisional_one_covers_a_whole_segment() {
        assert_eq!(hold_until(0, None), 5 * MIN);
        assert_eq!(hold_until(0, Some(MIN)), 31 * MIN);
        assert_eq!(hold_until(60 * MIN, Some(MIN)), 65 * MIN, "a newer segment without media holds 5 minutes");
        let limits = Limits { max_duration_ms: 120 * MIN, max_bytes: 1 };
        assert_eq!(provisional_hold(0, limits), 160 * MIN);
        assert_eq!(expires_at(0), 24 * 60 * MIN);
    }
}
