//! A participation's place, as D1 sees it (ADR 0005's rules, kept by the participation's object,
//! ADR 0013). Opening a segment gives D1 a provisional hold that covers the whole segment, so
//! recording costs no D1 write; the object's alarm releases it to the exact rule (5 minutes
//! without media, 30 after the recording last grew) as soon as that has passed, and takes the
//! place again, if one is free, when a recording it released grows again.

use crate::error::ApiResult;
use crate::platform::db::{db, failed, int, stmt, text, Busy};
use crate::App;

/// The hold the rule gives, once it is over: the place is free for someone else.
const RELEASE: &str = "UPDATE analysis_entries SET held_until = MIN(COALESCE(held_until, 0), ?2) WHERE id = ?1 AND status = 'in_progress'";
/// Media after a release: the place again, if one is free (as a chunk did before the objects).
const HOLD_AGAIN: &str = "UPDATE analysis_entries SET held_until = ?3, last_activity_at = ?2, updated_at = ?2 WHERE id = ?1 AND status = 'in_progress' AND \
     (held_until > ?2 OR (SELECT COUNT(*) FROM analysis_entries o WHERE o.analysis_id = analysis_entries.analysis_id AND o.id != ?1 \
       AND (o.status = 'submitted' OR (o.status = 'in_progress' AND o.held_until > ?2))) \
     < (SELECT a.max_participants FROM analyses a WHERE a.id = analysis_entries.analysis_id))";

pub async fn release(app: &App, entry_id: &str, hold: i64) -> ApiResult<()> {
    stmt(&db(app)?, RELEASE, &[text(entry_id), int(hold)])?.run_busy().await.map_err(failed(RELEASE))?;
    Ok(())
}

pub async fn hold_again(app: &App, entry_id: &str, now: i64, until: i64) -> ApiResult<()> {
    stmt(&db(app)?, HOLD_AGAIN, &[text(entry_id), int(now), int(until)])?
        .run_busy()
        .await
        .map_err(failed(HOLD_AGAIN))?;
    Ok(())
}
