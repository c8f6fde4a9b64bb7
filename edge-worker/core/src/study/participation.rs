//! A panel study while a participant takes part (ADR 0017): their id from the invite link, the
//! screener's verdict, the shuffled task order, an answer as stored and as text, and the redirect.

use super::*;

/// The participant id from the invite link: `None` when absent or empty, an error when it breaks
/// the length or characters rule.
pub fn participant_id(raw: Option<&str>) -> Result<Option<String>, &'static str> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(id) if valid_id(id) => Ok(Some(id.to_string())),
        Some(_) => Err(PID_INVALID),
    }
}

/// A redirect URL with `{pid}` replaced by the id, percent-encoded (an empty string without id).
pub fn redirect(url: &str, pid: Option<&str>) -> String {
    let encoded: String = pid
        .unwrap_or("")
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    url.replace("{pid}", &encoded)
}

/// Why the screener sent someone back: the question and option that rejected them (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub question_number: u32,
    pub question: String,
    pub option: String,
}

/// The verdict on a participant's screener answers (`answers[i]`: the chosen option indexes of
/// question i). Every question needs an answer (one for single choice); one 'Rechazar' option
/// chosen rejects, the first such one in order is the reason.
pub fn screen(screener: &Screener, answers: &[Vec<u32>]) -> Result<Option<Rejection>, &'static str> {
    if answers.len() != screener.questions.len() {
        return Err(SCREENER_ANSWERS_INVALID);
    }
    for (q, chosen) in screener.questions.iter().zip(answers) {
        let count_ok = if q.multiple { !chosen.is_empty() } else { chosen.len() == 1 };
        let mut seen = chosen.clone();
        seen.sort_unstable();
        seen.dedup();
        if !count_ok || seen.len() != chosen.len() || chosen.iter().any(|&i| i as usize >= q.options.len()) {
            return Err(SCREENER_ANSWERS_INVALID);
        }
    }
    for (n, (q, chosen)) in screener.questions.iter().zip(answers).enumerate() {
        if let Some(option) = chosen.iter().filter_map(|&i| q.options.get(i as usize)).find(|o| !o.accept) {
            return Ok(Some(Rejection {
                question_number: n as u32 + 1,
                question: q.text.clone(),
                option: option.text.clone(),
            }));
        }
    }
    Ok(None)
}

/// The original task numbers (1-based) in a random order, from `random` bytes (two per task):
/// a Fisher–Yates shuffle, so every order is (nearly) equally likely.
pub fn shuffled_order(tasks: usize, random: &[u8]) -> Vec<u32> {
    let mut order: Vec<u32> = (1..=tasks as u32).collect();
    for i in (1..tasks).rev() {
        let r =
            u16::from_le_bytes([random.get(2 * i).copied().unwrap_or(0), random.get(2 * i + 1).copied().unwrap_or(0)]);
        let j = usize::from(r) % (i + 1);
        order.swap(i, j);
    }
    order
}

/// One answer as the participant's tab sends it: `text` for 'text', `choices` (option indexes)
/// for 'single' and 'multiple', `value` for 'scale'.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerInput {
    #[serde(default)]
    pub text: Option<String>,
    #[serde(default)]
    pub choices: Option<Vec<u32>>,
    #[serde(default)]
    pub value: Option<u32>,
}

/// An answer as stored: the JSON of ADR 0017 (a string, an array of option texts, or a number).
pub fn stored_answer(question: &Question, answer: &AnswerInput) -> Result<serde_json::Value, &'static str> {
    match question.kind.as_str() {
        "text" => {
            let text = answer.text.as_deref().unwrap_or("").trim();
            if text.is_empty() {
                Err(ANSWERS_INVALID)
            } else if text.chars().count() > MAX_ANSWER {
                Err(ANSWER_TOO_LONG)
            } else {
                Ok(serde_json::Value::String(text.to_string()))
            }
        }
        "single" | "multiple" => {
            let chosen = answer.choices.clone().unwrap_or_default();
            let mut seen = chosen.clone();
            seen.sort_unstable();
            seen.dedup();
            let count_ok = if question.kind == "single" { chosen.len() == 1 } else { !chosen.is_empty() };
            if !count_ok || seen.len() != chosen.len() {
                return Err(ANSWERS_INVALID);
            }
            seen.iter()
                .map(|&i| {
                    question
                        .options
                        .get(i as usize)
                        .map(|o| serde_json::Value::String(o.clone()))
                        .ok_or(ANSWERS_INVALID)
                })
                .collect::<Result<Vec<_>, _>>()
                .map(serde_json::Value::Array)
        }
        _ => match answer.value {
            Some(v) if v >= 1 && v <= u32::from(question.scale.unwrap_or(5)) => Ok(serde_json::Value::from(v)),
            _ => Err(ANSWERS_INVALID),
        },
    }
}

/// How a stored answer reads in a CSV cell or a list: option texts joined with '; '.
pub fn answer_text(answer: &serde_json::Value) -> String {
    match answer {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(items) => items.iter().filter_map(|i| i.as_str()).collect::<Vec<_>>().join("; "),
        other => other.to_string(),
    }
}
