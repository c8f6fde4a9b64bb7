//! Exports of the route declarations (`lupa_core::routes`) for what cannot read Rust: the
//! `routes.json` table the API tests walk (the authorization matrix checks each route's access
//! rule against it and each team role against what the route needs, the D1 budget test its
//! budget), the web's typed path builders (`web/src/lib/api-paths.ts`) and the tests' client
//! (`tests/lib/api-client.mjs`). All are committed and kept fresh by the tests below, like
//! `openapi.json`; `npm run check:types -- --write` regenerates them (ADR 0014).
use lupa_core::routes::{Access, Route, API_ROOT, ROUTES};
use lupa_core::team::{need, Need, TeamRole};
use serde_json::{json, Value};

/// How the tests name an access rule.
pub fn access_name(access: Access) -> &'static str {
    match access {
        Access::Public => "public",
        Access::Session => "session",
        Access::Admin => "admin",
        Access::Participant => "participant",
        Access::Signed => "signed",
    }
}

/// How the tests name what a signed-in route needs of the caller's team role (ADR 0019).
fn need_name(need: Need) -> &'static str {
    match need {
        Need::Account => "account",
        Need::Watch => "watch",
        Need::Research => "research",
        Need::Manage => "manage",
        Need::Own => "own",
    }
}

/// The table as JSON: one object per route, in declaration order.
pub fn routes_json() -> Value {
    let routes: Vec<Value> = ROUTES
        .iter()
        .map(|r| {
            let mut row = json!({
                "id": format!("{:?}", r.id),
                "method": r.method,
                "pattern": r.pattern,
                "access": access_name(r.access),
                "d1": r.d1.max,
                "d1Target": r.d1_target(),
            });
            if !r.d1.why.is_empty() {
                row["why"] = json!(r.d1.why);
            }
            if let Some(before) = r.d1.before_body {
                row["d1BeforeBody"] = json!(before);
            }
            if r.media {
                row["media"] = json!(true);
            }
            if r.local_only {
                row["localOnly"] = json!(true);
            }
            // What the authorization matrix expects of each team role (`team::need`): a session
            // route's need, and the roles that pass it.
            if r.access == Access::Session {
                let need = need(r.id);
                row["need"] = json!(need_name(need));
                let roles: Vec<&str> =
                    TeamRole::ALL.into_iter().filter(|role| role.allows(need)).map(TeamRole::as_str).collect();
                row["teamRoles"] = json!(roles);
            }
            row
        })
        .collect();
    json!({
        "generated": "from edge-worker/core/src/routes/table.rs by lupa-api-types; run 'npm run check:types -- --write'",
        "routes": routes,
    })
}

/// `AnalysisGet` → `analysisGet`.
fn builder_name(route: &Route) -> String {
    let id = format!("{:?}", route.id);
    let mut chars = id.chars();
    chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// Numbers a caller may pass as they are; everything else is an id or token.
fn param_type(name: &str) -> &'static str {
    match name {
        "segment" | "index" | "taskNumber" => "string | number",
        _ => "string",
    }
}

/// A route's path as a template literal's body, each parameter percent-encoded (`e(id)`), and
/// whether it has any parameter (a plain string otherwise).
fn path_template(route: &Route) -> (String, bool) {
    let mut body = String::new();
    for segment in route.pattern.split('/').skip(1) {
        body.push('/');
        match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(name) => body.push_str(&format!("${{e({name})}}")),
            None => body.push_str(segment),
        }
    }
    (body, route.param_names().next().is_some())
}

/// `body` quoted as JavaScript: a template literal when it fills parameters.
fn quoted(body: &str, has_params: bool) -> String {
    if has_params {
        format!("`{body}`")
    } else {
        format!("'{body}'")
    }
}

/// `web/src/lib/api-paths.ts`: one builder per route, its parameters percent-encoded.
pub fn api_paths_ts() -> String {
    let mut out = String::from(
        "// Generated from edge-worker/core/src/routes/table.rs by lupa-api-types (route_table.rs).\n\
         // Do not edit: run 'npm run check:types -- --write'.\n\n\
         /**\n \
         * Every API path, built from the route declarations: one builder per route (named after it, so\n \
         * the method is in the name), relative to the API root the client adds (`/api/v1`).\n \
         */\n\
         const e = (value: string | number) => encodeURIComponent(String(value));\n\n\
         export const apiPaths = {\n",
    );
    for route in ROUTES {
        let args: Vec<String> = route.param_names().map(|n| format!("{n}: {}", param_type(n))).collect();
        let (body, has_params) = path_template(route);
        out.push_str(&format!("  /** {} {} ({}) */\n", route.method, route.pattern, access_name(route.access)));
        out.push_str(&format!("  {}: ({}) => {},\n", builder_name(route), args.join(", "), quoted(&body, has_params)));
    }
    out.push_str("} as const;\n");
    out
}

/// `tests/lib/api-client.mjs`: the test client, one call per route named as `api-paths.ts`'s
/// builders, taking the path parameters and then the transport's options (issue 46).
pub fn api_client_mjs() -> String {
    let mut out = format!(
        "// Generated from edge-worker/core/src/routes/table.rs by lupa-api-types (route_table.rs).\n\
         // Do not edit: run 'npm run check:types -- --write'.\n\
         //\n\
         // Every API route as a call, for the API tests, the browser tests' support and the benches: one\n\
         // function per route id (named as web/src/lib/api-paths.ts's builders, so the method is in the\n\
         // name), taking the route's path parameters and then the options of the transport it is built on.\n\
         // A transport is `send(method, path, options) → Promise<answer>`; tests/lib/http.mjs's `client`\n\
         // is this over `api()` (options `{{ body, cookie, headers, ip, base, query }}`).\n\n\
         const e = (value) => encodeURIComponent(String(value));\n\n\
         /** The API's routes as calls through `send`; paths start at the API root ({API_ROOT}). */\n\
         export const apiClient = (send) => ({{\n"
    );
    for route in ROUTES {
        let mut args: Vec<&str> = route.param_names().collect();
        args.push("options");
        let (body, has_params) = path_template(route);
        let path = quoted(&format!("{API_ROOT}{body}"), has_params);
        out.push_str(&format!("  /** {} {} ({}) */\n", route.method, route.pattern, access_name(route.access)));
        out.push_str(&format!(
            "  {}: ({}) => send('{}', {path}, options),\n",
            builder_name(route),
            args.join(", "),
            route.method
        ));
    }
    out.push_str("});\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMITTED_JSON: &str = include_str!("../routes.json");
    const COMMITTED_TS: &str = include_str!("../../../web/src/lib/api-paths.ts");
    const COMMITTED_CLIENT: &str = include_str!("../../../tests/lib/api-client.mjs");

    #[test]
    fn the_committed_route_table_and_paths_are_fresh() {
        let json = serde_json::to_string_pretty(&routes_json()).unwrap() + "\n";
        crate::committed::check_or_write("edge-worker/api-types/routes.json", &json, COMMITTED_JSON);
        crate::committed::check_or_write("web/src/lib/api-paths.ts", &api_paths_ts(), COMMITTED_TS);
        crate::committed::check_or_write("tests/lib/api-client.mjs", &api_client_mjs(), COMMITTED_CLIENT);
    }

    #[test]
    fn builders_fill_every_parameter() {
        let ts = api_paths_ts();
        assert!(ts.contains("  analysisGet: (id: string) => `/analysis/${e(id)}`,\n"));
        assert!(ts.contains("  health: () => '/health',\n"));
        assert!(ts.lines().filter(|l| l.contains("=>")).all(|l| !l.contains("/{")), "a parameter was left unfilled");
    }

    #[test]
    fn client_calls_take_the_parameters_then_the_options() {
        let js = api_client_mjs();
        assert!(js.contains("  analysisGet: (id, options) => send('GET', `/api/v1/analysis/${e(id)}`, options),\n"));
        assert!(js.contains("  health: (options) => send('GET', '/api/v1/health', options),\n"));
        assert!(js.lines().filter(|l| l.contains("=>")).all(|l| !l.contains("/{")), "a parameter was left unfilled");
    }
}
