//! MediaRecorder over the participant's stream (screen video + microphone audio, with product §9's
//! settings; or the camera's small video-only stream, ADR 0008) and event handlers owned here:
//! dropping a [`Media`] detaches and frees them and stops the recorder, so nothing outlives the
//! recording.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobEvent, Event, MediaRecorder, MediaRecorderOptions, MediaStream, RecordingState};

use super::js::{describe, now_ms};
use crate::api::Track;
use crate::codec::{self, Container};
use crate::tiers;
const TIMESLICE_MS: i32 = 1000;
/// Chromium's MP4 muxer only cuts chunks at key frames (every ~6.7 s by default); one key frame a
/// second makes it honour the 1000 ms timeslice.
const KEY_FRAME_INTERVAL_MS: f64 = 1000.0;

/// What MediaRecorder reports, in the order it happened.
pub enum MediaEvent {
    /// A non-empty chunk (empty ones are skipped here) and when it arrived: its end, for
    /// `x-lupa-end-ms`.
    Data(Blob, f64),
    /// The last chunk has been delivered.
    Stopped,
    Error(String),
}

pub struct Media {
    recorder: MediaRecorder,
    _on_data: Closure<dyn FnMut(BlobEvent)>,
    _on_stop: Closure<dyn FnMut(Event)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl Media {
    /// Creates (does not start) the recorder at `tier`'s rates (tier 0: product §9's 1,000,000
    /// and 96,000 bit/s; ADR 0023); `sink` receives its events.
    pub fn create(
        stream: &MediaStream,
        mime: &str,
        track: Track,
        tier: u8,
        sink: Rc<dyn Fn(MediaEvent)>,
    ) -> Result<Media, String> {
        let rates = tiers::rates(tier);
        let options = MediaRecorderOptions::new();
        options.set_mime_type(mime);
        match track {
            Track::Screen => {
                options.set_video_bits_per_second(rates.video_bps);
                options.set_audio_bits_per_second(rates.audio_bps);
            }
            // A 320×240 face needs little (ADR 0008: about 250 kbit/s at tier 0).
            Track::Camera => options.set_video_bits_per_second(rates.camera_bps),
            // Speech for transcription (ADR 0018): Opus at 24 kbit/s is ~3 KB a second.
            Track::Audio => options.set_audio_bits_per_second(tiers::TRANSCRIPTION_AUDIO_BPS),
        }
        if codec::container(mime) == Container::Mp4 {
            options.set_video_key_frame_interval_duration(KEY_FRAME_INTERVAL_MS);
        }
        let recorder = MediaRecorder::new_with_media_stream_and_media_recorder_options(stream, &options)
            .map_err(|e| describe(&e))?;

        let data_sink = sink.clone();
        let on_data = Closure::<dyn FnMut(BlobEvent)>::new(move |event: BlobEvent| {
            if let Some(blob) = event.data().filter(|b| b.size() > 0.0) {
                data_sink(MediaEvent::Data(blob, now_ms()));
            }
        });
        let stop_sink = sink.clone();
        let on_stop = Closure::<dyn FnMut(Event)>::new(move |_: Event| stop_sink(MediaEvent::Stopped));
        let on_error =
            Closure::<dyn FnMut(Event)>::new(move |event: Event| sink(MediaEvent::Error(error_message(&event))));
        recorder.set_ondataavailable(Some(on_data.as_ref().unchecked_ref()));
        recorder.set_onstop(Some(on_stop.as_ref().unchecked_ref()));
        recorder.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Media { recorder, _on_data: on_data, _on_stop: on_stop, _on_error: on_error })
    }

    pub fn start(&self) -> Result<(), String> {
        self.recorder.start_with_time_slice(TIMESLICE_MS).map_err(|e| describe(&e))
    }

    /// Asks for what is recorded so far as a chunk now (the live cadence); false when not recording.
    pub fn request_data(&self) -> bool {
        self.recorder.state() == RecordingState::Recording && self.recorder.request_data().is_ok()
    }

    /// Asks for the last chunk and the `stop` event.
    pub fn stop(&self) {
        if self.recorder.state() != RecordingState::Inactive {
            let _ = self.recorder.stop();
        }
    }
}

impl Drop for Media {
    fn drop(&mut self) {
        // Detach first: the closures are freed with `self`, and a later event must not call them.
        self.recorder.set_ondataavailable(None);
        self.recorder.set_onstop(None);
        self.recorder.set_onerror(None);
        self.stop();
    }
}

/// `event.error.message` (the MediaStream Recording spec's ErrorEvent / older MediaRecorderErrorEvent) or
/// `event.message`.
fn error_message(event: &Event) -> String {
    let error = js_sys::Reflect::get(event, &"error".into()).unwrap_or(JsValue::UNDEFINED);
    if !error.is_undefined() && !error.is_null() {
        return describe(&error);
    }
    describe(event.as_ref())
}
