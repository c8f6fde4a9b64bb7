//! Media files from participants are hostile input (issue "Hardening 3"): the MP4 fragment
//! scanner (`mp4_index`) and the WebM header patch (`webm`) must refuse a crafted file quickly,
//! never panic, and never allocate more than a stated bound. This binary installs a counting
//! global allocator, so each check measures the peak bytes the reader itself held (per thread:
//! the harness's other threads do not count), and fuzzes both readers with proptest from the real
//! Chromium fixtures: bit flips, truncation, box/element sizes rewritten, boxes duplicated, and
//! random bytes. The number of cases is fixed (`LUPA_FUZZ_CASES` raises it for a longer local run)
//! and the seed is deterministic, so a failure here reproduces.
//! Size: one test binary because it installs its own global allocator; the fuzz cases share its fixtures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write;
use std::time::{Duration, Instant};

use lupa_core::mp4_index::{self, build_sidx, check_sidx, IndexError, Scanner};
use lupa_core::webm::{self, patch_webm_duration, read_webm_duration, WebmError};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

const CHROMIUM_MP4: &[u8] = include_bytes!("../fixtures/chromium.mp4");
const AUDIO_GAP_MP4: &[u8] = include_bytes!("../fixtures/chromium-audio-gap.mp4");
const CHROMIUM_WEBM: &[u8] = include_bytes!("../fixtures/chromium.webm");

// ---- the counting allocator -------------------------------------------------------------------

struct Counting;

thread_local! {
    // `const` thread-locals without destructors: reading them never allocates.
    static TRACKING: Cell<bool> = const { Cell::new(false) };
    static CURRENT: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn note(delta: isize) {
    let _ = TRACKING.try_with(|tracking| {
        if tracking.get() {
            let now = CURRENT.with(|c| {
                c.set(c.get() + delta);
                c.get()
            });
            PEAK.with(|p| p.set(p.get().max(now)));
        }
    });
}

// SAFETY: every call is forwarded to the system allocator unchanged; only sizes are counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            note(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        note(-(layout.size() as isize));
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            note(layout.size() as isize);
        }
        ptr
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            // Counted as if old and new were both held: a moving realloc holds both for a moment.
            note(new_size as isize);
            note(-(layout.size() as isize));
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns its result with the most bytes it held at once (on this thread).
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    CURRENT.with(|c| c.set(0));
    PEAK.with(|p| p.set(0));
    TRACKING.with(|t| t.set(true));
    let out = f();
    TRACKING.with(|t| t.set(false));
    (out, PEAK.with(|p| p.get()).max(0) as usize)
}

/// Shown in `cargo test`'s output even when it captures: written to the process's stderr, not
/// through `eprintln!` (which the harness captures for passing tests).
fn report(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

// ---- the bounds ---------------------------------------------------------------------------------

/// The MP4 scanner holds the box it is reading (never more than has arrived) plus, per fragment,
/// one 32-byte row for each of at most 4 tracks. The smallest fragment that counts is 32 bytes
/// (`moof` 8 + `traf` 8 + `tfhd` 16), so rows are ≤ 4× the input; a `Vec` grows by doubling and
/// a moving reallocation holds old and new (≤ 3× that = 12×); the `sidx` adds 12 bytes per
/// reference per track (1.5×) plus one track's references while written (0.5×). So 14× the
/// input, rounded up to 16, plus 64 KiB for small fixed buffers.
fn mp4_bound(input: usize) -> usize {
    16 * input + 64 * 1024
}

/// The WebM patch works in place; it copies `Info` (≤ 16 KiB) a few times and parses at most 32
/// children. Nothing grows with the input.
fn webm_bound(_input: usize) -> usize {
    8 * webm::MAX_INFO_BYTES + 64 * 1024
}

/// Scans `bytes` in pieces of `piece` bytes (an R2 stream's), then writes and checks the boxes.
fn index(bytes: &[u8], piece: usize) -> Result<Vec<u8>, IndexError> {
    let mut scanner = Scanner::new();
    for part in bytes.chunks(piece.max(1)) {
        scanner.feed(part);
        if scanner.error().is_some() {
            break;
        }
    }
    let boxes = build_sidx(&scanner.finish()?)?;
    check_sidx(&boxes)?;
    Ok(boxes)
}

// ---- MP4 builders ------------------------------------------------------------------------------

fn boxed(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut out = ((8 + body.len()) as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(body);
    out
}

fn words(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_be_bytes()).collect()
}

/// A 64-byte `trak` the scanner reads as a track: `tkhd` (v0, id) and `mdia/mdhd` (timescale).
fn minimal_trak(id: u32) -> Vec<u8> {
    let tkhd = boxed(b"tkhd", &words(&[0, 0, 0, id, 0]));
    let mdhd = boxed(b"mdhd", &words(&[0, 0, 0, 1000, 0]));
    boxed(b"trak", &[tkhd, boxed(b"mdia", &mdhd)].concat())
}

/// The smallest fragment that counts: a `moof` with one `traf` of `track` (32 bytes).
fn minimal_moof(track: u32) -> Vec<u8> {
    boxed(b"moof", &boxed(b"traf", &boxed(b"tfhd", &words(&[0x0002_0000, track]))))
}

// ---- deterministic hostile files ---------------------------------------------------------------

#[test]
fn the_200_000_track_file_is_refused_at_once_with_bounded_memory() {
    // The file: one `moov` of 200 000 minimal tracks, then 30 empty `moof`s (~13 MB).
    // Before the bounds the scanner kept the moov (12.8 MB), listed every track, and gave each
    // empty moof a row per track: ~140 MB, past an isolate's 128 MB.
    let traks: Vec<u8> = (1..=200_000u32).flat_map(minimal_trak).collect();
    let file = [boxed(b"ftyp", b"isom"), boxed(b"moov", &traks), boxed(b"moof", &[]).repeat(30)].concat();
    assert!(file.len() > 12_000_000, "{} bytes", file.len());
    let started = Instant::now();
    let (result, peak) = peak_of(|| index(&file, 64 * 1024));
    let took = started.elapsed();
    let shown = result.as_ref().map(Vec::len);
    report(&format!(
        "hostile MP4 (200 000 traks + 30 empty moofs, {} bytes): {shown:?} in {took:?}, peak {peak} bytes",
        file.len()
    ));
    assert_eq!(result, Err(IndexError::BoxTooLarge));
    assert!(peak < 256 * 1024, "peak {peak} bytes");
    assert!(took < Duration::from_secs(1), "{took:?}");

    // The same tracks in moovs that each fit: refused at the second moov.
    let split: Vec<u8> = traks.chunks(64 * 4).flat_map(|c| boxed(b"moov", c)).collect();
    let file = [boxed(b"ftyp", b"isom"), split, boxed(b"moof", &[]).repeat(30)].concat();
    let (result, peak) = peak_of(|| index(&file, 64 * 1024));
    assert_eq!(result, Err(IndexError::RepeatedMoov));
    assert!(peak < 256 * 1024, "peak {peak} bytes");

    // Five tracks in one small moov: refused; and an empty moof after a real moov too.
    let five: Vec<u8> = (1..=5).flat_map(minimal_trak).collect();
    assert_eq!(index(&[boxed(b"moov", &five), minimal_moof(1)].concat(), 4096), Err(IndexError::TooManyTracks));
    let four: Vec<u8> = (1..=4).flat_map(minimal_trak).collect();
    assert_eq!(index(&[boxed(b"moov", &four), boxed(b"moof", &[])].concat(), 4096), Err(IndexError::EmptyFragment));
    assert_eq!(
        index(&[boxed(b"moov", &four), minimal_moof(9)].concat(), 4096),
        Err(IndexError::EmptyFragment),
        "a traf of no known track"
    );
}

#[test]
fn fragments_up_to_the_cap_are_indexed_within_the_bound_and_one_more_is_refused() {
    // The worst case per input byte: 4 tracks, every fragment the smallest that counts.
    let four: Vec<u8> = (1..=4).flat_map(minimal_trak).collect();
    let head = [boxed(b"ftyp", b"isom"), boxed(b"moov", &four)].concat();
    let at_cap = [head.clone(), minimal_moof(1).repeat(mp4_index::MAX_FRAGMENTS)].concat();
    let (result, peak) = peak_of(|| index(&at_cap, 64 * 1024));
    let boxes = result.expect("indexed");
    assert!(boxes.len() <= mp4_index::MAX_SIDX_BYTES);
    report(&format!(
        "MP4 at the fragment cap ({} fragments × 4 tracks, {} bytes): peak {peak} bytes",
        mp4_index::MAX_FRAGMENTS,
        at_cap.len()
    ));
    assert!(peak <= mp4_bound(at_cap.len()), "peak {peak} > bound {}", mp4_bound(at_cap.len()));

    let over = [head, minimal_moof(1).repeat(mp4_index::MAX_FRAGMENTS + 1)].concat();
    assert_eq!(index(&over, 64 * 1024), Err(IndexError::TooManyFragments));
}

#[test]
fn a_webm_info_of_tiny_elements_is_refused_with_bounded_memory() {
    // A 1 MiB Info of 2-byte Voids inside a part: each parsed child cost ~48 bytes, 25 MB in all.
    let info: Vec<u8> = [0xEC, 0x80].repeat(512 * 1024);
    let mut file =
        vec![0x1A, 0x45, 0xDF, 0xA3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
    file.extend_from_slice(&[0x15, 0x49, 0xA9, 0x66, 0x01]);
    file.extend_from_slice(&(info.len() as u64).to_be_bytes()[1..]);
    file.extend_from_slice(&info);
    let (result, peak) = peak_of(|| patch_webm_duration(&mut file, 1000.0));
    assert_eq!(result, Err(WebmError::InfoTooLarge));
    assert!(peak <= webm_bound(file.len()), "peak {peak} bytes");

    // Under the size cap but with more children than Info has: refused too.
    let small: Vec<u8> = [0xEC, 0x80].repeat(1000);
    let mut file =
        vec![0x1A, 0x45, 0xDF, 0xA3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
    file.extend_from_slice(&[0x15, 0x49, 0xA9, 0x66, 0x40 | (small.len() >> 8) as u8, small.len() as u8]);
    file.extend_from_slice(&small);
    assert_eq!(patch_webm_duration(&mut file, 1000.0), Err(WebmError::TooManyElements));

    // A Segment of many small elements before Info: refused after a few, not walked to the end.
    let mut file =
        vec![0x1A, 0x45, 0xDF, 0xA3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
    file.extend_from_slice(&[0xEC, 0x80].repeat(100_000));
    assert_eq!(patch_webm_duration(&mut file, 1000.0), Err(WebmError::TooManyElements));
}

// ---- the fuzzer --------------------------------------------------------------------------------

/// The boxes of an MP4, top level and inside the containers the scanner reads: (start, header).
fn mp4_boxes(bytes: &[u8]) -> Vec<(usize, usize)> {
    fn walk(bytes: &[u8], from: usize, to: usize, out: &mut Vec<(usize, usize)>) {
        let mut at = from;
        while at + 8 <= to && out.len() < 4096 {
            let size = u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize;
            if size < 8 || at + size > to {
                return;
            }
            out.push((at, size));
            if [&b"moov"[..], b"trak", b"mdia", b"minf", b"stbl", b"mvex", b"moof", b"traf"]
                .contains(&&bytes[at + 4..at + 8])
            {
                walk(bytes, at + 8, at + size, out);
            }
            at += size;
        }
    }
    let mut out = Vec::new();
    walk(bytes, 0, bytes.len(), &mut out);
    out
}

/// The elements of a WebM header: EBML, Segment, and the Segment's children up to the first
/// Cluster, with Info's children: (start, id length, size length, total).
fn webm_elements(bytes: &[u8]) -> Vec<(usize, usize)> {
    fn vint_len(first: u8) -> usize {
        first.leading_zeros() as usize + 1
    }
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len().min(8192) && out.len() < 256 {
        let id_len = vint_len(bytes[at]);
        let Some(&size_first) = bytes.get(at + id_len) else { break };
        let size_len = vint_len(size_first);
        if id_len > 4 || size_len > 8 {
            break;
        }
        out.push((at, id_len + size_len));
        // Step into EBML's end, into Segment and Info, over everything else.
        let id = &bytes[at..at + id_len];
        let size = bytes[at + id_len..(at + id_len + size_len).min(bytes.len())].iter().enumerate().fold(
            0u64,
            |acc, (i, b)| {
                let b = if i == 0 { *b & 0xFFu8.checked_shr(size_len as u32).unwrap_or(0) } else { *b };
                (acc << 8) | u64::from(b)
            },
        );
        let into = id == [0x18, 0x53, 0x80, 0x67] || id == [0x15, 0x49, 0xA9, 0x66];
        at += id_len + size_len + if into { 0 } else { size as usize };
    }
    out
}

#[derive(Debug, Clone)]
enum Mutation {
    /// Flip one bit.
    Flip(prop::sample::Index, u8),
    /// Cut the file.
    Truncate(prop::sample::Index),
    /// Rewrite a box's (or element's) size field.
    Resize(prop::sample::Index, u32),
    /// Repeat a box (or element) right after itself, `times` times.
    Duplicate(prop::sample::Index, u8),
    /// Overwrite a run of bytes with random ones.
    Scribble(prop::sample::Index, Vec<u8>),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let sizes = prop_oneof![
        Just(0u32),
        Just(1),
        Just(7),
        Just(8),
        Just(16),
        Just(u32::MAX),
        Just(0x7FFF_FFFF),
        any::<u32>(),
        0u32..100_000
    ];
    prop_oneof![
        3 => (any::<prop::sample::Index>(), 0u8..8).prop_map(|(at, bit)| Mutation::Flip(at, bit)),
        1 => any::<prop::sample::Index>().prop_map(Mutation::Truncate),
        3 => (any::<prop::sample::Index>(), sizes).prop_map(|(at, size)| Mutation::Resize(at, size)),
        2 => (any::<prop::sample::Index>(), 1u8..40).prop_map(|(at, times)| Mutation::Duplicate(at, times)),
        1 => (any::<prop::sample::Index>(), prop::collection::vec(any::<u8>(), 1..16)).prop_map(|(at, bytes)| Mutation::Scribble(at, bytes)),
    ]
}

/// Applies `mutations` to `seed`; `boxes` finds the structure to aim at (sizes, duplicates).
fn mutate(seed: &[u8], mutations: &[Mutation], boxes: fn(&[u8]) -> Vec<(usize, usize)>, mp4: bool) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for m in mutations {
        if bytes.is_empty() {
            break;
        }
        match m {
            Mutation::Flip(at, bit) => {
                let i = at.index(bytes.len());
                bytes[i] ^= 1 << bit;
            }
            Mutation::Truncate(at) => bytes.truncate(at.index(bytes.len())),
            Mutation::Resize(at, size) => {
                let found = boxes(&bytes);
                if found.is_empty() {
                    continue;
                }
                let (start, header) = found[at.index(found.len())];
                if mp4 {
                    bytes[start..start + 4].copy_from_slice(&size.to_be_bytes());
                } else {
                    // The size's last bytes (keeping its length marker's byte when it is one long).
                    let id_len = bytes[start].leading_zeros() as usize + 1;
                    let size_at = start + id_len;
                    let len = header - id_len;
                    let value = size.to_be_bytes();
                    for (i, b) in value.iter().rev().take(len.saturating_sub(1).max(1)).enumerate() {
                        if let Some(slot) = bytes.get_mut(size_at + len - 1 - i) {
                            *slot = *b;
                        }
                    }
                }
            }
            Mutation::Duplicate(at, times) => {
                let found = boxes(&bytes);
                if found.is_empty() {
                    continue;
                }
                let (start, total) = found[at.index(found.len())];
                let total = if mp4 { total } else { total + 16 };
                let end = (start + total).min(bytes.len());
                let piece = bytes[start..end].to_vec();
                let tail = bytes.split_off(end);
                for _ in 0..*times {
                    bytes.extend_from_slice(&piece);
                }
                bytes.extend_from_slice(&tail);
            }
            Mutation::Scribble(at, scribble) => {
                let i = at.index(bytes.len());
                for (j, b) in scribble.iter().enumerate() {
                    if let Some(slot) = bytes.get_mut(i + j) {
                        *slot = *b;
                    }
                }
            }
        }
    }
    bytes
}

/// A fuzz input: a real fixture mutated, or (one time in eight) random bytes, fed in pieces.
fn input(seeds: &'static [&'static [u8]]) -> impl Strategy<Value = (usize, Vec<Mutation>, Option<Vec<u8>>, usize)> {
    (
        0..seeds.len(),
        prop::collection::vec(mutation(), 1..6),
        prop_oneof![7 => Just(None), 1 => prop::collection::vec(any::<u8>(), 0..4096).prop_map(Some)],
        prop_oneof![Just(1usize), Just(7), Just(4096), Just(65_536), 1usize..100_000],
    )
}

fn cases() -> u32 {
    std::env::var("LUPA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1500)
}

fn runner() -> TestRunner {
    let config = Config { cases: cases(), failure_persistence: None, max_shrink_iters: 2000, ..Config::default() };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

static MP4_SEEDS: &[&[u8]] = &[CHROMIUM_MP4, AUDIO_GAP_MP4];
static WEBM_SEEDS: &[&[u8]] = &[CHROMIUM_WEBM];

#[test]
fn fuzz_mp4_scanner_never_panics_nor_allocates_past_its_bound() {
    let started = Instant::now();
    let (tried, indexed, worst) = (Cell::new(0u32), Cell::new(0u32), Cell::new(0f64));
    let result = runner().run(&input(MP4_SEEDS), |(seed, mutations, random, piece)| {
        let bytes = random.unwrap_or_else(|| mutate(MP4_SEEDS[seed], &mutations, mp4_boxes, true));
        let (result, peak) = peak_of(|| index(&bytes, piece));
        tried.set(tried.get() + 1);
        indexed.set(indexed.get() + u32::from(result.is_ok()));
        worst.set(worst.get().max(peak as f64 / (bytes.len().max(1)) as f64));
        prop_assert!(
            peak <= mp4_bound(bytes.len()),
            "peak {peak} bytes for {} bytes of input ({result:?})",
            bytes.len()
        );
        Ok::<(), TestCaseError>(())
    });
    report(&format!(
        "fuzz mp4: {} cases ({} still indexed) in {:.1?}; worst peak {:.1}× the input",
        tried.get(),
        indexed.get(),
        started.elapsed(),
        worst.get()
    ));
    if let Err(err) = result {
        panic!("{err}");
    }
    assert!(tried.get() >= cases(), "{} cases run", tried.get());
}

#[test]
fn fuzz_webm_patch_never_panics_nor_allocates_past_its_bound() {
    let started = Instant::now();
    let (tried, patched) = (Cell::new(0u32), Cell::new(0u32));
    let result = runner().run(&input(WEBM_SEEDS), |(seed, mutations, random, _)| {
        let mut bytes = random.unwrap_or_else(|| mutate(WEBM_SEEDS[seed], &mutations, webm_elements, false));
        let len = bytes.len();
        let (result, peak) = peak_of(|| (patch_webm_duration(&mut bytes, 61_000.5), read_webm_duration(&bytes)));
        tried.set(tried.get() + 1);
        prop_assert_eq!(bytes.len(), len, "the patch keeps the length");
        prop_assert!(peak <= webm_bound(len), "peak {} bytes for {} bytes of input", peak, len);
        if result.0.is_ok() {
            patched.set(patched.get() + 1);
            let read = result.1.ok().flatten().unwrap_or(f64::NAN);
            prop_assert!(
                (read - 61_000.5).abs() <= 61_000.5 * 1e-6,
                "a patched header reads back its duration: {:?}",
                result.1
            );
        }
        Ok::<(), TestCaseError>(())
    });
    report(&format!("fuzz webm: {} cases ({} still patched) in {:.1?}", tried.get(), patched.get(), started.elapsed()));
    if let Err(err) = result {
        panic!("{err}");
    }
    assert!(tried.get() >= cases(), "{} cases run", tried.get());
}
