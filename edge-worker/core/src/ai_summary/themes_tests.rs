//! Host tests of the themes: the prompt names each verified quote once, in participant order; the
//! check keeps only ids the prompt named, drops themes from one participation, counts what the
//! themes cite and shows quotes spread over the participations; the request's shape.

use super::themes::{
    check, model_input, prompt, proposed, remakes, Proposed, Summarised, ThemesInput, MAX_QUOTES_PER_THEME,
};
use super::{Finding, Quote, TaskFindings};
use crate::transcript::Language;
use serde_json::json;

fn quote(start_ms: i64, text: &str) -> Quote {
    Quote { start_ms, end_ms: start_ms + 2_000, text: text.into() }
}

fn participation(number: i64, quotes: &[(u32, i64, &str)]) -> Summarised {
    let mut tasks: Vec<TaskFindings> = Vec::new();
    for (task, at, text) in quotes {
        let finding = Finding { text: format!("Hallazgo de la tarea {task}"), quotes: vec![quote(*at, text)] };
        match tasks.iter_mut().find(|t| t.task_number == *task) {
            Some(t) => t.findings.push(finding),
            None => tasks.push(TaskFindings { task_number: *task, findings: vec![finding] }),
        }
    }
    Summarised { entry_id: format!("entry-{number}"), participant_number: number, tasks }
}

fn input() -> ThemesInput {
    ThemesInput {
        language: Language::Es,
        scenario: Some("Compras un regalo.".into()),
        tasks: vec!["Busca el carrito".into(), "Paga el pedido".into()],
        participations: vec![
            participation(1, &[(1, 10_000, "No encuentro el carrito."), (2, 50_000, "El botón de pagar no se ve.")]),
            participation(2, &[(1, 12_000, "¿Dónde está el carrito?")]),
            participation(3, &[]),
            participation(4, &[(2, 70_000, "No sé dónde pagar.")]),
        ],
    }
}

fn theme(title: &str, ids: &[&str]) -> Proposed {
    Proposed {
        title: title.into(), text: "Explicación".into(), quote_ids: ids.iter().map(|s| s.to_string()).collect()
    }
}

#[test]
fn the_prompt_names_each_verified_quote_once_in_participant_order() {
    let built = prompt(&input());
    assert_eq!(built.refs.len(), 4);
    assert!(built
        .user
        .contains("## Participante 1\n- Tarea 1: Hallazgo de la tarea 1\n  - [Q1] «No encuentro el carrito.»"));
    assert!(built.user.contains("  - [Q3] «¿Dónde está el carrito?»"));
    assert!(built.user.contains("1. Busca el carrito\n2. Paga el pedido"));
    // A participation with no findings is not named at all.
    assert!(!built.user.contains("Participante 3"));
    assert_eq!(built.refs[3].entry_id, "entry-4");
    assert_eq!(built.refs[3].task_number, Some(2));
    assert_eq!(built.left_out, 0);
}

#[test]
fn a_theme_needs_quotes_from_two_participations_and_ids_the_prompt_named() {
    let built = prompt(&input());
    let checked = check(
        vec![
            theme("Carrito escondido", &["Q1", "Q3"]),
            theme("Solo una persona", &["Q1", "Q2"]),
            theme("Citas inventadas", &["Q99", "Q0", "X"]),
            theme("Pagar", &["[Q2]", "Q4", "Q4"]),
            theme("", &["Q1", "Q3"]),
        ],
        &built.refs,
    );
    let titles: Vec<&str> = checked.themes.iter().map(|t| t.title.as_str()).collect();
    assert_eq!(titles, ["Carrito escondido", "Pagar"]);
    assert_eq!(checked.dropped, 3);
    assert_eq!(checked.unknown_ids, 3);
    let pay = &checked.themes[1];
    assert_eq!(pay.participations, 2);
    // A repeated id is one quote; quotes in participant and time order, with their words as verified.
    let said: Vec<(&str, &str)> = pay.quotes.iter().map(|q| (q.entry_id.as_str(), q.text.as_str())).collect();
    assert_eq!(said, [("entry-1", "El botón de pagar no se ve."), ("entry-4", "No sé dónde pagar.")]);
}

#[test]
fn shown_quotes_span_the_participations_before_repeating_one() {
    let many: Vec<(u32, i64, &str)> = (0..12).map(|i| (1, i * 5_000, "Una frase dicha.")).collect();
    let crowd = ThemesInput {
        participations: vec![participation(1, &many), participation(2, &[(1, 1_000, "Otra frase.")])],
        ..input()
    };
    let built = prompt(&crowd);
    let ids: Vec<String> = (1..=built.refs.len()).map(|n| format!("Q{n}")).collect();
    let checked = check(vec![Proposed { title: "Todo".into(), text: String::new(), quote_ids: ids }], &built.refs);
    let theme = &checked.themes[0];
    assert_eq!(theme.quotes.len(), MAX_QUOTES_PER_THEME);
    assert!(theme.quotes.iter().any(|q| q.entry_id == "entry-2"), "participant 2's only quote is shown");
    assert_eq!(theme.participations, 2);
}

#[test]
fn the_answer_is_read_leniently_and_the_request_is_json_mode() {
    let read = proposed(&json!({"themes": [
        {"title": "  Carrito\n escondido ", "text": "x", "quoteIds": ["Q1", 7, "Q2"]},
        {"text": "sin título", "quoteIds": ["Q1"]},
        "no es un tema"
    ]}));
    assert_eq!(read[0].title, "Carrito escondido");
    assert_eq!(read[0].quote_ids, ["Q1", "Q2"]);
    assert_eq!(read[1].title, "");
    let body = model_input(Language::En, "data");
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(body["response_format"]["json_schema"]["properties"]["themes"]["maxItems"], 8);
    assert!(body["messages"][0]["content"].as_str().unwrap_or_default().starts_with("You are a user-experience"));
    assert_eq!(body["messages"][1]["content"], "data");
}

#[test]
fn participations_past_the_length_are_left_out_whole() {
    let long = "palabra ".repeat(2_000);
    let participations: Vec<Summarised> = (1..=40).map(|n| participation(n, &[(1, 1_000, long.as_str())])).collect();
    let built = prompt(&ThemesInput { participations, ..input() });
    assert!(built.left_out > 0);
    assert!(built.user.len() <= super::themes::MAX_INPUT_CHARS);
    assert_eq!(built.refs.len(), 40 - built.left_out);
}

#[test]
fn themes_are_remade_after_each_summary_up_to_twenty_then_as_the_analysis_grows_by_a_tenth() {
    let mut used = 1;
    let made: Vec<u32> = (2..=60).filter(|&k| remakes(used, k).then(|| used = k).is_some()).collect();
    let expected: Vec<u32> = (2..=20).chain([22, 24, 26, 28, 30, 33, 36, 39, 42, 46, 50, 55, 60]).collect();
    assert_eq!(made, expected);
    assert!(!remakes(100, 109));
    assert!(remakes(100, 110));
    assert!(remakes(0, 1), "a first summary always schedules (it finds no themes to keep)");
}
