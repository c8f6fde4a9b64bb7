//! CSV for exports (RFC 4180): fields quoted when needed, quotes doubled, CRLF line ends, and a
//! UTF-8 byte-order mark so spreadsheet programs read accents correctly. Formula-looking cells
//! are prefixed with a quote so a spreadsheet never executes them (OWASP CSV injection). Fields
//! holding `;` or a tab are quoted too: Excel in a Spanish locale splits on `;`, so an unquoted
//! `a;=1+1` would become a formula cell there.

/// One field.
pub fn field(value: &str) -> String {
    let guarded =
        if value.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{value}") } else { value.to_string() };
    if guarded.contains([',', ';', '\t', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// A whole document from a header and rows.
pub fn document(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = String::from("\u{feff}");
    let line = |cells: Vec<String>| cells.join(",") + "\r\n";
    out.push_str(&line(header.iter().map(|h| field(h)).collect()));
    for row in rows {
        out.push_str(&line(row.iter().map(|c| field(c)).collect()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each field as given and as written.
    #[test]
    fn fields_are_quoted_only_when_needed_and_formulas_neutralised() {
        let cases = [
            ("simple", "simple"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("ñandú", "ñandú"),
            // Formulas are neutralised.
            ("=1+1", "'=1+1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("-2", "'-2"),
            ("\tx", "\"'\tx\""),
            // A semicolon cannot start a cell in a Spanish Excel: the waitlist accepts
            // `a;=1+1@x.es`, and split on `;` it would be a formula cell.
            ("a;=1+1@x.es", "\"a;=1+1@x.es\""),
            ("tab\there", "\"tab\there\""),
        ];
        for (given, written) in cases {
            assert_eq!(field(given), written, "{given:?}");
        }
    }

    #[test]
    fn documents_have_a_bom_and_crlf() {
        let doc = document(&["email", "fecha"], &[vec!["a@b.es".into(), "2026".into()]]);
        assert_eq!(doc, "\u{feff}email,fecha\r\na@b.es,2026\r\n");
    }
}
