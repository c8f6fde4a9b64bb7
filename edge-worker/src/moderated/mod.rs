//! Moderated sessions (issue 49, ADR 0024), the worker's side: creating, listing, reading and
//! deleting them (`sessions.rs`), what the participant's link opens (`link.rs`), handing a room's
//! WebSocket to the session's room object (`room.rs`, the object itself in `session_room/`), and
//! how a call connects (`ice.rs`). Sessions belong to the analysis's workspace: every read is
//! scoped to the caller's current workspace, so another team's session is 404 as anything else
//! of theirs is.

pub mod ice;
pub mod link;
pub mod room;
pub mod sessions;

use lupa_api_types::{ModeratedSessionDto, SessionRoleName};
use serde::Deserialize;

use crate::auth::sessions::{self as logins, SessionUser};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::App;

/// The columns of [`SessionRow`], from `moderated_sessions s` joined with its moderator `u`.
macro_rules! session_columns {
    () => {
        "s.id, s.analysis_id, s.workspace_id, s.moderator_id, COALESCE(NULLIF(trim(u.name), ''), u.email) AS moderator_name, \
         s.planned_at, s.participant_email, s.created_at, s.ended_at, s.entry_id \
         FROM moderated_sessions s JOIN users u ON u.id = s.moderator_id"
    };
}
pub(crate) use session_columns;

/// A session as `session_columns!` reads it.
#[derive(Debug, Clone, Deserialize)]
pub struct SessionRow {
    pub id: String,
    pub analysis_id: String,
    pub workspace_id: String,
    pub moderator_id: String,
    pub moderator_name: String,
    pub planned_at: Option<i64>,
    pub participant_email: Option<String>,
    pub created_at: i64,
    pub ended_at: Option<i64>,
    pub entry_id: Option<String>,
}

impl SessionRow {
    /// The session as `user_id` sees it: the moderator, or an observer, who is not told whom
    /// the link was mailed to.
    pub fn dto(self, user_id: &str) -> ModeratedSessionDto {
        let moderator = self.moderator_id == user_id;
        ModeratedSessionDto {
            roomPath: room_path(&self.id),
            id: self.id,
            analysisId: self.analysis_id,
            moderatorId: self.moderator_id,
            moderatorName: self.moderator_name,
            plannedAt: self.planned_at,
            participantEmail: self.participant_email.filter(|_| moderator),
            participantUrl: None,
            createdAt: self.created_at,
            endedAt: self.ended_at,
            entryId: self.entry_id,
            myRole: if moderator { SessionRoleName::Moderator } else { SessionRoleName::Observer },
        }
    }
}

/// The web page of a session's room.
pub fn room_path(id: &str) -> String {
    format!("/session/{id}")
}

/// The participant's link: the same no-install flow as a study's invite, with the session's token.
pub fn participant_url(app: &App, analysis_id: &str, raw_token: &str) -> String {
    format!("{}/participate/{analysis_id}?session={raw_token}", app.config.public_origin)
}

/// The storage hash of a session link's token: keyed with the session pepper and prefixed
/// `session:`, as invitations' are `invite:`, so no kind of token can pass for another.
pub fn token_hash(app: &App, raw: &str) -> ApiResult<String> {
    logins::hash_token(app, &format!("session:{raw}"))
}

/// 404 'La sesión no existe o ha terminado.': deleted, ended, never made, or another team's.
pub fn not_found() -> ApiError {
    ApiError::from(Fixed::SessionNotFound)
}

/// The name the team and the participant see for a member: their name, or else their e-mail.
pub fn moderator_name(user: &SessionUser) -> String {
    match user.user.name.as_deref().map(str::trim) {
        Some(name) if !name.is_empty() => name.to_string(),
        _ => user.user.email.clone(),
    }
}
