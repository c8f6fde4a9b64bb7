//! The one subscription check. Every write that extends what a customer gets (creating, editing
//! and reopening an analysis; creating or changing clips, reels and share links, ADR 0012) calls
//! it; reading, watching, exporting, notes, closing, revoking and deleting stay free, so a
//! customer whose subscription lapsed still gets their data out.

use worker::D1Database;

use crate::error::{ApiError, ApiResult, Composed};
use crate::platform::db::{failed, int, stmt, text, Batch, Busy, Results, Slot};

const ACTIVE: &str = concat!(
    "SELECT 1 AS ok FROM subscriptions WHERE workspace_id = ?1 AND ",
    lupa_core::paid_subscription_sql!(""),
    " LIMIT 1"
);
/// The same check for the workspace of an analysis, so it can go in the batch that reads the analysis.
const ACTIVE_FOR_ANALYSIS: &str = concat!(
    "SELECT 1 AS ok FROM subscriptions s JOIN analyses a ON a.workspace_id = s.workspace_id WHERE a.id = ?1 AND ",
    lupa_core::paid_subscription_sql!("s."),
    " LIMIT 1"
);

/// The same check for the workspace of the analysis of entry `?1` (clips are made on an entry's page).
const ACTIVE_FOR_ENTRY: &str = concat!(
    "SELECT 1 AS ok FROM subscriptions s JOIN analyses a ON a.workspace_id = s.workspace_id JOIN analysis_entries e ON e.analysis_id = a.id WHERE e.id = ?1 AND ",
    lupa_core::paid_subscription_sql!("s."),
    " LIMIT 1"
);
/// The same check for the workspace of the analysis of reel `?1`.
const ACTIVE_FOR_REEL: &str = concat!(
    "SELECT 1 AS ok FROM subscriptions s JOIN analyses a ON a.workspace_id = s.workspace_id JOIN reels r ON r.analysis_id = a.id WHERE r.id = ?1 AND ",
    lupa_core::paid_subscription_sql!("s."),
    " LIMIT 1"
);

pub const REQUIRED: &str =
    "Necesitas una suscripción activa para crear un nuevo análisis. Visita Facturación para elegir un plan.";

/// True when the workspace has a paid, unexpired subscription (ADR 0019: one per workspace).
pub async fn has_active_subscription(database: &D1Database, workspace_id: &str, now: i64) -> ApiResult<bool> {
    let row = stmt(database, ACTIVE, &[text(workspace_id), int(now)])?
        .first_busy::<serde_json::Value>(None)
        .await
        .map_err(failed(ACTIVE))?;
    Ok(row.is_some())
}

/// The 402 for editing or reopening an existing analysis without a subscription.
pub const REQUIRED_TO_CHANGE: &str =
    "Necesitas una suscripción activa para modificar o reabrir un análisis. Visita Facturación para elegir un plan.";

/// The 402s for the insights a lapsed customer can no longer make (ADR 0012, "Lapsed customers").
pub const REQUIRED_FOR_CLIPS: &str =
    "Necesitas una suscripción activa para crear o modificar clips. Visita Facturación para elegir un plan.";
pub const REQUIRED_FOR_REELS: &str =
    "Necesitas una suscripción activa para crear o modificar reels. Visita Facturación para elegir un plan.";
pub const REQUIRED_FOR_SHARES: &str =
    "Necesitas una suscripción activa para crear enlaces para compartir. Visita Facturación para elegir un plan.";

/// 402 unless the workspace has an active subscription; `message` says what needed it.
pub async fn require_subscription(database: &D1Database, workspace_id: &str, message: &str, now: i64) -> ApiResult<()> {
    require_active(has_active_subscription(database, workspace_id, now).await?, message)
}

/// Adds the check for workspace `workspace_id` to a batch.
pub fn add_active(batch: &mut Batch<'_>, workspace_id: &str, now: i64) -> ApiResult<Slot> {
    batch.add(ACTIVE, &[text(workspace_id), int(now)])
}

/// Adds the check for the owner of analysis `analysis_id` to a batch.
pub fn add_active_for_analysis(batch: &mut Batch<'_>, analysis_id: &str, now: i64) -> ApiResult<Slot> {
    batch.add(ACTIVE_FOR_ANALYSIS, &[text(analysis_id), int(now)])
}

/// Adds the check for the owner of the analysis of entry `entry_id` to a batch.
pub fn add_active_for_entry(batch: &mut Batch<'_>, entry_id: &str, now: i64) -> ApiResult<Slot> {
    batch.add(ACTIVE_FOR_ENTRY, &[text(entry_id), int(now)])
}

/// Adds the check for the owner of the analysis of reel `reel_id` to a batch.
pub fn add_active_for_reel(batch: &mut Batch<'_>, reel_id: &str, now: i64) -> ApiResult<Slot> {
    batch.add(ACTIVE_FOR_REEL, &[text(reel_id), int(now)])
}

/// Whether the check a batch ran found a subscription.
pub fn is_active(results: &Results, slot: Slot) -> ApiResult<bool> {
    Ok(results.first::<serde_json::Value>(slot)?.is_some())
}

/// 402 unless `active` (a subscription check already read); `message` says what needed it.
pub fn require_active(active: bool, message: &str) -> ApiResult<()> {
    if active {
        Ok(())
    } else {
        Err(ApiError::composed(Composed::SubscriptionRequired, message))
    }
}
