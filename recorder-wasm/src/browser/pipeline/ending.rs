//! How a recording's pipeline ends: 'finish' (stop, upload everything, complete), 'abort' (stop
//! and delete, here and on the server) and 'detach' (the façade was freed: stop, keep the chunks).

use std::rc::Rc;

use js_sys::Promise;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::future_to_promise;

use super::{Item, Pipeline, ABORTED, ABORTED_MESSAGE, EMPTY, NOT_STARTED_MESSAGE, STOP_GRACE_MS};
use crate::browser::js::{named_error, now_ms, Timer};
use crate::browser::store::Store;
use crate::session::Phase;

impl Pipeline {
    /// Stops MediaRecorder, waits until every chunk (an earlier tab's too) is acknowledged, completes.
    pub fn finish(&self) -> Promise {
        let now = now_ms();
        let mut inner = self.inner.borrow_mut();
        match inner.phase() {
            Phase::Idle => return Promise::reject(&named_error(EMPTY, NOT_STARTED_MESSAGE)),
            Phase::Done => return Promise::resolve(&JsValue::UNDEFINED),
            Phase::Failed | Phase::Aborted => return Promise::reject(&inner.terminal_error()),
            Phase::Finishing => {}
            Phase::Recording => {
                if let Some(s) = inner.session.as_mut() {
                    s.request_stop(now);
                }
                let weak = self.weak();
                inner.stop_timer =
                    Timer::after(STOP_GRACE_MS, move || Self::later(&weak, |p| p.enqueue(Item::End(None))));
                match &inner.media {
                    Some(media) => media.stop(),
                    // Never started (tests), or already stopped at the limit.
                    None => inner.queue.push_back(Item::End(None)),
                }
            }
        }
        let mut waiter = None;
        let promise = Promise::new(&mut |resolve, reject| waiter = Some((resolve, reject)));
        inner.waiters.extend(waiter);
        drop(inner);
        self.kick_reader();
        self.notify();
        promise
    }

    /// Stops everything, deletes the entry on the server (best effort) and this entry's chunks on
    /// the device. A recording whose upload already completed is left alone.
    pub fn abort(&self) -> Promise {
        let (api, store, waiters) = {
            let mut inner = self.inner.borrow_mut();
            if inner.phase() == Phase::Done {
                return Promise::resolve(&JsValue::UNDEFINED);
            }
            match inner.session.as_mut() {
                Some(s) => s.abort(),
                None => inner.bare_phase = Phase::Aborted,
            }
            inner.discarded = true;
            let store = inner.store.take();
            inner.release();
            (inner.api.clone(), store, std::mem::take(&mut inner.waiters))
        };
        let error = named_error(ABORTED, ABORTED_MESSAGE);
        for (_, reject) in waiters {
            let _ = reject.call1(&JsValue::UNDEFINED, &error);
        }
        self.notify();
        future_to_promise(async move {
            let _ = api.abandon().await;
            let store = match store {
                Some(store) => Some(store),
                None => Store::open().await.map(Rc::new),
            };
            if let Some(store) = store {
                for key in api.device_keys_to_clear() {
                    let _ = store.clear(&key).await;
                }
            }
            Ok(JsValue::UNDEFINED)
        })
    }

    /// The façade was freed: stop locally (no DELETE; chunks on the device stay for a later tab)
    /// and free every closure.
    pub fn detach(&self) {
        let mut inner = self.inner.borrow_mut();
        if let Some(s) = inner.session.as_mut() {
            s.abort();
        }
        inner.release();
        inner.change_timer = None;
        inner.on_change = None;
    }
}
