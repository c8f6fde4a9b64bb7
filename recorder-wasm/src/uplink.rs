//! What the participant's uplink carries, measured from the chunks' acknowledgements (ADR 0023).
//!
//! Throughput is bytes acknowledged per second *during which a chunk was in flight*: an idle link
//! (uploads keeping up) then still measures what it could carry, not what the recording gave it,
//! and two chunks in flight together count their shared time once. The window is the last
//! [`WINDOW_MS`]; until it holds enough, the pre-flight probe's figure stands in.

use std::collections::VecDeque;

/// How far back the measure looks.
pub const WINDOW_MS: f64 = 10_000.0;
/// Less busy time than this says too little (one small chunk's round trip).
const MIN_BUSY_MS: f64 = 800.0;
/// Fewer bytes than this neither.
const MIN_BYTES: u64 = 48 * 1024;

#[derive(Debug, Clone, Copy)]
struct Sample {
    at: f64,
    /// Totals so far: bytes acknowledged, ms with a chunk in flight.
    bytes: u64,
    busy_ms: f64,
}

#[derive(Debug, Clone, Default)]
pub struct Uplink {
    in_flight: u32,
    busy_since: Option<f64>,
    busy_ms: f64,
    bytes: u64,
    samples: VecDeque<Sample>,
    probe_bps: Option<f64>,
}

impl Uplink {
    /// `probe_bps`: the pre-flight probe's measure, used until there are enough acknowledgements.
    pub fn new(probe_bps: Option<f64>) -> Self {
        Uplink { probe_bps: probe_bps.filter(|b| b.is_finite() && *b > 0.0), ..Uplink::default() }
    }

    fn busy_total(&self, now: f64) -> f64 {
        self.busy_ms + self.busy_since.map_or(0.0, |since| (now - since).max(0.0))
    }

    /// A chunk request left.
    pub fn sent(&mut self, now: f64) {
        if self.in_flight == 0 {
            self.busy_since = Some(now);
        }
        self.in_flight += 1;
    }

    /// A chunk request ended: `bytes` acknowledged, or `0` when it failed.
    pub fn ended(&mut self, bytes: u64, now: f64) {
        if self.in_flight == 0 {
            return;
        }
        self.in_flight -= 1;
        if self.in_flight == 0 {
            self.busy_ms = self.busy_total(now);
            self.busy_since = None;
            if bytes == 0 {
                // A failure's time says nothing about what the link carries (offline, a 5xx):
                // the busy time since the last acknowledgement is dropped.
                self.busy_ms = self.samples.back().map_or(0.0, |s| s.busy_ms);
            }
        }
        if bytes > 0 {
            self.bytes += bytes;
            self.samples.push_back(Sample { at: now, bytes: self.bytes, busy_ms: self.busy_total(now) });
        }
        while self.samples.len() > 2 && self.samples.get(1).is_some_and(|s| now - s.at > WINDOW_MS) {
            self.samples.pop_front();
        }
    }

    /// Bits per second the uplink carried lately, or the probe's figure until that is known.
    pub fn bits_per_second(&self, now: f64) -> Option<f64> {
        let (Some(first), Some(last)) = (self.samples.front(), self.samples.back()) else {
            return self.probe_bps;
        };
        // The first sample opens the window: its bytes count as already there.
        let bytes = last.bytes - first.bytes;
        let busy = self.busy_total(now).min(last.busy_ms) - first.busy_ms;
        if bytes < MIN_BYTES || busy < MIN_BUSY_MS {
            return self.probe_bps;
        }
        Some(bytes as f64 * 8.0 / (busy / 1000.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_stands_in_until_chunks_tell() {
        let mut u = Uplink::new(Some(700_000.0));
        assert_eq!(u.bits_per_second(0.0), Some(700_000.0));
        u.sent(0.0);
        u.ended(10_000, 100.0);
        assert_eq!(u.bits_per_second(100.0), Some(700_000.0));
        assert_eq!(Uplink::new(None).bits_per_second(0.0), None);
        assert_eq!(Uplink::new(Some(f64::INFINITY)).bits_per_second(0.0), None);
    }

    #[test]
    fn measures_the_link_not_the_recording() {
        // 1 Mbit/s link, 30 KB chunks every second: each takes 240 ms; idle the rest of the time.
        let mut u = Uplink::new(None);
        for s in 0..20 {
            let at = f64::from(s) * 1000.0;
            u.sent(at);
            u.ended(30_000, at + 240.0);
        }
        let bps = u.bits_per_second(19_240.0).unwrap();
        assert!((bps - 1_000_000.0).abs() < 20_000.0, "{bps}");
    }

    #[test]
    fn two_in_flight_share_their_time() {
        // Two chunks of 62.5 KB sent together on a 1 Mbit/s link: both done after 1 s.
        let mut u = Uplink::new(None);
        for s in 0..10 {
            let at = f64::from(s) * 1000.0;
            u.sent(at);
            u.sent(at);
            u.ended(62_500, at + 500.0);
            u.ended(62_500, at + 1000.0);
        }
        let bps = u.bits_per_second(10_000.0).unwrap();
        assert!((bps - 1_000_000.0).abs() < 20_000.0, "{bps}");
    }

    #[test]
    fn the_window_forgets_an_old_link() {
        let mut u = Uplink::new(None);
        let mut at = 0.0;
        for _ in 0..20 {
            u.sent(at);
            u.ended(125_000, at + 250.0); // 4 Mbit/s
            at += 1000.0;
        }
        for _ in 0..20 {
            u.sent(at);
            u.ended(62_500, at + 1000.0); // 0.5 Mbit/s, always busy
            at += 1000.0;
        }
        let bps = u.bits_per_second(at).unwrap();
        assert!((bps - 500_000.0).abs() < 25_000.0, "{bps}");
    }

    #[test]
    fn failures_say_nothing_about_the_link() {
        let mut u = Uplink::new(None);
        u.sent(0.0);
        u.ended(100_000, 1000.0);
        // Offline for a minute: requests fail after waiting.
        for s in 1..60 {
            u.sent(f64::from(s) * 1000.0);
            u.ended(0, f64::from(s) * 1000.0 + 900.0);
        }
        u.sent(60_000.0);
        u.ended(100_000, 61_000.0);
        // 100 KB more over 1 s of busy time that carried bytes.
        let bps = u.bits_per_second(61_000.0).unwrap();
        assert!((bps - 800_000.0).abs() < 1_000.0, "{bps}");
    }
}
