//! Tier changes in the page (ADR 0023): the session asks for one ([`Command::Rotate`]); the
//! pipeline opens a new segment at that tier while the old MediaRecorder keeps recording, then in
//! one step starts a MediaRecorder at the new rates and stops the old one, whose last chunk still
//! goes to the old segment. Nothing is lost and the timeline has no gap. The frame rate is a
//! constraint on the captured video track, applied with the change, and the format may change
//! with it (WebM below tier 0, [`codec::pick_for`]).
//!
//! [`Command::Rotate`]: crate::session::Command::Rotate

use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;
use web_sys::{MediaStream, MediaStreamTrack};

use super::Pipeline;
use crate::api::{self, Track};
use crate::browser::js::now_ms;
use crate::browser::media::Media;
use crate::codec;
use crate::session::Phase;
use crate::tiers;

/// What `start()`'s options say about quality.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Quality {
    /// The pre-flight probe's measure of the uplink, bit/s.
    pub probe_bps: Option<f64>,
    /// A tier to start at (the camera following the screen); else the probe decides.
    pub tier: Option<u8>,
    /// The participant records the camera too: its rates count in what a tier sends.
    pub with_camera: bool,
    /// `adaptive: false` keeps the starting tier for the whole recording.
    pub fixed: bool,
}

impl Quality {
    /// `{uplinkBitsPerSecond, tier, withCamera, adaptive}` of `start()`'s options.
    pub fn from_js(options: &JsValue) -> Quality {
        if options.is_undefined() || options.is_null() {
            return Quality::default();
        }
        let get = |key: &str| Reflect::get(options, &key.into()).unwrap_or(JsValue::UNDEFINED);
        let finite = |v: JsValue| v.as_f64().filter(|n| n.is_finite() && *n >= 0.0);
        Quality {
            probe_bps: finite(get("uplinkBitsPerSecond")).filter(|b| *b > 0.0),
            tier: finite(get("tier")).map(|t| (t.round() as u8).min(tiers::FLOOR)),
            with_camera: get("withCamera").as_bool().unwrap_or(false),
            fixed: get("adaptive").as_bool() == Some(false),
        }
    }

    pub fn starting_tier(&self, track: Track) -> u8 {
        match (self.tier, track) {
            (Some(tier), _) => tier,
            // The transcription track is the same at every tier.
            (None, Track::Audio) => 0,
            (None, _) => tiers::starting_tier(self.probe_bps, self.with_camera),
        }
    }

    /// Only the screen's recorder runs the rule; the camera follows it (`setTier`).
    pub fn adapts(&self, track: Track) -> bool {
        track == Track::Screen && !self.fixed
    }
}

impl Pipeline {
    pub(super) fn current_generation(&self) -> Option<u32> {
        self.inner.borrow().session.as_ref().map(|s| s.generation())
    }

    pub(super) fn draining_generation(&self) -> Option<u32> {
        let inner = self.inner.borrow();
        let session = inner.session.as_ref()?;
        inner.draining_media.as_ref().map(|_| session.generation().wrapping_sub(1))
    }

    pub(super) fn remember_stream(&self, stream: &MediaStream, quality: super::Quality) {
        let mut inner = self.inner.borrow_mut();
        inner.stream = Some(stream.clone());
        inner.quality = quality;
        inner.base_constraints = video_track(stream).map(|t| t.get_constraints().into());
    }

    /// Caps the video track's frame rate at the tier's (or lifts the cap at tier 0), on top of
    /// the constraints the capture came with. Best effort: a browser that refuses keeps its rate,
    /// and the bitrate still changes.
    pub(super) fn constrain(&self, stream: &MediaStream, track: Track, tier: u8) {
        let Some(video) = video_track(stream) else { return };
        let rates = tiers::rates(tier);
        let cap = if track == Track::Camera { rates.camera_frame_rate } else { rates.frame_rate };
        let base = self.inner.borrow().base_constraints.clone();
        let constraints = Object::new();
        if let Some(base) = base.filter(JsValue::is_object) {
            let _ = Object::assign(&constraints, base.unchecked_ref());
        }
        if let Some(fps) = cap {
            let frame_rate = Object::new();
            let _ = Reflect::set(&frame_rate, &"max".into(), &fps.into());
            let _ = Reflect::set(&constraints, &"frameRate".into(), &frame_rate);
        } else {
            let _ = Reflect::delete_property(&constraints, &"frameRate".into());
        }
        if let Ok(promise) = video.apply_constraints_with_constraints(constraints.unchecked_ref()) {
            spawn_local(async move {
                let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
            });
        }
    }

    /// `setTier(tier, alignTo)`: the camera follows the screen's change.
    pub fn set_tier(&self, tier: u8, align_to: Option<f64>) {
        if let Some(s) = self.inner.borrow_mut().session.as_mut() {
            s.want_tier(tier, align_to);
        }
        self.pump();
    }

    /// Opens a segment at `tier` and moves recording to it; on any failure the recording stays
    /// where it is (the rule waits before asking again).
    pub(super) fn rotate(&self, tier: u8, align_to: Option<f64>) {
        let (api, mime, stream) = {
            let inner = self.inner.borrow();
            let Some(session) = inner.session.as_ref() else { return };
            // A tier below 0 records WebM where the browser can (ADR 0023); else the format stays.
            let mime = codec::pick_for(inner.api.track(), tier, crate::browser::media_recorder_supports)
                .map_or_else(|| session.mime().to_string(), str::to_string);
            (inner.api.clone(), mime, inner.stream.clone())
        };
        let this = self.clone();
        spawn_local(async move {
            let controller = this.track_request();
            let answer = api.open_segment(&mime, tier, controller.as_ref()).await;
            this.untrack_request(controller.as_ref());
            let segment =
                answer.ok().and_then(|a| api::check_segment(a.segment, a.chunk_max_bytes, a.recorded_ms).ok());
            let recording = this.inner.borrow().phase() == Phase::Recording;
            let (Some(segment), Some(stream), true) = (segment, stream, recording) else {
                if let Some(s) = this.inner.borrow_mut().session.as_mut() {
                    s.rotate_failed(now_ms());
                }
                this.pump();
                return;
            };
            let generation = this.current_generation().unwrap_or(0).wrapping_add(1);
            let track = api.track();
            this.constrain(&stream, track, tier);
            let media = Media::create(&stream, &mime, track, tier, this.media_sink(generation));
            let started = media.and_then(|m| m.start().map(|()| m));
            let now = now_ms();
            {
                let mut inner = this.inner.borrow_mut();
                match started {
                    Ok(media) => {
                        let old = inner.media.replace(media);
                        if let Some(old) = &old {
                            old.stop();
                        }
                        inner.draining_media = old;
                        // The new recorder's first chunk is its own timeslice's.
                        inner.cadence.restarted();
                        inner.live_timer = None;
                        if let Some(s) = inner.session.as_mut() {
                            s.rotated(segment, &mime, tier, generation, align_to, now);
                        }
                    }
                    Err(_) => {
                        if let Some(s) = inner.session.as_mut() {
                            s.rotate_failed(now);
                        }
                    }
                }
            }
            this.pump();
        });
    }
}

fn video_track(stream: &MediaStream) -> Option<MediaStreamTrack> {
    stream.get_video_tracks().iter().next().and_then(|t| t.dyn_into::<MediaStreamTrack>().ok())
}
