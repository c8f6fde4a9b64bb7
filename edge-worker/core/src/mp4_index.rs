//! A segment index (`sidx`) for fragmented MP4 recordings (ADR 0009), so a player can start and
//! seek a long recording with a few small Range requests instead of reading the whole file.
//! Size: the scanner, the sidx writer and their host tests share private box-reading helpers; about half the file is tests.
//!
//! MediaRecorder writes MP4 as `ftyp moov (moof mdat)*` with no index: to know where second 1800
//! is, a player (Chromium's FFmpeg demuxer) reads every `moof` from the start, which over HTTP
//! means downloading the file. `sidx` boxes placed just before the first `moof`, one per track
//! (as ffmpeg's `global_sidx` writes them; with the video's alone, Chromium still scans for the
//! audio), list every fragment's size and duration; with them FFmpeg marks its fragment index
//! complete and jumps.
//!
//! [`Scanner`] reads the file once, in order, in pieces of any size (an R2 body stream): it keeps
//! `moov` and each `moof` (small) and skips everything else (`mdat`, the media) without holding
//! it. [`build_sidx`] then writes the box. The worker stores it beside the file and serves the
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Collecting a box header (8 bytes, or 16 for a 64-bit size).
    Header,
    /// Keeping `remaining` more bytes of a `moov` or `moof` body.
    Keep { kind: [u8; 4], remaining: u64, start: u64 },
    /// Skipping `remaining` more bytes (a body we do not read).
    Skip { remaining: u64 },
    /// A box that runs to the end of the file (size 0).
    SkipToEnd,
}

#[derive(Debug, Clone, Copy, Default)]
struct Track {
    id: u32,
    timescale: u32,
    /// From `trex`: used when neither `trun` nor `tfhd` gives a sample duration.
    default_duration: u32,
}

/// Reads a file front to back and collects its fragments (see the module comment).
///
/// Memory: the box being kept (≤ [`MAX_MOOF_BYTES`], and never more than has arrived) plus one
/// [`Fragment`] per track per fragment (≤ [`MAX_TRACKS`] × [`MAX_FRAGMENTS`]).
#[derive(Debug)]
pub struct Scanner {
    state: State,
    offset: u64,
    buf: Vec<u8>,
    tracks: Vec<Track>,
    /// Filled as `moof`s arrive, one per track of `tracks` (same order).
    indexes: Vec<TrackIndex>,
    moov_seen: bool,
    insert_at: Option<u64>,
    fragment_count: usize,
    top_level_boxes: usize,
    error: Option<IndexError>,
}

impl Default for Scanner {
    fn default() -> Self {
        Self::new()
    }
}

impl Scanner {
    pub fn new() -> Self {
        Scanner {
            state: State::Header,
            offset: 0,
            buf: Vec::new(),
            tracks: Vec::new(),
            indexes: Vec::new(),
            moov_seen: false,
            insert_at: None,
            fragment_count: 0,
            top_level_boxes: 0,
            error: None,
        }
    }

    /// The error that stopped the scan, if any: the caller can stop reading the file.
    pub fn error(&self) -> Option<IndexError> {
        self.error
    }

    /// The next bytes of the file. After an error the rest is ignored (and `finish` reports it).
    pub fn feed(&mut self, mut data: &[u8]) {
        while !data.is_empty() && self.error.is_none() {
            let used = match self.state {
                State::Header => self.header_bytes(data),
                State::Keep { kind, remaining, start } => {
                    let take = usize::try_from(remaining).unwrap_or(usize::MAX).min(data.len());
                    self.buf.extend_from_slice(data.get(..take).unwrap_or_default());
                    let left = remaining.saturating_sub(take as u64);
                    if left == 0 {
                        let body = std::mem::take(&mut self.buf);
                        self.kept(kind, start, &body);
                        self.state = State::Header;
                    } else {
                        self.state = State::Keep { kind, remaining: left, start };
                    }
                    take
                }
                State::Skip { remaining } => {
                    let take = usize::try_from(remaining).unwrap_or(usize::MAX).min(data.len());
                    let left = remaining.saturating_sub(take as u64);
                    self.state = if left == 0 { State::Header } else { State::Skip { remaining: left } };
                    take
                }
                State::SkipToEnd => data.len(),
            };
            self.offset = self.offset.saturating_add(used as u64);
            data = data.get(used..).unwrap_or_default();
        }
    }

    fn fail(&mut self, error: IndexError) -> State {
        self.error = Some(error);
        State::Header
    }

    /// Takes header bytes; once a header is whole, decides what to do with the body.
    fn header_bytes(&mut self, data: &[u8]) -> usize {
        let want: usize = if self.buf.len() >= 8 && be32(&self.buf, 0) == Some(1) { 16 } else { 8 };
        let take = want.saturating_sub(self.buf.len()).min(data.len());
        self.buf.extend_from_slice(data.get(..take).unwrap_or_default());
        if self.buf.len() < want {
            return take;
        }
        // A 64-bit size: now that 8 bytes are in, ask for the other 8.
        if want == 8 && be32(&self.buf, 0) == Some(1) {
            return take;
        }
        let header = std::mem::take(&mut self.buf);
        let start = (self.offset + take as u64).saturating_sub(header.len() as u64);
        let kind = [header[4], header[5], header[6], header[7]];
        self.top_level_boxes += 1;
        if self.top_level_boxes > MAX_TOP_LEVEL_BOXES {
            self.state = self.fail(IndexError::TooManyFragments);
            return take;
        }
        let size = match be32(&header, 0) {
            Some(1) => be64(&header, 8).unwrap_or(0),
            Some(0) => {
                self.state = State::SkipToEnd;
                return take;
            }
            Some(size) => u64::from(size),
            None => 0,
        };
        let Some(body) = size.checked_sub(header.len() as u64) else {
            self.state = self.fail(IndexError::Malformed);
            return take;
        };
        // Every refusal is decided here, from the header, before any of the body is held.
        self.state = match &kind {
            b"sidx" if self.insert_at.is_none() => self.fail(IndexError::AlreadyIndexed),
            b"moov" if self.moov_seen => self.fail(IndexError::RepeatedMoov),
            b"moov" if body > MAX_MOOV_BYTES => self.fail(IndexError::BoxTooLarge),
            b"moof" if body > MAX_MOOF_BYTES => self.fail(IndexError::BoxTooLarge),
            b"moof" if !self.moov_seen => self.fail(IndexError::NotFragmented),
            b"moof" if self.fragment_count >= MAX_FRAGMENTS => self.fail(IndexError::TooManyFragments),
            b"moov" | b"moof" if body == 0 => {
                self.kept(kind, start, &[]);
                State::Header
            }
            b"moov" | b"moof" => State::Keep { kind, remaining: body, start },
            _ if body == 0 => State::Header,
            _ => State::Skip { remaining: body },
        };
        take
    }

    fn kept(&mut self, kind: [u8; 4], start: u64, body: &[u8]) {
        let read = match &kind {
            b"moov" => self.read_moov(body),
            b"moof" => self.read_moof(start, body),
            _ => Ok(()),
        };
        if let Err(err) = read {
            self.error = Some(err);
        }
    }

    fn read_moov(&mut self, body: &[u8]) -> Result<(), IndexError> {
        self.moov_seen = true;
        let mut traks = 0usize;
        for (kind, payload) in children(body) {
            if kind != b"trak" {
                continue;
            }
            // Counted whether or not it reads as a track: the cap is on what the file declares,
            // so the work per `moov` is bounded too.
            traks += 1;
            if traks > MAX_TRACKS {
                return Err(IndexError::TooManyTracks);
            }
            if let Some(track) = read_trak(payload) {
                if self.tracks.iter().any(|t| t.id == track.id) {
                    return Err(IndexError::Malformed);
                }
                self.tracks.push(track);
            }
        }
        // Default durations (`trex`), once every track is known (mvex may come first).
        for (kind, payload) in children(body) {
            if kind == b"mvex" {
                for (inner, trex) in children(payload) {
                    if let (b"trex", Some(id), Some(duration)) = (inner, be32(trex, 4), be32(trex, 12)) {
                        if let Some(track) = self.tracks.iter_mut().find(|t| t.id == id) {
                            track.default_duration = duration;
                        }
                    }
                }
            }
        }
        self.tracks.sort_by_key(|t| t.id);
        self.indexes = self
            .tracks
            .iter()
            .map(|t| TrackIndex { track_id: t.id, timescale: t.timescale, fragments: Vec::new() })
            .collect();
        Ok(())
    }

    fn read_moof(&mut self, start: u64, body: &[u8]) -> Result<(), IndexError> {
        if self.tracks.is_empty() {
            return Err(IndexError::NotFragmented);
        }
        // On the stack: a `moof` costs nothing here whatever the file declares.
        let mut per_track = [(None, 0u64); MAX_TRACKS];
        let mut any = false;
        for (kind, traf) in children(body) {
            if kind != b"traf" {
                continue;
            }
            if let Some((slot, time, duration)) = read_traf(traf, &self.tracks)? {
                let entry = per_track.get_mut(slot).ok_or(IndexError::TooManyTracks)?;
                entry.0 = time;
                entry.1 = entry.1.checked_add(duration).ok_or(IndexError::Overflow)?;
                any = true;
            }
        }
        // A fragment of no known track adds nothing a player can use, only a row per track:
        // 30 empty `moof`s once cost 30 rows of 200 000 tracks.
        if !any {
            return Err(IndexError::EmptyFragment);
        }
        self.fragment_count += 1;
        self.insert_at.get_or_insert(start);
        for (index, (time, duration)) in self.indexes.iter_mut().zip(per_track) {
            index.fragments.push(Fragment { offset: start, start: time, duration });
        }
        Ok(())
    }

    /// The index, once the whole file was fed.
    pub fn finish(self) -> Result<FragmentIndex, IndexError> {
        if let Some(err) = self.error {
            return Err(err);
        }
        match self.state {
            State::Header if self.buf.is_empty() => {}
            State::SkipToEnd => {}
            _ => return Err(IndexError::Truncated),
        }
        let Some(insert_at) = self.insert_at else {
            return Err(IndexError::NotFragmented);
        };
        Ok(FragmentIndex { insert_at, tracks: self.indexes, size: self.offset })
    }
}

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

fn be32(bytes: &[u8], at: usize) -> Option<u32> {
    bytes.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

fn be64(bytes: &[u8], at: usize) -> Option<u64> {
    bytes.get(at..at + 8).map(|b| u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
}

/// The child boxes of a box body: (type, payload). Stops at the first malformed header.
fn children(body: &[u8]) -> impl Iterator<Item = (&[u8; 4], &[u8])> {
    let mut at = 0usize;
    std::iter::from_fn(move || {
        let size = be32(body, at)?;
        let kind: &[u8; 4] = body.get(at + 4..at + 8)?.try_into().ok()?;
        let (header, total) = match size {
            1 => (16usize, usize::try_from(be64(body, at + 8)?).ok()?),
            0 => (8, body.len() - at),
            n => (8, usize::try_from(n).ok()?),
        };
        let payload = body.get(at + header..at.checked_add(total)?)?;
        at += total;
        Some((kind, payload))
    })
}

fn child<'a>(body: &'a [u8], want: &[u8; 4]) -> Option<&'a [u8]> {
    children(body).find(|(kind, _)| *kind == want).map(|(_, payload)| payload)
}

/// A `trak`: its id (`tkhd`) and timescale (`mdhd`).
fn read_trak(trak: &[u8]) -> Option<Track> {
    let tkhd = child(trak, b"tkhd")?;
    // version 1: created(8) modified(8) track_ID; version 0: created(4) modified(4) track_ID.
    let id = if tkhd.first() == Some(&1) { be32(tkhd, 20)? } else { be32(tkhd, 12)? };
    let mdia = child(trak, b"mdia")?;
    let mdhd = child(mdia, b"mdhd")?;
    let timescale = if mdhd.first() == Some(&1) { be32(mdhd, 20)? } else { be32(mdhd, 12)? };
    (timescale > 0).then_some(Track { id, timescale, default_duration: 0 })
}

/// A `traf`: its track's place in `tracks`, decode time and duration. `None` for an unknown track.
fn read_traf(traf: &[u8], tracks: &[Track]) -> Result<Option<(usize, Option<u64>, u64)>, IndexError> {
    let tfhd = child(traf, b"tfhd").ok_or(IndexError::Malformed)?;
    let flags = be32(tfhd, 0).ok_or(IndexError::Malformed)? & 0x00FF_FFFF;
    let Some((slot, track)) = be32(tfhd, 4).and_then(|id| tracks.iter().enumerate().find(|(_, t)| t.id == id)) else {
        return Ok(None);
    };
    // base-data-offset-present: samples are addressed from the file's start.
    if flags & 0x01 != 0 {
        return Err(IndexError::AbsoluteOffsets);
    }
    let mut at = 8;
    if flags & 0x02 != 0 {
        at += 4; // sample-description-index
    }
    let default_duration =
        if flags & 0x08 != 0 { be32(tfhd, at).ok_or(IndexError::Malformed)? } else { track.default_duration };
    let time = child(traf, b"tfdt").and_then(|tfdt| {
        if tfdt.first() == Some(&1) {
            be64(tfdt, 4)
        } else {
            be32(tfdt, 4).map(u64::from)
        }
    });
    let (mut samples, mut duration) = (0u64, 0u64);
    for (kind, trun) in children(traf) {
        if kind == b"trun" {
            let (count, length) = trun_duration(trun, default_duration)?;
            samples = samples.checked_add(count).ok_or(IndexError::Overflow)?;
            duration = duration.checked_add(length).ok_or(IndexError::Overflow)?;
        }
    }
    // A track with no sample in this fragment has no decode time here, whatever its `tfdt` says:
    // Chromium writes an empty `traf` with a `tfdt` of 0. Read as a time, that 0 made the next
    // reference as long as the recording up to it, and readers (ffprobe, Chromium's player) took
    // a 4.0 s recording's audio for 6.9 s.
    Ok(Some((slot, time.filter(|_| samples > 0), duration)))
}

/// A `trun`'s sample count and the sum of its sample durations (each sample's, or the default
/// for all). The loop stops at the box's end, whatever count it declares.
fn trun_duration(trun: &[u8], default_duration: u32) -> Result<(u64, u64), IndexError> {
    let flags = be32(trun, 0).ok_or(IndexError::Malformed)? & 0x00FF_FFFF;
    let count = be32(trun, 4).ok_or(IndexError::Malformed)?;
    if flags & 0x100 == 0 {
        let total = u64::from(count).checked_mul(u64::from(default_duration)).ok_or(IndexError::Overflow)?;
        return Ok((u64::from(count), total));
    }
    let mut at = 8usize;
    if flags & 0x001 != 0 {
        at += 4; // data_offset
    }
    if flags & 0x004 != 0 {
        at += 4; // first_sample_flags
    }
    let per_sample = [0x100, 0x200, 0x400, 0x800].iter().filter(|bit| flags & **bit != 0).count() * 4;
    // Every sample must be in the box: a count past it is malformed, not a long loop.
    let needed =
        (count as usize).checked_mul(per_sample).and_then(|n| n.checked_add(at)).ok_or(IndexError::Malformed)?;
    if needed > trun.len() {
        return Err(IndexError::Malformed);
    }
    let mut total = 0u64;
    for i in 0..count as usize {
        let sample = be32(trun, at + i * per_sample).ok_or(IndexError::Malformed)?;
        total = total.checked_add(u64::from(sample)).ok_or(IndexError::Overflow)?;
    }
    Ok((u64::from(count), total))
}

#[path = "mp4_index_rebuild.rs"]
pub mod rebuild;

#[cfg(test)]
#[path = "mp4_index_tests.rs"]
mod tests;
