//! Deleting a user and everything they own, their waitlist sign-up and outbox mails included. What
//! they own is the workspaces they are the owner of (ADR 0019), with every analysis in them; what
//! they wrote in other workspaces stays there, passed to that workspace's owner. The rows go in one
//! D1 transaction (which also refuses to remove the last admin); their recordings' R2 prefixes are
//! queued in the same transaction and deleted right after, and any prefix that fails stays queued
//! and is retried on the next admin request, so no object is orphaned. The first read takes the
//! user with their workspaces and the deleting batch also reads the queue, so the request waits
//! for three D1 round trips (ADR 0011).

use crate::error::{ApiError, ApiResult, Fixed};
use crate::participation::purge;
use crate::platform::db::{db, text, Batch, Value};
use crate::App;

const GUARD: &str = "INSERT INTO invariant_checks (ok) SELECT (role != 'admin' OR (SELECT COUNT(*) FROM users WHERE role = 'admin') > 1) \
     FROM users WHERE id = ?1";
const OWNED_WORKSPACES: &str =
    "SELECT workspace_id AS value FROM workspace_members WHERE user_id = ?1 AND role = 'owner'";
/// The other workspaces whose paid seats the account took.
const SEAT_WORKSPACES: &str =
    "SELECT workspace_id AS value FROM workspace_members WHERE user_id = ?1 AND role IN ('admin', 'researcher')";
/// The account itself (`?1`). Analyses and links it wrote in workspaces it doesn't own pass to
/// their workspace's owner first: the rows reference their author, and the team keeps them.
const ACCOUNT: &[&str] = &[
    "UPDATE analyses SET owner_id = (SELECT m.user_id FROM workspace_members m WHERE m.workspace_id = analyses.workspace_id AND m.role = 'owner') \
     WHERE owner_id = ?1",
    "UPDATE shares SET owner_id = (SELECT m.user_id FROM analyses a JOIN workspace_members m ON m.workspace_id = a.workspace_id AND m.role = 'owner' \
     WHERE a.id = shares.analysis_id) WHERE owner_id = ?1",
    // Their address leaves no trace either: a waitlist sign-up and mails kept in the local outbox.
    "DELETE FROM waitlist WHERE email_normalized = (SELECT email_normalized FROM users WHERE id = ?1)",
    "DELETE FROM mail_outbox WHERE lower(trim(to_address)) = (SELECT email_normalized FROM users WHERE id = ?1)",
    // The sessions they moderated: their rooms' links stop working (ADR 0024).
    "DELETE FROM moderated_sessions WHERE moderator_id = ?1",
    "DELETE FROM session_room_members WHERE user_id = ?1",
    "DELETE FROM sessions WHERE user_id = ?1",
    "DELETE FROM password_resets WHERE user_id = ?1",
    "DELETE FROM subscriptions WHERE user_id = ?1",
    "DELETE FROM checkout_sessions WHERE user_id = ?1",
    "DELETE FROM invoices WHERE user_id = ?1",
    "DELETE FROM users WHERE id = ?1",
];
const CLEAR_GUARD: &str = "DELETE FROM invariant_checks";

/// Deletes user `id` with everything they own; 404 when missing, 400 for the last admin.
pub async fn delete(app: &App, id: &str) -> ApiResult<()> {
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let user = crate::auth::users::add_by_id(&mut reads, id)?;
    let owned = reads.add(OWNED_WORKSPACES, &[text(id)])?;
    let seated = reads.add(SEAT_WORKSPACES, &[text(id)])?;
    let rooms = reads.add(crate::moderated::room::ROOMS_OF_ACCOUNT, &[text(id)])?;
    let results = reads.run().await?;
    if results.first::<serde_json::Value>(user)?.is_none() {
        return Err(ApiError::not_found());
    }
    let workspaces: Vec<String> = results.all::<Value<String>>(owned)?.into_iter().map(|w| w.value).collect();
    let seated: Vec<String> = results.all::<Value<String>>(seated)?.into_iter().map(|w| w.value).collect();
    let now = app.now();
    let mut batch = Batch::new(&database);
    batch.add(GUARD, &[text(id)])?;
    // Each owned workspace as its owner's deletion of it would (`team::lifecycle`).
    for workspace in &workspaces {
        crate::team::lifecycle::add_delete_workspace(&mut batch, &database, workspace, now)?;
    }
    for sql in ACCOUNT {
        batch.add(sql, &[text(id)])?;
    }
    batch.add(CLEAR_GUARD, &[])?;
    purge::delete_and_drain(app, batch).await.map_err(|err| {
        if err.source.as_deref().is_some_and(|s| s.contains("CHECK constraint failed")) {
            ApiError::from(Fixed::LastAdmin)
        } else {
            err
        }
    })?;
    // The sessions they moderated, and their teams', went with them: their rooms close (ADR 0024).
    crate::moderated::room::close_after_answer(app, results.values::<String>(rooms)?);
    // The teams they sat in pay for one seat less (ADR 0019).
    for workspace in &seated {
        crate::billing::seats::sync_after_answer(app, workspace);
    }
    Ok(())
}
