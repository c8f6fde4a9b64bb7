//! Which HTML document of the web app answers a client route (a path that matches no static file).
//!
//! Two entries of the web build have a document the worker serves (ADR 0011): the app's empty
//! shell (`web/dist/app-shell.html`), for every client route of the app, and the participation
//! page (`web/dist/participate.html`), a smaller entry without the app's router and strings, for
//! `/participate` and `/participate/{id}` (spec §2), the paths the app's router matched before.

/// A document in the static assets, named by its URL path (html_handling drops `.html`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    /// `app-shell.html`: the React app, which routes on the client.
    AppShell,
    /// `participate.html`: the participation flow alone.
    Participate,
}

impl Document {
    /// The document's URL path in the assets.
    pub fn asset_path(self) -> &'static str {
        match self {
            Document::AppShell => "/app-shell",
            Document::Participate => "/participate",
        }
    }
}

/// The document for a client route: the participation page for `/participate` and
/// `/participate/{id}` (one segment, a trailing slash allowed), the app's shell for the rest.
pub fn document_for(path: &str) -> Document {
    let Some(rest) = path.strip_prefix("/participate") else {
        return Document::AppShell;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_participation_paths_get_their_page() {
        for path in ["/participate", "/participate/", "/participate/an-1", "/participate/an-1/", "/participate/an%201"] {
            assert_eq!(document_for(path), Document::Participate, "{path}");
        }
    }

    #[test]
    fn every_other_client_route_gets_the_shell() {
        for path in ["/", "/dashboard", "/participate/a/b", "/participate//", "/participateX", "/participates/an-1", "/s/token", "/x/participate"] {
            assert_eq!(document_for(path), Document::AppShell, "{path}");
        }
    }

    #[test]
    fn asset_paths_name_the_built_files() {
        assert_eq!(Document::AppShell.asset_path(), "/app-shell");
        assert_eq!(Document::Participate.asset_path(), "/participate");
    }
}
