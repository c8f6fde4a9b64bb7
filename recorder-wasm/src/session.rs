//! One recording's pure state: phase, re-chunker, upload machine, steps, and what the façade
//! reports. The browser shell feeds it chunks, clock readings and HTTP results, and performs the
//! commands it returns; nothing here touches the browser, so whole recordings run in host tests.

use crate::codec::{self, Container};
use crate::parts::Rechunker;
use crate::progress;
use crate::steps::{StepMark, Steps};
use crate::upload::{Command, Failure, Outcome, UploadError, Uploader};
use crate::webm;

/// The recorder's life cycle, as JavaScript sees it (`state().phase`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Idle,
    Recording,
    Finishing,
    Done,
    Failed,
    Aborted,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Recording => "recording",
            Phase::Finishing => "finishing",
            Phase::Done => "done",
            Phase::Failed => "failed",
            Phase::Aborted => "aborted",
        }
    }

    pub fn is_terminal(self) -> bool {
        matches!(self, Phase::Done | Phase::Failed | Phase::Aborted)
    }
}

/// Why a recording failed; the shell turns it into a named JS error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The upload failed for good (`UploadFailed`).
    Upload(UploadError),
    /// Nothing was recorded (`RecordingEmpty`).
    Empty,
    /// MediaRecorder reported an error or stopped on its own (`RecordingError`).
    Media(String),
}

impl Fault {
    /// Text for `lastError`.
    pub fn describe(&self) -> String {
        match self {
            Fault::Upload(e) => e.describe(),
            Fault::Empty => EMPTY_MESSAGE.to_string(),
            Fault::Media(m) => m.clone(),
        }
    }
}

/// Spec §8 strings.
pub const UPLOAD_FAILED_MESSAGE: &str = "Failed to upload recording. Please try again.";
pub const EMPTY_MESSAGE: &str = "Recording is empty. Please try recording again.";
pub const STOPPED_MESSAGE: &str = "Recording stopped. Please share your screen and microphone again to continue.";

/// The `state()` snapshot.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub phase: Phase,
    pub mime_type: Option<String>,
    pub elapsed_ms: f64,
    pub bytes_recorded: u64,
    pub bytes_uploaded: u64,
    pub parts_uploaded: u32,
    pub parts_pending: u32,
    pub progress: f64,
    pub retrying: bool,
    pub last_error: Option<String>,
}

impl Snapshot {
    /// Before any session: nothing recorded, progress 0.
    pub fn idle(phase: Phase, last_error: Option<String>) -> Self {
        Snapshot {
            phase,
            mime_type: None,
            elapsed_ms: 0.0,
            bytes_recorded: 0,
            bytes_uploaded: 0,
            parts_uploaded: 0,
            parts_pending: 0,
            progress: 0.0,
            retrying: false,
            last_error,
        }
    }

    /// Whether the two differ in anything but the running clock (which alone is no "change").
    pub fn differs_from(&self, other: &Snapshot) -> bool {
        Snapshot { elapsed_ms: 0.0, ..self.clone() } != Snapshot { elapsed_ms: 0.0, ..other.clone() }
    }
}

/// A recording from the moment its upload session exists.
#[derive(Debug)]
pub struct Session {
    phase: Phase,
    mime: String,
    started_at: f64,
    stopped_at: Option<f64>,
    rechunker: Rechunker,
    uploader: Uploader,
    steps: Steps,
    bytes_recorded: u64,
    /// The final part was cut (a second "stopped" must not do it again).
    flushed: bool,
    fault: Option<Fault>,
    /// Why the WebM duration could not be written (the file still plays).
    pub header_note: Option<webm::WebmError>,
}

impl Session {
    /// The upload session exists and MediaRecorder starts now.
    pub fn new(mime: &str, part_size: usize, now: f64) -> Self {
        let container = codec::container(mime);
        Session {
            phase: Phase::Recording,
            mime: mime.to_string(),
            started_at: now,
            stopped_at: None,
            rechunker: Rechunker::new(part_size, container == Container::WebM),
            uploader: Uploader::new(),
            steps: Steps::default(),
            bytes_recorded: 0,
            flushed: false,
            fault: None,
            header_note: None,
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    pub fn elapsed_ms(&self, now: f64) -> f64 {
        (self.stopped_at.unwrap_or(now) - self.started_at).max(0.0)
    }

    /// Bytes from MediaRecorder, in order.
    pub fn chunk(&mut self, bytes: &[u8]) {
        if !matches!(self.phase, Phase::Recording | Phase::Finishing) || bytes.is_empty() {
            return;
        }
        self.bytes_recorded += bytes.len() as u64;
        for part in self.rechunker.push(bytes) {
            self.uploader.push_part(part.number, part.bytes);
        }
    }

    pub fn mark_step(&mut self, index: u32, now: f64) {
        if matches!(self.phase, Phase::Recording) {
            self.steps.mark(index, self.elapsed_ms(now));
        }
    }

    /// `finish()` was called: the clock stops now, MediaRecorder is being stopped.
    pub fn request_stop(&mut self, now: f64) {
        if self.phase == Phase::Recording {
            self.phase = Phase::Finishing;
            self.stopped_at = Some(now);
        }
    }

    /// MediaRecorder delivered its last chunk. Expected after `request_stop`; otherwise the
    /// capture ended under us (all tracks ended), which ends the analysis (spec §2.5).
    pub fn media_stopped(&mut self, now: f64) {
        match self.phase {
            Phase::Recording => self.fail(Fault::Media(STOPPED_MESSAGE.to_string())),
            Phase::Finishing if !self.flushed => {
                self.flushed = true;
                self.flush(now);
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

    fn flush(&mut self, now: f64) {
        if let Some(last) = self.rechunker.finish() {
            self.uploader.push_part(last.number, last.bytes);
        }
        if self.bytes_recorded == 0 {
            self.fail(Fault::Empty);
            return;
        }
        if let Some(mut first) = self.rechunker.take_first() {
            // Same length, so re-sending part 1 keeps every part but the last equal in size.
            match webm::patch_webm_duration(&mut first, self.duration_ms() as f64) {
                Ok(()) => self.uploader.push_part(1, first),
                Err(e) => self.header_note = Some(e),
            }
        }
        self.uploader.end(now);
    }

    /// Whole milliseconds from start to stop (the API takes an integer).
    pub fn duration_ms(&self) -> u64 {
        self.stopped_at.map_or(0.0, |stop| (stop - self.started_at).max(0.0)).round() as u64
    }

    pub fn steps(&self) -> &[StepMark] {
        self.steps.marks()
    }

    /// Bytes of a part to PUT.
    pub fn part_bytes(&self, number: u32) -> Option<&[u8]> {
        self.uploader.part_bytes(number)
    }

    pub fn part_uploaded(&mut self, number: u32, now: f64) {
        self.uploader.upload_ok(number, now);
    }

    pub fn part_failed(&mut self, number: u32, failure: Failure, now: f64, random01: f64) {
        self.uploader.upload_failed(number, failure, now, random01);
    }

    pub fn completed(&mut self) {
        self.uploader.complete_ok();
    }

    pub fn complete_failed(&mut self, failure: Failure, now: f64, random01: f64) {
        self.uploader.complete_failed(failure, now, random01);
    }

    /// The network is back: retry at once.
    pub fn online(&mut self) {
        self.uploader.retry_now();
    }

    /// Commands for the shell; also moves the phase when the upload finished or failed.
    pub fn poll(&mut self, now: f64) -> Vec<Command> {
        if !matches!(self.phase, Phase::Recording | Phase::Finishing) {
            return Vec::new();
        }
        let commands = self.uploader.poll(now);
        match self.uploader.outcome() {
            Outcome::Running => commands,
            Outcome::Done => {
                self.phase = Phase::Done;
                Vec::new()
            }
            Outcome::Failed(e) => {
                self.fail(Fault::Upload(e));
                Vec::new()
            }
        }
    }

    pub fn snapshot(&self, now: f64) -> Snapshot {
        let uploaded = self.uploader.bytes_uploaded();
        let stage = match self.phase {
            Phase::Idle => progress::Stage::Setup,
            Phase::Recording => progress::Stage::Recording,
            Phase::Done => progress::Stage::Complete,
            Phase::Finishing | Phase::Failed | Phase::Aborted => progress::Stage::Finishing,
        };
        let last_error = match &self.fault {
            Some(fault) => Some(fault.describe()),
            None => self.uploader.last_failure().map(|f| format!("{} (retrying)", f.describe())),
        };
        Snapshot {
            phase: self.phase,
            mime_type: Some(self.mime.clone()),
            elapsed_ms: self.elapsed_ms(now),
            bytes_recorded: self.bytes_recorded,
            bytes_uploaded: uploaded,
            parts_uploaded: self.uploader.parts_uploaded(),
            parts_pending: self.uploader.parts_pending(),
            progress: progress::percent(stage, uploaded, self.bytes_recorded),
            retrying: self.uploader.retrying(),
            last_error,
        }
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
