//! `onChange`: the listener hears about every change of the snapshot (the running clock alone is
//! no change), throttled to 4 calls a second with a trailing call so the last state always arrives.

use wasm_bindgen::JsValue;

use super::Pipeline;
use crate::browser::js::{now_ms, snapshot_to_js, Timer};
use crate::throttle::Decision;

impl Pipeline {
    /// Calls the listener if the state changed, at most 4 times a second (phase changes at once).
    pub(super) fn notify(&self) {
        let now = now_ms();
        let (callback, snapshot) = {
            let mut inner = self.inner.borrow_mut();
            let Some(callback) = inner.on_change.clone() else { return };
            let snapshot = inner.snapshot(now);
            let urgent = match &inner.last_emitted {
                Some(last) if !snapshot.differs_from(last) => return,
                Some(last) => last.phase != snapshot.phase,
                None => true,
            };
            match inner.throttle.offer(now, urgent) {
                Decision::Now => {}
                Decision::Pending => return,
                Decision::Later(ms) => {
                    let weak = self.weak();
                    inner.change_timer = Timer::after(ms, move || Self::later(&weak, |p| p.trailing_notify()));
                    return;
                }
            }
            inner.last_emitted = Some(snapshot.clone());
            (callback, snapshot)
        };
        let _ = callback.call1(&JsValue::UNDEFINED, &snapshot_to_js(&snapshot));
    }

    pub(super) fn trailing_notify(&self) {
        let now = now_ms();
        let (callback, snapshot) = {
            let mut inner = self.inner.borrow_mut();
            inner.change_timer = None;
            inner.throttle.fired(now);
            let Some(callback) = inner.on_change.clone() else { return };
            let snapshot = inner.snapshot(now);
            if inner.last_emitted.as_ref().is_some_and(|last| !snapshot.differs_from(last)) {
                return;
            }
            inner.last_emitted = Some(snapshot.clone());
            (callback, snapshot)
        };
        let _ = callback.call1(&JsValue::UNDEFINED, &snapshot_to_js(&snapshot));
    }
}
