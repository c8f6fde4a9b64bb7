//! The generated files committed beside their sources (`openapi.json`, `routes.json`,
//! `api-paths.ts`, the test client, the error wordings): each test that makes one either writes it
//! (`npm run check:types -- --write` sets `LUPA_WRITE_OPENAPI`) or fails when the committed copy
//! differs, so a stale copy never passes `npm test`.

/// Writes `generated` to `path` (from the repository's root) under `LUPA_WRITE_OPENAPI`; otherwise
/// asserts that the committed copy is the same.
pub fn check_or_write(path: &str, generated: &str, committed: &str) {
    if std::env::var("LUPA_WRITE_OPENAPI").is_ok() {
        let full = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
        if let Err(err) = std::fs::write(&full, generated) {
            panic!("could not write {full}: {err}");
        }
        return;
    }
    assert!(generated == committed, "{path} is stale: run 'npm run check:types -- --write'");
}
