//! Host tests of transcripts: the request and answer in Workers AI's documented shape (recorded
//! fixtures), windows of real Chromium audio recordings (fixtures/record-audio.mjs) checked with
//! ffprobe when it is installed, and the timeline across segments.

use super::*;
use crate::webm_audio::{self, WINDOW_MS};

const OK: &str = include_str!("../fixtures/whisper-rest-ok.json");
const LIMITED: &str = include_str!("../fixtures/whisper-rest-429.json");
const REFUSED: &str = include_str!("../fixtures/whisper-rest-400.json");
const AUDIO_1: &[u8] = include_bytes!("../fixtures/chromium-audio-1.webm");
const AUDIO_2: &[u8] = include_bytes!("../fixtures/chromium-audio-2.webm");

/// How many audio packets ffprobe reads from a file, or None without ffprobe.
fn decoded_packets(bytes: &[u8], name: &str) -> Option<u64> {
    // Decoding every packet (not reading a header) proves the window is a playable file.
    let args = ["-count_packets", "-select_streams", "a:0", "-show_entries", "stream=nb_read_packets"];
    crate::ffprobe::ffprobe(bytes, &format!("transcript-{name}"), &args)?.parse().ok()
}

#[test]
fn the_rest_request_is_the_documented_input() {
    let call = rest_request("http://127.0.0.1:9/client/v4/", "acc123", "tok", b"\x1a\x45\xdf\xa3", Language::Es);
    assert_eq!(call.method, "POST");
    assert_eq!(call.url, "http://127.0.0.1:9/client/v4/accounts/acc123/ai/run/@cf/openai/whisper-large-v3-turbo");
    assert!(call.headers.contains(&("Authorization".into(), "Bearer tok".into())));
    let body: serde_json::Value = serde_json::from_str(&call.body).unwrap();
    assert_eq!(body, serde_json::json!({"audio": "GkXfow==", "language": "es"}));
}

#[test]
fn the_documented_answer_is_read_and_placed_on_the_timeline() {
    let output = rest_response(200, OK).unwrap();
    assert_eq!(output.segments.len(), 2);
    assert!(output.vtt.as_deref().unwrap().starts_with("WEBVTT"));
    // The window starts 40 s into the recording: a word at 12.3 s of it is at 52.3 s.
    let lines = lines(&output, 40_000);
    assert_eq!(lines[1].text, "No encuentro el botón de pagar.");
    assert_eq!((lines[1].start_ms, lines[1].end_ms), (52_300, 55_100));
    assert_eq!(lines[1].words[0], Word { start_ms: 52_300, end_ms: 52_500, word: "No".into() });
    assert_eq!(lines[0].words.len(), 5);
}

#[test]
fn rate_limits_and_failures_are_retried_refusals_are_not() {
    assert!(matches!(rest_response(429, LIMITED), Err(CallError::Retry(_))));
    assert!(matches!(rest_response(503, "upstream"), Err(CallError::Retry(_))));
    assert!(matches!(rest_response(400, REFUSED), Err(CallError::Fail(m)) if m.contains("5006")));
    assert!(matches!(rest_response(200, r#"{"success":true,"result":{"segments":"no"}}"#), Err(CallError::Fail(_))));
    assert_eq!(retry_delay_ms(1), 2_000);
    assert_eq!(retry_delay_ms(2), 4_000);
    assert_eq!(retry_delay_ms(30), 300_000);
}

#[test]
fn the_setting_defaults_to_spanish_and_checks_the_language() {
    let default = Setting { enabled: true, language: Language::Es, summaries: true };
    assert_eq!(setting(None, None, None, Setting::default()), Ok(default));
    let english_off = setting(Some(false), Some("en"), None, Setting::default()).unwrap();
    assert_eq!(english_off, Setting { enabled: false, language: Language::En, summaries: true });
    assert!(!english_off.summarises(), "nothing transcribed, nothing summarised");
    assert_eq!(setting(None, None, None, english_off), Ok(english_off));
    assert_eq!(setting(Some(true), Some("fr"), None, english_off), Err(LANGUAGE_INVALID));
    let no_summaries = setting(None, None, Some(false), default).unwrap();
    assert!(no_summaries.enabled && !no_summaries.summarises());
}

#[test]
fn vtt_and_text_views() {
    let lines = lines(&rest_response(200, OK).unwrap(), 3_600_000);
    let vtt = vtt(&lines);
    assert!(vtt.starts_with("WEBVTT\n\n01:00:00.500 --> 01:00:03.200\nVale, ahora busco el carrito.\n"), "{vtt}");
    assert_eq!(txt(&lines[..1]), "[1:00:00] Vale, ahora busco el carrito.\n");
    let short = super::lines(&rest_response(200, OK).unwrap(), 0);
    assert_eq!(txt(&short), "[00:00] Vale, ahora busco el carrito.\n[00:12] No encuentro el botón de pagar.\n");
}

#[test]
fn a_clip_shows_the_lines_said_during_it_on_the_recording_timeline() {
    // The fixture's lines: 0.5–3.2 s and 12.3–15.1 s of a window that starts at 10 s.
    let all = lines(&rest_response(200, OK).unwrap(), 10_000);
    let texts = |from, to| within(all.clone(), from, to).into_iter().map(|l| l.text).collect::<Vec<_>>();
    assert_eq!(texts(13_000, 20_000), ["Vale, ahora busco el carrito."], "a line that began before the clip is shown");
    assert_eq!(texts(13_200, 22_300), Vec::<String>::new(), "touching is not overlapping");
    assert_eq!(texts(0, 60_000).len(), 2);
    let vtt = vtt(&within(all.clone(), 20_000, 30_000));
    assert_eq!(vtt, "WEBVTT\n\n00:00:22.300 --> 00:00:25.100\nNo encuentro el botón de pagar.\n");
}

#[test]
fn search_ignores_case_and_accents() {
    let (before, found, after) = find("No encuentro el botón de pagar.", "BOTON").unwrap();
    assert_eq!((before.as_str(), found.as_str(), after.as_str()), ("No encuentro el ", "botón", " de pagar."));
    assert!(find("carrito", "botón").is_none());
    assert_eq!(query(" a "), Err(QUERY_INVALID));
    assert_eq!(query(&"x".repeat(101)), Err(QUERY_INVALID));
    assert_eq!(query(" pagar ").unwrap(), "pagar");
    assert_eq!(fold("Ñandú"), "nandu");
}

#[test]
fn lines_fall_in_the_task_being_done() {
    let steps = [(0, 0), (1, 2_000), (2, 5_000), (3, 60_000)];
    assert_eq!(task_at(&steps, 1_000), None);
    assert_eq!(task_at(&steps, 5_000), Some(1));
    assert_eq!(task_at(&steps, 59_999), Some(1));
    assert_eq!(task_at(&steps, 70_000), Some(2));
}

#[test]
fn a_real_recording_is_cut_into_decodable_windows_without_losing_audio() {
    let file = webm_audio::parse(AUDIO_1).unwrap();
    assert!(file.blocks.len() > 50, "{} blocks", file.blocks.len());
    let last = file.blocks.last().unwrap().time_ms;
    assert!((4_500..5_500).contains(&last), "last block at {last}");
    // Short windows, so this 5 s file has several seams.
    let windows = webm_audio::windows(&file.blocks, 2_000, true);
    assert_eq!(windows.len(), 3);
    assert_eq!(windows[0].first, 0);
    for pair in windows.windows(2) {
        assert_eq!(pair[0].last, pair[1].first, "no block lost or doubled at a seam");
        assert_eq!(pair[0].end_ms, pair[1].start_ms);
    }
    assert_eq!(windows.last().unwrap().last, file.blocks.len());
    let mut decoded = 0;
    for w in &windows {
        let bytes = webm_audio::window_file(AUDIO_1, &file, w);
        let reread = webm_audio::parse(&bytes).unwrap();
        assert_eq!(reread.blocks.len(), w.last - w.first);
        assert_eq!(reread.blocks[0].time_ms, 0, "a window starts at 0");
        assert_eq!(reread.blocks.last().unwrap().time_ms, file.blocks[w.last - 1].time_ms - w.start_ms);
        if let Some(packets) = decoded_packets(&bytes, &format!("w{}", w.index)) {
            assert_eq!(packets as usize, w.last - w.first, "window {} decodes whole", w.index);
            decoded += packets;
        }
    }
    if decoded > 0 {
        let whole = decoded_packets(AUDIO_1, "whole").unwrap();
        assert_eq!(decoded, whole, "the windows hold every packet of the file");
    }
}

#[test]
fn windows_cut_while_chunks_arrive_match_the_finished_cut() {
    let file = webm_audio::parse(AUDIO_1).unwrap();
    let whole = webm_audio::windows(&file.blocks, 2_000, true);
    // A prefix cut anywhere (a chunk still arriving) gives complete blocks only, and the closed
    // windows it allows are exactly the first windows of the whole file.
    for cut in [400, 3_000, 7_000, 11_000, AUDIO_1.len()] {
        let partial = webm_audio::parse(&AUDIO_1[..cut]).unwrap();
        assert!(partial.blocks.iter().all(|b| b.end <= cut));
        let closed = webm_audio::windows(&partial.blocks, 2_000, false);
        assert_eq!(closed[..], whole[..closed.len()]);
    }
    assert!(
        webm_audio::windows(&file.blocks, WINDOW_MS, false).is_empty(),
        "a 5 s file closes no 30 s window until finished"
    );
    assert_eq!(webm_audio::windows(&file.blocks, WINDOW_MS, true).len(), 1);
}

#[test]
fn the_rest_of_a_file_from_a_seam_has_the_same_windows_in_the_same_bytes() {
    let file = webm_audio::parse(AUDIO_1).unwrap();
    let whole = webm_audio::windows(&file.blocks, 2_000, true);
    for (skipped, seam) in whole.iter().enumerate() {
        let rest = webm_audio::rest_from(AUDIO_1, &file, seam.first);
        let parsed = webm_audio::parse(&rest).unwrap();
        assert_eq!(parsed.blocks.len(), file.blocks.len() - seam.first);
        assert_eq!(parsed.blocks[0].time_ms, seam.start_ms, "block times are kept");
        let windows = webm_audio::windows(&parsed.blocks, 2_000, true);
        assert_eq!(windows.len(), whole.len() - skipped);
        for (w, original) in windows.iter().zip(&whole[skipped..]) {
            assert_eq!(
                (w.start_ms, w.end_ms, w.last - w.first),
                (original.start_ms, original.end_ms, original.last - original.first)
            );
            assert_eq!(
                webm_audio::window_file(&rest, &parsed, w),
                webm_audio::window_file(AUDIO_1, &file, original),
                "window {} is the same file",
                original.index
            );
        }
    }
    // Cut again from the rest (a second trim): still the same blocks at the same times.
    let rest = webm_audio::rest_from(AUDIO_1, &file, whole[1].first);
    let parsed = webm_audio::parse(&rest).unwrap();
    let again = webm_audio::rest_from(&rest, &parsed, whole[2].first - whole[1].first);
    assert_eq!(webm_audio::parse(&again).unwrap().blocks[0].time_ms, whole[2].start_ms);
}

#[test]
fn the_servers_clock_decides_how_many_windows_a_track_sends() {
    assert_eq!(webm_audio::windows_allowed(-5), 2, "a clock that went back allows the first window and the margin");
    assert_eq!(webm_audio::windows_allowed(3_000), 2, "a few seconds: one window, one of margin");
    assert_eq!(webm_audio::windows_allowed(29_999), 2);
    assert_eq!(webm_audio::windows_allowed(30_000), 3);
    assert_eq!(webm_audio::windows_allowed(75_000), 4, "75 s are three windows, and the margin");
    assert_eq!(webm_audio::windows_allowed(2 * 3_600_000), 242);
    assert_eq!(webm_audio::windows_allowed(i64::MAX), u32::MAX);
}

#[test]
fn a_participation_sends_at_most_twice_its_longest_recording() {
    // 2 h plus the 10 minutes' grace: 261 windows of 30 s; twice that for retries and re-sends.
    assert_eq!(call_ceiling(2 * 3_600_000), 522);
    assert_eq!(call_ceiling(0), 42);
    assert_eq!(call_ceiling(i64::MAX), u32::MAX);
}

#[test]
fn a_word_in_the_second_segment_lands_after_the_first_segments_length() {
    // Segment 1 recorded 5 s; a window of segment 2 that starts 1 s into its audio file, whose
    // audio starts 150 ms after its screen file: the word at 12.3 s of that window is at
    // 5000 + 150 + 1000 + 12300 ms on the timeline.
    let second = webm_audio::parse(AUDIO_2).unwrap();
    let window = webm_audio::windows(&second.blocks, 1_000, true)[1];
    let offset = 5_000 + 150 + window.start_ms;
    let lines = lines(&rest_response(200, OK).unwrap(), offset);
    assert_eq!(lines[1].words[0].start_ms, 5_000 + 150 + window.start_ms + 12_300);
    assert!((900..=1_100).contains(&window.start_ms), "{}", window.start_ms);
}

#[test]
fn hostile_audio_is_refused_without_panicking() {
    assert!(webm_audio::parse(b"").is_err());
    assert!(webm_audio::parse(&AUDIO_1[..20]).is_err());
    for cut in (0..AUDIO_1.len()).step_by(97) {
        let mut bytes = AUDIO_1.to_vec();
        bytes[cut] ^= 0xFF;
        let _ = webm_audio::parse(&bytes).map(|f| webm_audio::windows(&f.blocks, 2_000, true));
    }
}

#[test]
fn the_export_gets_each_tasks_words_and_keeps_what_was_said_outside_the_tasks() {
    let line =
        |start_ms: i64, text: &str| Line { start_ms, end_ms: start_ms + 1_000, text: text.into(), words: Vec::new() };
    // Scenario at 0, URL at 2 s, task 1 at 5 s, task 2 at 20 s, the SUS (index 4 of 2 tasks) at 40 s.
    let steps = [(0, 0), (1, 2_000), (2, 5_000), (3, 20_000), (4, 40_000)];
    let lines = [
        line(25_000, "ya está"),
        line(1_000, "hola"),
        line(6_000, " busco el botón "),
        line(9_000, "no lo encuentro"),
        line(41_000, "fácil"),
        line(12_000, "  "),
    ];
    let texts = text_by_task(&steps, &lines, 2);
    assert_eq!(texts.get(&Some(1)).map(String::as_str), Some("busco el botón no lo encuentro"));
    assert_eq!(texts.get(&Some(2)).map(String::as_str), Some("ya está"));
    assert_eq!(texts.get(&None).map(String::as_str), Some("hola fácil"), "before the tasks and after the last");
    assert_eq!(texts.len(), 3);
    assert!(text_by_task(&steps, &[], 2).is_empty());
}

#[test]
fn a_cue_holds_only_its_words_whatever_was_said() {
    // A line carrying a cue break, a voice tag, an entity and a bare CR stays one cue of text.
    let lines = vec![Line {
        start_ms: 1_000,
        end_ms: 2_000,
        text: "uno\r\n\n00:00:05.000 --> 00:00:09.000\n<v Admin>pagado & <b>hecho</b>".into(),
        words: vec![],
    }];
    let out = vtt(&lines);
    assert_eq!(out, "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nuno   00:00:05.000 → 00:00:09.000 &lt;v Admin&gt;pagado &amp; &lt;b&gt;hecho&lt;/b&gt;\n");
    assert_eq!(out.matches(" --> ").count(), 1, "one cue");
}
