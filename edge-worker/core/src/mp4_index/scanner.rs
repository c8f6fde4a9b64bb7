//! [`Scanner`]: reads a fragmented MP4 front to back in pieces of any size, keeping `moov` and
//! each `moof` and skipping the media, and collects every track's fragments.

use super::boxes::{be32, be64, child, children};
use super::*;

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
