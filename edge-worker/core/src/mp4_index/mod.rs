//! A segment index (`sidx`) for fragmented MP4 recordings (ADR 0009), so a player can start and
//! seek a long recording with a few small Range requests instead of reading the whole file.
//!
//! MediaRecorder writes MP4 as `ftyp moov (moof mdat)*` with no index: to know where second 1800
//! is, a player (Chromium's FFmpeg demuxer) reads every `moof` from the start, which over HTTP
//! means downloading the file. `sidx` boxes placed just before the first `moof`, one per track
//! (as ffmpeg's `global_sidx` writes them; with the video's alone, Chromium still scans for the
//! audio), list every fragment's size and duration; with them FFmpeg marks its fragment index
//! complete and jumps.
//!
//! [`Scanner`] (`scanner.rs`) reads the file once, in order, in pieces of any size (an R2 body stream): it keeps
//! `moov` and each `moof` (small) and skips everything else (`mdat`, the media) without holding
//! it. [`build_sidx`] (`sidx.rs`) then writes the box. The worker stores it beside the file and serves the
//! file with the box spliced in at [`FragmentIndex::insert_at`]. Fragment offsets stay valid:
//! Chromium (and ffmpeg with `default_base_moof`) address samples relative to their `moof`, and a
//! file whose fragments use absolute offsets is refused ([`IndexError::AbsoluteOffsets`]).
//! Nothing here panics: any surprise is an error and the file is served as it is.
//!
//! The file comes from a participant's tab and is hostile input: every allocation is bounded by
//! a named limit below (not by the file's own size fields), and every sum is checked.

/// Why a file gets no index (it is then served unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexError {
    /// A box header is malformed (size smaller than its header), or a track is described twice.
    Malformed,
    /// No `moov`, or no `moof` after it: not a fragmented MP4.
    NotFragmented,
    /// The file already carries a `sidx` (nothing to add).
    AlreadyIndexed,
    /// A fragment addresses its samples from the start of the file; inserting bytes would break it.
    AbsoluteOffsets,
    /// The file ended inside a box.
    Truncated,
    /// A `moov` or `moof` larger than a recording's ([`MAX_MOOV_BYTES`], [`MAX_MOOF_BYTES`]).
    BoxTooLarge,
    /// A second `moov`: a recording has one.
    RepeatedMoov,
    /// More tracks than a recording has ([`MAX_TRACKS`]).
    TooManyTracks,
    /// More fragments or top-level boxes than a 2-hour recording has ([`MAX_FRAGMENTS`]).
    TooManyFragments,
    /// A `moof` without a `traf` of any track the `moov` declared.
    EmptyFragment,
    /// A duration or size past what its field (or a 64-bit sum) holds.
    Overflow,
}

/// A recording has a screen or camera file with a video and an audio track; 4 leaves room for
/// a browser that adds one (a second audio or a metadata track) without letting a file declare
/// thousands, each of which would cost memory in every fragment.
pub const MAX_TRACKS: usize = 4;

/// Recordings are at most 2 hours (7 200 s) per segment. MediaRecorder cuts ~1 fragment per
/// second (the recorder's 1000 ms timeslice with a 1 s keyframe interval), and a browser may
/// give each track its own `moof`: 7 200 × 4 tracks = 28 800, doubled for margin (shorter
/// fragments after stalls, a smaller timeslice) = 57 600. It also stays under the 65 535
/// references one `sidx` lists, so a real recording's references are never merged.
pub const MAX_FRAGMENTS: usize = 57_600;

/// Top-level boxes: `ftyp`, `moov`, then a `moof` and an `mdat` per fragment, plus a few
/// (`free`, `skip`, `uuid`). Bounds the header-parsing work on a file of tiny boxes.
pub const MAX_TOP_LEVEL_BOXES: usize = 2 * MAX_FRAGMENTS + 64;

/// Chromium's `moov` for two tracks is ~1.2 KB (a few KB with H.264/AAC configurations); 64 KiB is
/// over 10 times what 4 tracks need. It is held whole while read, so it is bounded.
pub const MAX_MOOV_BYTES: u64 = 64 * 1024;

/// A `moof` lists ~16 bytes per sample: a 1 s fragment at 60 fps is ~1 KB, and 1 MiB holds
/// 65 536 samples (36 minutes at 30 fps in one fragment, for a browser that ignores the
/// timeslice and cuts only at rare keyframes). Held whole while read.
pub const MAX_MOOF_BYTES: u64 = 1024 * 1024;

/// A version-1 `sidx` with no references: header(8) version/flags(4) track(4) timescale(4)
/// earliest(8) first_offset(8) reserved(2) count(2).
const SIDX_HEADER: usize = 40;
/// One reference: size(4) duration(4) SAP(4).
const SIDX_REFERENCE: usize = 12;

/// The most `sidx` bytes a stored index may hold: one box per track, one reference per
/// fragment (~2.8 MB). An index is read whole on every request that serves it, so a larger
/// stored object is not one of ours and is refused on load.
pub const MAX_SIDX_BYTES: usize = MAX_TRACKS * (SIDX_HEADER + SIDX_REFERENCE * MAX_FRAGMENTS);

/// One fragment of one track: where its `moof` starts, and the track's decode time and length in
/// it (in the track's timescale; none and 0 when the fragment has no sample of that track).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fragment {
    pub offset: u64,
    pub start: Option<u64>,
    pub duration: u64,
}

/// One track's view of the fragments, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackIndex {
    pub track_id: u32,
    pub timescale: u32,
    pub fragments: Vec<Fragment>,
}

/// What the `sidx` boxes need: every track's fragments, where they go, and the file's length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FragmentIndex {
    /// Where the first `moof` starts: the boxes go right before it.
    pub insert_at: u64,
    /// In track id order.
    pub tracks: Vec<TrackIndex>,
    /// The file's length.
    pub size: u64,
}

mod boxes;
mod scanner;
mod sidx;

pub use scanner::Scanner;
pub use sidx::{build_sidx, check_sidx, spliced_pieces, Piece};

pub mod rebuild;

#[cfg(test)]
mod tests;
