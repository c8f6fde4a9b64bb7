//! `ParticipationLedger`: one Durable Object per participation (ADR 0013). It owns the recording
//! path, single-threaded: segments, the chunk ledger, the byte and duration accounting, composing
//! parts, closing segments, deletion, and expiry by alarm. D1 only hears from it at the moments
//! the researcher's view changes.
//!
//! This module is the object itself: its state, the runtime's entry points (a call, the alarm, a
//! viewer's socket) and what they share. A call is routed in `dispatch.rs`, where a participant's
//! capability is checked once; the recording's steps are in `recording.rs` (segments and chunks)
//! and `audio.rs` (the transcription track), the participation's start and end in `lifecycle.rs`,
//! and the alarm's work in `alarm.rs`. Its rules are in `lupa_core::ledger`, its tables in
//! `store.rs` and composing in `compose.rs`.
//!
//! Handler steps that read and then write the ledger run without an `await` in between (the SQL
//! API is synchronous), so no other request can slip between a check and its write.

mod alarm;
mod audio;
mod dispatch;
mod lifecycle;
mod recording;

use std::cell::RefCell;
use std::collections::HashSet;

use lupa_api_types::LiveEvent;
use lupa_core::chunks::Limits;
use lupa_core::ledger::{self, Refusal};
use lupa_core::recording::Track;
use serde::Serialize;
use worker::{
    durable_object, Bucket, DurableObject, Env, Request, Response, Result, State, WebSocket, WebSocketIncomingMessage,
};

use crate::error::{ApiError, ApiResult};
use crate::ledger::protocol::{Answer, Call, WorkerCall};
use crate::ledger::store::Store;
use crate::ledger::viewers;
use crate::platform::config::Config;

/// The least time between a call and an alarm it sets (see `arm_for_activity`).
const SETTLE_MS: i64 = 10_000;
/// When a failed alarm runs again.
const ALARM_RETRY_MS: i64 = 10_000;

#[durable_object]
pub struct ParticipationLedger {
    state: State,
    env: Env,
    /// Segments this object is composing now: a chunk that arrives meanwhile starts nothing.
    composing: RefCell<HashSet<(u32, Track)>>,
    /// A chunk is taking the place again in D1: the alarm waits, so its release never lands first.
    holding: RefCell<bool>,
    /// The chunk uploads this instance reserved and has not heard the end of: only those are in
    /// flight (`ledger::may_reserve_again`). A reservation the tables kept from an earlier instance
    /// belongs to a request that died with it (a server restart, an eviction), and must not block
    /// the tab's retry.
    live_uploads: RefCell<ledger::LiveUploads>,
    /// The R2 operations of the request being answered, when the test server counts (`usage.rs`).
    usage: RefCell<Option<crate::platform::usage::Counter>>,
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
                crate::platform::log::error("-", "(ledger)", err.source.as_deref().unwrap_or(&err.message));
                return Response::error("ledger failure", 500);
            }
        };
        let counting = Config::from_env(&self.env).map(|c| c.test_usage).unwrap_or(false);
        let counter = counting.then(crate::platform::usage::Counter::new);
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
                crate::platform::log::error("-", "(ledger)", err.source.as_deref().unwrap_or(&err.message));
                Response::error("ledger failure", 500)
            }
        }
    }

    async fn alarm(&self) -> Result<Response> {
        if let Err(err) = self.on_alarm().await {
            crate::platform::log::error("-", "(ledger-alarm)", err.source.as_deref().unwrap_or(&err.message));
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
                crate::platform::log::error("-", "(live-sign)", err.source.as_deref().unwrap_or(&err.message));
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

/// The call's answer, as the worker reads it (`ledger::call`).
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
            crate::platform::log::error("-", "(ledger-live)", err.source.as_deref().unwrap_or(&err.message));
            Response::error("ledger failure", 500)
        })
    }

    /// A test server's request to fail this call as an internal error would (`faults.rs`): never
    /// honoured in production, where `Config::test_faults` is always false.
    fn injected_fault(&self, req: &Request, call: &Call) -> bool {
        // Cheapest first: only a Finish that asks for it reads the configuration.
        let asked = || {
            req.headers().get(crate::platform::faults::HEADER).ok().flatten().as_deref()
                == Some(crate::platform::faults::Fault::LedgerFinish.name())
        };
        matches!(call, Call::Worker(WorkerCall::Finish { .. }))
            && asked()
            && Config::from_env(&self.env).map(|c| c.test_faults).unwrap_or(false)
    }

    /// Whether the session a viewer's socket was opened with still lasts and may still see this
    /// participation (the rule of every recording route, `recordings::owned_entry`).
    async fn viewer_access(&self, ws: &WebSocket) -> Access {
        let Some(viewer) = viewers::Viewer::of(&self.state, ws) else { return Access::Denied };
        let Ok(Some(meta)) = self.store().and_then(|store| store.meta()) else { return Access::Unknown };
        let Ok(app) = self.app() else { return Access::Unknown };
        match crate::auth::sessions::by_hash(&app, viewer.session_hash).await {
            Ok(Some(user)) => match crate::recordings::owned_entry(&app, &user, &meta.entry_id).await {
                Ok(_) => Access::Allowed,
                Err(err) if err.status() == 404 => Access::Denied,
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

    /// The worker's context for what the object does outside a worker's request (D1 writes, the
    /// seek indexes, transcription), read from the object's own environment.
    fn app(&self) -> ApiResult<crate::App> {
        Ok(crate::App::background(self.env.clone(), Config::from_env(&self.env)?))
    }
}
