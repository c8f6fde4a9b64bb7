//! Carrying out the session's commands: part PUTs and the completion over fetch, the retry
//! timer, and settling `finish()` once the recording reached a final phase.

use js_sys::Uint8Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use web_sys::AbortController;

use super::Pipeline;
use crate::api;
use crate::browser::js::{now_ms, random01, Timer};
use crate::session::Phase;
use crate::upload::Command;

impl Pipeline {

    /// Runs the session's commands, then settles `finish()` and tells the listener.
    pub(super) fn pump(&self) {
        let now = now_ms();
        let commands = self.inner.borrow_mut().session.as_mut().map(|s| s.poll(now)).unwrap_or_default();
        for command in commands {
            match command {
                Command::Upload(number) => self.send_part(number),
                Command::Complete => self.send_complete(),
                Command::WakeIn(ms) => self.wake_at(now + ms),
            }
        }
        self.settle();
        self.notify();
    }

    pub(super) fn track_request(&self) -> Option<AbortController> {
        let controller = AbortController::new().ok()?;
        self.inner.borrow_mut().requests.push(controller.clone());
        Some(controller)
    }

    pub(super) fn untrack_request(&self, controller: Option<&AbortController>) {
        if let Some(c) = controller {
            self.inner.borrow_mut().requests.retain(|r| r != c);
        }
    }

    pub(super) fn send_part(&self, number: u32) {
        // Copied into JS memory for fetch; the Rust copy stays until the server acknowledges it.
        let Some(body) = self.inner.borrow().session.as_ref().and_then(|s| s.part_bytes(number)).map(Uint8Array::from) else {
            return;
        };
        let api = self.inner.borrow().api.clone();
        let controller = self.track_request();
        let this = self.clone();
        spawn_local(async move {
            let result = api.put_part(number, &body, controller.as_ref()).await;
            this.untrack_request(controller.as_ref());
            let now = now_ms();
            if let Some(s) = this.inner.borrow_mut().session.as_mut() {
                match result {
                    Ok(()) => s.part_uploaded(number, now),
                    Err(failure) => s.part_failed(number, failure, now, random01()),
                }
            }
            this.pump();
        });
    }

    pub(super) fn send_complete(&self) {
        let Some(body) = self.inner.borrow().session.as_ref().map(|s| api::complete_body(s.duration_ms(), s.steps())) else {
            return;
        };
        let api = self.inner.borrow().api.clone();
        let controller = self.track_request();
        let this = self.clone();
        spawn_local(async move {
            let result = api.complete(&body, controller.as_ref()).await;
            this.untrack_request(controller.as_ref());
            let now = now_ms();
            if let Some(s) = this.inner.borrow_mut().session.as_mut() {
                match result {
                    Ok(()) => s.completed(),
                    Err(failure) => s.complete_failed(failure, now, random01()),
                }
            }
            this.pump();
        });
    }

    /// One retry timer: keep the current one if it fires earlier, else replace it.
    pub(super) fn wake_at(&self, at: f64) {
        let mut inner = self.inner.borrow_mut();
        if inner.retry_timer.as_ref().is_some_and(|(due, _)| *due <= at) {
            return;
        }
        let weak = self.weak();
        inner.retry_timer = Timer::after(at - now_ms(), move || {
            Self::later(&weak, |p| {
                p.inner.borrow_mut().retry_timer = None;
                p.pump();
            })
        })
        .map(|t| (at, t));
    }

    /// When the recording reached done/failed/aborted: release everything, settle `finish()`.
    pub(super) fn settle(&self) {
        let (phase, error, waiters) = {
            let mut inner = self.inner.borrow_mut();
            let phase = inner.phase();
            if !phase.is_terminal() {
                return;
            }
            inner.release();
            (phase, inner.terminal_error(), std::mem::take(&mut inner.waiters))
        };
        for (resolve, reject) in waiters {
            let _ = if phase == Phase::Done { resolve.call0(&JsValue::UNDEFINED) } else { reject.call1(&JsValue::UNDEFINED, &error) };
        }
    }
}
