//! What a participation's object holds in memory of each segment's audio file between
//! transcription rounds (ADR 0018), under a ceiling.
//!
//! The chunks are in R2 from the moment they are stored; memory is only a cache of what is still
//! to be transcribed. Each segment's file is held from the first window not stored yet
//! (`webm_audio::rest_from`): a window stored is cut away, so a participant recording in real time
//! keeps about one window (~90 KB) here, not the whole track. One file is never held past
//! [`READ_BYTES`] (plus the chunk that passed it), in the cache or in a round, and the cache as a
//! whole stays under [`MEMORY_BYTES`]: a chunk that would pass either is not kept (it *spills*:
//! the next round reads it from R2). A round reads a file [`READ_BYTES`] at a time, transcribing
//! what closed and cutting it before it reads on. So hostile bytes (a file that never closes a
//! window, or blocks of a few bytes each) cost the object a bounded amount of memory, never the
//! participation's 2 GiB: about 2 MiB of file and 16 MB of parsed blocks in a round, plus the cache.

use std::cell::RefCell;
use std::collections::HashMap;

use worker::Bucket;

use crate::error::ApiResult;

/// The most audio the object keeps in memory across its segments between rounds. A Durable Object
/// has 128 MB; an honest track holds ~90 KB here while recording (one window), more only when it
/// is uploaded faster than it is transcribed (after a reload, or a benchmark).
pub const MEMORY_BYTES: usize = 16 * 1024 * 1024;
/// The most of one file held at once: 11 minutes (22 windows) of honest audio, and the longest
/// window the object sends (one that never closes is cut here). Parsed, 2 MiB of the smallest
/// blocks a file can have (6 bytes) are ~350,000 blocks of 40 bytes: 14 MB.
pub const READ_BYTES: usize = 2 * 1024 * 1024;

/// One segment's file from its first window not stored yet.
#[derive(Default)]
pub struct Held {
    /// A decodable WebM: the header, then the blocks from `first_window` on.
    pub file: Vec<u8>,
    /// The index (in the whole file) of the first window `file` holds.
    pub first_window: u32,
    /// How many chunks (numbered from 0) `file` has taken in.
    pub chunks: u32,
}

#[derive(Default)]
pub struct AudioFiles(RefCell<HashMap<u32, Held>>);

impl AudioFiles {
    fn held_bytes(files: &HashMap<u32, Held>) -> usize {
        files.values().map(|h| h.file.len()).sum()
    }

    /// Adds a chunk just stored, when it is the next one of its segment's file and the cache has
    /// room; otherwise it stays in R2 only, and the next round reads it from there.
    pub fn append(&self, seq: u32, index: u32, bytes: &[u8]) {
        let mut files = self.0.borrow_mut();
        let room = Self::held_bytes(&files) + bytes.len() <= MEMORY_BYTES;
        let held = files.entry(seq).or_default();
        if held.chunks == index && room && held.file.len() + bytes.len() <= READ_BYTES {
            held.file.extend_from_slice(bytes);
            held.chunks += 1;
        }
    }

    pub fn clear(&self) {
        self.0.borrow_mut().clear();
    }

    /// The segment's held file, taken out of the cache for a round (no borrow across an await).
    pub fn take(&self, seq: u32) -> Held {
        self.0.borrow_mut().remove(&seq).unwrap_or_default()
    }

    /// Puts a file back after its round. Past the ceiling it is dropped: the next round reads it
    /// from R2 again from its first chunk, cutting what is stored as it goes (its place can't be
    /// kept without its bytes: a cut file starts with the header and its cluster's time).
    pub fn keep(&self, seq: u32, held: Held) {
        let mut files = self.0.borrow_mut();
        if Self::held_bytes(&files) + held.file.len() <= MEMORY_BYTES {
            files.insert(seq, held);
        }
    }
}

/// Reads the chunks after those `held` has, in order, from R2 until it holds [`READ_BYTES`];
/// `true` when no more can be read now (the last noted chunk, or a gap: a missing chunk ends what
/// can be decoded until it comes).
pub async fn read_more(
    bucket: &Bucket,
    key: impl Fn(u32) -> String,
    held: &mut Held,
    indexes: &[u32],
) -> ApiResult<bool> {
    let from = held.chunks;
    for idx in indexes.iter().copied().filter(|i| *i >= from) {
        if held.file.len() >= READ_BYTES {
            return Ok(false);
        }
        if idx != held.chunks {
            return Ok(true);
        }
        let Some(object) = bucket.get(key(idx)).execute().await? else { return Ok(true) };
        let Some(body) = object.body() else { return Ok(true) };
        held.file.extend_from_slice(&body.bytes().await?);
        held.chunks += 1;
    }
    Ok(true)
}
