//! Rules for clips, tags, highlight reels and share links (ADR 0012): what a note's range, title
//! and tags may be, which files of a recording a clip needs, and a share link's life.

use crate::participation::ByteRange;

/// A player reports the end of a recording slightly late; a note or clip may end this far past it.
pub const END_SLACK_MS: i64 = 1000;
pub const MAX_TITLE: usize = 200;
/// A note's words.
pub const MAX_NOTE: usize = 2000;
pub const MAX_TAGS: usize = 10;
pub const MAX_TAG: usize = 40;
pub const MAX_REEL_CLIPS: usize = 100;

pub const EMPTY_NOTE: &str = "La nota no puede estar vacía";
pub const BAD_RANGE: &str = "El final del clip debe ser posterior a su inicio y estar dentro de la grabación";
pub const TITLE_TOO_LONG: &str = "El título puede tener como máximo 200 caracteres";
pub const TOO_MANY_TAGS: &str = "Una nota puede tener como máximo 10 etiquetas";
pub const BAD_TAG: &str = "Cada etiqueta debe tener entre 1 y 40 caracteres";
pub const REEL_TITLE: &str = "El reel necesita un título de como máximo 200 caracteres";
pub const DUPLICATE_CLIP: &str = "Un clip solo puede aparecer una vez en el reel";
pub const TOO_MANY_CLIPS: &str = "Un reel puede tener como máximo 100 clips";
pub const NOT_A_CLIP: &str = "Solo se pueden añadir clips de este análisis (notas con inicio y final)";
pub const BAD_SHARE_KIND: &str = "Indica qué compartir: 'recording', 'clip', 'reel' o 'summary'";
pub const BAD_EXPIRY: &str = "La caducidad debe ser de 7, 30 o 90 días";
pub const BAD_TARGET: &str = "No se encuentra lo que quieres compartir en este análisis";

/// Days a share link may live.
pub const SHARE_DAYS: [i64; 3] = [7, 30, 90];
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// A clip's end when valid: after its start and within the recording (plus slack). `None` keeps
/// the note a plain note.
pub fn validate_end(start_ms: i64, end_ms: Option<i64>, duration_ms: Option<i64>) -> Result<Option<i64>, &'static str> {
    match end_ms {
        None => Ok(None),
        Some(end) if end > start_ms && duration_ms.is_none_or(|d| end <= d + END_SLACK_MS) => Ok(Some(end)),
        Some(_) => Err(BAD_RANGE),
    }
}

/// A trimmed title, `None` when empty; at most [`MAX_TITLE`] characters as sent.
pub fn normalize_title(title: Option<&str>) -> Result<Option<String>, &'static str> {
    if title.is_some_and(|t| t.chars().count() > MAX_TITLE) {
        return Err(TITLE_TOO_LONG);
    }
    Ok(title.map(str::trim).filter(|t| !t.is_empty()).map(str::to_string))
}

/// A note needs words: its text, or for a clip at least a title.
pub fn check_note_text(text: &str, title: Option<&str>) -> Result<(), &'static str> {
    if text.trim().is_empty() && title.is_none() {
        Err(EMPTY_NOTE)
    } else {
        Ok(())
    }
}

/// One tag as stored and compared: trimmed, inner whitespace collapsed to one space, lower case.
pub fn normalize_tag(tag: &str) -> String {
    tag.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// A note's tags, normalised, duplicates dropped, in the order given.
/// Counts and lengths are of the tags as sent (what the OpenAPI document states).
pub fn normalize_tags(tags: &[String]) -> Result<Vec<String>, &'static str> {
    if tags.len() > MAX_TAGS {
        return Err(TOO_MANY_TAGS);
    }
    let mut out: Vec<String> = Vec::new();
    for sent in tags {
        let tag = normalize_tag(sent);
        if tag.is_empty() || sent.chars().count() > MAX_TAG {
            return Err(BAD_TAG);
        }
        if !out.contains(&tag) {
            out.push(tag);
        }
    }
    Ok(out)
}

/// A reel's title: 1–200 characters after trimming.
pub fn reel_title(sent: Option<&str>) -> Result<String, &'static str> {
    let title = sent.map(str::trim).unwrap_or_default();
    if title.is_empty() || sent.is_some_and(|t| t.chars().count() > MAX_TITLE) {
        Err(REEL_TITLE)
    } else {
        Ok(title.to_string())
    }
}

/// A reel's ordered clip list: at most 100, each once.
pub fn check_reel_clips(ids: &[String]) -> Result<(), &'static str> {
    if ids.len() > MAX_REEL_CLIPS {
        return Err(TOO_MANY_CLIPS);
    }
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            return Err(DUPLICATE_CLIP);
        }
    }
    Ok(())
}

/// What a share link shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareKind {
    Recording,
    Clip,
    Reel,
    Summary,
}

impl ShareKind {
    pub fn parse(value: &str) -> Option<ShareKind> {
        match value {
            "recording" => Some(ShareKind::Recording),
            "clip" => Some(ShareKind::Clip),
            "reel" => Some(ShareKind::Reel),
            "summary" => Some(ShareKind::Summary),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ShareKind::Recording => "recording",
            ShareKind::Clip => "clip",
            ShareKind::Reel => "reel",
            ShareKind::Summary => "summary",
        }
    }
}

/// When a link created at `now` for `days` (7, 30 or 90) expires.
pub fn share_expiry(now: i64, days: Option<i64>) -> Result<i64, &'static str> {
    days.filter(|d| SHARE_DAYS.contains(d)).map(|d| now + d * DAY_MS).ok_or(BAD_EXPIRY)
}

/// The most bytes one answer of shared media carries. The link is checked when a request
/// arrives, not while its body streams, so a `bytes=0-` read of a long recording would otherwise
/// go on to the end after the link is revoked. Capped, a player gets a 206 of at most this much
/// and comes back with a new Range request, which is checked again: revoking stops playback
/// within one piece (8 MiB, about a minute of a screen recording at product §9's bitrates).
pub const SHARED_MEDIA_MAX_BYTES: u64 = 8 * 1024 * 1024;

/// `range` (resolved against a file of `size` bytes) shortened to at most `max` bytes from its
/// start: a whole-file answer longer than `max` becomes its first `max` bytes (a 206). RFC 9110
/// lets a server send less than the range asked for; Content-Range says what was sent.
pub fn capped_range(range: ByteRange, size: u64, max: u64) -> ByteRange {
    match range {
        _ if max == 0 => range,
        ByteRange::Full if size > max => ByteRange::Partial { start: 0, end: max - 1 },
        ByteRange::Partial { start, end } if end - start >= max => ByteRange::Partial { start, end: start + max - 1 },
        other => other,
    }
}

/// 'revoked', 'expired' or 'active'.
pub fn share_state(now: i64, expires_at: i64, revoked_at: Option<i64>) -> &'static str {
    if revoked_at.is_some() {
        "revoked"
    } else if now >= expires_at {
        "expired"
    } else {
        "active"
    }
}

/// The files a range needs: for each file (by its length, in timeline order) that overlaps
/// `start..end`, its index and where it starts on the timeline.
pub fn overlapping_segments(durations_ms: &[i64], start_ms: i64, end_ms: i64) -> Vec<(usize, i64)> {
    let mut offset = 0;
    let mut out = Vec::new();
    for (i, &d) in durations_ms.iter().enumerate() {
        let d = d.max(0);
        if offset < end_ms && offset + d > start_ms {
            out.push((i, offset));
        }
        offset += d;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clip_ends_after_it_starts_and_inside_the_recording() {
        assert_eq!(validate_end(1000, None, Some(5000)), Ok(None));
        assert_eq!(validate_end(1000, Some(2000), Some(5000)), Ok(Some(2000)));
        assert_eq!(validate_end(1000, Some(6000), Some(5000)), Ok(Some(6000)), "slack past the end");
        assert_eq!(validate_end(1000, Some(6001), Some(5000)), Err(BAD_RANGE));
        assert_eq!(validate_end(1000, Some(1000), Some(5000)), Err(BAD_RANGE));
        assert_eq!(validate_end(1000, Some(500), None), Err(BAD_RANGE));
    }

    #[test]
    fn titles_and_text() {
        assert_eq!(normalize_title(Some("  Se pierde  ")), Ok(Some("Se pierde".into())));
        assert_eq!(normalize_title(Some("   ")), Ok(None));
        assert_eq!(normalize_title(Some(&"á".repeat(200))), Ok(Some("á".repeat(200))));
        assert_eq!(normalize_title(Some(&"a".repeat(201))), Err(TITLE_TOO_LONG));
        assert_eq!(check_note_text(" ", None), Err(EMPTY_NOTE));
        assert_eq!(check_note_text(" ", Some("Título")), Ok(()));
    }

    #[test]
    fn tags_are_normalised_and_bounded() {
        let tags = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            normalize_tags(&tags(&["  Navegación ", "pago   fallido", "navegación"])),
            Ok(tags(&["navegación", "pago fallido"]))
        );
        assert_eq!(normalize_tags(&tags(&["ok", " "])), Err(BAD_TAG));
        assert_eq!(normalize_tags(&tags(&[&"x".repeat(41)])), Err(BAD_TAG));
        let eleven: Vec<String> = (0..11).map(|i| format!("t{i}")).collect();
        assert_eq!(normalize_tags(&eleven), Err(TOO_MANY_TAGS));
        assert_eq!(normalize_tags(&eleven[..10]).map(|t| t.len()), Ok(10));
    }

    #[test]
    fn reels() {
        assert_eq!(reel_title(Some("  Lo mejor ")), Ok("Lo mejor".into()));
        assert_eq!(reel_title(Some(" ")), Err(REEL_TITLE));
        assert_eq!(reel_title(None), Err(REEL_TITLE));
        let ids = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(check_reel_clips(&ids(&["a", "b"])), Ok(()));
        assert_eq!(check_reel_clips(&ids(&["a", "b", "a"])), Err(DUPLICATE_CLIP));
        let many: Vec<String> = (0..101).map(|i| i.to_string()).collect();
        assert_eq!(check_reel_clips(&many), Err(TOO_MANY_CLIPS));
    }

    #[test]
    fn shared_media_answers_are_capped_from_the_start_of_the_range() {
        use crate::participation::{parse_range, ByteRange::*};
        let cap = |header: Option<&str>, size: u64| capped_range(parse_range(header, size), size, 100);
        // A player's first read of a long file, and a whole-file GET: the first 100 bytes.
        assert_eq!(cap(Some("bytes=0-"), 1000), Partial { start: 0, end: 99 });
        assert_eq!(cap(None, 1000), Partial { start: 0, end: 99 });
        // Its next read starts where the last answer ended.
        assert_eq!(cap(Some("bytes=100-"), 1000), Partial { start: 100, end: 199 });
        assert_eq!(cap(Some("bytes=950-"), 1000), Partial { start: 950, end: 999 });
        assert_eq!(cap(Some("bytes=-500"), 1000), Partial { start: 500, end: 599 });
        // Exactly the cap, or less, is left alone; so is a small whole file (200) and a 416.
        assert_eq!(cap(Some("bytes=0-99"), 1000), Partial { start: 0, end: 99 });
        assert_eq!(cap(Some("bytes=10-20"), 1000), Partial { start: 10, end: 20 });
        assert_eq!(cap(None, 100), Full);
        assert_eq!(cap(Some("bytes=2000-"), 1000), Unsatisfiable);
        assert_eq!(capped_range(Full, 1000, 0), Full);
        assert_eq!(SHARED_MEDIA_MAX_BYTES, 8 << 20);
    }

    #[test]
    fn share_links_live_7_30_or_90_days() {
        assert_eq!(share_expiry(0, Some(7)), Ok(7 * DAY_MS));
        assert_eq!(share_expiry(5, Some(90)), Ok(5 + 90 * DAY_MS));
        for bad in [None, Some(0), Some(1), Some(31), Some(-7)] {
            assert_eq!(share_expiry(0, bad), Err(BAD_EXPIRY));
        }
        assert_eq!(share_state(10, 20, None), "active");
        assert_eq!(share_state(20, 20, None), "expired");
        assert_eq!(share_state(10, 20, Some(5)), "revoked");
        assert_eq!(ShareKind::parse("reel").map(ShareKind::as_str), Some("reel"));
        assert_eq!(ShareKind::parse("entry"), None);
    }

    #[test]
    fn a_clip_needs_only_the_files_it_overlaps() {
        // Files of 10 s, 5 s and 20 s: the timeline is 0–10, 10–15, 15–35 s.
        let files = [10_000, 5_000, 20_000];
        assert_eq!(overlapping_segments(&files, 2_000, 8_000), vec![(0, 0)]);
        assert_eq!(overlapping_segments(&files, 8_000, 16_000), vec![(0, 0), (1, 10_000), (2, 15_000)]);
        assert_eq!(overlapping_segments(&files, 10_000, 15_000), vec![(1, 10_000)], "edges touch, no overlap");
        assert_eq!(overlapping_segments(&files, 40_000, 41_000), vec![]);
    }
}
