//! Carrying out the session's commands: chunk PUTs (bytes read back from the device, or from
//! memory when the device refused them) and their local deletion once acknowledged, the step list,
//! the completion, stopping MediaRecorder at the limit, the retry timer, and settling `finish()`
//! once the recording reached a final phase.

use std::rc::Rc;

use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use web_sys::AbortController;

use super::Pipeline;
use crate::api;
use crate::browser::http::Api;
use crate::browser::js::{now_ms, random01, Timer};
use crate::browser::store::Store;
use crate::retry::Failure;
use crate::session::{Command, Phase};
use crate::upload::ChunkKey;

impl Pipeline {
    /// Runs the session's commands, then settles `finish()` and tells the listener.
    pub(super) fn pump(&self) {
        let now = now_ms();
        let commands = self.inner.borrow_mut().session.as_mut().map(|s| s.poll(now)).unwrap_or_default();
        for command in commands {
            match command {
                Command::Upload(key) => self.send_chunk(key),
                Command::Forget(key) => self.forget(key),
                Command::PutSteps => self.send_steps(),
                Command::Complete => self.send_complete(),
                Command::StopMedia => {
                    if let Some(media) = &self.inner.borrow().media {
                        media.stop();
                    }
                }
                Command::WakeIn(ms) => self.wake_at(now + ms),
                Command::Rotate { tier, align_to } => self.rotate(tier, align_to),
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

    fn api_and_store(&self) -> (Rc<Api>, Option<Rc<Store>>) {
        let inner = self.inner.borrow();
        (inner.api.clone(), inner.store.clone())
    }

    fn send_chunk(&self, key: ChunkKey) {
        let (info, in_memory, start_ms) = {
            let inner = self.inner.borrow();
            let Some(session) = inner.session.as_ref() else { return };
            let Some(info) = session.chunk_info(key) else { return };
            // Only this tab knows where its own camera segment starts; an earlier tab's chunks go without.
            let start_ms = session.start_ms_of(key.segment);
            (info, inner.memory.get(&key).cloned(), start_ms)
        };
        let (api, store) = self.api_and_store();
        let controller = self.track_request();
        let this = self.clone();
        spawn_local(async move {
            let body = match (in_memory, &store) {
                (Some(blob), _) => Ok(Some(blob)),
                (None, Some(store)) => store.get(api.device_key(), key).await,
                (None, None) => Ok(None),
            };
            let result = match body {
                Ok(Some(blob)) => Some(api.put_chunk(key, &blob, info.end_ms, start_ms, controller.as_ref()).await),
                // Gone from the device: another tab of this entry sent it.
                Ok(None) => None,
                // Could not read it back this time: try again later.
                Err(_) => Some(Err((Failure::Network, None))),
            };
            this.untrack_request(controller.as_ref());
            let now = now_ms();
            let acknowledged = matches!(result, Some(Ok(_)));
            {
                let mut inner = this.inner.borrow_mut();
                if let Some(Ok(watched)) = &result {
                    inner.cadence.answered(*watched, now);
                }
                if let Some(s) = inner.session.as_mut() {
                    match result {
                        None => s.chunk_missing(key),
                        Some(Ok(_)) => s.chunk_uploaded(key, now),
                        Some(Err((failure, message))) => s.chunk_failed(key, failure, message, now, random01()),
                    }
                }
            }
            if acknowledged {
                this.forget(key);
            }
            this.pump();
        });
    }

    /// Deletes a chunk from memory and the device (acknowledged, or refused by the server).
    fn forget(&self, key: ChunkKey) {
        self.inner.borrow_mut().memory.remove(&key);
        if let (api, Some(store)) = self.api_and_store() {
            spawn_local(async move {
                let _ = store.delete(api.device_key(), key).await;
            });
        }
    }

    fn send_steps(&self) {
        let Some(body) = self.inner.borrow().session.as_ref().map(|s| api::steps_body(s.steps())) else { return };
        let (api, _) = self.api_and_store();
        let controller = self.track_request();
        let this = self.clone();
        spawn_local(async move {
            let result = api.put_steps(&body, controller.as_ref()).await;
            this.untrack_request(controller.as_ref());
            if let Some(s) = this.inner.borrow_mut().session.as_mut() {
                s.steps_answered(result, now_ms(), random01());
            }
            this.pump();
        });
    }

    fn send_complete(&self) {
        let Some(body) = self.inner.borrow().session.as_ref().map(|s| api::complete_body(s.duration_ms(), s.steps()))
        else {
            return;
        };
        let (api, store) = self.api_and_store();
        let controller = self.track_request();
        let this = self.clone();
        spawn_local(async move {
            let result = api.complete(&body, controller.as_ref()).await;
            this.untrack_request(controller.as_ref());
            if let (Ok(()), Some(store)) = (&result, store) {
                // Done: nothing of this entry may stay on the device (a deletion that failed earlier
                // would otherwise be sent again by a later tab).
                for key in api.device_keys_to_clear() {
                    let _ = store.clear(&key).await;
                }
            }
            if let Some(s) = this.inner.borrow_mut().session.as_mut() {
                s.complete_answered(result, now_ms(), random01());
            }
            this.pump();
        });
    }

    /// One retry timer: keep the current one if it fires earlier, else replace it.
    fn wake_at(&self, at: f64) {
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
    fn settle(&self) {
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
            let _ = if phase == Phase::Done {
                resolve.call0(&JsValue::UNDEFINED)
            } else {
                reject.call1(&JsValue::UNDEFINED, &error)
            };
        }
    }
}
