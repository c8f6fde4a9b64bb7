//! Bodies every area shares: the error body, the health check's answer and the answers that only
//! say what happened.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ErrorCode;

/// The body of every error answer: clients show `message`, programs switch on `code`; a refused
/// form also lists each problem in `errors` (the `{errors: [{msg}]}` the profile screen reads).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ErrorBody {
    pub message: String,
    pub code: ErrorCode,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<ValidationItem>>")]
    pub errors: Vec<ValidationItem>,
}

/// `GET /api/v1/health`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct HealthResponse {
    pub ok: bool,
    pub version: String,
}

/// `{success, message}`: the password-reset answers.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct SuccessResponse {
    pub success: bool,
    pub message: String,
}

/// `{message}`: answers that only say what happened.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct MessageResponse {
    pub message: String,
}

/// One validation problem, in the `{errors: [{msg}]}` shape the profile screen reads.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ValidationItem {
    pub msg: String,
}
