//! Research teams (ADR 0019): a workspace's roles, what each route needs of them, and who takes a paid seat. The
//! worker's dispatch reads the member's role with the session (no extra D1 round trip) and checks [`need`] once,
//! before the handler runs; handlers scope every read to the session's workspace.
//! Size: [`need`] is one exhaustive match over every route, so a new route can't skip deciding.

use crate::routes::RouteId;

/// A member's role in one workspace. Product §6's global roles (admin, customer) are separate.
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
        // The account's own: its workspaces (switching and leaving check membership themselves),
        // and joining one by invitation (the invitation is for the account's e-mail).
        R::AuthSession
        | R::User
        | R::AuthUpdatePassword
        | R::WorkspaceList
        | R::WorkspaceSwitch
        | R::WorkspaceLeave
        | R::InvitationAccept
        // Making a team of one's own; deleting one checks that the caller owns it (it need not be
        // the current one).
        | R::WorkspaceCreate
        | R::WorkspaceDelete => Need::Account,
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
        | R::SummaryGet
        | R::ThemesGet
        | R::ReelList
        | R::ReelGet
        // Moderated sessions (ADR 0024): every member may watch one as an observer; deleting one
        // is its moderator's, an admin's or the owner's (the handler checks which).
        | R::SessionList
        | R::SessionGet
        | R::SessionDelete
        | R::SessionRoom
        | R::SessionIce
        // Who is on the team: every member sees it (invitations only admins and the owner).
        | R::TeamGet
        // Whether the workspace has paid: every member's screens follow it (ADR 0012); changing it is the owner's.
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
        | R::ShareRevoke
        // Summaries and themes cost model calls: researchers make them, observers read them.
        | R::SummaryRegenerate
        | R::ThemesRegenerate
        | R::ThemeReel
        // Moderating talks to a participant on the team's behalf, as running a study does.
        | R::SessionCreate => Need::Research,
        R::InvitationCreate
        | R::InvitationResend
        | R::InvitationRevoke
        | R::MemberUpdate
        | R::MemberRemove
        // The activity log: who did what, and who watched what (ADR 0019).
        | R::TeamActivity
        | R::TeamActivityCsv => Need::Manage,
        R::BillingCreateCustomer
        | R::BillingCheckout
        | R::BillingPortal
        | R::LocalCheckoutGet
        | R::LocalCheckoutPay
        | R::LocalCheckoutCancel
        | R::LocalPortalGet
        | R::LocalPortalCancel
        | R::TeamOwnerTransfer => Need::Own,
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
        | R::UplinkProbe
        | R::Participate
        | R::Screen
        | R::BillingWebhook
        | R::AdminUsers
        | R::AdminUserUpdate
        | R::AdminUserDelete
        | R::AdminWorkspaces
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
        | R::SessionLinkView
        | R::SessionLinkRoom
        | R::SessionLinkIce
        | R::InvitationView
        | R::SharedMedia
        | R::SingleUpload
        | R::RecordingStream
        | R::SegmentStream
        | R::SegmentCameraStream
        | R::ThumbnailGet
        | R::LiveChunk => Need::Account,
    }
}

/// What writing a note needs (the note routes are `Watch`, as observers write notes): a clip (a
/// note with an end) is a researcher's, like the reels built from clips, so making one, turning a
/// note into one, and changing or deleting one need [`Need::Research`]. `was_clip`: the note as
/// stored (false for a new one); `is_clip`: the note as it would be written (false for a delete).
pub fn note_write_need(was_clip: bool, is_clip: bool) -> Need {
    if was_clip || is_clip {
        Need::Research
    } else {
        Need::Watch
    }
}

/// The initials shown beside an author's name (ADR 0019): the first letters of the first and last
/// words of the name, or of an e-mail's local part when the account has no name ('ana.garcia@…'
/// → 'AG'); words that don't start with a letter (numbers in an address) are passed over. One
/// letter for a one-word name; the first letter or digit, or '?', when no word starts with a letter.
pub fn initials(name: &str) -> String {
    let name = name.trim();
    let source = match name.split_once('@') {
        Some((local, _)) if !name.contains(char::is_whitespace) => local,
        _ => name,
    };
    let words: Vec<&str> = source
        .split(|c: char| c.is_whitespace() || matches!(c, '.' | '_' | '-' | '+'))
        .map(|word| word.trim_start_matches(|c: char| !c.is_alphanumeric()))
        .filter(|word| word.chars().next().is_some_and(char::is_alphabetic))
        .collect();
    let letters: Vec<char> = match (words.first(), words.last()) {
        (Some(first), Some(last)) if words.len() > 1 => [first, last].iter().filter_map(|w| w.chars().next()).collect(),
        (Some(only), _) => only.chars().next().into_iter().collect(),
        _ => source.chars().find(|c| c.is_alphanumeric()).into_iter().collect(),
    };
    if letters.is_empty() {
        return "?".into();
    }
    letters.into_iter().flat_map(char::to_uppercase).collect()
}

/// A workspace's id for an account's personal workspace (ADR 0019): the same rule as the
/// migration and the `users` trigger, so every account has one from the moment it exists.
pub fn personal_workspace_id(user_id: &str) -> String {
    format!("w{user_id}")
}

/// The longest team name, in characters.
pub const WORKSPACE_NAME_MAX: usize = 80;

/// A team's name as given when making one: at most [`WORKSPACE_NAME_MAX`] characters as sent (the OpenAPI
/// document's `maxLength` counts them so; ADR 0020), no control characters, something besides spaces
/// (`patterns::TEAM_NAME`); kept trimmed, inner runs of spaces made one. `None` when it isn't one.
pub fn workspace_name(value: &str) -> Option<String> {
    if value.chars().count() > WORKSPACE_NAME_MAX || value.chars().any(char::is_control) {
        return None;
    }
    let name = value.split_whitespace().collect::<Vec<_>>().join(" ");
    (!name.is_empty()).then_some(name)
}

/// Whether what the owner typed to confirm deleting a team is its name: the same words, whatever
/// the spaces around them (a typing slip in the name itself is not a confirmation).
pub fn confirms_deletion(typed: &str, name: &str) -> bool {
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    !name.trim().is_empty() && words(typed) == words(name)
}

/// How long an invitation link works (ADR 0019): a week, single use.
pub const INVITATION_TTL_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// The role an invitation or a role change may give: any but owner (there is one owner, and
/// passing ownership on is the owner's own step). `None` for anything else.
pub fn grantable_role(value: &str) -> Option<TeamRole> {
    TeamRole::parse(value).filter(|role| *role != TeamRole::Owner)
}

impl TeamRole {
    /// The role as the interface and the mails say it (Spanish, the product's language).
    pub fn label_es(self) -> &'static str {
        match self {
            TeamRole::Owner => "Propietario",
            TeamRole::Admin => "Administrador",
            TeamRole::Researcher => "Investigador",
            TeamRole::Observer => "Observador",
        }
    }
}

/// What the activity log records (`workspace_activity.kind`). Rows are written in the same D1
/// batch as the change they describe, so the log never says something that did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActivityKind {
    InvitationSent,
    InvitationResent,
    InvitationAccepted,
    InvitationRevoked,
    RoleChanged,
    MemberRemoved,
    MemberLeft,
    AnalysisCreated,
    AnalysisDeleted,
    ShareCreated,
    ShareRevoked,
    /// One of the analysis's CSV exports was downloaded.
    CsvExported,
    /// A recording was opened in the player (or its playback URL asked for): at most one row per
    /// member, recording and UTC day.
    RecordingWatched,
    OwnershipTransferred,
}

impl ActivityKind {
    pub const ALL: [ActivityKind; 14] = [
        ActivityKind::InvitationSent,
        ActivityKind::InvitationResent,
        ActivityKind::InvitationAccepted,
        ActivityKind::InvitationRevoked,
        ActivityKind::RoleChanged,
        ActivityKind::MemberRemoved,
        ActivityKind::MemberLeft,
        ActivityKind::AnalysisCreated,
        ActivityKind::AnalysisDeleted,
        ActivityKind::ShareCreated,
        ActivityKind::ShareRevoked,
        ActivityKind::CsvExported,
        ActivityKind::RecordingWatched,
        ActivityKind::OwnershipTransferred,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ActivityKind::InvitationSent => "invitation_sent",
            ActivityKind::InvitationResent => "invitation_resent",
            ActivityKind::InvitationAccepted => "invitation_accepted",
            ActivityKind::InvitationRevoked => "invitation_revoked",
            ActivityKind::RoleChanged => "role_changed",
            ActivityKind::MemberRemoved => "member_removed",
            ActivityKind::MemberLeft => "member_left",
            ActivityKind::AnalysisCreated => "analysis_created",
            ActivityKind::AnalysisDeleted => "analysis_deleted",
            ActivityKind::ShareCreated => "share_created",
            ActivityKind::ShareRevoked => "share_revoked",
            ActivityKind::CsvExported => "csv_exported",
            ActivityKind::RecordingWatched => "recording_watched",
            ActivityKind::OwnershipTransferred => "ownership_transferred",
        }
    }

    pub fn parse(value: &str) -> Option<ActivityKind> {
        ActivityKind::ALL.into_iter().find(|kind| kind.as_str() == value)
    }

    /// What the log's CSV says in its 'que' column (Spanish, the product's language).
    pub fn label_es(self) -> &'static str {
        match self {
            ActivityKind::InvitationSent => "Invitación enviada",
            ActivityKind::InvitationResent => "Invitación reenviada",
            ActivityKind::InvitationAccepted => "Invitación aceptada",
            ActivityKind::InvitationRevoked => "Invitación revocada",
            ActivityKind::RoleChanged => "Rol cambiado",
            ActivityKind::MemberRemoved => "Miembro eliminado",
            ActivityKind::MemberLeft => "Miembro salió del equipo",
            ActivityKind::AnalysisCreated => "Análisis creado",
            ActivityKind::AnalysisDeleted => "Análisis eliminado",
            ActivityKind::ShareCreated => "Enlace para compartir creado",
            ActivityKind::ShareRevoked => "Enlace para compartir revocado",
            ActivityKind::CsvExported => "CSV exportado",
            ActivityKind::RecordingWatched => "Grabación vista",
            ActivityKind::OwnershipTransferred => "Propiedad transferida",
        }
    }
}

/// How long the activity log keeps a row: a year (the cron deletes older ones).
pub const ACTIVITY_RETENTION_MS: i64 = 365 * 24 * 60 * 60 * 1000;

/// The start of the UTC day of `at` (epoch ms): a recording watched again the same day adds no row.
pub fn utc_day_start(at: i64) -> i64 {
    at - at.rem_euclid(24 * 60 * 60 * 1000)
}

/// Why an invitation link can't be used, from its row (`None`: it can).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvitationState {
    Pending,
    Accepted,
    Revoked,
    Expired,
}

/// The state of an invitation at `now`: accepted and revoked win over expiry.
pub fn invitation_state(
    accepted_at: Option<i64>,
    revoked_at: Option<i64>,
    expires_at: i64,
    now: i64,
) -> InvitationState {
    if accepted_at.is_some() {
        InvitationState::Accepted
    } else if revoked_at.is_some() {
        InvitationState::Revoked
    } else if expires_at <= now {
        InvitationState::Expired
    } else {
        InvitationState::Pending
    }
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

    #[test]
    fn clips_are_a_researchers_and_plain_notes_any_members() {
        assert_eq!(note_write_need(false, false), Need::Watch);
        assert_eq!(note_write_need(false, true), Need::Research, "a new clip, or a note made a clip");
        assert_eq!(note_write_need(true, true), Need::Research, "a clip edited");
        assert_eq!(note_write_need(true, false), Need::Research, "a clip deleted or made a note");
        assert!(!TeamRole::Observer.allows(note_write_need(false, true)));
        assert!(TeamRole::Observer.allows(note_write_need(false, false)));
        assert!(TeamRole::Researcher.allows(note_write_need(true, false)));
    }

    #[test]
    fn initials_come_from_the_name_or_the_address() {
        assert_eq!(initials("Ana García"), "AG");
        assert_eq!(initials("  ana maría  lópez "), "AL");
        assert_eq!(initials("Bruno"), "B");
        assert_eq!(initials("ana.garcia@example.com"), "AG");
        assert_eq!(initials("obs-observer-1732-abc9@example.com"), "OA");
        assert_eq!(initials("élodie@example.com"), "É");
        assert_eq!(initials("1234@example.com"), "1");
        assert_eq!(initials(""), "?");
        assert_eq!(initials("Ana (Diseño)"), "AD");
    }

    #[test]
    fn activity_kinds_round_trip_and_days_start_at_utc_midnight() {
        for kind in ActivityKind::ALL {
            assert_eq!(ActivityKind::parse(kind.as_str()), Some(kind));
            assert!(!kind.label_es().is_empty());
        }
        assert_eq!(ActivityKind::parse("exported"), None);
        assert_eq!(ACTIVITY_RETENTION_MS, 31_536_000_000);
        // 2025-11-28 23:59:59.999 UTC and 2025-11-29 00:00 UTC.
        assert_eq!(utc_day_start(1_764_374_399_999), 1_764_288_000_000);
        assert_eq!(utc_day_start(1_764_374_400_000), 1_764_374_400_000);
    }

    #[test]
    fn team_names_are_trimmed_and_bounded_and_deletion_needs_the_name_typed() {
        assert_eq!(workspace_name("  Equipo   de  UX "), Some("Equipo de UX".into()));
        assert_eq!(workspace_name("   "), None);
        assert_eq!(workspace_name(&"a".repeat(80)), Some("a".repeat(80)));
        assert_eq!(workspace_name(&"á".repeat(81)), None);
        assert_eq!(workspace_name("a\u{0007}b"), None);
        assert!(confirms_deletion(" Equipo  de UX ", "Equipo de UX"));
        assert!(!confirms_deletion("equipo de ux", "Equipo de UX"));
        assert!(!confirms_deletion("Equipo", "Equipo de UX"));
        assert!(!confirms_deletion("", ""));
    }

    #[test]
    fn invitations_give_any_role_but_owner() {
        assert_eq!(grantable_role("admin"), Some(TeamRole::Admin));
        assert_eq!(grantable_role("researcher"), Some(TeamRole::Researcher));
        assert_eq!(grantable_role("observer"), Some(TeamRole::Observer));
        assert_eq!(grantable_role("owner"), None);
        assert_eq!(grantable_role(""), None);
    }

    #[test]
    fn an_invitation_is_usable_only_while_pending_and_unexpired() {
        let now = 1_000;
        assert_eq!(invitation_state(None, None, now + 1, now), InvitationState::Pending);
        assert_eq!(invitation_state(None, None, now, now), InvitationState::Expired);
        assert_eq!(invitation_state(Some(5), None, now + 1, now), InvitationState::Accepted);
        assert_eq!(invitation_state(None, Some(5), now - 1, now), InvitationState::Revoked);
        assert_eq!(INVITATION_TTL_MS, 604_800_000);
    }
}
