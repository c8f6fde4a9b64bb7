//! The admin users table and its role change (`/api/v1/admin/…`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::wire_enums::AccountRole;

/// A row of the admin users table (product §3 Admin list response).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct AdminUserDto {
    pub id: String,
    pub role: String,
    pub email: String,
    #[ts(type = "number | null")]
    pub last_login_at: Option<i64>,
    #[ts(type = "number")]
    pub created_at: i64,
}

/// `GET /api/v1/admin/?page=&pageSize=&q=`: product §3's `{users}` plus paging.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AdminUsersResponse {
    pub users: Vec<AdminUserDto>,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub pageSize: i64,
}

/// `PATCH /api/v1/admin/users/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct AdminUserUpdate {
    #[schemars(with = "AccountRole")]
    pub role: Option<String>,
}
