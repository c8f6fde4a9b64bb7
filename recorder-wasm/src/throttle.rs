//! Rate limit for `onChange` (at most one call per 250 ms, i.e. ≤ 4/s) that never loses the last
//! state: a change inside the window schedules one trailing call at the window's end.

/// Minimum time between two calls.
pub const INTERVAL_MS: f64 = 250.0;

/// What to do with a change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Decision {
    /// Call the listener now.
    Now,
    /// Schedule one call in this many ms.
    Later(f64),
    /// A trailing call is already scheduled; it will carry this change.
    Pending,
}

#[derive(Debug, Default)]
pub struct Throttle {
    last: Option<f64>,
    trailing: bool,
}

impl Throttle {
    /// A change happened at `now`. `urgent` (a phase change) is delivered at once: there are only
    /// a handful per recording, and the UI should not lag behind them.
    pub fn offer(&mut self, now: f64, urgent: bool) -> Decision {
        match self.last {
            Some(last) if !urgent && now - last < INTERVAL_MS => {
                if self.trailing {
                    Decision::Pending
                } else {
                    self.trailing = true;
                    Decision::Later(last + INTERVAL_MS - now)
                }
            }
            _ => {
                self.last = Some(now);
                self.trailing = false;
                Decision::Now
            }
        }
    }

    /// The trailing call ran at `now`.
    pub fn fired(&mut self, now: f64) {
        self.last = Some(now);
        self.trailing = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_to_four_per_second_and_keeps_the_last_change() {
        let mut t = Throttle::default();
        assert_eq!(t.offer(0.0, false), Decision::Now);
        assert_eq!(t.offer(100.0, false), Decision::Later(150.0));
        assert_eq!(t.offer(200.0, false), Decision::Pending);
        t.fired(250.0);
        assert_eq!(t.offer(300.0, false), Decision::Later(200.0));
        t.fired(500.0);
        assert_eq!(t.offer(800.0, false), Decision::Now);
    }

    #[test]
    fn urgent_changes_go_through() {
        let mut t = Throttle::default();
        t.offer(0.0, false);
        assert_eq!(t.offer(10.0, true), Decision::Now);
    }

    #[test]
    fn at_most_four_calls_per_second_under_a_stream_of_changes() {
        let mut t = Throttle::default();
        let mut calls = 0;
        let mut trailing_at: Option<f64> = None;
        for ms in 0..1000 {
            let now = f64::from(ms);
            if trailing_at.is_some_and(|at| at <= now) {
                t.fired(now);
                trailing_at = None;
                calls += 1;
            }
            match t.offer(now, false) {
                Decision::Now => calls += 1,
                Decision::Later(d) => trailing_at = Some(now + d),
                Decision::Pending => {}
            }
        }
        assert!(calls <= 4, "{calls} calls");
    }
}
