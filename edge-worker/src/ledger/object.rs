//! `ParticipationLedger`: one Durable Object per participation (ADR 0013). It owns the recording
//! path, single-threaded: segments, the chunk ledger, the byte and duration accounting, composing
//! parts, closing segments, deletion, and expiry by alarm. D1 only hears from it at the moments
//! the researcher's view changes.
//! Size: the handlers share the object's single-threaded state; its rules are in `lupa_core::ledger`,
//! its tables in `store.rs` and composing in `compose.rs`.
//!
//! Handler steps that read and then write the ledger run without an `await` in between (the SQL
//! API is synchronous), so no other request can slip between a check and its write.

use std::cell::RefCell;
use std::collections::HashSet;

use lupa_api_types::LiveEvent;
use lupa_core::camera;
use lupa_core::chunks::Limits;
use lupa_core::chunks::MAX_SEGMENTS;
use lupa_core::ledger::{self, Refusal, Reservation, MIN_CHUNK_BYTES, SWEEP_AFTER_MS};
use serde::Serialize;
use worker::{
    durable_object, Bucket, DurableObject, Env, Request, Response, Result, State, WebSocket, WebSocketIncomingMessage,
};

use crate::config::Config;
use crate::error::{ApiError, ApiResult};
use crate::ledger::compose;
use crate::ledger::protocol::{Answer, Call, ClosedSegment, Committed, Completed, Opened, Reserved, Status};
use crate::ledger::store::{Chunk, Segment, Store};
use crate::ledger::transcribe;
use crate::ledger::viewers;
use crate::storage::{chunk_key, entry_prefix};

/// The least time between a call and an alarm it sets (see `arm_for_activity`).
const SETTLE_MS: i64 = 10_000;
/// When a failed alarm runs again.
const ALARM_RETRY_MS: i64 = 10_000;

#[durable_object]
pub struct ParticipationLedger {
    state: State,
    env: Env,
    /// Segments this object is composing now: a chunk that arrives meanwhile starts nothing.
    composing: RefCell<HashSet<(u32, String)>>,
    /// A chunk is taking the place again in D1: the alarm waits, so its release never lands first.
    holding: RefCell<bool>,
    /// The chunk uploads this instance reserved and has not heard the end of: only those are in
    /// flight (`ledger::may_reserve_again`). A reservation the tables kept from an earlier instance
    /// belongs to a request that died with it (a server restart, an eviction), and must not block
    /// the tab's retry.
    live_uploads: RefCell<ledger::LiveUploads>,
    /// The R2 operations of the request being answered, when the test server counts (`usage.rs`).
    usage: RefCell<Option<crate::usage::Counter>>,
    /// This instance has run the schema (`Store::new`).
    schema_ready: std::cell::Cell<bool>,
    /// The audio tracks read so far, for transcribing while recording (ADR 0018).
    audio_files: crate::ledger::audio_files::AudioFiles,
    /// When this instance last transcribed while recording (epoch ms; 0: not yet).
    transcribed_at: std::cell::Cell<i64>,
}

impl DurableObject for ParticipationLedger {
    fn new(state: State, env: Env) -> Self {
        Self {
            state,
            env,
            composing: RefCell::new(HashSet::new()),
            holding: RefCell::new(false),
            live_uploads: RefCell::new(ledger::LiveUploads::default()),
            usage: RefCell::new(None),
            schema_ready: std::cell::Cell::new(false),
            audio_files: crate::ledger::audio_files::AudioFiles::default(),
            transcribed_at: std::cell::Cell::new(0),
        }
    }

    async fn fetch(&self, mut req: Request) -> Result<Response> {
        if req.headers().get("upgrade")?.is_some_and(|v| v.eq_ignore_ascii_case("websocket")) {
            return self.viewer(&req);
        }
        let call: Call = match req.json().await {
            Ok(call) => call,
            Err(err) => return Response::error(format!("bad call: {err}"), 400),
        };
        if self.injected_fault(&req, &call) {
            return Response::error("ledger failure", 500);
        }
        let store = match self.store() {
            Ok(store) => store,
            Err(err) => {
                crate::log::error("-", "(ledger)", err.source.as_deref().unwrap_or(&err.message));
                return Response::error("ledger failure", 500);
            }
        };
        let counting = Config::from_env(&self.env).map(|c| c.test_usage).unwrap_or(false);
        let counter = counting.then(crate::usage::Counter::new);
        *self.usage.borrow_mut() = counter.clone();
        match self.handle(&store, call).await {
            Ok(mut resp) => {
                let (read, written) = store.rows_counted();
                let headers = resp.headers_mut();
                headers.set("x-do-rows-read", &read.to_string())?;
                headers.set("x-do-rows-written", &written.to_string())?;
                if let Some(counter) = counter {
                    headers.set("x-do-r2-class-a", &counter.value("r2ClassA").to_string())?;
                    headers.set("x-do-r2-class-b", &counter.value("r2ClassB").to_string())?;
                }
                Ok(resp)
            }
            Err(err) => {
                crate::log::error("-", "(ledger)", err.source.as_deref().unwrap_or(&err.message));
                Response::error("ledger failure", 500)
            }
        }
    }

    async fn alarm(&self) -> Result<Response> {
        if let Err(err) = self.on_alarm().await {
            crate::log::error("-", "(ledger-alarm)", err.source.as_deref().unwrap_or(&err.message));
            // Try again soon rather than lose the expiry or the sweep: the usual cause is a busy
            // database (locally, another process writing the SQLite file), which passes in seconds.
            let _ = self.state.storage().set_alarm(ALARM_RETRY_MS).await;
        }
        Response::ok("")
    }

    async fn websocket_message(&self, ws: WebSocket, message: WebSocketIncomingMessage) -> Result<()> {
        // Viewers ask for fresh chunk URLs to scrub back (ADR 0016); nothing else they send counts.
        if let WebSocketIncomingMessage::String(text) = message {
            // Each request asks again whether the viewer's session lasts and still has access: a
            // socket outlives a logout or a lost access, and must not sign URLs after it.
            match self.viewer_access(&ws).await {
                Access::Allowed => {}
                Access::Denied => {
                    viewers::revoke(&ws);
                    return Ok(());
                }
                // Not known now (a busy database): nothing is signed; the viewer asks again.
                Access::Unknown => return Ok(()),
            }
            if let Err(err) = self.store().and_then(|store| viewers::answer(&ws, &store, &self.env, &text)) {
                crate::log::error("-", "(live-sign)", err.source.as_deref().unwrap_or(&err.message));
            }
        }
        Ok(())
    }

    async fn websocket_close(&self, ws: WebSocket, _code: usize, _reason: String, _was_clean: bool) -> Result<()> {
        viewers::closed(&ws);
        Ok(())
    }

    async fn websocket_error(&self, ws: WebSocket, _error: worker::Error) -> Result<()> {
        viewers::closed(&ws);
        Ok(())
    }
}

/// What a viewer's session may do now (`viewer_access`).
enum Access {
    Allowed,
    Denied,
    Unknown,
}

fn answer<T: Serialize>(value: Answer<T>) -> ApiResult<Response> {
    Response::from_json(&value).map_err(ApiError::from)
}

fn refuse(refusal: Refusal) -> ApiResult<Response> {
    answer::<()>(Answer::Refused(refusal))
}

fn ok<T: Serialize>(value: T) -> ApiResult<Response> {
    answer(Answer::Ok(value))
}

impl ParticipationLedger {
    /// A researcher's live view (the worker checked the session and ownership, ADR 0016).
    fn viewer(&self, req: &Request) -> Result<Response> {
        let header = |name: &str| req.headers().get(name).ok().flatten().unwrap_or_default();
        let task_count = header("x-lupa-task-count").parse::<u32>().unwrap_or(0);
        let viewer =
            viewers::Viewer { session_hash: header("x-lupa-viewer-session"), user_id: header("x-lupa-viewer-user") };
        let accepted = self.store().and_then(|store| {
            viewers::accept(&self.state, &store, &self.env, &header("x-lupa-analysis"), task_count, &viewer)
        });
        accepted.or_else(|err| {
            crate::log::error("-", "(ledger-live)", err.source.as_deref().unwrap_or(&err.message));
            Response::error("ledger failure", 500)
        })
    }

    /// A test server's request to fail this call as an internal error would (`faults.rs`): never
    /// honoured in production, where `Config::test_faults` is always false.
    fn injected_fault(&self, req: &Request, call: &Call) -> bool {
        // Cheapest first: only a Finish that asks for it reads the configuration.
        let asked = || {
            req.headers().get(crate::faults::HEADER).ok().flatten().as_deref()
                == Some(crate::faults::Fault::LedgerFinish.name())
        };
        matches!(call, Call::Finish { .. })
            && asked()
            && Config::from_env(&self.env).map(|c| c.test_faults).unwrap_or(false)
    }

    /// Whether the session a viewer's socket was opened with still lasts and may still see this
    /// participation (the rule of every recording route, `recordings::owned_entry`).
    async fn viewer_access(&self, ws: &WebSocket) -> Access {
        let Some(viewer) = viewers::Viewer::of(&self.state, ws) else { return Access::Denied };
        let Ok(Some(meta)) = self.store().and_then(|store| store.meta()) else { return Access::Unknown };
        let Ok(config) = Config::from_env(&self.env) else { return Access::Unknown };
        let app = crate::App::background(self.env.clone(), config);
        match crate::auth::sessions::by_hash(&app, viewer.session_hash).await {
            Ok(Some(user)) => match crate::recordings::owned_entry(&app, &user, &meta.entry_id).await {
                Ok(_) => Access::Allowed,
                Err(err) if err.status == 404 => Access::Denied,
                Err(_) => Access::Unknown,
            },
            Ok(None) => Access::Denied,
            Err(_) => Access::Unknown,
        }
    }

    /// Checks again the sockets of one session or one user (the worker ended a session or took an
    /// access away) and closes those that may no longer watch.
    async fn recheck(&self, session_hash: Option<&str>, user_id: Option<&str>) -> ApiResult<Response> {
        for socket in viewers::Viewer::sockets(&self.state, session_hash, user_id) {
            if matches!(self.viewer_access(&socket).await, Access::Denied) {
                viewers::revoke(&socket);
            }
        }
        ok(())
    }

    fn tell(&self, event: &LiveEvent) {
        viewers::broadcast(&self.state, event);
    }

    fn store(&self) -> ApiResult<Store> {
        let store = Store::new(self.state.storage().sql(), !self.schema_ready.get())?;
        self.schema_ready.set(true);
        Ok(store)
    }

    fn bucket(&self) -> ApiResult<Bucket> {
        let bucket = self.env.bucket("RECORDINGS")?;
        Ok(match self.usage.borrow().as_ref() {
            Some(counter) => counter.r2(bucket),
            None => bucket,
        })
    }

    fn limits(&self) -> ApiResult<Limits> {
        Ok(Config::from_env(&self.env)?.limits)
    }

    async fn handle(&self, store: &Store, call: Call) -> ApiResult<Response> {
        if let Call::Recheck { session_hash, user_id } = &call {
            // Whatever the participation's state: a socket may outlive it.
            return self.recheck(session_hash.as_deref(), user_id.as_deref()).await;
        }
        if let Call::Init { entry_id, analysis_id, capability, camera, now, adopted, transcribe } = call {
            if let Some(language) = transcribe.as_deref() {
                store.set_transcription(language)?;
            }
            return self.init(store, &entry_id, &analysis_id, &capability, &camera, now, adopted).await;
        }
        let Some(meta) = store.meta()? else {
            // Deleting what never reached the object is done; anything else needs its set-up.
            return match call {
                // The worker indexes the files itself when the object did not take them.
                Call::Delete { .. } | Call::Finish { .. } => ok(false),
                Call::Live { .. } => ok(()),
                _ => answer::<()>(Answer::Uninitialized),
            };
        };
        if meta.state != "active" {
            return match call {
                Call::Delete { .. } => {
                    // A deleted recording's transcript is owed nothing more (ADR 0018).
                    store.stop_transcription()?;
                    ok(())
                }
                Call::Finish { .. } => ok(meta.state == "finished"),
                // A chunk whose body was streaming when the participation went: its object must go.
                Call::Commit { .. }
                | Call::Reserve { .. }
                | Call::Open { .. }
                | Call::Complete { .. }
                | Call::Audio { .. }
                | Call::AudioOpen { .. } => refuse(Refusal::Gone),
                Call::Status { .. } => {
                    ok(Status { recorded_ms: 0, segments: 0, active_at: meta.last_activity_at, steps_json: None })
                }
                Call::Steps { .. } => refuse(Refusal::Gone),
                Call::Compose { .. } | Call::Init { .. } | Call::Live { .. } | Call::Recheck { .. } => ok(()),
            };
        }
        let holds = |presented: &Option<String>| presented.as_deref() == Some(meta.capability.as_str());
        match call {
            Call::Init { .. } | Call::Recheck { .. } => ok(()),
            Call::Open { capability, track, mime, now } => {
                if !holds(&capability) {
                    return refuse(Refusal::NotYours);
                }
                let prefix = format!("{}segments/", entry_prefix(&meta.analysis_id, &meta.entry_id));
                let suffix = format!("/{track}.{}", crate::participation::mime::extension(&mime));
                self.open(store, &meta.camera, &track, &mime, &prefix, &suffix, now).await
            }
            Call::Steps { capability, steps_json, now } => {
                if !holds(&capability) {
                    return refuse(Refusal::NotYours);
                }
                store.save_steps(&steps_json, now)?;
                if let Ok(steps) = serde_json::from_str(&steps_json) {
                    self.tell(&LiveEvent::Steps { steps });
                }
                ok(())
            }
            Call::Reserve { capability, seq, track, index, end_ms, len, start_ms, now } => {
                if !holds(&capability) {
                    return refuse(Refusal::NotYours);
                }
                self.reserve(store, &meta, seq, &track, index, end_ms, len, start_ms, now).await
            }
            Call::Commit { seq, track, index, attempt, stored, size, now } => {
                self.commit(store, &meta, seq, &track, index, attempt, stored, size, now).await
            }
            Call::AudioOpen { capability, now } => {
                if !holds(&capability) {
                    return refuse(Refusal::NotYours);
                }
                if store.transcription()?.is_none() {
                    return refuse(Refusal::TranscriptionOff);
                }
                let screens = store.segments()?.into_iter().filter(|s| s.track == camera::Track::Screen.as_str());
                let Some(newest) = screens.max_by_key(|s| s.seq) else { return refuse(Refusal::NoScreenSegment) };
                store.touch(now)?;
                ok((newest.seq, newest.offset_ms))
            }
            Call::Audio { capability, seq, index, start_ms, body, now } => {
                if !holds(&capability) {
                    return refuse(Refusal::NotYours);
                }
                self.audio(store, &meta, seq, index, start_ms, &body, now).await
            }
            Call::Compose { seq, track } => self.compose(store, &meta, seq, &track).await,
            Call::Complete { capability, now } => {
                if !holds(&capability) {
                    return refuse(Refusal::NotYours);
                }
                self.tell(&LiveEvent::Closing);
                self.complete(store, &meta, now).await
            }
            Call::Live { event } => {
                self.tell(&event);
                ok(())
            }
            Call::Status { .. } => {
                let screens: Vec<Segment> =
                    store.segments()?.into_iter().filter(|s| s.track == camera::Track::Screen.as_str()).collect();
                ok(Status {
                    recorded_ms: screens.iter().map(|s| s.end_ms).sum(),
                    segments: screens.len() as u32,
                    active_at: meta.last_activity_at,
                    steps_json: meta.steps_json.clone(),
                })
            }
            Call::Delete { now } => {
                self.tell(&LiveEvent::Deleted);
                viewers::close_all(&self.state);
                self.delete(store, &meta, now).await
            }
            Call::Finish { index } => {
                self.finish(store, &index).await?;
                ok(true)
            }
        }
    }

    /// Submitted: D1 has what the researcher sees. The ledger goes; the alarm, at once, deletes
    /// the chunks, builds the seek indexes of `index` and finishes the transcript.
    async fn finish(&self, store: &Store, index: &[String]) -> ApiResult<()> {
        store.set_state("finished")?;
        store.clear_ledger()?;
        self.live_uploads.borrow_mut().clear();
        // The seek indexes read whole files: here, on the alarm, not in the isolate that
        // answers the participant's submit (ADR 0013, "Finish").
        store.queue_index(index)?;
        self.arm_at(store, crate::clock::system_now()).await?;
        self.tell(&LiveEvent::Finished);
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn init(
        &self,
        store: &Store,
        entry_id: &str,
        analysis_id: &str,
        capability: &str,
        camera: &str,
        now: i64,
        adopted: Vec<crate::ledger::protocol::AdoptedSegment>,
    ) -> ApiResult<Response> {
        if store.meta()?.is_none() {
            store.init(entry_id, analysis_id, capability, camera, now)?;
            for s in adopted {
                store.insert_segment(&Segment {
                    seq: s.seq,
                    track: s.track.clone(),
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
                })?;
                for c in s.chunks {
                    store.adopt_chunk(s.seq, &s.track, c.idx, c.size, c.end_ms)?;
                }
                for p in s.parts {
                    store.save_part(s.seq, &s.track, p.part_number, &p.etag, p.size)?;
                }
            }
        }
        self.arm_for_activity(store).await?;
        ok(())
    }

    /// Stores one audio chunk in R2 and notes it (ADR 0018): only while transcribed, for a screen
    /// segment that exists, within the limits a screen chunk meets (`ledger::check_reservation`:
    /// the participation's bytes, its chunk count, the length on the server's clock and the start
    /// the tab declares, one tiny chunk a track). Its bytes and itself are counted before its body
    /// goes to R2, so parallel chunks can't pass the limits together.
    #[allow(clippy::too_many_arguments)]
    async fn audio(
        &self,
        store: &Store,
        meta: &crate::ledger::store::Meta,
        seq: u32,
        index: u32,
        start_ms: i64,
        body: &str,
        now: i64,
    ) -> ApiResult<Response> {
        use base64::Engine;
        if store.transcription()?.is_none() {
            return refuse(Refusal::TranscriptionOff);
        }
        let Some(screen) = store.segment(seq, camera::Track::Screen.as_str())? else {
            return refuse(Refusal::NoSegment);
        };
        let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(body) else {
            return refuse(Refusal::Conflict);
        };
        if bytes.len() > crate::ledger::transcribe::MAX_AUDIO_CHUNK {
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
        let key = crate::ledger::transcribe::audio_key(&meta.analysis_id, &meta.entry_id, seq, index);
        let bucket = self.bucket()?;
        if let Err(err) = bucket.put(key.clone(), bytes.clone()).execute().await {
            store.release_audio(size)?;
            return Err(err.into());
        }
        // The participation may have gone while the body was stored: its object must go too.
        if store.meta()?.is_none_or(|m| m.state != "active") {
            let _ = bucket.delete(key).await;
            return refuse(Refusal::Gone);
        }
        store.add_audio_chunk(seq, index, size, screen.offset_ms + start_ms.max(0), screen.opened_at, now, small)?;
        // Cached only once stored: the in-memory file never holds a chunk R2 and the ledger lack.
        self.audio_files.append(seq, index, &bytes);
        store.touch(now)?;
        // Transcribed while recording: the alarm takes the windows closed since it last ran, about
        // one a window's length (ADR 0018). `arm` only ever moves the alarm earlier.
        let due =
            (self.transcribed_at.get() + lupa_core::webm_audio::WINDOW_MS).max(crate::clock::system_now() + SETTLE_MS);
        self.arm(store, due).await?;
        ok(true)
    }

    #[allow(clippy::too_many_arguments)]
    async fn open(
        &self,
        store: &Store,
        camera_setting: &str,
        track: &str,
        mime: &str,
        prefix: &str,
        suffix: &str,
        now: i64,
    ) -> ApiResult<Response> {
        let segments = store.segments()?;
        let screens: Vec<&Segment> = segments.iter().filter(|s| s.track == "screen").collect();
        let limits = self.limits()?;
        let segment = if track == "camera" {
            if !camera::records_camera(camera_setting) {
                return refuse(Refusal::CameraOff);
            }
            let Some(newest) = screens.iter().max_by_key(|s| s.seq) else { return refuse(Refusal::NoScreenSegment) };
            if let Some(existing) = segments.iter().find(|s| s.track == "camera" && s.seq == newest.seq) {
                if existing.state != "open" {
                    return refuse(Refusal::SegmentClosed);
                }
                existing.clone()
            } else {
                let s = Segment {
                    track: "camera".into(),
                    mime: mime.into(),
                    r2_key: format!("{prefix}{}{suffix}", newest.seq),
                    ..(*newest).clone()
                };
                let s = Segment {
                    upload_id: None,
                    end_ms: 0,
                    state: "open".into(),
                    start_ms: 0,
                    size: None,
                    small_chunk: 0,
                    bytes: 0,
                    opened_at: now,
                    ..s
                };
                store.insert_segment(&s)?;
                s
            }
        } else {
            let next = screens.iter().map(|s| s.seq).max().unwrap_or(0) + 1;
            if next > MAX_SEGMENTS {
                return refuse(Refusal::TooManySegments);
            }
            let s = Segment {
                seq: next,
                track: "screen".into(),
                mime: mime.into(),
                r2_key: format!("{prefix}{next}{suffix}"),
                upload_id: None,
                offset_ms: screens.iter().map(|s| s.end_ms).sum(),
                opened_at: now,
                end_ms: 0,
                state: "open".into(),
                start_ms: 0,
                size: None,
                small_chunk: 0,
                bytes: 0,
            };
            store.insert_segment(&s)?;
            s
        };
        store.opened(now)?;
        self.tell(&LiveEvent::Segment { segment: viewers::segment_dto(&segment, Vec::new()) });
        self.arm_for_activity(store).await?;
        ok(Opened {
            seq: segment.seq,
            offset_ms: segment.offset_ms,
            r2_key: segment.r2_key,
            hold_until: ledger::provisional_hold(now, limits),
        })
    }

    #[allow(clippy::too_many_arguments)]
    async fn reserve(
        &self,
        store: &Store,
        meta: &crate::ledger::store::Meta,
        seq: u32,
        track: &str,
        index: u32,
        end_ms: i64,
        len: u64,
        start_ms: Option<i64>,
        now: i64,
    ) -> ApiResult<Response> {
        let Some(segment) = store.segment(seq, track)? else { return refuse(Refusal::NoSegment) };
        let previous = store.chunk(seq, track, index)?;
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
            let live = self.live_uploads.borrow().is_live(seq, track, index, chunk.attempt);
            if !ledger::may_reserve_again(chunk.reserved_at, now, live) {
                return refuse(Refusal::InFlight);
            }
        }
        if segment.state != "open" {
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
        let attempt = store.reserve(
            seq,
            track,
            &Chunk { idx: index, size: len, end_ms, stored: 0, attempt: 0, reserved_at: now },
            previous.as_ref(),
            now,
        )?;
        self.live_uploads.borrow_mut().began(seq, track, index, attempt);
        if let (true, Some(start)) = (track == "camera", start_ms) {
            store.set_camera_start(seq, start)?;
        }
        let key = chunk_key(&meta.analysis_id, &meta.entry_id, seq, track, index);
        ok(Reserved { key, already_stored: false, attempt })
    }

    /// An upload ended. The ledger alone decides whether its R2 object stays: it is stored when R2
    /// kept the reserved size; otherwise the reservation is given back and the worker deletes the
    /// object. An upload whose stale reservation another took over commits nothing and deletes
    /// nothing: the key is the newer upload's now.
    #[allow(clippy::too_many_arguments)]
    async fn commit(
        &self,
        store: &Store,
        meta: &crate::ledger::store::Meta,
        seq: u32,
        track: &str,
        index: u32,
        attempt: i64,
        stored: bool,
        size: u64,
        now: i64,
    ) -> ApiResult<Response> {
        // Whatever the ledger says next, this upload has ended.
        self.live_uploads.borrow_mut().ended(seq, track, index, attempt);
        let (Some(segment), Some(chunk)) = (store.segment(seq, track)?, store.chunk(seq, track, index)?) else {
            return refuse(Refusal::Gone);
        };
        if chunk.stored == 1 || chunk.attempt != attempt {
            return ok(Committed { compose: false, delete: false });
        }
        // The size R2 reports is what the ledger records: a body of another size is not this
        // reservation's, so it is rolled back rather than counted as the reserved one.
        if !stored || size != chunk.size {
            store.release(seq, track, &chunk)?;
            return ok(Committed { compose: false, delete: true });
        }
        let small = chunk.size < MIN_CHUNK_BYTES;
        let grown = ledger::progress(segment.end_ms, chunk.end_ms, chunk.size) > 0;
        store.store(seq, track, &chunk, small, grown.then_some(now))?;
        // A late chunk of an earlier screen segment (left by a tab that reloaded) lengthens it:
        // the later segments move along the timeline, and their viewers with them.
        let moved = if track == "screen" && chunk.end_ms > segment.end_ms && store.has_later_screen(seq)? {
            store.settle_offsets()?
        } else {
            Vec::new()
        };
        for (seq, offset_ms) in moved {
            self.tell(&LiveEvent::Moved { seq, offsetMs: offset_ms });
        }
        // Viewers hear of it now: a synchronous send, no wait for the participant (ADR 0016).
        if viewers::watched(&self.state) {
            let signer = viewers::Signer::new(&self.env, &meta.entry_id)?;
            self.tell(&LiveEvent::Chunk { chunk: signer.chunk(seq, track, &Chunk { stored: 1, ..chunk.clone() }) });
        }
        if grown {
            if meta.hold_released == 1 {
                // The alarm had let D1's hold go and the recording grows again: the place again,
                // if one is free. Rare (a long pause), so the chunk waits for it; the alarm waits
                // for the chunk, so a release never lands after this and undoes it.
                store.hold_released(false)?;
                *self.holding.borrow_mut() = true;
                let app = crate::App::background(self.env.clone(), Config::from_env(&self.env)?);
                let held = crate::participation::holds::hold_again(
                    &app,
                    &meta.entry_id,
                    now,
                    ledger::provisional_hold(now, self.limits()?),
                )
                .await;
                *self.holding.borrow_mut() = false;
                if held.is_err() {
                    // The chunk is stored whatever D1 said; the place is still released there,
                    // so the next chunk that grows the recording tries again.
                    store.hold_released(true)?;
                }
                held?;
            }
            self.arm_for_activity(store).await?;
        }
        // A cheap hint (no read of the ledger): the composition works out what is really ready.
        let bytes = segment.bytes.max(0) as u64 + chunk.size;
        ok(Committed { compose: compose::may_have_ready_part(bytes, store.part_count(seq, track)?), delete: false })
    }

    async fn compose(
        &self,
        store: &Store,
        meta: &crate::ledger::store::Meta,
        seq: u32,
        track: &str,
    ) -> ApiResult<Response> {
        let Some(segment) = store.segment(seq, track)? else { return ok(()) };
        if segment.state != "open" || !self.composing.borrow_mut().insert((seq, track.to_string())) {
            return ok(());
        }
        let result = compose::compose_ready(store, &self.bucket()?, &meta.analysis_id, &meta.entry_id, &segment).await;
        self.composing.borrow_mut().remove(&(seq, track.to_string()));
        result?;
        ok(())
    }

    async fn complete(&self, store: &Store, meta: &crate::ledger::store::Meta, now: i64) -> ApiResult<Response> {
        let bucket = self.bucket()?;
        let mut closed = Vec::new();
        for segment in store.segments()? {
            let (state, size, duration_ms) = if segment.state == "open" {
                let done = compose::close(store, &bucket, &meta.analysis_id, &meta.entry_id, &segment).await?;
                (done.state.to_string(), done.size, done.duration_ms)
            } else {
                (segment.state.clone(), segment.size.unwrap_or(0).max(0) as u64, segment.end_ms)
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

    /// Refuses everything from now on, aborts the open uploads and deletes every object; a sweep
    /// later deletes whatever a chunk already streaming stores after this.
    async fn delete(&self, store: &Store, meta: &crate::ledger::store::Meta, _now: i64) -> ApiResult<Response> {
        store.set_state("deleted")?;
        self.audio_files.clear();
        self.erase(store, meta).await?;
        self.arm_at(store, crate::clock::system_now() + SWEEP_AFTER_MS).await?;
        ok(())
    }

    async fn erase(&self, store: &Store, meta: &crate::ledger::store::Meta) -> ApiResult<()> {
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
        crate::storage::delete_under(&bucket, &entry_prefix(&meta.analysis_id, &meta.entry_id)).await
    }

    /// Sets the alarm for the next thing due after activity: the place's
    /// hold lapsing (when D1 still holds it) or the participation expiring.
    async fn arm_for_activity(&self, store: &Store) -> ApiResult<()> {
        let Some(meta) = store.meta()? else { return Ok(()) };
        let hold = ledger::hold_until(meta.last_open_at, meta.last_progress_at);
        let expiry = ledger::expires_at(meta.last_activity_at);
        let due = if meta.hold_released == 1 { expiry } else { hold.min(expiry) };
        // Never sooner than SETTLE_MS: the caller's own D1 write (a segment open's provisional
        // hold) must land before the alarm's release, or the release is overwritten and the place
        // stays held for hours. Holds fall due minutes after activity, so this only delays an
        // alarm that is already due (a participation on a test clock in the past).
        self.arm(store, due.max(crate::clock::system_now() + SETTLE_MS)).await
    }

    /// Sets the alarm for `due` (epoch ms). It is only ever moved earlier here: the alarm checks
    /// what is due when it runs and sets itself again, so an early one costs one wake-up. Times are
    /// the requests' clock, which is the real one except under a test clock: a test that puts a
    /// participation in the past sees its alarm run at once, as it would have by then.
    async fn arm(&self, store: &Store, due: i64) -> ApiResult<()> {
        // `alarm_at` is cleared when the alarm runs, so it names the alarm that is set.
        if store.meta()?.and_then(|m| m.alarm_at).is_some_and(|at| at <= due) {
            return Ok(());
        }
        self.arm_at(store, due).await
    }

    /// Sets the alarm for exactly `due`, earlier or later than the one set.
    async fn arm_at(&self, store: &Store, due: i64) -> ApiResult<()> {
        let offset = due - crate::clock::system_now();
        self.state.storage().set_alarm(offset.max(0)).await?;
        store.set_alarm_at(Some(due))
    }

    /// Transcribes the windows closed so far (ADR 0018). A failure is logged and left to the next
    /// alarm: holds and expiry, armed just before, never wait on the speech service.
    async fn transcribe_while_recording(&self, store: &Store, meta: &crate::ledger::store::Meta) {
        if store.transcription().ok().flatten().is_none() {
            return;
        }
        self.transcribed_at.set(crate::clock::system_now());
        let result = async {
            let app = crate::App::background(self.env.clone(), Config::from_env(&self.env)?);
            let recording = transcribe::Phase::Recording;
            transcribe::run(
                &app,
                store,
                &self.bucket()?,
                &self.audio_files,
                &meta.entry_id,
                &meta.analysis_id,
                recording,
            )
            .await
        };
        if let Err(err) = result.await {
            crate::log::error("-", "(transcribe)", err.source.as_deref().unwrap_or(&err.message));
        }
    }

    async fn on_alarm(&self) -> ApiResult<()> {
        let store = self.store()?;
        if *self.holding.borrow() {
            return self.arm_at(&store, crate::clock::system_now() + 1_000).await;
        }
        store.set_alarm_at(None)?;
        let Some(meta) = store.meta()? else { return Ok(()) };
        let now = crate::clock::system_now();
        match meta.state.as_str() {
            "deleted" => {
                // The sweep after a deletion: anything a streaming chunk stored since is deleted,
                // and any upload an erase that failed halfway left open is aborted.
                self.erase(&store, &meta).await?;
                self.state.storage().delete_all().await?;
                // The tables went with it: a later call in this instance creates them again.
                self.schema_ready.set(false);
            }
            "finished" => {
                // The chunks stayed for live viewers (ADR 0016); the composed files are complete.
                crate::storage::delete_chunks(&self.bucket()?, &entry_prefix(&meta.analysis_id, &meta.entry_id))
                    .await?;
                let app = crate::App::background(self.env.clone(), Config::from_env(&self.env)?);
                for key in store.to_index()? {
                    // A file that fails is logged and served plain; the others still get theirs.
                    if let Err(err) = crate::seek_index::build(&app, &key).await {
                        crate::log::error("-", "(seek-index)", err.source.as_deref().unwrap_or(&err.message));
                    }
                    store.indexed(&key)?;
                }
                // Then the transcript (ADR 0018): windows a rate limit or a failure left wait
                // for a later alarm; the object stays until every window is stored.
                let bucket = self.bucket()?;
                let finished = transcribe::Phase::Finished;
                if let transcribe::Outcome::RetryAt(at) = transcribe::run(
                    &app,
                    &store,
                    &bucket,
                    &self.audio_files,
                    &meta.entry_id,
                    &meta.analysis_id,
                    finished,
                )
                .await?
                {
                    return self.arm_at(&store, at).await;
                }
                self.audio_files.clear();
                transcribe::forget_audio(&store, &bucket, &meta.analysis_id, &meta.entry_id).await?;
                self.state.storage().delete_all().await?;
                self.schema_ready.set(false);
            }
            _ => {
                if now >= ledger::expires_at(meta.last_activity_at) {
                    // Nobody came back within the grace window: everything goes, the row stays
                    // 'abandoned' (ADR 0005), as when the participant leaves. D1 first: should it
                    // fail (a busy database), nothing has changed here and the retried alarm takes
                    // this branch again. Erasing first left a failed write unrepeated: the retry
                    // found the object 'deleted', swept, and the row stayed 'in_progress'.
                    let app = crate::App::background(self.env.clone(), Config::from_env(&self.env)?);
                    let abandoned =
                        crate::participation::purge::abandon_entry(&app, &meta.entry_id, &meta.analysis_id).await?;
                    if abandoned == crate::participation::purge::Abandoned::Kept {
                        // D1 has it submitted: the participant finished, and the submit's Finish
                        // never reached this object. Finish now instead of deleting a recording
                        // the researcher has (the worker indexed the files when its call failed).
                        return self.finish(&store, &[]).await;
                    }
                    store.set_state("deleted")?;
                    self.erase(&store, &meta).await?;
                    self.arm_at(&store, now + SWEEP_AFTER_MS).await?;
                    return Ok(());
                }
                let hold = ledger::hold_until(meta.last_open_at, meta.last_progress_at);
                if meta.hold_released == 0 && now >= hold {
                    let app = crate::App::background(self.env.clone(), Config::from_env(&self.env)?);
                    crate::participation::holds::release(&app, &meta.entry_id, hold).await?;
                    store.hold_released(true)?;
                }
                let refreshed = store.meta()?.unwrap_or(meta);
                let next = if refreshed.hold_released == 1 {
                    ledger::expires_at(refreshed.last_activity_at)
                } else {
                    hold.min(ledger::expires_at(refreshed.last_activity_at))
                };
                self.arm(&store, next.max(now + 1_000)).await?;
                self.transcribe_while_recording(&store, &refreshed).await;
            }
        }
        Ok(())
    }
}
