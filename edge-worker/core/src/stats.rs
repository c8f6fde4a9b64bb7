//! Small-sample statistics for usability data, as Sauro & Lewis recommend them in "Quantifying
//! the User Experience" (2nd ed., 2016, ch. 3): the adjusted-Wald interval for completion rates,
//! the t-interval for rating-scale means (SEQ, SUS), and the geometric mean with a t-interval on
//! log-transformed times for task times. All intervals are two-sided 95%.
//!
//! The Student t quantile is computed here (regularised incomplete beta by continued fraction,
//! then bisection) rather than read from a table, so any sample size works; the tests check it
//! against the published table values.

/// The 97.5th percentile of the standard normal distribution (two-sided 95%). Sauro & Lewis
/// round it to 1.96 in their worked examples; the difference is in the fifth decimal.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// Arithmetic mean; `None` for no values.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Sample standard deviation (n − 1 in the denominator); `None` below two values.
pub fn sample_sd(values: &[f64]) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let m = mean(values)?;
    let squares: f64 = values.iter().map(|v| (v - m).powi(2)).sum();
    Some((squares / (values.len() - 1) as f64).sqrt())
}

/// Median: the middle value, or the mean of the middle two for an even count.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    Some(if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 })
}

/// Geometric mean of positive values (`exp` of the mean of the logs); `None` when a value is not
/// positive or there is none.
pub fn geometric_mean(values: &[f64]) -> Option<f64> {
    if values.iter().any(|v| *v <= 0.0 || !v.is_finite()) {
        return None;
    }
    mean(&logs(values)).map(f64::exp)
}

fn logs(values: &[f64]) -> Vec<f64> {
    values.iter().map(|v| v.ln()).collect()
}

/// A closed interval `[low, high]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// The interval cut to `[min, max]` (a rating mean cannot leave its scale).
    pub fn clamp(self, min: f64, max: f64) -> Interval {
        Interval { low: self.low.clamp(min, max), high: self.high.clamp(min, max) }
    }
}

/// Adjusted-Wald (Agresti–Coull) 95% interval for `successes` of `n`, as recommended by Sauro &
/// Lewis (2005) for completion rates: add z²/2 successes and z² trials, then apply the Wald
/// formula. Bounds are cut to [0, 1]. `None` when `n` is 0 or `successes > n`.
pub fn adjusted_wald(successes: u32, n: u32) -> Option<Interval> {
    if n == 0 || successes > n {
        return None;
    }
    let z2 = Z_95 * Z_95;
    let n_adj = f64::from(n) + z2;
    let p_adj = (f64::from(successes) + z2 / 2.0) / n_adj;
    let margin = Z_95 * (p_adj * (1.0 - p_adj) / n_adj).sqrt();
    Some(Interval { low: p_adj - margin, high: p_adj + margin }.clamp(0.0, 1.0))
}

/// 95% t-interval of the mean: mean ± t(0.975, n − 1) · s / √n. `None` below two values.
pub fn t_interval(values: &[f64]) -> Option<Interval> {
    let m = mean(values)?;
    let s = sample_sd(values)?;
    let margin = t_critical_95(values.len() as f64 - 1.0)? * s / (values.len() as f64).sqrt();
    Some(Interval { low: m - margin, high: m + margin })
}

/// 95% interval of the geometric mean: the t-interval of the logs, transformed back (Sauro &
/// Lewis, ch. 3, "confidence interval for task-time data"). Asymmetric around the mean.
pub fn log_t_interval(values: &[f64]) -> Option<Interval> {
    if values.iter().any(|v| *v <= 0.0 || !v.is_finite()) {
        return None;
    }
    t_interval(&logs(values)).map(|i| Interval { low: i.low.exp(), high: i.high.exp() })
}

/// The two-sided 95% critical value of Student's t with `df` degrees of freedom, i.e. the 97.5th
/// percentile. `None` for `df` below 1 or not finite.
pub fn t_critical_95(df: f64) -> Option<f64> {
    t_quantile(0.975, df)
}

/// The `p` quantile (0.5 < p < 1) of Student's t with `df` degrees of freedom, by bisection on the
/// distribution function; accurate to about 1e-10.
pub fn t_quantile(p: f64, df: f64) -> Option<f64> {
    let valid = p > 0.5 && p < 1.0 && df >= 1.0 && df.is_finite();
    if !valid {
        return None;
    }
    let mut high = 2.0;
    while t_cdf(high, df) < p {
        high *= 2.0;
        if high > 1e12 {
            return None;
        }
    }
    let mut low = 0.0;
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if t_cdf(mid, df) < p {
            low = mid;
        } else {
            high = mid;
        }
        if high - low < 1e-12 {
            break;
        }
    }
    Some((low + high) / 2.0)
}

/// P(T ≤ t) for Student's t with `df` degrees of freedom, through the regularised incomplete beta
/// function: for t ≥ 0 it is 1 − I_x(df/2, 1/2) / 2 with x = df / (df + t²).
pub fn t_cdf(t: f64, df: f64) -> f64 {
    let x = df / (df + t * t);
    let tail = 0.5 * incomplete_beta(x, df / 2.0, 0.5);
    if t >= 0.0 {
        1.0 - tail
    } else {
        tail
    }
}

/// The regularised incomplete beta function I_x(a, b) (Numerical Recipes, 3rd ed., §6.4).
fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front = (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    // The continued fraction converges fast only on one side of the mean; use symmetry otherwise.
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(x, a, b) / a
    } else {
        1.0 - front * beta_fraction(1.0 - x, b, a) / b
    }
}

/// The continued fraction of the incomplete beta function, by the modified Lentz method.
fn beta_fraction(x: f64, a: f64, b: f64) -> f64 {
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 / nonzero(1.0 - qab * x / qap);
    let mut h = d;
    for m in 1..=300 {
        let m = f64::from(m);
        let m2 = 2.0 * m;
        let even = m * (b - m) * x / ((qam + m2) * (a + m2));
        h *= lentz_step(even, &mut c, &mut d);
        let odd = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        let step = lentz_step(odd, &mut c, &mut d);
        h *= step;
        if (step - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// One term of the modified Lentz method: the fraction's next coefficient updates `c` and `d`,
/// and the fraction changes by the factor returned. Even and odd terms differ only in the
/// coefficient, so both go through here.
fn lentz_step(coefficient: f64, c: &mut f64, d: &mut f64) -> f64 {
    *d = 1.0 / nonzero(1.0 + coefficient * *d);
    *c = nonzero(1.0 + coefficient / *c);
    *d * *c
}

/// Lentz's guard: a denominator that would vanish is made tiny instead, so no step divides by zero.
fn nonzero(value: f64) -> f64 {
    const TINY: f64 = 1e-300;
    if value.abs() < TINY {
        TINY
    } else {
        value
    }
}

/// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, nine coefficients; relative error ~1e-15).
fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1 − x) = π / sin(πx).
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = COEFFICIENTS[0];
    for (i, c) in COEFFICIENTS.iter().enumerate().skip(1) {
        sum += c / (x + i as f64);
    }
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

#[cfg(test)]
#[path = "stats_tests.rs"]
mod tests;
