//! The admin area's API: users (list, search, page, change role, delete with everything they own),
//! workspaces (`workspaces.rs`) and the waitlist (list, CSV). Every route answers 401/403 with product §8's refusal otherwise.

pub mod delete_user;
pub mod workspaces;

use lupa_api_types::{
    AdminUserDto, AdminUserUpdate, AdminUsersResponse, MessageResponse, WaitlistEntryDto, WaitlistResponse,
};
use lupa_core::auth::Role;
use serde::Deserialize;
use worker::{Request, Response, ResponseBuilder};

use crate::auth::sessions::{self, SessionUser};
use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::{json, read_json};
use crate::platform::db::{db, failed, int, stmt, text, Batch, Busy};
use crate::App;

/// Product §8 Admin list failure.
pub const REFUSED: &str = "User is not authorized to view this page - please log in again";
const BAD_PAGE: &str = "La página debe ser un número desde 1, y su tamaño de 1 a 200";

/// `instr`, not LIKE: what the admin types is matched literally, and a long query is no pattern
/// SQLite refuses as too complex (it answered 500).
const LIST: &str =
    "SELECT id, role, email, last_login_at, created_at FROM users WHERE (?1 = '' OR instr(email_normalized, ?1) > 0) \
     ORDER BY created_at DESC, id LIMIT ?2 OFFSET ?3";
const COUNT: &str = "SELECT COUNT(*) AS value FROM users WHERE (?1 = '' OR instr(email_normalized, ?1) > 0)";
const GUARD_ROLE: &str = "INSERT INTO invariant_checks (ok) SELECT (?2 = 'admin' OR role != 'admin' OR (SELECT COUNT(*) FROM users WHERE role = 'admin') > 1) \
     FROM users WHERE id = ?1";
const SET_ROLE: &str = "UPDATE users SET role = ?2, updated_at = ?3 WHERE id = ?1";
const CLEAR_GUARD: &str = "DELETE FROM invariant_checks";
const WAITLIST: &str = "SELECT id, email, consent_at, created_at FROM waitlist ORDER BY created_at DESC, id";

/// The signed-in admin, or 401 (no session) / 403 (not an admin) with product §8's message. The
/// router calls it for every route declared `Access::Admin`, before the handler.
pub async fn require_admin(app: &App, req: &Request) -> ApiResult<SessionUser> {
    let Some(user) = sessions::current(app, req).await? else {
        return Err(ApiError::composed(Composed::Unauthorized, REFUSED));
    };
    if Role::parse(&user.user.role) != Some(Role::Admin) {
        return Err(ApiError::from(Fixed::NotAdmin));
    }
    Ok(user)
}

pub(crate) fn query_param(req: &Request, name: &str) -> Option<String> {
    req.url().ok()?.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned())
}

/// `GET /api/v1/admin/?page=1&pageSize=50&q=ana`.
pub async fn users(app: &App, req: &Request) -> ApiResult<Response> {
    // Owed recording deletions are retried whenever an admin looks.
    let (env, config) = (app.env.clone(), app.config.clone());
    app.wait_until(async move {
        let _ = crate::participation::purge::drain(&App::background(env, config)).await;
    });
    // What the OpenAPI document says (`AdminUsersQuery`): a page from 1 (to `MAX_PAGE`), a size of 1 to 200.
    let number = |name: &str, default: i64, max: i64| match query_param(req, name) {
        None => Ok(default),
        Some(raw) => raw
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| ApiError::composed(Composed::BadFilter, BAD_PAGE)),
    };
    let page = number("page", 1, lupa_core::auth::MAX_PAGE)?;
    let size = number("pageSize", lupa_core::auth::DEFAULT_PAGE_SIZE, lupa_core::auth::MAX_PAGE_SIZE)?;
    let pattern = query_param(req, "q").map(|q| q.trim().to_lowercase()).unwrap_or_default();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let listed = batch.add(LIST, &[text(&pattern), int(size), int((page - 1).saturating_mul(size))])?;
    let counted = batch.add(COUNT, &[text(&pattern)])?;
    let results = batch.run().await?;
    let rows = results.all::<AdminUserDto>(listed)?;
    let total = results.first_value::<i64>(counted)?.unwrap_or(0);
    json(200, &AdminUsersResponse { users: rows, total, page, pageSize: size })
}

/// `PATCH /api/v1/admin/users/{id}`: admin ⇄ customer; the last admin keeps the role.
pub async fn update_user(app: &App, req: &mut Request, id: &str) -> ApiResult<Response> {
    let body: AdminUserUpdate = read_json(req).await?;
    let role = body.role.as_deref().and_then(Role::parse).filter(|r| *r != Role::Participant);
    let Some(role) = role else {
        return Err(ApiError::from(Fixed::BadRole));
    };
    let database = db(app)?;
    // One transaction: the guard (the last admin keeps the role), the change, the user read back.
    // A missing user inserts no guard row and changes nothing, and reads back nothing: 404.
    let mut batch = Batch::new(&database);
    batch.add(GUARD_ROLE, &[text(id), text(role.as_str())])?;
    batch.add(SET_ROLE, &[text(id), text(role.as_str()), int(app.now())])?;
    batch.add(CLEAR_GUARD, &[])?;
    let read = crate::auth::users::add_by_id(&mut batch, id)?;
    let results = batch.run().await.map_err(|err| {
        if err.source.as_deref().is_some_and(|s| s.contains("CHECK constraint failed")) {
            ApiError::from(Fixed::LastAdmin)
        } else {
            err
        }
    })?;
    let user = results.first::<crate::auth::users::UserRow>(read)?.ok_or_else(ApiError::not_found)?;
    if role != Role::Admin {
        // A former admin watching other customers' participations live loses that at once.
        crate::ledger::recheck_viewers(app, crate::ledger::Viewers::User(&user.id));
    }
    json(
        200,
        &AdminUserDto {
            id: user.id,
            role: user.role,
            email: user.email,
            last_login_at: user.last_login_at,
            created_at: user.created_at,
        },
    )
}

/// `DELETE /api/v1/admin/users/{id}`.
pub async fn delete_user(app: &App, admin: &SessionUser, id: &str) -> ApiResult<Response> {
    if admin.user.id == id {
        return Err(ApiError::from(Fixed::SelfDelete));
    }
    delete_user::delete(app, id).await?;
    json(200, &MessageResponse { message: "Usuario eliminado".into() })
}

#[derive(Deserialize)]
struct WaitlistRow {
    id: String,
    email: String,
    consent_at: i64,
    created_at: i64,
}

async fn waitlist_rows(app: &App) -> ApiResult<Vec<WaitlistRow>> {
    stmt(&db(app)?, WAITLIST, &[])?
        .all_busy()
        .await
        .map_err(failed(WAITLIST))?
        .results::<WaitlistRow>()
        .map_err(failed(WAITLIST))
}

/// `GET /api/v1/admin/waitlist`: newest first.
pub async fn waitlist(app: &App) -> ApiResult<Response> {
    let entries = waitlist_rows(app)
        .await?
        .into_iter()
        .map(|r| WaitlistEntryDto { id: r.id, email: r.email, consent_at: r.consent_at, created_at: r.created_at })
        .collect();
    json(200, &WaitlistResponse { entries })
}

/// `GET /api/v1/admin/waitlist/export`: the same as CSV (UTF-8 with BOM).
pub async fn waitlist_csv(app: &App) -> ApiResult<Response> {
    let rows: Vec<Vec<String>> =
        waitlist_rows(app).await?.into_iter().map(|r| vec![r.email, iso(r.consent_at), iso(r.created_at)]).collect();
    let body = lupa_core::csv::document(&["email", "consent_at", "created_at"], &rows);
    Ok(ResponseBuilder::new()
        .with_header("content-type", "text/csv; charset=utf-8")?
        .with_header("content-disposition", "attachment; filename=\"lupa-waitlist.csv\"")?
        .fixed(body.into_bytes()))
}

/// ISO 8601 in UTC, the format spreadsheets parse.
fn iso(ms: i64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    date.to_iso_string().as_string().unwrap_or_default()
}
