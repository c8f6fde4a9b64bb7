//! Analyses for researchers: list, create (behind the subscription gate), read, edit, close and
//! reopen, delete. Another customer's analysis is always 404, never 403, so ids leak nothing.

pub mod live;
pub mod repo;

use lupa_api_types::{AnalysisListResponse, AnalysisRequest, AnalysisResponse, MessageResponse};
use lupa_core::analysis::{self, AnalysisInput, Status};
use lupa_core::study::Study;
use lupa_core::team::ActivityKind;
use worker::{D1Database, Request, Response};

use crate::auth::sessions::SessionUser;
use crate::billing::gate;
use crate::error::{ApiError, ApiResult, Composed};
use crate::http::{json, read_json};
use crate::platform::db::{db, new_id, Batch};
use crate::App;

const INVALID: &str = "Revisa los datos del análisis";
const DELETED: &str = "Análisis eliminado";

fn settings(body: &AnalysisRequest) -> repo::QuestionSettings {
    repo::QuestionSettings { task_questions: body.taskQuestions, sus: body.sus }
}

/// Validates product §5's fields, then the ADR 0017 options over the `current` ones (the defaults
/// on create); every problem is listed, product §5's first.
fn validate_all(body: AnalysisRequest, current: Study) -> ApiResult<(analysis::ValidAnalysis, Study)> {
    let study = lupa_core::study::validate(crate::study::input(&body)?, current);
    match (analysis::validate(&input(body)), study) {
        (Ok(valid), Ok(study)) => Ok((valid, study)),
        (valid, study) => {
            Err(invalid(valid.err().unwrap_or_default().into_iter().chain(study.err().unwrap_or_default()).collect()))
        }
    }
}

/// The transcription setting sent over `current` (ADR 0018); a language other than 'es' or 'en'
/// is a 422.
fn transcription(
    body: &AnalysisRequest,
    current: lupa_core::transcript::Setting,
) -> ApiResult<lupa_core::transcript::Setting> {
    let sent = body.transcription.as_ref();
    lupa_core::transcript::setting(
        sent.and_then(|t| t.enabled),
        sent.and_then(|t| t.language.as_deref()),
        sent.and_then(|t| t.summaries),
        current,
    )
    .map_err(|m| ApiError::composed(Composed::InvalidTranscription, m))
}

fn input(body: AnalysisRequest) -> AnalysisInput {
    AnalysisInput {
        name: body.name,
        url: body.url,
        max_participants: body.maxNumberOfParticipants,
        scenario: body.scenario,
        tasks: body.tasks.map(|tasks| tasks.into_iter().map(|t| t.taskContent.unwrap_or_default()).collect()),
        camera: body.camera,
    }
}

fn invalid(problems: Vec<&'static str>) -> ApiError {
    // The first problem is the message (the form shows one at a time); all are listed too.
    let message = problems.first().copied().unwrap_or(INVALID);
    ApiError::composed(Composed::InvalidAnalysis, message).with_errors(problems.into_iter().map(str::to_string))
}

/// Whether `user` may see an analysis: a member of its workspace, or an admin. Anyone else gets 404.
fn may_see(user: &SessionUser, row: &repo::AnalysisRow) -> bool {
    user.may_see_workspace(&row.workspace_id)
}

/// The analysis (with its tasks) for the signed-in owner or an admin (the router checked the
/// session), else 404; `add` puts more reads about it in the same batch (two round trips in all). What the batch
/// read is only used after the check.
pub async fn owned_with<T>(
    app: &App,
    user: &SessionUser,
    id: &str,
    add: impl FnOnce(&mut Batch<'_>) -> ApiResult<T>,
) -> ApiResult<(lupa_api_types::AnalysisDto, crate::platform::db::Results, T)> {
    // The row check is `owned_row_with`'s; the tasks are one more read in its batch.
    let (row, results, (tasks, more)) =
        owned_row_with(app, user, id, |batch| Ok((repo::add_tasks_of(batch, id)?, add(batch)?))).await?;
    Ok((repo::detail_from(row, &results, tasks)?, results, more))
}

/// The analysis row for the signed-in owner (or an admin), else 404; `add`
/// puts more reads about it in the same batch (two round trips in all), used only after the check.
pub async fn owned_row_with<T>(
    app: &App,
    user: &SessionUser,
    id: &str,
    add: impl FnOnce(&mut Batch<'_>) -> ApiResult<T>,
) -> ApiResult<(repo::AnalysisRow, crate::platform::db::Results, T)> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = repo::add_find(&mut batch, id)?;
    let more = add(&mut batch)?;
    let results = batch.run().await?;
    let row = visible(user, results.first(found)?)?;
    Ok((row, results, more))
}

/// The row a batch read, when `user` may see it; 404 otherwise.
fn visible(user: &SessionUser, row: Option<repo::AnalysisRow>) -> ApiResult<repo::AnalysisRow> {
    row.filter(|row| may_see(user, row)).ok_or_else(ApiError::not_found)
}

/// The analysis `id` when `user` may see it (404 otherwise), and whether its owner's subscription
/// is active, read together in one round trip. The owner's, also when an admin acts: it is the
/// customer's study that changes. The caller checks the subscription after the request's other
/// problems, which it reports first.
async fn find_with_subscription(
    database: &D1Database,
    user: &SessionUser,
    id: &str,
    now: i64,
) -> ApiResult<(repo::AnalysisRow, bool)> {
    let mut reads = Batch::new(database);
    let found = repo::add_find(&mut reads, id)?;
    let subscribed = gate::add_active_for_analysis(&mut reads, id, now)?;
    let results = reads.run().await?;
    Ok((visible(user, results.first(found)?)?, gate::is_active(&results, subscribed)?))
}

/// Runs `batch` (writes to analysis `id`, possibly none) and answers with the analysis as they
/// left it, read in the same round trip.
async fn write_and_answer(app: &App, mut batch: Batch<'_>, id: &str, status: u16) -> ApiResult<Response> {
    let detail = repo::add_detail(&mut batch, id, true)?;
    let results = batch.run().await?;
    let mut analysis = repo::detail_of(app, &results, detail)?.ok_or_else(ApiError::not_found)?;
    live::with_live_recordings(app, &mut analysis, &live::viewer_names(&results, detail.viewers)?).await;
    json(status, &AnalysisResponse { analysisData: analysis })
}

/// `GET /api/v1/analysis`.
pub async fn list(app: &App, user: &SessionUser) -> ApiResult<Response> {
    json(200, &AnalysisListResponse { analyses: repo::list(&db(app)?, user.workspace_id()?).await? })
}

/// `POST /api/v1/analysis`: three round trips (session, subscription, insert); the answer is
/// what was inserted.
pub async fn create(app: &App, user: &SessionUser, req: &mut Request) -> ApiResult<Response> {
    let body: AnalysisRequest = read_json(req).await?;
    let settings = settings(&body);
    let transcription = transcription(&body, lupa_core::transcript::Setting::default())?;
    let (valid, study) = validate_all(body, Study::none())?;
    let database = db(app)?;
    let workspace = user.workspace_id()?;
    gate::require_subscription(&database, workspace, gate::REQUIRED, app.now()).await?;
    let id = new_id();
    let analysis = repo::insert(
        &database,
        &id,
        repo::Owner { workspace, author: &user.user.id },
        &valid,
        settings,
        &study,
        transcription,
        app.now(),
        // The activity log's row, in the same batch (ADR 0019).
        |batch| crate::team::activity::add_for_analysis(batch, user, ActivityKind::AnalysisCreated, &id, app.now()),
    )
    .await?;
    json(201, &AnalysisResponse { analysisData: analysis })
}

/// `GET /api/v1/analysis/{id}`: the session, then the analysis with its tasks and entries.
pub async fn get(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let detail = repo::add_detail(&mut batch, id, true)?;
    let results = batch.run().await?;
    visible(user, repo::row_of(&results, detail)?)?;
    let mut analysis = repo::detail_of(app, &results, detail)?.ok_or_else(ApiError::not_found)?;
    live::with_live_recordings(app, &mut analysis, &live::viewer_names(&results, detail.viewers)?).await;
    json(200, &AnalysisResponse { analysisData: analysis })
}

/// `PATCH /api/v1/analysis/{id}`: every editable field again; the limit never below submissions.
/// Three round trips: the session; the analysis with its owner's subscription; the update with
/// the analysis read back.
pub async fn update(app: &App, user: &SessionUser, req: &mut Request, id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    let (row, subscribed) = find_with_subscription(&database, user, id, app.now()).await?;
    let body: AnalysisRequest = read_json(req).await?;
    let settings = settings(&body);
    let transcription = transcription(&body, row.transcription())?;
    let (valid, study) = validate_all(body, row.study())?;
    // Fewer places than the submissions it has: a valid request this analysis cannot take.
    analysis::check_new_max(valid.max_participants, row.submitted)
        .map_err(|m| ApiError::composed(Composed::MaxBelowSubmitted, m))?;
    gate::require_active(subscribed, gate::REQUIRED_TO_CHANGE)?;
    let status = analysis::status_for(Status::parse(&row.status), row.submitted, valid.max_participants);
    let mut writes = Batch::new(&database);
    repo::add_update(&mut writes, id, &valid, settings, &study, transcription, status.as_str(), app.now())?;
    write_and_answer(app, writes, id, 200).await
}

/// `POST /api/v1/analysis/{id}/close`: no more participations.
pub async fn close(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    visible(user, repo::find(&database, id).await?)?;
    let mut writes = Batch::new(&database);
    repo::add_set_status(&mut writes, id, Status::Completed.as_str(), app.now())?;
    write_and_answer(app, writes, id, 200).await
}

/// `POST /api/v1/analysis/{id}/reopen`: accepts participations again unless it is full.
pub async fn reopen(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    let (row, subscribed) = find_with_subscription(&database, user, id, app.now()).await?;
    let status = analysis::reopen(row.submitted, row.max_participants)
        .map_err(|m| ApiError::composed(Composed::AnalysisFull, m))?;
    gate::require_active(subscribed, gate::REQUIRED_TO_CHANGE)?;
    let mut writes = Batch::new(&database);
    repo::add_set_status(&mut writes, id, status.as_str(), app.now())?;
    write_and_answer(app, writes, id, 200).await
}

/// `DELETE /api/v1/analysis/{id}`: the rows in one transaction, then the recordings in R2.
pub async fn delete(app: &App, user: &SessionUser, id: &str) -> ApiResult<Response> {
    let database = db(app)?;
    visible(user, repo::find(&database, id).await?)?;
    let mut batch = Batch::new(&database);
    // Logged first, while the analysis is there to be named (ADR 0019).
    crate::team::activity::add_for_analysis(&mut batch, user, ActivityKind::AnalysisDeleted, id, app.now())?;
    // Its moderated sessions' rooms close once the rows are gone (ADR 0024).
    let rooms = batch.add(crate::moderated::room::ROOMS_OF_ANALYSIS, &[crate::platform::db::text(id)])?;
    repo::add_delete(&mut batch, &database, id, app.now())?;
    let results = crate::participation::purge::delete_and_drain(app, batch).await?;
    crate::moderated::room::close_after_answer(app, results.values::<String>(rooms)?);
    json(200, &MessageResponse { message: DELETED.into() })
}
