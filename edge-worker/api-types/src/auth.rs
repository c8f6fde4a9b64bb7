//! Accounts and sessions: the user as the API shows it, login, registration and the password
//! routes (`/api/v1/auth/…`, `/api/v1/user`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::WorkspaceDto;

/// A user as the API shows it (product §3 User).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct UserDto {
    pub id: String,
    pub email: String,
    pub role: String,
    pub name: Option<String>,
    #[ts(type = "number | null")]
    pub last_login_at: Option<i64>,
    #[ts(type = "number")]
    pub created_at: i64,
}

/// `{user}`: answer of login, session, register and `GET /api/v1/user`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct UserResponse {
    pub user: UserDto,
    /// The workspace the account acts in, with its role there (ADR 0019). Sent by the session
    /// routes; absent from login and registration answers, and once the account was removed from
    /// its current workspace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub workspace: Option<WorkspaceDto>,
}

/// `POST /api/v1/auth/login/local`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[schemars(example = crate::examples::login())]
pub struct LoginRequest {
    #[schemars(with = "String", regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub username: Option<String>,
    #[schemars(with = "String", length(min = 1))]
    pub password: Option<String>,
}

/// `POST /api/v1/auth/register/local/customer`; `role` is accepted and ignored (always customer).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[schemars(example = crate::examples::register())]
pub struct RegisterRequest {
    #[schemars(with = "String", length(max = lupa_core::auth::email::MAX_EMAIL_LEN), regex(pattern = lupa_core::patterns::EMAIL))]
    pub username: Option<String>,
    #[schemars(with = "String", transform = crate::request_rules::new_password)]
    pub password: Option<String>,
    pub role: Option<String>,
}

/// `POST /api/v1/auth/password-reset`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[schemars(example = crate::examples::reset_email())]
pub struct PasswordResetEmailRequest {
    #[schemars(with = "String", length(max = lupa_core::auth::email::MAX_EMAIL_LEN), regex(pattern = lupa_core::patterns::EMAIL))]
    pub email: Option<String>,
}

/// `PATCH /api/v1/auth/password-reset`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct PasswordResetRequest {
    #[schemars(with = "String", regex(pattern = lupa_core::patterns::TOKEN))]
    pub passwordResetToken: Option<String>,
    #[schemars(with = "String", transform = crate::request_rules::new_password)]
    pub newPassword: Option<String>,
    #[schemars(with = "String", transform = crate::request_rules::new_password)]
    pub confirmNewPassword: Option<String>,
}

/// `PATCH /api/v1/auth/update-user-password`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct UpdatePasswordRequest {
    #[schemars(with = "String", length(min = 1))]
    pub currentPassword: Option<String>,
    #[schemars(with = "String", transform = crate::request_rules::new_password)]
    pub newPassword: Option<String>,
}
