//! The one subscription check: creating analyses (and anything else paid) calls this.

use worker::D1Database;

use crate::db::{failed, int, now_ms, stmt, text};
use crate::error::{ApiError, ApiResult};

const ACTIVE: &str = "SELECT 1 AS ok FROM subscriptions WHERE user_id = ?1 AND status IN ('active', 'trialing') \
     AND (current_period_end IS NULL OR current_period_end > ?2) LIMIT 1";

pub const REQUIRED: &str =
    "Necesitas una suscripción activa para crear un nuevo análisis. Visita Facturación para elegir un plan.";

/// True when the user has a paid, unexpired subscription.
pub async fn has_active_subscription(database: &D1Database, user_id: &str) -> ApiResult<bool> {
    let row = stmt(database, ACTIVE, &[text(user_id), int(now_ms())])?
        .first::<serde_json::Value>(None)
        .await
        .map_err(failed(ACTIVE))?;
    Ok(row.is_some())
}

/// 402 unless the user has an active subscription.
pub async fn require_subscription(database: &D1Database, user_id: &str) -> ApiResult<()> {
    if has_active_subscription(database, user_id).await? {
        Ok(())
    } else {
        Err(ApiError::new(402, "subscription_required", REQUIRED))
    }
}
