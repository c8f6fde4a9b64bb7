//! Each pattern of `patterns.rs` against the function whose rule it states: samples that sit on
//! the rules' edges, strings drawn from the pattern (the function must take them), and strings of
//! an alphabet that mixes the rule's characters with the odd whitespace (both must agree).

use super::*;
use crate::analysis::{normalize_url, MAX_URL_LEN};
use crate::auth::email::{is_valid, looks_like_address, MAX_EMAIL_LEN};
use crate::auth::token::is_well_formed;
use crate::recording_mime;
use crate::study::{panel_url, participant_id, valid_id_parameter};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use regex::Regex;

/// Pattern, the rule, the `maxLength` that goes with the pattern, and samples on both sides.
struct Rule {
    name: &'static str,
    pattern: &'static str,
    accepts: fn(&str) -> bool,
    max_len: usize,
    samples: &'static [&'static str],
}

const ODD: &[&str] = &["", " ", "\u{85}", "\u{feff}", "\u{a0}", "\u{3000}", "\t", "\u{1}", "\u{9f}", "\u{7f}"];

fn rules() -> Vec<Rule> {
    vec![
        Rule {
            name: "WEB_ADDRESS",
            pattern: WEB_ADDRESS,
            accepts: |s| normalize_url(s).is_ok(),
            max_len: MAX_URL_LEN,
            samples: &[
                "example.com",
                " https://www.example.com/a?b#c ",
                "HTTP://EXAMPLE.ES:8080/x",
                "ftp://example.com",
                "mailto:a@b.com",
                "example.com/a://b",
                "http://https://x.com",
                "example",
                "example.c0m",
                "-a.com",
                "a-.com",
                "a..com",
                "example.com:",
                "example.com:123456",
                "example.com/a b",
                "example.com/\u{85}",
                "example.com/ñ",
                "\u{85}example.com\u{85}",
                "\u{feff}example.com",
                "//example.com",
                "https://",
            ],
        },
        Rule {
            name: "HTTPS_ADDRESS_OR_BLANK",
            pattern: HTTPS_ADDRESS_OR_BLANK,
            accepts: |s| panel_url(Some(s.to_string())).is_ok(),
            max_len: MAX_URL_LEN,
            samples: &[
                "",
                "   ",
                "https://panel.example.com/done?pid={pid}",
                "https://{pid}.example.com",
                "http://example.com",
                "example.com",
                " https://x.io ",
                "https://x.io/{pid}/{pid}",
            ],
        },
        Rule {
            name: "EMAIL",
            pattern: EMAIL,
            accepts: is_valid,
            max_len: MAX_EMAIL_LEN,
            samples: &[
                "ana@example.com",
                "  Ana@Example.COM ",
                "a@b",
                "a@b.",
                "a@.b",
                "a@b..c",
                "a@@b.c",
                "@b.c",
                "a b@c.d",
                "a\u{1}@c.d",
                "ñ@ñ.ñ",
                "a@b.c\u{85}",
            ],
        },
        Rule {
            name: "EMAIL_SHAPE",
            pattern: EMAIL_SHAPE,
            accepts: looks_like_address,
            max_len: MAX_EMAIL_LEN,
            samples: &["a@b", "a@b@c", "@b", "a@", " a@b ", "a\u{1}@b", "a @b", "a@\u{85}"],
        },
        Rule {
            name: "TOKEN",
            pattern: TOKEN,
            accepts: is_well_formed,
            max_len: usize::MAX,
            samples: &[
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP",
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN_-=",
            ],
        },
        Rule {
            name: "PARTICIPANT_ID_OR_BLANK",
            pattern: PARTICIPANT_ID_OR_BLANK,
            accepts: |s| participant_id(Some(s)).is_ok(),
            max_len: usize::MAX,
            samples: &["", " ", "abc-_9", " abc ", "a b", "ñ", "a.b"],
        },
        Rule {
            name: "ID_PARAMETER",
            pattern: ID_PARAMETER,
            accepts: valid_id_parameter,
            max_len: usize::MAX,
            samples: &["pid", "PROLIFIC_PID", "", " ", " pid ", "p d"],
        },
        Rule {
            name: "RECORDING_MIME",
            pattern: RECORDING_MIME,
            accepts: |s| recording_mime::base(s).is_some(),
            max_len: usize::MAX,
            samples: &["video/mp4", "VIDEO/WEBM;codecs=vp9", " video/mp4 ;x", "video/mp4x", "audio/webm", ";video/mp4"],
        },
        Rule {
            name: "NOT_BLANK",
            pattern: NOT_BLANK,
            accepts: |s| !s.trim().is_empty(),
            max_len: usize::MAX,
            samples: &["", " ", "\u{85}", "\u{feff}", "a", " a "],
        },
        Rule {
            name: "TWO_OR_MORE",
            pattern: TWO_OR_MORE,
            accepts: |s| crate::transcript::query(s).is_ok(),
            max_len: crate::transcript::QUERY_MAX,
            samples: &["", "a", " a ", "ab", " a b ", "\u{85}ab\u{85}", "\u{feff}a"],
        },
        Rule {
            name: "TEAM_NAME",
            pattern: TEAM_NAME,
            accepts: |s| crate::team::workspace_name(s).is_some(),
            max_len: crate::team::WORKSPACE_NAME_MAX,
            samples: &["", " ", "Equipo", " Diseño  web ", "a\u{1}b", "a\tb", "\u{a0}", "ñ"],
        },
        Rule {
            name: "BLANK",
            pattern: BLANK,
            accepts: |s| s.trim().is_empty(),
            max_len: usize::MAX,
            samples: &["", " ", "\u{85}", "\u{feff}", "a"],
        },
    ]
}

fn check(rule: &Rule, re: &Regex, s: &str) {
    let by_pattern = re.is_match(s) && s.chars().count() <= rule.max_len;
    assert_eq!(by_pattern, (rule.accepts)(s), "{}: {s:?}", rule.name);
}

#[test]
fn the_whitespace_and_control_classes_are_rusts() {
    let space = Regex::new(concat!("^[", space!(), "]$")).unwrap();
    let control = Regex::new(concat!("^[", control!(), "]$")).unwrap();
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let s = c.to_string();
        assert_eq!(space.is_match(&s), c.is_whitespace(), "{c:?}");
        assert_eq!(control.is_match(&s), c.is_control(), "{c:?}");
    }
}

#[test]
fn every_pattern_states_its_rule() {
    for rule in rules() {
        let re = Regex::new(rule.pattern).unwrap();
        for s in rule.samples {
            check(&rule, &re, s);
            for odd in ODD {
                check(&rule, &re, &format!("{odd}{s}{odd}"));
            }
        }
        let mut runner = TestRunner::new(Config { cases: 300, ..Config::default() });
        // proptest draws from patterns without anchors: what it draws is the whole string anyway.
        let unanchored = rule.pattern.strip_prefix('^').unwrap_or(rule.pattern);
        let drawn = proptest::string::string_regex(unanchored.strip_suffix('$').unwrap_or(unanchored)).unwrap();
        let mixed = "[a-zA-Z0-9.@:/?#{}_;=+-]{0,12}( |\u{85}|\u{feff}|\u{a0}|\t|\u{1}|ñ|@|\\.)?[a-z0-9.@/-]{0,12}";
        let strategy = prop_oneof![drawn, proptest::string::string_regex(mixed).unwrap(), any::<String>()];
        runner
            .run(&strategy, |s| {
                check(&rule, &re, &s);
                Ok(())
            })
            .unwrap();
    }
}

#[test]
fn lengths_count_the_text_as_sent() {
    let padded = format!("  {}com  ", "a.".repeat((MAX_URL_LEN - 4) / 2));
    assert!(normalize_url(&padded).is_err(), "the padding counts");
    assert!(normalize_url(padded.trim()).is_ok());
    let email = format!(" {}@example.com", "a".repeat(MAX_EMAIL_LEN - 12));
    assert!(!is_valid(&email) && is_valid(email.trim()));
}

#[test]
fn the_common_password_pattern_is_the_policy() {
    use crate::auth::password::{check_policy, common_pattern, PolicyError};
    // The `regex` crate has no back-references: the pattern's first alternative (one character
    // repeated) is checked by hand, the rest by the pattern.
    let pattern = common_pattern();
    let repeat = r"([\s\S])\1*|";
    assert!(pattern.contains(repeat));
    let re = Regex::new(&pattern.replace(repeat, "")).unwrap();
    let same = |s: &str| s.chars().all(|c| s.starts_with(c));
    for p in ["password", "PassWord", "12345678", "aaaaaaaa", "AaAaAaAa", "ññññññññ", "qwertyuiop", "una clave larga"]
    {
        let refused = check_policy(p) == Err(PolicyError::TooCommon);
        assert_eq!(refused, re.is_match(p) || same(p), "{p}");
    }
}
