//! Which HTML document of the web app answers a client route (a path that matches no static file).
//!
//! Two entries of the web build have a document the worker serves (ADR 0011): the app's empty
//! shell (`web/dist/app-shell.html`), for every client route of the app, and the participation
//! page (`web/dist/participate.html`), a smaller entry without the app's router and strings, for
//! `/participate` and `/participate/{id}` (product §2), the paths the app's router matched before.
//!
//! The researcher's main screens (the player, the analysis detail, the dashboard) get the app's
//! shell with their own code preloaded (`web/dist/app-shell-{screen}.html`, `scripts/prerender.mjs`):
//! a deep link then fetches the screen's chunks with the app's, instead of after the app has
//! loaded and run (ADR 0009: the player's start).

/// A document in the static assets, named by its URL path (html_handling drops `.html`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    /// `app-shell.html`: the React app, which routes on the client.
    AppShell,
    /// `participate.html`: the participation flow alone.
    Participate,
    /// `app-shell-entry.html`: the shell with the player's chunks preloaded.
    EntryShell,
    /// `app-shell-analysis.html`: the shell with the analysis detail's chunks preloaded.
    AnalysisShell,
    /// `app-shell-dashboard.html`: the shell with the dashboard's chunks preloaded.
    DashboardShell,
}

impl Document {
    /// The document's URL path in the assets.
    pub fn asset_path(self) -> &'static str {
        match self {
            Document::AppShell => "/app-shell",
            Document::Participate => "/participate",
            Document::EntryShell => "/app-shell-entry",
            Document::AnalysisShell => "/app-shell-analysis",
            Document::DashboardShell => "/app-shell-dashboard",
        }
    }
}

/// The document for a client route: the participation page for `/participate` and
/// `/participate/{id}` (one segment, a trailing slash allowed), a screen's shell for the player
/// (`/entry/{id}`), an analysis (`/analysis/{id}`, not `/analysis/create`) and the dashboard
/// (`/dashboard`, `/user`), the app's shell for the rest.
pub fn document_for(path: &str) -> Document {
    let Some(rest) = path.strip_prefix("/participate") else {
        return screen_shell(path).unwrap_or(Document::AppShell);
    };
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let participate = match rest.strip_prefix('/') {
        Some(id) => !id.is_empty() && !id.contains('/'),
        None => rest.is_empty(),
    };
    if participate {
        Document::Participate
    } else {
        Document::AppShell
    }
}

/// The screen whose shell preloads its code, for the paths web/src/app/routes.tsx gives it.
fn screen_shell(path: &str) -> Option<Document> {
    let path = path.strip_suffix('/').unwrap_or(path);
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match segments.as_slice() {
        ["entry", id] if !id.is_empty() => Some(Document::EntryShell),
        ["analysis", "create"] => None,
        ["analysis", id] if !id.is_empty() => Some(Document::AnalysisShell),
        ["dashboard"] | ["user"] => Some(Document::DashboardShell),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_participation_paths_get_their_page() {
        for path in ["/participate", "/participate/", "/participate/an-1", "/participate/an-1/", "/participate/an%201"]
        {
            assert_eq!(document_for(path), Document::Participate, "{path}");
        }
    }

    #[test]
    fn every_other_client_route_gets_the_shell() {
        for path in [
            "/",
            "/analysis/create",
            "/entry",
            "/entry/a/b",
            "/user/profile",
            "/participate/a/b",
            "/participate//",
            "/participateX",
            "/participates/an-1",
            "/s/token",
            "/x/participate",
        ] {
            assert_eq!(document_for(path), Document::AppShell, "{path}");
        }
    }

    #[test]
    fn the_main_screens_get_their_preloading_shells() {
        for (path, document) in [
            ("/entry/0123abcd", Document::EntryShell),
            ("/entry/0123abcd/", Document::EntryShell),
            ("/analysis/0123abcd", Document::AnalysisShell),
            ("/dashboard", Document::DashboardShell),
            ("/user", Document::DashboardShell),
            ("/user/", Document::DashboardShell),
        ] {
            assert_eq!(document_for(path), document, "{path}");
        }
    }

    #[test]
    fn asset_paths_name_the_built_files() {
        assert_eq!(Document::AppShell.asset_path(), "/app-shell");
        assert_eq!(Document::Participate.asset_path(), "/participate");
        assert_eq!(Document::EntryShell.asset_path(), "/app-shell-entry");
        assert_eq!(Document::AnalysisShell.asset_path(), "/app-shell-analysis");
        assert_eq!(Document::DashboardShell.asset_path(), "/app-shell-dashboard");
    }
}
