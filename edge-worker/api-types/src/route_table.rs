//! Exports of the route declarations (`lupa_core::routes`) for what cannot read Rust: the
//! `routes.json` table the API tests walk (the authorization matrix checks each route's access
//! rule against it and each team role against what the route needs, the D1 budget test its budget), and the web's typed path builders
//! (`web/src/lib/api-paths.ts`). Both are committed and kept fresh by the tests below, like
//! `openapi.json`; `npm run check:types -- --write` regenerates them (ADR 0014).

use lupa_core::routes::{Access, Route, ROUTES};
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
        let names: Vec<&str> = route.param_names().collect();
        let args: Vec<String> = names.iter().map(|n| format!("{n}: {}", param_type(n))).collect();
        let mut body = String::new();
        for segment in route.pattern.split('/').skip(1) {
            body.push('/');
            match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                Some(name) => body.push_str(&format!("${{e({name})}}")),
                None => body.push_str(segment),
            }
        }
        let quoted = if names.is_empty() { format!("'{body}'") } else { format!("`{body}`") };
        out.push_str(&format!("  /** {} {} ({}) */\n", route.method, route.pattern, access_name(route.access)));
        out.push_str(&format!("  {}: ({}) => {quoted},\n", builder_name(route), args.join(", ")));
    }
    out.push_str("} as const;\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMITTED_JSON: &str = include_str!("../routes.json");
    const COMMITTED_TS: &str = include_str!("../../../web/src/lib/api-paths.ts");

    #[test]
    fn the_committed_route_table_and_paths_are_fresh() {
        let json = serde_json::to_string_pretty(&routes_json()).unwrap() + "\n";
        let ts = api_paths_ts();
        if std::env::var("LUPA_WRITE_OPENAPI").is_ok() {
            std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/routes.json"), &json).unwrap();
            std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/lib/api-paths.ts"), &ts).unwrap();
            return;
        }
        assert!(
            json == COMMITTED_JSON,
            "edge-worker/api-types/routes.json is stale: run 'npm run check:types -- --write'"
        );
        assert!(ts == COMMITTED_TS, "web/src/lib/api-paths.ts is stale: run 'npm run check:types -- --write'");
    }

    #[test]
    fn builders_fill_every_parameter() {
        let ts = api_paths_ts();
        assert!(ts.contains("  analysisGet: (id: string) => `/analysis/${e(id)}`,\n"));
        assert!(ts.contains("  health: () => '/health',\n"));
        assert!(ts.lines().filter(|l| l.contains("=>")).all(|l| !l.contains("/{")), "a parameter was left unfilled");
    }
}
