//! Host tests of AI summaries: the evidence check on worked cases (an invented quote, a real quote
//! placed at another time, a quote across two lines, punctuation and case), the prompt, and the
//! call and answer in Workers AI's documented shapes (recorded fixtures in `fixtures/ai-text-*`:
//! the JSON-mode request from developers.cloudflare.com/workers-ai/json-mode, the answers in the
//! binding's `{response, usage}` and the REST API's `{result, success, errors, messages}`; the
//! JSON-mode failure's error code is not documented, so only its message is read).

use super::evidence::{check, check_quote, normalise, said_around, Reason};
use super::model::{binding_output, model_input, proposal, rest_request, rest_response, CallError};
use super::prompt::{response_schema, user_message, PromptInput, Success, TaskOutcome};
use super::*;
use crate::transcript::{Language, Line};

const REQUEST: &str = include_str!("../../fixtures/ai-text-request.json");
const REST_OK: &str = include_str!("../../fixtures/ai-text-rest-ok.json");
const BINDING_STRING: &str = include_str!("../../fixtures/ai-text-binding-string.json");
const JSON_MODE_FAILED: &str = include_str!("../../fixtures/ai-text-rest-json-mode-failed.json");
const LIMITED: &str = include_str!("../../fixtures/ai-text-rest-429.json");

fn line(start_ms: i64, end_ms: i64, text: &str) -> Line {
    Line { start_ms, end_ms, text: text.into(), words: Vec::new() }
}

/// The lines of the Whisper fixture placed 40 s in, as the transcripts' API test places them.
fn transcript() -> Vec<Line> {
    vec![
        line(40_500, 43_200, "Vale, ahora busco el carrito."),
        line(52_300, 55_100, "No encuentro el botón de pagar."),
        line(90_000, 93_000, "¿Dónde está el envío? Ah, aquí."),
    ]
}

fn quote(start_ms: i64, end_ms: i64, text: &str) -> Quote {
    Quote { start_ms, end_ms, text: text.into() }
}

fn finding(text: &str, quotes: Vec<Quote>) -> Finding {
    Finding { text: text.into(), quotes }
}

#[test]
fn normalising_folds_case_whitespace_and_punctuation_and_nothing_else() {
    assert_eq!(normalise("  ¿Dónde   está el ENVÍO?  Ah,\taquí. "), "dónde está el envío ah aquí");
    assert_eq!(normalise("«No» —dijo— …vale"), "no dijo vale");
    // Accents are what was said: "esta" is another word than "está".
    assert_ne!(normalise("esta"), normalise("está"));
    assert_eq!(normalise("!!!"), "");
}

#[test]
fn a_quote_is_found_in_the_lines_around_its_time() {
    let lines = transcript();
    let all =
        normalise("Vale, ahora busco el carrito. No encuentro el botón de pagar. ¿Dónde está el envío? Ah, aquí.");
    assert_eq!(check_quote(&quote(52_300, 55_100, "no encuentro el botón de pagar"), &lines, &all), Ok(()));
    // Widened by 2 s: a quote timed 1.9 s after its line ends still finds it.
    assert_eq!(check_quote(&quote(57_000, 58_000, "el botón de pagar"), &lines, &all), Ok(()));
    assert_eq!(check_quote(&quote(57_200, 58_000, "el botón de pagar"), &lines, &all), Err(Reason::SaidElsewhere));
    // Across two lines overlapping the range, in time order.
    assert_eq!(check_quote(&quote(42_000, 53_000, "el carrito no encuentro"), &lines, &all), Ok(()));
    assert_eq!(check_quote(&quote(52_000, 53_000, "me encanta el logotipo"), &lines, &all), Err(Reason::NotSaid));
    // Whole words only, and nothing but case and punctuation is forgiven.
    assert_eq!(check_quote(&quote(40_500, 43_200, "car el"), &lines, &all), Err(Reason::NotSaid));
    assert_eq!(check_quote(&quote(40_500, 43_200, "ar el carrito"), &lines, &all), Err(Reason::NotSaid));
    assert_eq!(check_quote(&quote(90_000, 93_000, "donde esta el envio"), &lines, &all), Err(Reason::NotSaid));
    assert_eq!(check_quote(&quote(90_000, 93_000, "DÓNDE ESTÁ EL ENVÍO"), &lines, &all), Ok(()));
    assert_eq!(check_quote(&quote(90_000, 93_000, " ¿? "), &lines, &all), Err(Reason::Empty));
    assert_eq!(check_quote(&quote(93_000, 90_000, "aquí"), &lines, &all), Err(Reason::BadRange));
    assert_eq!(check_quote(&quote(0, 3_600_000, "aquí"), &lines, &all), Err(Reason::BadRange));
    assert_eq!(said_around(&lines, 0, 38_400), "");
    assert_eq!(said_around(&lines, 0, 38_500), "vale ahora busco el carrito");
}

#[test]
fn the_mixed_answer_drops_exactly_the_invented_and_the_misplaced() {
    let proposal = Proposal {
        tasks: vec![
            TaskFindings {
                task_number: 1,
                findings: vec![
                    finding("Busca el carrito", vec![quote(40_500, 43_200, "ahora busco el carrito")]),
                    finding("Inventada", vec![quote(52_300, 55_100, "Me encanta el color del logotipo.")]),
                ],
            },
            TaskFindings {
                task_number: 2,
                findings: vec![
                    // Real words, said at 52 s, placed at 90 s.
                    finding("Mal situada", vec![quote(90_000, 93_000, "No encuentro el botón de pagar.")]),
                    // One good quote and one bad: the finding stays with the good one.
                    finding(
                        "El envío",
                        vec![quote(90_000, 93_000, "¿Dónde está el envío?"), quote(90_000, 93_000, "qué caro")],
                    ),
                ],
            },
            TaskFindings { task_number: 7, findings: vec![finding("Tarea que no existe", vec![])] },
        ],
    };
    let checked = check(proposal, &transcript(), 2);
    assert_eq!(checked.dropped_findings, 3);
    assert_eq!((checked.proposed_quotes, checked.verified_quotes), (5, 2));
    let reasons: Vec<Reason> = checked.rejections.iter().map(|r| r.reason).collect();
    assert_eq!(reasons, vec![Reason::NotSaid, Reason::SaidElsewhere, Reason::NotSaid, Reason::UnknownTask]);
    assert_eq!(checked.tasks.len(), 2);
    assert_eq!(
        checked.tasks[0].findings,
        vec![finding("Busca el carrito", vec![quote(40_500, 43_200, "ahora busco el carrito")])]
    );
    assert_eq!(checked.tasks[1].findings[0].quotes, vec![quote(90_000, 93_000, "¿Dónde está el envío?")]);
}

#[test]
fn findings_and_quotes_beyond_the_limits_are_cut_not_counted() {
    let good = || finding("Hallazgo", vec![quote(40_500, 43_200, "busco el carrito"); 5]);
    let proposal = Proposal { tasks: vec![TaskFindings { task_number: 1, findings: vec![good(); 6] }] };
    let checked = check(proposal, &transcript(), 1);
    assert_eq!(checked.dropped_findings, 0);
    assert_eq!(checked.tasks[0].findings.len(), MAX_FINDINGS_PER_TASK);
    assert!(checked.tasks[0].findings.iter().all(|f| f.quotes.len() == MAX_QUOTES_PER_FINDING));
}

fn input() -> PromptInput {
    PromptInput {
        language: Language::Es,
        scenario: Some("Quieres comprar un regalo.".into()),
        tasks: vec![
            TaskOutcome { content: "Añade un producto al carrito".into(), success: Some(Success::Yes), seq: Some(6) },
            TaskOutcome { content: "Paga el pedido".into(), success: Some(Success::No), seq: None },
        ],
        steps: vec![(0, 0), (1, 5_000), (2, 40_000), (3, 50_000)],
        notes: vec![(53_000, "Duda con el botón".into())],
        lines: transcript(),
    }
}

#[test]
fn the_prompt_has_each_task_with_its_outcome_notes_steps_and_timed_lines() {
    let text = user_message(&input());
    assert!(text.starts_with("Escenario: Quieres comprar un regalo.\n"));
    let task1 = &text[text.find("## Tarea 1").unwrap()..text.find("## Tarea 2").unwrap()];
    assert!(task1.contains("¿Lo consiguió?: sí"));
    assert!(task1.contains("(SEQ, 1 muy difícil – 7 muy fácil): 6"));
    assert!(task1.contains("En la tarea (ms desde el inicio): 40000"));
    assert!(task1.contains("[40500-43200] Vale, ahora busco el carrito."));
    assert!(!task1.contains("botón"));
    let task2 = &text[text.find("## Tarea 2").unwrap()..];
    assert!(task2.contains("¿Lo consiguió?: no"));
    assert!(task2.contains("SEQ, 1 muy difícil – 7 muy fácil): sin respuesta"));
    assert!(task2.contains("  - [53000] Duda con el botón"));
    assert!(task2.contains("[52300-55100] No encuentro el botón de pagar."));
    let english = user_message(&PromptInput { language: Language::En, ..input() });
    assert!(english.contains("## Task 2: Paga el pedido") && english.contains("Did they succeed?: no"));
}

#[test]
fn the_request_has_the_documented_json_mode_shape() {
    let documented: serde_json::Value = serde_json::from_str(REQUEST).unwrap();
    let ours = model_input(&input());
    let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    for key in keys(&documented) {
        assert!(ours.get(&key).is_some(), "missing {key}");
    }
    assert_eq!(ours["response_format"]["type"], documented["response_format"]["type"]);
    assert_eq!(ours["response_format"]["json_schema"], response_schema());
    let roles: Vec<&str> = ours["messages"].as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, vec!["system", "user"]);
    assert!(ours["messages"][0]["content"].as_str().unwrap().contains("en español"));
    let call = rest_request("http://127.0.0.1:9/client/v4/", "acc", "tok", &input());
    assert_eq!(call.url, "http://127.0.0.1:9/client/v4/accounts/acc/ai/run/@cf/meta/llama-4-scout-17b-16e-instruct");
    assert!(call.headers.contains(&("Authorization".into(), "Bearer tok".into())));
    assert_eq!(serde_json::from_str::<serde_json::Value>(&call.body).unwrap(), ours);
}

#[test]
fn the_documented_answers_are_read() {
    let answer = rest_response(200, REST_OK).unwrap();
    assert_eq!((answer.usage.prompt_tokens, answer.usage.completion_tokens), (1830, 212));
    assert_eq!(answer.proposal.tasks[0].findings.len(), 2);
    let checked = check(answer.proposal, &transcript(), 1);
    assert_eq!((checked.dropped_findings, checked.verified_quotes), (1, 1));
    let binding = binding_output(serde_json::from_str(BINDING_STRING).unwrap()).unwrap();
    assert_eq!(binding.proposal.tasks[0].findings[0].quotes[0], quote(40_500, 43_200, "Vale, ahora busco el carrito."));
    // A response in a Markdown fence, and times written as decimals, are read too.
    let fenced = serde_json::json!({"response": "```json\n{\"tasks\":[{\"taskNumber\":1.0,\"findings\":[{\"text\":\"x\",\"quotes\":[{\"startMs\":1.4,\"endMs\":2,\"text\":\"y\"}]}]}]}\n```"});
    assert_eq!(binding_output(fenced).unwrap().proposal.tasks[0].findings[0].quotes[0], quote(1, 2, "y"));
}

#[test]
fn failures_are_retried_or_not() {
    assert!(matches!(rest_response(429, LIMITED), Err(CallError::Retry(_))));
    assert!(matches!(rest_response(503, "upstream"), Err(CallError::Retry(_))));
    assert!(matches!(rest_response(400, JSON_MODE_FAILED), Err(CallError::Retry(m)) if m.contains("JSON Mode")));
    assert!(matches!(
        rest_response(401, r#"{"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}"#),
        Err(CallError::Fail(_))
    ));
    assert!(matches!(binding_output(serde_json::json!({"usage": {}})), Err(CallError::Fail(_))));
    assert!(matches!(binding_output(serde_json::json!({"response": "not json"})), Err(CallError::Retry(_))));
    // What does not fit the schema is left out, not an error.
    let odd = serde_json::json!({"tasks": [{"findings": []}, {"taskNumber": 2, "findings": [{"text": "t", "quotes": [{"text": "no times"}]}]}]});
    let read = proposal(&odd);
    assert_eq!(read.tasks.len(), 1);
    assert!(read.tasks[0].findings[0].quotes.is_empty());
}
