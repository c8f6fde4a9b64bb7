//! The admin area's workspaces (ADR 0019): every workspace, newest first, a page at a time, with
//! the seats its members take, what its subscription pays for, and its members; searched by the
//! workspace's name or a member's e-mail. One batch after the admin's session: the page, its
//! members and the count.

use lupa_api_types::{AdminWorkspaceDto, AdminWorkspaceMemberDto, AdminWorkspacesResponse};
use lupa_core::team::{personal_workspace_id, TeamRole};
use serde::Deserialize;
use worker::{Request, Response};

use super::query_param;
use crate::error::{ApiError, ApiResult};
use crate::http::json;
use crate::platform::db::{db, int, text, Batch};
use crate::team::role_name;
use crate::App;

const DEFAULT_PAGE_SIZE: i64 = 25;
const MAX_PAGE_SIZE: i64 = 100;

/// `?1`: lower-case text found in the name or a member's normalised e-mail, '' for every
/// workspace. `instr`, not `LIKE`: D1 refuses LIKE patterns over 50 bytes ("pattern too complex"),
/// shorter than many e-mail addresses, and the admin's `%` and `_` are characters here.
macro_rules! matching {
    () => {
        "FROM workspaces w WHERE (?1 = '' OR instr(lower(w.name), ?1) > 0 OR EXISTS (SELECT 1 FROM workspace_members fm \
         JOIN users fu ON fu.id = fm.user_id WHERE fm.workspace_id = w.id AND instr(fu.email_normalized, ?1) > 0))"
    };
}

/// The newest subscription in force first, else the newest at all.
const PAGE: &str = concat!(
    "SELECT w.id, w.name, w.created_at, \
     (SELECT COUNT(*) FROM workspace_members m WHERE m.workspace_id = w.id AND m.role IN ('owner', 'admin', 'researcher')) AS seats, \
     (SELECT s.status FROM subscriptions s WHERE s.workspace_id = w.id \
      ORDER BY s.status IN ('active', 'trialing', 'past_due') DESC, s.updated_at DESC LIMIT 1) AS subscription_status, \
     (SELECT s.quantity FROM subscriptions s WHERE s.workspace_id = w.id \
      ORDER BY s.status IN ('active', 'trialing', 'past_due') DESC, s.updated_at DESC LIMIT 1) AS paid_seats ",
    matching!(),
    " ORDER BY w.created_at DESC, w.id LIMIT ?2 OFFSET ?3"
);
const MEMBERS: &str = concat!(
    "SELECT m.workspace_id, m.user_id, u.email, u.name, m.role FROM workspace_members m JOIN users u ON u.id = m.user_id \
     WHERE m.workspace_id IN (SELECT w.id ",
    matching!(),
    " ORDER BY w.created_at DESC, w.id LIMIT ?2 OFFSET ?3) \
     ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'researcher' THEN 2 ELSE 3 END, m.joined_at, u.email"
);
const COUNT: &str = concat!("SELECT COUNT(*) AS value ", matching!());

#[derive(Deserialize)]
struct Row {
    id: String,
    name: String,
    created_at: i64,
    seats: i64,
    subscription_status: Option<String>,
    paid_seats: Option<i64>,
}

#[derive(Deserialize)]
struct MemberRow {
    workspace_id: String,
    user_id: String,
    email: String,
    name: Option<String>,
    role: String,
}

/// `GET /api/v1/admin/workspaces?page=1&pageSize=25&q=ana`.
pub async fn list(app: &App, req: &Request) -> ApiResult<Response> {
    let page = query_param(req, "page").and_then(|p| p.parse::<i64>().ok()).unwrap_or(1).clamp(1, 1_000_000);
    let size = query_param(req, "pageSize")
        .and_then(|p| p.parse::<i64>().ok())
        .unwrap_or(DEFAULT_PAGE_SIZE)
        .clamp(1, MAX_PAGE_SIZE);
    let pattern = query_param(req, "q").map(|q| q.trim().to_lowercase()).unwrap_or_default();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let paging = [text(&pattern), int(size), int((page - 1) * size)];
    let rows = batch.add(PAGE, &paging)?;
    let members = batch.add(MEMBERS, &paging)?;
    let counted = batch.add(COUNT, &[text(&pattern)])?;
    let results = batch.run().await?;
    let members = results.all::<MemberRow>(members)?;
    let workspaces = results
        .all::<Row>(rows)?
        .into_iter()
        .map(|row| {
            let mine: Vec<&MemberRow> = members.iter().filter(|m| m.workspace_id == row.id).collect();
            let personal = mine.iter().any(|m| m.role == "owner" && personal_workspace_id(&m.user_id) == row.id);
            let members = mine
                .into_iter()
                .map(|m| {
                    let role = TeamRole::parse(&m.role)
                        .ok_or_else(|| ApiError::internal(format!("unknown team role {:?}", m.role)))?;
                    Ok(AdminWorkspaceMemberDto {
                        userId: m.user_id.clone(),
                        email: m.email.clone(),
                        name: m.name.clone(),
                        role: role_name(role),
                    })
                })
                .collect::<ApiResult<Vec<_>>>()?;
            Ok(AdminWorkspaceDto {
                id: row.id,
                name: row.name,
                createdAt: row.created_at,
                personal,
                seats: row.seats,
                paidSeats: row.paid_seats.filter(|_| row.subscription_status.is_some()),
                subscriptionStatus: row.subscription_status,
                members,
            })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    let total = results.first_value::<i64>(counted)?.unwrap_or(0);
    json(200, &AdminWorkspacesResponse { workspaces, total, page, pageSize: size })
}
