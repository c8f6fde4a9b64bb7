//! Worked examples from the literature for `stats.rs`.

use super::*;

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance
}

#[test]
fn t_critical_values_match_the_published_table() {
    // Two-sided 95% (upper 0.025) critical values of Student's t, as printed in every t table,
    // e.g. NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.2, and Sauro & Lewis (2016),
    // Appendix "Critical values of t".
    let table = [
        (1.0, 12.706),
        (2.0, 4.303),
        (3.0, 3.182),
        (4.0, 2.776),
        (5.0, 2.571),
        (6.0, 2.447),
        (7.0, 2.365),
        (8.0, 2.306),
        (9.0, 2.262),
        (10.0, 2.228),
        (15.0, 2.131),
        (20.0, 2.086),
        (29.0, 2.045),
        (30.0, 2.042),
        (60.0, 2.000),
        (120.0, 1.980),
    ];
    for (df, expected) in table {
        let t = t_critical_95(df).unwrap();
        assert!(close(t, expected, 5e-4), "df {df}: {t}, table {expected}");
    }
    // More digits where they are well known: t(0.975, 1) = tan(0.475π), and t(0.975, 2) = 4.30265.
    assert!(close(t_critical_95(1.0).unwrap(), (0.475 * std::f64::consts::PI).tan(), 1e-8));
    assert!(close(t_critical_95(2.0).unwrap(), 4.302_652_7, 1e-6));
    // With many degrees of freedom t tends to the normal's 1.96.
    assert!(close(t_critical_95(1e6).unwrap(), Z_95, 1e-5));
}

#[test]
fn t_quantiles_refuse_what_they_cannot_compute() {
    assert_eq!(t_critical_95(0.0), None);
    assert_eq!(t_critical_95(f64::NAN), None);
    assert_eq!(t_quantile(0.4, 5.0), None);
    assert_eq!(t_quantile(1.0, 5.0), None);
    // The distribution function is symmetric and monotone.
    assert!(close(t_cdf(0.0, 7.0), 0.5, 1e-12));
    assert!(close(t_cdf(-2.0, 7.0) + t_cdf(2.0, 7.0), 1.0, 1e-12));
    assert!(t_cdf(1.0, 3.0) < t_cdf(1.1, 3.0));
}

#[test]
fn adjusted_wald_matches_tullis_and_albert() {
    // Tullis & Albert, "Measuring the User Experience" (2nd ed., p. 69), following Sauro & Lewis
    // (2005): 4 of 5 participants succeed → p_adj = 0.6696, 95% interval 0.3596 to 0.9796.
    let i = adjusted_wald(4, 5).unwrap();
    assert!(close(i.low, 0.3596, 5e-4), "{i:?}");
    assert!(close(i.high, 0.9796, 5e-4), "{i:?}");
}

#[test]
fn adjusted_wald_stays_inside_zero_and_one() {
    // 5 of 5: the raw upper bound passes 1 and is cut; the lower one is (5 + 1.92) / 8.84 − margin.
    let all = adjusted_wald(5, 5).unwrap();
    assert_eq!(all.high, 1.0);
    assert!(close(all.low, 0.511, 1e-3), "{all:?}");
    let none = adjusted_wald(0, 5).unwrap();
    assert_eq!(none.low, 0.0);
    assert!(close(none.high, 0.489, 1e-3), "{none:?}");
    assert_eq!(adjusted_wald(0, 0), None);
    assert_eq!(adjusted_wald(6, 5), None);
}

#[test]
fn geometric_mean_and_interval_match_sauros_task_time_example() {
    // Sauro (2006), "Graph and Calculator for Confidence Intervals for Task Times" (MeasuringU),
    // the method of Sauro & Lewis (2016, ch. 3): times 55, 65, 75, 62, 45 and 135 s → geometric
    // mean 68 s, 95% interval (46, 101) from the t-interval of the logs (t(0.975, 5) = 2.571).
    let times = [55.0, 65.0, 75.0, 62.0, 45.0, 135.0];
    assert_eq!(geometric_mean(&times).unwrap().round(), 68.0);
    let i = log_t_interval(&times).unwrap();
    assert_eq!((i.low.round(), i.high.round()), (46.0, 101.0));
    // The arithmetic mean of skewed times is higher than the geometric mean.
    assert!(mean(&times).unwrap() > geometric_mean(&times).unwrap());
}

#[test]
fn t_interval_of_a_mean_worked_by_hand() {
    // SEQ answers 3, 5, 5, 6, 6: mean 5, s = √(6/4) = 1.2247, s/√5 = 0.5477, t(0.975, 4) = 2.7764,
    // margin 1.5207 → 3.479 to 6.521 (Sauro & Lewis 2016, ch. 3, "confidence interval for
    // rating scales and other continuous data").
    let seq = [3.0, 5.0, 5.0, 6.0, 6.0];
    let i = t_interval(&seq).unwrap();
    assert!(close(i.low, 3.4793, 1e-3), "{i:?}");
    assert!(close(i.high, 6.5207, 1e-3), "{i:?}");
    assert_eq!(t_interval(&[4.0]), None);
    // A rating mean's interval can be cut to its scale.
    assert_eq!(Interval { low: 4.2, high: 7.4 }.clamp(1.0, 7.0), Interval { low: 4.2, high: 7.0 });
}

#[test]
fn descriptive_statistics() {
    assert_eq!(mean(&[]), None);
    assert_eq!(median(&[]), None);
    assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
    assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    // The classic example whose population SD is 2: the sample SD is √(32/7).
    let sd = sample_sd(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]).unwrap();
    assert!(close(sd, (32.0f64 / 7.0).sqrt(), 1e-12));
    assert_eq!(sample_sd(&[1.0]), None);
    assert_eq!(geometric_mean(&[1.0, 0.0]), None);
    assert!(close(geometric_mean(&[1.0, 100.0]).unwrap(), 10.0, 1e-9));
    assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-12));
    assert!(close(ln_gamma(0.5), std::f64::consts::PI.sqrt().ln(), 1e-12));
}
