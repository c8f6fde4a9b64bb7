//! What a production deployment needs before it serves anything (ADR 0006): every secret, and a
//! public origin users reach over https. A missing Stripe key used to fall back silently to the
//! local test-mode checkout (free subscriptions); now the worker refuses to run instead.
//!
//! Hardening 3 closed the last ways to fail open: an `ENVIRONMENT` other than `local` and
//! `production` (a typo such as `prod` used to behave as local: test clock, local checkout), and
//! production keys that are short or shared between purposes.
//!
//! Moderated sessions through Cloudflare Realtime (`MEDIA_TRANSPORT=realtime`, ADR 0024) add the
//! SFU's and TURN's secrets to the list; peer to peer needs none.

use crate::realtime::{self, Transport};

/// Where the worker runs. Only these two values are accepted: a typo must not quietly give
/// production the local test conveniences (ADR 0006).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Local,
    Production,
}

impl Environment {
    /// `ENVIRONMENT` as configured; `None` for anything but the two known values (or nothing).
    pub fn parse(value: Option<&str>) -> Option<Self> {
        match value.map(str::trim) {
            Some("local") => Some(Self::Local),
            Some("production") => Some(Self::Production),
            _ => None,
        }
    }
}

/// The 503 message every API call gets while `ENVIRONMENT` is missing or unknown. The value
/// itself is not repeated: naming the setting and what it may be is enough to fix it.
pub const UNKNOWN_ENVIRONMENT_MESSAGE: &str =
    "Lupa no está configurado: ENVIRONMENT debe ser \"local\" o \"production\".";

/// The least length of a key the worker itself hashes, signs or verifies with: 32 bytes, the
/// HMAC-SHA256 block of strength (`head -c 32 /dev/urandom | base64` gives 44).
pub const MIN_KEY_BYTES: usize = 32;

/// Keys the worker uses as HMAC keys, so their strength is ours to check. Provider credentials
/// (`STRIPE_SECRET_KEY`, `MAIL_API_KEY`) have formats their issuers decide and are checked by
/// their APIs; `STRIPE_PRICE_ID` and `MAIL_FROM` are not secrets at all.
pub const KEYS: &[&str] = &["SESSION_PEPPER", "URL_SIGNING_KEY", "URL_SIGNING_KEY_PREVIOUS", "STRIPE_WEBHOOK_SECRET"];

/// Keys that must differ from each other: one leaked or rotated key must not be another
/// purpose's key too (a pepper equal to the signing key would let token hashes sign URLs, and a
/// "previous" signing key equal to the current one means the rotation never happened).
pub const DISTINCT_KEYS: &[&str] = &["SESSION_PEPPER", "URL_SIGNING_KEY", "URL_SIGNING_KEY_PREVIOUS"];

/// Secrets production cannot run without (`wrangler secret put --env production <NAME>`).
pub const PRODUCTION_SECRETS: &[&str] = &[
    "SESSION_PEPPER",
    "URL_SIGNING_KEY",
    "STRIPE_SECRET_KEY",
    "STRIPE_PRICE_ID",
    "STRIPE_WEBHOOK_SECRET",
    "MAIL_API_KEY",
    "MAIL_FROM",
];

/// Why `origin` cannot be production's public origin, if it cannot: links in mails and signed
/// URLs are built from it, so it must be https and not this machine.
pub fn origin_problem(origin: &str) -> Option<&'static str> {
    let Some(rest) = origin.strip_prefix("https://") else { return Some("PUBLIC_ORIGIN debe empezar por https://") };
    let host = rest.split('/').next().unwrap_or_default();
    // `[::1]:8787` keeps its brackets; anything else drops the port.
    let name = if host.starts_with('[') {
        host.split(']').next().unwrap_or_default().trim_start_matches('[')
    } else {
        host.split(':').next().unwrap_or_default()
    };
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

/// A secret as the worker reads it: unset when absent or empty, otherwise its value exactly as
/// stored. The production check and every use read a secret through this one rule, so a value the
/// check lets pass is the value the worker uses (a blank `URL_SIGNING_KEY_PREVIOUS` once passed the
/// check as "unset" and was then used as a live HMAC key of two spaces).
pub fn read_secret(raw: Option<String>) -> Option<String> {
    raw.filter(|v| !v.is_empty())
}

/// The 503's words for a `MEDIA_TRANSPORT` that is neither value.
pub const UNKNOWN_MEDIA_TRANSPORT: &str = "MEDIA_TRANSPORT debe ser \"p2p\" o \"realtime\"";

/// The secrets production needs with `media_transport` (`MEDIA_TRANSPORT`): Cloudflare Realtime's
/// (`realtime::SECRETS`) only when moderated sessions go through it (ADR 0024).
pub fn required_secrets(media_transport: Option<&str>) -> Vec<&'static str> {
    let realtime = Transport::parse(media_transport) == Some(Transport::Realtime);
    let extra: &[&'static str] = if realtime { &realtime::SECRETS } else { &[] };
    PRODUCTION_SECRETS.iter().chain(extra).copied().collect()
}

/// Every problem of a production configuration: the missing secrets by name, secrets set to
/// blanks, keys that are too short or shared, an unknown media transport, then the origin.
/// `media_transport` is `MEDIA_TRANSPORT` as configured; `secret` gives a secret's raw value (read
/// with [`read_secret`]); problems name secrets, never their values.
pub fn production_problems(
    public_origin: &str,
    media_transport: Option<&str>,
    secret: impl Fn(&str) -> Option<String>,
) -> Vec<String> {
    let value = |name: &str| read_secret(secret(name));
    let required = required_secrets(media_transport);
    let mut problems: Vec<String> =
        required.iter().filter(|name| value(name).is_none()).map(|name| format!("falta el secreto {name}")).collect();
    let known = required.iter().chain(KEYS.iter().filter(|k| !required.contains(k)));
    for name in known {
        if value(name).is_some_and(|v| v.trim().is_empty()) {
            problems.push(format!("el secreto {name} está en blanco"));
        }
    }
    for name in KEYS {
        if value(name).is_some_and(|v| !v.trim().is_empty() && v.trim().len() < MIN_KEY_BYTES) {
            problems.push(format!("el secreto {name} debe tener al menos {MIN_KEY_BYTES} bytes"));
        }
    }
    for (i, first) in DISTINCT_KEYS.iter().enumerate() {
        for second in &DISTINCT_KEYS[i + 1..] {
            if let (Some(a), Some(b)) = (value(first), value(second)) {
                if a.trim() == b.trim() {
                    problems.push(format!("los secretos {first} y {second} deben ser distintos"));
                }
            }
        }
    }
    // A typo must not quietly put participants' media on another path than the one chosen (peer to
    // peer shows each browser the others' addresses; the SFU does not).
    if Transport::parse(media_transport).is_none() {
        problems.push(UNKNOWN_MEDIA_TRANSPORT.to_string());
    }
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
        for bad in [
            "http://lupa.app",
            "http://127.0.0.1:8787",
            "https://127.0.0.1",
            "https://localhost:8787",
            "https://[::1]:8787",
            "https://0.0.0.0",
            "https://lupa.example",
            "https://",
        ] {
            assert!(origin_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn every_missing_secret_is_named_and_the_origin_last() {
        let problems = production_problems("http://127.0.0.1:8787", None, |name| {
            (name == "SESSION_PEPPER").then(|| "p".repeat(40))
        });
        assert_eq!(problems.len(), PRODUCTION_SECRETS.len());
        assert!(problems[0].contains("URL_SIGNING_KEY"));
        assert!(problems.iter().any(|p| p.contains("STRIPE_SECRET_KEY")));
        assert!(problems.last().is_some_and(|p| p.starts_with("PUBLIC_ORIGIN")));
        assert!(misconfigured_message(&problems)
            .starts_with("Lupa no está configurado para producción: falta el secreto URL_SIGNING_KEY;"));
    }

    #[test]
    fn a_complete_configuration_has_no_problem() {
        assert!(production_problems("https://lupa.app", None, complete).is_empty());
        // The previous signing key is optional: unset (absent or empty) passes.
        for unset in [None, Some(String::new())] {
            assert!(production_problems("https://lupa.app", None, |name| if name == "URL_SIGNING_KEY_PREVIOUS" {
                unset.clone()
            } else {
                complete(name)
            })
            .is_empty());
        }
    }

    #[test]
    fn a_secret_of_blanks_is_refused_not_read_as_unset() {
        // Blanks would be used as they are (an HMAC key anyone can guess): refused, by name.
        assert_eq!(read_secret(Some("  ".into())).as_deref(), Some("  "));
        assert_eq!(read_secret(Some(String::new())), None);
        let previous = production_problems("https://lupa.app", None, |name| {
            if name == "URL_SIGNING_KEY_PREVIOUS" {
                Some("  ".into())
            } else {
                complete(name)
            }
        });
        assert_eq!(previous, ["el secreto URL_SIGNING_KEY_PREVIOUS está en blanco"]);
        let stripe = production_problems("https://lupa.app", None, |name| {
            if name == "STRIPE_SECRET_KEY" {
                Some(" \t".into())
            } else {
                complete(name)
            }
        });
        assert_eq!(stripe, ["el secreto STRIPE_SECRET_KEY está en blanco"]);
    }

    /// Every secret set, each key 44 bytes and different from the others.
    fn complete(name: &str) -> Option<String> {
        Some(format!("{name}-{}", "x".repeat(44)))
    }

    #[test]
    fn realtime_needs_its_four_secrets_and_p2p_none() {
        let without_realtime = |name: &str| if realtime::SECRETS.contains(&name) { None } else { complete(name) };
        // Peer to peer (or unset, its default) asks for nothing more.
        assert!(production_problems("https://lupa.app", Some("p2p"), without_realtime).is_empty());
        assert!(production_problems("https://lupa.app", None, without_realtime).is_empty());
        // Through the SFU, each missing one is named.
        assert_eq!(
            production_problems("https://lupa.app", Some("realtime"), without_realtime),
            [
                "falta el secreto REALTIME_APP_ID",
                "falta el secreto REALTIME_APP_SECRET",
                "falta el secreto TURN_KEY_ID",
                "falta el secreto TURN_KEY_API_TOKEN",
            ]
        );
        assert!(production_problems("https://lupa.app", Some("realtime"), complete).is_empty());
        // Blanks are refused by name, as for every other secret.
        let blank_token = production_problems("https://lupa.app", Some("realtime"), |name| {
            if name == "TURN_KEY_API_TOKEN" {
                Some("  ".into())
            } else {
                complete(name)
            }
        });
        assert_eq!(blank_token, ["el secreto TURN_KEY_API_TOKEN está en blanco"]);
    }

    #[test]
    fn an_unknown_media_transport_is_refused_not_taken_for_either() {
        let problems = production_problems("https://lupa.app", Some("sfu"), complete);
        assert_eq!(problems, [UNKNOWN_MEDIA_TRANSPORT]);
        assert!(misconfigured_message(&problems).contains("MEDIA_TRANSPORT"));
        assert_eq!(required_secrets(Some("sfu")), PRODUCTION_SECRETS);
    }

    #[test]
    fn only_local_and_production_are_environments() {
        assert_eq!(Environment::parse(Some("local")), Some(Environment::Local));
        assert_eq!(Environment::parse(Some(" production ")), Some(Environment::Production));
        for bad in [Some("prod"), Some("Production"), Some("staging"), Some(""), None] {
            assert_eq!(Environment::parse(bad), None, "{bad:?}");
        }
        assert!(UNKNOWN_ENVIRONMENT_MESSAGE.contains("ENVIRONMENT"));
    }

    #[test]
    fn short_keys_are_named_without_their_value() {
        let short = |c: &str| c.repeat(MIN_KEY_BYTES - 1);
        let problems = production_problems("https://lupa.app", None, |name| match name {
            "URL_SIGNING_KEY" => Some(short("u")),
            "STRIPE_WEBHOOK_SECRET" => Some(short("w")),
            // Padding does not count towards the length.
            "SESSION_PEPPER" => Some(format!("  {}  ", short("p"))),
            _ => complete(name),
        });
        assert_eq!(
            problems,
            [
                "el secreto SESSION_PEPPER debe tener al menos 32 bytes",
                "el secreto URL_SIGNING_KEY debe tener al menos 32 bytes",
                "el secreto STRIPE_WEBHOOK_SECRET debe tener al menos 32 bytes",
            ]
        );
        assert!(!misconfigured_message(&problems).contains(&short("p")));
        // Exactly 32 bytes is enough; a provider's credential is not measured.
        let exact = "e".repeat(MIN_KEY_BYTES);
        assert!(production_problems("https://lupa.app", None, |name| match name {
            "SESSION_PEPPER" => Some(exact.clone()),
            "STRIPE_SECRET_KEY" | "MAIL_API_KEY" | "MAIL_FROM" | "STRIPE_PRICE_ID" => Some("x".into()),
            _ => complete(name),
        })
        .is_empty());
    }

    #[test]
    fn the_pepper_and_both_signing_keys_must_all_differ() {
        let same = "s".repeat(44);
        let shared = |names: &'static [&'static str]| {
            let same = same.clone();
            production_problems("https://lupa.app", None, move |name| {
                if names.contains(&name) {
                    Some(same.clone())
                } else {
                    complete(name)
                }
            })
        };
        assert_eq!(
            shared(&["SESSION_PEPPER", "URL_SIGNING_KEY"]),
            ["los secretos SESSION_PEPPER y URL_SIGNING_KEY deben ser distintos"]
        );
        assert_eq!(
            shared(&["URL_SIGNING_KEY", "URL_SIGNING_KEY_PREVIOUS"]),
            ["los secretos URL_SIGNING_KEY y URL_SIGNING_KEY_PREVIOUS deben ser distintos"]
        );
        assert_eq!(
            shared(&["SESSION_PEPPER", "URL_SIGNING_KEY_PREVIOUS"]),
            ["los secretos SESSION_PEPPER y URL_SIGNING_KEY_PREVIOUS deben ser distintos"]
        );
        assert_eq!(shared(&["SESSION_PEPPER", "URL_SIGNING_KEY", "URL_SIGNING_KEY_PREVIOUS"]).len(), 3);
        assert!(!misconfigured_message(&shared(&["SESSION_PEPPER", "URL_SIGNING_KEY"])).contains(&same));
        // The webhook secret is Stripe's, not one of our three: sharing is not checked there.
        assert!(shared(&["STRIPE_WEBHOOK_SECRET", "MAIL_API_KEY"]).is_empty());
    }
}
