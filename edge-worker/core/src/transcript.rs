//! Transcripts (ADR 0018): the speech-to-text call in Workers AI's documented shape, reading its
//! answer, placing words on the recording's timeline, retry timing, and the VTT, text and search
//! views of the stored lines.
//!
//! The model is `@cf/openai/whisper-large-v3-turbo`. Its input is `{audio: base64, language}`;
//! its output is `{text, word_count, segments: [{start, end, text, words: [{word, start, end}]}],
//! vtt, transcription_info}`, times in seconds from the start of the audio sent. Through the
//! binding (`env.AI.run`) the output comes as is; through the REST API
//! (`POST …/accounts/{account}/ai/run/{model}`) it is wrapped in `{result, success, errors,
//! messages}`. Both are parsed here and tested against recorded fixtures
//! (`fixtures/whisper-*.json`).

use base64::Engine;
use serde::{Deserialize, Serialize};

use crate::mail::HttpCall;

/// The model every provider runs.
pub const MODEL: &str = "@cf/openai/whisper-large-v3-turbo";
/// Workers AI's list price for this model (USD per audio minute).
pub const PRICE_PER_AUDIO_MINUTE_USD: f64 = 0.0005;

pub const LANGUAGE_INVALID: &str = "El idioma de la transcripción debe ser 'es' o 'en'";

/// The language the researcher chose for an analysis's transcripts (Whisper's ISO 639-1 code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Language {
    #[default]
    Es,
    En,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Es => "es",
            Language::En => "en",
        }
    }

    pub fn parse(value: &str) -> Option<Language> {
        match value {
            "es" => Some(Language::Es),
            "en" => Some(Language::En),
            _ => None,
        }
    }
}

/// An analysis's transcription setting: on, in Spanish, unless the researcher says otherwise;
/// with 'Resúmenes con IA' (ADR 0021), on by default, which summarises only what is transcribed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    pub enabled: bool,
    pub language: Language,
    pub summaries: bool,
}

impl Default for Setting {
    fn default() -> Self {
        Setting { enabled: true, language: Language::Es, summaries: true }
    }
}

impl Setting {
    /// Whether its participations get an AI summary: only what is transcribed can be.
    pub fn summarises(self) -> bool {
        self.enabled && self.summaries
    }
}

/// The setting after a create or edit: each part sent replaces the `current` one (the default on
/// create); a language other than 'es' or 'en' is refused.
pub fn setting(
    enabled: Option<bool>,
    language: Option<&str>,
    summaries: Option<bool>,
    current: Setting,
) -> Result<Setting, &'static str> {
    let language = match language {
        None => current.language,
        Some(code) => Language::parse(code).ok_or(LANGUAGE_INVALID)?,
    };
    Ok(Setting {
        enabled: enabled.unwrap_or(current.enabled),
        language,
        summaries: summaries.unwrap_or(current.summaries),
    })
}

/// The model's input for one window of audio (what the binding's `run` takes, and the REST body).
/// A struct, not a JSON value: the binding converts it to a JS object (a map would become a `Map`).
#[derive(Debug, Clone, Serialize)]
pub struct ModelInput {
    /// The window's file, base64.
    pub audio: String,
    pub language: &'static str,
}

pub fn model_input(audio: &[u8], language: Language) -> ModelInput {
    ModelInput { audio: base64::engine::general_purpose::STANDARD.encode(audio), language: language.as_str() }
}

/// The REST call: `POST {base}/accounts/{account}/ai/run/{MODEL}` with a bearer token. `base` is
/// `https://api.cloudflare.com/client/v4` unless configured (tests point it at a stand-in).
pub fn rest_request(base: &str, account: &str, token: &str, audio: &[u8], language: Language) -> HttpCall {
    HttpCall {
        method: "POST",
        url: format!("{}/accounts/{account}/ai/run/{MODEL}", base.trim_end_matches('/')),
        headers: vec![
            ("Authorization".into(), format!("Bearer {token}")),
            ("Content-Type".into(), "application/json".into()),
        ],
        body: serde_json::to_string(&model_input(audio, language)).unwrap_or_default(),
    }
}

/// The model's answer (fields we do not use are ignored).
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct Output {
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub segments: Vec<OutputSegment>,
    #[serde(default)]
    pub vtt: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct OutputSegment {
    pub start: f64,
    pub end: f64,
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub words: Vec<OutputWord>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct OutputWord {
    pub word: String,
    pub start: f64,
    pub end: f64,
}

/// Why a call gave no transcript: worth retrying later (rate limit, the service failing, the
/// network), or not (the audio or the request was refused; trying again sends the same thing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    Retry(String),
    Fail(String),
}

/// Reads a REST answer: `{result, success, errors}` around the model's output.
pub fn rest_response(status: u16, body: &str) -> Result<Output, CallError> {
    if status == 429 || status >= 500 {
        return Err(CallError::Retry(format!("workers ai answered {status}")));
    }
    let value: serde_json::Value = serde_json::from_str(body)
        .map_err(|_| CallError::Retry(format!("workers ai answered {status} with a non-JSON body")))?;
    let success = value.get("success").and_then(serde_json::Value::as_bool).unwrap_or(false);
    if !(200..300).contains(&status) || !success {
        let errors = value.get("errors").map(ToString::to_string).unwrap_or_default();
        return Err(CallError::Fail(format!("workers ai answered {status}: {errors}")));
    }
    binding_output(value.get("result").cloned().unwrap_or(serde_json::Value::Null))
}

/// Reads the model's output as the binding returns it.
pub fn binding_output(value: serde_json::Value) -> Result<Output, CallError> {
    serde_json::from_value(value).map_err(|e| CallError::Fail(format!("unexpected whisper output: {e}")))
}

/// One line of a transcript on the recording's timeline (ms), with its words.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Line {
    pub start_ms: i64,
    pub end_ms: i64,
    pub text: String,
    pub words: Vec<Word>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Word {
    pub start_ms: i64,
    pub end_ms: i64,
    pub word: String,
}

fn ms(seconds: f64, offset_ms: i64) -> i64 {
    if seconds.is_finite() && seconds > 0.0 {
        offset_ms + (seconds * 1000.0).round() as i64
    } else {
        offset_ms
    }
}

/// The output's segments as lines on the timeline: the model's times are seconds from the start
/// of the window sent, which starts at `offset_ms` on the recording's timeline (its segment's
/// place, plus the audio track's start on the screen file, plus the window's start in the file).
/// Empty segments are dropped.
pub fn lines(output: &Output, offset_ms: i64) -> Vec<Line> {
    output
        .segments
        .iter()
        .filter(|s| !s.text.trim().is_empty())
        .map(|s| Line {
            start_ms: ms(s.start, offset_ms),
            end_ms: ms(s.end, offset_ms).max(ms(s.start, offset_ms)),
            text: s.text.trim().to_string(),
            words: s
                .words
                .iter()
                .map(|w| Word {
                    start_ms: ms(w.start, offset_ms),
                    end_ms: ms(w.end, offset_ms),
                    word: w.word.trim().to_string(),
                })
                .collect(),
        })
        .collect()
}

/// How many times a window is tried before it is given up (and the transcript completes without
/// it): with [`retry_delay_ms`], about 17 minutes of retries.
pub const MAX_ATTEMPTS: u32 = 10;

/// The most windows one participation sends to the speech service, first tries, retries and
/// re-sends (a segment moved by a late chunk, ADR 0016) together: twice the windows of the longest
/// recording allowed (`max_duration_ms` and the late grace on the server's clock, one window per
/// [`crate::webm_audio::WINDOW_MS`], and its last). With the 2-hour limit: 2 × 261 = 522 calls,
/// 261 audio minutes, $0.13 at list price. An honest 2-hour recording needs 241 (ADR 0018).
pub fn call_ceiling(max_duration_ms: i64) -> u32 {
    let longest = max_duration_ms.max(0).saturating_add(crate::ledger::LATE_GRACE_MS);
    let windows = u32::try_from(longest / crate::webm_audio::WINDOW_MS).unwrap_or(u32::MAX).saturating_add(1);
    windows.saturating_mul(2)
}

/// The wait before try `attempt + 1` (`attempt` ≥ 1 failed): 2 s doubling, at most 5 minutes.
/// Workers AI allows 720 speech requests a minute; a 429 means others are busy too.
pub fn retry_delay_ms(attempt: u32) -> i64 {
    (2_000i64 << attempt.saturating_sub(1).min(8)).min(300_000)
}

/// The task being done at `at_ms` from the step marks `(index, at_ms)` (0 = scenario, 1 = URL,
/// 2.. = tasks, product §3): task `index - 1`, or none before the first task.
pub fn task_at(steps: &[(u32, i64)], at_ms: i64) -> Option<u32> {
    steps
        .iter()
        .filter(|(_, at)| *at <= at_ms)
        .max_by_key(|(_, at)| *at)
        .and_then(|(index, _)| index.checked_sub(1).filter(|t| *t >= 1))
}

/// An entry's transcript per task, for the CSV export: each task's lines in time order, joined by
/// a space; `None` holds what was said outside every task (before the first, or on the
/// questions after the last), so nothing said is left out.
pub fn text_by_task(
    steps: &[(u32, i64)],
    lines: &[Line],
    task_count: usize,
) -> std::collections::BTreeMap<Option<u32>, String> {
    let mut sorted: Vec<&Line> = lines.iter().filter(|l| !l.text.trim().is_empty()).collect();
    sorted.sort_by_key(|l| l.start_ms);
    let mut texts: std::collections::BTreeMap<Option<u32>, String> = std::collections::BTreeMap::new();
    for line in sorted {
        let task = task_at(steps, line.start_ms).filter(|t| (*t as usize) <= task_count);
        let text = texts.entry(task).or_default();
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(line.text.trim());
    }
    texts
}

fn clock(ms: i64, millis: bool) -> String {
    let ms = ms.max(0);
    let (h, m, s) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60);
    if millis {
        format!("{h:02}:{m:02}:{s:02}.{:03}", ms % 1000)
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

/// The transcript as WebVTT (captions and 'Descargar transcripción').
pub fn vtt(lines: &[Line]) -> String {
    let mut out = String::from("WEBVTT\n");
    for line in lines {
        out.push_str(&format!(
            "\n{} --> {}\n{}\n",
            clock(line.start_ms, true),
            clock(line.end_ms, true),
            cue_text(&line.text)
        ));
    }
    out
}

/// A line of what someone said as a cue's text, and nothing else (WebVTT §4.2.2: cue text may not
/// hold "-->" or a line break, and `&` and `<` start escapes and tags). What a participant says
/// can never end a cue, start another, or add a voice (`<v …>`), class or timestamp tag.
fn cue_text(said: &str) -> String {
    said.replace("-->", "→").replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace(['\r', '\n'], " ")
}

/// The lines a shared clip from `start_ms` to `end_ms` shows as captions: those said during it
/// (the share's SQL uses the same overlap), times kept on the recording's timeline, because the
/// clip player places each cue by where its files start on that timeline, as for a recording.
pub fn within(lines: Vec<Line>, start_ms: i64, end_ms: i64) -> Vec<Line> {
    lines.into_iter().filter(|l| l.end_ms > start_ms && l.start_ms < end_ms).collect()
}

/// The transcript as plain text, one line each: `[mm:ss] text`.
pub fn txt(lines: &[Line]) -> String {
    lines.iter().map(|l| format!("[{}] {}\n", clock(l.start_ms, false), l.text)).collect()
}

/// A character folded for search: lower case, without accents (so "CAMIÓN" finds "camion").
fn fold_char(c: char) -> char {
    let lower = c.to_lowercase().next().unwrap_or(c);
    match lower {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ñ' => 'n',
        'ç' => 'c',
        other => other,
    }
}

/// The shortest and longest search query, in characters.
/// The largest audio chunk for transcription: a second of Opus at the recorder's 24 kbit/s is ~3 KB.
pub const MAX_AUDIO_CHUNK: u64 = 256 * 1024;
pub const QUERY_MIN: usize = 2;
pub const QUERY_MAX: usize = 100;
pub const QUERY_INVALID: &str = "La búsqueda debe tener entre 2 y 100 caracteres";
/// Characters of context shown on each side of a match.
pub const CONTEXT_CHARS: usize = 60;

/// The query trimmed, if it has 2 to 100 characters.
/// The same rule is `patterns::TWO_OR_MORE` with `maxLength` [`QUERY_MAX`] (the query as sent).
pub fn query(raw: &str) -> Result<String, &'static str> {
    let q = raw.trim();
    if q.chars().count() >= QUERY_MIN && raw.chars().count() <= QUERY_MAX {
        Ok(q.to_string())
    } else {
        Err(QUERY_INVALID)
    }
}

/// The query folded, as the SQL `LIKE` pre-filter can't fold accents: callers compare folded
/// text with [`find`].
pub fn fold(text: &str) -> String {
    text.chars().map(fold_char).collect()
}

/// The first match of `query` in `text`, case- and accent-insensitive: the text before it (at most
/// [`CONTEXT_CHARS`]), the matched text as written, and the text after it.
pub fn find(text: &str, query: &str) -> Option<(String, String, String)> {
    let chars: Vec<char> = text.chars().collect();
    let folded: Vec<char> = chars.iter().copied().map(fold_char).collect();
    let q: Vec<char> = query.chars().map(fold_char).collect();
    if q.is_empty() || q.len() > folded.len() {
        return None;
    }
    let at = (0..=folded.len() - q.len()).find(|&i| folded[i..i + q.len()] == q[..])?;
    let end = at + q.len();
    let before: String = chars[at.saturating_sub(CONTEXT_CHARS)..at].iter().collect();
    let after: String = chars[end..(end + CONTEXT_CHARS).min(chars.len())].iter().collect();
    Some((before, chars[at..end].iter().collect(), after))
}

#[cfg(test)]
#[path = "transcript_tests.rs"]
mod tests;
