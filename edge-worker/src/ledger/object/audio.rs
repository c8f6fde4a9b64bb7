//! The transcription track in the participation's object (ADR 0018): where its chunks go, and
//! each chunk stored in R2 and noted for the alarm's transcription. The capability was checked at
//! the door (`dispatch.rs`).

use lupa_core::ledger::{self, Refusal, Reservation, MIN_CHUNK_BYTES};
use lupa_core::recording::{ChunkId, ParticipationState, Track};
use worker::Response;

use super::{ok, refuse, ParticipationLedger, SETTLE_MS};
use crate::error::ApiResult;
use crate::ledger::protocol::AudioChunk;
use crate::ledger::store::{Meta, Store};
use crate::ledger::transcribe;

impl ParticipationLedger {
    /// Where the audio track's chunks go: the newest screen segment's number and offset.
    pub(super) fn audio_open(&self, store: &Store, now: i64) -> ApiResult<Response> {
        if store.transcription()?.is_none() {
            return refuse(Refusal::TranscriptionOff);
        }
        let screens = store.segments()?.into_iter().filter(|s| s.track == Track::Screen);
        let Some(newest) = screens.max_by_key(|s| s.seq) else { return refuse(Refusal::NoScreenSegment) };
        store.touch(now)?;
        ok((newest.seq, newest.offset_ms))
    }

    /// Stores one audio chunk in R2 and notes it (ADR 0018): only while transcribed, for a screen
    /// segment that exists, within the limits a screen chunk meets (`ledger::check_reservation`:
    /// the participation's bytes, its chunk count, the length on the server's clock and the start
    /// the tab declares, one tiny chunk a track). Its bytes and itself are counted before its body
    /// goes to R2, so parallel chunks can't pass the limits together.
    pub(super) async fn audio(&self, store: &Store, meta: &Meta, chunk: AudioChunk) -> ApiResult<Response> {
        use base64::Engine;
        let AudioChunk { seq, index, start_ms, body, now } = chunk;
        if store.transcription()?.is_none() {
            return refuse(Refusal::TranscriptionOff);
        }
        let Some(screen) = store.segment(seq, Track::Screen)? else {
            return refuse(Refusal::NoSegment);
        };
        let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(body) else {
            return refuse(Refusal::Conflict);
        };
        if bytes.len() > transcribe::MAX_AUDIO_CHUNK {
            return refuse(Refusal::TooLarge);
        }
        let size = bytes.len() as u64;
        match store.audio_chunk_size(seq, index)? {
            // A retry of a stored chunk is fine whatever the limits say now, as for the screen.
            Some(stored) if stored == size => return ok(true),
            Some(_) => return refuse(Refusal::Conflict),
            None => {}
        }
        let small = size < MIN_CHUNK_BYTES;
        let checked = ledger::check_reservation(
            Reservation {
                declared_len: size,
                // Where the audio starts on its screen file: the audio's own declared time.
                end_ms: start_ms.max(0),
                segment_offset_ms: screen.offset_ms,
                segment_opened_at: screen.opened_at,
                now,
                committed_bytes: meta.stored_bytes + meta.reserved_bytes,
                chunk_count: u32::try_from(meta.chunk_count).unwrap_or(u32::MAX),
                has_small_chunk: small && store.audio_small_chunk(seq)?,
            },
            self.limits()?,
        );
        if let Err(refusal) = checked {
            return refuse(refusal);
        }
        store.reserve_audio(size)?;
        let key = transcribe::audio_key(&meta.analysis_id, &meta.entry_id, seq, index);
        let bucket = self.bucket()?;
        if let Err(err) = bucket.put(key.clone(), bytes.clone()).execute().await {
            store.release_audio(size)?;
            return Err(err.into());
        }
        // The participation may have gone while the body was stored: its object must go too.
        if store.meta()?.is_none_or(|m| m.state != ParticipationState::Active) {
            let _ = bucket.delete(key).await;
            return refuse(Refusal::Gone);
        }
        let id = ChunkId { seq, track: Track::Audio, index };
        store.add_audio_chunk(id, size, screen.offset_ms + start_ms.max(0), screen.opened_at, now, small)?;
        // Cached only once stored: the in-memory file never holds a chunk R2 and the ledger lack.
        self.audio_files.append(seq, index, &bytes);
        store.touch(now)?;
        // Transcribed while recording: the alarm takes the windows closed since it last ran, about
        // one a window's length (ADR 0018). `arm` only ever moves the alarm earlier.
        let due = (self.transcribed_at.get() + lupa_core::webm_audio::WINDOW_MS)
            .max(crate::platform::clock::system_now() + SETTLE_MS);
        self.arm(store, due).await?;
        ok(true)
    }
}
