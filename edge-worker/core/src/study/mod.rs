//! Panel studies (ADR 0017): the screener, the questions before and after the tasks, the task
//! order and the panel links of an analysis; their validation, the screener's verdict, the
//! participant id, the shuffled order and the redirect URLs. All optional: an analysis without
//! them is product §5's, and its payload has none of these fields.
//!
//! What happens while a participant takes part (their id, the screener's verdict, the order, the
//! answers kept, the redirect) is in `participation.rs`.

use serde::{Deserialize, Serialize};

mod participation;
pub use participation::*;

pub const SCREENER_TOO_MANY: &str = "El filtro puede tener como máximo 5 preguntas";
pub const SCREENER_TEXT_REQUIRED: &str = "Cada pregunta del filtro necesita un enunciado";
pub const SCREENER_OPTIONS: &str = "Cada pregunta del filtro necesita entre 2 y 10 opciones, todas con texto";
pub const SCREENER_NO_ACCEPT: &str = "Cada pregunta del filtro necesita al menos una opción marcada 'Aceptar'";
pub const QUESTIONS_TOO_MANY: &str = "Puedes hacer como máximo 10 preguntas antes y 10 después de las tareas";
pub const QUESTION_TEXT_REQUIRED: &str = "Cada pregunta necesita un enunciado";
pub const QUESTION_TYPE_INVALID: &str = "El tipo de pregunta debe ser texto, opción única, opción múltiple o escala";
pub const QUESTION_OPTIONS: &str = "Cada pregunta de opciones necesita entre 2 y 10 opciones, todas con texto";
pub const QUESTION_SCALE: &str = "La escala debe ser de 1 a 5 o de 1 a 7";
pub const TEXT_TOO_LONG: &str = "Los enunciados y las opciones pueden tener como máximo 500 caracteres";
pub const TASK_ORDER_INVALID: &str = "El orden de las tareas debe ser 'fixed' (fijo) o 'random' (aleatorio)";
pub const PID_PARAM_INVALID: &str =
    "El parámetro del identificador solo puede tener letras, números, '-' y '_' (máximo 64)";
pub const COMPLETION_URL_INVALID: &str = "La URL de finalización debe ser una URL https válida";
pub const SCREEN_OUT_URL_INVALID: &str = "La URL de rechazo del filtro debe ser una URL https válida";
pub const PID_INVALID: &str =
    "El identificador del participante solo puede tener letras, números, '-' y '_' (máximo 64)";
pub const SCREENER_ANSWERS_INVALID: &str = "Responde a todas las preguntas del filtro";
pub const ANSWERS_INVALID: &str = "Responde a todas las preguntas";
pub const ANSWER_TOO_LONG: &str = "Cada respuesta puede tener como máximo 2000 caracteres";

pub const MAX_SCREENER_QUESTIONS: usize = 5;
pub const MAX_QUESTIONS: usize = 10;
pub const MAX_OPTIONS: usize = 10;
pub const MAX_TEXT: usize = 500;
pub const MAX_ANSWER: usize = 2000;
pub const MAX_PID: usize = 64;
pub const DEFAULT_PID_PARAM: &str = "pid";

/// One screener option: choosing it lets the participant in ('Aceptar') or not ('Rechazar').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScreenerOption {
    pub text: String,
    pub accept: bool,
}

/// One screener question, single choice unless `multiple`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScreenerQuestion {
    pub text: String,
    #[serde(default)]
    pub multiple: bool,
    pub options: Vec<ScreenerOption>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Screener {
    pub questions: Vec<ScreenerQuestion>,
}

/// A question before or after the tasks. `kind`: 'text', 'single', 'multiple' or 'scale'.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub text: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// The choices of 'single' and 'multiple'; empty (and left out) otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// The top of a 'scale' (5 or 7); `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<u8>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Questions {
    #[serde(default)]
    pub pre: Vec<Question>,
    #[serde(default)]
    pub post: Vec<Question>,
}

/// The panel's links: which query parameter carries its participant id, and where finishers and
/// screened-out people are sent (https only; `{pid}` is replaced by the id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Panel {
    pub pid_param: String,
    #[serde(default)]
    pub completion_url: Option<String>,
    #[serde(default)]
    pub screen_out_url: Option<String>,
}

impl Default for Panel {
    fn default() -> Self {
        Panel { pid_param: DEFAULT_PID_PARAM.into(), completion_url: None, screen_out_url: None }
    }
}

/// Everything of ADR 0017 for one analysis, as stored in `analyses.study_json`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Study {
    #[serde(default)]
    pub screener: Screener,
    #[serde(default)]
    pub questions: Questions,
    /// 'fixed' or 'random'.
    #[serde(default = "fixed")]
    pub task_order: String,
    #[serde(default)]
    pub panel: Panel,
}

fn fixed() -> String {
    "fixed".into()
}

impl Study {
    /// The defaults: no screener, no questions, fixed order, `pid`, no redirects.
    pub fn none() -> Study {
        Study { task_order: fixed(), ..Study::default() }
    }

    pub fn is_default(&self) -> bool {
        *self == Study::none()
    }

    pub fn random_order(&self) -> bool {
        self.task_order == "random"
    }

    /// The questions of a phase ('pre' or 'post').
    pub fn phase(&self, phase: &str) -> Option<&[Question]> {
        match phase {
            "pre" => Some(&self.questions.pre),
            "post" => Some(&self.questions.post),
            _ => None,
        }
    }
}

/// What a request sent; a missing field keeps the current value (the default on create).
#[derive(Debug, Clone, Default)]
pub struct StudyInput {
    pub screener: Option<Screener>,
    pub questions: Option<Questions>,
    pub task_order: Option<String>,
    pub panel: Option<Panel>,
}

impl StudyInput {
    pub fn is_empty(&self) -> bool {
        self.screener.is_none() && self.questions.is_none() && self.task_order.is_none() && self.panel.is_none()
    }
}

fn too_long(text: &str) -> bool {
    text.chars().count() > MAX_TEXT
}

/// Merges `input` over `current` and validates the result (trimmed texts); every problem once,
/// in form order.
pub fn validate(input: StudyInput, current: Study) -> Result<Study, Vec<&'static str>> {
    let mut problems: Vec<&'static str> = Vec::new();
    let mut push = |p: &'static str| {
        if !problems.contains(&p) {
            problems.push(p);
        }
    };
    let mut study = current;
    if let Some(screener) = input.screener {
        study.screener = screener;
    }
    if let Some(questions) = input.questions {
        study.questions = questions;
    }
    if let Some(order) = input.task_order {
        study.task_order = order;
    }
    if let Some(panel) = input.panel {
        study.panel = panel;
    }
    if study.screener.questions.len() > MAX_SCREENER_QUESTIONS {
        push(SCREENER_TOO_MANY);
    }
    // Lengths count the texts as sent, before trimming (the OpenAPI document's `maxLength`).
    for q in &mut study.screener.questions {
        if too_long(&q.text) || q.options.iter().any(|o| too_long(&o.text)) {
            push(TEXT_TOO_LONG);
        }
        q.text = q.text.trim().to_string();
        if q.text.is_empty() {
            push(SCREENER_TEXT_REQUIRED);
        }
        for o in &mut q.options {
            o.text = o.text.trim().to_string();
        }
        if !(2..=MAX_OPTIONS).contains(&q.options.len()) || q.options.iter().any(|o| o.text.is_empty()) {
            push(SCREENER_OPTIONS);
        } else if !q.options.iter().any(|o| o.accept) {
            push(SCREENER_NO_ACCEPT);
        }
    }
    if study.questions.pre.len() > MAX_QUESTIONS || study.questions.post.len() > MAX_QUESTIONS {
        push(QUESTIONS_TOO_MANY);
    }
    for q in study.questions.pre.iter_mut().chain(study.questions.post.iter_mut()) {
        if too_long(&q.text) || q.options.iter().any(|o| too_long(o)) {
            push(TEXT_TOO_LONG);
        }
        q.text = q.text.trim().to_string();
        if q.text.is_empty() {
            push(QUESTION_TEXT_REQUIRED);
        }
        for o in &mut q.options {
            *o = o.trim().to_string();
        }
        match q.kind.as_str() {
            "text" => {
                q.options.clear();
                q.scale = None;
            }
            "single" | "multiple" => {
                q.scale = None;
                if !(2..=MAX_OPTIONS).contains(&q.options.len()) || q.options.iter().any(String::is_empty) {
                    push(QUESTION_OPTIONS);
                }
            }
            "scale" => {
                q.options.clear();
                if !matches!(q.scale, Some(5 | 7)) {
                    push(QUESTION_SCALE);
                }
            }
            _ => push(QUESTION_TYPE_INVALID),
        }
    }
    if !matches!(study.task_order.as_str(), "fixed" | "random") {
        push(TASK_ORDER_INVALID);
    }
    study.panel.pid_param = study.panel.pid_param.trim().to_string();
    if !valid_id(&study.panel.pid_param) {
        push(PID_PARAM_INVALID);
    }
    match panel_url(study.panel.completion_url.take()) {
        Ok(url) => study.panel.completion_url = url,
        Err(InvalidUrl) => push(COMPLETION_URL_INVALID),
    }
    match panel_url(study.panel.screen_out_url.take()) {
        Ok(url) => study.panel.screen_out_url = url,
        Err(InvalidUrl) => push(SCREEN_OUT_URL_INVALID),
    }
    if problems.is_empty() {
        Ok(study)
    } else {
        Err(problems)
    }
}

/// 1–64 of `[A-Za-z0-9_-]`: what panels use for ids, and safe in a URL and a CSV cell as is.
fn valid_id(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= MAX_PID
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// An https URL with a domain (product §5's shape, `{pid}` allowed anywhere after the host).
pub fn https_url(raw: &str) -> bool {
    let Some(rest) = raw.get(..8).filter(|s| s.eq_ignore_ascii_case("https://")).and(raw.get(8..)) else {
        return false;
    };
    if rest.split(['/', '?', '#']).next().is_some_and(|host| host.contains("{pid}")) {
        return false;
    }
    let probe = raw.replace("{pid}", "x");
    crate::analysis::normalize_url(&probe).is_ok()
}

/// A panel's redirect URL as sent: blank or missing is none; otherwise an https URL, trimmed, at
/// most [`crate::analysis::MAX_URL_LEN`] characters as sent. The same rule is
/// `patterns::HTTPS_ADDRESS_OR_BLANK` with that `maxLength`.
pub fn panel_url(sent: Option<String>) -> Result<Option<String>, InvalidUrl> {
    let Some(sent) = sent else { return Ok(None) };
    let url = sent.trim();
    if url.is_empty() {
        Ok(None)
    } else if sent.chars().count() <= crate::analysis::MAX_URL_LEN && https_url(url) {
        Ok(Some(url.to_string()))
    } else {
        Err(InvalidUrl)
    }
}

/// A panel URL that is not one (each has its own message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidUrl;

/// The panel's id parameter as sent: 1–64 of `[A-Za-z0-9_-]` once trimmed
/// (`patterns::ID_PARAMETER`).
pub fn valid_id_parameter(sent: &str) -> bool {
    valid_id(sent.trim())
}

#[cfg(test)]
mod tests;
