//! The evidence check (issue 47): a quote is accepted only if its text, normalised (case,
//! whitespace and punctuation, nothing more: accents and words stay as said), is found verbatim in
//! the transcript lines that overlap its time range widened by [`SLACK_MS`] on each side. A
//! finding left with no accepted quote is dropped and counted; each rejected quote says why, for
//! the log.
//!
//! "Verbatim" is on whole words: the normalised quote must sit between word boundaries of the
//! normalised lines ("ar el" is not found in "buscar el"), so a model cannot pass a fragment of a
//! word off as something said.

use super::SLACK_MS;
use super::{Finding, Proposal, Quote, TaskFindings, MAX_FINDINGS_PER_TASK, MAX_QUOTES_PER_FINDING, MAX_TEXT_CHARS};
use crate::transcript::Line;

/// The longest time range a quote may claim: a quote spanning the whole recording would make the
/// time check meaningless.
pub const MAX_QUOTE_MS: i64 = 60_000;

/// Why a quote (or a whole finding) was not kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The quote or the finding has no words.
    Empty,
    /// The range is backwards, negative, or longer than [`MAX_QUOTE_MS`].
    BadRange,
    /// Nobody said it: not in the transcript at all (an invented quote).
    NotSaid,
    /// Said, but at another time than the quote claims.
    SaidElsewhere,
    /// The finding names a task the analysis does not have.
    UnknownTask,
}

impl Reason {
    /// The reason as the worker's log writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Empty => "empty",
            Reason::BadRange => "bad_range",
            Reason::NotSaid => "not_in_transcript",
            Reason::SaidElsewhere => "said_at_another_time",
            Reason::UnknownTask => "unknown_task",
        }
    }
}

/// One quote (or finding) that was not kept, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub task_number: u32,
    pub quote: Option<Quote>,
    pub reason: Reason,
}

/// What the check kept, and the counts it reports.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Checked {
    /// Only findings with at least one verified quote, and only their verified quotes, by task.
    pub tasks: Vec<TaskFindings>,
    /// Findings proposed and dropped for want of a verifiable quote.
    pub dropped_findings: u32,
    pub proposed_quotes: u32,
    pub verified_quotes: u32,
    pub rejections: Vec<Rejection>,
}

fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation()
        || matches!(
            c,
            '¿' | '¡'
                | '«'
                | '»'
                | '“'
                | '”'
                | '‘'
                | '’'
                | '‚'
                | '„'
                | '…'
                | '—'
                | '–'
                | '‐'
                | '·'
                | '•'
                | '′'
                | '″'
        )
}

/// The text with case folded, every run of whitespace and punctuation made one space, and
/// nothing else changed (accents stay: "está" is not "esta").
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut gap = true;
    for c in text.chars() {
        if c.is_whitespace() || is_punctuation(c) {
            if !gap {
                out.push(' ');
                gap = true;
            }
        } else {
            out.extend(c.to_lowercase());
            gap = false;
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// Whether `needle` (normalised, non-empty) is in `haystack` (normalised) on word boundaries.
fn contains_words(haystack: &str, needle: &str) -> bool {
    format!(" {haystack} ").contains(&format!(" {needle} "))
}

/// The lines overlapping `[start_ms - SLACK_MS, end_ms + SLACK_MS]`, joined in time order and
/// normalised.
pub fn said_around(lines: &[Line], start_ms: i64, end_ms: i64) -> String {
    let (from, to) = (start_ms.saturating_sub(SLACK_MS), end_ms.saturating_add(SLACK_MS));
    let mut near: Vec<&Line> = lines.iter().filter(|l| l.end_ms >= from && l.start_ms <= to).collect();
    near.sort_by_key(|l| l.start_ms);
    normalise(&near.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join(" "))
}

/// Checks one quote against the transcript.
pub fn check_quote(quote: &Quote, lines: &[Line], everything: &str) -> Result<(), Reason> {
    let needle = normalise(&quote.text);
    if needle.is_empty() {
        return Err(Reason::Empty);
    }
    if quote.start_ms < 0 || quote.end_ms < quote.start_ms || quote.end_ms - quote.start_ms > MAX_QUOTE_MS {
        return Err(Reason::BadRange);
    }
    if contains_words(&said_around(lines, quote.start_ms, quote.end_ms), &needle) {
        Ok(())
    } else if contains_words(everything, &needle) {
        Err(Reason::SaidElsewhere)
    } else {
        Err(Reason::NotSaid)
    }
}

fn capped(text: &str) -> String {
    text.trim().chars().take(MAX_TEXT_CHARS).collect()
}

/// Checks a proposal against a transcript's lines (on the recording's timeline) for an analysis of
/// `task_count` tasks: keeps each finding's verified quotes (at most [`MAX_QUOTES_PER_FINDING`]
/// proposed are looked at, at most [`MAX_FINDINGS_PER_TASK`] findings a task), drops findings left
/// with none, and counts them.
pub fn check(proposal: Proposal, lines: &[Line], task_count: u32) -> Checked {
    let mut sorted: Vec<&Line> = lines.iter().collect();
    sorted.sort_by_key(|l| l.start_ms);
    let everything = normalise(&sorted.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join(" "));
    let mut out = Checked::default();
    let mut by_task: std::collections::BTreeMap<u32, Vec<Finding>> = std::collections::BTreeMap::new();
    let mut seen: std::collections::BTreeMap<u32, usize> = std::collections::BTreeMap::new();
    for task in proposal.tasks {
        for finding in task.findings {
            let looked = seen.entry(task.task_number).or_default();
            if *looked >= MAX_FINDINGS_PER_TASK {
                continue;
            }
            *looked += 1;
            let quotes: Vec<Quote> = finding.quotes.into_iter().take(MAX_QUOTES_PER_FINDING).collect();
            out.proposed_quotes += quotes.len() as u32;
            let reject = |out: &mut Checked, quote: Option<Quote>, reason: Reason| {
                out.rejections.push(Rejection { task_number: task.task_number, quote, reason })
            };
            if task.task_number == 0 || task.task_number > task_count {
                out.dropped_findings += 1;
                reject(&mut out, None, Reason::UnknownTask);
                continue;
            }
            let text = capped(&finding.text);
            if text.is_empty() {
                out.dropped_findings += 1;
                reject(&mut out, None, Reason::Empty);
                continue;
            }
            let mut kept = Vec::new();
            for quote in quotes {
                match check_quote(&quote, lines, &everything) {
                    Ok(()) => kept.push(Quote { text: capped(&quote.text), ..quote }),
                    Err(reason) => reject(&mut out, Some(quote), reason),
                }
            }
            if kept.is_empty() {
                out.dropped_findings += 1;
                continue;
            }
            out.verified_quotes += kept.len() as u32;
            by_task.entry(task.task_number).or_default().push(Finding { text, quotes: kept });
        }
    }
    out.tasks = by_task.into_iter().map(|(task_number, findings)| TaskFindings { task_number, findings }).collect();
    out
}
