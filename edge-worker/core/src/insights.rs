//! Task questions and their figures (ADR 0012): the participant's answers after each task (SEQ
//! 1–7 and a success self-report) are checked here, and each task's answers and times become the
//! summary's figures. With fewer than [`MIN_FOR_INTERVAL`] values a figure has no interval.

use crate::stats::{self, Interval};
use crate::sus;

/// Below this many values, figures are shown without an interval.
pub const MIN_FOR_INTERVAL: usize = 3;
/// The Single Ease Question's scale: 1 = 'Muy difícil' … 7 = 'Muy fácil'.
pub const SEQ_MIN: i64 = 1;
pub const SEQ_MAX: i64 = 7;
/// The latest moment an answer may name on its entry's timeline: the longest a participation may
/// last by default (`MAX_ENTRY_DURATION_MS`), plus the players' second of slack.
pub const MAX_AT_MS: i64 = crate::chunks::DEFAULT_MAX_DURATION_MS + crate::clips::END_SLACK_MS;

pub const INVALID_SEQ: &str = "La facilidad de la tarea debe ser un número del 1 al 7";
pub const INVALID_SUCCESS: &str = "Indica si completaste la tarea: 'yes', 'no' o 'unsure'";
pub const INVALID_AT: &str = "El momento de la respuesta no es válido";
pub const NO_SUCH_TASK: &str = "Esa tarea no existe en este análisis";

/// '¿Conseguiste completar la tarea?': 'Sí', 'No', 'No estoy seguro'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Success {
    Yes,
    No,
    Unsure,
}

impl Success {
    pub fn parse(value: &str) -> Option<Success> {
        match value {
            "yes" => Some(Success::Yes),
            "no" => Some(Success::No),
            "unsure" => Some(Success::Unsure),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Success::Yes => "yes",
            Success::No => "no",
            Success::Unsure => "unsure",
        }
    }
}

/// A task answer as it arrives (JSON fields may be missing or of any value).
#[derive(Debug, Clone, Copy)]
pub struct TaskAnswerInput<'a> {
    pub task_number: &'a str,
    pub seq: Option<i64>,
    pub success: Option<&'a str>,
    pub at_ms: Option<i64>,
}

/// A task answer that may be stored. `task_index` counts from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValidTaskAnswer {
    pub task_index: u32,
    pub seq: u8,
    pub success: Success,
    pub at_ms: i64,
}

/// Checks a task answer against an analysis with `task_count` tasks; `max_at_ms` is the longest
/// an entry may last. Both questions are required: the screen asks them together.
pub fn validate_task_answer(
    input: TaskAnswerInput,
    task_count: usize,
    max_at_ms: i64,
) -> Result<ValidTaskAnswer, &'static str> {
    let number =
        input.task_number.parse::<usize>().ok().filter(|n| (1..=task_count).contains(n)).ok_or(NO_SUCH_TASK)?;
    let seq = input.seq.filter(|s| (SEQ_MIN..=SEQ_MAX).contains(s)).ok_or(INVALID_SEQ)?;
    let success = input.success.and_then(Success::parse).ok_or(INVALID_SUCCESS)?;
    let at_ms = validate_at(input.at_ms, max_at_ms)?;
    Ok(ValidTaskAnswer { task_index: (number - 1) as u32, seq: seq as u8, success, at_ms })
}

/// A moment on the entry's timeline: 0 ≤ at ≤ the longest an entry may last.
pub fn validate_at(at_ms: Option<i64>, max_at_ms: i64) -> Result<i64, &'static str> {
    at_ms.filter(|at| (0..=max_at_ms).contains(at)).ok_or(INVALID_AT)
}

/// What one entry contributes to one task.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Observation {
    /// Time on the task; 0 when the participant never reached it.
    pub time_ms: u64,
    pub seq: Option<u8>,
    pub success: Option<Success>,
}

/// A success rate: `successes` ('yes') of `n` answers, with its adjusted-Wald interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Proportion {
    pub n: u32,
    pub successes: u32,
    pub rate: Option<f64>,
    pub interval: Option<Interval>,
}

/// A mean with its t-interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeanFigure {
    pub n: u32,
    pub mean: Option<f64>,
    pub interval: Option<Interval>,
}

/// Time on task: median and geometric mean, and the geometric mean's interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeFigure {
    pub n: u32,
    pub median_ms: Option<f64>,
    pub geometric_mean_ms: Option<f64>,
    pub interval: Option<Interval>,
}

/// Every figure of one task.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TaskFigures {
    pub success: Proportion,
    pub yes: u32,
    pub no: u32,
    pub unsure: u32,
    pub seq: MeanFigure,
    /// Attempts the participant reported as successful ('yes').
    pub time_successful: TimeFigure,
    /// Every entry that reached the task.
    pub time_all: TimeFigure,
}

fn with_interval<T>(n: usize, interval: impl FnOnce() -> Option<T>) -> Option<T> {
    if n >= MIN_FOR_INTERVAL {
        interval()
    } else {
        None
    }
}

/// Success rate of 'yes' among all answers ('no' and 'unsure' are not successes).
pub fn proportion(successes: u32, n: u32) -> Proportion {
    Proportion {
        n,
        successes,
        rate: (n > 0).then(|| f64::from(successes) / f64::from(n)),
        interval: with_interval(n as usize, || stats::adjusted_wald(successes, n)),
    }
}

/// Mean with a t-interval cut to the scale `[min, max]`.
pub fn mean_figure(values: &[f64], min: f64, max: f64) -> MeanFigure {
    MeanFigure {
        n: values.len() as u32,
        mean: stats::mean(values),
        interval: with_interval(values.len(), || stats::t_interval(values).map(|i| i.clamp(min, max))),
    }
}

pub fn time_figure(times_ms: &[f64]) -> TimeFigure {
    TimeFigure {
        n: times_ms.len() as u32,
        median_ms: stats::median(times_ms),
        geometric_mean_ms: stats::geometric_mean(times_ms),
        interval: with_interval(times_ms.len(), || stats::log_t_interval(times_ms)),
    }
}

/// The figures of one task from every entry's observation.
pub fn task_figures(observations: &[Observation]) -> TaskFigures {
    let count = |s: Success| observations.iter().filter(|o| o.success == Some(s)).count() as u32;
    let (yes, no, unsure) = (count(Success::Yes), count(Success::No), count(Success::Unsure));
    let seq: Vec<f64> = observations.iter().filter_map(|o| o.seq).map(f64::from).collect();
    let reached = observations.iter().filter(|o| o.time_ms > 0);
    let all: Vec<f64> = reached.clone().map(|o| o.time_ms as f64).collect();
    let successful: Vec<f64> = reached.filter(|o| o.success == Some(Success::Yes)).map(|o| o.time_ms as f64).collect();
    TaskFigures {
        success: proportion(yes, yes + no + unsure),
        yes,
        no,
        unsure,
        seq: mean_figure(&seq, SEQ_MIN as f64, SEQ_MAX as f64),
        time_successful: time_figure(&successful),
        time_all: time_figure(&all),
    }
}

/// Every task together, for the summary's number tiles (ADR 0015): each entry's observation of
/// each task is one attempt, so the success rate is the 'yes' share of every answer, the SEQ the
/// mean of every rating and the time the median of every time on task, with their intervals as
/// for one task. Attempts by one participant are not independent, which the interval ignores, as
/// Sauro & Lewis's overall task-level completion rate does.
pub fn overall_figures(per_task: &[Vec<Observation>]) -> TaskFigures {
    let all: Vec<Observation> = per_task.iter().flatten().copied().collect();
    task_figures(&all)
}

/// The SUS figures: mean score with its interval, and the grade of the mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SusFigures {
    pub score: MeanFigure,
    pub grade: Option<&'static str>,
}

pub fn sus_figures(scores: &[f64]) -> SusFigures {
    let score = mean_figure(scores, 0.0, 100.0);
    SusFigures { score, grade: score.mean.map(sus::grade) }
}

#[cfg(test)]
#[path = "insights_tests.rs"]
mod tests;
