//! Recording quality tiers and the rule that moves between them (ADR 0023): the recording fits
//! the participant's uplink, so Finish takes seconds instead of minutes on a slow connection.
//!
//! Tier 0 is product §9's rates (1,000,000 bit/s of video, 96,000 of audio) and the default: on
//! any uplink that carries them nothing changes. Lower tiers trade bitrate and frame rate, the
//! screen's first, then the camera's; tier [`FLOOR`] is the lowest at which 14 px text stays
//! readable (measured by OCR, `npm run bench:uplink`). A tier changes by starting a new segment,
//! so one file never mixes encoder settings.
//!
//! The rule is pure (a throughput trace in, tiers out) and deliberately sluggish: it steps down
//! when the backlog of unsent media passes a few seconds, steps up only after a long calm, and
//! doubles that wait each time a step up had to be taken back, so it never oscillates.

/// What MediaRecorder is asked for at one tier.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TierRates {
    /// The screen's video, bit/s.
    pub video_bps: u32,
    /// The screen recording's microphone audio, bit/s.
    pub audio_bps: u32,
    /// A cap on the screen's frame rate (a track constraint); `None` leaves the capture's own.
    pub frame_rate: Option<f64>,
    /// The camera's video, bit/s (ADR 0008).
    pub camera_bps: u32,
    pub camera_frame_rate: Option<f64>,
}

/// The transcription track (ADR 0018), the same at every tier: speech needs little.
pub const TRANSCRIPTION_AUDIO_BPS: u32 = 24_000;

/// Tier 0 first. Each step roughly halves the screen's video; the floor keeps 5 frames a second,
/// enough for reading and for seeing where the pointer went, and gives them 250 kbit/s (200 left
/// still text blurred for seconds after a change, ADR 0023), with speech-grade audio and a
/// smaller camera so that it still fits half a megabit with the camera.
pub const TIERS: [TierRates; 4] = [
    TierRates {
        video_bps: 1_000_000,
        audio_bps: 96_000,
        frame_rate: None,
        camera_bps: 250_000,
        camera_frame_rate: None,
    },
    TierRates {
        video_bps: 600_000,
        audio_bps: 64_000,
        frame_rate: Some(15.0),
        camera_bps: 150_000,
        camera_frame_rate: Some(15.0),
    },
    TierRates {
        video_bps: 350_000,
        audio_bps: 48_000,
        frame_rate: Some(10.0),
        camera_bps: 100_000,
        camera_frame_rate: Some(10.0),
    },
    TierRates {
        video_bps: 250_000,
        audio_bps: 24_000,
        frame_rate: Some(5.0),
        camera_bps: 40_000,
        camera_frame_rate: Some(8.0),
    },
];

/// The lowest tier: below it text stops being readable, so the rule never goes further.
pub const FLOOR: u8 = (TIERS.len() - 1) as u8;

/// A tier fits an uplink when its rates use at most this share of it (the rest absorbs the
/// requests' overhead and the encoder's bursts on a page that scrolls).
pub const HEADROOM: f64 = 0.85;
/// Stepping up asks for more room than fitting does, so the step up does not immediately build
/// a backlog again.
pub const UP_HEADROOM: f64 = 0.7;
/// The backlog (seconds of media not yet on the server) that makes the rule step down.
pub const DOWN_BACKLOG_MS: f64 = 3_000.0;
/// Stepping up needs the backlog under this.
pub const UP_BACKLOG_MS: f64 = 1_000.0;
/// After a change, the new segment's effect takes a few seconds to show in the backlog.
pub const SETTLE_MS: f64 = 6_000.0;
/// The first wait before a step up; doubled each time a step up was taken back within
/// [`RELAPSE_MS`], up to [`MAX_UP_HOLD_MS`].
pub const UP_HOLD_MS: f64 = 20_000.0;
pub const MAX_UP_HOLD_MS: f64 = 320_000.0;
pub const RELAPSE_MS: f64 = 60_000.0;

/// Bits per second a tier sends: the screen (video and audio), the transcription audio and, when
/// recorded, the camera.
pub fn need_bps(tier: u8, camera: bool) -> f64 {
    let rates = rates(tier);
    let camera = if camera { rates.camera_bps } else { 0 };
    f64::from(rates.video_bps + rates.audio_bps + TRANSCRIPTION_AUDIO_BPS + camera)
}

/// The rates of `tier` (a tier past the floor is the floor).
pub fn rates(tier: u8) -> TierRates {
    TIERS[usize::from(tier.min(FLOOR))]
}

/// The highest tier that fits `uplink_bps` (the floor when none does).
pub fn fitting(uplink_bps: f64, camera: bool) -> u8 {
    (0..=FLOOR).find(|&t| need_bps(t, camera) <= HEADROOM * uplink_bps).unwrap_or(FLOOR)
}

/// Where a recording starts: from the pre-flight probe's measure, or tier 0 without one.
pub fn starting_tier(probe_bps: Option<f64>, camera: bool) -> u8 {
    probe_bps.filter(|b| b.is_finite() && *b > 0.0).map_or(0, |b| fitting(b, camera))
}

/// The tier a recording is at, and when it may change next.
#[derive(Debug, Clone)]
pub struct TierRule {
    tier: u8,
    camera: bool,
    changed_at: f64,
    up_hold_ms: f64,
    /// When the last step up happened: a step down soon after it was a relapse.
    last_up_at: Option<f64>,
    /// The backlog when the rule last looked, to see it growing.
    last_backlog: Option<(f64, f64)>,
}

impl TierRule {
    pub fn new(tier: u8, camera: bool, now: f64) -> Self {
        TierRule {
            tier: tier.min(FLOOR),
            camera,
            // Nothing to settle at the start: a backlog then means the start was too high.
            changed_at: now - SETTLE_MS,
            up_hold_ms: UP_HOLD_MS,
            last_up_at: None,
            last_backlog: None,
        }
    }

    pub fn tier(&self) -> u8 {
        self.tier
    }

    /// The tier the recording should move to now, if any. `uplink_bps` is the measured
    /// throughput (None until there is enough to tell), `backlog_ms` the media not yet on the
    /// server. A change is only proposed: call [`TierRule::moved`] once the new segment started
    /// (or [`TierRule::stay`] when it could not).
    pub fn decide(&mut self, now: f64, uplink_bps: Option<f64>, backlog_ms: f64) -> Option<u8> {
        let growing = self.last_backlog.is_some_and(|(_, before)| backlog_ms > before + 250.0);
        if self.last_backlog.is_none_or(|(at, _)| now - at >= 2_000.0) {
            self.last_backlog = Some((now, backlog_ms));
        }
        let settled = now - self.changed_at >= SETTLE_MS;
        if backlog_ms > DOWN_BACKLOG_MS && settled && self.tier < FLOOR {
            let too_much = uplink_bps.is_some_and(|u| need_bps(self.tier, self.camera) > HEADROOM * u);
            if too_much || growing {
                // Without a measure, one step at a time; with one, straight to what fits.
                let fit = uplink_bps.map_or(self.tier + 1, |u| fitting(u, self.camera));
                return Some(fit.max(self.tier + 1));
            }
            return None;
        }
        let calm = now - self.changed_at >= self.up_hold_ms && backlog_ms < UP_BACKLOG_MS;
        if self.tier > 0 && calm {
            let up = self.tier - 1;
            if uplink_bps.is_some_and(|u| need_bps(up, self.camera) <= UP_HEADROOM * u) {
                return Some(up);
            }
        }
        None
    }

    /// The recording moved to `tier` at `now`.
    pub fn moved(&mut self, tier: u8, now: f64) {
        let tier = tier.min(FLOOR);
        if tier > self.tier {
            // A step down soon after a step up: that step up was premature, wait longer next time.
            if self.last_up_at.is_some_and(|at| now - at < RELAPSE_MS) {
                self.up_hold_ms = (self.up_hold_ms * 2.0).min(MAX_UP_HOLD_MS);
            }
        } else if tier < self.tier {
            self.last_up_at = Some(now);
        }
        self.tier = tier;
        self.changed_at = now;
        self.last_backlog = None;
    }

    /// A proposed change could not happen (the new segment was refused): try again after a wait.
    pub fn stay(&mut self, now: f64) {
        self.changed_at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds a trace: every second, the uplink (bit/s) decides how much of the recording is sent;
    /// the backlog grows by what the tier records beyond it. The rule's moves are applied at once.
    /// Returns the tier each second and the backlog each second.
    fn run(uplink: impl Fn(u32) -> f64, seconds: u32, start: u8, camera: bool) -> (Vec<u8>, Vec<f64>) {
        let mut rule = TierRule::new(start, camera, 0.0);
        let mut backlog_bits = 0.0;
        let (mut tiers, mut backlogs) = (Vec::new(), Vec::new());
        for s in 0..seconds {
            let now = f64::from(s) * 1000.0;
            let record = need_bps(rule.tier(), camera);
            let link = uplink(s);
            backlog_bits = (backlog_bits + record - link).max(0.0);
            let backlog_ms = backlog_bits / record * 1000.0;
            // The measure is what the link carried while it was busy: the link itself.
            if let Some(t) = rule.decide(now, Some(link), backlog_ms) {
                rule.moved(t, now);
            }
            tiers.push(rule.tier());
            backlogs.push(backlog_ms);
        }
        (tiers, backlogs)
    }

    fn changes(tiers: &[u8]) -> usize {
        tiers.windows(2).filter(|w| w[0] != w[1]).count()
    }

    #[test]
    fn tier_zero_is_product_rates_and_an_ample_uplink_keeps_it() {
        assert_eq!(TIERS[0].video_bps, 1_000_000);
        assert_eq!(TIERS[0].audio_bps, 96_000);
        let (tiers, backlogs) = run(|_| 4_000_000.0, 600, 0, true);
        assert!(tiers.iter().all(|&t| t == 0));
        assert!(backlogs.iter().all(|&b| b == 0.0));
    }

    #[test]
    fn tiers_only_go_down_in_cost() {
        for camera in [false, true] {
            for t in 1..=FLOOR {
                assert!(need_bps(t, camera) < need_bps(t - 1, camera));
            }
        }
    }

    #[test]
    fn the_probe_chooses_the_start() {
        assert_eq!(starting_tier(None, true), 0);
        assert_eq!(starting_tier(Some(f64::NAN), true), 0);
        assert_eq!(starting_tier(Some(4_000_000.0), true), 0);
        assert_eq!(starting_tier(Some(1_000_000.0), false), 1);
        assert_eq!(starting_tier(Some(1_000_000.0), true), 1);
        assert_eq!(starting_tier(Some(500_000.0), false), 2);
        assert_eq!(starting_tier(Some(500_000.0), true), 3);
        assert_eq!(starting_tier(Some(100_000.0), true), FLOOR);
    }

    #[test]
    fn a_slow_uplink_steps_down_and_keeps_the_backlog_small() {
        for (link, camera) in [(1_000_000.0, false), (1_000_000.0, true), (500_000.0, false), (500_000.0, true)] {
            let (tiers, backlogs) = run(|_| link, 600, 0, camera);
            let worst = backlogs[30..].iter().cloned().fold(0.0, f64::max);
            assert!(worst <= 10_000.0, "{link} camera {camera}: backlog {worst} ms");
            assert!(*tiers.last().unwrap() > 0);
            assert!(need_bps(*tiers.last().unwrap(), camera) <= link, "{link} {camera}: {tiers:?}");
            assert!(changes(&tiers) <= 3, "{link} {camera}: {} changes", changes(&tiers));
        }
    }

    #[test]
    fn the_uplink_recovering_steps_back_up_to_tier_zero() {
        let (tiers, _) = run(|s| if s < 120 { 500_000.0 } else { 8_000_000.0 }, 400, 0, true);
        assert_eq!(tiers[119], FLOOR);
        assert_eq!(*tiers.last().unwrap(), 0);
        // One tier at a time, each after the hold.
        let ups: Vec<usize> = (1..tiers.len()).filter(|&i| tiers[i] < tiers[i - 1]).collect();
        assert_eq!(ups.len(), usize::from(FLOOR));
        assert!(ups.windows(2).all(|w| w[1] - w[0] >= (UP_HOLD_MS / 1000.0) as usize));
    }

    #[test]
    fn an_uplink_at_the_edge_does_not_oscillate() {
        // Just enough for tier 1 most of the time, with dips: the rule may step down and up, but
        // the relapse doubles the hold, so the changes thin out instead of repeating.
        let link = |s: u32| if s % 90 < 60 { 1_050_000.0 } else { 650_000.0 };
        let (tiers, backlogs) = run(link, 1800, 0, true);
        let first_half = changes(&tiers[..900]);
        let second_half = changes(&tiers[900..]);
        assert!(changes(&tiers) <= 12, "{} changes: {tiers:?}", changes(&tiers));
        assert!(second_half <= first_half, "{first_half} then {second_half}");
        let worst = backlogs[30..].iter().cloned().fold(0.0, f64::max);
        assert!(worst <= 10_000.0, "backlog {worst} ms");
    }

    #[test]
    fn a_refused_change_waits_before_trying_again() {
        let mut rule = TierRule::new(0, false, 0.0);
        assert_eq!(rule.decide(10_000.0, Some(400_000.0), 5_000.0), Some(3));
        rule.stay(10_000.0);
        assert_eq!(rule.decide(11_000.0, Some(400_000.0), 6_000.0), None);
        assert_eq!(rule.decide(16_500.0, Some(400_000.0), 8_000.0), Some(3));
    }

    #[test]
    fn no_measure_yet_still_steps_down_on_a_growing_backlog() {
        let mut rule = TierRule::new(0, false, 0.0);
        assert_eq!(rule.decide(7_000.0, None, 3_500.0), None);
        assert_eq!(rule.decide(9_000.0, None, 5_000.0), Some(1));
    }
}
