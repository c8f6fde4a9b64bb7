//! Deleting participations nobody came back to (ADR 0005), without anyone visiting: the Cron
//! Trigger runs this every few minutes. An unsubmitted entry with no activity for the grace window
//! (24 h) goes with everything it has; then the deletion queue is drained, so work left by a
//! failed deletion elsewhere is retried here too.

use lupa_core::chunks::GRACE_MS;
use serde::Deserialize;

use crate::error::ApiResult;
use crate::participation::purge;
use crate::platform::db::{db, failed, int, stmt, Busy};
use crate::App;

/// Entries per query, and queries per run: one run stays well inside the CPU limit, and the next
/// run (five minutes later) takes whatever is left.
const BATCH: i64 = 50;
const BATCHES_PER_RUN: usize = 20;
/// Only participations whose ledger is still in D1: an object expires its own by alarm (ADR 0013).
const EXPIRED: &str = "SELECT id, analysis_id FROM analysis_entries WHERE status = 'in_progress' AND ledger = 'd1' \
     AND COALESCE(last_activity_at, created_at) <= ?1 ORDER BY last_activity_at LIMIT ?2";

#[derive(Deserialize)]
struct Expired {
    id: String,
    analysis_id: String,
}

/// Deletes the expired participations as of `app.now()`; returns how many.
pub async fn run(app: &App) -> ApiResult<usize> {
    let mut total = 0;
    for _ in 0..BATCHES_PER_RUN {
        let expired = stmt(&db(app)?, EXPIRED, &[int(app.now() - GRACE_MS), int(BATCH)])?
            .all_busy()
            .await
            .map_err(failed(EXPIRED))?
            .results::<Expired>()
            .map_err(failed(EXPIRED))?;
        for entry in &expired {
            purge::abandon_entry(app, &entry.id, &entry.analysis_id).await?;
        }
        total += expired.len();
        if (expired.len() as i64) < BATCH {
            break;
        }
    }
    purge::drain(app).await?;
    Ok(total)
}
