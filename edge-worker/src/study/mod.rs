//! Panel studies (ADR 0017) on the worker: the options as stored and as the API shows them, the
//! screener's route (a verdict that takes no place), and what a participation adds: the checked
//! participant id, the screener again, the shuffled order and the completion URL.

pub mod answers;
pub mod summary;

use lupa_api_types::{
    AnalysisRequest, PanelDto, ParticipantScreenerQuestion, ParticipationData, ScreenRequest, ScreenResponse,
    ScreenerDto, StudyQuestionDto, StudyQuestionsDto,
};
use lupa_core::auth::rate_limit::Limit;
use lupa_core::study::{self, Study, StudyInput};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use worker::{Request, Response};

use crate::auth::rate;
use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::{client_address, json, read_json};
use crate::platform::db::{db, int, new_id, opt_text, text, Batch, Results, Slot};
use crate::App;

/// The same budget as taking part: a screener answered is one attempt (ADR 0017).
const SCREEN_PER_CLIENT: Limit = Limit { name: "screen-client", max: 60, window_ms: 60 * 60 * 1000 };
const STUDY: &str = "SELECT a.study_json, (SELECT COUNT(*) FROM analysis_tasks t WHERE t.analysis_id = a.id) AS tasks FROM analyses a WHERE a.id = ?1";
const SCREEN_OUT: &str =
    "INSERT INTO screen_outs (id, analysis_id, pid, question_number, question_text, option_text, created_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";

#[derive(Deserialize)]
struct StudyRow {
    study_json: Option<String>,
    tasks: i64,
}

/// JSON shapes of api-types and core are the same document; one goes into the other through it.
fn convert<A: Serialize, B: DeserializeOwned>(value: &A) -> ApiResult<B> {
    serde_json::to_value(value).and_then(serde_json::from_value).map_err(ApiError::internal)
}

/// The stored study; the default when none (or, which never happens, unreadable JSON).
pub fn parse(stored: Option<&str>) -> Study {
    stored.and_then(|s| serde_json::from_str(s).ok()).unwrap_or_else(Study::none)
}

/// What to store: NULL while the study is the default, so such analyses stay as the product document has them.
pub fn stored(study: &Study) -> ApiResult<Option<String>> {
    if study.is_default() {
        return Ok(None);
    }
    serde_json::to_string(study).map(Some).map_err(ApiError::internal)
}

/// The study as the analysis payload shows it.
pub fn dto(study: &Study) -> (ScreenerDto, StudyQuestionsDto, String, PanelDto) {
    let screener = ScreenerDto {
        questions: study.screener.questions.iter().map(|q| convert(q).ok()).collect::<Option<_>>().unwrap_or_default(),
    };
    let questions = convert(&study.questions).unwrap_or(StudyQuestionsDto { pre: Vec::new(), post: Vec::new() });
    let panel = PanelDto {
        pidParam: study.panel.pid_param.clone(),
        completionUrl: study.panel.completion_url.clone(),
        screenOutUrl: study.panel.screen_out_url.clone(),
    };
    (screener, questions, study.task_order.clone(), panel)
}

/// The options a create or edit request sent.
pub fn input(body: &AnalysisRequest) -> ApiResult<StudyInput> {
    Ok(StudyInput {
        screener: body.screener.as_ref().map(convert).transpose()?,
        questions: body.questions.as_ref().map(convert).transpose()?,
        task_order: body.taskOrder.clone(),
        panel: body.panel.as_ref().map(convert).transpose()?,
    })
}

/// The screener as the participant sees it (no accept marks), or `None` without one.
pub fn participant_screener(study: &Study) -> Option<Vec<ParticipantScreenerQuestion>> {
    let questions = &study.screener.questions;
    (!questions.is_empty()).then(|| {
        questions
            .iter()
            .map(|q| ParticipantScreenerQuestion {
                text: q.text.clone(),
                multiple: q.multiple,
                options: q.options.iter().map(|o| o.text.clone()).collect(),
            })
            .collect()
    })
}

/// The questions before the tasks as the participant is asked them before any permission
/// (issue 45), or `None` without any.
pub fn participant_pre_questions(study: &Study) -> Option<Vec<StudyQuestionDto>> {
    convert::<_, StudyQuestionsDto>(&study.questions).ok().map(|q| q.pre).filter(|pre| !pre.is_empty())
}

/// The participant id of a request, checked (400 with the rule when malformed).
pub fn participant_id(raw: Option<&str>) -> ApiResult<Option<String>> {
    study::participant_id(raw).map_err(|m| ApiError::composed(Composed::InvalidPid, m))
}

/// `POST /api/v1/analysis/screen`: the screener's verdict. Someone rejected is counted with the
/// question and option that rejected them, and takes no place: no entry exists (ADR 0017).
pub async fn screen(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: ScreenRequest = read_json(req).await?;
    let id = body
        .analysisId
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| ApiError::from(Fixed::MissingAnalysisId))?;
    let pid = participant_id(body.pid.as_deref())?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let attempt = rate::add_hit(&mut batch, SCREEN_PER_CLIENT, &client_address(req), app.now())?;
    let places = crate::participation::places::add_places(app, &mut batch, id)?;
    let results = batch.run().await?;
    rate::check(&results, attempt)?;
    // Only an analysis that takes participants counts screen-outs, with the same answer
    // 'Participar' gets (404 unknown, 400 completed or full): a screener's verdict on a closed
    // study would add a row for nobody who could ever have taken part.
    let row = crate::participation::places::check_places(&results, places)?;
    let study = parse(row.study_json.as_deref());
    if study.screener.questions.is_empty() {
        // Nothing to screen: no verdict, no row.
        return json(200, &ScreenResponse { accepted: true, screenOutUrl: None });
    }
    let answers = body.answers.unwrap_or_default();
    let rejection = study::screen(&study.screener, &answers)
        .map_err(|m| ApiError::composed(Composed::InvalidScreenerAnswers, m))?;
    let Some(rejection) = rejection else { return json(200, &ScreenResponse { accepted: true, screenOutUrl: None }) };
    let mut write = Batch::new(&database);
    write.add(
        SCREEN_OUT,
        &[
            text(&new_id()),
            text(id),
            opt_text(pid.as_deref()),
            int(i64::from(rejection.question_number)),
            text(&rejection.question),
            text(&rejection.option),
            int(app.now()),
        ],
    )?;
    write.run().await?;
    let url = study.panel.screen_out_url.as_deref().map(|u| study::redirect(u, pid.as_deref()));
    json(200, &ScreenResponse { accepted: false, screenOutUrl: url })
}

/// What a participation adds when the analysis has a study: the id and the order to store.
pub struct Claim {
    pub pid: Option<String>,
    pub task_order: Option<Vec<u32>>,
}

/// Adds reading an analysis's study to a batch (for `check_claim`).
pub fn add_study(batch: &mut Batch<'_>, analysis_id: &str) -> ApiResult<Slot> {
    batch.add(STUDY, &[text(analysis_id)])
}

/// Before a place is taken: the id checked, the screener answers checked again (a rejected or
/// missing answer takes no place), the order drawn when random.
pub fn check_claim(
    results: &Results,
    slot: Slot,
    pid: Option<&str>,
    screener: Option<&[Vec<u32>]>,
) -> ApiResult<Claim> {
    let pid = participant_id(pid)?;
    let Some(row) = results.first::<StudyRow>(slot)? else { return Ok(Claim { pid, task_order: None }) };
    let study = parse(row.study_json.as_deref());
    if !study.screener.questions.is_empty() {
        let verdict = study::screen(&study.screener, screener.unwrap_or(&[]))
            .map_err(|m| ApiError::composed(Composed::InvalidScreenerAnswers, m))?;
        if verdict.is_some() {
            return Err(ApiError::from(Fixed::ScreenedOut));
        }
    }
    let tasks = usize::try_from(row.tasks).unwrap_or(0);
    let task_order = study.random_order().then(|| {
        let mut bytes = vec![0u8; tasks * 2];
        crate::platform::random::fill(&mut bytes);
        study::shuffled_order(tasks, &bytes)
    });
    Ok(Claim { pid, task_order })
}

/// The JSON stored as `analysis_entries.task_order`.
pub fn order_json(order: Option<&Vec<u32>>) -> Option<String> {
    order.and_then(|o| serde_json::to_string(o).ok())
}

/// The participant's data with the study's parts: the order and the questions. Not the
/// completion URL: only the submit's answer carries it ([`completion_url`]).
pub fn with_study(mut data: ParticipationData, study_json: Option<&str>, claim: &Claim) -> ParticipationData {
    let study = parse(study_json);
    data.taskOrder = claim.task_order.clone();
    let questions = &study.questions;
    if !questions.pre.is_empty() || !questions.post.is_empty() {
        data.questions = convert(questions).ok();
    }
    data
}

/// Where a submitted participation's tab sends its participant (the panel's completion code,
/// `{pid}` filled in with this participation's id), when the analysis has one.
pub fn completion_url(study_json: Option<&str>, pid: Option<&str>) -> Option<String> {
    parse(study_json).panel.completion_url.as_deref().map(|u| study::redirect(u, pid))
}
