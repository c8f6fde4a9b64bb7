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
//! [`Scanner`] reads the file once, in order, in pieces of any size (an R2 body stream): it keeps
//! `moov` and each `moof` (small) and skips everything else (`mdat`, the media) without holding
//! it. [`build_sidx`] then writes the box. The worker stores it beside the file and serves the
//! file with the box spliced in at [`FragmentIndex::insert_at`]. Fragment offsets stay valid:
//! Chromium (and ffmpeg with `default_base_moof`) address samples relative to their `moof`, and a
//! file whose fragments use absolute offsets is refused ([`IndexError::AbsoluteOffsets`]).
//! Nothing here panics: any surprise is an error and the file is served as it is.

/// Why a file gets no index (it is then served unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexError {
    /// A box header is malformed (size smaller than its header, or past what a recording holds).
    Malformed,
    /// No `moov`, or no `moof` after it: not a fragmented MP4.
    NotFragmented,
    /// The file already carries a `sidx` (nothing to add).
    AlreadyIndexed,
    /// A fragment addresses its samples from the start of the file; inserting bytes would break it.
    AbsoluteOffsets,
    /// The file ended inside a box.
    Truncated,
}

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

/// `moov` and `moof` are kept whole; a recording's are kilobytes. Anything bigger is not ours.
const MAX_KEPT_BOX: u64 = 16 * 1024 * 1024;

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

/// Per `moof`: its offset, then per track (in `tracks` order) its decode time and length there.
type MoofRow = (u64, Vec<(Option<u64>, u64)>);

/// Reads a file front to back and collects its fragments (see the module comment).
#[derive(Debug)]
pub struct Scanner {
    state: State,
    offset: u64,
    buf: Vec<u8>,
    tracks: Vec<Track>,
    moov_seen: bool,
    fragments: Vec<MoofRow>,
    error: Option<IndexError>,
}

impl Default for Scanner {
    fn default() -> Self {
        Self::new()
    }
}

impl Scanner {
    pub fn new() -> Self {
        Scanner { state: State::Header, offset: 0, buf: Vec::new(), tracks: Vec::new(), moov_seen: false, fragments: Vec::new(), error: None }
    }

    /// The next bytes of the file. After an error the rest is ignored (and `finish` reports it).
    pub fn feed(&mut self, mut data: &[u8]) {
        while !data.is_empty() && self.error.is_none() {
            let used = match self.state {
                State::Header => self.header_bytes(data),
                State::Keep { kind, remaining, start } => {
                    let take = usize::try_from(remaining).unwrap_or(usize::MAX).min(data.len());
                    self.buf.extend_from_slice(&data[..take]);
                    let left = remaining - take as u64;
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
                    let left = remaining - take as u64;
                    self.state = if left == 0 { State::Header } else { State::Skip { remaining: left } };
                    take
                }
                State::SkipToEnd => data.len(),
            };
            self.offset += used as u64;
            data = &data[used..];
        }
    }

    /// Takes header bytes; once a header is whole, decides what to do with the body.
    fn header_bytes(&mut self, data: &[u8]) -> usize {
        let want = if self.buf.len() >= 8 && be32(&self.buf, 0) == Some(1) { 16 } else { 8 };
        let take = (want - self.buf.len()).min(data.len());
        self.buf.extend_from_slice(&data[..take]);
        if self.buf.len() < want {
            return take;
        }
        // A 64-bit size: now that 8 bytes are in, ask for the other 8.
        if want == 8 && be32(&self.buf, 0) == Some(1) {
            return take;
        }
        let header = std::mem::take(&mut self.buf);
        let start = self.offset + take as u64 - header.len() as u64;
        let kind = [header[4], header[5], header[6], header[7]];
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
            self.error = Some(IndexError::Malformed);
            return take;
        };
        self.state = match &kind {
            b"sidx" if self.fragments.is_empty() => {
                self.error = Some(IndexError::AlreadyIndexed);
                State::Header
            }
            b"moov" | b"moof" if body > MAX_KEPT_BOX => {
                self.error = Some(IndexError::Malformed);
                State::Header
            }
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
        match &kind {
            b"moov" => self.read_moov(body),
            b"moof" => self.read_moof(start, body),
            _ => {}
        }
    }

    fn read_moov(&mut self, body: &[u8]) {
        for (kind, payload) in children(body) {
            match kind {
                b"trak" => {
                    if let Some(track) = read_trak(payload) {
                        self.tracks.push(track);
                    }
                }
                b"mvex" => {
                    for (inner, trex) in children(payload) {
                        if inner == b"trex" {
                            // version/flags(4) track_ID(4) description(4) duration(4)
                            if let (Some(id), Some(duration)) = (be32(trex, 4), be32(trex, 12)) {
                                if let Some(track) = self.tracks.iter_mut().find(|t| t.id == id) {
                                    track.default_duration = duration;
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        self.tracks.sort_by_key(|t| t.id);
        self.moov_seen = true;
    }

    fn read_moof(&mut self, start: u64, body: &[u8]) {
        if !self.moov_seen || self.tracks.is_empty() {
            self.error = Some(IndexError::NotFragmented);
            return;
        }
        let mut per_track = vec![(None, 0u64); self.tracks.len()];
        for (kind, traf) in children(body) {
            if kind != b"traf" {
                continue;
            }
            match read_traf(traf, &self.tracks) {
                Ok(Some((slot, time, duration))) => {
                    if let Some(entry) = per_track.get_mut(slot) {
                        entry.0 = time;
                        entry.1 += duration;
                    }
                }
                Ok(None) => {}
                Err(err) => {
                    self.error = Some(err);
                    return;
                }
            }
        }
        self.fragments.push((start, per_track));
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
        let Some(insert_at) = self.fragments.first().map(|(offset, _)| *offset) else {
            return Err(IndexError::NotFragmented);
        };
        let tracks = self
            .tracks
            .iter()
            .enumerate()
            .map(|(slot, track)| TrackIndex {
                track_id: track.id,
                timescale: track.timescale,
                fragments: self
                    .fragments
                    .iter()
                    .map(|(offset, per_track)| {
                        let (start, duration) = per_track.get(slot).copied().unwrap_or((None, 0));
                        Fragment { offset: *offset, start, duration }
                    })
                    .collect(),
            })
            .collect();
        Ok(FragmentIndex { insert_at, tracks, size: self.offset })
    }
}

/// The `sidx` boxes for `index`, one per track, to be spliced in together at `insert_at`: one
/// reference per fragment (sizes up to the next `moof`, or the end of the file), durations from
/// the decode times where both ends have one (a fragment without the track: 0, the one before
/// it reaching to the next that has it). Fragments past what one box can list (65 535) are
/// merged pairwise until they fit.
pub fn build_sidx(index: &FragmentIndex) -> Result<Vec<u8>, IndexError> {
    let boxes = index.tracks.iter().map(|track| track_sidx(track, index.size)).collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::with_capacity(boxes.iter().map(Vec::len).sum());
    let mut after: u64 = boxes.iter().map(|b| b.len() as u64).sum();
    for mut one in boxes {
        after -= one.len() as u64;
        // first_offset: from the end of this box to the first moof, i.e. the boxes after it.
        if let Some(field) = one.get_mut(28..36) {
            field.copy_from_slice(&after.to_be_bytes());
        }
        out.extend_from_slice(&one);
    }
    Ok(out)
}

fn track_sidx(track: &TrackIndex, file_size: u64) -> Result<Vec<u8>, IndexError> {
    // Per fragment, the start of the next fragment that has this track, found in one pass from
    // the end (a track that stopped early leaves thousands of empty fragments in a long file).
    let mut upcoming = None;
    let mut later_starts: Vec<Option<u64>> = track
        .fragments
        .iter()
        .rev()
        .map(|f| {
            let later = upcoming;
            if f.start.is_some() || f.duration > 0 {
                upcoming = f.start;
            }
            later
        })
        .collect();
    later_starts.reverse();
    let mut refs: Vec<(u64, u64)> = Vec::with_capacity(track.fragments.len());
    for (i, (fragment, later)) in track.fragments.iter().zip(later_starts).enumerate() {
        let next = track.fragments.get(i + 1);
        let end = next.map_or(file_size, |n| n.offset);
        let size = end.checked_sub(fragment.offset).ok_or(IndexError::Malformed)?;
        // Up to the next fragment that has this track: fragments without it in between get 0, so
        // the durations still add up to the track's end (a reader takes their sum as its length).
        let duration = match (fragment.start, later) {
            (Some(a), Some(b)) if b >= a => b - a,
            _ => fragment.duration,
        };
        refs.push((size, duration));
    }
    while refs.len() > usize::from(u16::MAX) {
        refs = refs.chunks(2).map(|pair| pair.iter().fold((0, 0), |(s, d), (a, b)| (s + a, d + b))).collect();
    }
    let earliest = track.fragments.iter().find_map(|f| f.start).unwrap_or(0);
    let count = u16::try_from(refs.len()).map_err(|_| IndexError::Malformed)?;
    let size = 8 + 4 + 8 + 16 + 4 + 12 * refs.len();
    let mut out = Vec::with_capacity(size);
    out.extend_from_slice(&u32::try_from(size).map_err(|_| IndexError::Malformed)?.to_be_bytes());
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
        let size = u32::try_from(size).ok().filter(|s| *s < 1 << 31).ok_or(IndexError::Malformed)?;
        out.extend_from_slice(&size.to_be_bytes());
        out.extend_from_slice(&u32::try_from(duration).unwrap_or(u32::MAX).to_be_bytes());
        // starts_with_SAP = 1, SAP type unknown (as ffmpeg writes it).
        out.extend_from_slice(&0x8000_0000u32.to_be_bytes());
    }
    Ok(out)
}

/// The bytes a reader sees at `[start, end]` (inclusive) of the file with `sidx` spliced in at
/// `insert_at`: which part comes from the stored file (offset and length) and which from the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    File { offset: u64, length: u64 },
    Index { offset: u64, length: u64 },
}

/// The pieces of `[start, end]` of the spliced file (file before, box, file after), in order.
pub fn spliced_pieces(insert_at: u64, index_len: u64, start: u64, end: u64) -> Vec<Piece> {
    let mut pieces = Vec::with_capacity(3);
    let box_end = insert_at + index_len; // first byte after the box
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
        pieces.push(Piece::File { offset: from - index_len, length: end - from + 1 });
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
    let default_duration = if flags & 0x08 != 0 { be32(tfhd, at).ok_or(IndexError::Malformed)? } else { track.default_duration };
    let time = child(traf, b"tfdt").and_then(|tfdt| if tfdt.first() == Some(&1) { be64(tfdt, 4) } else { be32(tfdt, 4).map(u64::from) });
    let (mut samples, mut duration) = (0u64, 0u64);
    for (kind, trun) in children(traf) {
        if kind == b"trun" {
            let (count, length) = trun_duration(trun, default_duration).ok_or(IndexError::Malformed)?;
            samples += count;
            duration += length;
        }
    }
    // A track with no sample in this fragment has no decode time here, whatever its `tfdt` says:
    // Chromium writes an empty `traf` with a `tfdt` of 0. Read as a time, that 0 made the next
    // reference as long as the recording up to it, and readers (ffprobe, Chromium's player) took
    // a 4.0 s recording's audio for 6.9 s.
    Ok(Some((slot, time.filter(|_| samples > 0), duration)))
}

/// A `trun`'s sample count and the sum of its sample durations (each sample's, or the default
/// for all).
fn trun_duration(trun: &[u8], default_duration: u32) -> Option<(u64, u64)> {
    let flags = be32(trun, 0)? & 0x00FF_FFFF;
    let count = be32(trun, 4)?;
    if flags & 0x100 == 0 {
        return Some((u64::from(count), u64::from(count) * u64::from(default_duration)));
    }
    let mut at = 8;
    if flags & 0x001 != 0 {
        at += 4; // data_offset
    }
    if flags & 0x004 != 0 {
        at += 4; // first_sample_flags
    }
    let per_sample = [0x100, 0x200, 0x400, 0x800].iter().filter(|bit| flags & **bit != 0).count() * 4;
    let mut total = 0u64;
    for i in 0..count as usize {
        total += u64::from(be32(trun, at + i * per_sample)?);
    }
    Some((u64::from(count), total))
}

#[cfg(test)]
#[path = "mp4_index_tests.rs"]
mod tests;
