//! Prints, as one JSON document, the Workers AI requests Lupa makes for the AI summaries and
//! themes of synthetic one-hour think-aloud sessions in Spanish, and the answers they would get,
//! for `npm run bench:ai-cost` (scripts/bench-ai-cost.mjs) to count their tokens and price them.
//!
//!   cargo run -q -p lupa-core --example ai_cost_prompts
//!
//! The requests are built by the product's own code (`ai_summary::model::model_input`,
//! `ai_summary::themes::{prompt, model_input}`), so the count follows the prompts as they change.
//! What is printed:
//! - `hour`: the synthetic hour's length, words and lines (participant 1, `hour.rs`);
//! - `summary`: its summary request, and a typical and a worst-case answer (`answers.rs`);
//! - `analyses`: for an analysis of 5 and one of 20 participations (each a differently seeded
//!   hour summarised by its typical answer, verified as the product verifies it), the themes
//!   request made after each summary from the second on (themes are remade, debounced, after each
//!   new summary: N−1 calls with 2, 3, …, N summaries), each with a typical themes answer.

mod answers;
mod hour;
#[cfg(test)]
mod tests;

use std::process::ExitCode;

use lupa_core::ai_summary::evidence;
use lupa_core::ai_summary::prompt::PromptInput;
use lupa_core::ai_summary::themes::{self, Summarised, ThemesInput};
use lupa_core::ai_summary::{
    model, Proposal, TaskFindings, MODEL, PRICE_IN_PER_MILLION_USD, PRICE_OUT_PER_MILLION_USD,
};
use lupa_core::transcript::Language;
use serde_json::{json, Value};

/// Analysis sizes priced: a small study and a large one.
pub const ANALYSES: [usize; 2] = [5, 20];
/// A typical summary: findings per task, quotes per finding.
pub const TYPICAL: (usize, usize) = (2, 2);
/// The worst a summary can be: the most findings and quotes the product keeps.
pub const WORST: (usize, usize) =
    (lupa_core::ai_summary::MAX_FINDINGS_PER_TASK, lupa_core::ai_summary::MAX_QUOTES_PER_FINDING);
/// A typical themes answer: themes, quote ids each.
pub const TYPICAL_THEMES: (usize, usize) = (5, 6);

/// Participant `n`'s summary as stored: the typical answer, through the product's evidence check.
pub fn stored_summary(input: &PromptInput, n: u64) -> Vec<TaskFindings> {
    let answer = answers::summary(input, TYPICAL.0, TYPICAL.1, n);
    evidence::check(answer, &input.lines, input.tasks.len() as u32).tasks
}

/// The themes calls of an analysis whose `participations` are summarised one after the other.
pub fn themes_calls(participations: usize) -> Vec<Value> {
    let summarised: Vec<Summarised> = (1..=participations as u64)
        .map(|n| Summarised {
            entry_id: format!("entry-{n}"),
            participant_number: n as i64,
            tasks: stored_summary(&hour::participation(n), n),
        })
        .collect();
    (2..=participations)
        .map(|k| {
            let input = ThemesInput {
                language: Language::Es,
                scenario: Some(hour::SCENARIO.to_string()),
                tasks: hour::TASKS.iter().map(|t| t.to_string()).collect(),
                participations: summarised[..k].to_vec(),
            };
            let prompt = themes::prompt(&input);
            json!({
                "summaries": k,
                "quotes": prompt.refs.len(),
                "leftOut": prompt.left_out,
                "request": themes::model_input(Language::Es, &prompt.user),
                "answer": answers::themes(prompt.refs.len(), TYPICAL_THEMES.0, TYPICAL_THEMES.1, k as u64),
            })
        })
        .collect()
}

fn proposal(p: &Proposal) -> Result<Value, serde_json::Error> {
    serde_json::to_value(p)
}

fn document() -> Result<Value, serde_json::Error> {
    let input = hour::participation(1);
    let typical = answers::summary(&input, TYPICAL.0, TYPICAL.1, 1);
    let worst = answers::summary(&input, WORST.0, WORST.1, 1);
    Ok(json!({
        "model": MODEL,
        "pricesUsdPerMillion": {"input": PRICE_IN_PER_MILLION_USD, "output": PRICE_OUT_PER_MILLION_USD},
        "hour": {
            "durationMs": hour::HOUR_MS,
            "words": hour::word_count(&input.lines),
            "lines": input.lines.len(),
            "tasks": input.tasks.len(),
            "notes": input.notes.len(),
        },
        "summary": {
            "request": model::model_input(&input),
            "typical": {"findingsPerTask": TYPICAL.0, "quotesPerFinding": TYPICAL.1, "answer": proposal(&typical)?},
            "worst": {"findingsPerTask": WORST.0, "quotesPerFinding": WORST.1, "answer": proposal(&worst)?},
        },
        "analyses": ANALYSES
            .iter()
            .map(|&n| json!({"participations": n, "calls": themes_calls(n)}))
            .collect::<Vec<_>>(),
    }))
}

fn main() -> ExitCode {
    match document() {
        Ok(doc) => {
            println!("{doc}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("ai_cost_prompts: {err}");
            ExitCode::FAILURE
        }
    }
}
