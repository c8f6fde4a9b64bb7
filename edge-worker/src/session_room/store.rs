//! The room object's SQLite tables: which session it is (to check a member's access again), the
//! task the moderator moved the participant to, and the backchannel's newest messages, so a late
//! joiner (an observer arriving, a tab reopened) gets the history.

use lupa_api_types::{RoomChatDto, RoomRoleName};
use lupa_core::moderated::room::CHAT_HISTORY;
use serde::Deserialize;
use worker::{SqlStorage, SqlStorageValue};

use crate::error::{ApiError, ApiResult};

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS room (id INTEGER PRIMARY KEY CHECK (id = 1), session_id TEXT NOT NULL, \
     workspace_id TEXT NOT NULL, task INTEGER)",
    "CREATE TABLE IF NOT EXISTS chat (seq INTEGER PRIMARY KEY AUTOINCREMENT, from_name TEXT NOT NULL, \
     role TEXT NOT NULL, text TEXT NOT NULL, at_ms INTEGER NOT NULL)",
];

/// What the room knows of its session.
#[derive(Debug, Clone, Deserialize)]
pub struct RoomMeta {
    pub workspace_id: String,
    pub task: Option<u32>,
}

#[derive(Deserialize)]
struct ChatRow {
    from_name: String,
    role: String,
    text: String,
    at_ms: i64,
}

pub struct Store {
    sql: SqlStorage,
}

fn failed(err: worker::Error) -> ApiError {
    ApiError::internal(format!("session room storage: {err}"))
}

fn s(value: &str) -> SqlStorageValue {
    SqlStorageValue::String(value.to_string())
}

/// The API's name of a stored role (the object writes only the three).
pub fn role_name(role: &str) -> RoomRoleName {
    match role {
        "moderator" => RoomRoleName::Moderator,
        "participant" => RoomRoleName::Participant,
        _ => RoomRoleName::Observer,
    }
}

impl Store {
    /// The tables; `create` runs the schema first (once per instance).
    pub fn new(sql: SqlStorage, create: bool) -> ApiResult<Store> {
        if create {
            for statement in SCHEMA {
                sql.exec(statement, None).map_err(failed)?;
            }
        }
        Ok(Store { sql })
    }

    fn rows<T: serde::de::DeserializeOwned>(&self, query: &str, binds: Vec<SqlStorageValue>) -> ApiResult<Vec<T>> {
        self.sql.exec(query, binds).map_err(failed)?.to_array::<T>().map_err(failed)
    }

    fn run(&self, query: &str, binds: Vec<SqlStorageValue>) -> ApiResult<()> {
        let cursor = self.sql.exec(query, binds).map_err(failed)?;
        // Stepping the cursor to its end finishes the statement.
        let _ = cursor.raw().count();
        Ok(())
    }

    /// Notes which session this room is, the first time a socket joins.
    pub fn bind(&self, session_id: &str, workspace_id: &str) -> ApiResult<()> {
        self.run(
            "INSERT OR IGNORE INTO room (id, session_id, workspace_id) VALUES (1, ?, ?)",
            vec![s(session_id), s(workspace_id)],
        )
    }

    pub fn meta(&self) -> ApiResult<Option<RoomMeta>> {
        Ok(self.rows::<RoomMeta>("SELECT workspace_id, task FROM room WHERE id = 1", vec![])?.into_iter().next())
    }

    pub fn set_task(&self, index: u32) -> ApiResult<()> {
        self.run("UPDATE room SET task = ? WHERE id = 1", vec![SqlStorageValue::Integer(i64::from(index))])
    }

    /// Keeps a backchannel message, and only the newest [`CHAT_HISTORY`].
    pub fn add_chat(&self, message: &RoomChatDto, role: &str) -> ApiResult<()> {
        self.run(
            "INSERT INTO chat (from_name, role, text, at_ms) VALUES (?, ?, ?, ?)",
            vec![s(&message.fromName), s(role), s(&message.text), SqlStorageValue::Integer(message.atMs)],
        )?;
        self.run(
            "DELETE FROM chat WHERE seq <= (SELECT MAX(seq) FROM chat) - ?",
            vec![SqlStorageValue::Integer(CHAT_HISTORY as i64)],
        )
    }

    /// The backchannel so far, oldest first.
    pub fn chat(&self) -> ApiResult<Vec<RoomChatDto>> {
        let rows = self.rows::<ChatRow>("SELECT from_name, role, text, at_ms FROM chat ORDER BY seq", vec![])?;
        Ok(rows
            .into_iter()
            .map(|row| RoomChatDto {
                fromName: row.from_name,
                role: role_name(&row.role),
                text: row.text,
                atMs: row.at_ms,
            })
            .collect())
    }

    /// Forgets everything (the session was deleted).
    pub fn forget(&self) -> ApiResult<()> {
        self.run("DELETE FROM chat", vec![])?;
        self.run("DELETE FROM room", vec![])
    }
}
