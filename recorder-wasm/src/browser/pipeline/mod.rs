//! The recording pipeline in the page: it feeds the pure [`Session`] with MediaRecorder's chunks
//! (stored on the device strictly in order), fetch and IndexedDB results and timer ticks, and
//! carries out the commands it returns. Every handler closure, timer and listener is owned by
//! [`Inner`] and dropped when the recording ends; they hold only a `Weak` reference, so nothing
//! keeps a finished recorder alive. Callbacks never touch state directly: they `spawn_local`, so
//! no `RefCell` borrow is ever held while JavaScript runs.
//! Its three ends (finish, abort, detach) are in `ending.rs`.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::{Rc, Weak};

mod ending;
mod live;
mod notify;
mod reader;
mod tiers;
mod uploads;

use js_sys::{Function, Promise};
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::{future_to_promise, spawn_local};
use web_sys::{AbortController, Blob, MediaStream};

use super::http::Api;
use super::js::{named_error, navigator_online, now_ms, random01, sleep, snapshot_to_js, Listener, Timer};
use super::media::Media;
use super::store::Store;
use crate::api::{self, Track};
use crate::codec;
use crate::live_cadence::LiveCadence;
use crate::retry::next_delay;
use crate::session::{Fault, Phase, Resume, Session, Snapshot, EMPTY_MESSAGE, UPLOAD_FAILED_MESSAGE};
use crate::throttle::Throttle;
use crate::upload::ChunkKey;

pub use tiers::Quality;

/// JS error names, one per failure kind (the web app switches on `error.name`).
pub const UNSUPPORTED: &str = "RecorderUnsupported";
pub const START_ERROR: &str = "RecordingStartError";
pub const SETUP_ERROR: &str = "UploadSetupError";
pub const UPLOAD_FAILED: &str = "UploadFailed";
pub const EMPTY: &str = "RecordingEmpty";
pub const RECORDING_ERROR: &str = "RecordingError";
pub const ABORTED: &str = "RecordingAborted";
pub const STORAGE_ERROR: &str = "StorageError";

/// Retries of `POST .../segments` before `start()` gives up (each waits up to 0.5, 1, 2 s).
const SETUP_RETRIES: u32 = 3;
/// MediaRecorder fires `stop` right after `stop()`; if it never does, finish anyway.
const STOP_GRACE_MS: f64 = 5_000.0;
const NOT_STARTED_MESSAGE: &str = "No recording found. Please ensure permissions were granted and try again.";
const ABORTED_MESSAGE: &str = "The recording was aborted.";

enum Item {
    /// A MediaRecorder chunk, when it arrived, and which MediaRecorder delivered it.
    Blob(Blob, f64, u32),
    /// A MediaRecorder stopped (`None`: the current one, as far as the shell knows).
    End(Option<u32>),
}

struct Inner {
    api: Rc<Api>,
    session: Option<Session>,
    /// The phase while there is no session: idle, or aborted before `start()` finished.
    bare_phase: Phase,
    bare_error: Option<String>,
    starting: bool,
    early_steps: Vec<u32>,
    media: Option<Media>,
    /// The MediaRecorder a tier change stopped, until it delivered its last chunk.
    draining_media: Option<Media>,
    /// What is recorded (kept for the MediaRecorder of a tier change).
    stream: Option<MediaStream>,
    /// The quality asked for at `start()` (ADR 0023).
    quality: Quality,
    /// The capture constraints the participant's video track came with (a tier adds a frame-rate cap).
    base_constraints: Option<JsValue>,
    queue: VecDeque<Item>,
    reading: bool,
    /// IndexedDB, when it could be opened.
    store: Option<Rc<Store>>,
    /// Chunks IndexedDB refused: only this tab holds them, until acknowledged.
    memory: HashMap<ChunkKey, Blob>,
    /// `abort()` ran: a chunk whose write was under way is deleted again once written.
    discarded: bool,
    retry_timer: Option<(f64, Timer)>,
    stop_timer: Option<Timer>,
    change_timer: Option<Timer>,
    /// When a chunk's answer last said someone watches, and what the screen's recorder was asked.
    cadence: LiveCadence,
    /// The half-slice `requestData()` due while watched.
    live_timer: Option<Timer>,
    listeners: Vec<Listener>,
    requests: Vec<AbortController>,
    on_change: Option<Function>,
    throttle: Throttle,
    last_emitted: Option<Snapshot>,
    waiters: Vec<(Function, Function)>,
}

impl Inner {
    fn phase(&self) -> Phase {
        self.session.as_ref().map_or(self.bare_phase, Session::phase)
    }

    fn snapshot(&self, now: f64) -> Snapshot {
        match &self.session {
            Some(s) => s.snapshot(now),
            None => Snapshot::idle(self.bare_phase, self.bare_error.clone(), navigator_online()),
        }
    }

    /// The error a settled-but-not-done recording rejects `finish()` with.
    fn terminal_error(&self) -> JsValue {
        match (self.phase(), self.session.as_ref().and_then(Session::fault)) {
            (Phase::Aborted, _) => named_error(ABORTED, ABORTED_MESSAGE),
            (_, Some(Fault::Empty)) => named_error(EMPTY, EMPTY_MESSAGE),
            (_, Some(Fault::Media(message))) => named_error(RECORDING_ERROR, message),
            _ => named_error(UPLOAD_FAILED, UPLOAD_FAILED_MESSAGE),
        }
    }

    /// Drops every handler, timer, listener and in-memory chunk and cancels requests in flight.
    /// Chunks on the device stay there for a later tab.
    fn release(&mut self) {
        self.media = None;
        self.draining_media = None;
        self.stream = None;
        self.queue.clear();
        self.retry_timer = None;
        self.stop_timer = None;
        self.live_timer = None;
        self.listeners.clear();
        self.memory.clear();
        self.store = None;
        for request in self.requests.drain(..) {
            request.abort();
        }
    }
}

/// The engine behind the `Recorder` façade (public so browser tests can feed synthetic chunks).
#[derive(Clone)]
pub struct Pipeline {
    inner: Rc<RefCell<Inner>>,
}

impl Pipeline {
    pub fn new(entry_id: &str, api_base: &str, track: Track) -> Self {
        let inner = Inner {
            api: Rc::new(Api::new(api_base, entry_id, track)),
            session: None,
            bare_phase: Phase::Idle,
            bare_error: None,
            starting: false,
            early_steps: Vec::new(),
            media: None,
            draining_media: None,
            stream: None,
            quality: Quality::default(),
            base_constraints: None,
            queue: VecDeque::new(),
            reading: false,
            store: None,
            memory: HashMap::new(),
            discarded: false,
            retry_timer: None,
            stop_timer: None,
            change_timer: None,
            cadence: LiveCadence::default(),
            live_timer: None,
            listeners: Vec::new(),
            requests: Vec::new(),
            on_change: None,
            throttle: Throttle::default(),
            last_emitted: None,
            waiters: Vec::new(),
        };
        Pipeline { inner: Rc::new(RefCell::new(inner)) }
    }

    fn weak(&self) -> Weak<RefCell<Inner>> {
        Rc::downgrade(&self.inner)
    }

    /// Runs `f` on the pipeline later (after the current JS callback returned), if it still exists.
    fn later(weak: &Weak<RefCell<Inner>>, f: impl FnOnce(Pipeline) + 'static) {
        let weak = weak.clone();
        spawn_local(async move {
            if let Some(inner) = weak.upgrade() {
                f(Pipeline { inner });
            }
        });
    }

    pub fn snapshot(&self) -> Snapshot {
        self.inner.borrow().snapshot(now_ms())
    }

    pub fn state(&self) -> JsValue {
        snapshot_to_js(&self.snapshot())
    }

    pub fn elapsed_ms(&self) -> f64 {
        self.snapshot().elapsed_ms.round()
    }

    /// When this capture started, on the page's clock (`performance.now()`), once it did.
    pub fn started_at(&self) -> Option<f64> {
        self.inner.borrow().session.as_ref().map(Session::started_at)
    }

    pub fn set_on_change(&self, callback: Function) {
        let mut inner = self.inner.borrow_mut();
        inner.on_change = Some(callback);
        inner.last_emitted = None;
    }

    /// The step marks so far (the resume info's and this capture's), for a capture that follows.
    pub fn steps(&self) -> Vec<crate::steps::StepMark> {
        self.inner.borrow().session.as_ref().map(|s| s.steps().to_vec()).unwrap_or_default()
    }

    pub fn mark_step(&self, index: u32) {
        {
            let mut inner = self.inner.borrow_mut();
            let starting = inner.starting;
            match inner.session.as_mut() {
                Some(session) => session.mark_step(index, now_ms()),
                // `start()` still setting up: the step counts from the recording's start.
                None if starting => inner.early_steps.push(index),
                None => {}
            }
        }
        self.pump();
    }

    /// Picks the format, opens a segment and starts MediaRecorder with a 1000 ms timeslice.
    pub fn start(&self, stream: MediaStream, resume: Resume, quality: Quality) -> Promise {
        let this = self.clone();
        future_to_promise(
            async move { this.start_recording(stream, resume, quality).await.map(|()| JsValue::UNDEFINED) },
        )
    }

    async fn start_recording(&self, stream: MediaStream, resume: Resume, quality: Quality) -> Result<(), JsValue> {
        {
            let inner = self.inner.borrow();
            if inner.starting || inner.session.is_some() || inner.bare_phase != Phase::Idle {
                return Err(named_error(START_ERROR, "Failed to start recording: the recorder was already started"));
            }
        }
        let track = self.inner.borrow().api.track();
        let tier = quality.starting_tier(track);
        let Some(mime) = codec::pick_for(track, tier, super::media_recorder_supports) else {
            return Err(named_error(
                UNSUPPORTED,
                "This browser cannot record the screen. Please use a recent Chrome, Edge or Firefox.",
            ));
        };
        self.remember_stream(&stream, quality);
        self.constrain(&stream, track, tier);
        let media = Media::create(&stream, mime, track, tier, self.media_sink(0))
            .map_err(|m| self.start_failed(START_ERROR, &format!("Failed to start recording: {m}")))?;
        self.open(mime, resume, tier).await?;
        if let Err(m) = media.start() {
            self.inner.borrow_mut().session = None;
            return Err(self.start_failed(START_ERROR, &format!("Failed to start recording: {m}")));
        }
        self.inner.borrow_mut().media = Some(media);
        self.notify();
        Ok(())
    }

    fn start_failed(&self, name: &str, message: &str) -> JsValue {
        self.inner.borrow_mut().bare_error = Some(message.to_string());
        self.notify();
        named_error(name, message)
    }

    /// Opens IndexedDB, finds what earlier tabs of this entry left there, and opens a segment
    /// (`POST .../segments`) for a new capture in `mime`; from here on chunks are accepted and the
    /// left chunks start uploading. Retries network errors and 5xx a few times.
    pub async fn open(&self, mime: &str, resume: Resume, tier: u8) -> Result<(), JsValue> {
        let api = {
            let mut inner = self.inner.borrow_mut();
            inner.starting = true;
            inner.bare_error = None;
            inner.api.clone()
        };
        let store = Store::open().await.map(Rc::new);
        let left = match &store {
            Some(store) => store.list(api.device_key()).await.unwrap_or_default(),
            None => Vec::new(),
        };
        let mut attempt = 0;
        let segment = loop {
            let controller = self.track_request();
            let result = api.open_segment(mime, tier, controller.as_ref()).await;
            self.untrack_request(controller.as_ref());
            match result {
                Err(failure) if failure.is_retryable() && attempt < SETUP_RETRIES && !self.aborted() => {
                    attempt += 1;
                    sleep(next_delay(attempt, random01())).await;
                }
                Err(failure) => break Err(failure.describe()),
                Ok(a) => break api::check_segment(a.segment, a.chunk_max_bytes, a.recorded_ms).map_err(str::to_string),
            }
        };
        self.inner.borrow_mut().starting = false;
        if self.aborted() {
            return Err(named_error(ABORTED, ABORTED_MESSAGE));
        }
        let segment = segment.map_err(|message| self.start_failed(SETUP_ERROR, &message))?;
        {
            let now = now_ms();
            let mut inner = self.inner.borrow_mut();
            let mut session = Session::new(mime, segment, resume, &left, now);
            session.set_ends_with_media(api.track() != Track::Screen);
            session.set_device_storage(store.is_some());
            session.set_online(navigator_online(), now);
            let quality = inner.quality;
            session.set_quality(tier, quality.adapts(api.track()), quality.with_camera, quality.probe_bps, now);
            for index in std::mem::take(&mut inner.early_steps) {
                session.mark_step(index, now);
            }
            inner.session = Some(session);
            inner.store = store;
            inner.listeners = self.connectivity_listeners();
        }
        self.pump();
        Ok(())
    }

    /// `online` retries at once instead of waiting out the backoff; `offline` holds the chunks back
    /// (one probe now and then) so an offline minute is not hundreds of failed requests.
    fn connectivity_listeners(&self) -> Vec<Listener> {
        [("online", true), ("offline", false)]
            .into_iter()
            .filter_map(|(kind, online)| {
                let weak = self.weak();
                Listener::on_window(kind, move || {
                    Self::later(&weak, move |p| {
                        if let Some(s) = p.inner.borrow_mut().session.as_mut() {
                            s.set_online(online, now_ms());
                        }
                        p.pump();
                    });
                })
            })
            .collect()
    }

    fn aborted(&self) -> bool {
        self.inner.borrow().phase() == Phase::Aborted
    }

    /// Bytes as if MediaRecorder had delivered them now (browser tests; the real path gets Blobs).
    pub fn push_chunk(&self, bytes: &[u8]) {
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        if let Ok(blob) = Blob::new_with_u8_array_sequence(&parts) {
            let generation = self.current_generation().unwrap_or(0);
            self.enqueue(Item::Blob(blob, now_ms(), generation));
        }
    }
}
