//! Cutting a MediaRecorder audio-only WebM (the recorder's transcription track, ADR 0018) into
//! windows a speech-to-text model can decode on their own.
//!
//! Whisper takes a whole audio file of bounded size per call, so a recording is sent in windows
//! of at most [`WINDOW_MS`]. A window is the file's header (EBML header, Segment, Info, Tracks)
//! followed by one new Cluster holding the window's blocks, so it decodes by itself. Windows are
//! cut between blocks (an Opus block is a 20 ms frame that decodes alone), never inside one, and
//! every block lands in exactly one window: no audio is lost or doubled at the seams.
//!
//! The new Cluster's timecode is 0 and each block's relative timecode is rewritten to its time
//! from the window's first block, so a decoder's time 0 is the window's first block and a word at
//! `t` in the answer is at `window.start_ms + t` in the file (`transcript::lines` adds the file's
//! place on the recording's timeline). Relative timecodes are 16-bit, which is why a window is at
//! most 32.7 s: [`WINDOW_MS`] is 30 s.
//!
//! The bytes come from a participant's tab (hostile input): the parse never panics, reads only
//! what the buffer holds, and a file cut short (chunks still arriving) yields the blocks it has.

use crate::webm::{
    children, element, read_uint, segment, WebmError, CLUSTER, DEFAULT_TIMECODE_SCALE, INFO, SEGMENT, TIMECODE_SCALE,
};

/// The longest window (block times from its first block's): under the 16-bit relative timecode.
pub const WINDOW_MS: i64 = 30_000;
/// Windows a track may have beyond one per [`WINDOW_MS`] on the server's clock: a track's last
/// window is short, and the clock starts when the screen segment opens, a moment before the
/// microphone's first block.
pub const WINDOW_MARGIN: u32 = 1;

const TRACKS: u32 = 0x1654_AE6B;
const TIMECODE: u32 = 0xE7;
const SIMPLE_BLOCK: u32 = 0xA3;
const BLOCK_GROUP: u32 = 0xA0;
const BLOCK: u32 = 0xA1;
/// The most children an `Info` or a `BlockGroup` may have: far more than a recording's.
const MAX_CHILDREN: usize = 64;
/// An element header with "unknown size" (8 bytes of ones), as MediaRecorder writes Clusters.
const UNKNOWN_SIZE: [u8; 8] = [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];

/// One block: where its element lies in the file and its time in ms from the file's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AudioBlock {
    pub start: usize,
    pub end: usize,
    /// Offset, inside the element, of the block's 16-bit relative timecode.
    timecode_at: usize,
    pub time_ms: i64,
    /// Its Cluster's timecode in ticks, to start a file at this block ([`rest_from`]).
    cluster_ticks: u64,
}

/// What the parse found: the header to put before every window, and the complete blocks.
#[derive(Debug, Clone)]
pub struct AudioFile {
    pub header: Vec<u8>,
    pub blocks: Vec<AudioBlock>,
    /// `TimecodeScale` (ns per tick), kept by the header the windows reuse.
    scale: u64,
}

/// A window: the blocks `first..last` (exclusive) of [`AudioFile::blocks`], starting at `start_ms`
/// in the file and ending where the next window starts (or at the last block's time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub index: u32,
    pub first: usize,
    pub last: usize,
    pub start_ms: i64,
    pub end_ms: i64,
}

/// Parses an audio-only WebM, possibly cut short: the header, then every complete block.
pub fn parse(buf: &[u8]) -> Result<AudioFile, WebmError> {
    let segment = segment(buf)?;
    let segment_end = segment.end.min(buf.len());
    let mut header = buf[..segment.start].to_vec();
    header.extend_from_slice(&SEGMENT.to_be_bytes());
    header.extend_from_slice(&UNKNOWN_SIZE);
    let (mut info, mut tracks) = (None, None);
    let mut scale = DEFAULT_TIMECODE_SCALE;
    let mut blocks = Vec::new();
    let mut cluster_time: Option<(u64, i64)> = None;
    let mut cluster_end = usize::MAX;
    let mut pos = segment.data;
    while pos < segment_end {
        let Ok(el) = element(buf, pos) else { break };
        if el.data > buf.len() {
            break;
        }
        if pos >= cluster_end {
            cluster_time = None;
            cluster_end = usize::MAX;
        }
        match el.id {
            // Descend into clusters instead of skipping them: MediaRecorder writes them with an
            // unknown size, ended only by the next Cluster.
            CLUSTER => {
                cluster_time = None;
                cluster_end = el.end;
                pos = el.data;
                continue;
            }
            _ if el.size.is_none() => return Err(WebmError::Malformed),
            _ if el.end > buf.len() => break,
            INFO => {
                for child in children(&buf[el.data..el.end], MAX_CHILDREN)? {
                    if child.id == TIMECODE_SCALE {
                        scale = read_uint(&buf[el.data + child.data..el.data + child.end])?.max(1);
                    }
                }
                info = Some(&buf[el.start..el.end]);
            }
            TRACKS => tracks = Some(&buf[el.start..el.end]),
            TIMECODE => {
                let ticks = read_uint(&buf[el.data..el.end])?;
                cluster_time = Some((ticks, ticks_ms(ticks, scale)));
            }
            SIMPLE_BLOCK => blocks.push(block(buf, el.start, el.data, el.end, cluster_time, scale)?),
            BLOCK_GROUP => {
                let inner = children(&buf[el.data..el.end], MAX_CHILDREN)?;
                if let Some(b) = inner.iter().find(|c| c.id == BLOCK) {
                    let mut found = block(buf, el.start, el.data + b.data, el.data + b.end, cluster_time, scale)?;
                    found.end = el.end;
                    blocks.push(found);
                }
            }
            _ => {}
        }
        pos = el.end;
    }
    let (Some(info), Some(tracks)) = (info, tracks) else { return Err(WebmError::Truncated) };
    header.extend_from_slice(info);
    header.extend_from_slice(tracks);
    Ok(AudioFile { header, blocks, scale })
}

fn ticks_ms(ticks: u64, scale: u64) -> i64 {
    i64::try_from((u128::from(ticks) * u128::from(scale) / 1_000_000).min(i64::MAX as u128)).unwrap_or(i64::MAX)
}

/// A block whose payload (track number, 16-bit relative timecode, flags, frames) starts at `data`.
fn block(
    buf: &[u8],
    start: usize,
    data: usize,
    end: usize,
    cluster_time: Option<(u64, i64)>,
    scale: u64,
) -> Result<AudioBlock, WebmError> {
    let (cluster_ticks, base) = cluster_time.ok_or(WebmError::Malformed)?;
    let first = *buf.get(data).ok_or(WebmError::Truncated)?;
    let track_len = first.leading_zeros() as usize + 1;
    let at = data + track_len;
    if track_len > 8 || at + 3 > end {
        return Err(WebmError::Malformed);
    }
    let relative = i16::from_be_bytes([buf[at], buf[at + 1]]);
    let relative_ms = if relative < 0 {
        -ticks_ms(u64::from(relative.unsigned_abs()), scale)
    } else {
        ticks_ms(relative as u64, scale)
    };
    Ok(AudioBlock { start, end, timecode_at: at - start, time_ms: base.saturating_add(relative_ms), cluster_ticks })
}

/// The windows of `blocks`, greedily: a window takes blocks until one is [`WINDOW_MS`] or more
/// after its first. Only the windows a later block has closed are returned, unless `finished`
/// (the file is complete): then the last one too. The cut depends on block times only, so
/// windows cut while chunks arrive are the same as those cut from the whole file.
pub fn windows(blocks: &[AudioBlock], window_ms: i64, finished: bool) -> Vec<Window> {
    let mut out = Vec::new();
    let mut first = 0;
    for i in 1..=blocks.len() {
        let closes = match blocks.get(i) {
            Some(b) => b.time_ms - blocks[first].time_ms >= window_ms,
            None => finished,
        };
        if closes {
            let end_ms = blocks.get(i).map_or(blocks[i - 1].time_ms, |b| b.time_ms);
            out.push(Window { index: out.len() as u32, first, last: i, start_ms: blocks[first].time_ms, end_ms });
            first = i;
        }
    }
    out
}

/// The decodable file of one window: the header, then one Cluster (timecode 0) with the window's
/// blocks, their relative timecodes rebased on the window's first block.
pub fn window_file(buf: &[u8], file: &AudioFile, window: &Window) -> Vec<u8> {
    let blocks = &file.blocks[window.first..window.last];
    let size: usize = blocks.iter().map(|b| b.end - b.start).sum();
    let mut out = Vec::with_capacity(file.header.len() + size + 16);
    out.extend_from_slice(&file.header);
    out.extend_from_slice(&CLUSTER.to_be_bytes());
    out.extend_from_slice(&UNKNOWN_SIZE);
    out.extend_from_slice(&[0xE7, 0x81, 0x00]);
    for b in blocks {
        let at = out.len();
        out.extend_from_slice(&buf[b.start..b.end]);
        // A window spans at most WINDOW_MS, so this fits in 16 bits at MediaRecorder's 1 ms scale.
        let ticks = i128::from(b.time_ms - window.start_ms) * 1_000_000 / i128::from(file.scale);
        let relative = i16::try_from(ticks).unwrap_or(i16::MAX);
        out[at + b.timecode_at..at + b.timecode_at + 2].copy_from_slice(&relative.to_be_bytes());
    }
    out
}

/// How many windows a track may send for `recorded_ms` on the server's clock (from its screen
/// segment's opening to its latest audio chunk): one per [`WINDOW_MS`], its last one, and
/// [`WINDOW_MARGIN`]. The block times are the participant's to write, so they never decide this:
/// a file claiming hours in seconds of recording gets the windows of those seconds (ADR 0018).
pub fn windows_allowed(recorded_ms: i64) -> u32 {
    u32::try_from(recorded_ms.max(0) / WINDOW_MS).unwrap_or(u32::MAX).saturating_add(1).saturating_add(WINDOW_MARGIN)
}

/// The file from block `first` on: the header, a Cluster with that block's Cluster timecode, then
/// every byte of `buf` from the block. Its blocks are `file.blocks[first..]` at the same times, so
/// its windows cut from there are the whole file's (the cut depends on block times only) and
/// their files are the same bytes: the object keeps only what is not transcribed yet in memory.
pub fn rest_from(buf: &[u8], file: &AudioFile, first: usize) -> Vec<u8> {
    let Some(block) = file.blocks.get(first) else { return file.header.clone() };
    let rest = buf.get(block.start..).unwrap_or_default();
    let mut out = Vec::with_capacity(file.header.len() + 24 + rest.len());
    out.extend_from_slice(&file.header);
    out.extend_from_slice(&CLUSTER.to_be_bytes());
    out.extend_from_slice(&UNKNOWN_SIZE);
    out.extend_from_slice(&[0xE7, 0x88]);
    out.extend_from_slice(&block.cluster_ticks.to_be_bytes());
    out.extend_from_slice(rest);
    out
}
