//! Small browser helpers: clock, randomness, named errors, timers and event listeners that own
//! their closures (dropping one cancels it and frees the closure; nothing is `forget`-ed).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::session::{PendingSummary, Resume, Snapshot};
use crate::steps::StepMark;

/// Monotonic milliseconds (`performance.now()`), so a clock change cannot bend durations.
pub fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or_else(js_sys::Date::now, |p| p.now())
}

pub fn random01() -> f64 {
    js_sys::Math::random()
}

/// A JS `Error` whose `name` says which failure it is (the web app switches on it).
pub fn named_error(name: &str, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    error.set_name(name);
    error.into()
}

/// The message of a thrown value (`Error`/`DOMException` `message`, or a string).
pub fn describe(value: &JsValue) -> String {
    js_sys::Reflect::get(value, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .filter(|m| !m.is_empty())
        .or_else(|| value.as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}

/// A pending `setTimeout`; dropping it clears the timeout and frees the closure.
pub struct Timer {
    id: i32,
    _callback: Closure<dyn FnMut()>,
}

impl Timer {
    /// Runs `f` once after `ms`. None when there is no window (not in a page).
    pub fn after(ms: f64, f: impl FnOnce() + 'static) -> Option<Timer> {
        let window = web_sys::window()?;
        let callback = Closure::once(f);
        let delay = ms.ceil().clamp(0.0, f64::from(i32::MAX)) as i32;
        let id = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.as_ref().unchecked_ref(), delay)
            .ok()?;
        Some(Timer { id, _callback: callback })
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if let Some(window) = web_sys::window() {
            window.clear_timeout_with_handle(self.id);
        }
    }
}

/// Resolves after `ms`; the timeout calls the promise's own `resolve`, so no Rust closure exists.
pub async fn sleep(ms: f64) {
    let _ = wasm_bindgen_futures::JsFuture::from(settle_after(ms, false)).await;
}

/// A promise that resolves (or rejects) after `ms`, through the timer calling its own function.
fn settle_after(ms: f64, reject: bool) -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, rejecter| {
        let callback = if reject { rejecter } else { resolve };
        let delay = ms.ceil().clamp(0.0, f64::from(i32::MAX)) as i32;
        let scheduled = web_sys::window()
            .and_then(|w| w.set_timeout_with_callback_and_timeout_and_arguments_0(&callback, delay).ok());
        if scheduled.is_none() {
            let _ = callback.call0(&JsValue::UNDEFINED);
        }
    })
}

/// `promise`, or a rejection after `ms` if it has not settled by then.
pub fn with_timeout(promise: &js_sys::Promise, ms: f64) -> js_sys::Promise {
    js_sys::Promise::race(&js_sys::Array::of2(promise, &settle_after(ms, true)))
}

/// `navigator.onLine` (true where it is unknown).
pub fn navigator_online() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
}

/// A window event listener; dropping it removes the listener and frees the closure.
pub struct Listener {
    target: web_sys::EventTarget,
    kind: &'static str,
    callback: Closure<dyn FnMut()>,
}

impl Listener {
    pub fn on_window(kind: &'static str, f: impl FnMut() + 'static) -> Option<Listener> {
        let target: web_sys::EventTarget = web_sys::window()?.into();
        let callback = Closure::<dyn FnMut()>::new(f);
        target.add_event_listener_with_callback(kind, callback.as_ref().unchecked_ref()).ok()?;
        Some(Listener { target, kind, callback })
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.target.remove_event_listener_with_callback(self.kind, self.callback.as_ref().unchecked_ref());
    }
}

/// `state()`'s plain object (see the `RecorderState` TypeScript interface in lib.rs).
pub fn snapshot_to_js(s: &Snapshot) -> JsValue {
    let object = js_sys::Object::new();
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&object, &key.into(), &value);
    };
    set("phase", s.phase.as_str().into());
    if let Some(mime) = &s.mime_type {
        set("mimeType", mime.into());
    }
    set("elapsedMs", s.elapsed_ms.round().into());
    set("bytesRecorded", (s.bytes_recorded as f64).into());
    set("bytesUploaded", (s.bytes_uploaded as f64).into());
    set("chunksUploaded", s.chunks_uploaded.into());
    set("pendingChunks", s.pending_chunks.into());
    set("pendingBytes", (s.pending_bytes as f64).into());
    set("progress", s.progress.into());
    set("retrying", s.retrying.into());
    set("online", s.online.into());
    set("storage", s.storage.as_str().into());
    if let Some(message) = &s.limit_message {
        set("limitMessage", message.into());
    }
    if let Some(error) = &s.last_error {
        set("lastError", error.into());
    }
    set("tier", s.tier.into());
    set("backlogMs", s.backlog_ms.round().into());
    if let Some(bps) = s.uplink_bps {
        set("uplinkBitsPerSecond", bps.round().into());
    }
    object.into()
}

/// `{chunks, bytes, lastEndMs}` (the `PendingChunks` TypeScript interface in lib.rs).
pub fn pending_to_js(p: &PendingSummary) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in
        [("chunks", f64::from(p.chunks)), ("bytes", p.bytes as f64), ("lastEndMs", p.last_end_ms as f64)]
    {
        let _ = js_sys::Reflect::set(&object, &key.into(), &value.into());
    }
    object.into()
}

/// `steps()`'s `[{index, atMs}]`: what a new capture of the same participation continues from.
pub fn steps_to_js(marks: &[StepMark]) -> JsValue {
    let list = js_sys::Array::new();
    for mark in marks {
        let object = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&object, &"index".into(), &mark.index.into());
        let _ = js_sys::Reflect::set(&object, &"atMs".into(), &(mark.at_ms as f64).into());
        list.push(&object);
    }
    list.into()
}

/// `start()`'s `{recordedMs, steps: [{index, atMs}], alignTo}` (the server's resume info, and
/// for the camera the screen recorder's `startedAt()`); anything missing or malformed counts as a
/// first start.
pub fn resume_from_js(options: &JsValue) -> Resume {
    let whole = |value: &JsValue, key: &str| {
        js_sys::Reflect::get(value, &key.into())
            .ok()?
            .as_f64()
            .filter(|v| v.is_finite() && *v >= 0.0 && *v <= 9e15)
            .map(|v| v.round() as u64)
    };
    if options.is_undefined() || options.is_null() {
        return Resume::default();
    }
    let steps = js_sys::Reflect::get(options, &"steps".into())
        .ok()
        .filter(js_sys::Array::is_array)
        .map(|list| {
            js_sys::Array::from(&list)
                .iter()
                .filter_map(|m| {
                    Some(StepMark { index: u32::try_from(whole(&m, "index")?).ok()?, at_ms: whole(&m, "atMs")? })
                })
                .collect()
        })
        .unwrap_or_default();
    let align_to = js_sys::Reflect::get(options, &"alignTo".into())
        .ok()
        .and_then(|v| v.as_f64())
        .filter(|v| v.is_finite() && *v >= 0.0);
    Resume { recorded_ms: whole(options, "recordedMs").unwrap_or(0), steps, align_to }
}
