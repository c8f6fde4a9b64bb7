//! Upload progress in percent (product §9): 0 until the upload session exists, 25 once it does, then
//! 25 + 75 × uploaded / total, and 100 only once the server confirmed completion.
//!
//! The total is only known after the recording stopped. While recording, the same formula over the
//! bytes recorded so far says how much of the recording is already safe on the server; it is held
//! under 95 so the bar never looks finished before the participant finishes.

/// What the percentage is computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// No upload session yet.
    Setup,
    /// Recording: the total is not known yet.
    Recording,
    /// Stopped: `recorded` is the final total.
    Finishing,
    /// The server confirmed completion.
    Complete,
}

/// Ceiling while recording.
pub const RECORDING_CAP: f64 = 95.0;
/// Ceiling until completion is confirmed (the last 1 % is the completion call itself).
pub const FINISHING_CAP: f64 = 99.0;

/// Progress in percent, 0..=100, rounded to one decimal.
pub fn percent(stage: Stage, uploaded: u64, recorded: u64) -> f64 {
    let share = |cap: f64| {
        let ratio = if recorded == 0 { 0.0 } else { (uploaded as f64 / recorded as f64).min(1.0) };
        (25.0 + 75.0 * ratio).min(cap)
    };
    let value = match stage {
        Stage::Setup => 0.0,
        Stage::Recording => share(RECORDING_CAP),
        Stage::Finishing => share(FINISHING_CAP),
        Stage::Complete => 100.0,
    };
    (value * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_the_spec_milestones() {
        assert_eq!(percent(Stage::Setup, 0, 0), 0.0);
        assert_eq!(percent(Stage::Recording, 0, 0), 25.0);
        assert_eq!(percent(Stage::Finishing, 0, 1000), 25.0);
        assert_eq!(percent(Stage::Finishing, 500, 1000), 62.5);
        assert_eq!(percent(Stage::Complete, 0, 0), 100.0);
    }

    #[test]
    fn caps_until_the_server_confirms() {
        assert_eq!(percent(Stage::Recording, 1000, 1000), 95.0);
        assert_eq!(percent(Stage::Recording, 10, 1000), 25.8);
        assert_eq!(percent(Stage::Finishing, 1000, 1000), 99.0);
        assert_eq!(percent(Stage::Finishing, 5000, 1000), 99.0, "never above the cap");
    }

    #[test]
    fn is_monotonic_in_uploaded_bytes() {
        let total = 37 * 5_242_880 + 12_345;
        let mut last = 0.0;
        for uploaded in (0..=total).step_by(1_000_003) {
            let p = percent(Stage::Finishing, uploaded, total);
            assert!(p >= last && (25.0..=99.0).contains(&p));
            last = p;
        }
    }
}
