//! The answers each operation can give (ADR 0020): its success, and every error status it can
//! really answer, each with the one error body (`ErrorBody`). The statuses come from the route's
//! shape (its access rule, its path parameters, a JSON body, a rate limit), the same facts the
//! router and `http::read_json` act on, plus what its declaration adds (`.fails(&[…])`).

use std::collections::BTreeSet;

use lupa_core::routes::{Access, Content, Route, RouteId};
use lupa_core::team::{need, Need};
use serde_json::{json, Map, Value};

/// Every error status `route` can answer, in order.
pub fn error_statuses(route: &Route) -> Vec<u16> {
    let mut statuses = BTreeSet::new();
    match route.access {
        // No session (the router), or a customer on an admin route.
        Access::Session => statuses.extend([401]),
        Access::Admin => statuses.extend([401, 403]),
        // No capability cookie, or another participation's (`Refusal::NotYours`).
        Access::Participant => statuses.extend([403]),
        // A signature missing, wrong or expired (`storage::verify_signed_request`, the webhook's).
        Access::Signed => statuses.extend([403]),
        Access::Public => {}
    }
    // A team member whose role does not allow it, or who is no longer on the current workspace's
    // team (`team::check_access`, before the handler; ADR 0019).
    if route.access == Access::Session && need(route.id) != Need::Account {
        statuses.extend([403, 404]);
    }
    // A mutation a browser sends from another site (`http::check_same_origin`).
    if route.method != "GET" {
        statuses.insert(403);
    }
    // No such object, or another customer's; the local checkout outside the local environment.
    if route.param_names().next().is_some() || route.local_only {
        statuses.insert(404);
    }
    if let Content::Json(_) = route.doc.request {
        // Not JSON or not an object; too large; another content type; a field of the wrong type
        // (`http::read_json`): besides each route's own rules (400, 422 and 409 for a request
        // its object's state cannot take).
        statuses.extend([400, 413, 415, 422]);
    }
    if route.doc.rate_limited {
        statuses.insert(429);
    }
    statuses.extend(route.doc.errors);
    statuses.into_iter().collect()
}

/// What an error status means, for its description.
fn meaning(status: u16) -> &'static str {
    match status {
        400 => "The request breaks a rule this document states (the body, a parameter or a header)",
        401 => "No session, or it ended",
        402 => "The analysis's owner has no active subscription",
        403 => {
            "Not allowed: another role's (of the account or in the team), another participation's, a bad or expired signature, or a cross-site request"
        }
        404 => "No such object (or not the caller's), or the caller is no longer on the workspace's team",
        409 => "A valid request the object's current state cannot take",
        411 => "No Content-Length: the body's size must be declared",
        413 => "Too large: the body, or the participation's limits",
        415 => "Another content type than the one this operation takes",
        422 => "A field of the wrong type, or values that are refused together",
        426 => "Not a WebSocket handshake",
        429 => "Too many attempts: wait Retry-After seconds",
        503 => "This server does not offer it: the service behind it is not configured (an AI provider)",
        _ => "Error",
    }
}

/// The `responses` of an operation: the success (with its `links`), each error status with the
/// error body, and `5XX` (an internal error, or a production server that is misconfigured).
pub fn responses(route: &Route, success: Option<Value>, error: &Value, links: Map<String, Value>) -> Value {
    let mut responses = Map::new();
    let mut ok = json!({ "description": "Success" });
    if let Some(content) = success {
        ok["content"] = content;
    }
    if route.doc.status == 101 {
        ok["description"] = json!("Switching Protocols: the WebSocket is open");
    }
    if !links.is_empty() {
        ok["links"] = Value::Object(links);
    }
    responses.insert(route.doc.status.to_string(), ok);
    for status in error_statuses(route) {
        let mut answer = json!({
            "description": meaning(status),
            "content": { "application/json": { "schema": error } },
        });
        if status == 429 {
            answer["headers"] = json!({ "Retry-After": {
                "description": "Seconds until the next attempt counts",
                "required": true,
                "schema": { "type": "integer", "minimum": 0 }
            } });
        }
        responses.insert(status.to_string(), answer);
    }
    responses.insert(
        "5XX".into(),
        json!({ "description": "Server error", "content": { "application/json": { "schema": error } } }),
    );
    Value::Object(responses)
}

/// The live view's socket is the one route whose success a plain HTTP client cannot take.
pub fn is_websocket(id: RouteId) -> bool {
    id == RouteId::EntryLive
}

#[cfg(test)]
mod tests {
    use super::*;
    use lupa_core::routes::{route, ROUTES};

    #[test]
    fn statuses_follow_from_the_shape() {
        let password = error_statuses(route(RouteId::AuthUpdatePassword));
        assert!([400, 401, 403, 413, 415, 422].iter().all(|s| password.contains(s)), "{password:?}");
        assert!(!password.contains(&404), "no path parameter and the account's own: no 404: {password:?}");
        assert_eq!(error_statuses(route(RouteId::Health)), Vec::<u16>::new());
        let team = error_statuses(route(RouteId::AnalysisList));
        assert!(team.contains(&403) && team.contains(&404), "a member's role, or no longer a member: {team:?}");
        assert_eq!(error_statuses(route(RouteId::WorkspaceList)), vec![401], "the account's own");
        let admin = error_statuses(route(RouteId::AdminUsers));
        assert!(admin.contains(&401) && admin.contains(&403));
        for r in ROUTES.iter().filter(|r| r.local_only) {
            assert!(error_statuses(r).contains(&404), "{}", r.pattern);
        }
    }

    #[test]
    fn every_meaning_is_written() {
        for r in ROUTES {
            for status in error_statuses(r) {
                assert_ne!(meaning(status), "Error", "{status} of {} {}", r.method, r.pattern);
            }
        }
    }
}
