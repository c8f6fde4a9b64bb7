//! Transcripts (ADR 0018) for researchers and the participant's tab: the audio chunks the tab
//! sends for transcription, a recording's transcript (JSON, WebVTT, plain text), and the search
//! over every transcript of an analysis. Reading a transcript is for whoever may watch the
//! recording (its analysis's owner, or an admin); anyone else gets 404.
//!
//! The transcript's lines are stored per window by the participation's object
//! (`ledger::transcribe`), already on the recording's timeline; a line's task comes from the step
//! marks at read time, so a transcript read before Finish gets its tasks right once they exist.

pub mod provider;
pub mod setting;

use lupa_api_types::transcript::{
    TranscriptLineDto, TranscriptResponse, TranscriptSearchResponse, TranscriptSearchResultDto, TranscriptStatus,
    TranscriptWordDto,
};
use lupa_api_types::{ChunkResponse, StepMark};
use lupa_core::ledger::Refusal;
use lupa_core::transcript::{self, Language, Line};
use serde::Deserialize;
use worker::{Request, Response, ResponseBuilder};

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::{json, read_body};
use crate::ledger::protocol::{AudioChunk, Call, ParticipantOp};
use crate::platform::db::text;
use crate::App;
use provider::Provider;
use setting::language_dto;
pub use setting::setting_dto;

/// `POST /api/v1/analysisEntry/{id}/segments {track: 'audio'}`: the audio track of the newest
/// screen segment (ADR 0018). Nothing is created: the answer says which segment number its chunks
/// go to, or refuses when the participation is not transcribed.
pub async fn open_audio(app: &App, capability: Option<String>, entry_id: &str) -> ApiResult<Response> {
    if entry_id.is_empty() || capability.is_none() {
        return Err(crate::ledger::refusal(Refusal::NotYours));
    }
    if !Provider::from_env(&app.env).is_on() {
        return Err(crate::ledger::refusal(Refusal::TranscriptionOff));
    }
    let (seq, offset_ms): (u32, i64) =
        crate::ledger::call(app, entry_id, &Call::participant(capability, ParticipantOp::AudioOpen { now: app.now() }))
            .await?;
    json(
        200,
        &lupa_api_types::SegmentResponse {
            segment: seq,
            chunkMaxBytes: crate::ledger::transcribe::MAX_AUDIO_CHUNK as u64,
            recordedMs: offset_ms.max(0) as u64,
        },
    )
}

/// `PUT /api/v1/analysisEntry/{id}/segments/{segment}/audio-chunks/{index}` (`x-lupa-start-ms`:
/// where the audio starts on the segment's screen file): one chunk of the audio track, kept by
/// the participation's object until its windows are transcribed.
pub async fn put_audio_chunk(
    app: &App,
    req: &mut Request,
    entry_id: &str,
    segment: &str,
    index: &str,
) -> ApiResult<Response> {
    let capability = crate::participation::entries::capability_hash_of(app, req)?;
    if capability.is_none() {
        return Err(crate::ledger::refusal(Refusal::NotYours));
    }
    if !Provider::from_env(&app.env).is_on() {
        return Err(crate::ledger::refusal(Refusal::TranscriptionOff));
    }
    let seq: u32 = segment
        .parse()
        .ok()
        .filter(|s| (1..=lupa_core::chunks::MAX_SEGMENTS).contains(s))
        .ok_or_else(|| crate::ledger::refusal(Refusal::NoSegment))?;
    let index: u32 = index
        .parse()
        .ok()
        .filter(|i| *i <= lupa_core::chunks::MAX_CHUNK_INDEX)
        .ok_or_else(|| ApiError::from(Fixed::BadChunkIndex))?;
    let start_ms = lupa_core::camera::start_ms(req.headers().get("x-lupa-start-ms").ok().flatten().as_deref())
        .map_err(ApiError::from)?;
    let body = read_body(req, crate::ledger::transcribe::MAX_AUDIO_CHUNK).await?;
    if body.is_empty() {
        return Err(ApiError::from(Fixed::EmptyChunk));
    }
    use base64::Engine;
    let body = base64::engine::general_purpose::STANDARD.encode(&body);
    let call =
        Call::participant(capability, ParticipantOp::Audio(AudioChunk { seq, index, start_ms, body, now: app.now() }));
    crate::ledger::call::<bool>(app, entry_id, &call).await?;
    json(200, &ChunkResponse { stored: true, watched: false })
}

pub(crate) const WINDOWS: &str =
    "SELECT lines_json AS value FROM transcript_windows WHERE entry_id = ?1 ORDER BY start_ms";
const STATE: &str =
    "SELECT a.transcription_enabled, a.transcription_language, e.transcript_completed_at, e.steps_json \
     FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE e.id = ?1";

#[derive(Deserialize)]
struct StateRow {
    transcription_enabled: i64,
    transcription_language: String,
    transcript_completed_at: Option<i64>,
    steps_json: Option<String>,
}

/// The step marks as `(index, at_ms)`, for `transcript::task_at`.
pub(crate) fn steps(json: Option<&str>) -> Vec<(u32, i64)> {
    json.and_then(|j| serde_json::from_str::<Vec<StepMark>>(j).ok())
        .unwrap_or_default()
        .into_iter()
        .map(|s| (s.index, s.atMs.min(i64::MAX as u64) as i64))
        .collect()
}

/// The lines of a recording's windows (their `lines_json`), in time order. A `Vec`, not a generic
/// iterator: one copy of the JSON reading in the worker for both of its callers.
pub(crate) fn stored_lines(windows: Vec<String>) -> Vec<Line> {
    let mut lines: Vec<Line> =
        windows.into_iter().flat_map(|json| serde_json::from_str::<Vec<Line>>(&json).unwrap_or_default()).collect();
    lines.sort_by_key(|l| l.start_ms);
    lines
}

/// Which view of the transcript a route serves.
#[derive(Clone, Copy)]
pub enum Format {
    Json,
    Vtt,
    Text,
}

/// `GET /api/v1/entry/{id}/transcript` (and `.vtt`, `.txt`): the session, then the entry with its
/// windows and its analysis's setting (two round trips).
pub async fn get(app: &App, user: &SessionUser, entry_id: &str, format: Format) -> ApiResult<Response> {
    let (_entry, results, (windows, state)) = crate::recordings::owned_entry_with(app, user, entry_id, |batch| {
        Ok((batch.add(WINDOWS, &[text(entry_id)])?, batch.add(STATE, &[text(entry_id)])?))
    })
    .await?;
    let state = results.first::<StateRow>(state)?.ok_or_else(ApiError::not_found)?;
    let lines = stored_lines(results.values(windows)?);
    match format {
        Format::Vtt => {
            return attachment(
                transcript::vtt(&lines),
                "text/vtt; charset=utf-8",
                &format!("transcripcion-{entry_id}.vtt"),
            )
        }
        Format::Text => {
            return attachment(
                transcript::txt(&lines),
                "text/plain; charset=utf-8",
                &format!("transcripcion-{entry_id}.txt"),
            )
        }
        Format::Json => {}
    }
    let status = if !Provider::from_env(&app.env).is_on() {
        TranscriptStatus::Unavailable
    } else if state.transcription_enabled == 0 {
        TranscriptStatus::Disabled
    } else if state.transcript_completed_at.is_some() {
        TranscriptStatus::Complete
    } else if results.values::<String>(windows)?.is_empty() {
        TranscriptStatus::Pending
    } else {
        TranscriptStatus::Partial
    };
    let marks = steps(state.steps_json.as_deref());
    let lines = lines
        .into_iter()
        .map(|l| TranscriptLineDto {
            task_number: transcript::task_at(&marks, l.start_ms),
            start_ms: l.start_ms,
            end_ms: l.end_ms,
            text: l.text,
            words: l
                .words
                .into_iter()
                .map(|w| TranscriptWordDto { start_ms: w.start_ms, end_ms: w.end_ms, word: w.word })
                .collect(),
        })
        .collect();
    let language = language_dto(Language::parse(&state.transcription_language).unwrap_or_default());
    json(200, &TranscriptResponse { status, language, lines })
}

fn attachment(body: String, content_type: &str, filename: &str) -> ApiResult<Response> {
    Ok(ResponseBuilder::new()
        .with_header("content-type", content_type)?
        .with_header("content-disposition", &format!("attachment; filename=\"{filename}\""))?
        .fixed(body.into_bytes()))
}

/// Windows a search reads at most: the LIKE pre-filter keeps these to the matching ones.
const SEARCH_WINDOWS: i64 = 500;
/// Results a search answers with.
const MAX_RESULTS: usize = 50;
/// `instr` on the folded texts, not LIKE: a 100-character query is a pattern D1 refuses as too
/// complex (past about 50 bytes), which answered 500.
const SEARCH: &str = "SELECT w.entry_id, w.lines_json, e.participant_number, e.steps_json FROM transcript_windows w \
     JOIN analysis_entries e ON e.id = w.entry_id WHERE w.analysis_id = ?1 AND instr(w.search_text, ?2) > 0 \
     ORDER BY e.participant_number, w.start_ms LIMIT ?3";

#[derive(Deserialize)]
struct SearchRow {
    entry_id: String,
    lines_json: String,
    participant_number: Option<i64>,
    steps_json: Option<String>,
}

/// `GET /api/v1/analysis/{id}/transcript-search?q=`: the session, then the analysis with the
/// windows whose folded text holds the folded query (two round trips); each line that matches
/// is a result, at most 50.
pub async fn search(app: &App, user: &SessionUser, req: &Request, analysis_id: &str) -> ApiResult<Response> {
    let url = req.url()?;
    let raw = url.query_pairs().find(|(k, _)| k == "q").map(|(_, v)| v.to_string()).unwrap_or_default();
    let q = transcript::query(&raw).map_err(|m| ApiError::composed(Composed::BadTranscriptQuery, m))?;
    let pattern = transcript::fold(&q);
    let (_row, results, slot) = crate::analysis::owned_row_with(app, user, analysis_id, |batch| {
        batch.add(SEARCH, &[text(analysis_id), text(&pattern), crate::platform::db::int(SEARCH_WINDOWS)])
    })
    .await?;
    let mut found = Vec::new();
    for row in results.all::<SearchRow>(slot)? {
        let marks = steps(row.steps_json.as_deref());
        for line in serde_json::from_str::<Vec<Line>>(&row.lines_json).unwrap_or_default() {
            if found.len() == MAX_RESULTS {
                break;
            }
            if let Some((before, matched, after)) = transcript::find(&line.text, &q) {
                found.push(TranscriptSearchResultDto {
                    entry_id: row.entry_id.clone(),
                    participant: format!("Participante {}", row.participant_number.unwrap_or(0)),
                    task_number: transcript::task_at(&marks, line.start_ms),
                    start_ms: line.start_ms,
                    before,
                    matched,
                    after,
                });
            }
        }
    }
    json(200, &TranscriptSearchResponse { results: found })
}
