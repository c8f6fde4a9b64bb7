//! Host tests of the WebM duration patch: a real Chromium recording (fixtures/record.mjs) checked
//! with ffprobe when it is installed, and hand-built headers for the other layouts.

use super::*;

const CHROMIUM_WEBM: &[u8] = include_bytes!("../fixtures/chromium.webm");
const CHROMIUM_MP4: &[u8] = include_bytes!("../fixtures/chromium.mp4");

/// Duration as ffprobe reports it, or None when ffprobe is not installed.
fn ffprobe_duration(bytes: &[u8], name: &str) -> Option<String> {
    crate::ffprobe::ffprobe(bytes, &format!("recorder-{name}"), &["-show_entries", "format=duration"])
}

#[test]
fn chromium_recording_gets_a_duration_without_changing_length() {
    assert_eq!(read_webm_duration(CHROMIUM_WEBM), Ok(None), "MediaRecorder writes no duration");
    if let Some(before) = ffprobe_duration(CHROMIUM_WEBM, "before") {
        assert_eq!(before, "N/A");
    }
    let mut file = CHROMIUM_WEBM.to_vec();
    patch_webm_duration(&mut file, 2345.0).unwrap();
    assert_eq!(file.len(), CHROMIUM_WEBM.len());
    assert_eq!(read_webm_duration(&file), Ok(Some(2345.0)));
    // Only the Info payload changed.
    let (start, end) = find_info(CHROMIUM_WEBM).unwrap();
    assert_eq!(file[..start], CHROMIUM_WEBM[..start]);
    assert_eq!(file[end..], CHROMIUM_WEBM[end..]);
    match ffprobe_duration(&file, "after") {
        Some(after) => assert_eq!(after, "2.345000"),
        None => eprintln!("ffprobe not installed: checked the patched header with our own parser only"),
    }
}

#[test]
fn patching_only_the_first_part_is_enough() {
    // The recorder patches part 1 alone (5 MiB in production); here the first 4 KiB.
    let mut file = CHROMIUM_WEBM.to_vec();
    patch_webm_duration(&mut file[..4096], 61_000.5).unwrap();
    assert_eq!(read_webm_duration(&file), Ok(Some(61_000.5)));
    if let Some(after) = ffprobe_duration(&file, "part1") {
        assert_eq!(after, "61.000500");
    }
}

#[test]
fn patching_twice_replaces_the_duration() {
    let mut file = CHROMIUM_WEBM.to_vec();
    patch_webm_duration(&mut file, 1000.0).unwrap();
    patch_webm_duration(&mut file, 3_600_000.0).unwrap();
    assert_eq!(read_webm_duration(&file), Ok(Some(3_600_000.0)));
    assert_eq!(file.len(), CHROMIUM_WEBM.len());
}

#[test]
fn chromium_layout_keeps_the_app_elements_as_empty_strings() {
    let mut file = CHROMIUM_WEBM.to_vec();
    patch_webm_duration(&mut file, 2000.0).unwrap();
    let (start, end) = find_info(&file).unwrap();
    let ids: Vec<u32> = children(&file[start..end], MAX_INFO_CHILDREN).unwrap().iter().map(|c| c.id).collect();
    assert_eq!(ids, vec![TIMECODE_SCALE, MUXING_APP, WRITING_APP, DURATION, VOID]);
}

#[test]
fn rejects_mp4_and_garbage_without_panicking() {
    assert_eq!(patch_webm_duration(&mut CHROMIUM_MP4.to_vec(), 1000.0), Err(WebmError::NotWebm));
    assert_eq!(patch_webm_duration(&mut [], 1000.0), Err(WebmError::NotWebm));
    assert_eq!(patch_webm_duration(&mut [0u8; 64], 1000.0), Err(WebmError::NotWebm));
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert_eq!(patch_webm_duration(&mut CHROMIUM_WEBM.to_vec(), bad), Err(WebmError::BadDuration));
    }
}

#[test]
fn every_truncation_and_bit_flip_of_the_header_is_handled() {
    let (_, info_end) = find_info(CHROMIUM_WEBM).unwrap();
    for len in 0..=info_end + 8 {
        let mut prefix = CHROMIUM_WEBM[..len].to_vec();
        let result = patch_webm_duration(&mut prefix, 1000.0);
        assert_eq!(result.is_ok(), len >= info_end, "prefix of {len} bytes: {result:?}");
    }
    for i in 0..info_end + 8 {
        for bit in 0..8 {
            let mut file = CHROMIUM_WEBM[..512].to_vec();
            file[i] ^= 1 << bit;
            let original_len = file.len();
            let _ = patch_webm_duration(&mut file, 1000.0);
            assert_eq!(file.len(), original_len);
        }
    }
}

// ---- hand-built headers ---------------------------------------------------------------------

fn el(id: &[u8], payload: &[u8]) -> Vec<u8> {
    assert!(payload.len() < 127);
    let mut out = id.to_vec();
    out.push(0x80 | payload.len() as u8);
    out.extend_from_slice(payload);
    out
}

fn file(segment_size: &[u8], before_info: &[u8], info_children: &[u8]) -> Vec<u8> {
    let mut out = el(&[0x1A, 0x45, 0xDF, 0xA3], &el(&[0x42, 0x82], b"webm"));
    out.extend_from_slice(&[0x18, 0x53, 0x80, 0x67]);
    out.extend_from_slice(segment_size);
    out.extend_from_slice(before_info);
    out.extend_from_slice(&el(&[0x15, 0x49, 0xA9, 0x66], info_children));
    out.extend_from_slice(&[0x1F, 0x43, 0xB6, 0x75, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xE7, 0x81, 0x00]);
    out
}

const UNKNOWN: &[u8] = &[0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];

#[test]
fn uses_an_existing_void_and_keeps_the_apps_when_there_is_room() {
    let mut kids = el(&[0x2A, 0xD7, 0xB1], &[0x0F, 0x42, 0x40]);
    kids.extend(el(&[0x4D, 0x80], b"Lavf"));
    kids.extend(el(&[0xEC], &[0; 20]));
    let seek_head = el(&[0x11, 0x4D, 0x9B, 0x74], &[0xEC, 0x82, 0, 0]);
    let mut f = file(&[0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00], &seek_head, &kids);
    let before = f.clone();
    patch_webm_duration(&mut f, 1500.0).unwrap();
    assert_eq!(f.len(), before.len());
    assert_eq!(read_webm_duration(&f), Ok(Some(1500.0)));
    let (start, end) = find_info(&f).unwrap();
    let kids = children_of(&f[start..end]);
    assert_eq!(kids, vec![TIMECODE_SCALE, MUXING_APP, DURATION, VOID]);
    assert!(f[start..end].windows(4).any(|w| w == b"Lavf"), "app name kept");
}

fn children_of(payload: &[u8]) -> Vec<u32> {
    children(payload, MAX_INFO_CHILDREN).unwrap().iter().map(|c| c.id).collect()
}

#[test]
fn respects_the_timecode_scale() {
    // TimecodeScale 1,000 (µs units): 2 s is a Duration of 2,000,000.
    let mut kids = el(&[0x2A, 0xD7, 0xB1], &[0x03, 0xE8]);
    kids.extend(el(&[0x57, 0x41], b"Chrome"));
    kids.extend(el(&[0x4D, 0x80], b"Chrome"));
    let mut f = file(UNKNOWN, &[], &kids);
    patch_webm_duration(&mut f, 2000.0).unwrap();
    assert_eq!(read_webm_duration(&f), Ok(Some(2000.0)));
    let (start, end) = find_info(&f).unwrap();
    let duration = children(&f[start..end], MAX_INFO_CHILDREN).unwrap().into_iter().find(|c| c.id == DURATION).unwrap();
    assert_eq!(read_float(&f[start + duration.data..start + duration.end]), Ok(2_000_000.0));
}

#[test]
fn drops_the_apps_as_a_last_resort_and_fails_when_even_that_is_not_enough() {
    // 12 bytes of apps: empty apps (6) + float4 (7) = 13 does not fit, dropped + float8 (11) + 1
    // left is not a valid Void, dropped + float4 (7) + Void (5) fits.
    let mut kids = el(&[0x4D, 0x80], b"abc");
    kids.extend(el(&[0x57, 0x41], b"abc"));
    let mut f = file(UNKNOWN, &[], &kids);
    patch_webm_duration(&mut f, 10.0).unwrap();
    let (start, end) = find_info(&f).unwrap();
    assert_eq!(children_of(&f[start..end]), vec![DURATION, VOID]);
    assert_eq!(read_webm_duration(&f), Ok(Some(10.0)));

    let mut f = file(UNKNOWN, &[], &el(&[0x2A, 0xD7, 0xB1], &[0x0F, 0x42, 0x40]));
    assert_eq!(patch_webm_duration(&mut f, 10.0), Err(WebmError::NoRoom));
}

#[test]
fn a_cluster_before_info_means_no_info() {
    let mut f = el(&[0x1A, 0x45, 0xDF, 0xA3], &[]);
    f.extend_from_slice(&[0x18, 0x53, 0x80, 0x67]);
    f.extend_from_slice(UNKNOWN);
    f.extend_from_slice(&[0x1F, 0x43, 0xB6, 0x75, 0x81, 0x00]);
    assert_eq!(patch_webm_duration(&mut f, 10.0), Err(WebmError::NoInfo));
}

#[test]
fn void_elements_of_any_length_are_well_formed() {
    for len in [2usize, 3, 127, 128, 129, 130, 1000] {
        let v = void(len);
        assert_eq!(v.len(), len);
        let e = element(&v, 0).unwrap();
        assert_eq!((e.id, e.end), (VOID, len), "len {len}");
    }
}
