//! The object's tables for a participation's transcription (ADR 0018), beside the ledger's
//! (`store.rs`; both schemas are in `schema.rs`): the language, each segment's audio track and chunks, the server's clock of each
//! track, the calls made and the windows stored. Created with the ledger's tables; new ones are
//! tables of their own, not columns, so objects made before them need no migration.

use std::collections::HashMap;

use lupa_core::recording::{ChunkId, ParticipationState};
use lupa_core::transcript::Language;
use serde::Deserialize;

use crate::error::ApiResult;
use crate::ledger::store::{int, v, Store};

#[derive(Deserialize)]
struct Setting {
    language: String,
    attempts: i64,
}

#[derive(Deserialize)]
pub(crate) struct Track {
    pub seq: u32,
    pub offset_ms: i64,
}

#[derive(Deserialize)]
pub(crate) struct Clock {
    pub opened_at: i64,
    pub last_at: i64,
    pub small_chunk: i64,
}

#[derive(Deserialize)]
struct Calls {
    calls: i64,
}

#[derive(Deserialize)]
struct Done {
    window_index: u32,
    offset_ms: i64,
}

impl Store {
    /// The participation is transcribed, in `language` (set once, at Init).
    pub fn set_transcription(&self, language: &str) -> ApiResult<()> {
        self.run("INSERT OR IGNORE INTO transcription (id, language) VALUES (1, ?)", vec![v(language)])
    }

    pub fn transcription(&self) -> ApiResult<Option<(Language, i64)>> {
        let row = self
            .rows::<Setting>("SELECT language, attempts FROM transcription WHERE id = 1", vec![])?
            .into_iter()
            .next();
        Ok(row.map(|s| (Language::parse(&s.language).unwrap_or_default(), s.attempts)))
    }

    pub fn stop_transcription(&self) -> ApiResult<()> {
        self.run("DELETE FROM transcription", vec![])
    }

    pub(crate) fn count_attempt(&self) -> ApiResult<()> {
        self.run("UPDATE transcription SET attempts = attempts + 1 WHERE id = 1", vec![])
    }

    /// The size of audio chunk `index` of segment `seq`, when it is stored.
    pub fn audio_chunk_size(&self, seq: u32, index: u32) -> ApiResult<Option<u64>> {
        let sizes = self.values::<i64>(
            "SELECT size AS value FROM audio_chunks WHERE seq = ? AND idx = ?",
            vec![int(seq), int(index)],
        )?;
        Ok(sizes.first().map(|size| (*size).max(0) as u64))
    }

    /// Whether segment `seq`'s audio already has a chunk below `MIN_CHUNK_BYTES` (its last).
    pub fn audio_small_chunk(&self, seq: u32) -> ApiResult<bool> {
        Ok(self.audio_clock(seq)?.is_some_and(|c| c.small_chunk == 1))
    }

    pub(crate) fn audio_clock(&self, seq: u32) -> ApiResult<Option<Clock>> {
        Ok(self
            .rows::<Clock>("SELECT opened_at, last_at, small_chunk FROM audio_clock WHERE seq = ?", vec![int(seq)])?
            .into_iter()
            .next())
    }

    /// Counts an audio chunk (its bytes and itself) before its body goes to R2, so that a chunk
    /// arriving meanwhile sees it, as a screen chunk's reservation does (ADR 0013).
    pub fn reserve_audio(&self, size: u64) -> ApiResult<()> {
        self.run(
            "UPDATE meta SET stored_bytes = stored_bytes + ?, chunk_count = chunk_count + 1 WHERE id = 1",
            vec![int(size)],
        )
    }

    /// Gives back what `reserve_audio` counted: the body never reached R2, or replaced a copy.
    pub fn release_audio(&self, size: u64) -> ApiResult<()> {
        self.run("UPDATE meta SET stored_bytes = MAX(stored_bytes - ?, 0), chunk_count = MAX(chunk_count - 1, 0) WHERE id = 1", vec![int(size)])
    }

    /// Notes a stored audio chunk (already counted by `reserve_audio`). The first of a segment
    /// fixes where its audio starts and when its clock started (its screen segment's opening);
    /// each one moves the clock to `now`. A chunk stored twice (parallel retries) counts once.
    pub fn add_audio_chunk(
        &self,
        chunk: ChunkId,
        size: u64,
        offset_ms: i64,
        opened_at: i64,
        now: i64,
        small: bool,
    ) -> ApiResult<()> {
        let (seq, index) = (chunk.seq, chunk.index);
        let previous = self.audio_chunk_size(seq, index)?;
        self.run("INSERT OR IGNORE INTO audio_tracks (seq, offset_ms) VALUES (?, ?)", vec![int(seq), int(offset_ms)])?;
        self.run(
            "INSERT OR REPLACE INTO audio_chunks (seq, idx, size) VALUES (?, ?, ?)",
            vec![int(seq), int(index), int(size)],
        )?;
        self.run(
            "INSERT INTO audio_clock (seq, opened_at, last_at, small_chunk) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT (seq) DO UPDATE SET last_at = MAX(last_at, excluded.last_at), small_chunk = MAX(small_chunk, excluded.small_chunk)",
            vec![int(seq), int(opened_at), int(now), int(i64::from(small))],
        )?;
        match previous {
            Some(size) => self.release_audio(size),
            None => Ok(()),
        }
    }

    pub(crate) fn audio_tracks(&self) -> ApiResult<Vec<Track>> {
        self.rows::<Track>("SELECT seq, offset_ms FROM audio_tracks ORDER BY seq", vec![])
    }

    pub(crate) fn audio_chunks(&self, seq: u32) -> ApiResult<Vec<u32>> {
        self.values("SELECT idx AS value FROM audio_chunks WHERE seq = ? ORDER BY idx", vec![int(seq)])
    }

    /// The windows stored, each with the track offset it was stored at.
    pub(crate) fn transcribed(&self, seq: u32) -> ApiResult<HashMap<u32, i64>> {
        Ok(self
            .rows::<Done>("SELECT window_index, offset_ms FROM transcribed_windows WHERE seq = ?", vec![int(seq)])?
            .into_iter()
            .map(|r| (r.window_index, r.offset_ms))
            .collect())
    }

    pub(crate) fn mark_transcribed(&self, seq: u32, window: u32, offset_ms: i64) -> ApiResult<()> {
        self.run(
            "INSERT OR REPLACE INTO transcribed_windows (seq, window_index, offset_ms) VALUES (?, ?, ?)",
            vec![int(seq), int(window), int(offset_ms)],
        )
    }

    pub(crate) fn calls(&self) -> ApiResult<i64> {
        Ok(self
            .rows::<Calls>("SELECT calls FROM transcription_calls WHERE id = 1", vec![])?
            .first()
            .map_or(0, |c| c.calls))
    }

    pub(crate) fn count_calls(&self, calls: usize) -> ApiResult<()> {
        self.run(
            "INSERT INTO transcription_calls (id, calls) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET calls = calls + excluded.calls",
            vec![int(calls)],
        )
    }

    /// Whether the object still holds the participation and owes it a transcript. A leave, a
    /// deletion or the analysis turned off can land while a round awaits R2, the speech service or
    /// D1: a round checks this after each of them.
    pub(crate) fn still_owed(&self) -> ApiResult<bool> {
        let Some(meta) = self.meta()? else { return Ok(false) };
        Ok(matches!(meta.state, ParticipationState::Active | ParticipationState::Finished)
            && self.transcription()?.is_some())
    }
}
