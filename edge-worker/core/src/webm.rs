//! Writing the duration into a MediaRecorder WebM header, in place (ADR 0005: the worker does it
//! when it closes a segment, from the chunks' times, so a crashed tab never has to).
//!
//! MediaRecorder streams WebM, so it never goes back to write `Segment/Info/Duration`; players
//! then show an unknown (infinite) duration. There is no ffmpeg on the edge, so the worker fixes
//! the header itself when a segment closes: it rewrites the `Info` element's payload as
//! its other children + `Duration` + an EBML `Void` that fills the rest exactly. The file keeps its
//! byte length, so part 1 keeps its size and the parts stay equal (R2 needs that). Room comes from
//! `MuxingApp`/`WritingApp` ("Chrome" in both): they are kept when they fit, shortened to empty
//! strings otherwise, and dropped only as a last resort. Anything unexpected is an error, never a
//! panic: the recording still plays, just without a duration.
//!
//! The header comes from a participant's tab and is hostile input: the work and the memory are
//! bounded by the named limits below, not by the sizes the file declares.

/// Why the header could not be patched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebmError {
    /// Does not start with an EBML header followed by a Segment.
    NotWebm,
    /// The header ends before `Info` does.
    Truncated,
    /// A size or ID is not a valid EBML variable-length integer, or children overflow a parent.
    Malformed,
    /// A Cluster (media data) came before any `Info`.
    NoInfo,
    /// `Info` has too little removable content to hold a Duration.
    NoRoom,
    /// Duration not finite and positive, or a zero `TimecodeScale`.
    BadDuration,
    /// `Info` larger than a recording's ([`MAX_INFO_BYTES`]).
    InfoTooLarge,
    /// More elements before or inside `Info` than a recording has ([`MAX_ELEMENTS_BEFORE_INFO`],
    /// [`MAX_INFO_CHILDREN`]).
    TooManyElements,
}

/// A MediaRecorder `Info` is ~40 bytes (TimecodeScale, MuxingApp, WritingApp; Firefox adds a
/// Duration slot, some muxers a SegmentUUID, a DateUTC or a Title). 16 KiB is hundreds of times
/// that, and bounds the copies the rewrite makes of it.
pub const MAX_INFO_BYTES: usize = 16 * 1024;

/// Matroska defines 14 `Info` children; 32 leaves room for `Void`, `CRC-32` and unknown ones.
/// Each parsed child costs a few words, so a payload of 2-byte `Void`s must not be parsed whole.
pub const MAX_INFO_CHILDREN: usize = 32;

/// Chromium writes `Info` first in the Segment; Firefox puts a `SeekHead` and a `Void` before
/// it. 16 leaves margin while bounding the walk over a part of tiny elements.
pub const MAX_ELEMENTS_BEFORE_INFO: usize = 16;

pub(crate) const EBML: u32 = 0x1A45_DFA3;
pub(crate) const SEGMENT: u32 = 0x1853_8067;
pub(crate) const INFO: u32 = 0x1549_A966;
pub(crate) const CLUSTER: u32 = 0x1F43_B675;
pub(crate) const TIMECODE_SCALE: u32 = 0x2A_D7B1;
const DURATION: u32 = 0x4489;
const MUXING_APP: u32 = 0x4D80;
const WRITING_APP: u32 = 0x5741;
const VOID: u32 = 0xEC;
/// Matroska's default: timestamps in milliseconds.
pub(crate) const DEFAULT_TIMECODE_SCALE: u64 = 1_000_000;

/// Writes `duration_ms` into the header at the start of a WebM file (for example its first upload
/// part) without changing its length. Running it again replaces the duration.
pub fn patch_webm_duration(header: &mut [u8], duration_ms: f64) -> Result<(), WebmError> {
    if !(duration_ms.is_finite() && duration_ms > 0.0) {
        return Err(WebmError::BadDuration);
    }
    let (start, end) = find_info(header)?;
    let info = header.get_mut(start..end).ok_or(WebmError::Truncated)?;
    let payload = rewrite_info(info, duration_ms)?;
    if payload.len() != info.len() {
        return Err(WebmError::NoRoom);
    }
    info.copy_from_slice(&payload);
    Ok(())
}

/// Reads the Duration stored in a WebM header, in ms (used by tests and diagnostics).
pub fn read_webm_duration(header: &[u8]) -> Result<Option<f64>, WebmError> {
    let (start, end) = find_info(header)?;
    let info = header.get(start..end).ok_or(WebmError::Truncated)?;
    let mut scale = DEFAULT_TIMECODE_SCALE;
    let mut duration = None;
    for child in children(info, MAX_INFO_CHILDREN)? {
        let data = &info[child.data..child.end];
        match child.id {
            TIMECODE_SCALE => scale = read_uint(data)?,
            DURATION => duration = Some(read_float(data)?),
            _ => {}
        }
    }
    Ok(duration.map(|d| d * scale as f64 / 1e6))
}

/// One parsed element: its ID and where its header, data and end are.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Element {
    pub(crate) id: u32,
    pub(crate) start: usize,
    pub(crate) data: usize,
    /// None for an unknown size (live streams: the Segment and Clusters).
    pub(crate) size: Option<u64>,
    pub(crate) end: usize,
}

/// The byte range of `Segment/Info`'s payload.
fn find_info(buf: &[u8]) -> Result<(usize, usize), WebmError> {
    let segment = segment(buf)?;
    let mut pos = segment.data;
    for _ in 0..=MAX_ELEMENTS_BEFORE_INFO {
        let child = element(buf, pos)?;
        if child.id == CLUSTER {
            return Err(WebmError::NoInfo);
        }
        if child.size.is_none() {
            return Err(WebmError::Malformed);
        }
        if child.end > buf.len() {
            return Err(WebmError::Truncated);
        }
        if segment.size.is_some() && child.end > segment.end {
            return Err(WebmError::Malformed);
        }
        if child.id == INFO {
            if child.end - child.data > MAX_INFO_BYTES {
                return Err(WebmError::InfoTooLarge);
            }
            return Ok((child.data, child.end));
        }
        pos = child.end;
    }
    Err(WebmError::TooManyElements)
}

/// The Segment that follows the EBML header at the start of a file: where every reader of a
/// recording starts (here and `webm_audio`). Its header starts where the EBML header ends.
pub(crate) fn segment(buf: &[u8]) -> Result<Element, WebmError> {
    let ebml = element(buf, 0).map_err(|_| WebmError::NotWebm)?;
    if ebml.id != EBML || ebml.size.is_none() || ebml.end > buf.len() {
        return Err(WebmError::NotWebm);
    }
    let segment = element(buf, ebml.end).map_err(|_| WebmError::NotWebm)?;
    if segment.id != SEGMENT {
        return Err(WebmError::NotWebm);
    }
    Ok(segment)
}

/// Parses the element starting at `pos` (its end may lie beyond the buffer).
pub(crate) fn element(buf: &[u8], pos: usize) -> Result<Element, WebmError> {
    let (id, id_len) = vint(buf, pos, 4)?;
    // At most 4 bytes (max_len above), so it fits.
    let id = u32::try_from(id.raw).map_err(|_| WebmError::Malformed)?;
    let (size, size_len) = vint(buf, pos.checked_add(id_len).ok_or(WebmError::Malformed)?, 8)?;
    let data = pos.checked_add(id_len + size_len).ok_or(WebmError::Malformed)?;
    let size = if size.all_ones { None } else { Some(size.value) };
    let end = match size {
        Some(s) => usize::try_from(s).ok().and_then(|s| data.checked_add(s)).ok_or(WebmError::Malformed)?,
        None => usize::MAX,
    };
    Ok(Element { id, start: pos, data, size, end })
}

struct Vint {
    /// With the length marker (how IDs are written).
    raw: u64,
    /// Without the marker (how sizes are read).
    value: u64,
    /// Every value bit set: "unknown size".
    all_ones: bool,
}

fn vint(buf: &[u8], pos: usize, max_len: usize) -> Result<(Vint, usize), WebmError> {
    let first = *buf.get(pos).ok_or(WebmError::Truncated)?;
    let len = first.leading_zeros() as usize + 1;
    if len > max_len {
        return Err(WebmError::Malformed);
    }
    let bytes = buf.get(pos..pos.checked_add(len).ok_or(WebmError::Truncated)?).ok_or(WebmError::Truncated)?;
    let raw = bytes.iter().fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
    let value_bits = 7 * len as u32;
    let mask = (1u64 << value_bits) - 1;
    let value = raw & mask;
    Ok((Vint { raw, value, all_ones: value == mask }, len))
}

/// The direct children of a payload, which must tile it exactly; more than `max` of them is
/// [`WebmError::TooManyElements`], so a payload of tiny elements is not parsed whole.
pub(crate) fn children(payload: &[u8], max: usize) -> Result<Vec<Element>, WebmError> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < payload.len() {
        if out.len() == max {
            return Err(WebmError::TooManyElements);
        }
        let child = element(payload, pos)?;
        if child.size.is_none() || child.end > payload.len() {
            return Err(WebmError::Malformed);
        }
        pos = child.end;
        out.push(child);
    }
    Ok(out)
}

/// How much of the original `MuxingApp`/`WritingApp` to keep.
#[derive(Clone, Copy)]
enum Apps {
    Original,
    Empty,
    Dropped,
}

/// The new Info payload, exactly as long as the old one.
fn rewrite_info(info: &[u8], duration_ms: f64) -> Result<Vec<u8>, WebmError> {
    let children = children(info, MAX_INFO_CHILDREN)?;
    let mut kept = Vec::new();
    let mut apps: Vec<(u32, &[u8])> = Vec::new();
    let mut scale = DEFAULT_TIMECODE_SCALE;
    for child in &children {
        let whole = &info[child.start..child.end];
        match child.id {
            MUXING_APP | WRITING_APP => apps.push((child.id, whole)),
            DURATION | VOID => {}
            TIMECODE_SCALE => {
                scale = read_uint(&info[child.data..child.end])?;
                kept.extend_from_slice(whole);
            }
            _ => kept.extend_from_slice(whole),
        }
    }
    if scale == 0 {
        return Err(WebmError::BadDuration);
    }
    // Duration is counted in TimecodeScale units (nanoseconds per unit).
    let duration = duration_ms * 1e6 / scale as f64;
    if !duration.is_finite() {
        return Err(WebmError::BadDuration);
    }
    let budget = info.len().checked_sub(kept.len()).ok_or(WebmError::Malformed)?;
    for choice in [Apps::Original, Apps::Empty, Apps::Dropped] {
        let app_bytes: Vec<u8> = apps
            .iter()
            .flat_map(|(id, whole)| match choice {
                Apps::Original => whole.to_vec(),
                Apps::Empty => {
                    let mut e = id.to_be_bytes()[2..].to_vec();
                    e.push(0x80);
                    e
                }
                Apps::Dropped => Vec::new(),
            })
            .collect();
        // float8 first; float4 holds whole milliseconds exactly up to 4.6 hours.
        for float_len in [8usize, 4] {
            let used = app_bytes.len() + 3 + float_len;
            let Some(left) = budget.checked_sub(used) else { continue };
            if left == 1 {
                continue; // a Void element needs at least 2 bytes
            }
            let mut out = Vec::with_capacity(info.len());
            out.extend_from_slice(&kept);
            out.extend_from_slice(&app_bytes);
            out.extend_from_slice(&[0x44, 0x89, 0x80 | float_len as u8]);
            if float_len == 8 {
                out.extend_from_slice(&duration.to_be_bytes());
            } else {
                out.extend_from_slice(&(duration as f32).to_be_bytes());
            }
            if left > 0 {
                out.extend_from_slice(&void(left));
            }
            return Ok(out);
        }
    }
    Err(WebmError::NoRoom)
}

/// A Void element of exactly `len` (≥ 2) bytes.
fn void(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    out.push(0xEC);
    if len - 2 <= 126 {
        out.push(0x80 | (len - 2) as u8);
    } else {
        // 8-byte size: 0x01 marker then 7 bytes (len ≥ 129 here, so len - 9 does not underflow).
        out.push(0x01);
        out.extend_from_slice(&((len - 9) as u64).to_be_bytes()[1..]);
    }
    out.resize(len, 0);
    out
}

pub(crate) fn read_uint(data: &[u8]) -> Result<u64, WebmError> {
    if data.len() > 8 {
        return Err(WebmError::Malformed);
    }
    Ok(data.iter().fold(0u64, |acc, b| (acc << 8) | u64::from(*b)))
}

fn read_float(data: &[u8]) -> Result<f64, WebmError> {
    match data.len() {
        4 => Ok(f64::from(f32::from_be_bytes([data[0], data[1], data[2], data[3]]))),
        8 => {
            let mut b = [0u8; 8];
            b.copy_from_slice(data);
            Ok(f64::from_be_bytes(b))
        }
        _ => Err(WebmError::Malformed),
    }
}

#[cfg(test)]
#[path = "webm_tests.rs"]
mod tests;
