//! D1 statements for users.

use lupa_api_types::UserDto;
use serde::Deserialize;
use worker::D1Database;

use crate::db::{Busy, failed, int, opt_text, stmt, text};
use crate::error::ApiResult;

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

const BY_EMAIL: &str = "SELECT id, email, name, role, password_hash, last_login_at, created_at FROM users WHERE email_normalized = ?1";
const BY_ID: &str = "SELECT id, email, name, role, password_hash, last_login_at, created_at FROM users WHERE id = ?1";
const INSERT: &str = "INSERT INTO users (id, email, email_normalized, name, role, password_hash, created_at, updated_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7) ON CONFLICT (email_normalized) DO NOTHING";
const TOUCH_LOGIN: &str = "UPDATE users SET last_login_at = ?2 WHERE id = ?1";
pub const SET_PASSWORD: &str = "UPDATE users SET password_hash = ?2, updated_at = ?3 WHERE id = ?1";

pub async fn by_email(db: &D1Database, email_normalized: &str) -> ApiResult<Option<UserRow>> {
    stmt(db, BY_EMAIL, &[text(email_normalized)])?.first_busy::<UserRow>(None).await.map_err(failed(BY_EMAIL))
}

pub async fn by_id(db: &D1Database, id: &str) -> ApiResult<Option<UserRow>> {
    stmt(db, BY_ID, &[text(id)])?.first_busy::<UserRow>(None).await.map_err(failed(BY_ID))
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

/// Inserts a user; `false` when the e-mail is already taken (case-insensitively).
pub async fn insert(db: &D1Database, user: &NewUser<'_>) -> ApiResult<bool> {
    let result = stmt(
        db,
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
    )?
    .run()
    .await
    .map_err(failed(INSERT))?;
    let changes = result.meta().ok().flatten().and_then(|m| m.changes).unwrap_or(0);
    Ok(changes > 0)
}

pub async fn touch_login(db: &D1Database, id: &str, now: i64) -> ApiResult<()> {
    stmt(db, TOUCH_LOGIN, &[text(id), int(now)])?.run_busy().await.map_err(failed(TOUCH_LOGIN))?;
    Ok(())
}
