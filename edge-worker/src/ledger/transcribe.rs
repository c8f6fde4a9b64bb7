//! A participation's transcription, kept by its object (ADR 0018). The tab sends the microphone
//! as a small audio-only WebM per segment (`…/segments/{segment}/audio-chunks/{index}`); the
//! object stores each chunk in R2 under the entry's prefix and notes it here. Its alarm joins each
//! segment's chunks, cuts them into windows (`lupa_core::webm_audio`), sends each window to the
//! provider and writes its lines to D1 (one statement per window, so a window is stored whole or
//! not at all). While the participant records, the alarm transcribes the windows a later block
//! has closed, so that after Finish only the last one is left. After Finish a rate limit or a
//! failing service leaves a window for the next alarm, after a backoff; after `MAX_ATTEMPTS` it is
//! stored empty so the transcript still completes. None of this is on the participant's path:
//! neither a chunk nor Finish waits for it.
//!
//! Tables (created with the ledger's): `transcription` (the language; absent = off for this
//! participation), `audio_tracks` (each segment's audio file: where it starts on the timeline),
//! `audio_chunks`, and `transcribed_windows` (the windows stored in D1, with the offset they were
//! stored at: a segment that moves later, ADR 0016, has its windows stored again).

use std::cell::RefCell;
use std::collections::HashMap;

use futures_util::future::join_all;
use lupa_core::transcript::{self, CallError, Language};
use lupa_core::webm_audio;
use serde::Deserialize;
use worker::Bucket;

use crate::db::{db, int as d1_int, text, Batch};
use crate::error::{ApiError, ApiResult};
use crate::ledger::store::{int, v, Store};
use crate::transcripts::provider::Provider;
use crate::App;

pub const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS transcription (id INTEGER PRIMARY KEY CHECK (id = 1), language TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS audio_tracks (seq INTEGER PRIMARY KEY, offset_ms INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS audio_chunks (seq INTEGER NOT NULL, idx INTEGER NOT NULL, size INTEGER NOT NULL, PRIMARY KEY (seq, idx)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS transcribed_windows (seq INTEGER NOT NULL, window_index INTEGER NOT NULL, offset_ms INTEGER NOT NULL, PRIMARY KEY (seq, window_index)) WITHOUT ROWID",
];

/// The largest audio chunk: a second of Opus at the recorder's 24 kbit/s is ~3 KB.
pub const MAX_AUDIO_CHUNK: usize = 256 * 1024;
/// Windows sent at once: a 60-minute recording's 120 windows in 15 rounds.
const CONCURRENCY: usize = 8;

pub fn audio_key(analysis_id: &str, entry_id: &str, seq: u32, index: u32) -> String {
    crate::storage::chunk_key(analysis_id, entry_id, seq, "audio", index)
}

#[derive(Deserialize)]
struct Setting {
    language: String,
    attempts: i64,
}

#[derive(Deserialize)]
struct Track {
    seq: u32,
    offset_ms: i64,
}

#[derive(Deserialize)]
struct ChunkRow {
    idx: u32,
}

#[derive(Deserialize)]
struct Done {
    window_index: u32,
    offset_ms: i64,
}

/// Each segment's audio file as far as its chunks run without a gap, kept in the object's memory
/// between alarms: transcribing while recording then reads each chunk from R2 at most once, not
/// the whole file at every window (a 60-minute track is ~11 MB). Only a cache: a new instance
/// reads R2 again.
#[derive(Default)]
pub struct AudioFiles(RefCell<HashMap<u32, (u32, Vec<u8>)>>);

impl AudioFiles {
    /// Adds a chunk just stored, when it is the next one of its segment's file.
    pub fn append(&self, seq: u32, index: u32, bytes: &[u8]) {
        let mut files = self.0.borrow_mut();
        let (count, file) = files.entry(seq).or_default();
        if *count == index {
            file.extend_from_slice(bytes);
            *count += 1;
        }
    }

    pub fn clear(&self) {
        self.0.borrow_mut().clear();
    }

    /// The segment's file: what is cached, then the chunks after it read from R2. Taken out of the
    /// cache while R2 is read (no borrow across an await) and put back with `keep`; a chunk added
    /// meanwhile is read from R2 next time.
    async fn take(&self, bucket: &Bucket, analysis_id: &str, entry_id: &str, seq: u32, indexes: &[u32]) -> ApiResult<(u32, Vec<u8>)> {
        let (mut count, mut file) = self.0.borrow_mut().remove(&seq).unwrap_or_default();
        // Chunks are numbered from 0 without gaps; a missing one ends what can be decoded.
        let cached = count;
        for idx in indexes.iter().copied().filter(|i| *i >= cached) {
            if idx != count {
                break;
            }
            let Some(object) = bucket.get(audio_key(analysis_id, entry_id, seq, idx)).execute().await? else { break };
            let Some(body) = object.body() else { break };
            file.extend_from_slice(&body.bytes().await?);
            count += 1;
        }
        Ok((count, file))
    }

    fn keep(&self, seq: u32, count: u32, file: Vec<u8>) {
        self.0.borrow_mut().insert(seq, (count, file));
    }
}

impl Store {
    /// The participation is transcribed, in `language` (set once, at Init).
    pub fn set_transcription(&self, language: &str) -> ApiResult<()> {
        self.run("INSERT OR IGNORE INTO transcription (id, language) VALUES (1, ?)", vec![v(language)])
    }

    pub fn transcription(&self) -> ApiResult<Option<(Language, i64)>> {
        let row = self.rows::<Setting>("SELECT language, attempts FROM transcription WHERE id = 1", vec![])?.into_iter().next();
        Ok(row.map(|s| (Language::parse(&s.language).unwrap_or_default(), s.attempts)))
    }

    pub fn stop_transcription(&self) -> ApiResult<()> {
        self.run("DELETE FROM transcription", vec![])
    }

    fn count_attempt(&self) -> ApiResult<()> {
        self.run("UPDATE transcription SET attempts = attempts + 1 WHERE id = 1", vec![])
    }

    /// Notes a stored audio chunk; the first of a segment fixes where its audio starts.
    pub fn add_audio_chunk(&self, seq: u32, index: u32, size: usize, offset_ms: i64) -> ApiResult<()> {
        self.run("INSERT OR IGNORE INTO audio_tracks (seq, offset_ms) VALUES (?, ?)", vec![int(seq), int(offset_ms)])?;
        self.run("INSERT OR REPLACE INTO audio_chunks (seq, idx, size) VALUES (?, ?, ?)", vec![int(seq), int(index), int(size)])
    }

    fn audio_tracks(&self) -> ApiResult<Vec<Track>> {
        self.rows::<Track>("SELECT seq, offset_ms FROM audio_tracks ORDER BY seq", vec![])
    }

    fn audio_chunks(&self, seq: u32) -> ApiResult<Vec<u32>> {
        Ok(self.rows::<ChunkRow>("SELECT idx FROM audio_chunks WHERE seq = ? ORDER BY idx", vec![int(seq)])?.into_iter().map(|r| r.idx).collect())
    }

    /// The windows stored, each with the track offset it was stored at.
    fn transcribed(&self, seq: u32) -> ApiResult<HashMap<u32, i64>> {
        Ok(self.rows::<Done>("SELECT window_index, offset_ms FROM transcribed_windows WHERE seq = ?", vec![int(seq)])?.into_iter().map(|r| (r.window_index, r.offset_ms)).collect())
    }

    fn mark_transcribed(&self, seq: u32, window: u32, offset_ms: i64) -> ApiResult<()> {
        self.run("INSERT OR REPLACE INTO transcribed_windows (seq, window_index, offset_ms) VALUES (?, ?, ?)", vec![int(seq), int(window), int(offset_ms)])
    }
}

/// What a round of transcription left: all done, or windows to try again at the time given.
pub enum Outcome {
    Done,
    RetryAt(i64),
}

const STORE_WINDOW: &str = "INSERT INTO transcript_windows (entry_id, analysis_id, segment, window_index, start_ms, end_ms, failed, lines_json, search_text, created_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT (entry_id, segment, window_index) DO UPDATE SET \
     start_ms = excluded.start_ms, end_ms = excluded.end_ms, failed = excluded.failed, lines_json = excluded.lines_json, search_text = excluded.search_text";
const COMPLETED: &str = "UPDATE analysis_entries SET transcript_completed_at = ?2 WHERE id = ?1 AND transcript_completed_at IS NULL";

/// Which windows a round transcribes: while recording, those a later block has closed (a window
/// that fails waits for the next alarm, counting no attempt); after Finish, every one left.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Recording,
    Finished,
}

/// Transcribes the windows of the participation not stored yet, or stored at an offset its
/// segment has since moved from.
pub async fn run(app: &App, store: &Store, bucket: &Bucket, files: &AudioFiles, entry_id: &str, analysis_id: &str, phase: Phase) -> ApiResult<Outcome> {
    let Some((language, attempts)) = store.transcription()? else { return Ok(Outcome::Done) };
    let provider = Provider::from_env(&app.env);
    if !provider.is_on() {
        return Ok(Outcome::Done);
    }
    let finished = phase == Phase::Finished;
    let give_up = finished && attempts + 1 >= i64::from(transcript::MAX_ATTEMPTS);
    let mut retry = false;
    for track in store.audio_tracks()? {
        let indexes = store.audio_chunks(track.seq)?;
        let (count, file) = files.take(bucket, analysis_id, entry_id, track.seq, &indexes).await?;
        let job = Job { app, store, provider: &provider, language, give_up, finished, entry_id, analysis_id };
        let outcome = job.windows_of(&file, &track).await;
        files.keep(track.seq, count, file);
        match outcome? {
            Some(true) => retry = true,
            Some(false) => {}
            // The entry is gone (deleted meanwhile): nothing is owed.
            None => return Ok(Outcome::Done),
        }
    }
    if !finished {
        return Ok(Outcome::Done);
    }
    if retry {
        store.count_attempt()?;
        return Ok(Outcome::RetryAt(crate::clock::system_now() + transcript::retry_delay_ms(attempts.max(0) as u32 + 1)));
    }
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(COMPLETED, &[text(entry_id), d1_int(app.now())])?;
    batch.run().await?;
    Ok(Outcome::Done)
}

/// One round's settings, for each segment's windows.
struct Job<'a> {
    app: &'a App,
    store: &'a Store,
    provider: &'a Provider,
    language: Language,
    give_up: bool,
    finished: bool,
    entry_id: &'a str,
    analysis_id: &'a str,
}

impl Job<'_> {
    /// Transcribes one segment's windows due; `Some(true)` when some are left to retry, `None` when
    /// the entry's rows can no longer be written.
    async fn windows_of(&self, file: &[u8], track: &Track) -> ApiResult<Option<bool>> {
        let Job { app, store, provider, language, give_up, finished, entry_id, analysis_id } = *self;
        let mut retry = false;
        let Ok(parsed) = webm_audio::parse(file) else {
            crate::log::error("-", "(transcribe)", "an audio track is not a readable WebM; skipped");
            return Ok(Some(false));
        };
        let done = store.transcribed(track.seq)?;
        let windows: Vec<_> = webm_audio::windows(&parsed.blocks, webm_audio::WINDOW_MS, finished)
            .into_iter()
            .filter(|w| done.get(&w.index) != Some(&track.offset_ms))
            .collect();
        for round in windows.chunks(CONCURRENCY) {
            let calls = round.iter().map(|w| {
                let audio = webm_audio::window_file(file, &parsed, w);
                async move { provider.transcribe(&app.env, &audio, language).await }
            });
            let answers = join_all(calls).await;
            let database = db(app)?;
            let mut batch = Batch::new(&database);
            let mut stored = Vec::new();
            for (w, answer) in round.iter().zip(answers) {
                let offset = track.offset_ms + w.start_ms;
                let (lines, failed) = match answer {
                    Ok(output) => (transcript::lines(&output, offset), false),
                    Err(CallError::Retry(why)) if !give_up => {
                        crate::log::error("-", "(transcribe)", &format!("window {} of segment {}: {why}; retried later", w.index, track.seq));
                        retry = true;
                        continue;
                    }
                    Err(CallError::Retry(why) | CallError::Fail(why)) => {
                        crate::log::error("-", "(transcribe)", &format!("window {} of segment {} given up: {why}", w.index, track.seq));
                        (Vec::new(), true)
                    }
                };
                let search: String = transcript::fold(&lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join(" "));
                let json = serde_json::to_string(&lines).map_err(ApiError::internal)?;
                batch.add(
                    STORE_WINDOW,
                    &[
                        text(entry_id),
                        text(analysis_id),
                        d1_int(i64::from(track.seq)),
                        d1_int(i64::from(w.index)),
                        d1_int(offset),
                        d1_int(track.offset_ms + w.end_ms),
                        d1_int(i64::from(failed)),
                        text(&json),
                        text(&search),
                        d1_int(app.now()),
                    ],
                )?;
                stored.push(w.index);
            }
            if !stored.is_empty() {
                // The entry may be gone meanwhile (deleted): its rows can't be written, and
                // nothing is owed.
                if let Err(err) = batch.run().await {
                    crate::log::error("-", "(transcribe)", err.source.as_deref().unwrap_or(&err.message));
                    return Ok(None);
                }
            }
            for index in stored {
                store.mark_transcribed(track.seq, index, track.offset_ms)?;
            }
        }
        Ok(Some(retry))
    }
}

/// Deletes the audio chunks once the transcript is stored: the recording keeps the sound; this
/// copy existed only to be transcribed.
pub async fn forget_audio(store: &Store, bucket: &Bucket, analysis_id: &str, entry_id: &str) -> ApiResult<()> {
    for track in store.audio_tracks()? {
        crate::storage::delete_under(bucket, &crate::storage::chunk_prefix(analysis_id, entry_id, track.seq, "audio")).await?;
    }
    Ok(())
}
