//! Tier changes through the pure session (ADR 0023): a recording on a simulated slow uplink moves
//! to new segments at lower tiers, keeps its backlog small, loses nothing and keeps its timeline.

use super::*;
use crate::tiers::{need_bps, FLOOR};
use std::collections::{BTreeMap, VecDeque};

const MIB4: u64 = 4 * 1024 * 1024;

fn seg(segment: u32) -> SegmentInfo {
    SegmentInfo { segment, chunk_max_bytes: MIB4, recorded_ms: 0 }
}

/// A link that carries `bps`, one request after another (the shell's two in flight share it).
struct Link {
    bps: f64,
    queue: VecDeque<(ChunkKey, f64)>,
    received: BTreeMap<ChunkKey, (u64, u64)>,
    rotations: Vec<(f64, u8)>,
    completes: Vec<u64>,
    /// The old MediaRecorder's last chunk, due a little after a change.
    late: Option<(u32, f64)>,
}

impl Link {
    fn new(bps: f64) -> Self {
        Link {
            bps,
            queue: VecDeque::new(),
            received: BTreeMap::new(),
            rotations: Vec::new(),
            completes: Vec::new(),
            late: None,
        }
    }

    /// Runs the session's commands and moves the link forward by `dt` ms.
    fn step(&mut self, s: &mut Session, now: f64, dt: f64) {
        for c in s.poll(now) {
            match c {
                Command::Upload(key) => {
                    let size = s.chunk_info(key).map_or(0, |i| i.size);
                    self.queue.push_back((key, size as f64 * 8.0));
                }
                Command::Rotate { tier, .. } => {
                    self.rotations.push((now, tier));
                    let old = s.generation();
                    s.rotated(seg(s.segment() + 1), "video/webm", tier, old + 1, None, now);
                    self.late = Some((old, now + 60.0));
                }
                Command::Complete => {
                    self.completes.push(s.duration_ms());
                    s.complete_answered(Ok(()), now, 0.5);
                }
                Command::PutSteps => s.steps_answered(Ok(()), now, 0.5),
                _ => {}
            }
        }
        let mut budget = self.bps * dt / 1000.0;
        while budget > 0.0 {
            let Some((key, left)) = self.queue.front_mut() else { break };
            let used = budget.min(*left);
            *left -= used;
            budget -= used;
            if *left <= 0.0 {
                let key = *key;
                self.queue.pop_front();
                let info = s.chunk_info(key).expect("a chunk in flight is known");
                self.received.insert(key, (info.size, info.end_ms));
                s.chunk_uploaded(key, now + dt);
            }
        }
    }
}

fn store(s: &mut Session, chunks: Vec<NewChunk>) {
    for c in &chunks {
        s.stored(c, Place::Device);
    }
}

/// Records `seconds` at the tier's own rate on a link of `bps`; returns the session, the link
/// and the backlog each second.
fn record_on(bps: f64, seconds: u32, camera: bool, probe: Option<f64>) -> (Session, Link, Vec<f64>, u64) {
    let mut s = Session::new("video/webm;codecs=vp9,opus", seg(1), Resume::default(), &[], 0.0);
    let start = crate::tiers::starting_tier(probe, camera);
    s.set_quality(start, true, camera, probe, 0.0);
    let mut link = Link::new(bps);
    let mut backlogs = Vec::new();
    let mut recorded = 0;
    let dt = 100.0;
    for tick in 1..=(seconds * 10) {
        let now = f64::from(tick) * dt;
        if let Some((old, at)) = link.late.filter(|(_, at)| *at <= now) {
            let size = 2_000;
            recorded += size;
            let chunks = s.cut_from(old, size, at);
            assert!(
                chunks.iter().all(|c| c.key.segment == s.segment() - 1),
                "the old recorder's chunk stays in its segment"
            );
            store(&mut s, chunks);
            s.media_stopped_from(old, at);
            link.late = None;
        }
        if tick % 10 == 0 {
            // One second of media at the tier's rates (the camera's file is another recorder;
            // its bytes share the link, so they are counted here too).
            let size = (need_bps(s.tier(), camera) / 8.0) as u64;
            recorded += size;
            let chunks = s.cut(size, now);
            store(&mut s, chunks);
            backlogs.push(s.backlog_ms(now));
        }
        link.step(&mut s, now, dt);
    }
    (s, link, backlogs, recorded)
}

fn finish(s: &mut Session, link: &mut Link, from: f64) {
    s.request_stop(from);
    s.media_stopped(from);
    let mut now = from;
    while s.phase() != Phase::Done && now < from + 600_000.0 {
        link.step(s, now, 100.0);
        now += 100.0;
    }
}

#[test]
fn an_ample_uplink_records_at_product_rates_in_one_segment() {
    let (s, link, backlogs, _) = record_on(4_000_000.0, 120, true, Some(4_000_000.0));
    assert_eq!(s.tier(), 0);
    assert!(link.rotations.is_empty());
    assert!(backlogs.iter().all(|&b| b < 1_000.0), "{backlogs:?}");
}

#[test]
fn a_half_megabit_uplink_moves_down_and_keeps_up() {
    for camera in [false, true] {
        let (mut s, mut link, backlogs, recorded) = record_on(500_000.0, 300, camera, None);
        assert!(s.tier() >= 2, "camera {camera}: tier {}", s.tier());
        assert!(!link.rotations.is_empty() && link.rotations.len() <= 3, "{:?}", link.rotations);
        let worst = backlogs[30..].iter().cloned().fold(0.0, f64::max);
        assert!(worst <= 10_000.0, "camera {camera}: backlog {worst} ms");
        // Finish: what is left goes in seconds, and everything arrives.
        let stop = 300_100.0;
        finish(&mut s, &mut link, stop);
        assert_eq!(s.phase(), Phase::Done);
        let bytes: u64 = link.received.values().map(|c| c.0).sum();
        assert_eq!(bytes, recorded, "nothing lost");
        assert_eq!(link.completes, vec![300_100]);
        // Each segment's chunks are numbered from 0 without gaps.
        let mut by_segment: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for key in link.received.keys() {
            by_segment.entry(key.segment).or_default().push(key.index);
        }
        assert_eq!(by_segment.len(), link.rotations.len() + 1);
        for indexes in by_segment.values() {
            assert_eq!(*indexes, (0..indexes.len() as u32).collect::<Vec<_>>());
        }
    }
}

#[test]
fn the_probe_starts_at_the_fitting_tier_without_a_backlog() {
    let (s, link, backlogs, _) = record_on(500_000.0, 60, true, Some(500_000.0));
    assert_eq!(s.tier(), FLOOR);
    assert!(link.rotations.is_empty(), "{:?}", link.rotations);
    assert!(backlogs.iter().all(|&b| b < 3_000.0), "{backlogs:?}");
}

#[test]
fn a_tier_change_keeps_the_timeline_whole() {
    let mut s = Session::new("video/mp4", seg(1), Resume::default(), &[], 0.0);
    s.set_quality(0, false, false, None, 0.0);
    store_cut(&mut s, 10_000, 1_000.0);
    s.want_tier(2, None);
    let commands = s.poll(1_500.0);
    assert!(commands.contains(&Command::Rotate { tier: 2, align_to: None }));
    assert!(s.poll(1_600.0).iter().all(|c| !matches!(c, Command::Rotate { .. })), "one change at a time");
    s.rotated(seg(2), "video/webm", 2, 1, None, 1_700.0);
    assert_eq!((s.segment(), s.tier(), s.base_ms()), (2, 2, 1_700));
    // Each recorder's chunks are stored in its own segment's format.
    assert_eq!((s.mime_of(0), s.mime_of(1), s.mime()), ("video/mp4", "video/webm", "video/webm"));
    // The old recorder's last chunk ends at the change, on its own segment.
    let late = s.cut_from(0, 500, 1_750.0);
    assert_eq!(late[0].key, ChunkKey { segment: 1, index: 1 });
    assert_eq!(late[0].end_ms, 1_700);
    assert_eq!(s.base_ms_of(0), 0);
    let new = s.cut_from(1, 500, 2_700.0);
    assert_eq!((new[0].key, new[0].end_ms), (ChunkKey { segment: 2, index: 0 }, 1_000));
    assert_eq!(s.elapsed_ms(3_700.0), 3_700.0);
    s.media_stopped_from(0, 1_760.0);
    assert_eq!(s.phase(), Phase::Recording, "the old recorder stopping is not the end");
}

#[test]
fn the_camera_follows_with_its_alignment() {
    let resume = Resume { align_to: Some(100.0), ..Resume::default() };
    let mut s = Session::new("video/webm", seg(1), resume, &[], 400.0);
    s.set_ends_with_media(true);
    assert_eq!(s.start_ms_of(1), Some(300));
    s.want_tier(1, Some(5_000.0));
    assert!(s.poll(5_100.0).contains(&Command::Rotate { tier: 1, align_to: Some(5_000.0) }));
    s.rotated(seg(2), "video/webm", 1, 1, Some(5_000.0), 5_250.0);
    assert_eq!((s.start_ms_of(1), s.start_ms_of(2)), (Some(300), Some(250)));
    s.rotate_failed(5_300.0);
    assert_eq!(s.tier(), 1);
}

fn store_cut(s: &mut Session, size: u64, at: f64) {
    let chunks = s.cut(size, at);
    store(s, chunks);
}

#[test]
fn after_an_outage_the_rule_waits_for_the_link_to_show_itself() {
    // A fast link, then 6 s with the server gone: the backlog built by the outage is not a slow
    // uplink, and the link clears it within the settling time.
    let mut s = Session::new("video/webm", seg(1), Resume::default(), &[], 0.0);
    s.set_quality(0, true, false, Some(400_000.0), 0.0);
    for second in 1..=6 {
        let now = f64::from(second) * 1000.0;
        store_cut(&mut s, 140_000, now);
        for c in s.poll(now) {
            if let Command::Upload(key) = c {
                s.chunk_failed(key, Failure::Network, None, now, 0.5);
            }
        }
    }
    assert!(s.backlog_ms(6_000.0) > 3_000.0);
    s.set_online(true, 6_100.0);
    // The first answers come back: uploads are no longer failing.
    let (mut rotations, mut acked) = (0, 0);
    for now in [6_100.0, 6_200.0, 6_300.0] {
        for c in s.poll(now) {
            match c {
                Command::Upload(key) if acked == 0 => {
                    acked += 1;
                    s.chunk_uploaded(key, now + 50.0);
                }
                Command::Rotate { .. } => rotations += 1,
                _ => {}
            }
        }
    }
    assert!(s.backlog_ms(6_300.0) > 3_000.0, "the backlog is still there");
    assert_eq!(rotations, 0, "no tier change right after an outage");
    // Were the link really slow, the rule would still act once the settling time passed.
    assert!(s.poll(13_000.0).iter().any(|c| matches!(c, Command::Rotate { .. })));
}
