//! Host tests of the panel-study rules (ADR 0017).

use super::*;

fn yes_no(text: &str) -> ScreenerQuestion {
    ScreenerQuestion {
        text: text.into(),
        multiple: false,
        options: vec![
            ScreenerOption { text: "Sí".into(), accept: true },
            ScreenerOption { text: "No".into(), accept: false },
        ],
    }
}

fn question(kind: &str) -> Question {
    Question { text: "¿Qué tal?".into(), kind: kind.into(), options: vec!["A".into(), "B".into()], scale: Some(7) }
}

#[test]
fn nothing_sent_is_the_default_study() {
    let study = validate(StudyInput::default(), Study::none()).unwrap();
    assert!(study.is_default());
    assert_eq!(study.panel.pid_param, "pid");
    assert!(!study.random_order());
}

#[test]
fn each_field_is_checked_with_its_message() {
    let many =
        StudyInput { screener: Some(Screener { questions: vec![yes_no("¿Compras?"); 6] }), ..StudyInput::default() };
    assert_eq!(validate(many, Study::none()).unwrap_err(), vec![SCREENER_TOO_MANY]);
    let mut no_accept = yes_no("¿Compras?");
    no_accept.options[0].accept = false;
    let input = StudyInput { screener: Some(Screener { questions: vec![no_accept] }), ..StudyInput::default() };
    assert_eq!(validate(input, Study::none()).unwrap_err(), vec![SCREENER_NO_ACCEPT]);
    let input = StudyInput {
        questions: Some(Questions { pre: vec![Question { text: " ".into(), ..question("text") }], post: vec![] }),
        ..StudyInput::default()
    };
    assert_eq!(validate(input, Study::none()).unwrap_err(), vec![QUESTION_TEXT_REQUIRED]);
    let input = StudyInput {
        questions: Some(Questions { pre: vec![Question { scale: Some(6), ..question("scale") }], post: vec![] }),
        ..StudyInput::default()
    };
    assert_eq!(validate(input, Study::none()).unwrap_err(), vec![QUESTION_SCALE]);
    let input = StudyInput { task_order: Some("shuffled".into()), ..StudyInput::default() };
    assert_eq!(validate(input, Study::none()).unwrap_err(), vec![TASK_ORDER_INVALID]);
    for (param, completion, screen_out, problem) in [
        ("PROLIFIC PID", None, None, PID_PARAM_INVALID),
        ("pid", Some("http://panel.example.com/done"), None, COMPLETION_URL_INVALID),
        ("pid", None, Some("javascript:alert(1)"), SCREEN_OUT_URL_INVALID),
    ] {
        let panel = Panel {
            pid_param: param.into(),
            completion_url: completion.map(Into::into),
            screen_out_url: screen_out.map(Into::into),
        };
        let input = StudyInput { panel: Some(panel), ..StudyInput::default() };
        assert_eq!(validate(input, Study::none()).unwrap_err(), vec![problem]);
    }
}

#[test]
fn a_missing_field_keeps_the_current_value() {
    let current =
        validate(StudyInput { task_order: Some("random".into()), ..StudyInput::default() }, Study::none()).unwrap();
    let edited = validate(
        StudyInput {
            questions: Some(Questions { pre: vec![question("single")], post: vec![] }),
            ..StudyInput::default()
        },
        current,
    )
    .unwrap();
    assert!(edited.random_order());
    assert_eq!(edited.questions.pre[0].scale, None);
}

#[test]
fn ids_and_redirects() {
    assert_eq!(participant_id(Some("abc123")), Ok(Some("abc123".into())));
    assert_eq!(participant_id(Some("")), Ok(None));
    assert_eq!(participant_id(Some("a b")), Err(PID_INVALID));
    assert_eq!(participant_id(Some(&"x".repeat(65))), Err(PID_INVALID));
    assert!(https_url("https://app.prolific.com/submissions/complete?cc=C1&pid={pid}"));
    assert!(!https_url("http://app.prolific.com/"));
    assert_eq!(redirect("https://p.example.com/done?id={pid}", Some("a_b-1")), "https://p.example.com/done?id=a_b-1");
    assert_eq!(redirect("https://p.example.com/done?id={pid}", None), "https://p.example.com/done?id=");
}

#[test]
fn the_screener_rejects_on_the_first_refusing_option() {
    let screener = Screener { questions: vec![yes_no("¿Compras online?"), yes_no("¿Tienes móvil?")] };
    assert_eq!(screen(&screener, &[vec![0], vec![0]]), Ok(None));
    let rejected = screen(&screener, &[vec![0], vec![1]]).unwrap().unwrap();
    assert_eq!((rejected.question_number, rejected.option.as_str()), (2, "No"));
    assert_eq!(screen(&screener, &[vec![0]]), Err(SCREENER_ANSWERS_INVALID));
    assert_eq!(screen(&screener, &[vec![0, 1], vec![0]]), Err(SCREENER_ANSWERS_INVALID));
    assert_eq!(screen(&screener, &[vec![0], vec![5]]), Err(SCREENER_ANSWERS_INVALID));
}

#[test]
fn a_shuffle_is_a_permutation() {
    for seed in 0u8..20 {
        let bytes: Vec<u8> = (0..20).map(|i: u8| i.wrapping_mul(37).wrapping_add(seed.wrapping_mul(11))).collect();
        let mut order = shuffled_order(6, &bytes);
        order.sort_unstable();
        assert_eq!(order, vec![1, 2, 3, 4, 5, 6]);
    }
    assert_eq!(shuffled_order(1, &[]), vec![1]);
}

#[test]
fn answers_are_stored_with_their_option_texts() {
    let single = question("single");
    assert_eq!(
        stored_answer(&single, &AnswerInput { choices: Some(vec![1]), ..AnswerInput::default() }),
        Ok(serde_json::json!(["B"]))
    );
    assert_eq!(
        stored_answer(&single, &AnswerInput { choices: Some(vec![0, 1]), ..AnswerInput::default() }),
        Err(ANSWERS_INVALID)
    );
    let scale = Question { scale: Some(5), ..question("scale") };
    assert_eq!(stored_answer(&scale, &AnswerInput { value: Some(6), ..AnswerInput::default() }), Err(ANSWERS_INVALID));
    assert_eq!(answer_text(&serde_json::json!(["A", "B"])), "A; B");
}
