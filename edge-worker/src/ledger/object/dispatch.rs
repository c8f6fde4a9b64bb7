//! Where a call to the participation's object goes. A participant's call passes one door: the
//! object knows the participation, it is still recording, and the capability presented is its
//! own (checked here once, so no handler can forget it). The worker's own calls each have their
//! answer for a participation the object never saw and for one that has ended.

use lupa_api_types::LiveEvent;
use lupa_core::ledger::Refusal;
use lupa_core::recording::ParticipationState;
use worker::Response;

use super::{answer, ok, refuse, ParticipationLedger};
use crate::error::ApiResult;
use crate::ledger::protocol::{Answer, Call, ParticipantCall, ParticipantOp, Status, WorkerCall};
use crate::ledger::store::{Meta, Store};
use crate::ledger::viewers;

impl ParticipationLedger {
    pub(super) async fn handle(&self, store: &Store, call: Call) -> ApiResult<Response> {
        match call {
            Call::Participant(call) => self.door(store, call).await,
            Call::Worker(call) => self.worker_call(store, call).await,
        }
    }

    /// A participant's call: refused unless the object knows the participation (the worker then
    /// adopts it from D1 and calls again), it is still recording, and the capability is its own.
    async fn door(&self, store: &Store, ParticipantCall { capability, op }: ParticipantCall) -> ApiResult<Response> {
        let Some(meta) = store.meta()? else { return answer::<()>(Answer::Uninitialized) };
        if meta.state != ParticipationState::Active {
            return refuse(Refusal::Gone);
        }
        if capability.as_deref() != Some(meta.capability.as_str()) {
            return refuse(Refusal::NotYours);
        }
        match op {
            ParticipantOp::Open(open) => self.open(store, &meta, open).await,
            ParticipantOp::Reserve(reserve) => self.reserve(store, &meta, reserve).await,
            ParticipantOp::Steps { steps_json, now } => self.steps(store, &steps_json, now),
            ParticipantOp::AudioOpen { now } => self.audio_open(store, now),
            ParticipantOp::Audio(chunk) => self.audio(store, &meta, chunk).await,
            ParticipantOp::Complete { now } => {
                self.tell(&LiveEvent::Closing);
                self.complete(store, &meta, now).await
            }
        }
    }

    async fn worker_call(&self, store: &Store, call: WorkerCall) -> ApiResult<Response> {
        match call {
            // Whatever the participation's state: a socket may outlive it.
            WorkerCall::Recheck { session_hash, user_id } => {
                self.recheck(session_hash.as_deref(), user_id.as_deref()).await
            }
            WorkerCall::Init(init) => self.init(store, init).await,
            call => match store.meta()? {
                None => unknown(&call),
                Some(meta) if meta.state != ParticipationState::Active => ended(store, &meta, &call),
                Some(meta) => self.recording(store, &meta, call).await,
            },
        }
    }

    /// A worker's call while the participation records.
    async fn recording(&self, store: &Store, meta: &Meta, call: WorkerCall) -> ApiResult<Response> {
        match call {
            WorkerCall::Commit(commit) => self.commit(store, meta, commit).await,
            WorkerCall::Compose { seq, track } => self.compose(store, meta, seq, track).await,
            WorkerCall::Live { event } => {
                self.tell(&event);
                ok(())
            }
            WorkerCall::Status { .. } => self.status(store, meta),
            WorkerCall::Delete { .. } => {
                self.tell(&LiveEvent::Deleted);
                viewers::close_all(&self.state);
                self.delete(store, meta).await
            }
            WorkerCall::Finish { index } => {
                self.finish(store, &index).await?;
                ok(true)
            }
            // Answered before the state is read (`worker_call`).
            WorkerCall::Init(_) | WorkerCall::Recheck { .. } => ok(()),
        }
    }
}

/// A worker's call for a participation the object never saw (begun before the objects).
fn unknown(call: &WorkerCall) -> ApiResult<Response> {
    match call {
        // Deleting what never reached the object is done; the worker indexes the files itself
        // when the object did not take them.
        WorkerCall::Delete { .. } | WorkerCall::Finish { .. } => ok(false),
        WorkerCall::Live { .. } => ok(()),
        // Anything else needs its set-up: the worker adopts it from D1 and calls again.
        _ => answer::<()>(Answer::Uninitialized),
    }
}

/// A worker's call once the participation was left, deleted, expired or submitted.
fn ended(store: &Store, meta: &Meta, call: &WorkerCall) -> ApiResult<Response> {
    match call {
        WorkerCall::Delete { .. } => {
            // A deleted recording's transcript is owed nothing more (ADR 0018).
            store.stop_transcription()?;
            ok(())
        }
        WorkerCall::Finish { .. } => ok(meta.state == ParticipationState::Finished),
        // A chunk whose body was streaming when the participation went: its object must go.
        WorkerCall::Commit(_) => refuse(Refusal::Gone),
        WorkerCall::Status { .. } => ok(Status {
            recorded_ms: 0,
            segments: 0,
            active_at: meta.last_activity_at,
            steps_json: None,
            viewers: Vec::new(),
        }),
        WorkerCall::Compose { .. } | WorkerCall::Init(_) | WorkerCall::Live { .. } | WorkerCall::Recheck { .. } => {
            ok(())
        }
    }
}
