//! The chunk API over `fetch` (ADR 0005): same origin, `credentials: 'include'` (the participant's
//! capability is an HttpOnly cookie), every request bounded by a time-out so a stalled
//! connection turns into a retry instead of hanging the upload.
//!
//! `fetch` is looked up on the global object at call time, so the browser tests can put a fake
//! server in its place and still drive this real code.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, Blob, Headers, Request, RequestCredentials, RequestInit, Response};

use super::js::Timer;
use lupa_core::routes::participant::{self as endpoints, Endpoint};

use crate::api::{self, ChunkId, Track};
use crate::retry::Failure;
use crate::upload::ChunkKey;

/// JSON calls (product §7 uses 5 s; these are retried, so a little more is fine).
const JSON_TIMEOUT_MS: f64 = 10_000.0;
/// One 4 MiB chunk at 1 Mbit/s takes ~34 s; 2 min also covers slower links. A usual chunk
/// (~140 KB) is sent in a fraction of that.
const CHUNK_TIMEOUT_MS: f64 = 120_000.0;
/// Completion closes every segment (composes its first and last part) and may take a while.
const COMPLETE_TIMEOUT_MS: f64 = 60_000.0;

/// The raw answer of `POST .../segments` (checked by `api::check_segment`).
pub struct SegmentAnswer {
    pub segment: f64,
    pub chunk_max_bytes: f64,
    pub recorded_ms: f64,
}

/// The entry's recording endpoints, for one track.
pub struct Api {
    base: String,
    entry_id: String,
    track: Track,
    device_key: String,
}

impl Api {
    pub fn new(base: &str, entry_id: &str, track: Track) -> Self {
        let device_key = api::device_key(entry_id, track);
        Api { base: base.to_string(), entry_id: entry_id.to_string(), track, device_key }
    }

    pub fn track(&self) -> Track {
        self.track
    }

    /// Where this track's chunks wait on the device (see [`api::device_key`]).
    pub fn device_key(&self) -> &str {
        &self.device_key
    }

    /// What to clear from the device when this recorder completes or leaves: the screen's end is
    /// the participation's, so the camera's leftovers go too; the camera clears only its own.
    pub fn device_keys_to_clear(&self) -> Vec<String> {
        match self.track {
            Track::Screen => Track::ALL.iter().map(|t| api::device_key(&self.entry_id, *t)).collect(),
            Track::Camera | Track::Audio => vec![self.device_key.clone()],
        }
    }

    /// The participation's path of `endpoint`.
    fn url(&self, endpoint: Endpoint) -> String {
        endpoints::entry_path(&self.base, endpoint, &self.entry_id)
    }

    /// `POST .../segments {mimeType}` → `{segment, chunkMaxBytes, recordedMs}`.
    pub async fn open_segment(
        &self,
        mime: &str,
        tier: u8,
        abort: Option<&AbortController>,
    ) -> Result<SegmentAnswer, Failure> {
        let body = JsValue::from(api::segment_body(mime, self.track, tier));
        let (endpoint, body) = (endpoints::SEGMENT_OPEN, Some(&body));
        let response = ok(send(endpoint.method, &self.url(endpoint), body, JSON, &[], JSON_TIMEOUT_MS, abort).await?)?;
        let json =
            JsFuture::from(response.json().map_err(|_| Failure::Network)?).await.map_err(|_| Failure::Network)?;
        let number = |key: &str| Reflect::get(&json, &key.into()).ok().and_then(|v| v.as_f64()).unwrap_or(f64::NAN);
        Ok(SegmentAnswer {
            segment: number("segment"),
            chunk_max_bytes: number("chunkMaxBytes"),
            recorded_ms: number("recordedMs"),
        })
    }

    /// `PUT .../segments/{s}/chunks/{i}` (or `camera-chunks`) with the chunk's bytes,
    /// `x-lupa-end-ms` and, for the camera, `x-lupa-start-ms`. A refusal carries the server's
    /// `message` (shown to the participant for a 413), and its `code` tells a chunk still in flight
    /// on the server ([`Failure::InFlight`], retried) from a final 409. Stored, it answers whether
    /// someone watches live (`watched`, for the live cadence); an unreadable answer says no.
    pub async fn put_chunk(
        &self,
        key: ChunkKey,
        body: &Blob,
        end_ms: u64,
        start_ms: Option<u64>,
        abort: Option<&AbortController>,
    ) -> Result<bool, (Failure, Option<String>)> {
        let chunk = ChunkId { seq: key.segment, track: self.track, index: key.index };
        let (method, url) =
            (endpoints::chunk_endpoint(self.track).method, endpoints::chunk_path(&self.base, &self.entry_id, chunk));
        let end = end_ms.to_string();
        let start = start_ms.map(|ms| ms.to_string());
        let mut headers = vec![("x-lupa-end-ms", end.as_str())];
        if let Some(start) = &start {
            headers.push(("x-lupa-start-ms", start.as_str()));
        }
        let response =
            send(method, &url, Some(body), OCTETS, &headers, CHUNK_TIMEOUT_MS, abort).await.map_err(|f| (f, None))?;
        if response.ok() {
            let json = match response.json() {
                Ok(promise) => JsFuture::from(promise).await.ok(),
                Err(_) => None,
            };
            let watched = json.and_then(|j| Reflect::get(&j, &"watched".into()).ok()).and_then(|v| v.as_bool());
            return Ok(watched.unwrap_or(false));
        }
        // The code tells a chunk still in flight on the server (retried) from a conflict (final).
        let (code, message) = error_body(&response).await;
        Err((Failure::answered(response.status(), code.as_deref()), message))
    }

    /// `PUT .../steps {steps}`.
    pub async fn put_steps(&self, body: &str, abort: Option<&AbortController>) -> Result<(), Failure> {
        let body = JsValue::from(body);
        let endpoint = endpoints::STEPS;
        ok(send(endpoint.method, &self.url(endpoint), Some(&body), JSON, &[], JSON_TIMEOUT_MS, abort).await?).map(drop)
    }

    /// `POST .../complete {durationMs, steps}`. The camera sends none: its file is closed by the
    /// screen's completion, which the page sends once the camera's chunks are all acknowledged.
    pub async fn complete(&self, body: &str, abort: Option<&AbortController>) -> Result<(), Failure> {
        if self.track != Track::Screen {
            return Ok(());
        }
        let body = JsValue::from(body);
        let endpoint = endpoints::COMPLETE;
        ok(send(endpoint.method, &self.url(endpoint), Some(&body), JSON, &[], COMPLETE_TIMEOUT_MS, abort).await?)
            .map(drop)
    }

    /// `DELETE .../{id}`: everything of the entry is deleted and its place freed. `keepalive`
    /// lets it outlive a closing tab. Only the screen's recorder leaves the participation: the
    /// camera's `abort()` stops the camera alone.
    pub async fn abandon(&self) -> Result<(), Failure> {
        if self.track != Track::Screen {
            return Ok(());
        }
        let endpoint = endpoints::LEAVE;
        ok(send(endpoint.method, &self.url(endpoint), None, None, &[], JSON_TIMEOUT_MS, None).await?).map(drop)
    }
}

const JSON: Option<&str> = Some("application/json");
const OCTETS: Option<&str> = Some("application/octet-stream");

fn ok(response: Response) -> Result<Response, Failure> {
    if response.ok() {
        Ok(response)
    } else {
        Err(Failure::Status(response.status()))
    }
}

/// The `code` and `message` of our JSON error body, where the answer has them.
async fn error_body(response: &Response) -> (Option<String>, Option<String>) {
    let Some(json) = response.json().ok() else { return (None, None) };
    let Ok(json) = JsFuture::from(json).await else { return (None, None) };
    let field = |name: &str| Reflect::get(&json, &name.into()).ok().and_then(|v| v.as_string());
    (field("code"), field("message"))
}

/// One request; a network error or time-out is [`Failure::Network`], any answer is returned.
async fn send(
    method: &str,
    url: &str,
    body: Option<&JsValue>,
    content_type: Option<&str>,
    extra_headers: &[(&str, &str)],
    timeout_ms: f64,
    abort: Option<&AbortController>,
) -> Result<Response, Failure> {
    let init = RequestInit::new();
    init.set_method(method);
    init.set_credentials(RequestCredentials::Include);
    if let Some(body) = body {
        init.set_body(body);
    } else {
        let _ = Reflect::set(&init, &"keepalive".into(), &JsValue::TRUE);
    }
    let headers = Headers::new().map_err(|_| Failure::Network)?;
    let _ = headers.set("Accept", "application/json");
    if let Some(content_type) = content_type {
        let _ = headers.set("Content-Type", content_type);
    }
    for (name, value) in extra_headers {
        let _ = headers.set(name, value);
    }
    init.set_headers(&headers);
    // Our own controller for the time-out when the caller gave none (it still wants a bound).
    let controller = match abort {
        Some(c) => Some(c.clone()),
        None => AbortController::new().ok(),
    };
    if let Some(c) = &controller {
        init.set_signal(Some(&c.signal()));
    }
    let request = Request::new_with_str_and_init(url, &init).map_err(|_| Failure::Network)?;
    let global = js_sys::global();
    let fetch = Reflect::get(&global, &"fetch".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .ok_or(Failure::Network)?;
    let promise: Promise =
        fetch.call1(&global, &request).ok().and_then(|p| p.dyn_into().ok()).ok_or(Failure::Network)?;
    // Dropped when this function returns, which clears the time-out.
    let _timeout = controller.map(|c| Timer::after(timeout_ms, move || c.abort()));
    JsFuture::from(promise).await.ok().and_then(|r| r.dyn_into().ok()).ok_or(Failure::Network)
}
