//! A reel of a theme's quotes ('Crear reel', issue 47, ADR 0021): one clip per quote (the quote
//! ±2 s, within its recording), titled as the theme, and the reel of them in that order, all in
//! one write, so a failure leaves neither.

use lupa_core::clips;
use serde::Deserialize;
use worker::Response;

use super::themes::{stored, ThemesRow, ROW};
use crate::analysis;
use crate::auth::sessions::SessionUser;
use crate::billing::gate;
use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::platform::db::{db, new_id, text, Batch};
use crate::App;

/// The range a theme's clip adds on each side of its quote.
const CLIP_SLACK_MS: i64 = 2_000;
/// The submitted participations' lengths, for a theme's clips.
const DURATIONS: &str = "SELECT id, duration_ms FROM analysis_entries WHERE analysis_id = ?1 AND status = 'submitted'";

#[derive(Deserialize)]
struct DurationRow {
    id: String,
    duration_ms: Option<i64>,
}

/// `POST /api/v1/analysis/{id}/themes/{theme}/reel` ('Crear reel'): one clip per quote of the
/// theme (the quote ±2 s, within its recording), titled as the theme, and a reel of them in
/// that order, all in one write. Clips and reels need a subscription (402), as everywhere.
pub async fn create(app: &App, user: &SessionUser, analysis_id: &str, theme: &str) -> ApiResult<Response> {
    let (_, results, (row, durations, subscribed)) = analysis::owned_row_with(app, user, analysis_id, |batch| {
        Ok((
            batch.add(ROW, &[text(analysis_id)])?,
            batch.add(DURATIONS, &[text(analysis_id)])?,
            gate::add_active_for_analysis(batch, analysis_id, app.now())?,
        ))
    })
    .await?;
    let not_found = || ApiError::from(Fixed::ThemeNotFound);
    let number = theme.parse::<usize>().ok().filter(|n| *n >= 1).ok_or_else(not_found)?;
    let row = results.first::<ThemesRow>(row)?.ok_or_else(not_found)?;
    let theme = stored(&row.themes_json).into_iter().nth(number - 1).ok_or_else(not_found)?;
    gate::require_active(gate::is_active(&results, subscribed)?, gate::REQUIRED_FOR_REELS)?;
    let durations = results.all::<DurationRow>(durations)?;
    let title: String = theme.title.chars().take(clips::MAX_TITLE).collect();
    let reel_title = clips::reel_title(Some(&title)).map_err(|m| ApiError::composed(Composed::ReelConflict, m))?;
    let now = app.now();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let reel_id = new_id();
    let mut clip_ids = Vec::new();
    for quote in &theme.quotes {
        // A participation deleted since has no clip to make (the themes went with it anyway).
        let Some(entry) = durations.iter().find(|d| d.id == quote.entry_id) else { continue };
        // The slack never runs past the recording's end, and never cuts the quote itself.
        let at = (quote.start_ms - CLIP_SLACK_MS).max(0);
        let end = quote.end_ms + CLIP_SLACK_MS;
        let end = entry.duration_ms.map_or(end, |d| end.min(d).max(quote.end_ms)).max(at + 1);
        let words: String = quote.text.chars().take(clips::MAX_NOTE).collect();
        let id = new_id();
        crate::playback::notes::add_clip(&mut batch, &id, &entry.id, &user.user.id, at, end, &title, &words, now)?;
        clip_ids.push(id);
    }
    if clip_ids.is_empty() {
        return Err(not_found());
    }
    crate::insights::reels::add_new(&mut batch, &reel_id, analysis_id, &reel_title, &user.user.id, &clip_ids, now)?;
    crate::insights::reels::write_and_answer(app, batch, &reel_id, 201).await
}
