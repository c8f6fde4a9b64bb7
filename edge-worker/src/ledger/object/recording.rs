//! The recording's steps in the participation's object (ADR 0005, ADR 0013): opening a segment,
//! a chunk's reservation before its body streams to R2 and its commit after, composing parts,
//! the step marks, and closing every segment at Finish. The capability was checked at the door
//! (`dispatch.rs`); each step reads and writes the ledger with no `await` in between.

use lupa_api_types::LiveEvent;
use lupa_core::camera;
use lupa_core::chunks::MAX_SEGMENTS;
use lupa_core::ledger::{self, Refusal, Reservation, MIN_CHUNK_BYTES};
use lupa_core::recording::{SegmentState, Track};
use worker::Response;

use super::{ok, refuse, ParticipationLedger};
use crate::error::ApiResult;
use crate::ledger::compose;
use crate::ledger::protocol::{
    ClosedSegment, CommitChunk, Committed, Completed, OpenSegment, Opened, ReserveChunk, Reserved,
};
use crate::ledger::store::{Chunk, Meta, Segment, Store};
use crate::ledger::viewers;
use crate::platform::storage::{chunk_key, segment_key};

impl ParticipationLedger {
    /// A new screen segment (the next number, starting where the earlier ones end) recorded at the
    /// quality tier asked, or the camera track of the newest screen segment (its number, place on
    /// the timeline and tier).
    pub(super) async fn open(&self, store: &Store, meta: &Meta, open: OpenSegment) -> ApiResult<Response> {
        let OpenSegment { track, mime, now, tier } = open;
        let segments = store.segments()?;
        let screens: Vec<&Segment> = segments.iter().filter(|s| s.track == Track::Screen).collect();
        let limits = self.limits()?;
        let file_key = |seq| segment_key(&meta.analysis_id, &meta.entry_id, seq, track, &mime);
        let segment = match track {
            Track::Camera => {
                if !camera::records_camera(&meta.camera) {
                    return refuse(Refusal::CameraOff);
                }
                let Some(newest) = screens.iter().max_by_key(|s| s.seq) else {
                    return refuse(Refusal::NoScreenSegment);
                };
                if let Some(existing) = segments.iter().find(|s| s.track == Track::Camera && s.seq == newest.seq) {
                    if existing.state != SegmentState::Open {
                        return refuse(Refusal::SegmentClosed);
                    }
                    existing.clone()
                } else {
                    let s = Segment {
                        track: Track::Camera,
                        mime: mime.clone(),
                        r2_key: file_key(newest.seq),
                        upload_id: None,
                        end_ms: 0,
                        state: SegmentState::Open,
                        start_ms: 0,
                        size: None,
                        small_chunk: 0,
                        bytes: 0,
                        opened_at: now,
                        ..(*newest).clone()
                    };
                    store.insert_segment(&s)?;
                    s
                }
            }
            Track::Screen => {
                let next = screens.iter().map(|s| s.seq).max().unwrap_or(0) + 1;
                if next > MAX_SEGMENTS {
                    return refuse(Refusal::TooManySegments);
                }
                let s = Segment {
                    seq: next,
                    track: Track::Screen,
                    mime: mime.clone(),
                    r2_key: file_key(next),
                    upload_id: None,
                    offset_ms: screens.iter().map(|s| s.end_ms).sum(),
                    opened_at: now,
                    end_ms: 0,
                    state: SegmentState::Open,
                    start_ms: 0,
                    size: None,
                    small_chunk: 0,
                    bytes: 0,
                    tier,
                };
                store.insert_segment(&s)?;
                s
            }
            // The audio track opens nothing (`audio_open`); the worker never asks this.
            Track::Audio => return refuse(Refusal::NoSegment),
        };
        store.opened(now)?;
        self.tell(&LiveEvent::Segment { segment: viewers::segment_dto(&segment, Vec::new()) });
        self.arm_for_activity(store).await?;
        ok(Opened {
            seq: segment.seq,
            offset_ms: segment.offset_ms,
            r2_key: segment.r2_key,
            hold_until: ledger::provisional_hold(now, limits),
            tier: segment.tier,
        })
    }

    /// The step marks so far: kept for resume and Finish, and shown to viewers.
    pub(super) fn steps(&self, store: &Store, steps_json: &str, now: i64) -> ApiResult<Response> {
        store.save_steps(steps_json, now)?;
        if let Ok(steps) = serde_json::from_str(steps_json) {
            self.tell(&LiveEvent::Steps { steps });
        }
        ok(())
    }

    /// Reserves a chunk's bytes within the participation's limits before its body moves, so
    /// parallel chunks can't pass the limits together; a retry of a stored chunk is answered as
    /// stored, and a second upload of an index still streaming is refused (ADR 0013).
    pub(super) async fn reserve(&self, store: &Store, meta: &Meta, reserve: ReserveChunk) -> ApiResult<Response> {
        let ReserveChunk { chunk: id, end_ms, len, start_ms, now } = reserve;
        let Some(segment) = store.segment(id.seq, id.track)? else { return refuse(Refusal::NoSegment) };
        let previous = store.chunk(id)?;
        if let Some(chunk) = &previous {
            if chunk.stored == 1 {
                // A retry of a stored chunk is fine whatever the limits say now.
                return if chunk.size == len {
                    ok(Reserved { key: String::new(), already_stored: true, attempt: chunk.attempt })
                } else {
                    refuse(Refusal::Conflict)
                };
            }
            // Its body is still streaming: a second upload would write the same R2 key, and
            // whichever committed last would set the size, whatever R2 kept. An upload this
            // instance did not reserve died with an earlier one; once stale, one of this instance
            // is taken for dead too; either way this upload replaces its reservation.
            let live = self.live_uploads.borrow().is_live(id, chunk.attempt);
            if !ledger::may_reserve_again(chunk.reserved_at, now, live) {
                return refuse(Refusal::InFlight);
            }
        }
        if segment.state != SegmentState::Open {
            return refuse(Refusal::SegmentClosed);
        }
        let in_flight = previous.as_ref().map(|c| c.size as i64).unwrap_or(0);
        let checked = ledger::check_reservation(
            Reservation {
                declared_len: len,
                end_ms,
                segment_offset_ms: segment.offset_ms,
                segment_opened_at: segment.opened_at,
                now,
                committed_bytes: meta.stored_bytes + meta.reserved_bytes - in_flight,
                chunk_count: u32::try_from(meta.chunk_count)
                    .unwrap_or(u32::MAX)
                    .saturating_sub(u32::from(previous.is_some())),
                has_small_chunk: segment.small_chunk == 1 && len < MIN_CHUNK_BYTES,
            },
            self.limits()?,
        );
        if let Err(refusal) = checked {
            return refuse(refusal);
        }
        let attempt = store.reserve(id, len, end_ms, previous.as_ref(), now)?;
        self.live_uploads.borrow_mut().began(id, attempt);
        if let (Track::Camera, Some(start)) = (id.track, start_ms) {
            store.set_camera_start(id.seq, start)?;
        }
        let key = chunk_key(&meta.analysis_id, &meta.entry_id, id);
        ok(Reserved { key, already_stored: false, attempt })
    }

    /// An upload ended. The ledger alone decides whether its R2 object stays: it is stored when R2
    /// kept the reserved size; otherwise the reservation is given back and the worker deletes the
    /// object. An upload whose stale reservation another took over commits nothing and deletes
    /// nothing: the key is the newer upload's now.
    pub(super) async fn commit(&self, store: &Store, meta: &Meta, commit: CommitChunk) -> ApiResult<Response> {
        let CommitChunk { chunk: id, attempt, stored, size, now } = commit;
        // Whatever the ledger says next, this upload has ended.
        self.live_uploads.borrow_mut().ended(id, attempt);
        let (Some(segment), Some(chunk)) = (store.segment(id.seq, id.track)?, store.chunk(id)?) else {
            return refuse(Refusal::Gone);
        };
        if chunk.stored == 1 || chunk.attempt != attempt {
            return ok(Committed { compose: false, delete: false, watched: false });
        }
        // The size R2 reports is what the ledger records: a body of another size is not this
        // reservation's, so it is rolled back rather than counted as the reserved one.
        if !stored || size != chunk.size {
            store.release(id.seq, id.track, &chunk)?;
            return ok(Committed { compose: false, delete: true, watched: false });
        }
        let small = chunk.size < MIN_CHUNK_BYTES;
        let grown = ledger::progress(segment.end_ms, chunk.end_ms, chunk.size) > 0;
        store.store(id.seq, id.track, &chunk, small, grown.then_some(now))?;
        // A late chunk of an earlier screen segment (left by a tab that reloaded) lengthens it:
        // the later segments move along the timeline, and their viewers with them.
        let lengthens_earlier_screen = id.track == Track::Screen && chunk.end_ms > segment.end_ms;
        let moved = if lengthens_earlier_screen && store.has_later_screen(id.seq)? {
            store.settle_offsets()?
        } else {
            Vec::new()
        };
        for (seq, offset_ms) in moved {
            self.tell(&LiveEvent::Moved { seq, offsetMs: offset_ms });
        }
        // Viewers hear of it now: a synchronous send, no wait for the participant (ADR 0016).
        let watched = viewers::watched(&self.state);
        if watched {
            let signer = viewers::Signer::new(&self.env, &meta.entry_id)?;
            let stored = Chunk { stored: 1, ..chunk.clone() };
            self.tell(&LiveEvent::Chunk { chunk: signer.chunk(id.seq, id.track, &stored) });
        }
        if grown {
            if meta.hold_released == 1 {
                self.hold_again(store, meta, now).await?;
            }
            self.arm_for_activity(store).await?;
        }
        // A cheap hint (no read of the ledger): the composition works out what is really ready.
        let bytes = segment.bytes.max(0) as u64 + chunk.size;
        let compose = compose::may_have_ready_part(bytes, store.part_count(id.seq, id.track)?);
        ok(Committed { compose, delete: false, watched })
    }

    /// The alarm had let D1's hold go and the recording grows again: the place again, if one is
    /// free. Rare (a long pause), so the chunk waits for it; the alarm waits for the chunk, so a
    /// release never lands after this and undoes it.
    async fn hold_again(&self, store: &Store, meta: &Meta, now: i64) -> ApiResult<()> {
        let (app, until) = (self.app()?, ledger::provisional_hold(now, self.limits()?));
        store.hold_released(false)?;
        *self.holding.borrow_mut() = true;
        let held = crate::participation::holds::hold_again(&app, &meta.entry_id, now, until).await;
        *self.holding.borrow_mut() = false;
        if held.is_err() {
            // The chunk is stored whatever D1 said; the place is still released there, so the
            // next chunk that grows the recording tries again.
            store.hold_released(true)?;
        }
        held
    }

    /// Composes the parts after the first that the segment's stored chunks cover, one
    /// composition per segment at a time (a chunk that arrives meanwhile starts nothing).
    pub(super) async fn compose(&self, store: &Store, meta: &Meta, seq: u32, track: Track) -> ApiResult<Response> {
        let Some(segment) = store.segment(seq, track)? else { return ok(()) };
        if segment.state != SegmentState::Open || !self.composing.borrow_mut().insert((seq, track)) {
            return ok(());
        }
        let result = compose::compose_ready(store, &self.bucket()?, &meta.analysis_id, &meta.entry_id, &segment).await;
        self.composing.borrow_mut().remove(&(seq, track));
        result?;
        ok(())
    }

    /// Finish: closes every open segment into its file, and answers every segment as D1 records
    /// it for the researcher.
    pub(super) async fn complete(&self, store: &Store, meta: &Meta, now: i64) -> ApiResult<Response> {
        let bucket = self.bucket()?;
        let mut closed = Vec::new();
        for segment in store.segments()? {
            let (state, size, duration_ms) = if segment.state == SegmentState::Open {
                let done = compose::close(store, &bucket, &meta.analysis_id, &meta.entry_id, &segment).await?;
                (done.state, done.size, done.duration_ms)
            } else {
                (segment.state, segment.size.unwrap_or(0).max(0) as u64, segment.end_ms)
            };
            closed.push(ClosedSegment {
                seq: segment.seq,
                track: segment.track,
                mime: segment.mime,
                r2_key: segment.r2_key,
                state,
                size,
                duration_ms,
                offset_ms: segment.offset_ms,
                start_ms: segment.start_ms,
                tier: segment.tier,
            });
        }
        // Closing may shorten a segment to its contiguous chunks: the offsets follow what is kept.
        for (seq, offset_ms) in store.settle_offsets()? {
            closed.iter_mut().filter(|s| s.seq == seq).for_each(|s| s.offset_ms = offset_ms);
        }
        store.touch(now)?;
        let recorded_bytes = closed.iter().map(|s| s.size).sum();
        ok(Completed { segments: closed, recorded_bytes, steps_json: meta.steps_json.clone() })
    }
}
