//! Writing the `sidx` boxes for a scanned file, checking a stored one, and cutting a byte range of
//! the file with the boxes spliced in into pieces of the stored file and of the index.

use super::boxes::be32;
use super::*;

/// The `sidx` boxes for `index`, one per track, to be spliced in together at `insert_at`: one
/// reference per fragment (sizes up to the next `moof`, or the end of the file), durations from
/// the decode times where both ends have one (a fragment without the track: 0, the one before
/// it reaching to the next that has it). Fragments past what one box can list (65 535) are
/// merged pairwise until they fit. Written straight into the answer (no copy per box).
pub fn build_sidx(index: &FragmentIndex) -> Result<Vec<u8>, IndexError> {
    if index.tracks.len() > MAX_TRACKS {
        return Err(IndexError::TooManyTracks);
    }
    let mut out = Vec::new();
    let mut spans = [(0usize, 0usize); MAX_TRACKS];
    for (track, span) in index.tracks.iter().zip(spans.iter_mut()) {
        let from = out.len();
        track_sidx(track, index.size, &mut out)?;
        *span = (from, out.len());
    }
    // first_offset: from the end of each box to the first moof, i.e. the boxes after it.
    let total = out.len();
    for (from, to) in spans.iter().take(index.tracks.len()) {
        let after = (total - to) as u64;
        if let Some(field) = out.get_mut(from + 28..from + 36) {
            field.copy_from_slice(&after.to_be_bytes());
        }
    }
    Ok(out)
}

fn track_sidx(track: &TrackIndex, file_size: u64, out: &mut Vec<u8>) -> Result<(), IndexError> {
    // One pass from the end: each fragment's size reaches to the next fragment (or the end of
    // the file), its duration to the start of the next fragment that has this track (a track
    // that stopped early leaves thousands of empty fragments in a long file).
    let mut refs: Vec<(u64, u64)> = Vec::with_capacity(track.fragments.len());
    let (mut upcoming, mut end) = (None, file_size);
    for fragment in track.fragments.iter().rev() {
        let size = end.checked_sub(fragment.offset).ok_or(IndexError::Malformed)?;
        // Up to the next fragment that has this track: fragments without it in between get 0, so
        // the durations still add up to the track's end (a reader takes their sum as its length).
        let duration = match (fragment.start, upcoming) {
            (Some(a), Some(b)) if b >= a => b - a,
            _ => fragment.duration,
        };
        refs.push((size, duration));
        if fragment.start.is_some() || fragment.duration > 0 {
            upcoming = fragment.start;
        }
        end = fragment.offset;
    }
    refs.reverse();
    while refs.len() > usize::from(u16::MAX) {
        refs = refs
            .chunks(2)
            .map(|pair| {
                pair.iter().try_fold((0u64, 0u64), |(s, d), (a, b)| Some((s.checked_add(*a)?, d.checked_add(*b)?)))
            })
            .collect::<Option<Vec<_>>>()
            .ok_or(IndexError::Overflow)?;
    }
    let earliest = track.fragments.iter().find_map(|f| f.start).unwrap_or(0);
    let count = u16::try_from(refs.len()).map_err(|_| IndexError::Overflow)?;
    let size = SIDX_HEADER + SIDX_REFERENCE * refs.len();
    out.reserve(size);
    out.extend_from_slice(&u32::try_from(size).map_err(|_| IndexError::Overflow)?.to_be_bytes());
    out.extend_from_slice(b"sidx");
    out.extend_from_slice(&[1, 0, 0, 0]); // version 1 (64-bit times), no flags
    out.extend_from_slice(&track.track_id.to_be_bytes());
    out.extend_from_slice(&track.timescale.to_be_bytes());
    out.extend_from_slice(&earliest.to_be_bytes());
    out.extend_from_slice(&0u64.to_be_bytes()); // first_offset, set by build_sidx
    out.extend_from_slice(&0u16.to_be_bytes()); // reserved
    out.extend_from_slice(&count.to_be_bytes());
    for (size, duration) in refs {
        // reference_type 0 (media) in the top bit, then a 31-bit size.
        let size = u32::try_from(size).ok().filter(|s| *s < 1 << 31).ok_or(IndexError::Overflow)?;
        out.extend_from_slice(&size.to_be_bytes());
        // A reference longer than 32 bits of ticks (a day at 48 kHz) is not a recording's.
        out.extend_from_slice(&u32::try_from(duration).map_err(|_| IndexError::Overflow)?.to_be_bytes());
        // starts_with_SAP = 1, SAP type unknown (as ffmpeg writes it).
        out.extend_from_slice(&0x8000_0000u32.to_be_bytes());
    }
    Ok(())
}

/// Checks stored `sidx` boxes before they are served: at most [`MAX_TRACKS`] version-1 boxes,
/// each exactly as long as its reference count says, none listing more than [`MAX_FRAGMENTS`],
/// [`MAX_SIDX_BYTES`] in all. A stored object is ours, but it is read on every request, so a
/// damaged or planted one must not cost more than a real one.
pub fn check_sidx(boxes: &[u8]) -> Result<(), IndexError> {
    if boxes.is_empty() || boxes.len() > MAX_SIDX_BYTES {
        return Err(IndexError::BoxTooLarge);
    }
    let (mut at, mut count) = (0usize, 0usize);
    while at < boxes.len() {
        count += 1;
        if count > MAX_TRACKS {
            return Err(IndexError::TooManyTracks);
        }
        let size = be32(boxes, at).ok_or(IndexError::Truncated)? as usize;
        let refs = boxes
            .get(at + 38..at + 40)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
            .ok_or(IndexError::Truncated)?;
        if boxes.get(at + 4..at + 8) != Some(b"sidx")
            || boxes.get(at + 8) != Some(&1)
            || size != SIDX_HEADER + SIDX_REFERENCE * refs
        {
            return Err(IndexError::Malformed);
        }
        if refs > MAX_FRAGMENTS {
            return Err(IndexError::TooManyFragments);
        }
        at = at.checked_add(size).filter(|end| *end <= boxes.len()).ok_or(IndexError::Truncated)?;
    }
    Ok(())
}

/// The bytes a reader sees at `[start, end]` (inclusive) of the file with `sidx` spliced in at
/// `insert_at`: which part comes from the stored file (offset and length) and which from the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    File { offset: u64, length: u64 },
    Index { offset: u64, length: u64 },
}

/// The pieces of `[start, end]` of the spliced file (file before, box, file after), in order;
/// none for an empty or inverted range. Offsets come from a stored object, so nothing here may
/// overflow: sums saturate (no file is 2^64 bytes long).
pub fn spliced_pieces(insert_at: u64, index_len: u64, start: u64, end: u64) -> Vec<Piece> {
    let mut pieces = Vec::with_capacity(3);
    if start > end {
        return pieces;
    }
    let box_end = insert_at.saturating_add(index_len); // first byte after the box
    if start < insert_at {
        let last = end.min(insert_at - 1);
        pieces.push(Piece::File { offset: start, length: last - start + 1 });
    }
    if index_len > 0 && end >= insert_at && start < box_end {
        let from = start.max(insert_at);
        let to = end.min(box_end - 1);
        pieces.push(Piece::Index { offset: from - insert_at, length: to - from + 1 });
    }
    if end >= box_end {
        let from = start.max(box_end);
        pieces.push(Piece::File { offset: from - index_len, length: (end - from).saturating_add(1) });
    }
    pieces
}
