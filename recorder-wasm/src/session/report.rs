//! The `state()` snapshot a session reports: phase, clock, bytes, progress, connectivity, the
//! quality tier and the backlog.

use super::{Phase, Session, Snapshot, Storage};
use crate::progress;

impl Session {
    pub fn snapshot(&self, now: f64) -> Snapshot {
        let uploaded = self.uploader.bytes_uploaded();
        let pending = self.uploader.pending_bytes();
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
        let memory = !self.device_storage || self.uploader.memory_chunks() > 0;
        Snapshot {
            phase: self.phase,
            mime_type: Some(self.mime.clone()),
            elapsed_ms: self.elapsed_ms(now),
            bytes_recorded: self.bytes_recorded,
            bytes_uploaded: uploaded,
            chunks_uploaded: self.uploader.chunks_uploaded(),
            pending_chunks: self.uploader.pending_chunks(),
            pending_bytes: pending,
            progress: progress::percent(stage, uploaded, uploaded + pending),
            retrying: self.uploader.retrying(),
            online: self.online,
            storage: if memory { Storage::Memory } else { Storage::Device },
            limit_message: self.limit_message.clone(),
            last_error,
            tier: self.tier,
            backlog_ms: if self.phase == Phase::Done { 0.0 } else { self.backlog_ms(now) },
            uplink_bps: self.uplink.bits_per_second(now),
        }
    }
}
