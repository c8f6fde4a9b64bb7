//! What the app shell asks the browser to fetch while the app's script loads (`Link: rel=preload`).
//!
//! A deep link into the signed-in area renders nothing until the session is known, and the player
//! (`/entry/{id}`) nothing until the recording's URLs are: left to the app, those requests start
//! only once its JavaScript has loaded and run. Named in the shell's `Link` header, they start with
//! the page and are answered by the time the app asks (Chromium hands the preloaded answer to the
//! app's `fetch` when URL, mode and credentials match: `as=fetch`, `crossorigin=use-credentials`,
//! as `web/src/lib/api-client.ts` sends them). Only requests that need nothing but the path.

use crate::routes as paths;

/// First path segments of the screens behind the session check (web/src/app/routes.tsx).
const SIGNED_IN: &[&str] = &["user", "dashboard", "analysis", "entry", "admin", "billing"];

/// `Link` values for the shell served at `path`; empty for public pages.
pub fn shell_preloads(path: &str) -> Vec<String> {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let Some(first) = segments.first().filter(|s| SIGNED_IN.contains(s)) else {
        return Vec::new();
    };
    let mut urls = vec![paths::auth_session()];
    if let (&"entry", [id]) = (first, &segments[1..]) {
        if is_id(id) {
            urls.push(paths::entry_page(id));
            urls.push(paths::entry_notes(id));
        }
    }
    urls.into_iter().map(|url| format!("<{url}>; rel=preload; as=fetch; crossorigin=use-credentials")).collect()
}

/// Ids are hex or UUID-like; anything else (which could break the header's syntax) is not preloaded.
fn is_id(segment: &str) -> bool {
    (1..=64).contains(&segment.len()) && segment.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_player_preloads_the_session_the_entry_and_its_notes() {
        let links = shell_preloads("/entry/0123abcd");
        assert_eq!(
            links,
            vec![
                "</api/v1/auth/session>; rel=preload; as=fetch; crossorigin=use-credentials",
                "</api/v1/entry/0123abcd>; rel=preload; as=fetch; crossorigin=use-credentials",
                "</api/v1/entry/0123abcd/notes>; rel=preload; as=fetch; crossorigin=use-credentials",
            ]
        );
    }

    #[test]
    fn signed_in_screens_preload_the_session_and_public_ones_nothing() {
        for path in ["/dashboard", "/user/profile", "/analysis/create", "/analysis/abc", "/admin", "/billing/portal"] {
            assert_eq!(shell_preloads(path).len(), 1, "{path}");
        }
        for path in ["/", "/participate", "/participate/abc", "/auth/login", "/s/token", "/entryway", "/nope"] {
            assert!(shell_preloads(path).is_empty(), "{path}");
        }
    }

    #[test]
    fn odd_entry_paths_get_no_entry_preload() {
        for path in
            ["/entry/", "/entry/a>b", "/entry/a;b", "/entry/a,b", "/entry/a/b", &format!("/entry/{}", "a".repeat(65))]
        {
            assert_eq!(shell_preloads(path).len(), 1, "{path}");
        }
    }
}
