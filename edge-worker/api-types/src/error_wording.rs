//! Copies of the error table (`lupa_core::error_code`) for the web and the tests: the Spanish
//! wording of every fixed code as `web/src/locales/es-errors.json`, which codes the server words as
//! `web/src/lib/error-wording-table.ts`, and every code's status and fixed wording as
//! `tests/lib/error-codes.json`, against which the API tests check every error answer they get.
//! Generated, so the interface's Spanish is the server's text by construction; a test below fails
//! when a committed copy is stale.

use lupa_core::error_code::ErrorCode;
use serde_json::{Map, Value};

/// Every code, in the order of its wire name (the order of the generated files).
fn by_name() -> Vec<ErrorCode> {
    let mut codes = ErrorCode::ALL.to_vec();
    codes.sort_by_key(|code| code.as_str());
    codes
}

/// `{"errors": {code: wording}}` for the fixed codes, by code name, as the web's locale files are.
pub fn es_errors_json() -> String {
    let codes = by_name();
    let errors: Map<String, Value> = codes
        .into_iter()
        .filter_map(|code| code.wording().map(|text| (code.as_str().to_string(), Value::from(text))))
        .collect();
    let mut root = Map::new();
    root.insert("errors".into(), Value::Object(errors));
    serde_json::to_string_pretty(&Value::Object(root)).unwrap_or_default() + "\n"
}

/// `{code: {status, message}}` for every code, `message` null when the server composes it.
pub fn error_codes_json() -> String {
    let codes = by_name();
    let table: Map<String, Value> = codes
        .into_iter()
        .map(|code| {
            let row = serde_json::json!({ "status": code.status(), "message": code.wording() });
            (code.as_str().to_string(), row)
        })
        .collect();
    serde_json::to_string_pretty(&Value::Object(table)).unwrap_or_default() + "\n"
}

/// `ERROR_WORDING`: 'locale' for a fixed code (its text is in the locale files), 'server' for a
/// composed one (the screen shows what the server sent).
pub fn error_wording_ts() -> String {
    let codes = by_name();
    let mut out = String::from(
        "// Generated from edge-worker/core/src/error_code.rs by lupa-api-types (error_wording.rs).\n\
         // Do not edit: run 'npm run check:types -- --write'.\n\n\
         import type { ErrorCode } from '@/lib/api-types/ErrorCode';\n\n\
         /** 'locale': one fixed message, in locales/*-errors.json; 'server': the server composes it. */\n\
         export type ErrorWording = 'locale' | 'server';\n\n\
         export const ERROR_WORDING = {\n",
    );
    for code in codes {
        let kind = if code.wording().is_some() { "locale" } else { "server" };
        out.push_str(&format!("  {}: '{kind}',\n", code.as_str()));
    }
    out.push_str("} as const satisfies Record<ErrorCode, ErrorWording>;\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMITTED_JSON: &str = include_str!("../../../web/src/locales/es-errors.json");
    const COMMITTED_TS: &str = include_str!("../../../web/src/lib/error-wording-table.ts");
    const COMMITTED_CODES: &str = include_str!("../../../tests/lib/error-codes.json");

    #[test]
    fn the_committed_error_wordings_are_fresh() {
        crate::committed::check_or_write("web/src/locales/es-errors.json", &es_errors_json(), COMMITTED_JSON);
        crate::committed::check_or_write("web/src/lib/error-wording-table.ts", &error_wording_ts(), COMMITTED_TS);
        crate::committed::check_or_write("tests/lib/error-codes.json", &error_codes_json(), COMMITTED_CODES);
    }

    #[test]
    fn fixed_codes_are_locale_and_composed_ones_server() {
        let ts = error_wording_ts();
        assert!(ts.contains("  themes_not_ready: 'locale',\n"));
        assert!(ts.contains("  analysis_full: 'server',\n"));
        assert!(es_errors_json().contains("\"not_found\": \"No encontrado\""));
    }
}
