//! The API's route table: every `/api/v1` route, its method and who may call it.
//!
//! The table is data, not code, so the authorization matrix test and the OpenAPI document can walk
//! it and a route cannot exist in the router without also existing here.

/// Who may call a route. Handlers still check ownership of the objects they touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, including participants and anonymous visitors.
    Public,
    /// A signed-in user of any role.
    Session,
    /// A signed-in admin.
    Admin,
    /// The participant's browser holding the entry's capability cookie.
    Participant,
    /// Anyone holding a valid signed URL (`?expires=&sig=`).
    Signed,
}

/// Names of the routes the worker dispatches on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RouteId {
    Health,
    AuthLogin,
    AuthRegister,
    AuthLogout,
    AuthSession,
    AuthResetRequest,
    AuthResetCheck,
    AuthResetApply,
    AuthUpdatePassword,
    User,
    Waitlist,
    AnalysisList,
    AnalysisCreate,
    AnalysisGet,
    AnalysisUpdate,
    AnalysisDelete,
    AnalysisClose,
    AnalysisReopen,
    BillingGet,
    ValidateParticipation,
    Participate,
    EntryUploadUrl,
    EntryUpdate,
    ParticipationCurrent,
    EntryResume,
    EntrySegmentOpen,
    EntryChunkPut,
    EntryCameraChunkPut,
    EntryThumbnailPut,
    EntrySteps,
    EntryComplete,
    EntryAbandon,
    EntryUrl,
    EntryPage,
    SingleUpload,
    RecordingStream,
    SegmentStream,
    SegmentCameraStream,
    ThumbnailGet,
    BillingCreateCustomer,
    BillingCheckout,
    BillingPortal,
    BillingWebhook,
    LocalCheckoutGet,
    LocalCheckoutPay,
    LocalCheckoutCancel,
    LocalPortalGet,
    LocalPortalCancel,
    AdminUsers,
    AdminUserUpdate,
    AdminUserDelete,
    AdminWaitlist,
    AdminWaitlistCsv,
    NotesList,
    NoteCreate,
    NoteUpdate,
    NoteDelete,
    EntryDelete,
    AnalysisSummary,
    AnalysisExport,
    AnalysisExportTasks,
    AnalysisNotes,
    EntryTaskAnswer,
    EntrySusAnswer,
    ReelList,
    ReelCreate,
    ReelGet,
    ReelUpdate,
    ReelDelete,
    ReelClipAdd,
    ReelClipRemove,
    ShareList,
    ShareCreate,
    ShareRevoke,
    SharedView,
    SharedMedia,
    OpenApi,
}

/// One row of the route table.
#[derive(Debug, Clone, Copy)]
pub struct RouteSpec {
    pub id: RouteId,
    pub method: &'static str,
    /// Path below the API root; `{name}` marks a path parameter.
    pub pattern: &'static str,
    pub access: Access,
}

/// Where every API path lives.
pub const API_ROOT: &str = "/api/v1";

/// The route table. Order matters only between patterns that could both match; keep literal
/// segments before parameters.
pub const ROUTES: &[RouteSpec] = &[
    route(RouteId::Health, "GET", "/health", Access::Public),
    route(RouteId::OpenApi, "GET", "/openapi.json", Access::Public),
    route(RouteId::AuthLogin, "POST", "/auth/login/local", Access::Public),
    route(RouteId::AuthRegister, "POST", "/auth/register/local/customer", Access::Public),
    route(RouteId::AuthLogout, "POST", "/auth/logout", Access::Public),
    route(RouteId::AuthSession, "GET", "/auth/session", Access::Session),
    route(RouteId::AuthResetRequest, "POST", "/auth/password-reset", Access::Public),
    route(RouteId::AuthResetCheck, "GET", "/auth/password-reset", Access::Public),
    route(RouteId::AuthResetApply, "PATCH", "/auth/password-reset", Access::Public),
    route(RouteId::AuthUpdatePassword, "PATCH", "/auth/update-user-password", Access::Session),
    route(RouteId::User, "GET", "/user", Access::Session),
    route(RouteId::Waitlist, "POST", "/waitlist", Access::Public),
    route(RouteId::ValidateParticipation, "POST", "/analysis/validate-participation", Access::Public),
    route(RouteId::Participate, "POST", "/analysis/participate", Access::Public),
    route(RouteId::AnalysisList, "GET", "/analysis", Access::Session),
    route(RouteId::AnalysisCreate, "POST", "/analysis", Access::Session),
    route(RouteId::AnalysisGet, "GET", "/analysis/{id}", Access::Session),
    route(RouteId::AnalysisUpdate, "PATCH", "/analysis/{id}", Access::Session),
    route(RouteId::AnalysisDelete, "DELETE", "/analysis/{id}", Access::Session),
    route(RouteId::AnalysisClose, "POST", "/analysis/{id}/close", Access::Session),
    route(RouteId::AnalysisReopen, "POST", "/analysis/{id}/reopen", Access::Session),
    route(RouteId::BillingGet, "GET", "/billing", Access::Session),
    route(RouteId::BillingCreateCustomer, "POST", "/billing", Access::Session),
    route(RouteId::BillingCheckout, "POST", "/billing/checkout-session", Access::Session),
    route(RouteId::BillingPortal, "POST", "/billing/customer-portal", Access::Session),
    route(RouteId::BillingWebhook, "POST", "/billing/webhook", Access::Signed),
    route(RouteId::LocalCheckoutGet, "GET", "/billing/local/checkout/{id}", Access::Session),
    route(RouteId::LocalCheckoutPay, "POST", "/billing/local/checkout/{id}/pay", Access::Session),
    route(RouteId::LocalCheckoutCancel, "POST", "/billing/local/checkout/{id}/cancel", Access::Session),
    route(RouteId::LocalPortalGet, "GET", "/billing/local/portal", Access::Session),
    route(RouteId::LocalPortalCancel, "POST", "/billing/local/portal/cancel", Access::Session),
    route(RouteId::AdminUsers, "GET", "/admin", Access::Admin),
    route(RouteId::AdminUserUpdate, "PATCH", "/admin/users/{id}", Access::Admin),
    route(RouteId::AdminUserDelete, "DELETE", "/admin/users/{id}", Access::Admin),
    route(RouteId::AdminWaitlist, "GET", "/admin/waitlist", Access::Admin),
    route(RouteId::AdminWaitlistCsv, "GET", "/admin/waitlist/export", Access::Admin),
    route(RouteId::EntryUploadUrl, "POST", "/analysisEntry/upload-url", Access::Participant),
    route(RouteId::EntryUpdate, "PATCH", "/analysisEntry", Access::Participant),
    route(RouteId::ParticipationCurrent, "GET", "/participation/current", Access::Participant),
    route(RouteId::EntryResume, "POST", "/analysisEntry/{id}/resume", Access::Participant),
    route(RouteId::EntrySegmentOpen, "POST", "/analysisEntry/{id}/segments", Access::Participant),
    route(RouteId::EntryChunkPut, "PUT", "/analysisEntry/{id}/segments/{segment}/chunks/{index}", Access::Participant),
    route(RouteId::EntryCameraChunkPut, "PUT", "/analysisEntry/{id}/segments/{segment}/camera-chunks/{index}", Access::Participant),
    route(RouteId::EntryThumbnailPut, "PUT", "/analysisEntry/{id}/thumbnail", Access::Participant),
    route(RouteId::EntrySteps, "PUT", "/analysisEntry/{id}/steps", Access::Participant),
    route(RouteId::EntryComplete, "POST", "/analysisEntry/{id}/complete", Access::Participant),
    route(RouteId::EntryTaskAnswer, "PUT", "/analysisEntry/{id}/answers/tasks/{taskNumber}", Access::Participant),
    route(RouteId::EntrySusAnswer, "PUT", "/analysisEntry/{id}/answers/sus", Access::Participant),
    route(RouteId::EntryAbandon, "DELETE", "/analysisEntry/{id}", Access::Participant),
    route(RouteId::EntryUrl, "GET", "/analysisEntry/{id}", Access::Session),
    route(RouteId::EntryPage, "GET", "/entry/{id}", Access::Session),
    route(RouteId::EntryDelete, "DELETE", "/entry/{id}", Access::Session),
    route(RouteId::NotesList, "GET", "/entry/{id}/notes", Access::Session),
    route(RouteId::NoteCreate, "POST", "/entry/{id}/notes", Access::Session),
    route(RouteId::NoteUpdate, "PATCH", "/entry/{id}/notes/{noteId}", Access::Session),
    route(RouteId::NoteDelete, "DELETE", "/entry/{id}/notes/{noteId}", Access::Session),
    route(RouteId::AnalysisSummary, "GET", "/analysis/{id}/summary", Access::Session),
    route(RouteId::AnalysisExport, "GET", "/analysis/{id}/export", Access::Session),
    route(RouteId::AnalysisExportTasks, "GET", "/analysis/{id}/export/tasks", Access::Session),
    route(RouteId::AnalysisNotes, "GET", "/analysis/{id}/notes", Access::Session),
    route(RouteId::ReelList, "GET", "/analysis/{id}/reels", Access::Session),
    route(RouteId::ReelCreate, "POST", "/analysis/{id}/reels", Access::Session),
    route(RouteId::ReelGet, "GET", "/reels/{id}", Access::Session),
    route(RouteId::ReelUpdate, "PATCH", "/reels/{id}", Access::Session),
    route(RouteId::ReelDelete, "DELETE", "/reels/{id}", Access::Session),
    route(RouteId::ReelClipAdd, "POST", "/reels/{id}/clips", Access::Session),
    route(RouteId::ReelClipRemove, "DELETE", "/reels/{id}/clips/{clipId}", Access::Session),
    route(RouteId::ShareList, "GET", "/analysis/{id}/shares", Access::Session),
    route(RouteId::ShareCreate, "POST", "/analysis/{id}/shares", Access::Session),
    route(RouteId::ShareRevoke, "POST", "/shares/{id}/revoke", Access::Session),
    route(RouteId::SharedView, "GET", "/share/{token}", Access::Public),
    route(RouteId::SharedMedia, "GET", "/share-media/{id}/{source}/{segment}/{track}", Access::Signed),
    route(RouteId::SingleUpload, "PUT", "/uploads/{id}", Access::Signed),
    route(RouteId::RecordingStream, "GET", "/recordings/{id}", Access::Signed),
    route(RouteId::SegmentStream, "GET", "/recordings/{id}/{segment}", Access::Signed),
    route(RouteId::SegmentCameraStream, "GET", "/recordings/{id}/{segment}/camera", Access::Signed),
    route(RouteId::ThumbnailGet, "GET", "/thumbnails/{id}", Access::Signed),
];

const fn route(id: RouteId, method: &'static str, pattern: &'static str, access: Access) -> RouteSpec {
    RouteSpec { id, method, pattern, access }
}

/// A matched route with its path parameters in pattern order.
#[derive(Debug, PartialEq, Eq)]
pub struct Matched<'a> {
    pub spec: RouteSpec,
    pub params: Vec<&'a str>,
}

impl PartialEq for RouteSpec {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && self.method == other.method
    }
}
impl Eq for RouteSpec {}

/// What the router found for a method and path.
#[derive(Debug, PartialEq, Eq)]
pub enum Resolution<'a> {
    Found(Matched<'a>),
    /// The path exists but not for this method; carries the allowed methods for `Allow`.
    MethodNotAllowed(Vec<&'static str>),
    NotFound,
}

/// Resolves a full request path (starting with `/api/v1`) against [`ROUTES`].
pub fn resolve<'a>(method: &str, path: &'a str) -> Resolution<'a> {
    let Some(rest) = path.strip_prefix(API_ROOT) else {
        return Resolution::NotFound;
    };
    // `/api/v1/admin/` and `/api/v1/admin` are the same route: the spec calls the former.
    let rest = match rest.strip_suffix('/') {
        Some(trimmed) if !trimmed.is_empty() => trimmed,
        _ => rest,
    };
    let mut allowed = Vec::new();
    for spec in ROUTES {
        if let Some(params) = match_pattern(spec.pattern, rest) {
            if spec.method.eq_ignore_ascii_case(method) {
                return Resolution::Found(Matched { spec: *spec, params });
            }
            allowed.push(spec.method);
        }
    }
    if allowed.is_empty() {
        Resolution::NotFound
    } else {
        Resolution::MethodNotAllowed(allowed)
    }
}

fn match_pattern<'a>(pattern: &str, path: &'a str) -> Option<Vec<&'a str>> {
    let mut params = Vec::new();
    let mut pattern_parts = pattern.split('/');
    let mut path_parts = path.split('/');
    loop {
        match (pattern_parts.next(), path_parts.next()) {
            (None, None) => return Some(params),
            (Some(p), Some(s)) if p.starts_with('{') && p.ends_with('}') => {
                if s.is_empty() {
                    return None;
                }
                params.push(s);
            }
            (Some(p), Some(s)) if p == s => {}
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_resolves_for_get_only() {
        assert!(matches!(
            resolve("GET", "/api/v1/health"),
            Resolution::Found(Matched { spec: RouteSpec { id: RouteId::Health, .. }, .. })
        ));
        assert_eq!(resolve("POST", "/api/v1/health"), Resolution::MethodNotAllowed(vec!["GET"]));
    }

    #[test]
    fn unknown_paths_are_not_found() {
        assert_eq!(resolve("GET", "/api/v1/nope"), Resolution::NotFound);
        assert_eq!(resolve("GET", "/api/v2/health"), Resolution::NotFound);
        assert_eq!(resolve("GET", "/api/v1"), Resolution::NotFound);
    }

    #[test]
    fn a_trailing_slash_is_ignored() {
        assert!(matches!(resolve("GET", "/api/v1/health/"), Resolution::Found(_)));
    }

    #[test]
    fn parameters_are_captured_and_never_empty() {
        assert_eq!(match_pattern("/analysis/{id}", "/analysis/abc"), Some(vec!["abc"]));
        assert_eq!(match_pattern("/analysis/{id}", "/analysis/"), None);
        assert_eq!(match_pattern("/analysis/{id}", "/analysis/a/b"), None);
    }

    #[test]
    fn one_path_may_have_several_methods() {
        for method in ["GET", "POST", "PATCH"] {
            assert!(matches!(resolve(method, "/api/v1/auth/password-reset"), Resolution::Found(_)), "{method}");
        }
        assert_eq!(resolve("DELETE", "/api/v1/auth/password-reset"), Resolution::MethodNotAllowed(vec!["POST", "GET", "PATCH"]));
    }

    #[test]
    fn every_route_is_unique() {
        for (i, a) in ROUTES.iter().enumerate() {
            for b in &ROUTES[i + 1..] {
                assert!(!(a.method == b.method && a.pattern == b.pattern), "{:?} twice", a.pattern);
            }
        }
    }
}
