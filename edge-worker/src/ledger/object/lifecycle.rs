//! A participation's start and end in its object: set up at `participate` (or adopted from D1's
//! ledger), what it recorded so far, deleted (left, expired, or the entry, analysis or user
//! deleted) and finished (submitted).

use lupa_api_types::LiveEvent;
use lupa_core::ledger::SWEEP_AFTER_MS;
use lupa_core::recording::{ChunkId, ParticipationState, Track};
use worker::Response;

use super::{ok, ParticipationLedger};
use crate::error::ApiResult;
use crate::ledger::protocol::{Init, Status};
use crate::ledger::store::{Meta, Segment, Store};
use crate::ledger::viewers;
use crate::platform::storage::entry_prefix;

impl ParticipationLedger {
    /// Sets the participation up once; a repeat (or an adoption racing `participate`) changes
    /// nothing but the alarm.
    pub(super) async fn init(&self, store: &Store, init: Init) -> ApiResult<Response> {
        if let Some(language) = init.transcribe.as_deref() {
            store.set_transcription(language)?;
        }
        if store.meta()?.is_none() {
            store.init(&init.entry_id, &init.analysis_id, &init.capability, &init.camera, init.now)?;
            for s in init.adopted {
                store.insert_segment(&Segment {
                    seq: s.seq,
                    track: s.track,
                    mime: s.mime,
                    r2_key: s.r2_key,
                    upload_id: s.upload_id,
                    offset_ms: s.offset_ms,
                    opened_at: s.created_at,
                    end_ms: 0,
                    state: s.state,
                    start_ms: s.start_ms,
                    size: None,
                    small_chunk: 0,
                    bytes: 0,
                    // Adopted participations began before the objects, long before tiers.
                    tier: 0,
                })?;
                for c in s.chunks {
                    store.adopt_chunk(ChunkId { seq: s.seq, track: s.track, index: c.idx }, c.size, c.end_ms)?;
                }
                for p in s.parts {
                    store.save_part(s.seq, s.track, p.part_number, &p.etag, p.size)?;
                }
            }
        }
        self.arm_for_activity(store).await?;
        ok(())
    }

    /// What was recorded so far, on the screen's timeline (resume, the researcher's table).
    pub(super) fn status(&self, store: &Store, meta: &Meta) -> ApiResult<Response> {
        let screens: Vec<Segment> = store.segments()?.into_iter().filter(|s| s.track == Track::Screen).collect();
        ok(Status {
            recorded_ms: screens.iter().map(|s| s.end_ms).sum(),
            segments: screens.len() as u32,
            active_at: meta.last_activity_at,
            steps_json: meta.steps_json.clone(),
            viewers: viewers::watching(&self.state),
        })
    }

    /// Submitted: D1 has what the researcher sees. The ledger goes; the alarm, at once, deletes
    /// the chunks, builds the seek indexes of `index` and finishes the transcript.
    pub(super) async fn finish(&self, store: &Store, index: &[String]) -> ApiResult<()> {
        store.set_state(ParticipationState::Finished)?;
        store.clear_ledger()?;
        self.live_uploads.borrow_mut().clear();
        // The seek indexes read whole files: here, on the alarm, not in the isolate that
        // answers the participant's submit (ADR 0013, "Finish").
        store.queue_index(index)?;
        self.arm_at(store, crate::platform::clock::system_now()).await?;
        self.tell(&LiveEvent::Finished);
        Ok(())
    }

    /// Refuses everything from now on, aborts the open uploads and deletes every object; a sweep
    /// later deletes whatever a chunk already streaming stores after this.
    pub(super) async fn delete(&self, store: &Store, meta: &Meta) -> ApiResult<Response> {
        store.set_state(ParticipationState::Deleted)?;
        self.audio_files.clear();
        self.erase(store, meta).await?;
        self.arm_at(store, crate::platform::clock::system_now() + SWEEP_AFTER_MS).await?;
        ok(())
    }

    /// Aborts the open multipart uploads, forgets the ledger and deletes the entry's prefix.
    pub(super) async fn erase(&self, store: &Store, meta: &Meta) -> ApiResult<()> {
        let bucket = self.bucket()?;
        for segment in store.segments()? {
            if let Some(upload_id) = segment.upload_id {
                if let Ok(upload) = bucket.resume_multipart_upload(segment.r2_key.clone(), upload_id) {
                    let _ = upload.abort().await;
                }
            }
        }
        store.clear_ledger()?;
        self.live_uploads.borrow_mut().clear();
        crate::platform::storage::delete_under(&bucket, &entry_prefix(&meta.analysis_id, &meta.entry_id)).await
    }
}
