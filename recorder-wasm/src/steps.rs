//! Step marks: when the participant entered each step, in ms on the participation's timeline
//! (earlier segments included), and keeping the server's copy up to date (`PUT .../steps`) so a
//! reloaded or crashed tab knows where the participant was (ADR 0005).
//!
//! The server always gets the whole list. Marks made while a PUT is in flight are coalesced into
//! the next one, so a participant clicking through steps quickly costs at most two requests.

use crate::retry::{next_delay, Failure};

/// One step entry (the API's `{index, atMs}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepMark {
    pub index: u32,
    pub at_ms: u64,
}

/// The server keeps at most this many marks; a buggy caller must not grow memory without limit.
pub const MAX_MARKS: usize = 2_000;

/// Step entries in the order they happened; going back and forth records every visit.
#[derive(Debug, Default, Clone)]
pub struct Steps {
    marks: Vec<StepMark>,
}

impl Steps {
    /// Continues a list the server already holds (a resumed participation).
    pub fn resume(mut marks: Vec<StepMark>) -> Self {
        marks.truncate(MAX_MARKS);
        Steps { marks }
    }

    /// Records that step `index` was entered at `at_ms`; whether the list changed. Marking the
    /// step that is already current again (a double render, or the step a resumed participant
    /// returns to) is ignored.
    pub fn mark(&mut self, index: u32, at_ms: f64) -> bool {
        if self.marks.len() >= MAX_MARKS || self.marks.last().is_some_and(|m| m.index == index) {
            return false;
        }
        let at_ms = if at_ms.is_finite() && at_ms > 0.0 { at_ms.round() as u64 } else { 0 };
        self.marks.push(StepMark { index, at_ms });
        true
    }

    pub fn marks(&self) -> &[StepMark] {
        &self.marks
    }
}

/// Whether the server has the latest list: one PUT at a time, retried with backoff.
#[derive(Debug, Default)]
pub struct StepSync {
    /// Changes made so far, and the count the server acknowledged.
    changes: u32,
    synced: u32,
    in_flight: Option<u32>,
    attempts: u32,
    retry_at: Option<f64>,
    stopped: bool,
}

impl StepSync {
    pub fn changed(&mut self) {
        self.changes = self.changes.wrapping_add(1);
    }

    /// Whether to send the list now (it is then in flight).
    pub fn poll(&mut self, now: f64) -> bool {
        let due = !self.stopped
            && self.in_flight.is_none()
            && self.changes != self.synced
            && self.retry_at.is_none_or(|at| at <= now);
        if due {
            self.in_flight = Some(self.changes);
            self.retry_at = None;
        }
        due
    }

    pub fn ok(&mut self) {
        if let Some(sent) = self.in_flight.take() {
            self.synced = sent;
            self.attempts = 0;
        }
    }

    /// A retryable failure waits with backoff; any other answer stops syncing (the completion
    /// carries the list anyway).
    pub fn failed(&mut self, failure: Failure, now: f64, random01: f64) {
        if self.in_flight.take().is_none() {
            return;
        }
        if failure.is_retryable() {
            self.attempts = self.attempts.saturating_add(1);
            self.retry_at = Some(now + next_delay(self.attempts, random01));
        } else {
            self.stopped = true;
        }
    }

    /// The next retry, if one is waiting.
    pub fn wake_at(&self, now: f64) -> Option<f64> {
        self.retry_at.filter(|at| *at > now && !self.stopped && self.in_flight.is_none())
    }

    pub fn retry_now(&mut self) {
        self.retry_at = None;
    }

    /// The completion is about to carry the list: no more separate PUTs.
    pub fn stop(&mut self) {
        self.stopped = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_visits_in_order_with_rounded_ms() {
        let mut steps = Steps::default();
        assert!(steps.mark(0, -5.0));
        assert!(steps.mark(1, 1234.6));
        assert!(!steps.mark(1, 1300.0));
        steps.mark(2, 5000.0);
        steps.mark(1, 6000.0);
        let marks: Vec<_> = steps.marks().iter().map(|m| (m.index, m.at_ms)).collect();
        assert_eq!(marks, vec![(0, 0), (1, 1235), (2, 5000), (1, 6000)]);
    }

    #[test]
    fn a_resumed_list_continues_and_the_current_step_is_not_repeated() {
        let mut steps = Steps::resume(vec![StepMark { index: 0, at_ms: 0 }, StepMark { index: 3, at_ms: 40_000 }]);
        assert!(!steps.mark(3, 95_000.0), "the participant returns to the step they were on");
        assert!(steps.mark(4, 99_000.0));
        assert_eq!(steps.marks().last(), Some(&StepMark { index: 4, at_ms: 99_000 }));
    }

    #[test]
    fn is_bounded() {
        let mut steps = Steps::resume((0..MAX_MARKS as u32 + 5).map(|i| StepMark { index: i, at_ms: 0 }).collect());
        assert_eq!(steps.marks().len(), MAX_MARKS);
        assert!(!steps.mark(99_999, 1.0));
    }

    #[test]
    fn marks_during_a_request_are_coalesced_into_one_more() {
        let mut sync = StepSync::default();
        assert!(!sync.poll(0.0), "nothing to send yet");
        sync.changed();
        assert!(sync.poll(0.0));
        sync.changed();
        sync.changed();
        sync.changed();
        assert!(!sync.poll(1.0), "one request at a time");
        sync.ok();
        assert!(sync.poll(2.0), "the three marks go out together");
        assert!(!sync.poll(2.0));
        sync.ok();
        assert!(!sync.poll(3.0), "up to date");
    }

    #[test]
    fn retries_with_backoff_and_stops_on_a_refusal_or_at_the_completion() {
        let mut sync = StepSync::default();
        sync.changed();
        sync.poll(0.0);
        sync.failed(Failure::Network, 10.0, 1.0);
        assert_eq!(sync.wake_at(10.0), Some(510.0));
        assert!(!sync.poll(100.0));
        assert!(sync.poll(510.0));
        sync.failed(Failure::Status(503), 600.0, 1.0);
        sync.retry_now();
        assert!(sync.poll(601.0), "back online: at once");
        sync.failed(Failure::Status(400), 700.0, 1.0);
        sync.changed();
        assert!(!sync.poll(10_000.0), "a refused list is not sent again");
        let mut sync = StepSync::default();
        sync.changed();
        sync.stop();
        assert!(!sync.poll(0.0));
        assert_eq!(sync.wake_at(0.0), None);
    }

    #[test]
    fn a_stale_answer_changes_nothing() {
        let mut sync = StepSync::default();
        sync.ok();
        sync.failed(Failure::Status(400), 0.0, 0.0);
        sync.changed();
        assert!(sync.poll(0.0), "not stopped by an answer to no request");
    }
}
