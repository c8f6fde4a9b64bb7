//! Deleting a user and everything they own, their waitlist sign-up and outbox mails included. The rows go in one D1 transaction (which also
//! refuses to remove the last admin); their recordings' R2 prefixes are queued in the same
//! transaction and deleted right after, and any prefix that fails stays queued and is retried on
//! the next admin request, so no object is orphaned. The deleting batch also reads the queue, so
//! the request waits for three D1 round trips (ADR 0011).

use crate::db::{db, int, text, Batch};
use crate::error::{ApiError, ApiResult};
use crate::participation::purge::{self, Scope};
use crate::App;
use lupa_core::error_code::ErrorCode;

const GUARD: &str = "INSERT INTO invariant_checks (ok) SELECT (role != 'admin' OR (SELECT COUNT(*) FROM users WHERE role = 'admin') > 1) \
     FROM users WHERE id = ?1";
const QUEUE_R2: &str = "INSERT INTO r2_deletions (prefix, created_at) SELECT 'analyses/' || id || '/', ?2 FROM analyses WHERE owner_id = ?1 \
     ON CONFLICT (prefix) DO NOTHING";
const OWNED: &[&str] = &[
    "DELETE FROM analysis_entries WHERE analysis_id IN (SELECT id FROM analyses WHERE owner_id = ?1)",
    "DELETE FROM analysis_tasks WHERE analysis_id IN (SELECT id FROM analyses WHERE owner_id = ?1)",
    "DELETE FROM analyses WHERE owner_id = ?1",
    // Their address leaves no trace either: a waitlist sign-up and mails kept in the local outbox.
    "DELETE FROM waitlist WHERE email_normalized = (SELECT email_normalized FROM users WHERE id = ?1)",
    "DELETE FROM mail_outbox WHERE lower(trim(to_address)) = (SELECT email_normalized FROM users WHERE id = ?1)",
    "DELETE FROM sessions WHERE user_id = ?1",
    "DELETE FROM password_resets WHERE user_id = ?1",
    "DELETE FROM subscriptions WHERE user_id = ?1",
    "DELETE FROM billing_customers WHERE user_id = ?1",
    "DELETE FROM checkout_sessions WHERE user_id = ?1",
    "DELETE FROM invoices WHERE user_id = ?1",
    "DELETE FROM users WHERE id = ?1",
];
const CLEAR_GUARD: &str = "DELETE FROM invariant_checks";

/// Deletes user `id` with everything they own; 404 when missing, 400 for the last admin.
pub async fn delete(app: &App, id: &str) -> ApiResult<()> {
    let database = db(app)?;
    if crate::auth::users::by_id(&database, id).await?.is_none() {
        return Err(ApiError::not_found());
    }
    let now = app.now();
    let mut batch = Batch::new(&database);
    batch.add(GUARD, &[text(id)])?;
    batch.add(QUEUE_R2, &[text(id), int(now)])?;
    for statement in purge::statements(&database, Scope::Owner, id, now)? {
        batch.add_prepared(statement, "DELETE segments of an owner");
    }
    for statement in crate::insights::cleanup::statements(&database, crate::insights::cleanup::Scope::Owner, id)? {
        batch.add_prepared(statement, "DELETE insights of an owner");
    }
    for sql in OWNED {
        batch.add(sql, &[text(id)])?;
    }
    batch.add(CLEAR_GUARD, &[])?;
    purge::delete_and_drain(app, batch).await.map_err(|err| {
        if err.source.as_deref().is_some_and(|s| s.contains("CHECK constraint failed")) {
            ApiError::new(409, ErrorCode::LastAdmin, "Debe quedar al menos un administrador")
        } else {
            err
        }
    })
}
