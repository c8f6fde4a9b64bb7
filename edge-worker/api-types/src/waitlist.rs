//! The waitlist: the public sign-up form and the list admins read (`/api/v1/waitlist`,
//! `/api/v1/admin/waitlist`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/v1/waitlist`; `website` is the hidden honeypot field.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[schemars(transform = crate::request_rules::waitlist)]
#[schemars(example = crate::examples::waitlist())]
pub struct WaitlistRequest {
    pub email: Option<String>,
    pub consent: Option<bool>,
    #[serde(default)]
    pub website: Option<String>,
}

/// A waitlist sign-up as admins see it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct WaitlistEntryDto {
    pub id: String,
    pub email: String,
    #[ts(type = "number")]
    pub consent_at: i64,
    #[ts(type = "number")]
    pub created_at: i64,
}

/// `GET /api/v1/admin/waitlist`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct WaitlistResponse {
    pub entries: Vec<WaitlistEntryDto>,
}
