//! What a production deployment needs before it serves anything (issue 15): every secret, and a
//! public origin users reach over https. A missing Stripe key used to fall back silently to the
//! local test-mode checkout (free subscriptions); now the worker refuses to run instead.

/// Secrets production cannot run without (`wrangler secret put --env production <NAME>`).
pub const PRODUCTION_SECRETS: &[&str] =
    &["SESSION_PEPPER", "URL_SIGNING_KEY", "STRIPE_SECRET_KEY", "STRIPE_PRICE_ID", "STRIPE_WEBHOOK_SECRET", "MAIL_API_KEY", "MAIL_FROM"];

/// Why `origin` cannot be production's public origin, if it cannot: links in mails and signed
/// URLs are built from it, so it must be https and not this machine.
pub fn origin_problem(origin: &str) -> Option<&'static str> {
    let Some(rest) = origin.strip_prefix("https://") else { return Some("PUBLIC_ORIGIN debe empezar por https://") };
    let host = rest.split('/').next().unwrap_or_default();
    // `[::1]:8787` keeps its brackets; anything else drops the port.
    let name = if host.starts_with('[') { host.split(']').next().unwrap_or_default().trim_start_matches('[') } else { host.split(':').next().unwrap_or_default() };
    let name = name.to_ascii_lowercase();
    let local = name.is_empty()
        || name == "localhost"
        || name.ends_with(".localhost")
        || name.starts_with("127.")
        || name == "0.0.0.0"
        || name == "::1"
        || name == "lupa.example";
    local.then_some("PUBLIC_ORIGIN debe ser el origen público de Lupa, no una dirección local ni el ejemplo")
}

/// Every problem of a production configuration: the missing secrets by name, then the origin.
pub fn production_problems(public_origin: &str, is_set: impl Fn(&str) -> bool) -> Vec<String> {
    let mut problems: Vec<String> = PRODUCTION_SECRETS.iter().filter(|name| !is_set(name)).map(|name| format!("falta el secreto {name}")).collect();
    if let Some(problem) = origin_problem(public_origin) {
        problems.push(problem.to_string());
    }
    problems
}

/// The 503 message every API call gets while production is misconfigured.
pub fn misconfigured_message(problems: &[String]) -> String {
    format!("Lupa no está configurado para producción: {}.", problems.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_public_hosts_pass_and_local_or_plain_http_do_not() {
        assert_eq!(origin_problem("https://lupa.app"), None);
        assert_eq!(origin_problem("https://estudios.lupa.app:8443"), None);
        for bad in ["http://lupa.app", "http://127.0.0.1:8787", "https://127.0.0.1", "https://localhost:8787", "https://[::1]:8787", "https://0.0.0.0", "https://lupa.example", "https://"] {
            assert!(origin_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn every_missing_secret_is_named_and_the_origin_last() {
        let problems = production_problems("http://127.0.0.1:8787", |name| name == "SESSION_PEPPER");
        assert_eq!(problems.len(), PRODUCTION_SECRETS.len());
        assert!(problems[0].contains("URL_SIGNING_KEY"));
        assert!(problems.iter().any(|p| p.contains("STRIPE_SECRET_KEY")));
        assert!(problems.last().is_some_and(|p| p.starts_with("PUBLIC_ORIGIN")));
        assert!(misconfigured_message(&problems).starts_with("Lupa no está configurado para producción: falta el secreto URL_SIGNING_KEY;"));
    }

    #[test]
    fn a_complete_configuration_has_no_problem() {
        assert!(production_problems("https://lupa.app", |_| true).is_empty());
    }
}
