//! What the analysis summary and the CSV show of panel studies (ADR 0017): the screen-outs per
//! reason, and the answers to the questions before and after the tasks, grouped by the wording
//! they were answered under (counts per option or value; text answers with their moment).

use std::collections::BTreeSet;

use lupa_api_types::{
    AnalysisDto, MeanDto, OptionCountDto, QuestionSummaryDto, ScreenOutReasonDto, ScreenOutsDto, TextAnswerDto,
};
use lupa_core::insights::mean_figure;
use serde::Deserialize;

use crate::error::ApiResult;
use crate::platform::db::{text, Batch, Results, Slot};
use crate::study::answers::{self, AnswerRow};

const SCREEN_OUTS: &str = "SELECT pid, question_number, question_text, option_text, created_at FROM screen_outs WHERE analysis_id = ?1 ORDER BY created_at, id";

/// A screen-out as stored.
#[derive(Debug, Clone, Deserialize)]
pub struct ScreenOutRow {
    pub pid: Option<String>,
    pub question_number: i64,
    pub question_text: String,
    pub option_text: String,
    pub created_at: i64,
}

/// What the summary adds for a study, read in the summary's batch.
pub struct StudyData {
    /// Whether the analysis has ADR 0017 options at all (else nothing is added anywhere).
    pub on: bool,
    pub screener: bool,
    pub screen_outs: Vec<ScreenOutRow>,
    pub answers: Vec<AnswerRow>,
    /// The current questions' option lists by (phase, wording), for counts in their order.
    options: Vec<(String, String, Vec<String>, Option<u8>)>,
}

#[derive(Clone, Copy)]
pub struct StudySlots {
    screen_outs: Slot,
    answers: Slot,
}

/// Adds reading the screen-outs and the answers to a batch.
pub fn add_load(batch: &mut Batch<'_>, analysis_id: &str) -> ApiResult<StudySlots> {
    Ok(StudySlots {
        screen_outs: batch.add(SCREEN_OUTS, &[text(analysis_id)])?,
        answers: answers::add_of_analysis(batch, analysis_id)?,
    })
}

/// The study's data from the analysis and what a batch read (`add_load`).
pub fn load_of(detail: &AnalysisDto, results: &Results, slots: StudySlots) -> ApiResult<StudyData> {
    let mut options = Vec::new();
    if let Some(questions) = &detail.questions {
        for (phase, list) in [("pre", &questions.pre), ("post", &questions.post)] {
            for q in list {
                options.push((phase.to_string(), q.text.clone(), q.options.clone().unwrap_or_default(), q.scale));
            }
        }
    }
    Ok(StudyData {
        on: detail.panel.is_some(),
        screener: detail.screener.as_ref().is_some_and(|s| !s.questions.is_empty()),
        screen_outs: results.all::<ScreenOutRow>(slots.screen_outs)?,
        answers: answers::of_analysis_from(results, slots.answers)?,
        options,
    })
}

/// The screen-outs by reason (question, option), most frequent first; `None` without a screener
/// and without any screen-out.
pub fn screen_outs(data: &StudyData) -> Option<ScreenOutsDto> {
    if !data.screener && data.screen_outs.is_empty() {
        return None;
    }
    let mut reasons: Vec<ScreenOutReasonDto> = Vec::new();
    for row in &data.screen_outs {
        match reasons.iter_mut().find(|r| r.question == row.question_text && r.option == row.option_text) {
            Some(reason) => reason.count += 1,
            None => reasons.push(ScreenOutReasonDto {
                question: row.question_text.clone(),
                option: row.option_text.clone(),
                count: 1,
            }),
        }
    }
    reasons.sort_by_key(|r| std::cmp::Reverse(r.count));
    Some(ScreenOutsDto { total: u32::try_from(data.screen_outs.len()).unwrap_or(u32::MAX), reasons })
}

fn bump(counts: &mut Vec<OptionCountDto>, option: &str) {
    match counts.iter_mut().find(|c| c.option == option) {
        Some(c) => c.count += 1,
        None => counts.push(OptionCountDto { option: option.to_string(), count: 1 }),
    }
}

/// One summary per question wording (pre first, then post), in question order.
pub fn question_summaries(data: &StudyData) -> Option<Vec<QuestionSummaryDto>> {
    if data.answers.is_empty() && data.options.is_empty() {
        return None;
    }
    let mut out: Vec<QuestionSummaryDto> = Vec::new();
    // The current questions first, so an option nobody chose shows 0.
    for (phase, question, options, scale) in &data.options {
        let kind = if scale.is_some() {
            "scale"
        } else if options.is_empty() {
            "text"
        } else {
            "choice"
        };
        let mut counts: Vec<OptionCountDto> =
            options.iter().map(|o| OptionCountDto { option: o.clone(), count: 0 }).collect();
        if let Some(top) = scale {
            counts = (1..=*top).map(|v| OptionCountDto { option: v.to_string(), count: 0 }).collect();
        }
        out.push(QuestionSummaryDto {
            phase: phase.clone(),
            question: question.clone(),
            kind: kind.into(),
            counts,
            texts: Vec::new(),
            respondents: 0,
            mean: None,
        });
    }
    for row in &data.answers {
        let index = match out.iter().position(|q| q.phase == row.phase && q.question == row.question_text) {
            Some(i) => i,
            None => {
                out.push(QuestionSummaryDto {
                    phase: row.phase.clone(),
                    question: row.question_text.clone(),
                    kind: row.question_type.clone(),
                    counts: Vec::new(),
                    texts: Vec::new(),
                    respondents: 0,
                    mean: None,
                });
                out.len() - 1
            }
        };
        let summary = &mut out[index];
        summary.kind = row.question_type.clone();
        match row.value() {
            serde_json::Value::String(answer) => summary.texts.push(TextAnswerDto {
                entryId: row.entry_id.clone(),
                participantNumber: row.participant_number.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32,
                text: answer,
                atMs: row.at_ms,
            }),
            serde_json::Value::Array(items) => {
                items.iter().filter_map(|i| i.as_str()).for_each(|o| bump(&mut summary.counts, o))
            }
            other => bump(&mut summary.counts, &other.to_string()),
        }
    }
    for summary in &mut out {
        add_figures(summary, &data.answers);
    }
    out.sort_by_key(|q| if q.phase == "pre" { 0 } else { 1 });
    Some(out)
}

/// A question's respondents, and for a scale the mean of its values with their interval (the
/// same t-interval as the SEQ's, Sauro & Lewis ch. 3), cut to 1..the scale's top.
fn add_figures(summary: &mut QuestionSummaryDto, answers: &[AnswerRow]) {
    let entries: BTreeSet<&str> = answers
        .iter()
        .filter(|row| row.phase == summary.phase && row.question_text == summary.question)
        .map(|row| row.entry_id.as_str())
        .collect();
    summary.respondents = u32::try_from(entries.len()).unwrap_or(u32::MAX);
    if summary.kind != "scale" {
        return;
    }
    let mut values = Vec::new();
    let mut top = 1.0_f64;
    for count in &summary.counts {
        if let Ok(value) = count.option.parse::<f64>() {
            top = top.max(value);
            values.extend(std::iter::repeat_n(value, count.count as usize));
        }
    }
    let figure = mean_figure(&values, 1.0, top);
    summary.mean = Some(MeanDto {
        n: figure.n,
        mean: figure.mean,
        low: figure.interval.map(|i| i.low),
        high: figure.interval.map(|i| i.high),
    });
}
