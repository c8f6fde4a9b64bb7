//! The System Usability Scale (Brooke, 1996): ten statements answered 1 (strongly disagree) to 5
//! (strongly agree), scored 0–100, and graded on the Sauro–Lewis curved grading scale (Sauro &
//! Lewis, "Quantifying the User Experience", 2nd ed., 2016, Table 8.5).
//!
//! The statements' text lives in the web app's locale files (ADR 0012 names the translation).

/// Number of SUS items.
pub const ITEMS: usize = 10;
/// Each answer: 1 (strongly disagree) to 5 (strongly agree).
pub const ANSWER_MIN: i64 = 1;
pub const ANSWER_MAX: i64 = 5;

/// Refusal message for anything but ten answers from 1 to 5.
pub const INVALID_ANSWERS: &str = "El cuestionario SUS necesita 10 respuestas, cada una del 1 al 5";

/// Ten answers when they are all 1–5.
pub fn parse_answers(answers: &[i64]) -> Result<[u8; ITEMS], &'static str> {
    if answers.len() != ITEMS || answers.iter().any(|a| !(ANSWER_MIN..=ANSWER_MAX).contains(a)) {
        return Err(INVALID_ANSWERS);
    }
    let mut out = [0u8; ITEMS];
    for (slot, a) in out.iter_mut().zip(answers) {
        *slot = *a as u8;
    }
    Ok(out)
}

/// The standard score: odd items contribute (answer − 1), even items (5 − answer); the sum of
/// contributions (0–40) times 2.5 gives 0–100.
pub fn score(answers: &[u8; ITEMS]) -> f64 {
    let contributions: u32 = answers
        .iter()
        .enumerate()
        .map(|(i, &a)| if i % 2 == 0 { u32::from(a.saturating_sub(1)) } else { 5u32.saturating_sub(u32::from(a)) })
        .sum();
    f64::from(contributions) * 2.5
}

/// The Sauro–Lewis curved grading scale: the lowest mean SUS score of each grade, from A+ down.
/// Table 8.5 lists each grade's range to one decimal (A+ 84.1–100, A 80.8–84.0, …, F 0–51.6).
const CURVED_GRADES: [(f64, &str); 10] = [
    (84.1, "A+"),
    (80.8, "A"),
    (78.9, "A-"),
    (77.2, "B+"),
    (74.1, "B"),
    (72.6, "B-"),
    (71.1, "C+"),
    (65.0, "C"),
    (62.7, "C-"),
    (51.7, "D"),
];

/// The grade of a mean SUS score, compared at one decimal as the table is printed.
pub fn grade(mean_score: f64) -> &'static str {
    let rounded = (mean_score * 10.0).round() / 10.0;
    CURVED_GRADES.iter().find(|(low, _)| rounded >= *low - 1e-9).map_or("F", |(_, g)| g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scoring_follows_brookes_rule() {
        // Brooke (1996): odd items score position − 1, even items 5 − position, sum × 2.5.
        assert_eq!(score(&[3; ITEMS]), 50.0, "all neutral");
        assert_eq!(score(&[5, 1, 5, 1, 5, 1, 5, 1, 5, 1]), 100.0, "best possible");
        assert_eq!(score(&[1, 5, 1, 5, 1, 5, 1, 5, 1, 5]), 0.0, "worst possible");
        // By hand: odd 4,5,4,3,4 → 3+4+3+2+3 = 15; even 2,1,2,2,3 → 3+4+3+3+2 = 15; 30 × 2.5 = 75.
        assert_eq!(score(&[4, 2, 5, 1, 4, 2, 3, 2, 4, 3]), 75.0);
    }

    #[test]
    fn answers_must_be_ten_values_from_one_to_five() {
        assert_eq!(parse_answers(&[1, 2, 3, 4, 5, 1, 2, 3, 4, 5]), Ok([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]));
        assert_eq!(parse_answers(&[3; 9]), Err(INVALID_ANSWERS));
        assert_eq!(parse_answers(&[3; 11]), Err(INVALID_ANSWERS));
        assert_eq!(parse_answers(&[3, 3, 3, 3, 3, 3, 3, 3, 3, 0]), Err(INVALID_ANSWERS));
        assert_eq!(parse_answers(&[6, 3, 3, 3, 3, 3, 3, 3, 3, 3]), Err(INVALID_ANSWERS));
    }

    #[test]
    fn grades_follow_the_sauro_lewis_curved_grading_scale() {
        // Sauro & Lewis (2016), Table 8.5: the average SUS score, 68, is a C; each range's edges.
        assert_eq!(grade(68.0), "C");
        let edges = [
            (100.0, "A+"),
            (84.1, "A+"),
            (84.0, "A"),
            (80.8, "A"),
            (80.7, "A-"),
            (78.9, "A-"),
            (78.8, "B+"),
            (77.2, "B+"),
            (77.1, "B"),
            (74.1, "B"),
            (74.0, "B-"),
            (72.6, "B-"),
            (72.5, "C+"),
            (71.1, "C+"),
            (71.0, "C"),
            (65.0, "C"),
            (64.9, "C-"),
            (62.7, "C-"),
            (62.6, "D"),
            (51.7, "D"),
            (51.6, "F"),
            (0.0, "F"),
        ];
        for (mean, expected) in edges {
            assert_eq!(grade(mean), expected, "{mean}");
        }
        // Between two printed values the mean is rounded to one decimal first.
        assert_eq!(grade(84.06), "A+");
        assert_eq!(grade(84.04), "A");
    }
}
