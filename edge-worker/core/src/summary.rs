//! Time on task from the step marks recorded during participation, and its statistics across
//! entries: [`step_times`] is the one rule for every screen (the player's 'Tareas' tab, the
//! analysis summary, shared summaries and recordings, the CSV exports).
//!
//! Steps: 0 = scenario, 1 = URL, 2.. = tasks. A participant may go back and forth, so a step's
//! time is the sum of every interval spent on it; the last interval ends at the recording's end,
//! and a task's answer ends the visit it was given in (ADR 0012).

/// One mark: the participant entered step `index` at `at_ms` from the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub index: u32,
    pub at_ms: u64,
}

/// Index of the first task step.
pub const FIRST_TASK_STEP: u32 = 2;

/// Milliseconds spent on each step (scenario, URL, then `answered_at.len()` tasks): the one rule
/// for time on task (ADR 0012), used by the player's chapters, the summary, shared summaries and
/// the CSV exports alike, so no two screens can disagree about a task's time.
///
/// A step's time is the sum of its visits; a visit ends at the next mark, or at the recording's
/// end for the last one. The visit of a task during which its answer was given
/// (`answered_at[task - 1]`, the moment 'Siguiente' was pressed) ends there instead: the task's
/// questions, and for the last task the questions after the tasks and the SUS, come before the
/// next mark but are not time on the task.
pub fn step_times(marks: &[Mark], duration_ms: u64, answered_at: &[Option<u64>]) -> Vec<u64> {
    let step_count = FIRST_TASK_STEP as usize + answered_at.len();
    let mut totals = vec![0u64; step_count];
    let mut sorted: Vec<Mark> = marks.to_vec();
    sorted.sort_by_key(|m| m.at_ms);
    for (i, mark) in sorted.iter().enumerate() {
        let Some(slot) = totals.get_mut(mark.index as usize) else { continue };
        let mut end = sorted.get(i + 1).map(|n| n.at_ms).unwrap_or(duration_ms).max(mark.at_ms);
        let answered =
            mark.index.checked_sub(FIRST_TASK_STEP).and_then(|task| answered_at.get(task as usize).copied().flatten());
        if let Some(at) = answered.filter(|at| (mark.at_ms..end).contains(at)) {
            end = at;
        }
        *slot += end - mark.at_ms;
    }
    totals
}

/// Milliseconds on each task (index 0 = task 1), by [`step_times`]' rule; 0 = never reached.
pub fn task_times(marks: &[Mark], duration_ms: u64, answered_at: &[Option<u64>]) -> Vec<u64> {
    step_times(marks, duration_ms, answered_at).split_off(FIRST_TASK_STEP as usize)
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

    /// Nothing answered: `n` tasks with no answer moments.
    fn unanswered(n: usize) -> Vec<Option<u64>> {
        vec![None; n]
    }

    #[test]
    fn straight_through_runs_split_at_each_mark() {
        let m = marks(&[(0, 0), (1, 1000), (2, 3000), (3, 7000)]);
        assert_eq!(step_times(&m, 10_000, &unanswered(2)), vec![1000, 2000, 4000, 3000]);
        assert_eq!(task_times(&m, 10_000, &unanswered(2)), vec![4000, 3000]);
        assert_eq!(first_entry(&m, 2), Some(3000));
        assert_eq!(first_entry(&m, 9), None);
    }

    #[test]
    fn going_back_adds_the_intervals_up() {
        let m = marks(&[(0, 0), (1, 1000), (2, 2000), (1, 5000), (2, 6000)]);
        assert_eq!(step_times(&m, 9000, &unanswered(1)), vec![1000, 2000, 6000]);
    }

    #[test]
    fn unknown_steps_and_late_marks_are_harmless() {
        let m = marks(&[(0, 0), (7, 500), (1, 12_000)]);
        assert_eq!(step_times(&m, 10_000, &[]), vec![500, 0]);
    }

    #[test]
    fn the_visit_that_ends_with_the_answer_stops_at_it() {
        // Task step 2 from 2000; answered at 9000; the next mark (after the questions) at 14000.
        let m = marks(&[(0, 0), (1, 1000), (2, 2000), (3, 14_000)]);
        assert_eq!(task_times(&m, 20_000, &[Some(9_000), None]), vec![7_000, 6_000]);
        assert_eq!(task_times(&m, 20_000, &[None, None]), vec![12_000, 6_000]);
        // An answer outside the visits changes nothing (the flow marked the next step first).
        assert_eq!(task_times(&m, 20_000, &[Some(14_000), None]), vec![12_000, 6_000]);
        // Earlier visits keep their whole length; only the one holding the answer is cut.
        let back = marks(&[(2, 0), (1, 3000), (2, 5000), (3, 12_000)]);
        assert_eq!(task_times(&back, 15_000, &[Some(8_000), None]), vec![3000 + 3000, 3000]);
        // The last step runs to the end of the recording unless answered.
        assert_eq!(task_times(&m, 20_000, &[None, Some(15_000)]), vec![12_000, 1_000]);
    }

    #[test]
    fn the_questions_after_the_last_task_are_not_its_time() {
        // Issue 45: task 2 (the last) entered at 3000, 'Finish Analysis' at 4000, then its
        // questions, the questions after the tasks and the SUS until the recording ends at 21000.
        // The player used to say 00:18 (to the end) while the summary said 00:01.
        let m = marks(&[(0, 0), (1, 1000), (2, 2000), (3, 3000)]);
        let times = step_times(&m, 21_000, &[Some(2_500), Some(4_000)]);
        assert_eq!(times, vec![1000, 1000, 500, 1000]);
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
