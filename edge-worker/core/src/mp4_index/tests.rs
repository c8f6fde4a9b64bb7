//! The fragment scanner and the `sidx` it leads to: on a real MediaRecorder file (Chromium,
//! VP9 + Opus in fragmented MP4, 2 fragments: fixtures/record.mjs), fed in pieces of every size, and on made-up boxes
//! for the cases a recorder rarely writes (64-bit sizes, absolute offsets, an existing index).
use super::*;

const RECORDING: &[u8] = include_bytes!("../../fixtures/chromium.mp4");
/// Chromium's MP4 with a fragment that has no audio sample (its audio stopped for 2 s; record.mjs).
const AUDIO_GAP: &[u8] = include_bytes!("../../fixtures/chromium-audio-gap.mp4");

fn scan(bytes: &[u8], piece: usize) -> Result<FragmentIndex, IndexError> {
    let mut scanner = Scanner::new();
    for part in bytes.chunks(piece.max(1)) {
        scanner.feed(part);
    }
    scanner.finish()
}

fn boxed(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut out = ((8 + body.len()) as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(body);
    out
}

fn full(kind: &[u8; 4], version: u8, flags: u32, fields: &[u8]) -> Vec<u8> {
    let mut body = vec![version];
    body.extend_from_slice(&flags.to_be_bytes()[1..]);
    body.extend_from_slice(fields);
    boxed(kind, &body)
}

fn words(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_be_bytes()).collect()
}

/// A `moov` with one video track (id 1, timescale 1000) and one audio track (id 2).
fn moov(default_duration: u32) -> Vec<u8> {
    let trak = |id: u32, handler: &[u8; 4], timescale: u32| {
        let tkhd = full(b"tkhd", 0, 3, &words(&[0, 0, id, 0, 0]));
        let mdhd = full(b"mdhd", 0, 0, &words(&[0, 0, timescale, 0, 0]));
        let mut hdlr_fields = words(&[0]);
        hdlr_fields.extend_from_slice(handler);
        hdlr_fields.extend_from_slice(&[0; 12]);
        let hdlr = full(b"hdlr", 0, 0, &hdlr_fields);
        boxed(b"trak", &[tkhd, boxed(b"mdia", &[mdhd, hdlr].concat())].concat())
    };
    let trex = |id: u32| full(b"trex", 0, 0, &words(&[id, 1, default_duration, 0, 0]));
    boxed(
        b"moov",
        &[trak(2, b"soun", 48_000), trak(1, b"vide", 1000), boxed(b"mvex", &[trex(1), trex(2)].concat())].concat(),
    )
}

/// A fragment: `moof` (video traf at `time` with `samples` of `each` ms, then an audio traf with
/// as many 40 ms samples) and an `mdat` of `media` bytes.
fn fragment(time: u64, samples: u32, each: Option<u32>, tfhd_flags: u32, media: usize) -> Vec<u8> {
    fragment_with_audio(time, samples, each, tfhd_flags, media, Some(time * 48))
}

/// As `fragment`, with the audio traf's `tfdt` given; `None`: an empty audio traf as Chromium
/// writes it when a fragment has no audio (`tfdt` 0, a `trun` of no samples).
fn fragment_with_audio(
    time: u64,
    samples: u32,
    each: Option<u32>,
    tfhd_flags: u32,
    media: usize,
    audio: Option<u64>,
) -> Vec<u8> {
    let mut tfhd_fields = words(&[1]);
    if tfhd_flags & 0x01 != 0 {
        tfhd_fields.extend_from_slice(&0u64.to_be_bytes());
    }
    let tfdt = full(b"tfdt", 1, 0, &time.to_be_bytes());
    let trun = match each {
        Some(d) => full(
            b"trun",
            0,
            0x301,
            &[words(&[samples, 0]), (0..samples).flat_map(|_| words(&[d, 100])).collect()].concat(),
        ),
        None => full(
            b"trun",
            0,
            0x201,
            &[words(&[samples, 0]), (0..samples).flat_map(|_| words(&[100])).collect()].concat(),
        ),
    };
    let video = boxed(b"traf", &[full(b"tfhd", 0, tfhd_flags, &tfhd_fields), tfdt, trun].concat());
    let (audio_time, audio_samples) = audio.map_or((0, 0), |t| (t, samples));
    let audio_trun = full(
        b"trun",
        0,
        0x301,
        &[words(&[audio_samples, 0]), (0..audio_samples).flat_map(|_| words(&[40 * 48, 10])).collect()].concat(),
    );
    let audio = boxed(
        b"traf",
        &[full(b"tfhd", 0, 0x20000, &words(&[2])), full(b"tfdt", 1, 0, &audio_time.to_be_bytes()), audio_trun].concat(),
    );
    [boxed(b"moof", &[full(b"mfhd", 0, 0, &words(&[1])), video, audio].concat()), boxed(b"mdat", &vec![7u8; media])]
        .concat()
}

fn file(fragments: &[Vec<u8>]) -> Vec<u8> {
    [boxed(b"ftyp", b"isom\0\0\0\0isom"), moov(40), fragments.concat()].concat()
}

#[test]
fn indexes_a_real_mediarecorder_file_whatever_the_piece_size() {
    let whole = scan(RECORDING, RECORDING.len()).expect("indexable");
    assert_eq!(whole.insert_at, 36 + 1164, "right after ftyp and moov");
    assert_eq!(whole.size, RECORDING.len() as u64);
    assert_eq!(whole.tracks.iter().map(|t| t.track_id).collect::<Vec<_>>(), vec![1, 2], "video and audio");
    for track in &whole.tracks {
        assert_eq!(track.fragments.len(), 2);
        assert_eq!(track.fragments[0].offset, whole.insert_at);
        assert_eq!(track.fragments[0].start, Some(0));
        assert!(track.fragments.windows(2).all(|w| w[0].start < w[1].start), "decode times grow");
    }
    for piece in [1, 7, 8, 9, 16, 1000, 4096] {
        assert_eq!(scan(RECORDING, piece), Ok(whole.clone()), "pieces of {piece} bytes");
    }
}

/// One `sidx` read back: (track id, timescale, first_offset, [(size, duration)]).
type ReadBox = (u32, u32, u64, Vec<(u32, u32)>);

/// The boxes of a `build_sidx` answer.
fn read_boxes(bytes: &[u8]) -> Vec<ReadBox> {
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let size = word(at) as usize;
        assert_eq!(&bytes[at + 4..at + 8], b"sidx");
        let count = u16::from_be_bytes(bytes[at + 38..at + 40].try_into().unwrap()) as usize;
        assert_eq!(size, 40 + 12 * count);
        let first_offset = u64::from_be_bytes(bytes[at + 28..at + 36].try_into().unwrap());
        let refs = (0..count).map(|i| (word(at + 40 + 12 * i), word(at + 44 + 12 * i))).collect();
        out.push((word(at + 12), word(at + 16), first_offset, refs));
        at += size;
    }
    out
}

#[test]
fn the_real_file_gets_one_sidx_per_track_each_covering_it_to_the_end() {
    let index = scan(RECORDING, 4096).expect("indexable");
    let bytes = build_sidx(&index).expect("boxes");
    let boxes = read_boxes(&bytes);
    assert_eq!(boxes.len(), 2);
    // Each box's first_offset skips the boxes after it, so every one points at the first moof.
    assert_eq!(boxes[0].2, (40 + 12 * boxes[1].3.len()) as u64);
    assert_eq!(boxes[1].2, 0);
    for (track_id, timescale, _, refs) in &boxes {
        let sizes: u64 = refs.iter().map(|(size, _)| u64::from(*size)).sum();
        assert_eq!(sizes, index.size - index.insert_at, "track {track_id}: the references reach the end of the file");
        // The fixture is ~2.2 s long; the durations add up to about that in each track's timescale.
        let seconds: f64 = refs.iter().map(|(_, d)| f64::from(*d)).sum::<f64>() / f64::from(*timescale);
        assert!((1.5..3.0).contains(&seconds), "track {track_id}: {seconds} s");
    }
}

#[test]
fn a_real_file_with_a_fragment_without_audio_keeps_each_track_length() {
    let index = scan(AUDIO_GAP, 4096).expect("indexable");
    let audio = index.tracks.iter().find(|t| t.timescale == 48_000).expect("an audio track");
    let inner = &audio.fragments[1..audio.fragments.len() - 1];
    assert!(
        inner.iter().any(|f| f.duration == 0),
        "the fixture has an inner fragment without audio: {:?}",
        audio.fragments
    );
    let boxes = read_boxes(&build_sidx(&index).unwrap());
    for (track, (id, _, _, refs)) in index.tracks.iter().zip(&boxes) {
        assert_eq!(track.track_id, *id);
        // What a reader takes for the track's length (the sum of its references' durations) is
        // from its first sample to the end of its last.
        let with_samples: Vec<_> = track.fragments.iter().filter(|f| f.duration > 0).collect();
        let first = with_samples[0].start.unwrap();
        let last = with_samples[with_samples.len() - 1];
        let end = last.start.unwrap() + last.duration;
        assert_eq!(refs.iter().map(|(_, d)| u64::from(*d)).sum::<u64>(), end - first, "track {id}");
    }
}

#[test]
fn made_up_fragments_give_sizes_and_durations_from_decode_times() {
    let bytes = file(&[
        fragment(0, 25, Some(40), 0x20000, 500),
        fragment(1000, 25, Some(40), 0x20000, 300),
        fragment(2000, 10, None, 0x20000, 100),
    ]);
    let index = scan(&bytes, 5).expect("indexable");
    let video = &index.tracks[0];
    assert_eq!((video.track_id, video.timescale), (1, 1000), "tracks in id order");
    assert_eq!(video.fragments.iter().map(|f| f.start).collect::<Vec<_>>(), vec![Some(0), Some(1000), Some(2000)]);
    // The last fragment has no per-sample durations: trex's default (40) times 10 samples.
    assert_eq!(video.fragments[2].duration, 400);
    let audio = &index.tracks[1];
    assert_eq!((audio.track_id, audio.timescale), (2, 48_000));
    let boxes = read_boxes(&build_sidx(&index).unwrap());
    assert_eq!(boxes[0].3.iter().map(|(_, d)| *d).collect::<Vec<_>>(), vec![1000, 1000, 400]);
    assert_eq!(boxes[1].3.iter().map(|(_, d)| *d).collect::<Vec<_>>()[..2], [48_000, 48_000]);
}

#[test]
fn a_fragment_without_audio_leaves_the_audio_length_whole() {
    // Audio in fragments 1, 2 and 4 (ends at 4 s); fragment 3 has an empty audio traf (tfdt 0).
    let bytes = file(&[
        fragment(0, 25, Some(40), 0x20000, 500),
        fragment(1000, 25, Some(40), 0x20000, 300),
        fragment_with_audio(2000, 25, Some(40), 0x20000, 300, None),
        fragment(3000, 25, Some(40), 0x20000, 100),
    ]);
    let index = scan(&bytes, 64).expect("indexable");
    let audio = &index.tracks[1];
    assert_eq!(
        audio.fragments.iter().map(|f| f.start).collect::<Vec<_>>(),
        vec![Some(0), Some(48_000), None, Some(144_000)]
    );
    let boxes = read_boxes(&build_sidx(&index).unwrap());
    let durations: Vec<u32> = boxes[1].3.iter().map(|(_, d)| *d).collect();
    // The second fragment reaches to the fourth; the empty one takes no time.
    assert_eq!(durations, vec![48_000, 96_000, 0, 48_000]);
    assert_eq!(durations.iter().sum::<u32>(), 4 * 48_000, "the audio's length, as readers add it up");
    assert_eq!(boxes[0].3.iter().map(|(_, d)| *d).sum::<u32>(), 4000, "the video is untouched");

    // A recording whose audio starts in its second fragment: the box starts at that time.
    let late =
        file(&[fragment_with_audio(0, 25, Some(40), 0x20000, 100, None), fragment(1000, 25, Some(40), 0x20000, 100)]);
    let bytes = build_sidx(&scan(&late, 64).unwrap()).unwrap();
    let earliest = |at: usize| u64::from_be_bytes(bytes[at + 20..at + 28].try_into().unwrap());
    let video_box = u32::from_be_bytes(bytes[0..4].try_into().unwrap()) as usize;
    assert_eq!(earliest(video_box), 48_000);
    assert_eq!(read_boxes(&bytes)[1].3.iter().map(|(_, d)| *d).collect::<Vec<_>>(), vec![0, 48_000]);
}

#[test]
fn refuses_files_it_cannot_index_safely() {
    assert_eq!(scan(&file(&[fragment(0, 1, Some(40), 0x01, 10)]), 64), Err(IndexError::AbsoluteOffsets));
    let flat = [boxed(b"ftyp", b"isom"), moov(40), boxed(b"mdat", &[1; 50])].concat();
    assert_eq!(scan(&flat, 64), Err(IndexError::NotFragmented));
    let indexed =
        [boxed(b"ftyp", b"isom"), moov(40), boxed(b"sidx", &[0; 20]), fragment(0, 1, Some(40), 0x20000, 10)].concat();
    assert_eq!(scan(&indexed, 64), Err(IndexError::AlreadyIndexed));
    let mut cut = file(&[fragment(0, 1, Some(40), 0x20000, 100)]);
    cut.truncate(cut.len() - 10);
    assert_eq!(scan(&cut, 64), Err(IndexError::Truncated));
    assert_eq!(scan(&[0, 0, 0, 4, b'f', b'r', b'e', b'e'], 8), Err(IndexError::Malformed));
    assert_eq!(scan(&[], 8), Err(IndexError::NotFragmented));
    // Random bytes (a test upload): an error, never a panic.
    let noise: Vec<u8> = (0..10_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    assert!(scan(&noise, 333).is_err());
}

#[test]
fn reads_64_bit_box_sizes() {
    let mut big_mdat = 1u32.to_be_bytes().to_vec();
    big_mdat.extend_from_slice(b"mdat");
    big_mdat.extend_from_slice(&(16u64 + 40).to_be_bytes());
    big_mdat.extend_from_slice(&[9; 40]);
    let mut moof_only = fragment(0, 1, Some(40), 0x20000, 0);
    moof_only.truncate(moof_only.len() - 8); // drop its empty mdat
    let bytes = [boxed(b"ftyp", b"isom"), moov(40), moof_only, big_mdat].concat();
    let index = scan(&bytes, 3).expect("indexable");
    assert_eq!(index.size, bytes.len() as u64);
}

#[test]
fn splices_the_box_into_any_range() {
    // File of 100 bytes, a 10-byte box at 20: the reader sees 110 bytes.
    use Piece::{File, Index};
    assert_eq!(
        spliced_pieces(20, 10, 0, 109),
        vec![File { offset: 0, length: 20 }, Index { offset: 0, length: 10 }, File { offset: 20, length: 80 }]
    );
    assert_eq!(spliced_pieces(20, 10, 0, 9), vec![File { offset: 0, length: 10 }]);
    assert_eq!(spliced_pieces(20, 10, 25, 27), vec![Index { offset: 5, length: 3 }]);
    assert_eq!(spliced_pieces(20, 10, 25, 35), vec![Index { offset: 5, length: 5 }, File { offset: 20, length: 6 }]);
    assert_eq!(spliced_pieces(20, 10, 30, 109), vec![File { offset: 20, length: 80 }]);
    assert_eq!(spliced_pieces(20, 10, 19, 20), vec![File { offset: 19, length: 1 }, Index { offset: 0, length: 1 }]);
    assert_eq!(spliced_pieces(20, 0, 0, 99), vec![File { offset: 0, length: 20 }, File { offset: 20, length: 80 }]);
}

#[test]
fn merges_fragments_past_what_one_box_lists() {
    let fragments: Vec<Fragment> =
        (0..70_000u64).map(|i| Fragment { offset: 100 + i * 10, start: Some(i * 1000), duration: 1000 }).collect();
    let index = FragmentIndex {
        insert_at: 100,
        tracks: vec![TrackIndex { track_id: 1, timescale: 1000, fragments }],
        size: 100 + 70_000 * 10,
    };
    let boxes = read_boxes(&build_sidx(&index).unwrap());
    assert_eq!(boxes[0].3.len(), 35_000);
    assert_eq!(boxes[0].3[0], (20, 2000));

    // A track that stopped after 10 fragments of 70 000 (audio that died early in a long file).
    let fragments: Vec<Fragment> = (0..70_000u64)
        .map(|i| {
            if i < 10 {
                Fragment { offset: 100 + i * 10, start: Some(i * 1000), duration: 900 }
            } else {
                Fragment { offset: 100 + i * 10, start: None, duration: 0 }
            }
        })
        .collect();
    let index = FragmentIndex {
        insert_at: 100,
        tracks: vec![TrackIndex { track_id: 2, timescale: 1000, fragments }],
        size: 100 + 70_000 * 10,
    };
    let boxes = read_boxes(&build_sidx(&index).unwrap());
    assert_eq!(boxes[0].3.iter().map(|(_, d)| u64::from(*d)).sum::<u64>(), 9 * 1000 + 900, "the track's length");
}

#[test]
fn durations_that_would_wrap_are_refused() {
    // Two trafs of one track, each with 2^32 - 1 samples of 2^32 - 1 ticks (tfhd's default
    // duration, flag 0x08): each sum fits in 64 bits, their total does not. Unchecked, it wrapped
    // (and panicked in a debug build).
    let traf = || {
        boxed(
            b"traf",
            &[full(b"tfhd", 0, 0x0002_0008, &words(&[1, u32::MAX])), full(b"trun", 0, 0, &words(&[u32::MAX]))].concat(),
        )
    };
    let moof = boxed(b"moof", &[traf(), traf()].concat());
    let bytes = [boxed(b"ftyp", b"isom"), moov(40), moof, boxed(b"mdat", &[0; 8])].concat();
    assert_eq!(scan(&bytes, 64), Err(IndexError::Overflow));

    // A reference longer than 32 bits of ticks is refused, not written as u32::MAX.
    let fragments = vec![Fragment { offset: 100, start: Some(0), duration: 1 << 33 }];
    let index = FragmentIndex {
        insert_at: 100,
        tracks: vec![TrackIndex { track_id: 1, timescale: 1000, fragments }],
        size: 200,
    };
    assert_eq!(build_sidx(&index), Err(IndexError::Overflow));

    // A trun that declares more samples than it holds is malformed (not a 4-billion-step loop).
    let trun = full(b"trun", 0, 0x100, &words(&[u32::MAX, 40]));
    let traf = boxed(b"traf", &[full(b"tfhd", 0, 0x20000, &words(&[1])), trun].concat());
    let bytes = [boxed(b"ftyp", b"isom"), moov(40), boxed(b"moof", &traf), boxed(b"mdat", &[0; 8])].concat();
    assert_eq!(scan(&bytes, 64), Err(IndexError::Malformed));
}

#[test]
fn a_stored_index_is_checked_before_it_is_served() {
    let boxes = build_sidx(&scan(RECORDING, 4096).unwrap()).unwrap();
    assert_eq!(check_sidx(&boxes), Ok(()));
    assert_eq!(check_sidx(&[]), Err(IndexError::BoxTooLarge));
    assert_eq!(check_sidx(&vec![0; MAX_SIDX_BYTES + 1]), Err(IndexError::BoxTooLarge));
    assert_eq!(check_sidx(&boxes[..boxes.len() - 1]), Err(IndexError::Truncated));
    let mut renamed = boxes.clone();
    renamed[4..8].copy_from_slice(b"free");
    assert_eq!(check_sidx(&renamed), Err(IndexError::Malformed));
    // Five boxes where a recording has at most four tracks.
    let first = u32::from_be_bytes(boxes[0..4].try_into().unwrap()) as usize;
    assert_eq!(check_sidx(&boxes[..first].repeat(5)), Err(IndexError::TooManyTracks));
    assert_eq!(check_sidx(&boxes[..first].repeat(4)), Ok(()));
}

#[test]
fn a_second_moov_and_a_moof_without_traf_are_refused() {
    let twice = [boxed(b"ftyp", b"isom"), moov(40), moov(40), fragment(0, 1, Some(40), 0x20000, 10)].concat();
    assert_eq!(scan(&twice, 64), Err(IndexError::RepeatedMoov));
    let empty =
        [boxed(b"ftyp", b"isom"), moov(40), boxed(b"moof", &[]), fragment(0, 1, Some(40), 0x20000, 10)].concat();
    assert_eq!(scan(&empty, 64), Err(IndexError::EmptyFragment));
    let only_mfhd = [boxed(b"ftyp", b"isom"), moov(40), boxed(b"moof", &full(b"mfhd", 0, 0, &words(&[1])))].concat();
    assert_eq!(scan(&only_mfhd, 64), Err(IndexError::EmptyFragment));
    let big =
        [boxed(b"ftyp", b"isom\0\0\0\0"), moov(40), boxed(b"moof", &vec![0; MAX_MOOF_BYTES as usize + 1])].concat();
    let mut scanner = Scanner::new();
    scanner.feed(&big[..16 + moov(40).len() + 8]);
    assert_eq!(scanner.error(), Some(IndexError::BoxTooLarge), "refused from the header, before the body is held");
}

#[test]
fn splicing_never_overflows_whatever_the_stored_offsets() {
    assert_eq!(spliced_pieces(20, 10, 5, 4), vec![], "an inverted range");
    // A stored insert offset near the top of u64: the box's end saturates instead of wrapping.
    let pieces = spliced_pieces(u64::MAX - 5, 10, 0, u64::MAX);
    assert_eq!(pieces[0], Piece::File { offset: 0, length: u64::MAX - 5 });
    assert_eq!(pieces[1], Piece::Index { offset: 0, length: 5 });
    assert_eq!(spliced_pieces(0, 10, u64::MAX, u64::MAX), vec![Piece::File { offset: u64::MAX - 10, length: 1 }]);
}
