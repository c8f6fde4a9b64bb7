//! Task figures for five fabricated participations, worked by hand with the formulas of Sauro &
//! Lewis (2016, ch. 3) and cross-checked with an independent arbitrary-precision computation
//! (mpmath's incomplete beta for t). `tests/api/insights.test.mjs` checks the same figures
//! through the API.

use super::*;

fn close(actual: Option<f64>, expected: f64, tolerance: f64) -> bool {
    actual.is_some_and(|a| (a - expected).abs() <= tolerance)
}

fn interval(i: Option<Interval>) -> (f64, f64) {
    let i = i.unwrap_or(Interval { low: f64::NAN, high: f64::NAN });
    (i.low, i.high)
}

fn obs(time_s: u64, answer: Option<(Success, u8)>) -> Observation {
    Observation { time_ms: time_s * 1000, seq: answer.map(|a| a.1), success: answer.map(|a| a.0) }
}

use Success::{No, Unsure, Yes};

#[test]
fn task_one_of_five_participations() {
    // Times 20, 40, 10, 80, 30 s; success yes, yes, no, unsure, yes; SEQ 6, 5, 2, 3, 7.
    let f = task_figures(&[
        obs(20, Some((Yes, 6))),
        obs(40, Some((Yes, 5))),
        obs(10, Some((No, 2))),
        obs(80, Some((Unsure, 3))),
        obs(30, Some((Yes, 7))),
    ]);
    // 3 of 5: adjusted-Wald p = (3 + 1.9207)/(5 + 3.8415) = 0.5566 ± 0.3275.
    assert_eq!((f.success.n, f.success.successes, f.yes, f.no, f.unsure), (5, 3, 3, 1, 1));
    assert_eq!(f.success.rate, Some(0.6));
    let (low, high) = interval(f.success.interval);
    assert!((low - 0.22909).abs() < 1e-4 && (high - 0.88401).abs() < 1e-4, "{low} {high}");
    // SEQ: mean 4.6, s = √4.3, margin 2.7764 · 0.9274 = 2.5748 → 2.0252 to 7.1748, cut to 7.
    assert_eq!(f.seq.n, 5);
    assert!(close(f.seq.mean, 4.6, 1e-12));
    let (low, high) = interval(f.seq.interval);
    assert!((low - 2.02523).abs() < 1e-4 && high == 7.0, "{low} {high}");
    // All attempts: median 30 s, geometric mean (20·40·10·80·30)^(1/5) = 28.619 s.
    assert_eq!(f.time_all.n, 5);
    assert_eq!(f.time_all.median_ms, Some(30_000.0));
    assert!(close(f.time_all.geometric_mean_ms, 28_619.38, 0.01));
    let (low, high) = interval(f.time_all.interval);
    assert!((low - 10_927.54).abs() < 0.1 && (high - 74_954.57).abs() < 0.1, "{low} {high}");
    // Successful attempts only (20, 40, 30 s): median 30 s, geometric mean 24000^(1/3) = 28.845 s.
    assert_eq!(f.time_successful.n, 3);
    assert_eq!(f.time_successful.median_ms, Some(30_000.0));
    assert!(close(f.time_successful.geometric_mean_ms, 28_844.99, 0.01));
    let (low, high) = interval(f.time_successful.interval);
    assert!((low - 12_144.38).abs() < 0.1 && (high - 68_511.81).abs() < 0.1, "{low} {high}");
}

#[test]
fn a_task_someone_did_not_answer() {
    // Times 15, 25, 60, 45, 35 s; the fifth participant reached the task but did not answer.
    let f = task_figures(&[
        obs(15, Some((Yes, 7))),
        obs(25, Some((Yes, 6))),
        obs(60, Some((Yes, 4))),
        obs(45, Some((No, 2))),
        obs(35, None),
    ]);
    assert_eq!((f.success.n, f.success.successes), (4, 3));
    assert_eq!(f.success.rate, Some(0.75));
    let (low, high) = interval(f.success.interval);
    assert!((low - 0.28914).abs() < 1e-4 && (high - 0.96591).abs() < 1e-4, "{low} {high}");
    assert!(close(f.seq.mean, 4.75, 1e-12));
    let (low, high) = interval(f.seq.interval);
    assert!((low - 1.22169).abs() < 1e-4 && high == 7.0, "{low} {high}");
    // Every attempt counts for time, answered or not.
    assert_eq!((f.time_all.n, f.time_all.median_ms), (5, Some(35_000.0)));
    assert!(close(f.time_all.geometric_mean_ms, 32_351.37, 0.01));
    assert_eq!((f.time_successful.n, f.time_successful.median_ms), (3, Some(25_000.0)));
    assert!(close(f.time_successful.geometric_mean_ms, 28_231.08, 0.01));
}

#[test]
fn fewer_than_three_values_have_no_interval() {
    // Two participants reached the task (12 s yes/7, 18 s no/5); three never did.
    let f = task_figures(&[obs(12, Some((Yes, 7))), obs(18, Some((No, 5))), obs(0, None), obs(0, None), obs(0, None)]);
    assert_eq!((f.success.n, f.success.rate, f.success.interval), (2, Some(0.5), None));
    assert_eq!((f.seq.n, f.seq.mean, f.seq.interval), (2, Some(6.0), None));
    assert_eq!((f.time_all.n, f.time_all.median_ms, f.time_all.interval), (2, Some(15_000.0), None));
    assert!(close(f.time_all.geometric_mean_ms, 14_696.94, 0.01));
    assert_eq!((f.time_successful.n, f.time_successful.median_ms), (1, Some(12_000.0)));
    assert!(close(f.time_successful.geometric_mean_ms, 12_000.0, 1e-6));
}

#[test]
fn nothing_answered_gives_empty_figures() {
    let f = task_figures(&[]);
    assert_eq!((f.success.n, f.success.rate, f.success.interval), (0, None, None));
    assert_eq!((f.seq.n, f.seq.mean), (0, None));
    assert_eq!((f.time_all.n, f.time_all.median_ms, f.time_all.geometric_mean_ms), (0, None, None));
}

#[test]
fn overall_figures_pool_every_task() {
    // Task one: yes, no (SEQ 6, 2; 20 s, 40 s); task two: yes, yes, unsure (SEQ 7, 5, 3; 10, 30, 60 s).
    let f = overall_figures(&[
        vec![obs(20, Some((Yes, 6))), obs(40, Some((No, 2)))],
        vec![obs(10, Some((Yes, 7))), obs(30, Some((Yes, 5))), obs(60, Some((Unsure, 3)))],
    ]);
    // 3 of 5 answers are 'yes', the same proportion and interval as task_one_of_five_participations.
    assert_eq!((f.success.n, f.success.successes), (5, 3));
    assert_eq!(f.success.rate, Some(0.6));
    assert_eq!(f.success.interval, proportion(3, 5).interval);
    // SEQ mean (6 + 2 + 7 + 5 + 3) / 5 = 4.6; times 10, 20, 30, 40, 60 s: median 30 s.
    assert!(close(f.seq.mean, 4.6, 1e-9));
    assert_eq!((f.seq.n, f.time_all.n), (5, 5));
    assert_eq!(f.time_all.median_ms, Some(30_000.0));
    assert!(f.seq.interval.is_some() && f.time_all.interval.is_some());
    // No tasks, or nobody yet: empty figures, no interval.
    let none = overall_figures(&[]);
    assert_eq!((none.success.n, none.success.rate, none.time_all.median_ms), (0, None, None));
}

#[test]
fn sus_figures_of_five_participations() {
    // Scores 75, 100, 50, 75, 85: mean 77, s = √332.5 = 18.235, margin 2.7764 · 8.1548 = 22.641
    // → 54.36 to 99.64; 77.0 is a B on the Sauro–Lewis curved grading scale (74.1–77.1).
    let f = sus_figures(&[75.0, 100.0, 50.0, 75.0, 85.0]);
    assert_eq!((f.score.n, f.score.mean, f.grade), (5, Some(77.0), Some("B")));
    let (low, high) = interval(f.score.interval);
    assert!((low - 54.35878).abs() < 1e-4 && (high - 99.64122).abs() < 1e-4, "{low} {high}");
    assert_eq!(sus_figures(&[]).grade, None);
    assert_eq!(sus_figures(&[90.0, 95.0]).score.interval, None);
}

#[test]
fn task_answers_are_validated() {
    let ok = TaskAnswerInput { task_number: "2", seq: Some(7), success: Some("unsure"), at_ms: Some(1234) };
    assert_eq!(
        validate_task_answer(ok, 3, 10_000),
        Ok(ValidTaskAnswer { task_index: 1, seq: 7, success: Unsure, at_ms: 1234 })
    );
    for (input, message) in [
        (TaskAnswerInput { task_number: "0", ..ok }, NO_SUCH_TASK),
        (TaskAnswerInput { task_number: "4", ..ok }, NO_SUCH_TASK),
        (TaskAnswerInput { task_number: "x", ..ok }, NO_SUCH_TASK),
        (TaskAnswerInput { seq: Some(0), ..ok }, INVALID_SEQ),
        (TaskAnswerInput { seq: Some(8), ..ok }, INVALID_SEQ),
        (TaskAnswerInput { seq: None, ..ok }, INVALID_SEQ),
        (TaskAnswerInput { success: Some("maybe"), ..ok }, INVALID_SUCCESS),
        (TaskAnswerInput { success: Some("Yes"), ..ok }, INVALID_SUCCESS),
        (TaskAnswerInput { success: None, ..ok }, INVALID_SUCCESS),
        (TaskAnswerInput { at_ms: Some(-1), ..ok }, INVALID_AT),
        (TaskAnswerInput { at_ms: Some(10_001), ..ok }, INVALID_AT),
        (TaskAnswerInput { at_ms: None, ..ok }, INVALID_AT),
    ] {
        assert_eq!(validate_task_answer(input, 3, 10_000), Err(message), "{input:?}");
    }
    assert_eq!(Success::parse("no").map(Success::as_str), Some("no"));
}
