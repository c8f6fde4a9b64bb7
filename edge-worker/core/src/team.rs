//! Research teams (ADR 0019): a workspace's roles, what each route needs of them, and who takes a
//! paid seat. The worker's dispatch reads the member's role with the session (no extra D1 round
//! trip) and checks [`need`] once, before the handler runs; handlers scope every read to the
//! session's workspace.

use crate::routes::RouteId;

/// A member's role in one workspace. The spec's global roles (admin, customer) are separate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TeamRole {
    /// Watches recordings and live sessions, reads transcripts and insights, writes notes. Free.
    Observer,
    /// Creates, edits and deletes analyses; notes, clips, reels, shares, exports.
    Researcher,
    /// A researcher who also manages members and invitations.
    Admin,
    /// One per workspace: billing, deleting the workspace, passing ownership on.
    Owner,
}

impl TeamRole {
    pub const ALL: [TeamRole; 4] = [TeamRole::Owner, TeamRole::Admin, TeamRole::Researcher, TeamRole::Observer];

    pub fn as_str(self) -> &'static str {
        match self {
            TeamRole::Owner => "owner",
            TeamRole::Admin => "admin",
            TeamRole::Researcher => "researcher",
            TeamRole::Observer => "observer",
        }
    }

    pub fn parse(value: &str) -> Option<TeamRole> {
        TeamRole::ALL.into_iter().find(|role| role.as_str() == value)
    }

    /// Owner, admins and researchers take a paid seat; observers don't.
    pub fn takes_seat(self) -> bool {
        self >= TeamRole::Researcher
    }

    /// Whether this role may call a route that needs `need`.
    pub fn allows(self, need: Need) -> bool {
        match need {
            Need::Account => true,
            Need::Watch => self >= TeamRole::Observer,
            Need::Research => self >= TeamRole::Researcher,
            Need::Manage => self >= TeamRole::Admin,
            Need::Own => self == TeamRole::Owner,
        }
    }
}

/// What a signed-in route needs of the caller's role in their current workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Only a session: the account's own routes (its profile, its password, its workspaces).
    Account,
    /// Any member: reading the workspace's analyses, recordings, transcripts and insights, notes.
    Watch,
    /// A researcher or above: changing analyses, clips, reels, shares, exports.
    Research,
    /// An admin or the owner: members and invitations.
    Manage,
    /// The owner: billing, the workspace itself.
    Own,
}

/// What each route needs. Exhaustive, so a new route can't be added without deciding; routes that
/// are not `Session` routes (public, participant, signed, global admin) need no team role.
pub fn need(route: RouteId) -> Need {
    use RouteId as R;
    match route {
        R::AuthSession | R::User | R::AuthUpdatePassword => Need::Account,
        R::AnalysisList
        | R::AnalysisGet
        | R::AnalysisSummary
        | R::AnalysisNotes
        | R::TranscriptSearch
        | R::EntryUrl
        | R::EntryPage
        | R::EntryLive
        | R::NotesList
        | R::NoteCreate
        | R::NoteUpdate
        | R::NoteDelete
        | R::TranscriptGet
        | R::TranscriptVtt
        | R::TranscriptText
        | R::ReelList
        | R::ReelGet
        // Whether the workspace has paid: every member's screens follow it (ADR 0012's lapsed
        // rules apply to the whole team). Changing the subscription is the owner's.
        | R::BillingGet => Need::Watch,
        R::AnalysisCreate
        | R::AnalysisUpdate
        | R::AnalysisDelete
        | R::AnalysisClose
        | R::AnalysisReopen
        | R::EntryDelete
        | R::AnalysisExport
        | R::AnalysisExportTasks
        | R::ReelCreate
        | R::ReelUpdate
        | R::ReelDelete
        | R::ReelClipAdd
        | R::ReelClipRemove
        | R::ShareList
        | R::ShareCreate
        | R::ShareRevoke => Need::Research,
        R::BillingCreateCustomer
        | R::BillingCheckout
        | R::BillingPortal
        | R::LocalCheckoutGet
        | R::LocalCheckoutPay
        | R::LocalCheckoutCancel
        | R::LocalPortalGet
        | R::LocalPortalCancel => Need::Own,
        // Not `Session` routes: their access rule is the route's own (public, participant's
        // capability, signature, global admin).
        R::Health
        | R::OpenApi
        | R::AuthLogin
        | R::AuthRegister
        | R::AuthLogout
        | R::AuthResetRequest
        | R::AuthResetCheck
        | R::AuthResetApply
        | R::Waitlist
        | R::ValidateParticipation
        | R::Participate
        | R::Screen
        | R::BillingWebhook
        | R::AdminUsers
        | R::AdminUserUpdate
        | R::AdminUserDelete
        | R::AdminWaitlist
        | R::AdminWaitlistCsv
        | R::EntryUploadUrl
        | R::EntryUpdate
        | R::ParticipationCurrent
        | R::EntryResume
        | R::EntrySegmentOpen
        | R::EntryChunkPut
        | R::EntryCameraChunkPut
        | R::EntryThumbnailPut
        | R::EntrySteps
        | R::EntryComplete
        | R::EntryAbandon
        | R::EntryAudioChunkPut
        | R::EntryTaskAnswer
        | R::EntrySusAnswer
        | R::EntryQuestionAnswers
        | R::SharedView
        | R::SharedMedia
        | R::SingleUpload
        | R::RecordingStream
        | R::SegmentStream
        | R::SegmentCameraStream
        | R::ThumbnailGet
        | R::LiveChunk => Need::Account,
    }
}

/// A workspace's id for an account's personal workspace (ADR 0019): the same rule as the
/// migration and the `users` trigger, so every account has one from the moment it exists.
pub fn personal_workspace_id(user_id: &str) -> String {
    format!("w{user_id}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::{Access, ROUTES};

    #[test]
    fn roles_round_trip_and_unknown_is_refused() {
        for role in TeamRole::ALL {
            assert_eq!(TeamRole::parse(role.as_str()), Some(role));
        }
        assert_eq!(TeamRole::parse("editor"), None);
        assert_eq!(TeamRole::parse("Owner"), None);
    }

    #[test]
    fn observers_take_no_seat_and_everyone_else_does() {
        assert!(!TeamRole::Observer.takes_seat());
        assert!(TeamRole::Researcher.takes_seat() && TeamRole::Admin.takes_seat() && TeamRole::Owner.takes_seat());
    }

    #[test]
    fn each_role_allows_its_own_needs_and_nothing_above() {
        use Need::*;
        let table = [
            (TeamRole::Observer, [true, true, false, false, false]),
            (TeamRole::Researcher, [true, true, true, false, false]),
            (TeamRole::Admin, [true, true, true, true, false]),
            (TeamRole::Owner, [true, true, true, true, true]),
        ];
        for (role, allowed) in table {
            for (need, expected) in [Account, Watch, Research, Manage, Own].into_iter().zip(allowed) {
                assert_eq!(role.allows(need), expected, "{role:?} {need:?}");
            }
        }
    }

    #[test]
    fn only_session_routes_need_a_team_role() {
        for route in ROUTES {
            if route.access != Access::Session {
                assert_eq!(need(route.id), Need::Account, "{:?} is not a Session route", route.id);
            }
        }
    }
}
