//! Research teams' bodies (ADR 0019; their request rules, ADR 0020): the account's workspaces, the 'Equipo' page's members and
//! invitations, and what an invitation link shows.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A workspace as its member sees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct WorkspaceDto {
    pub id: String,
    pub name: String,
    pub role: TeamRoleName,
}

/// A member's role in a workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum TeamRoleName {
    Owner,
    Admin,
    Researcher,
    Observer,
}

/// `GET /api/v1/workspaces`: every workspace the account is a member of, the current one first.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct WorkspacesResponse {
    pub workspaces: Vec<WorkspaceDto>,
    /// The workspace the account acts in; `None` when it was removed from it and has not switched.
    pub current: Option<String>,
}

/// A member as the 'Equipo' page lists them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct MemberDto {
    pub userId: String,
    pub name: Option<String>,
    pub email: String,
    pub role: TeamRoleName,
    #[ts(type = "number")]
    pub joinedAt: i64,
}

/// A pending invitation (expired ones stay listed until resent or revoked).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct InvitationDto {
    pub id: String,
    pub email: String,
    pub role: TeamRoleName,
    /// Who sent it (name, or e-mail); `None` once that account is gone.
    pub invitedBy: Option<String>,
    #[ts(type = "number")]
    pub createdAt: i64,
    #[ts(type = "number")]
    pub expiresAt: i64,
    /// Past `expiresAt`: the link no longer works; 'Reenviar' makes a new one.
    pub expired: bool,
}

/// `GET /api/v1/team`: the current workspace, its members, and (for admins and the owner) its
/// pending invitations; an empty list for the other roles.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct TeamResponse {
    pub workspace: WorkspaceDto,
    pub members: Vec<MemberDto>,
    pub invitations: Vec<InvitationDto>,
}

/// `POST /api/v1/team/invitations`. `role`: 'admin', 'researcher' or 'observer'.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[schemars(example = crate::examples::invitation())]
pub struct InvitationRequest {
    #[schemars(with = "String", length(max = lupa_core::auth::email::MAX_EMAIL_LEN), regex(pattern = lupa_core::patterns::EMAIL))]
    pub email: Option<String>,
    #[schemars(with = "crate::wire_enums::GrantableRole")]
    pub role: Option<String>,
}

/// `PATCH /api/v1/team/members/{id}`. `role`: 'admin', 'researcher' or 'observer'.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[schemars(example = crate::examples::member_update())]
pub struct MemberUpdateRequest {
    #[schemars(with = "crate::wire_enums::GrantableRole")]
    pub role: Option<String>,
}

/// `GET /api/v1/invitations/{token}`: what the invitation page shows before joining.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct InvitationViewResponse {
    pub workspaceName: String,
    /// Who invited (name, or e-mail); `None` once that account is gone.
    pub invitedBy: Option<String>,
    /// The invited address: only an account with it may join.
    pub email: String,
    pub role: TeamRoleName,
    #[ts(type = "number")]
    pub expiresAt: i64,
}

/// Who wrote a note or clip, or made a reel or share link (ADR 0019), as the team sees it: never
/// on a share link's public page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct AuthorDto {
    /// The account's id (the player's notes are filtered by it).
    pub id: String,
    /// The account's name, or its e-mail when it has none.
    pub name: String,
    /// One or two letters for the author's badge (`lupa_core::team::initials`).
    pub initials: String,
}

/// One row of the activity log (owner and admins; kept a year).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ActivityDto {
    pub id: String,
    #[ts(type = "number")]
    pub at: i64,
    /// One of `ActivityResponse::kinds`: 'invitation_sent', 'analysis_created', 'recording_watched', …
    pub kind: String,
    /// Who acted; `None` once that account is gone (`actorName` stays).
    pub actorId: Option<String>,
    pub actorName: String,
    /// What it was about: the invitation, member, analysis, share link or recording's id.
    pub subjectId: Option<String>,
    /// The same in words: an e-mail, a name, an analysis's name, 'Tienda · Participante 3'.
    pub subject: Option<String>,
}

/// Someone who appears in the log as its actor (a past member too), for the filter by member.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct ActivityActorDto {
    pub id: String,
    pub name: String,
}

/// `GET /api/v1/team/activity?actor=&kind=&page=&pageSize=`: newest first.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ActivityResponse {
    pub entries: Vec<ActivityDto>,
    /// Rows matching the filters, over every page.
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub pageSize: i64,
    /// Everyone the log names as an actor, for the filter by member.
    pub actors: Vec<ActivityActorDto>,
    /// Every kind the log records, for the filter by kind.
    pub kinds: Vec<String>,
}

/// `POST /api/v1/workspaces`: a new team, owned by the caller, which becomes current.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct WorkspaceCreateRequest {
    #[schemars(with = "String", length(max = lupa_core::team::WORKSPACE_NAME_MAX), regex(pattern = lupa_core::patterns::TEAM_NAME))]
    pub name: Option<String>,
}

/// `POST /api/v1/workspaces/{id}/delete`: the team's name, typed to confirm.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct WorkspaceDeleteRequest {
    /// Must be the team's name (the same words; spaces around them aside), or it is 409.
    #[schemars(with = "String")]
    pub name: Option<String>,
}

/// `POST /api/v1/team/owner`: the member who becomes the owner (the owner becomes an admin).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct OwnershipRequest {
    /// A member of the team other than the caller (404 for no member, 409 for the caller).
    #[schemars(with = "String", regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub userId: Option<String>,
}

/// A member of a workspace as the admin area lists them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AdminWorkspaceMemberDto {
    pub userId: String,
    pub email: String,
    pub name: Option<String>,
    pub role: TeamRoleName,
}

/// A workspace as the admin area lists it (ADR 0019): its seats, its subscription and its members.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AdminWorkspaceDto {
    pub id: String,
    pub name: String,
    #[ts(type = "number")]
    pub createdAt: i64,
    /// Its owner's personal workspace (every account has one).
    pub personal: bool,
    /// Seats its members take now: owner, admins and researchers.
    #[ts(type = "number")]
    pub seats: i64,
    /// Seats the subscription pays for, as the provider was last told; `None` without one.
    #[ts(type = "number | null")]
    pub paidSeats: Option<i64>,
    /// The newest subscription's state ('active', 'past_due', 'canceled', …); `None` without one.
    pub subscriptionStatus: Option<String>,
    /// Every member, the owner first.
    pub members: Vec<AdminWorkspaceMemberDto>,
}

/// `GET /api/v1/admin/workspaces?page=&pageSize=&q=`: newest first; `q` matches the name or a
/// member's e-mail.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct AdminWorkspacesResponse {
    pub workspaces: Vec<AdminWorkspaceDto>,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub pageSize: i64,
}
