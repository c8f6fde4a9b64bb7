//! D1 statements for users.

use lupa_api_types::UserDto;
use serde::Deserialize;
use worker::D1Database;

use crate::error::ApiResult;
use crate::platform::db::{failed, int, opt_text, stmt, text, Batch, Busy, Slot};

/// A user row with its password hash; never serialised to clients.
#[derive(Debug, Clone, Deserialize)]
pub struct UserRow {
    pub id: String,
    pub email: String,
    pub name: Option<String>,
    pub role: String,
    pub password_hash: String,
    pub last_login_at: Option<i64>,
    pub created_at: i64,
}

impl UserRow {
    pub fn dto(&self) -> UserDto {
        UserDto {
            id: self.id.clone(),
            email: self.email.clone(),
            role: self.role.clone(),
            name: self.name.clone(),
            last_login_at: self.last_login_at,
            created_at: self.created_at,
        }
    }
}

const BY_EMAIL: &str =
    "SELECT id, email, name, role, password_hash, last_login_at, created_at FROM users WHERE email_normalized = ?1";
const BY_ID: &str = "SELECT id, email, name, role, password_hash, last_login_at, created_at FROM users WHERE id = ?1";
const INSERT: &str =
    "INSERT INTO users (id, email, email_normalized, name, role, password_hash, created_at, updated_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7) ON CONFLICT (email_normalized) DO NOTHING";
const TOUCH_LOGIN: &str = "UPDATE users SET last_login_at = ?2 WHERE id = ?1";
pub const SET_PASSWORD: &str = "UPDATE users SET password_hash = ?2, updated_at = ?3 WHERE id = ?1";

pub async fn by_email(db: &D1Database, email_normalized: &str) -> ApiResult<Option<UserRow>> {
    stmt(db, BY_EMAIL, &[text(email_normalized)])?.first_busy::<UserRow>(None).await.map_err(failed(BY_EMAIL))
}

/// Adds reading the user with this (normalised) e-mail to a batch.
pub fn add_by_email(batch: &mut Batch<'_>, email_normalized: &str) -> ApiResult<Slot> {
    batch.add(BY_EMAIL, &[text(email_normalized)])
}

/// Adds reading the user with this id to a batch.
pub fn add_by_id(batch: &mut Batch<'_>, id: &str) -> ApiResult<Slot> {
    batch.add(BY_ID, &[text(id)])
}

/// New user fields.
pub struct NewUser<'a> {
    pub id: &'a str,
    pub email: &'a str,
    pub email_normalized: &'a str,
    pub role: &'a str,
    pub password_hash: &'a str,
    pub now: i64,
}

/// Adds inserting a user to a batch; it changes nothing when the e-mail is already taken
/// (case-insensitively).
pub fn add_insert(batch: &mut Batch<'_>, user: &NewUser<'_>) -> ApiResult<Slot> {
    batch.add(
        INSERT,
        &[
            text(user.id),
            text(user.email.trim()),
            text(user.email_normalized),
            opt_text(None),
            text(user.role),
            text(user.password_hash),
            int(user.now),
        ],
    )
}

/// Adds noting a successful login to a batch.
pub fn add_touch_login(batch: &mut Batch<'_>, id: &str, now: i64) -> ApiResult<Slot> {
    batch.add(TOUCH_LOGIN, &[text(id), int(now)])
}
