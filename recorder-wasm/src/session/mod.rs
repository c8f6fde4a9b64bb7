//! One capture's pure state (ADR 0005): phase, clock on the participation's timeline, chunk
//! splitter, upload machine, step marks and what the façade reports. The browser shell feeds it
//! MediaRecorder chunk sizes, storage and HTTP results and clock readings, and performs the
//! commands it returns; nothing here touches the browser, so whole recordings run in host tests.
//! What it takes and gives (phases, faults, commands, snapshots, chunks left from before) is in
//! `types.rs`; the machine itself stays whole here, so its invariants (clock, splitter, uploads)
//! are checked in one file.

use crate::api::SegmentInfo;
use crate::chunks::Splitter;
use crate::steps::{StepMark, StepSync, Steps};
use crate::tiers::TierRule;
use crate::uplink::Uplink;
use crate::upload::{self, ChunkInfo, ChunkKey, Failure, Outcome, Place, Uploader, Verdict};

mod connectivity;
mod quality;
mod report;
mod types;
use quality::Draining;
pub use types::*;

/// A capture from the moment its segment exists on the server.
#[derive(Debug)]
pub struct Session {
    phase: Phase,
    mime: String,
    segment: SegmentInfo,
    /// Where this segment starts on the participation's timeline.
    base_ms: u64,
    started_at: f64,
    stopped_at: Option<f64>,
    splitter: Splitter,
    uploader: Uploader,
    steps: Steps,
    sync: StepSync,
    bytes_recorded: u64,
    /// The last MediaRecorder chunk was handled after `finish()`.
    flushed: bool,
    fault: Option<Fault>,
    limit_message: Option<String>,
    stop_media: bool,
    online: bool,
    /// When the browser last said it went offline (cleared when it says it is back): an answer to
    /// a request sent before then proves nothing about the network now.
    offline_at: Option<f64>,
    /// When each request still unanswered was handed to the shell, so its answer can be weighed
    /// (a handful at most: two chunks, the steps and the completion; a list is smaller than a map
    /// in the wasm).
    sent_at: Vec<(Request, f64)>,
    device_storage: bool,
    /// A track whose capture may end on its own (the camera): MediaRecorder stopping ends the
    /// file instead of failing the recording.
    ends_with_media: bool,
    /// Where this capture starts on the file it aligns to (`Resume::align_to`), in ms.
    start_ms: Option<u64>,
    /// Which MediaRecorder feeds the current segment (a tier change starts another).
    generation: u32,
    /// The segment before a tier change, while its MediaRecorder delivers its last chunk.
    draining: Option<Draining>,
    /// The quality tier being recorded (ADR 0023).
    tier: u8,
    /// The screen's rule; none for a track that follows the screen's tier (the camera).
    rule: Option<TierRule>,
    /// A tier asked for from outside (the camera following the screen), with what to align to.
    wanted: Option<(u8, Option<f64>)>,
    /// A new segment is being opened for a tier change.
    rotating: bool,
    uplink: Uplink,
    /// Uploads were failing (offline, a server restarting) when the rule last looked.
    outage: bool,
    /// Where earlier segments start on the timeline (this tab's before a tier change, and those
    /// of chunks an earlier tab left), for the backlog.
    bases: Vec<(u32, u64)>,
}

impl Session {
    /// The segment exists and MediaRecorder starts now. The timeline continues from the furthest
    /// of what the server knows, what the resume info said and what the device still holds.
    pub fn new(mime: &str, segment: SegmentInfo, resume: Resume, left: &[LeftChunk], now: f64) -> Self {
        let on_device = left.iter().map(LeftChunk::timeline_end).max().unwrap_or(0);
        let start_ms = resume.align_to.map(|at| (now - at).max(0.0).round() as u64);
        let mut uploader = Uploader::new(segment.segment);
        for chunk in left {
            uploader.push(chunk.key, ChunkInfo { size: chunk.size, end_ms: chunk.end_ms, place: Place::Device });
        }
        Session {
            phase: Phase::Recording,
            mime: mime.to_string(),
            segment,
            base_ms: segment.recorded_ms.max(resume.recorded_ms).max(on_device),
            started_at: now,
            stopped_at: None,
            splitter: Splitter::new(segment.chunk_max_bytes),
            uploader,
            steps: Steps::resume(resume.steps),
            sync: StepSync::default(),
            bytes_recorded: 0,
            flushed: false,
            fault: None,
            limit_message: None,
            stop_media: false,
            online: true,
            offline_at: None,
            sent_at: Vec::new(),
            device_storage: true,
            ends_with_media: false,
            start_ms,
            generation: 0,
            draining: None,
            tier: 0,
            rule: None,
            wanted: None,
            rotating: false,
            uplink: Uplink::new(None),
            outage: false,
            bases: left.iter().map(|c| (c.key.segment, c.offset_ms)).collect(),
        }
    }

    /// The camera: when its capture ends (the participant stopped the camera, or unplugged it),
    /// what was recorded is uploaded and the file closes; the analysis goes on.
    pub fn set_ends_with_media(&mut self, ends: bool) {
        self.ends_with_media = ends;
    }

    /// When MediaRecorder started (the page's clock): what a camera aligns to.
    pub fn started_at(&self) -> f64 {
        self.started_at
    }

    /// Where this capture starts on the file it aligns to (see [`Resume::align_to`]).
    pub fn start_ms(&self) -> Option<u64> {
        self.start_ms
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    pub fn segment(&self) -> u32 {
        self.segment.segment
    }

    pub fn mime(&self) -> &str {
        &self.mime
    }

    /// Where this segment starts on the timeline (stored with each chunk on the device).
    pub fn base_ms(&self) -> u64 {
        self.base_ms
    }

    fn segment_ms(&self, now: f64) -> f64 {
        (self.stopped_at.unwrap_or(now) - self.started_at).max(0.0)
    }

    /// On the participation's timeline; stops at `finish()` or at the limit.
    pub fn elapsed_ms(&self, now: f64) -> f64 {
        self.base_ms as f64 + self.segment_ms(now)
    }

    /// Whole milliseconds of the timeline at the stop (the API takes an integer).
    pub fn duration_ms(&self) -> u64 {
        self.base_ms + self.stopped_at.map_or(0.0, |stop| (stop - self.started_at).max(0.0)).round() as u64
    }

    fn accepting(&self) -> bool {
        matches!(self.phase, Phase::Recording | Phase::Finishing) && !self.flushed && self.limit_message.is_none()
    }

    /// MediaRecorder delivered `size` bytes at `at`: the chunks to store, then report with
    /// [`Session::stored`]. None once the recording ended or reached its limit.
    pub fn cut(&mut self, size: u64, at: f64) -> Vec<NewChunk> {
        self.cut_from(self.generation, size, at)
    }

    /// [`Session::cut`] for the MediaRecorder of `generation`: the current one, or the one a
    /// tier change is stopping (its chunks go to its own segment and end at the change).
    pub fn cut_from(&mut self, generation: u32, size: u64, at: f64) -> Vec<NewChunk> {
        if !self.accepting() || size == 0 {
            return Vec::new();
        }
        self.bytes_recorded += size;
        let (segment, started_at, at, splitter) = match self.draining.as_mut() {
            Some(d) if d.generation == generation => (d.segment, d.started_at, at.min(d.until), &mut d.splitter),
            _ if generation == self.generation => (self.segment.segment, self.started_at, at, &mut self.splitter),
            _ => return Vec::new(),
        };
        let end_ms = (at - started_at).max(0.0).round() as u64;
        splitter
            .split(size)
            .into_iter()
            .map(|p| NewChunk { key: ChunkKey { segment, index: p.index }, start: p.start, end: p.end, end_ms })
            .collect()
    }

    /// The chunk is stored on the device or, failing that, in memory: it may be uploaded.
    pub fn stored(&mut self, chunk: &NewChunk, place: Place) {
        self.uploader.push(chunk.key, ChunkInfo { size: chunk.end - chunk.start, end_ms: chunk.end_ms, place });
    }

    /// Whether IndexedDB can be used at all (the shell found it missing or failing to open).
    pub fn set_device_storage(&mut self, available: bool) {
        self.device_storage = available;
    }

    pub fn chunk_info(&self, key: ChunkKey) -> Option<ChunkInfo> {
        self.uploader.info(key)
    }

    pub fn chunk_uploaded(&mut self, key: ChunkKey, now: f64) {
        self.heard(Request::Chunk(key), None);
        let size = self.uploader.info(key).map_or(0, |i| i.size);
        self.uplink.ended(size, now);
        self.uploader.upload_ok(key, now);
    }

    /// A chunk PUT failed; `message` is the server's JSON `message` (used for a 413).
    pub fn chunk_failed(&mut self, key: ChunkKey, failure: Failure, message: Option<String>, now: f64, random01: f64) {
        self.heard(Request::Chunk(key), Some(failure));
        self.uplink.ended(0, now);
        if self.uploader.upload_failed(key, failure, now, random01) == Verdict::Limit {
            self.reach_limit(message, now);
        }
    }

    /// The chunk's bytes are gone from the device (another tab of this entry sent them).
    pub fn chunk_missing(&mut self, key: ChunkKey) {
        self.uplink.ended(0, self.sent_at.iter().find(|(r, _)| *r == Request::Chunk(key)).map_or(0.0, |(_, at)| *at));
        self.uploader.chunk_missing(key);
    }

    /// 413: recording stops here (the clock too); what was stored can still be finished.
    fn reach_limit(&mut self, message: Option<String>, now: f64) {
        if self.limit_message.is_some() {
            return;
        }
        self.limit_message =
            Some(message.filter(|m| !m.trim().is_empty()).unwrap_or_else(|| LIMIT_FALLBACK_MESSAGE.to_string()));
        if self.phase == Phase::Recording {
            self.stopped_at.get_or_insert(now);
            self.stop_media = true;
        }
    }

    /// The participant entered step `index` now.
    pub fn mark_step(&mut self, index: u32, now: f64) {
        if self.phase == Phase::Recording && self.steps.mark(index, self.elapsed_ms(now)) {
            self.sync.changed();
        }
    }

    pub fn steps(&self) -> &[StepMark] {
        self.steps.marks()
    }

    /// The step marks' PUT answered: saved, or to be sent again after a backoff.
    pub fn steps_answered(&mut self, result: Result<(), Failure>, now: f64, random01: f64) {
        self.heard(Request::Steps, result.err());
        match result {
            Ok(()) => self.sync.ok(),
            Err(failure) => self.sync.failed(failure, now, random01),
        }
    }

    /// `finish()` was called: the clock stops now, MediaRecorder is being stopped.
    pub fn request_stop(&mut self, now: f64) {
        if self.phase == Phase::Recording {
            self.phase = Phase::Finishing;
            self.stopped_at.get_or_insert(now);
            self.sync.stop();
        }
    }

    /// MediaRecorder delivered its last chunk. Expected after `request_stop` or the limit;
    /// otherwise the capture ended under us (all tracks ended), which ends the analysis (product §2.5)
    /// — or, for a track that may end on its own (the camera), only this file.
    pub fn media_stopped(&mut self, now: f64) {
        self.media_stopped_from(self.generation, now);
    }

    /// [`Session::media_stopped`] for the MediaRecorder of `generation`: the one a tier change
    /// stopped has simply delivered its last chunk.
    pub fn media_stopped_from(&mut self, generation: u32, now: f64) {
        if self.draining.as_ref().is_some_and(|d| d.generation == generation) {
            self.draining = None;
            return;
        }
        if generation != self.generation {
            return;
        }
        if self.phase == Phase::Recording && self.ends_with_media && self.limit_message.is_none() {
            self.request_stop(now);
        }
        match self.phase {
            Phase::Recording if self.limit_message.is_none() => self.fail(Fault::Media(STOPPED_MESSAGE.to_string())),
            Phase::Finishing if !self.flushed => {
                self.flushed = true;
                let nothing = self.bytes_recorded == 0 && self.uploader.pending_chunks() == 0 && self.base_ms == 0;
                if nothing && self.limit_message.is_none() {
                    self.fail(Fault::Empty);
                } else {
                    self.uploader.end(now);
                }
            }
            _ => {}
        }
    }

    /// MediaRecorder's `error` event.
    pub fn media_error(&mut self, message: &str) {
        if matches!(self.phase, Phase::Recording | Phase::Finishing) {
            self.fail(Fault::Media(format!("Recording error: {message}")));
        }
    }

    /// The participant left: everything stops (the shell deletes the entry). A completed upload
    /// stays done.
    pub fn abort(&mut self) {
        if self.phase != Phase::Done {
            self.phase = Phase::Aborted;
        }
    }

    fn fail(&mut self, fault: Fault) {
        self.fault = Some(fault);
        self.phase = Phase::Failed;
    }

    /// The completion answered: done, or to be sent again (or given up) as the uploader decides.
    pub fn complete_answered(&mut self, result: Result<(), Failure>, now: f64, random01: f64) {
        self.heard(Request::Complete, result.err());
        match result {
            Ok(()) => self.uploader.complete_ok(),
            Err(failure) => self.uploader.complete_failed(failure, now, random01),
        }
    }

    /// Commands for the shell; also moves the phase when the upload finished or failed.
    pub fn poll(&mut self, now: f64) -> Vec<Command> {
        if !matches!(self.phase, Phase::Recording | Phase::Finishing) {
            return Vec::new();
        }
        let mut commands: Vec<Command> = self
            .uploader
            .poll(now)
            .into_iter()
            .map(|c| match c {
                upload::Command::Upload(key) => {
                    self.sent(Request::Chunk(key), now);
                    self.uplink.sent(now);
                    Command::Upload(key)
                }
                upload::Command::Forget(key) => Command::Forget(key),
                upload::Command::Complete => {
                    self.sent(Request::Complete, now);
                    Command::Complete
                }
                upload::Command::WakeIn(ms) => Command::WakeIn(ms),
            })
            .collect();
        match self.uploader.outcome() {
            Outcome::Running => {}
            Outcome::Done => {
                self.phase = Phase::Done;
                return commands;
            }
            Outcome::Failed(e) => {
                self.fail(Fault::Upload(e));
                return commands;
            }
        }
        if std::mem::take(&mut self.stop_media) {
            commands.push(Command::StopMedia);
        }
        if let Some(rotate) = self.next_tier(now) {
            commands.push(rotate);
        }
        if self.sync.poll(now) {
            self.sent(Request::Steps, now);
            commands.push(Command::PutSteps);
        }
        if let Some(at) = self.sync.wake_at(now) {
            commands.push(Command::WakeIn(at - now));
        }
        commands
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tier_tests;
