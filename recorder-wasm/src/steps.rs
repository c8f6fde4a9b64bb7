//! Step timestamps: when the participant entered each step, in ms since the recording started,
//! sent with the completion so the entry page can show chapters.

/// One step entry (the API's `{index, atMs}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepMark {
    pub index: u32,
    pub at_ms: u64,
}

/// Bounds the list so a buggy caller cannot grow memory without limit.
pub const MAX_MARKS: usize = 10_000;

/// Step entries in the order they happened; going back and forth records every visit.
#[derive(Debug, Default, Clone)]
pub struct Steps {
    marks: Vec<StepMark>,
}

impl Steps {
    /// Records that step `index` was entered `elapsed_ms` after the start. Marking the step that
    /// is already current again (a double render) is ignored.
    pub fn mark(&mut self, index: u32, elapsed_ms: f64) {
        if self.marks.len() >= MAX_MARKS || self.marks.last().is_some_and(|m| m.index == index) {
            return;
        }
        let at_ms = if elapsed_ms.is_finite() && elapsed_ms > 0.0 { elapsed_ms.round() as u64 } else { 0 };
        self.marks.push(StepMark { index, at_ms });
    }

    pub fn marks(&self) -> &[StepMark] {
        &self.marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_visits_in_order_with_rounded_ms() {
        let mut steps = Steps::default();
        steps.mark(0, -5.0);
        steps.mark(1, 1234.6);
        steps.mark(1, 1300.0);
        steps.mark(2, 5000.0);
        steps.mark(1, 6000.0);
        let marks: Vec<_> = steps.marks().iter().map(|m| (m.index, m.at_ms)).collect();
        assert_eq!(marks, vec![(0, 0), (1, 1235), (2, 5000), (1, 6000)]);
    }

    #[test]
    fn is_bounded() {
        let mut steps = Steps::default();
        for i in 0..(MAX_MARKS as u32 + 10) {
            steps.mark(i, f64::from(i));
        }
        assert_eq!(steps.marks().len(), MAX_MARKS);
    }
}
