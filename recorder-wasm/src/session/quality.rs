//! A capture's quality tier (ADR 0023): the tier being recorded, the rule that changes it, the
//! uplink measure it decides from, the backlog, and the change itself: a new segment whose
//! MediaRecorder takes over while the old one delivers its last chunk to the old segment.

use super::{Command, Phase, Session};
use crate::api::SegmentInfo;
use crate::chunks::Splitter;
use crate::tiers::{self, TierRule};
use crate::uplink::Uplink;

/// The capture a tier change left behind: its MediaRecorder was stopped and may still deliver.
#[derive(Debug)]
pub(super) struct Draining {
    pub(super) generation: u32,
    pub(super) segment: u32,
    pub(super) base_ms: u64,
    pub(super) started_at: f64,
    /// The change: the old capture's chunks end there on the timeline.
    pub(super) until: f64,
    pub(super) splitter: Splitter,
    pub(super) start_ms: Option<u64>,
    /// Its format: a tier change may change the container (ADR 0023).
    pub(super) mime: String,
}

impl Session {
    /// This capture records at `tier`; with `adapt`, the session moves between tiers as the
    /// uplink allows (`probe_bps` seeds the measure), asking for each change with
    /// [`Command::Rotate`]. `camera`: the camera's rates count in what a tier sends.
    pub fn set_quality(&mut self, tier: u8, adapt: bool, camera: bool, probe_bps: Option<f64>, now: f64) {
        self.tier = tier.min(tiers::FLOOR);
        self.rule = adapt.then(|| TierRule::new(self.tier, camera, now));
        self.uplink = Uplink::new(probe_bps);
    }

    pub fn tier(&self) -> u8 {
        self.tier
    }

    /// Which MediaRecorder feeds the current segment.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Follow another track's tier (the camera the screen's): a new segment at `tier`, aligned
    /// to `align_to` (the screen's new start) when given.
    pub fn want_tier(&mut self, tier: u8, align_to: Option<f64>) {
        let tier = tier.min(tiers::FLOOR);
        if tier != self.tier || self.wanted.is_some() {
            self.wanted = Some((tier, align_to));
        }
    }

    /// The new segment for a tier change exists, in `mime`, and its MediaRecorder (generation
    /// `generation`) starts now; the old one is being stopped and its last chunk still belongs to
    /// the old segment. The timeline goes on without a gap.
    pub fn rotated(
        &mut self,
        segment: SegmentInfo,
        mime: &str,
        tier: u8,
        generation: u32,
        align_to: Option<f64>,
        now: f64,
    ) {
        self.rotating = false;
        if self.phase != Phase::Recording || self.limit_message.is_some() {
            return;
        }
        let until = now;
        let base_ms = self.elapsed_ms(now).round() as u64;
        let old = Draining {
            generation: self.generation,
            segment: self.segment.segment,
            base_ms: self.base_ms,
            started_at: self.started_at,
            until,
            splitter: std::mem::replace(&mut self.splitter, Splitter::new(segment.chunk_max_bytes)),
            start_ms: self.start_ms,
            mime: std::mem::replace(&mut self.mime, mime.to_string()),
        };
        self.bases.push((old.segment, old.base_ms));
        self.draining = Some(old);
        self.segment = segment;
        self.base_ms = base_ms;
        self.started_at = now;
        self.generation = generation;
        self.tier = tier.min(tiers::FLOOR);
        if let Some(at) = align_to {
            self.start_ms = Some((now - at).max(0.0).round() as u64);
        }
        self.uploader.next_segment(segment.segment);
        if let Some(rule) = self.rule.as_mut() {
            rule.moved(self.tier, now);
        }
    }

    /// The new segment could not be opened: stay at this tier for now.
    pub fn rotate_failed(&mut self, now: f64) {
        self.rotating = false;
        if let Some(rule) = self.rule.as_mut() {
            rule.stay(now);
        }
    }

    /// Where a chunk of `segment` starts on the file it aligns to (the camera's `x-lupa-start-ms`).
    pub fn start_ms_of(&self, segment: u32) -> Option<u64> {
        match &self.draining {
            Some(d) if d.segment == segment => d.start_ms,
            _ if segment == self.segment.segment => self.start_ms,
            _ => None,
        }
    }

    /// The format of the segment fed by `generation`.
    pub fn mime_of(&self, generation: u32) -> &str {
        match &self.draining {
            Some(d) if d.generation == generation => &d.mime,
            _ => &self.mime,
        }
    }

    /// Where the segment fed by `generation` starts on the timeline.
    pub fn base_ms_of(&self, generation: u32) -> u64 {
        match &self.draining {
            Some(d) if d.generation == generation => d.base_ms,
            _ => self.base_ms,
        }
    }

    /// How far the upload is behind the recording: from the end of the oldest chunk not yet
    /// acknowledged to now, on the timeline (0 when everything is on the server).
    pub fn backlog_ms(&self, now: f64) -> f64 {
        let base_of = |segment: u32| match &self.draining {
            _ if segment == self.segment.segment => Some(self.base_ms),
            Some(d) if d.segment == segment => Some(d.base_ms),
            _ => self.bases.iter().find(|(s, _)| *s == segment).map(|(_, base)| *base),
        };
        let oldest = self.uploader.pending().filter_map(|(key, info)| Some(base_of(key.segment)? + info.end_ms)).min();
        oldest.map_or(0.0, |end| (self.elapsed_ms(now) - end as f64).max(0.0))
    }

    /// A tier change to ask the shell for, if one is due: the rule's (the screen) or the one
    /// wanted from outside (the camera). One at a time, only while recording.
    pub(super) fn next_tier(&mut self, now: f64) -> Option<Command> {
        if self.phase != Phase::Recording || self.rotating || self.draining.is_some() || self.limit_message.is_some() {
            return None;
        }
        // Offline or retrying, the backlog measures the outage, not the uplink: wait it out, and
        // after it give the upload the settling time to show what the link does (a server that
        // restarted leaves seconds of backlog that a fast link clears at once).
        let unsettled = !self.online || self.uploader.retrying();
        if unsettled {
            self.outage = true;
        } else if std::mem::take(&mut self.outage) {
            if let Some(rule) = self.rule.as_mut() {
                rule.stay(now);
            }
        }
        let (tier, align_to) = match self.wanted.take() {
            Some(wanted) => wanted,
            None if unsettled => return None,
            None => {
                let (uplink, backlog) = (self.uplink.bits_per_second(now), self.backlog_ms(now));
                (self.rule.as_mut()?.decide(now, uplink, backlog)?, None)
            }
        };
        self.rotating = true;
        Some(Command::Rotate { tier, align_to })
    }
}
