//! The activity log, read by the owner and admins (ADR 0019): `GET /team/activity` pages it newest
//! first, filtered by member (`actor`, an account id) and by kind; `GET /team/activity/export` is
//! the same rows as CSV (UTF-8 with BOM, at most `CSV_MAX_ROWS`, the newest). Rows are kept a year:
//! the cron deletes older ones (`purge`). What writes them: `activity.rs`, `members.rs`,
//! `invitations.rs`, `joining.rs`, `switch.rs` and `ownership.rs`, each in its change's own batch.

use lupa_api_types::{ActivityActorDto, ActivityDto, ActivityResponse};
use lupa_core::team::{ActivityKind, ACTIVITY_RETENTION_MS};
use serde::Deserialize;
use worker::{Request, Response, ResponseBuilder};

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Composed};
use crate::http::json;
use crate::platform::db::{db, int, text, Batch};
use crate::App;

const DEFAULT_PAGE_SIZE: i64 = 50;
const MAX_PAGE_SIZE: i64 = 100;
/// The CSV's limit: a year of a large team's log stays well inside a Worker's memory.
const CSV_MAX_ROWS: i64 = 50_000;

/// `?2`, `?3`: the actor and the kind, '' for any.
const PAGE: &str = "SELECT id, at, kind, actor_id, actor_name, subject_id, subject FROM workspace_activity \
     WHERE workspace_id = ?1 AND (?2 = '' OR actor_id = ?2) AND (?3 = '' OR kind = ?3) \
     ORDER BY at DESC, rowid DESC LIMIT ?4 OFFSET ?5";
const COUNT: &str = "SELECT COUNT(*) AS value FROM workspace_activity \
     WHERE workspace_id = ?1 AND (?2 = '' OR actor_id = ?2) AND (?3 = '' OR kind = ?3)";
/// Each actor once, with the name of their newest row.
const ACTORS: &str = "SELECT actor_id AS id, actor_name AS name FROM workspace_activity w \
     WHERE workspace_id = ?1 AND actor_id IS NOT NULL AND at = (SELECT MAX(at) FROM workspace_activity \
     WHERE workspace_id = ?1 AND actor_id = w.actor_id) GROUP BY actor_id ORDER BY name COLLATE NOCASE";
const PURGE: &str = "DELETE FROM workspace_activity WHERE at < ?1";

const BAD_KIND: &str = "El filtro de tipo no es un tipo de actividad";
const BAD_PAGE: &str = "La página debe ser un número a partir de 1";
const BAD_PAGE_SIZE: &str = "El tamaño de página debe ser un número entre 1 y 100";

#[derive(Deserialize)]
struct Row {
    id: String,
    at: i64,
    kind: String,
    actor_id: Option<String>,
    actor_name: String,
    subject_id: Option<String>,
    subject: Option<String>,
}

impl Row {
    fn dto(self) -> ActivityDto {
        ActivityDto {
            id: self.id,
            at: self.at,
            kind: self.kind,
            actorId: self.actor_id,
            actorName: self.actor_name,
            subjectId: self.subject_id,
            subject: self.subject,
        }
    }
}

/// The query's filters and page; a bad value is a 400 that says which.
struct Query {
    actor: String,
    kind: String,
    page: i64,
    size: i64,
}

fn query(req: &Request) -> ApiResult<Query> {
    let url = req.url()?;
    let param = |name: &str| {
        url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_string()).filter(|v| !v.is_empty())
    };
    let bad = |message: &'static str| ApiError::composed(Composed::BadFilter, message);
    let kind = match param("kind") {
        Some(kind) => ActivityKind::parse(&kind).ok_or_else(|| bad(BAD_KIND))?.as_str().to_string(),
        None => String::new(),
    };
    let number = |name: &str, default: i64, valid: &dyn Fn(i64) -> bool, message: &'static str| match param(name) {
        None => Ok(default),
        Some(value) => value.parse::<i64>().ok().filter(|n| valid(*n)).ok_or_else(|| bad(message)),
    };
    let page = number("page", 1, &|n| (1..=1_000_000).contains(&n), BAD_PAGE)?;
    let size = number("pageSize", DEFAULT_PAGE_SIZE, &|n| (1..=MAX_PAGE_SIZE).contains(&n), BAD_PAGE_SIZE)?;
    Ok(Query { actor: param("actor").unwrap_or_default(), kind, page, size })
}

/// `GET /api/v1/team/activity?actor=&kind=&page=&pageSize=`: one batch after the session.
pub async fn list(app: &App, user: &SessionUser, req: &Request) -> ApiResult<Response> {
    let workspace = user.workspace_id()?;
    let q = query(req)?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let filter = [text(workspace), text(&q.actor), text(&q.kind)];
    let paging = [int(q.size), int((q.page - 1) * q.size)];
    let page = batch.add(PAGE, &[filter.as_slice(), &paging].concat())?;
    let counted = batch.add(COUNT, &filter)?;
    let actors = batch.add(ACTORS, &[text(workspace)])?;
    let results = batch.run().await?;
    json(
        200,
        &ActivityResponse {
            entries: results.all::<Row>(page)?.into_iter().map(Row::dto).collect(),
            total: results.first_value::<i64>(counted)?.unwrap_or(0),
            page: q.page,
            pageSize: q.size,
            actors: results.all::<ActivityActorDto>(actors)?,
            kinds: ActivityKind::ALL.iter().map(|k| k.as_str().to_string()).collect(),
        },
    )
}

/// `GET /api/v1/team/activity/export?actor=&kind=`: the filtered log as CSV, newest first.
pub async fn export(app: &App, user: &SessionUser, req: &Request) -> ApiResult<Response> {
    let workspace = user.workspace_id()?;
    let q = query(req)?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let rows = batch.add(PAGE, &[text(workspace), text(&q.actor), text(&q.kind), int(CSV_MAX_ROWS), int(0)])?;
    let rows: Vec<Vec<String>> = batch
        .run()
        .await?
        .all::<Row>(rows)?
        .into_iter()
        .map(|row| {
            let label = ActivityKind::parse(&row.kind).map_or(row.kind.clone(), |k| k.label_es().to_string());
            vec![
                iso(row.at),
                row.actor_name,
                row.actor_id.unwrap_or_default(),
                row.kind,
                label,
                row.subject.unwrap_or_default(),
                row.subject_id.unwrap_or_default(),
            ]
        })
        .collect();
    let header = ["at", "actor", "actor_id", "kind", "what", "subject", "subject_id"];
    let body = lupa_core::csv::document(&header, &rows);
    Ok(ResponseBuilder::new()
        .with_header("content-type", "text/csv; charset=utf-8")?
        .with_header("content-disposition", "attachment; filename=\"lupa-actividad.csv\"")?
        .fixed(body.into_bytes()))
}

/// The cron's purge: rows older than a year go. Answers how many.
pub async fn purge(app: &App) -> ApiResult<usize> {
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let purged = batch.add(PURGE, &[int(app.now() - ACTIVITY_RETENTION_MS)])?;
    batch.run().await?.changes(purged)
}

/// ISO 8601 in UTC, the format spreadsheets parse.
fn iso(ms: i64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    date.to_iso_string().as_string().unwrap_or_default()
}
