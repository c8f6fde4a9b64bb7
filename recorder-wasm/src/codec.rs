//! Choosing the recording format: MP4 first (it comes out seekable with a duration), then WebM;
//! below tier 0, WebM first (ADR 0023: MP4 costs a key frame a second there).
//!
//! Pure logic: the browser's `MediaRecorder.isTypeSupported` is passed in as a predicate so the
//! order and the fallback are tested on the host.

use crate::api::Track;

/// Container + codec candidates in order of preference (product §9: mp4 preferred, then a fallback
/// list). H.264/AAC plays everywhere; Chromium on Linux has no AAC and records VP9/Opus in MP4.
pub const CANDIDATES: &[&str] = &[
    "video/mp4;codecs=avc1.42E01E,mp4a.40.2",
    "video/mp4;codecs=avc1,mp4a",
    "video/mp4;codecs=vp9,opus",
    "video/mp4;codecs=avc1,opus",
    "video/mp4",
    "video/webm;codecs=vp9,opus",
    "video/webm;codecs=vp8,opus",
    "video/webm",
];

/// The camera's candidates (ADR 0008): video only, since the microphone stays with the screen;
/// MP4 first for the same reason as the screen's.
pub const CAMERA_CANDIDATES: &[&str] = &[
    "video/mp4;codecs=avc1.42E01E",
    "video/mp4;codecs=vp9",
    "video/mp4",
    "video/webm;codecs=vp9",
    "video/webm;codecs=vp8",
    "video/webm",
];

/// The first candidate the browser supports, or `None` when it can record none of them.
pub fn pick(is_supported: impl Fn(&str) -> bool) -> Option<&'static str> {
    CANDIDATES.iter().copied().find(|mime| is_supported(mime))
}

/// The transcription track's candidates (ADR 0018): the server cuts windows out of WebM only.
pub const AUDIO_CANDIDATES: &[&str] = &["audio/webm;codecs=opus", "audio/webm"];

/// The first transcription-track candidate the browser supports; none (Safari) means no
/// transcript, never a failed participation.
pub fn pick_audio(is_supported: impl Fn(&str) -> bool) -> Option<&'static str> {
    AUDIO_CANDIDATES.iter().copied().find(|m| is_supported(m))
}

/// The format of a capture of `track` at quality `tier` (ADR 0023). Tier 0 is product §9's: MP4
/// preferred. Below it, WebM when the browser records it: Chromium's MP4 muxer cuts a chunk only
/// at a key frame, so an MP4 recording needs one a second, and a key frame of a page of text costs
/// 60–80 KB whatever rate is asked; at tier 3 that recorded 700 kbit/s where 200 were asked, the
/// same capture as WebM 233 (its encoder's own key-frame spacing, 100 frames). WebM is cut at every
/// timeslice regardless. The transcription track is WebM at every tier.
pub fn pick_for(track: Track, tier: u8, is_supported: impl Fn(&str) -> bool) -> Option<&'static str> {
    let candidates = match track {
        Track::Screen => CANDIDATES,
        Track::Camera => CAMERA_CANDIDATES,
        Track::Audio => return pick_audio(is_supported),
    };
    let webm = |m: &&str| container(m) == Container::WebM;
    let preferred = candidates.iter().filter(|m| tier > 0 && webm(m));
    preferred.chain(candidates.iter()).copied().find(|mime| is_supported(mime))
}

/// The container of a mime type, used for the stored object's content type and file extension.
pub fn container(mime: &str) -> Container {
    if mime.trim_start().to_ascii_lowercase().starts_with("video/webm") {
        Container::WebM
    } else {
        Container::Mp4
    }
}

/// Recording containers we produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    Mp4,
    WebM,
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINUX_CHROMIUM: [&str; 8] = [
        "video/mp4;codecs=vp9,opus",
        "video/mp4;codecs=vp9",
        "video/mp4",
        "video/webm;codecs=vp9,opus",
        "video/webm;codecs=vp9",
        "video/webm",
        "audio/webm;codecs=opus",
        "audio/webm",
    ];

    #[test]
    fn tier_0_is_product_9s_mp4_and_lower_tiers_are_webm() {
        let chromium = |m: &str| LINUX_CHROMIUM.contains(&m);
        assert_eq!(pick_for(Track::Screen, 0, chromium), Some("video/mp4;codecs=vp9,opus"));
        assert_eq!(pick_for(Track::Camera, 0, chromium), Some("video/mp4;codecs=vp9"));
        for tier in 1..=3 {
            assert_eq!(pick_for(Track::Screen, tier, chromium), Some("video/webm;codecs=vp9,opus"));
            assert_eq!(pick_for(Track::Camera, tier, chromium), Some("video/webm;codecs=vp9"));
            assert_eq!(pick_for(Track::Audio, tier, chromium), Some("audio/webm;codecs=opus"));
        }
    }

    #[test]
    fn a_browser_without_webm_records_every_tier_in_mp4() {
        let safari = |m: &str| m.starts_with("video/mp4;codecs=avc1");
        assert_eq!(pick_for(Track::Screen, 2, safari), Some("video/mp4;codecs=avc1.42E01E,mp4a.40.2"));
        assert_eq!(pick_for(Track::Camera, 3, safari), Some("video/mp4;codecs=avc1.42E01E"));
        assert_eq!(pick_for(Track::Screen, 1, |_| false), None);
    }

    #[test]
    fn prefers_h264_aac_mp4_when_available() {
        assert_eq!(pick(|_| true), Some("video/mp4;codecs=avc1.42E01E,mp4a.40.2"));
    }

    #[test]
    fn linux_chromium_gets_vp9_opus_in_mp4() {
        // Chromium on Linux: no AAC, no H.264 in MP4 recording, VP9+Opus in MP4 works.
        let supported = ["video/mp4;codecs=vp9,opus", "video/mp4", "video/webm;codecs=vp9,opus", "video/webm"];
        assert_eq!(pick(|m| supported.contains(&m)), Some("video/mp4;codecs=vp9,opus"));
    }

    #[test]
    fn falls_back_to_webm_and_then_to_nothing() {
        assert_eq!(pick(|m| m.starts_with("video/webm;codecs=vp8")), Some("video/webm;codecs=vp8,opus"));
        assert_eq!(pick(|_| false), None);
    }

    #[test]
    fn every_mp4_candidate_comes_before_every_webm_one() {
        let first_webm = CANDIDATES.iter().position(|m| container(m) == Container::WebM);
        let last_mp4 = CANDIDATES.iter().rposition(|m| container(m) == Container::Mp4);
        assert!(matches!((first_webm, last_mp4), (Some(w), Some(m)) if m < w));
    }

    #[test]
    fn the_camera_records_video_only() {
        assert!(CAMERA_CANDIDATES.iter().all(|m| !m.contains("opus") && !m.contains("mp4a")));
        let linux = ["video/mp4;codecs=vp9", "video/mp4", "video/webm;codecs=vp9", "video/webm"];
        assert_eq!(pick_for(Track::Camera, 0, |m| linux.contains(&m)), Some("video/mp4;codecs=vp9"));
        assert_eq!(pick_for(Track::Camera, 0, |m| m.starts_with("video/webm")), Some("video/webm;codecs=vp9"));
        assert_eq!(pick_for(Track::Camera, 0, |_| false), None);
    }

    #[test]
    fn container_is_read_from_the_mime_type() {
        assert_eq!(container("video/webm;codecs=vp8"), Container::WebM);
        assert_eq!(container("VIDEO/WEBM"), Container::WebM);
        assert_eq!(container("video/mp4;codecs=vp9,opus"), Container::Mp4);
    }
}
