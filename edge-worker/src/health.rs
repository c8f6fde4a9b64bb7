//! `GET /api/v1/health`: proves the worker can reach D1 and R2.

use lupa_api_types::HealthResponse;
use worker::Response;

use crate::error::{ApiError, ApiResult};
use crate::http::json;
use crate::platform::db::Busy;
use crate::App;

/// Object key probed in R2; it never exists, the point is that the bucket answers.
const R2_PROBE_KEY: &str = "health/probe";

pub async fn get(app: &App) -> ApiResult<Response> {
    let db = crate::platform::db::db(app)?;
    db.prepare("SELECT 1 AS ok")
        .first_busy::<serde_json::Value>(None)
        .await
        .map_err(|e| ApiError::internal(format!("D1 health probe: {e}")))?;
    let bucket = crate::platform::storage::bucket(app)?;
    bucket.head(R2_PROBE_KEY).await.map_err(|e| ApiError::internal(format!("R2 health probe: {e}")))?;
    json(200, &HealthResponse { ok: true, version: lupa_core::VERSION.to_string() })
}
