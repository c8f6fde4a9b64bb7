//! The AI cost benchmark's inputs stay what its figures claim: an hour of ~8,000 words in
//! Whisper-sized lines, prompts the product builds whole, and answers the product would keep.
//! Run by `cargo test -p lupa-core` (the example is declared with `test = true`).

use lupa_core::ai_summary::{evidence, model};

use super::{answers, hour, themes_calls, TYPICAL, WORST};

#[test]
fn the_synthetic_hour_is_an_hour_of_think_aloud() {
    let input = hour::participation(1);
    let last = input.lines.last().unwrap();
    assert!(last.end_ms > hour::HOUR_MS - 10_000 && last.end_ms <= hour::HOUR_MS, "ends at {}", last.end_ms);
    let words = hour::word_count(&input.lines);
    assert!((7_600..=8_200).contains(&words), "{words} words");
    let mean_ms = input.lines.iter().map(|l| l.end_ms - l.start_ms).sum::<i64>() / input.lines.len() as i64;
    assert!((4_000..=6_000).contains(&mean_ms), "lines of {mean_ms} ms");
    assert_eq!(input.tasks.len(), 5);
    // The same seed makes the same hour, another seed another participant.
    assert_eq!(hour::participation(1).lines, input.lines);
    assert_ne!(hour::participation(2).lines, input.lines);
}

#[test]
fn the_summary_prompt_holds_every_task_uncut() {
    let input = hour::participation(1);
    let request = model::model_input(&input);
    let user = request["messages"][1]["content"].as_str().unwrap();
    for task in 1..=5 {
        assert!(user.contains(&format!("## Tarea {task}:")), "task {task}");
    }
    assert!(!user.contains("recortada") && !user.contains("(no dijo nada)"));
    // Nearly every line is in a task (the first minute is the scenario and the URL).
    assert!(user.matches("\n[").count() > input.lines.len() * 9 / 10);
}

#[test]
fn the_answers_quote_real_lines_and_pass_the_evidence_check() {
    let input = hour::participation(1);
    for (findings, quotes) in [TYPICAL, WORST] {
        let answer = answers::summary(&input, findings, quotes, 1);
        let checked = evidence::check(answer, &input.lines, 5);
        assert_eq!(checked.proposed_quotes as usize, 5 * findings * quotes);
        assert_eq!(checked.verified_quotes, checked.proposed_quotes, "{:?}", checked.rejections);
    }
}

#[test]
fn an_analysis_makes_a_themes_call_per_summary_from_the_second_on() {
    let calls = themes_calls(5);
    assert_eq!(calls.len(), 4);
    for (i, call) in calls.iter().enumerate() {
        assert_eq!(call["summaries"], i + 2);
        assert_eq!(call["at"], serde_json::json!([i + 2]));
        assert_eq!(call["quotes"], (i + 2) * 5 * TYPICAL.0 * TYPICAL.1);
        assert_eq!(call["held"], i + 2);
        assert_eq!(call["leftOut"], 0);
        assert_eq!(call["answer"]["themes"].as_array().unwrap().len(), 5);
    }
}

#[test]
fn past_twenty_summaries_the_themes_are_remade_as_the_analysis_grows_by_a_tenth() {
    let made: Vec<u64> = themes_calls(30).iter().map(|c| c["summaries"].as_u64().unwrap_or(0)).collect();
    assert_eq!(made, (2..=20).chain([22, 24, 26, 28, 30]).collect::<Vec<u64>>());
}
