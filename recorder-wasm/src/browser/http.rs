//! The upload API over `fetch`: same origin, `credentials: 'include'` (the participant's
//! capability is an HttpOnly cookie), every request bounded by a time-out so a stalled
//! connection turns into a retry instead of hanging the upload.
//!
//! `fetch` is looked up on the global object at call time, so the browser tests can put a fake
//! server in its place and still drive this real code.

use js_sys::{Function, Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, Headers, Request, RequestCredentials, RequestInit, Response};

use super::js::Timer;
use crate::api;
use crate::upload::Failure;

/// JSON calls (spec §7 uses 5 s; the upload set-up is retried, so a little more is fine).
const JSON_TIMEOUT_MS: f64 = 10_000.0;
/// One 5 MiB part at 1 Mbit/s takes ~42 s; 2 min also covers slower links.
const PART_TIMEOUT_MS: f64 = 120_000.0;
/// Completion joins every part in R2 and may take a while for long recordings.
const COMPLETE_TIMEOUT_MS: f64 = 60_000.0;

/// The answer of `POST .../upload`.
pub struct UploadSetup {
    pub part_size: f64,
    pub existing_parts: u32,
}

/// The entry's upload endpoints.
pub struct Api {
    base: String,
    entry_id: String,
}

impl Api {
    pub fn new(base: &str, entry_id: &str) -> Self {
        Api { base: base.to_string(), entry_id: entry_id.to_string() }
    }

    fn url(&self, suffix: &str) -> String {
        api::entry_url(&self.base, &self.entry_id, suffix)
    }

    /// `POST .../upload {mimeType}` → `{partSize, parts}`.
    pub async fn start_upload(&self, mime: &str, abort: Option<&AbortController>) -> Result<UploadSetup, Failure> {
        let body = JsValue::from(api::start_body(mime));
        let response = send("POST", &self.url("/upload"), Some(&body), Some("application/json"), JSON_TIMEOUT_MS, abort).await?;
        let json = JsFuture::from(response.json().map_err(|_| Failure::Network)?).await.map_err(|_| Failure::Network)?;
        let part_size = Reflect::get(&json, &"partSize".into()).ok().and_then(|v| v.as_f64()).unwrap_or(f64::NAN);
        let existing_parts = Reflect::get(&json, &"parts".into())
            .ok()
            .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
            .map_or(0, |a| a.length());
        Ok(UploadSetup { part_size, existing_parts })
    }

    /// `PUT .../parts/{n}` with the raw bytes.
    pub async fn put_part(&self, number: u32, bytes: &Uint8Array, abort: Option<&AbortController>) -> Result<(), Failure> {
        let url = self.url(&format!("/parts/{number}"));
        send("PUT", &url, Some(bytes), Some("application/octet-stream"), PART_TIMEOUT_MS, abort).await.map(drop)
    }

    /// `POST .../complete {durationMs, steps}`.
    pub async fn complete(&self, body: &str, abort: Option<&AbortController>) -> Result<(), Failure> {
        let body = JsValue::from(body);
        send("POST", &self.url("/complete"), Some(&body), Some("application/json"), COMPLETE_TIMEOUT_MS, abort).await.map(drop)
    }

    /// `DELETE .../{id}`: abandon the entry. `keepalive` lets it outlive a closing tab.
    pub async fn abandon(&self) -> Result<(), Failure> {
        send("DELETE", &self.url(""), None, None, JSON_TIMEOUT_MS, None).await.map(drop)
    }
}

/// One request; non-2xx answers and network errors become a [`Failure`].
async fn send(
    method: &str,
    url: &str,
    body: Option<&JsValue>,
    content_type: Option<&str>,
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
    let fetch = Reflect::get(&global, &"fetch".into()).ok().and_then(|f| f.dyn_into::<Function>().ok()).ok_or(Failure::Network)?;
    let promise: Promise = fetch.call1(&global, &request).ok().and_then(|p| p.dyn_into().ok()).ok_or(Failure::Network)?;
    // Dropped when this function returns, which clears the time-out.
    let _timeout = controller.map(|c| Timer::after(timeout_ms, move || c.abort()));
    let response: Response = JsFuture::from(promise).await.ok().and_then(|r| r.dyn_into().ok()).ok_or(Failure::Network)?;
    if response.ok() {
        Ok(response)
    } else {
        Err(Failure::Status(response.status()))
    }
}
