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
//! Ceilings (ADR 0018, "Ceilings"): the block times are the participant's to write, so a track
//! sends at most the windows its recording lasted on the server's clock
//! (`webm_audio::windows_allowed`), a participation at most `transcript::call_ceiling` calls, and
//! the object holds a bounded part of the audio in memory (`audio_files`). A round asks D1 first
//! whether the participation is still owed a transcript (the researcher may have turned it off,
//! the participant left), and after every await checks that the object still holds the
//! participation; a window's row is written only while D1 says the entry is in progress or
//! submitted and its analysis transcribes, so a leave that lands while the speech service answers
//! is never undone.
//!
//! Its tables are in `audio_store.rs`: the language (absent = off for this participation), each
//! segment's audio track (where it starts on the timeline) and chunks, each track's clock, the
//! calls made, and the windows stored in D1 with the offset they were stored at (a segment that
//! moves later, ADR 0016, has its windows stored again).

use std::cell::Cell;
use std::collections::HashMap;

use futures_util::future::join_all;
use lupa_core::recording::{self, ChunkId};
use lupa_core::transcript::{self, CallError, Language};
use lupa_core::webm_audio::{self, AudioFile, Window};
use serde::Deserialize;
use worker::Bucket;

use crate::error::{ApiError, ApiResult};
use crate::ledger::audio_files::{self, AudioFiles, Held};
use crate::ledger::audio_store::Track;
use crate::ledger::store::Store;
use crate::platform::db::{db, int as d1_int, text, Batch};
use crate::transcripts::provider::Provider;
use crate::App;

/// The largest audio chunk (`lupa_core::transcript::MAX_AUDIO_CHUNK`).
pub const MAX_AUDIO_CHUNK: usize = lupa_core::transcript::MAX_AUDIO_CHUNK as usize;
/// Windows sent at once: a 60-minute recording's 120 windows in 15 rounds.
const CONCURRENCY: usize = 8;

pub fn audio_key(analysis_id: &str, entry_id: &str, seq: u32, index: u32) -> String {
    crate::platform::storage::chunk_key(analysis_id, entry_id, ChunkId { seq, track: recording::Track::Audio, index })
}

/// What a round of transcription left: all done, or windows to try again at the time given.
pub enum Outcome {
    Done,
    RetryAt(i64),
}

/// A window's row, written only while D1 says the entry is in progress or submitted and its
/// analysis transcribes: a leave (the row becomes 'abandoned'), a deletion or transcription turned
/// off that commits while the speech service answers is never undone by the answer.
const STORE_WINDOW: &str = "INSERT INTO transcript_windows (entry_id, analysis_id, segment, window_index, start_ms, end_ms, failed, lines_json, search_text, created_at) \
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id \
     WHERE e.id = ?1 AND e.status IN ('in_progress', 'submitted') AND a.transcription_enabled = 1 \
     ON CONFLICT (entry_id, segment, window_index) DO UPDATE SET \
     start_ms = excluded.start_ms, end_ms = excluded.end_ms, failed = excluded.failed, lines_json = excluded.lines_json, search_text = excluded.search_text";
const COMPLETED: &str =
    "UPDATE analysis_entries SET transcript_completed_at = ?2 WHERE id = ?1 AND transcript_completed_at IS NULL";
/// Whether D1 still wants the participation transcribed (one read a round).
const OWED: &str = "SELECT a.transcription_enabled AS enabled, e.status FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE e.id = ?1";

#[derive(Deserialize)]
struct Owed {
    enabled: i64,
    status: String,
}

async fn owed_by_d1(app: &App, entry_id: &str) -> ApiResult<bool> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let slot = batch.add(OWED, &[text(entry_id)])?;
    let row: Option<Owed> = batch.run().await?.first(slot)?;
    Ok(row.is_some_and(|r| r.enabled == 1 && (r.status == "in_progress" || r.status == "submitted")))
}

/// Which windows a round transcribes: while recording, those a later block has closed (a window
/// that fails waits for the next alarm, counting no attempt); after Finish, every one left.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Recording,
    Finished,
}

/// Transcribes the windows of the participation not stored yet, or stored at an offset its
/// segment has since moved from, within the ceilings. When D1 says the transcript is no longer
/// owed (turned off, left, deleted), forgets the setting and the audio instead: D1 is asked once a
/// round, before the first window goes to the speech service (a round with nothing to send asks
/// nothing), so a researcher who turns transcription off stops the next window of every
/// participation in progress.
pub async fn run(
    app: &App,
    store: &Store,
    bucket: &Bucket,
    files: &AudioFiles,
    entry_id: &str,
    analysis_id: &str,
    phase: Phase,
) -> ApiResult<Outcome> {
    let Some((language, attempts)) = store.transcription()? else { return Ok(Outcome::Done) };
    let provider = Provider::from_env(&app.env);
    if !provider.is_on() {
        return Ok(Outcome::Done);
    }
    let finished = phase == Phase::Finished;
    let give_up = finished && attempts + 1 >= i64::from(transcript::MAX_ATTEMPTS);
    let ceiling = i64::from(transcript::call_ceiling(app.config.limits.max_duration_ms));
    let job = Job {
        app,
        store,
        bucket,
        files,
        provider: &provider,
        language,
        give_up,
        finished,
        entry_id,
        analysis_id,
        ceiling,
        asked_d1: Cell::new(false),
    };
    let mut retry = false;
    for track in store.audio_tracks()? {
        match job.track(&track).await? {
            Progress::Retry => retry = true,
            Progress::Done => {}
            // The participation went, or its transcript, meanwhile: nothing more is owed.
            Progress::Gone => return Ok(Outcome::Done),
            Progress::Stopped => {
                store.stop_transcription()?;
                files.clear();
                forget_audio(store, bucket, analysis_id, entry_id).await?;
                return Ok(Outcome::Done);
            }
        }
    }
    if !finished {
        return Ok(Outcome::Done);
    }
    if retry {
        store.count_attempt()?;
        return Ok(Outcome::RetryAt(
            crate::platform::clock::system_now() + transcript::retry_delay_ms(attempts.max(0) as u32 + 1),
        ));
    }
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(COMPLETED, &[text(entry_id), d1_int(app.now())])?;
    batch.run().await?;
    Ok(Outcome::Done)
}

/// How one segment's windows went.
enum Progress {
    Done,
    /// Some windows got a retryable error (after Finish: tried again later).
    Retry,
    /// The participation or its transcript went while the round awaited something.
    Gone,
    /// D1 says the transcript is no longer owed: the analysis turned it off, or the entry left.
    Stopped,
}

/// One round's settings, for each segment's windows.
struct Job<'a> {
    app: &'a App,
    store: &'a Store,
    bucket: &'a Bucket,
    files: &'a AudioFiles,
    provider: &'a Provider,
    language: Language,
    give_up: bool,
    finished: bool,
    entry_id: &'a str,
    analysis_id: &'a str,
    /// `transcript::call_ceiling` for this server's duration limit.
    ceiling: i64,
    /// D1 said this round that the transcript is owed (asked once, before the first call).
    asked_d1: Cell<bool>,
}

impl Job<'_> {
    /// Transcribes one segment's windows due, within what its clock allows.
    async fn track(&self, track: &Track) -> ApiResult<Progress> {
        let done = self.store.transcribed(track.seq)?;
        // A track noted before the clock existed has only the participation's ceiling.
        let allowed = self
            .store
            .audio_clock(track.seq)?
            .map_or(u32::MAX, |c| webm_audio::windows_allowed(c.last_at - c.opened_at));
        let indexes = self.store.audio_chunks(track.seq)?;
        let mut held = self.files.take(track.seq);
        // The segment moved since windows were cut away (ADR 0016): they are sent again from the
        // file's first chunk, at the new place.
        if done.iter().any(|(w, at)| *w < held.first_window && *at != track.offset_ms) {
            held = Held::default();
        }
        let progress = self.windows_of(track, done, allowed, &indexes, &mut held).await;
        self.files.keep(track.seq, held);
        progress
    }

    /// Reads the file `READ_BYTES` at a time, sends the windows closed in it, cuts away what is
    /// stored, and reads on while there is more.
    async fn windows_of(
        &self,
        track: &Track,
        mut done: HashMap<u32, i64>,
        allowed: u32,
        indexes: &[u32],
        held: &mut Held,
    ) -> ApiResult<Progress> {
        let mut retry = false;
        let owed = |index: u32, done: &HashMap<u32, i64>| index < allowed && done.get(&index) != Some(&track.offset_ms);
        let progress = |retry: bool| if retry { Progress::Retry } else { Progress::Done };
        loop {
            if held.first_window >= allowed {
                return Ok(progress(retry));
            }
            let (analysis_id, entry_id, seq) = (self.analysis_id, self.entry_id, track.seq);
            let at_end =
                audio_files::read_more(self.bucket, |idx| audio_key(analysis_id, entry_id, seq, idx), held, indexes)
                    .await?;
            if !self.store.still_owed()? {
                return Ok(Progress::Gone);
            }
            let Ok(parsed) = webm_audio::parse(&held.file) else {
                crate::platform::log::error("-", "(transcribe)", "an audio track is not a readable WebM; skipped");
                return Ok(progress(retry));
            };
            let mut windows = webm_audio::windows(&parsed.blocks, webm_audio::WINDOW_MS, self.finished && at_end);
            if windows.is_empty() && held.file.len() >= audio_files::READ_BYTES {
                // A window longer than the object holds (not a recording): cut where its bytes end.
                windows = webm_audio::windows(&parsed.blocks, webm_audio::WINDOW_MS, true);
            }
            let first = held.first_window;
            let due: Vec<Window> =
                windows.iter().filter(|w| owed(first.saturating_add(w.index), &done)).copied().collect();
            if !due.is_empty() && !self.asked_d1.get() {
                if !owed_by_d1(self.app, self.entry_id).await? {
                    return Ok(Progress::Stopped);
                }
                self.asked_d1.set(true);
                if !self.store.still_owed()? {
                    return Ok(Progress::Gone);
                }
            }
            match self.send(track, &held.file, &parsed, first, &due).await? {
                None => return Ok(Progress::Gone),
                Some((stored, failed)) => {
                    retry |= failed;
                    done.extend(stored.into_iter().map(|index| (index, track.offset_ms)));
                }
            }
            // Cut away what is stored (or never to be sent): the file keeps the first window owed.
            let (block, cut) = match windows.iter().find(|w| owed(first.saturating_add(w.index), &done)) {
                Some(w) => (w.first, w.index),
                None => windows.last().map_or((0, 0), |w| (w.last, w.index + 1)),
            };
            if cut > 0 {
                held.file = webm_audio::rest_from(&held.file, &parsed, block);
                held.first_window = first.saturating_add(cut);
            }
            if at_end || cut == 0 {
                return Ok(progress(retry));
            }
        }
    }

    /// Sends `due` (windows of `file`, numbered from `first`) eight at a time and stores their
    /// lines; the indexes stored and whether some are left to retry, or `None` when the
    /// participation went meanwhile.
    async fn send(
        &self,
        track: &Track,
        file: &[u8],
        parsed: &AudioFile,
        first: u32,
        due: &[Window],
    ) -> ApiResult<Option<(Vec<u32>, bool)>> {
        let Job { app, store, provider, language, give_up, entry_id, analysis_id, .. } = *self;
        let (mut all_stored, mut retry) = (Vec::new(), false);
        for round in due.chunks(CONCURRENCY) {
            // Counted before the calls go, so a failing service spends the ceiling too.
            let left = usize::try_from(self.ceiling - store.calls()?).unwrap_or(0);
            let round = &round[..round.len().min(left)];
            if round.is_empty() {
                crate::platform::log::error(
                    "-",
                    "(transcribe)",
                    "the participation reached its transcription ceiling; the rest is not sent",
                );
                break;
            }
            store.count_calls(round.len())?;
            let calls = round.iter().map(|w| {
                let audio = webm_audio::window_file(file, parsed, w);
                async move { provider.transcribe(&app.env, &audio, language).await }
            });
            let answers = join_all(calls).await;
            if !store.still_owed()? {
                return Ok(None);
            }
            let database = db(app)?;
            let mut batch = Batch::new(&database);
            let mut stored = Vec::new();
            for (w, answer) in round.iter().zip(answers) {
                let index = first.saturating_add(w.index);
                let offset = track.offset_ms + w.start_ms;
                let (lines, failed) = match answer {
                    Ok(output) => (transcript::lines(&output, offset), false),
                    Err(CallError::Retry(why)) if !give_up => {
                        crate::platform::log::error(
                            "-",
                            "(transcribe)",
                            &format!("window {index} of segment {}: {why}; retried later", track.seq),
                        );
                        retry = true;
                        continue;
                    }
                    Err(CallError::Retry(why) | CallError::Fail(why)) => {
                        crate::platform::log::error(
                            "-",
                            "(transcribe)",
                            &format!("window {index} of segment {} given up: {why}", track.seq),
                        );
                        (Vec::new(), true)
                    }
                };
                let search: String =
                    transcript::fold(&lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join(" "));
                let json = serde_json::to_string(&lines).map_err(ApiError::internal)?;
                batch.add(
                    STORE_WINDOW,
                    &[
                        text(entry_id),
                        text(analysis_id),
                        d1_int(i64::from(track.seq)),
                        d1_int(i64::from(index)),
                        d1_int(offset),
                        d1_int(track.offset_ms + w.end_ms),
                        d1_int(i64::from(failed)),
                        text(&json),
                        text(&search),
                        d1_int(app.now()),
                    ],
                )?;
                stored.push(index);
            }
            if !stored.is_empty() {
                if let Err(err) = batch.run().await {
                    crate::platform::log::error("-", "(transcribe)", err.source.as_deref().unwrap_or(&err.message));
                    return Ok(None);
                }
            }
            for index in &stored {
                store.mark_transcribed(track.seq, *index, track.offset_ms)?;
            }
            all_stored.extend(stored);
        }
        Ok(Some((all_stored, retry)))
    }
}

/// Deletes the audio chunks once the transcript is stored (or no longer owed): the recording keeps
/// the sound; this copy existed only to be transcribed.
pub async fn forget_audio(store: &Store, bucket: &Bucket, analysis_id: &str, entry_id: &str) -> ApiResult<()> {
    for track in store.audio_tracks()? {
        crate::platform::storage::delete_under(
            bucket,
            &crate::platform::storage::chunk_prefix(analysis_id, entry_id, track.seq, recording::Track::Audio),
        )
        .await?;
    }
    Ok(())
}
