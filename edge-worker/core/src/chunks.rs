//! Durable chunks (ADR 0005): the rules for the small pieces of media a participant's tab sends
//! every second, the limits of one participation, and the plan that composes stored chunks into the
//! equal-sized parts an R2 multipart upload needs.
//!
//! A segment's chunks are byte ranges of one MediaRecorder file, numbered from 0. Part `p` (from 1)
//! of the final object covers bytes `[(p-1)·PART_SIZE, p·PART_SIZE)` of the chunks joined in order,
//! so a part usually starts and ends inside chunks. Part 1 holds the file header and is composed
//! only when the segment closes (the WebM duration is written into it then); parts 2.. are composed
//! in the background as soon as the chunks cover them; the last part is composed at close.

use crate::error_code::Fixed;
use crate::participation::PART_SIZE;

/// The largest chunk the server accepts: a 1000 ms timeslice at product §9's ~1.1 Mbit/s is ~140 KB;
/// a keyframe-heavy second of a busy screen stays far below this. Bigger blobs are split by the tab.
pub const CHUNK_MAX_BYTES: u64 = 4 * 1024 * 1024;
/// Chunk indexes per segment: 2 h at one chunk a second is 7,200; splits of big chunks add a few.
pub const MAX_CHUNK_INDEX: u32 = 50_000;
/// Segments per entry: each reload, crash or restart starts one.
pub const MAX_SEGMENTS: u32 = 200;
/// The latest a chunk may say it ends (`x-lupa-end-ms`): the largest whole number a JavaScript
/// number holds, as the participation object's calls carry it (a larger one is 400, not 500).
pub const MAX_END_MS: i64 = 9_007_199_254_740_991;
/// Defaults of the `MAX_ENTRY_DURATION_MS` and `MAX_ENTRY_BYTES` variables.
pub const DEFAULT_MAX_DURATION_MS: i64 = 2 * 60 * 60 * 1000;
pub const DEFAULT_MAX_BYTES: i64 = 2 * 1024 * 1024 * 1024;

/// How long an unsubmitted participation can be resumed (and its cookie lives) after its last
/// activity; after that it is deleted with everything it has.
pub const GRACE_MS: i64 = 24 * 60 * 60 * 1000;
/// An interrupted participation holds its place this long after its last chunk.
pub const HOLD_AFTER_MEDIA_MS: i64 = 30 * 60 * 1000;
/// A participation holds its place this long after `participate` (or a resume) without media.
pub const HOLD_WITHOUT_MEDIA_MS: i64 = 5 * 60 * 1000;

/// The limits of one participation, from configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_duration_ms: i64,
    pub max_bytes: i64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_duration_ms: DEFAULT_MAX_DURATION_MS, max_bytes: DEFAULT_MAX_BYTES }
    }
}

/// Why a chunk is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkError {
    /// Not a number, or past [`MAX_CHUNK_INDEX`].
    BadIndex,
    /// `x-lupa-end-ms` missing, not an integer, or negative.
    BadEndTime,
    Empty,
    /// Over [`CHUNK_MAX_BYTES`].
    TooBig,
    /// The participation would pass its maximum duration.
    TooLong,
    /// The participation would pass its maximum size.
    TooLarge,
}

impl ChunkError {
    /// The answer's code; its status (413 for every size or length limit, 400 for malformed
    /// requests) and wording are the code's.
    pub fn code(self) -> Fixed {
        match self {
            ChunkError::BadIndex => Fixed::BadChunkIndex,
            ChunkError::BadEndTime => Fixed::BadChunkTime,
            ChunkError::Empty => Fixed::EmptyChunk,
            ChunkError::TooBig => Fixed::ChunkTooLarge,
            ChunkError::TooLong => Fixed::RecordingTooLong,
            ChunkError::TooLarge => Fixed::RecordingTooLarge,
        }
    }
}

/// What is known about a chunk when its request arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkRequest<'a> {
    pub index: &'a str,
    pub end_ms: Option<&'a str>,
    pub declared_len: u64,
    /// Where the chunk's segment starts on the participation's timeline.
    pub segment_offset_ms: i64,
    /// Bytes the participation already stored (all segments).
    pub stored_bytes: i64,
}

/// A chunk that passed every check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckedChunk {
    pub index: u32,
    pub end_ms: i64,
}

/// Checks a chunk's number, time and size against the participation's limits.
pub fn check_chunk(req: ChunkRequest<'_>, limits: Limits) -> Result<CheckedChunk, ChunkError> {
    let index = req.index.parse::<u32>().ok().filter(|i| *i <= MAX_CHUNK_INDEX).ok_or(ChunkError::BadIndex)?;
    let end_ms = req
        .end_ms
        .and_then(|v| v.trim().parse::<i64>().ok())
        .filter(|v| (0..=MAX_END_MS).contains(v))
        .ok_or(ChunkError::BadEndTime)?;
    if req.declared_len == 0 {
        return Err(ChunkError::Empty);
    }
    if req.declared_len > CHUNK_MAX_BYTES {
        return Err(ChunkError::TooBig);
    }
    if req.segment_offset_ms.saturating_add(end_ms) > limits.max_duration_ms {
        return Err(ChunkError::TooLong);
    }
    if req.stored_bytes.saturating_add(req.declared_len as i64) > limits.max_bytes {
        return Err(ChunkError::TooLarge);
    }
    Ok(CheckedChunk { index, end_ms })
}

/// One stored chunk, as the plan sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoredChunk {
    pub index: u32,
    pub size: u64,
}

/// The chunks from index 0 without a gap (sorted input), and their total size. Chunks after a gap
/// cannot be placed in the file yet: the missing one may still arrive from the device.
pub fn contiguous(chunks: &[StoredChunk]) -> (&[StoredChunk], u64) {
    let mut total = 0;
    for (i, chunk) in chunks.iter().enumerate() {
        if chunk.index as usize != i {
            return (&chunks[..i], total);
        }
        total += chunk.size;
    }
    (chunks, total)
}

/// A slice of one chunk that goes into a part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub index: u32,
    /// Offset inside the chunk.
    pub offset: u64,
    pub length: u64,
}

/// Bytes covered by part `number` (from 1) of a file of `total` bytes, or `None` past the end.
pub fn part_range(number: u32, total: u64) -> Option<(u64, u64)> {
    let start = u64::from(number.checked_sub(1)?) * PART_SIZE;
    (start < total).then(|| (start, (start + PART_SIZE).min(total)))
}

/// The chunk slices that make up bytes `[start, end)` of the joined contiguous chunks.
pub fn pieces(chunks: &[StoredChunk], start: u64, end: u64) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut at = 0u64;
    for chunk in chunks {
        let (from, to) = (at, at + chunk.size);
        at = to;
        if to <= start || from >= end {
            continue;
        }
        let offset = start.saturating_sub(from);
        let length = to.min(end) - from - offset;
        out.push(Piece { index: chunk.index, offset, length });
    }
    out
}

/// Parts 2.. that the contiguous chunks fully cover and that are not composed yet: the background
/// work after a chunk arrives. Part 1 waits for the close (its header gets the duration).
pub fn parts_ready(contiguous_total: u64, composed: &[u32]) -> Vec<u32> {
    let full = (contiguous_total / PART_SIZE) as u32;
    (2..=full).filter(|p| !composed.contains(p)).collect()
}

/// Every part of the closed file that is not composed yet: part 1 always, and the (short) last
/// part, which the background never composes. Empty when there is nothing to compose; `total == 0` means an empty segment.
pub fn parts_to_close(contiguous_total: u64, composed: &[u32]) -> Vec<u32> {
    let count = contiguous_total.div_ceil(PART_SIZE) as u32;
    (1..=count).filter(|p| *p == 1 || !composed.contains(p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1024 * 1024;

    fn req<'a>(index: &'a str, end: Option<&'a str>, len: u64) -> ChunkRequest<'a> {
        ChunkRequest { index, end_ms: end, declared_len: len, segment_offset_ms: 0, stored_bytes: 0 }
    }

    #[test]
    fn chunk_checks_answer_400_or_413() {
        assert_eq!(
            check_chunk(req("0", Some("1000"), 10), Limits::default()),
            Ok(CheckedChunk { index: 0, end_ms: 1000 })
        );
        assert_eq!(check_chunk(req("-1", Some("1"), 10), Limits::default()), Err(ChunkError::BadIndex));
        assert_eq!(check_chunk(req("50001", Some("1"), 10), Limits::default()), Err(ChunkError::BadIndex));
        assert_eq!(check_chunk(req("x", Some("1"), 10), Limits::default()), Err(ChunkError::BadIndex));
        assert_eq!(check_chunk(req("1", None, 10), Limits::default()), Err(ChunkError::BadEndTime));
        assert_eq!(check_chunk(req("1", Some("-5"), 10), Limits::default()), Err(ChunkError::BadEndTime));
        assert_eq!(check_chunk(req("1", Some("1.5"), 10), Limits::default()), Err(ChunkError::BadEndTime));
        assert_eq!(check_chunk(req("1", Some("1"), 0), Limits::default()), Err(ChunkError::Empty));
        assert_eq!(
            check_chunk(req("1", Some("1"), CHUNK_MAX_BYTES + 1), Limits::default())
                .map_err(|e| e.code().code().status()),
            Err(413)
        );
        assert_eq!(check_chunk(req("1", Some("1"), CHUNK_MAX_BYTES), Limits::default()).map(|c| c.index), Ok(1));
    }

    #[test]
    fn limits_count_the_whole_participation() {
        let limits = Limits { max_duration_ms: 7_200_000, max_bytes: 100 };
        let late = ChunkRequest { segment_offset_ms: 7_000_000, ..req("3", Some("200001"), 10) };
        assert_eq!(check_chunk(late, limits), Err(ChunkError::TooLong));
        let on_time = ChunkRequest { segment_offset_ms: 7_000_000, ..req("3", Some("200000"), 10) };
        assert!(check_chunk(on_time, limits).is_ok());
        let full = ChunkRequest { stored_bytes: 95, ..req("3", Some("1"), 6) };
        assert_eq!(check_chunk(full, limits), Err(ChunkError::TooLarge));
        assert_eq!(ChunkError::TooLarge.code().code().status(), 413);
        assert_eq!(ChunkError::TooLong.code().code().as_str(), "recording_too_long");
    }

    fn chunks(sizes: &[(u32, u64)]) -> Vec<StoredChunk> {
        sizes.iter().map(|&(index, size)| StoredChunk { index, size }).collect()
    }

    #[test]
    fn contiguity_stops_at_the_first_gap() {
        let list = chunks(&[(0, 5), (1, 7), (3, 9)]);
        let (run, total) = contiguous(&list);
        assert_eq!((run.len(), total), (2, 12));
        assert_eq!(contiguous(&chunks(&[(1, 5)])).1, 0);
        assert_eq!(contiguous(&[]).1, 0);
    }

    #[test]
    fn parts_are_cut_by_bytes_across_chunks() {
        // Three 2 MiB chunks and a 3 MiB one: 9 MiB = part 1 (5 MiB) + part 2 (4 MiB).
        let list = chunks(&[(0, 2 * MIB), (1, 2 * MIB), (2, 2 * MIB), (3, 3 * MIB)]);
        assert_eq!(part_range(1, 9 * MIB), Some((0, 5 * MIB)));
        assert_eq!(part_range(2, 9 * MIB), Some((5 * MIB, 9 * MIB)));
        assert_eq!(part_range(3, 9 * MIB), None);
        assert_eq!(part_range(0, 9 * MIB), None);
        assert_eq!(
            pieces(&list, 0, 5 * MIB),
            vec![
                Piece { index: 0, offset: 0, length: 2 * MIB },
                Piece { index: 1, offset: 0, length: 2 * MIB },
                Piece { index: 2, offset: 0, length: MIB }
            ]
        );
        assert_eq!(
            pieces(&list, 5 * MIB, 9 * MIB),
            vec![Piece { index: 2, offset: MIB, length: MIB }, Piece { index: 3, offset: 0, length: 3 * MIB }]
        );
        let total: u64 = pieces(&list, 5 * MIB, 9 * MIB).iter().map(|p| p.length).sum();
        assert_eq!(total, 4 * MIB);
    }

    #[test]
    fn background_composes_full_parts_after_the_first() {
        assert_eq!(parts_ready(PART_SIZE * 2 - 1, &[]), Vec::<u32>::new());
        assert_eq!(parts_ready(PART_SIZE * 2, &[]), vec![2]);
        assert_eq!(parts_ready(PART_SIZE * 4 + 3, &[2]), vec![3, 4]);
    }

    #[test]
    fn closing_composes_the_header_part_the_tail_and_anything_missed() {
        assert_eq!(parts_to_close(0, &[]), Vec::<u32>::new());
        assert_eq!(parts_to_close(10, &[]), vec![1]);
        assert_eq!(parts_to_close(PART_SIZE * 3 + 1, &[2, 3]), vec![1, 4]);
        assert_eq!(parts_to_close(PART_SIZE * 3 + 1, &[2]), vec![1, 3, 4]);
        // A full last part composed in the background has the same bytes at the close: kept.
        assert_eq!(parts_to_close(PART_SIZE * 3, &[2, 3]), vec![1]);
    }
}
