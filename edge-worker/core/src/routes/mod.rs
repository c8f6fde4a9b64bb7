//! The API's routes as data: each route is declared once in [`ROUTES`] (`table.rs`) with its
//! method, path, access rule, D1 budget and flags; this module resolves a request against them and
//! hands out its named path parameters. Dispatch, the access check, the OpenAPI document, the
//! authorization matrix, the D1 budget table and the path builders (`paths.rs`, and the web's
//! generated `api-paths.ts`) all read the same rows (ADR 0014).
//! Size: the route type, its documentation fields and the resolver belong together (every reader goes through `Route`); the tests below keep every declared path parameter reachable.

mod links;
pub mod participant;
mod paths;
mod table;

pub use links::{Link, LINKS};
pub use paths::*;
pub use table::{RouteId, ROUTES};

/// Who may call a route. The worker's dispatch enforces `Session` and `Admin` before the handler
/// runs and hands it the signed-in user; `Participant` and `Signed` are per object (the entry's
/// capability, the URL's signature) and checked by the handler. Handlers still check ownership of
/// the objects they touch.
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

/// What a route takes or gives, for the OpenAPI document. A JSON body names its type in
/// `lupa-api-types` (which resolves the name to the type's JSON Schema, and a test checks that
/// every name resolves): the table stays in this crate, which the types crate builds on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    NoBody,
    /// JSON of the `lupa-api-types` type of this name.
    Json(&'static str),
    /// Any JSON (the OpenAPI document itself).
    AnyJson,
    /// Bytes of this media type.
    Binary(&'static str),
    /// A recording's file: MediaRecorder's MP4 or WebM (`recording_mime`), as it was recorded.
    Recording,
    /// A shared recording's file, or its captions (WebVTT) on the link's `…/0/captions`.
    RecordingOrCaptions,
    Csv,
    /// Text of this media type.
    Text(&'static str),
}

/// How the OpenAPI document describes a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Doc {
    pub summary: &'static str,
    pub request: Content,
    /// The status of a successful answer.
    pub status: u16,
    pub response: Content,
    /// Error statuses the route answers besides those its shape implies (`lupa-api-types`
    /// `openapi::error_statuses`: its access rule, its path parameters, a JSON body, a rate limit).
    pub errors: &'static [u16],
    /// The `lupa-api-types` type whose fields are the route's query parameters.
    pub query: Option<&'static str>,
    /// The `lupa-api-types` type whose fields are the request headers the route reads.
    pub headers: Option<&'static str>,
    /// Counts attempts per client or account: may answer 429 with `Retry-After`.
    pub rate_limited: bool,
    /// The most bytes a binary body may have, when no `Content-Length` header declares it.
    pub body_max: Option<u64>,
    /// Answers without its credentials too (what it answers then is its own, not a refusal).
    pub credentials_optional: bool,
    /// A `Signed` route that also needs the participation's capability cookie.
    pub with_capability: bool,
}

/// Declares every route at once (`table.rs`): `Name: method("/pattern", Access).d1(n)…` per row
/// makes both the [`RouteId`] variant `Name` and the row of [`ROUTES`], so a new route is one row
/// (plus the handler the worker's dispatch names for it).
macro_rules! declare_routes {
    ($($id:ident : $method:ident ( $($arg:expr),* $(,)? ) $( . $call:ident ( $($carg:expr),* $(,)? ) )* ),* $(,)?) => {
        /// Names of the routes the worker dispatches on: one per declaration.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum RouteId {
            $($id,)*
        }

        /// Every route of the API.
        pub const ROUTES: &[Route] = &[$(Route::$method(RouteId::$id, $($arg),*) $( .$call($($carg),*) )*,)*];
    };
}
pub(crate) use declare_routes;

/// How many D1 round trips a route's costliest path may wait for (ADR 0011).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct D1Budget {
    pub max: u8,
    /// For chunk uploads: the round trips allowed before the body is streamed to R2.
    pub before_body: Option<u8>,
    /// Why the route needs what it needs; required above [`Route::d1_target`].
    pub why: &'static str,
}

/// One route, declared once (see `table.rs`).
#[derive(Debug, Clone, Copy)]
pub struct Route {
    pub id: RouteId,
    pub method: &'static str,
    /// Path below the API root; `{name}` marks a path parameter (one of [`PARAM_NAMES`]).
    pub pattern: &'static str,
    pub access: Access,
    pub d1: D1Budget,
    /// Answers with a recording a browser may open directly ('Ver grabación'): its response gets
    /// the media CSP instead of `default-src 'none'`.
    pub media: bool,
    /// Part of the local test-mode payment provider: 404 unless the environment is local.
    pub local_only: bool,
    /// What the OpenAPI document says of it.
    pub doc: Doc,
}

/// The declaration helpers `table.rs` is written with. A row without `.d1(..)` has a budget of
/// zero, which the budget test would catch on its first D1 call.
impl Route {
    const fn new(id: RouteId, method: &'static str, pattern: &'static str, access: Access) -> Route {
        let doc = Doc {
            summary: "",
            request: Content::NoBody,
            status: 200,
            response: Content::NoBody,
            errors: &[],
            query: None,
            headers: None,
            rate_limited: false,
            body_max: None,
            credentials_optional: false,
            with_capability: false,
        };
        Route {
            id,
            method,
            pattern,
            access,
            d1: D1Budget { max: 0, before_body: None, why: "" },
            media: false,
            local_only: false,
            doc,
        }
    }
    pub const fn get(id: RouteId, pattern: &'static str, access: Access) -> Route {
        Route::new(id, "GET", pattern, access)
    }
    pub const fn post(id: RouteId, pattern: &'static str, access: Access) -> Route {
        Route::new(id, "POST", pattern, access)
    }
    pub const fn put(id: RouteId, pattern: &'static str, access: Access) -> Route {
        Route::new(id, "PUT", pattern, access)
    }
    pub const fn patch(id: RouteId, pattern: &'static str, access: Access) -> Route {
        Route::new(id, "PATCH", pattern, access)
    }
    pub const fn delete(id: RouteId, pattern: &'static str, access: Access) -> Route {
        Route::new(id, "DELETE", pattern, access)
    }
    /// A route whose method and pattern are declared as an [`participant::Endpoint`] (the
    /// participant's recording routes, which the recorder builds its paths from).
    pub const fn at(id: RouteId, endpoint: participant::Endpoint, access: Access) -> Route {
        Route::new(id, endpoint.method, endpoint.pattern, access)
    }
    /// The D1 round trips of the route's costliest path.
    pub const fn d1(mut self, max: u8) -> Route {
        self.d1.max = max;
        self
    }
    /// Why the route needs its round trips.
    pub const fn why(mut self, why: &'static str) -> Route {
        self.d1.why = why;
        self
    }
    /// A chunk upload: no D1 round trip at all, before its body is streamed to R2 or after.
    pub const fn chunk(mut self) -> Route {
        self.d1.max = 0;
        self.d1.before_body = Some(0);
        self
    }
    pub const fn media(mut self) -> Route {
        self.media = true;
        self
    }
    pub const fn local_only(mut self) -> Route {
        self.local_only = true;
        self
    }
    /// The route in a line, for the OpenAPI document.
    pub const fn doc(mut self, summary: &'static str) -> Route {
        self.doc.summary = summary;
        self
    }
    /// The request body (none unless said).
    pub const fn takes(mut self, request: Content) -> Route {
        self.doc.request = request;
        self
    }
    /// The status and body of a successful answer.
    pub const fn gives(mut self, status: u16, response: Content) -> Route {
        self.doc.status = status;
        self.doc.response = response;
        self
    }
    /// Error statuses beyond those the route's shape implies (each with the error body).
    pub const fn fails(mut self, statuses: &'static [u16]) -> Route {
        self.doc.errors = statuses;
        self
    }
    /// The query parameters, as the fields of a type of `lupa-api-types`.
    pub const fn query(mut self, type_name: &'static str) -> Route {
        self.doc.query = Some(type_name);
        self
    }
    /// The request headers read, as the fields of a type of `lupa-api-types`.
    pub const fn headers(mut self, type_name: &'static str) -> Route {
        self.doc.headers = Some(type_name);
        self
    }
    /// Callable without its credentials (the capability cookie): it then answers for nobody.
    pub const fn credentials_optional(mut self) -> Route {
        self.doc.credentials_optional = true;
        self
    }
    /// A signed URL that works only in the browser holding the participation's capability.
    pub const fn with_capability(mut self) -> Route {
        self.doc.with_capability = true;
        self
    }
    /// A binary body's most bytes (413 above), when no declared header says it.
    pub const fn body_max(mut self, max: u64) -> Route {
        self.doc.body_max = Some(max);
        self
    }
    /// Attempts are counted (per client address, account or user): 429 past the limit.
    pub const fn rate_limited(mut self) -> Route {
        self.doc.rate_limited = true;
        self
    }

    /// The budget a route meets without giving a reason: an authenticated GET at most 2 (the
    /// session with its user, then the data), a write at most 3; the OpenAPI document none.
    pub fn d1_target(&self) -> u8 {
        match (self.id, self.method) {
            (RouteId::OpenApi, _) => 0,
            (_, "GET") => 2,
            _ => 3,
        }
    }

    /// The route's parameter names, in path order.
    pub fn param_names(&self) -> impl Iterator<Item = &'static str> {
        self.pattern.split('/').filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
    }
}

/// Every parameter name a pattern may use; each has an accessor on [`Params`].
pub const PARAM_NAMES: &[&str] =
    &["id", "segment", "index", "taskNumber", "noteId", "clipId", "token", "source", "track", "phase", "theme"];

/// Where every API path lives.
pub const API_ROOT: &str = "/api/v1";

/// The declaration of `id` (every `RouteId` has exactly one; a test checks).
pub fn route(id: RouteId) -> &'static Route {
    ROUTES.iter().find(|r| r.id == id).unwrap_or(&ROUTES[0])
}

/// A matched request's path parameters, read by name.
#[derive(Debug, PartialEq, Eq)]
pub struct Params<'a> {
    pattern: &'static str,
    values: Vec<&'a str>,
}

impl<'a> Params<'a> {
    /// The value of `{name}`, or "" when the route has no such parameter.
    fn named(&self, name: &str) -> &'a str {
        let names = self.pattern.split('/').filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')));
        names.zip(&self.values).find(|(n, _)| *n == name).map(|(_, v)| *v).unwrap_or_default()
    }
    /// `{id}`: the object the route is about (analysis, entry, reel, share, user, checkout).
    pub fn id(&self) -> &'a str {
        self.named("id")
    }
    /// `{segment}`: a recording segment's number.
    pub fn segment(&self) -> &'a str {
        self.named("segment")
    }
    /// `{index}`: a chunk's index within its segment.
    pub fn index(&self) -> &'a str {
        self.named("index")
    }
    /// `{taskNumber}`: a task's number, from 1.
    pub fn task_number(&self) -> &'a str {
        self.named("taskNumber")
    }
    /// `{phase}`: 'pre' or 'post' (the questions before or after the tasks, ADR 0017).
    pub fn phase(&self) -> &'a str {
        self.named("phase")
    }
    /// `{noteId}`: a note or clip of an entry.
    pub fn note_id(&self) -> &'a str {
        self.named("noteId")
    }
    /// `{clipId}`: a clip in a reel.
    pub fn clip_id(&self) -> &'a str {
        self.named("clipId")
    }
    /// `{token}`: a share link's secret.
    pub fn token(&self) -> &'a str {
        self.named("token")
    }
    /// `{source}`: what a share link's media comes from (a recording or a clip).
    pub fn source(&self) -> &'a str {
        self.named("source")
    }
    /// `{theme}`: a theme's number in the analysis's themes, from 1.
    pub fn theme(&self) -> &'a str {
        self.named("theme")
    }
    /// `{track}`: screen or camera.
    pub fn track(&self) -> &'a str {
        self.named("track")
    }
}

/// A matched route with its path parameters.
#[derive(Debug, PartialEq, Eq)]
pub struct Matched<'a> {
    pub spec: &'static Route,
    pub params: Params<'a>,
}

impl PartialEq for Route {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && self.method == other.method
    }
}
impl Eq for Route {}

/// What the router found for a method and path.
#[derive(Debug, PartialEq, Eq)]
pub enum Resolution<'a> {
    Found(Matched<'a>),
    /// The path exists but not for this method; carries the methods it has, for `Allow`.
    MethodNotAllowed(Vec<&'static str>),
    NotFound,
}

/// Resolves a full request path (starting with `/api/v1`) against [`ROUTES`].
///
/// A path is the resource of the most specific pattern that matches it (a literal segment beats a
/// parameter, earliest segment first), so `/analysis/participate` is that route's resource only and
/// not also `/analysis/{id}`: another method there is 405 with the methods the OpenAPI document
/// lists for that path in `Allow`, never a lookup of an analysis called "participate".
pub fn resolve<'a>(method: &str, path: &'a str) -> Resolution<'a> {
    let Some(rest) = path.strip_prefix(API_ROOT) else {
        return Resolution::NotFound;
    };
    // `/api/v1/admin/` and `/api/v1/admin` are the same route: product §7 calls the former.
    let rest = match rest.strip_suffix('/') {
        Some(trimmed) if !trimmed.is_empty() => trimmed,
        _ => rest,
    };
    let Some(best) = ROUTES
        .iter()
        .filter(|spec| match_pattern(spec.pattern, rest).is_some())
        .map(|spec| spec.pattern)
        .max_by_key(|pattern| specificity(pattern))
    else {
        return Resolution::NotFound;
    };
    let mut allowed = Vec::new();
    for spec in ROUTES.iter().filter(|spec| spec.pattern == best) {
        if spec.method.eq_ignore_ascii_case(method) {
            let values = match_pattern(best, rest).unwrap_or_default();
            return Resolution::Found(Matched { spec, params: Params { pattern: best, values } });
        }
        allowed.push(spec.method);
    }
    Resolution::MethodNotAllowed(allowed)
}

/// Orders patterns of the same length: per segment, from the first, a literal over a parameter.
fn specificity(pattern: &str) -> Vec<bool> {
    pattern.split('/').map(|seg| !seg.starts_with('{')).collect()
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
            Resolution::Found(Matched { spec: Route { id: RouteId::Health, .. }, .. })
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
        assert_eq!(
            resolve("DELETE", "/api/v1/auth/password-reset"),
            Resolution::MethodNotAllowed(vec!["POST", "GET", "PATCH"])
        );
    }

    #[test]
    fn a_literal_path_is_its_own_resource_not_a_parameter_value() {
        // `/analysis/participate` also matches `/analysis/{id}`; only its own methods are allowed.
        assert_eq!(resolve("GET", "/api/v1/analysis/participate"), Resolution::MethodNotAllowed(vec!["POST"]));
        assert_eq!(resolve("DELETE", "/api/v1/analysisEntry/upload-url"), Resolution::MethodNotAllowed(vec!["POST"]));
        assert!(matches!(
            resolve("POST", "/api/v1/analysis/participate"),
            Resolution::Found(Matched { spec: Route { id: RouteId::Participate, .. }, .. })
        ));
        let Resolution::Found(m) = resolve("GET", "/api/v1/analysis/abc") else { panic!() };
        assert_eq!((m.spec.id, m.params.id()), (RouteId::AnalysisGet, "abc"));
        // Every declared path allows exactly the methods declared for it.
        for r in ROUTES {
            let path = format!("{API_ROOT}{}", r.pattern.replace('{', "x").replace('}', ""));
            let declared: Vec<_> = ROUTES.iter().filter(|o| o.pattern == r.pattern).map(|o| o.method).collect();
            match resolve("TRACE", &path) {
                Resolution::MethodNotAllowed(allowed) => assert_eq!(allowed, declared, "{}", r.pattern),
                other => panic!("{}: {other:?}", r.pattern),
            }
        }
    }

    #[test]
    fn every_route_is_unique() {
        for (i, a) in ROUTES.iter().enumerate() {
            for b in &ROUTES[i + 1..] {
                assert!(!(a.method == b.method && a.pattern == b.pattern), "{:?} twice", a.pattern);
            }
        }
    }

    #[test]
    fn each_route_id_is_declared_once() {
        for (i, a) in ROUTES.iter().enumerate() {
            assert!(ROUTES[i + 1..].iter().all(|b| b.id != a.id), "{:?} twice", a.id);
            assert_eq!(route(a.id).pattern, a.pattern);
        }
    }

    #[test]
    fn parameters_have_names_with_accessors() {
        for r in ROUTES {
            for name in r.param_names() {
                assert!(PARAM_NAMES.contains(&name), "{} uses {{{name}}}, which has no accessor on Params", r.pattern);
            }
        }
        let Resolution::Found(m) = resolve("PUT", "/api/v1/analysisEntry/e1/segments/2/chunks/7") else { panic!() };
        assert_eq!((m.params.id(), m.params.segment(), m.params.index(), m.params.note_id()), ("e1", "2", "7", ""));
        let Resolution::Found(m) = resolve("GET", "/api/v1/share-media/s/clip/3/camera") else { panic!() };
        assert_eq!(
            (m.params.id(), m.params.source(), m.params.segment(), m.params.track()),
            ("s", "clip", "3", "camera")
        );
    }

    #[test]
    fn a_budget_above_its_target_says_why() {
        for r in ROUTES {
            assert!(
                r.d1.max <= r.d1_target() || !r.d1.why.is_empty(),
                "{} {}: {} round trips without a reason",
                r.method,
                r.pattern,
                r.d1.max
            );
        }
    }

    #[test]
    fn media_and_local_only_routes_are_the_expected_ones() {
        let media: Vec<_> = ROUTES.iter().filter(|r| r.media).map(|r| r.pattern).collect();
        assert_eq!(
            media,
            [
                "/share-media/{id}/{source}/{segment}/{track}",
                "/recordings/{id}",
                "/recordings/{id}/{segment}",
                "/recordings/{id}/{segment}/camera"
            ]
        );
        assert!(ROUTES.iter().filter(|r| r.local_only).all(|r| r.pattern.starts_with("/billing/local/")));
        assert!(ROUTES.iter().filter(|r| r.pattern.starts_with("/billing/local/")).all(|r| r.local_only));
    }
}
