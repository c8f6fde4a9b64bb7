//! Analyses for researchers: list, create (behind the subscription gate), read, edit, close and
//! reopen, delete. Another customer's analysis is always 404, never 403, so ids leak nothing.

pub mod repo;

use lupa_api_types::{AnalysisListResponse, AnalysisRequest, AnalysisResponse, MessageResponse};
use lupa_core::analysis::{self, AnalysisInput, Status};
use lupa_core::auth::Role;
use worker::{Request, Response};

use crate::auth::sessions::{self, SessionUser};
use crate::billing::gate;
use crate::db::{db, new_id, now_ms};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::App;

const INVALID: &str = "Revisa los datos del análisis";
const DELETED: &str = "Análisis eliminado";

fn settings(body: &AnalysisRequest) -> repo::QuestionSettings {
    repo::QuestionSettings { task_questions: body.taskQuestions, sus: body.sus }
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
    ApiError::bad_request("invalid_analysis", message).with_errors(problems.into_iter().map(str::to_string))
}

/// The analysis when `user` may see it: its owner, or an admin. Otherwise 404.
async fn owned(app: &App, user: &SessionUser, id: &str) -> ApiResult<repo::AnalysisRow> {
    let row = repo::find(&db(app)?, id).await?.ok_or_else(ApiError::not_found)?;
    let is_admin = Role::parse(&user.user.role) == Some(Role::Admin);
    if row.owner_id == user.user.id || is_admin {
        Ok(row)
    } else {
        Err(ApiError::not_found())
    }
}

/// The analysis row for the signed-in owner (or an admin); 401 without a session, else 404.
pub async fn owned_row(app: &App, req: &Request, id: &str) -> ApiResult<repo::AnalysisRow> {
    let user = sessions::require_user(app, req).await?;
    owned(app, &user, id).await
}

async fn answer(app: &App, id: &str, status: u16) -> ApiResult<Response> {
    let database = db(app)?;
    let row = repo::find(&database, id).await?.ok_or_else(ApiError::not_found)?;
    json(status, &AnalysisResponse { analysisData: repo::detail_with_entries(app, &database, row).await? })
}

/// `GET /api/v1/analysis`.
pub async fn list(app: &App, req: &Request) -> ApiResult<Response> {
    let user = sessions::require_user(app, req).await?;
    json(200, &AnalysisListResponse { analyses: repo::list(&db(app)?, &user.user.id).await? })
}

/// `POST /api/v1/analysis`.
pub async fn create(app: &App, req: &mut Request) -> ApiResult<Response> {
    let user = sessions::require_user(app, req).await?;
    let body: AnalysisRequest = read_json(req).await?;
    let settings = settings(&body);
    let valid = analysis::validate(&input(body)).map_err(invalid)?;
    let database = db(app)?;
    gate::require_subscription(&database, &user.user.id, gate::REQUIRED).await?;
    let id = new_id();
    repo::insert(&database, &id, &user.user.id, &valid, settings, now_ms()).await?;
    answer(app, &id, 201).await
}

/// `GET /api/v1/analysis/{id}`.
pub async fn get(app: &App, req: &Request, id: &str) -> ApiResult<Response> {
    let user = sessions::require_user(app, req).await?;
    let row = owned(app, &user, id).await?;
    let database = db(app)?;
    json(200, &AnalysisResponse { analysisData: repo::detail_with_entries(app, &database, row).await? })
}

/// `PATCH /api/v1/analysis/{id}`: every editable field again; the limit never below submissions.
pub async fn update(app: &App, req: &mut Request, id: &str) -> ApiResult<Response> {
    let user = sessions::require_user(app, req).await?;
    let row = owned(app, &user, id).await?;
    let body: AnalysisRequest = read_json(req).await?;
    let settings = settings(&body);
    let valid = analysis::validate(&input(body)).map_err(invalid)?;
    analysis::check_new_max(valid.max_participants, row.submitted).map_err(|m| invalid(vec![m]))?;
    let database = db(app)?;
    // The owner's subscription, also when an admin edits: it is the customer's study that grows.
    gate::require_subscription(&database, &row.owner_id, gate::REQUIRED_TO_CHANGE).await?;
    let status = analysis::status_for(Status::parse(&row.status), row.submitted, valid.max_participants);
    repo::update(&database, id, &valid, settings, status.as_str(), now_ms()).await?;
    answer(app, id, 200).await
}

/// `POST /api/v1/analysis/{id}/close`: no more participations.
pub async fn close(app: &App, req: &Request, id: &str) -> ApiResult<Response> {
    let user = sessions::require_user(app, req).await?;
    owned(app, &user, id).await?;
    repo::set_status(&db(app)?, id, Status::Completed.as_str(), now_ms()).await?;
    answer(app, id, 200).await
}

/// `POST /api/v1/analysis/{id}/reopen`: accepts participations again unless it is full.
pub async fn reopen(app: &App, req: &Request, id: &str) -> ApiResult<Response> {
    let user = sessions::require_user(app, req).await?;
    let row = owned(app, &user, id).await?;
    let status = analysis::reopen(row.submitted, row.max_participants).map_err(|m| ApiError::bad_request("analysis_full", m))?;
    let database = db(app)?;
    gate::require_subscription(&database, &row.owner_id, gate::REQUIRED_TO_CHANGE).await?;
    repo::set_status(&database, id, status.as_str(), now_ms()).await?;
    answer(app, id, 200).await
}

/// `DELETE /api/v1/analysis/{id}`: the rows in one transaction, then the recordings in R2.
pub async fn delete(app: &App, req: &Request, id: &str) -> ApiResult<Response> {
    let user = sessions::require_user(app, req).await?;
    owned(app, &user, id).await?;
    repo::delete(&db(app)?, id).await?;
    crate::participation::purge::drain(app).await?;
    json(200, &MessageResponse { message: DELETED.into() })
}
