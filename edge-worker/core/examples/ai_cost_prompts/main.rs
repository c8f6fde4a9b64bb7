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
//! - `themes`: for the largest analysis (each participation a differently seeded hour summarised
//!   by its typical answer, verified as the product verifies it), the themes request made after
//!   each summary from the second on, with a typical themes answer. Themes are remade, debounced,
//!   after a new summary as the product does (`themes::remakes`: each one up to 20, then once the
//!   analysis has grown by a tenth), so an analysis of N participations arriving one by one makes
//!   the calls of these up to N.

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

/// The largest analysis: the most participations one can have. Smaller analyses are its first
/// calls (participant `n` is seed `n` in all of them).
pub const LARGEST: usize = lupa_core::analysis::MAX_PARTICIPANTS as usize;
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

/// Requests seen to repeat, once later participations are left out for the prompt's length,
/// before the rest of the calls are taken to repeat it too.
const REPEATS_CHECKED: u64 = 5;

/// The themes calls of an analysis whose `participations` are summarised one after the other,
/// at the summaries the product remakes them after (`themes::remakes`: each one up to 20, then
/// by a tenth): a call with the first k (`held` of them fit in the prompt). A request the same as
/// the one before is written once, with the k it is made at (`at`). Past the prompt's length
/// (`themes::MAX_INPUT_CHARS`) each new participation is left out whole and the request stays the
/// same: once it has repeated [`REPEATS_CHECKED`] times the rest are counted as more of it
/// (`assumedAfter`), since building a thousand prompts of 240,000 characters takes minutes in a
/// debug build.
pub fn themes_calls(participations: usize) -> Vec<Value> {
    let mut summarised: Vec<Summarised> = Vec::new();
    let mut calls: Vec<Value> = Vec::new();
    let mut last_user = String::new();
    let mut used = 1;
    let remade: Vec<usize> =
        (2..=participations).filter(|&k| themes::remakes(used, k as u32).then(|| used = k as u32).is_some()).collect();
    for (i, &k) in remade.iter().enumerate() {
        while summarised.len() < k {
            let n = summarised.len() as u64 + 1;
            summarised.push(Summarised {
                entry_id: format!("entry-{n}"),
                participant_number: n as i64,
                tasks: stored_summary(&hour::participation(n), n),
            });
        }
        let input = ThemesInput {
            language: Language::Es,
            scenario: Some(hour::SCENARIO.to_string()),
            tasks: hour::TASKS.iter().map(|t| t.to_string()).collect(),
            participations: summarised.clone(),
        };
        let prompt = themes::prompt(&input);
        if let Some(call) = calls.last_mut().filter(|_| prompt.user == last_user) {
            let mut at: Vec<usize> = serde_json::from_value(call["at"].clone()).unwrap_or_default();
            at.push(k);
            call["leftOut"] = json!(prompt.left_out);
            if at.len() as u64 >= REPEATS_CHECKED && prompt.left_out > 0 {
                at.extend(&remade[i + 1..]);
                call["assumedAfter"] = json!(k);
                call["at"] = json!(at);
                break;
            }
            call["at"] = json!(at);
            continue;
        }
        calls.push(json!({
            "summaries": k,
            "at": [k],
            "quotes": prompt.refs.len(),
            "held": k - prompt.left_out,
            "leftOut": prompt.left_out,
            "request": themes::model_input(Language::Es, &prompt.user),
            "answer": answers::themes(prompt.refs.len(), TYPICAL_THEMES.0, TYPICAL_THEMES.1, k as u64),
        }));
        last_user = prompt.user;
    }
    calls
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
        "themes": {"participations": LARGEST, "calls": themes_calls(LARGEST)},
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
