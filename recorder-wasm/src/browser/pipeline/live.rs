//! The live cadence in the page (`crate::live_cadence`): while a chunk's answer says someone
//! watches, the screen's MediaRecorder is asked for its data half-way through each timeslice, so
//! the live view runs about half a second closer behind. WebM only: Chromium's MP4 muxer cuts at
//! key frames, one a second (`media.rs`), so asking it for more would only make empty chunks.

use super::Pipeline;
use crate::api::Track;
use crate::browser::js::Timer;
use crate::browser::media::Media;
use crate::codec::{self, Container};

impl Pipeline {
    /// A chunk of MediaRecorder `generation` arrived at `at`: while watched, ask the screen's
    /// current recorder for the next one half a timeslice later.
    pub(super) fn live_chunk(&self, generation: u32, at: f64) {
        let mut inner = self.inner.borrow_mut();
        let current = inner.session.as_ref().map(|s| (s.generation(), codec::container(s.mime())));
        if inner.api.track() != Track::Screen || current != Some((generation, Container::WebM)) {
            return;
        }
        let Some(ms) = inner.cadence.chunk_arrived(at) else { return };
        let weak = self.weak();
        inner.live_timer = Timer::after(ms, move || Self::later(&weak, move |p| p.ask_for_data(generation)));
    }

    /// The half-slice is up: the recorder of `generation`, if it still records, cuts a chunk now.
    fn ask_for_data(&self, generation: u32) {
        let mut inner = self.inner.borrow_mut();
        inner.live_timer = None;
        if inner.session.as_ref().map(|s| s.generation()) != Some(generation) {
            return;
        }
        if inner.media.as_ref().is_some_and(Media::request_data) {
            inner.cadence.asked();
        }
    }
}
