//! Time on task from the step marks recorded during participation, and its statistics across
//! entries (analysis summary and CSV export).
//!
//! Steps: 0 = scenario, 1 = URL, 2.. = tasks. A participant may go back and forth, so a step's
//! time is the sum of every interval spent on it; the last interval ends at the recording's end.

/// One mark: the participant entered step `index` at `at_ms` from the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub index: u32,
    pub at_ms: u64,
}

/// Index of the first task step.
pub const FIRST_TASK_STEP: u32 = 2;

/// Milliseconds spent on each of `step_count` steps.
pub fn time_per_step(marks: &[Mark], duration_ms: u64, step_count: usize) -> Vec<u64> {
    let mut totals = vec![0u64; step_count];
    let mut sorted: Vec<Mark> = marks.to_vec();
    sorted.sort_by_key(|m| m.at_ms);
    for (i, mark) in sorted.iter().enumerate() {
        let end = sorted.get(i + 1).map(|n| n.at_ms).unwrap_or(duration_ms).max(mark.at_ms);
        if let Some(slot) = totals.get_mut(mark.index as usize) {
            *slot += end - mark.at_ms;
        }
    }
    totals
}

/// Ms spent on step `index`, like [`time_per_step`], except that the visit during which the
/// participant finished the task (`finished_at`, the moment of its answer, ADR 0012) ends there:
/// the questions shown after 'Siguiente' are not time on the task, whenever the next mark came.
pub fn time_on_step(marks: &[Mark], duration_ms: u64, index: u32, finished_at: Option<u64>) -> u64 {
    let mut sorted: Vec<Mark> = marks.to_vec();
    sorted.sort_by_key(|m| m.at_ms);
    let mut total = 0;
    for (i, mark) in sorted.iter().enumerate() {
        if mark.index != index {
            continue;
        }
        let mut end = sorted.get(i + 1).map(|n| n.at_ms).unwrap_or(duration_ms).max(mark.at_ms);
        if let Some(at) = finished_at.filter(|at| (mark.at_ms..end).contains(at)) {
            end = at;
        }
        total += end - mark.at_ms;
    }
    total
}

/// The task (1 = first) whose step was current at `at_ms`; `None` before the first task.
pub fn task_at(marks: &[Mark], at_ms: u64) -> Option<u32> {
    let current = marks.iter().filter(|m| m.at_ms <= at_ms).max_by_key(|m| m.at_ms)?;
    current.index.checked_sub(FIRST_TASK_STEP).map(|i| i + 1)
}

/// When each step was first entered (for chapters), if it was.
pub fn first_entry(marks: &[Mark], index: u32) -> Option<u64> {
    marks.iter().filter(|m| m.index == index).map(|m| m.at_ms).min()
}

/// Median (mean of the middle two for even counts), minimum and maximum.
pub fn stats(values: &[u64]) -> Option<(u64, u64, u64)> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2 };
    Some((median, sorted[0], sorted[n - 1]))
}

/// `mm:ss` (or `h:mm:ss`) for CSV and labels.
pub fn clock(ms: u64) -> String {
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, (secs / 60) % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(list: &[(u32, u64)]) -> Vec<Mark> {
        list.iter().map(|&(index, at_ms)| Mark { index, at_ms }).collect()
    }

    #[test]
    fn straight_through_runs_split_at_each_mark() {
        let m = marks(&[(0, 0), (1, 1000), (2, 3000), (3, 7000)]);
        assert_eq!(time_per_step(&m, 10_000, 4), vec![1000, 2000, 4000, 3000]);
        assert_eq!(first_entry(&m, 2), Some(3000));
        assert_eq!(first_entry(&m, 9), None);
    }

    #[test]
    fn going_back_adds_the_intervals_up() {
        let m = marks(&[(0, 0), (1, 1000), (2, 2000), (1, 5000), (2, 6000)]);
        assert_eq!(time_per_step(&m, 9000, 3), vec![1000, 2000, 6000]);
    }

    #[test]
    fn unknown_steps_and_late_marks_are_harmless() {
        let m = marks(&[(0, 0), (7, 500), (1, 12_000)]);
        assert_eq!(time_per_step(&m, 10_000, 2), vec![500, 0]);
    }

    #[test]
    fn the_visit_that_ends_with_the_answer_stops_at_it() {
        // Task step 2 from 2000; answered at 9000; the next mark (after the questions) at 14000.
        let m = marks(&[(0, 0), (1, 1000), (2, 2000), (3, 14_000)]);
        assert_eq!(time_on_step(&m, 20_000, 2, Some(9_000)), 7_000);
        assert_eq!(time_on_step(&m, 20_000, 2, None), 12_000);
        // An answer outside the visits changes nothing (the flow marked the next step first).
        assert_eq!(time_on_step(&m, 20_000, 2, Some(14_000)), 12_000);
        // Earlier visits keep their whole length; only the one holding the answer is cut.
        let back = marks(&[(2, 0), (1, 3000), (2, 5000), (3, 12_000)]);
        assert_eq!(time_on_step(&back, 15_000, 2, Some(8_000)), 3000 + 3000);
        // The last step runs to the end of the recording unless answered.
        assert_eq!(time_on_step(&m, 20_000, 3, None), 6_000);
        assert_eq!(time_on_step(&m, 20_000, 3, Some(15_000)), 1_000);
    }

    #[test]
    fn a_moment_belongs_to_the_task_on_screen() {
        let m = marks(&[(0, 0), (1, 1000), (2, 2000), (3, 5000), (2, 8000)]);
        assert_eq!(task_at(&m, 500), None, "scenario");
        assert_eq!(task_at(&m, 1500), None, "URL");
        assert_eq!(task_at(&m, 2000), Some(1));
        assert_eq!(task_at(&m, 6000), Some(2));
        assert_eq!(task_at(&m, 9000), Some(1), "went back");
        assert_eq!(task_at(&[], 9000), None);
    }

    #[test]
    fn statistics_and_clock() {
        assert_eq!(stats(&[]), None);
        assert_eq!(stats(&[5]), Some((5, 5, 5)));
        assert_eq!(stats(&[9, 1, 5]), Some((5, 1, 9)));
        assert_eq!(stats(&[1, 2, 3, 10]), Some((2, 1, 10)));
        assert_eq!(clock(65_000), "01:05");
        assert_eq!(clock(3_725_000), "1:02:05");
    }
}
