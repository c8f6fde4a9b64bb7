//! A closer live view while someone watches (ADR 0016, ADR 0023). MediaRecorder cuts a chunk a
//! second, so a frame waits up to a second on the device before it can leave, and the live player
//! must sit a whole chunk plus its upload behind the participant (`npm run bench:live` measured
//! that second as half the delay at 1 Mbit/s). When a chunk's answer says a viewer is watching,
//! the screen's MediaRecorder is also asked for its data half-way through each timeslice
//! (`requestData()`), so a chunk leaves every half second, half the size, and the viewer runs
//! about 0.7 s closer. Only while watched: a chunk costs a request to the participation's object
//! and an R2 write, and a participation has at most `MAX_CHUNKS_PER_ENTRY` (30,000) of them; two
//! hours watched throughout take 14,400 screen chunks, with the camera's and the transcription
//! audio's 7,200 each 28,800.
//!
//! Chromium's timeslice runs on its own clock from the last chunk it cut itself; a chunk asked for
//! does not move it. So the cadence asks once after each chunk the timeslice cut, half a slice
//! later, and never after one it asked for: the chunks come every half second, none tiny.

/// Half of the recorder's one-second timeslice.
pub const HALF_SLICE_MS: f64 = 500.0;
/// How long one answer saying "watched" counts: a few chunks' time, so the faster cadence ends
/// soon after the last viewer leaves, and does not flicker while answers are in flight.
pub const WATCHED_FOR_MS: f64 = 4_000.0;

/// When to ask the screen's MediaRecorder for its data.
#[derive(Debug, Default)]
pub struct LiveCadence {
    watched_until: f64,
    /// A `requestData()` is outstanding: the next chunk is the one asked for.
    asked: bool,
}

impl LiveCadence {
    /// A chunk's answer: whether a viewer watches.
    pub fn answered(&mut self, watched: bool, now: f64) {
        if watched {
            self.watched_until = self.watched_until.max(now + WATCHED_FOR_MS);
        }
    }

    pub fn watched(&self, now: f64) -> bool {
        now < self.watched_until
    }

    /// A MediaRecorder chunk arrived at `now`: after one the timeslice cut, while watched, ask
    /// for the next in this many ms; after the one asked for, nothing (the timeslice cuts next).
    pub fn chunk_arrived(&mut self, now: f64) -> Option<f64> {
        if std::mem::take(&mut self.asked) {
            return None;
        }
        self.watched(now).then_some(HALF_SLICE_MS)
    }

    /// `requestData()` was called.
    pub fn asked(&mut self) {
        self.asked = true;
    }

    /// A new MediaRecorder (a tier change): its first chunk is its timeslice's.
    pub fn restarted(&mut self) {
        self.asked = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drives a MediaRecorder whose timeslice cuts at every whole second: returns when chunks
    /// arrived over `until` ms, with the answers saying `watched(now)`.
    fn run(until: f64, watched: impl Fn(f64) -> bool) -> Vec<f64> {
        let mut cadence = LiveCadence::default();
        let (mut arrivals, mut asked_at) = (Vec::new(), None::<f64>);
        let mut now = 0.0;
        while now <= until {
            let timeslice = now > 0.0 && now % 1000.0 == 0.0;
            let asked_due = asked_at.is_some_and(|at| at <= now);
            if asked_due {
                asked_at = None;
                cadence.asked();
            }
            if timeslice || asked_due {
                arrivals.push(now);
                // Each chunk is answered at once (the answer for the chunk before, in truth).
                cadence.answered(watched(now), now);
                if let Some(ms) = cadence.chunk_arrived(now) {
                    asked_at = Some(now + ms);
                }
            }
            now += 50.0;
        }
        arrivals
    }

    fn gaps(arrivals: &[f64]) -> Vec<f64> {
        arrivals.windows(2).map(|w| w[1] - w[0]).collect()
    }

    #[test]
    fn unwatched_a_chunk_a_second() {
        let arrivals = run(10_000.0, |_| false);
        assert_eq!(arrivals.len(), 10);
        assert!(gaps(&arrivals).iter().all(|g| *g == 1000.0), "{arrivals:?}");
    }

    #[test]
    fn watched_a_chunk_every_half_second_and_none_tiny() {
        let arrivals = run(10_000.0, |_| true);
        // The first second is cut by the timeslice before any answer said "watched"; the answer
        // to it starts the cadence: every half second from there.
        assert_eq!(arrivals.len(), 19, "{arrivals:?}");
        assert!(gaps(&arrivals).iter().all(|g| *g == 500.0), "{arrivals:?}");
    }

    #[test]
    fn back_to_a_second_soon_after_the_viewer_left() {
        let arrivals = run(20_000.0, |now| now < 6_000.0);
        let late =
            gaps(&arrivals.iter().copied().filter(|t| *t >= 6_000.0 + WATCHED_FOR_MS + 1000.0).collect::<Vec<_>>());
        assert!(!late.is_empty() && late.iter().all(|g| *g == 1000.0), "{arrivals:?}");
        let early = gaps(&arrivals.iter().copied().filter(|t| *t <= 6_000.0).collect::<Vec<_>>());
        assert!(early.iter().all(|g| *g == 500.0), "{arrivals:?}");
    }

    #[test]
    fn an_asked_chunk_that_never_came_costs_one_slice_only() {
        let mut cadence = LiveCadence::default();
        cadence.answered(true, 0.0);
        assert_eq!(cadence.chunk_arrived(1000.0), Some(HALF_SLICE_MS));
        // Asked at 1500, but MediaRecorder had nothing (an empty chunk is dropped): the next
        // chunk, the timeslice's, is taken for the one asked for…
        cadence.asked();
        assert_eq!(cadence.chunk_arrived(2000.0), None);
        // …and the one after asks again.
        assert_eq!(cadence.chunk_arrived(3000.0), Some(HALF_SLICE_MS));
    }

    #[test]
    fn a_new_recorder_starts_without_an_outstanding_ask() {
        let mut cadence = LiveCadence::default();
        cadence.answered(true, 0.0);
        cadence.asked();
        cadence.restarted();
        assert_eq!(cadence.chunk_arrived(1000.0), Some(HALF_SLICE_MS));
    }
}
