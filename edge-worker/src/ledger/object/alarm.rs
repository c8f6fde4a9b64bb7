//! The participation object's alarm (ADR 0013): one alarm, set no later than the next thing due.
//! While recording it releases D1's hold on the place when the hold's rule says so, expires the
//! participation 24 h after its last activity and transcribes what is ready (ADR 0018); after a
//! deletion it sweeps the entry's prefix again; after Finish it deletes the chunks, builds the
//! seek indexes, finishes the transcript, then the object's storage.

use lupa_core::ledger::{self, SWEEP_AFTER_MS};
use lupa_core::recording::ParticipationState;

use super::{ParticipationLedger, SETTLE_MS};
use crate::error::ApiResult;
use crate::ledger::store::{Meta, Store};
use crate::ledger::transcribe;
use crate::participation::purge::{self, Abandoned};
use crate::platform::storage::entry_prefix;

impl ParticipationLedger {
    /// Sets the alarm for the next thing due after activity: the place's
    /// hold lapsing (when D1 still holds it) or the participation expiring.
    pub(super) async fn arm_for_activity(&self, store: &Store) -> ApiResult<()> {
        let Some(meta) = store.meta()? else { return Ok(()) };
        let hold = ledger::hold_until(meta.last_open_at, meta.last_progress_at);
        let expiry = ledger::expires_at(meta.last_activity_at);
        let due = if meta.hold_released == 1 { expiry } else { hold.min(expiry) };
        // Never sooner than SETTLE_MS: the caller's own D1 write (a segment open's provisional
        // hold) must land before the alarm's release, or the release is overwritten and the place
        // stays held for hours. Holds fall due minutes after activity, so this only delays an
        // alarm that is already due (a participation on a test clock in the past).
        self.arm(store, due.max(crate::platform::clock::system_now() + SETTLE_MS)).await
    }

    /// Sets the alarm for `due` (epoch ms). It is only ever moved earlier here: the alarm checks
    /// what is due when it runs and sets itself again, so an early one costs one wake-up. Times are
    /// the requests' clock, which is the real one except under a test clock: a test that puts a
    /// participation in the past sees its alarm run at once, as it would have by then.
    pub(super) async fn arm(&self, store: &Store, due: i64) -> ApiResult<()> {
        // `alarm_at` is cleared when the alarm runs, so it names the alarm that is set.
        if store.meta()?.and_then(|m| m.alarm_at).is_some_and(|at| at <= due) {
            return Ok(());
        }
        self.arm_at(store, due).await
    }

    /// Sets the alarm for exactly `due`, earlier or later than the one set.
    pub(super) async fn arm_at(&self, store: &Store, due: i64) -> ApiResult<()> {
        let offset = due - crate::platform::clock::system_now();
        self.state.storage().set_alarm(offset.max(0)).await?;
        store.set_alarm_at(Some(due))
    }

    pub(super) async fn on_alarm(&self) -> ApiResult<()> {
        let store = self.store()?;
        if *self.holding.borrow() {
            return self.arm_at(&store, crate::platform::clock::system_now() + 1_000).await;
        }
        store.set_alarm_at(None)?;
        let Some(meta) = store.meta()? else { return Ok(()) };
        match meta.state {
            ParticipationState::Deleted => self.sweep(&store, &meta).await,
            ParticipationState::Finished => self.after_finish(&store, &meta).await,
            ParticipationState::Active => self.while_recording(&store, meta).await,
        }
    }

    /// The sweep after a deletion: anything a streaming chunk stored since is deleted, and any
    /// upload an erase that failed halfway left open is aborted.
    async fn sweep(&self, store: &Store, meta: &Meta) -> ApiResult<()> {
        self.erase(store, meta).await?;
        self.state.storage().delete_all().await?;
        // The tables went with it: a later call in this instance creates them again.
        self.schema_ready.set(false);
        Ok(())
    }

    /// After Finish: the chunks go, the seek indexes and the transcript are built, then the
    /// object's storage goes.
    async fn after_finish(&self, store: &Store, meta: &Meta) -> ApiResult<()> {
        // The chunks stayed for live viewers (ADR 0016); the composed files are complete.
        crate::platform::storage::delete_chunks(&self.bucket()?, &entry_prefix(&meta.analysis_id, &meta.entry_id))
            .await?;
        let app = self.app()?;
        for key in store.to_index()? {
            // A file that fails is logged and served plain; the others still get theirs.
            if let Err(err) = crate::seek_index::build(&app, &key).await {
                crate::platform::log::error("-", "(seek-index)", err.source.as_deref().unwrap_or(&err.message));
            }
            store.indexed(&key)?;
        }
        // Then the transcript (ADR 0018): windows a rate limit or a failure left wait for a later
        // alarm; the object stays until every window is stored.
        let bucket = self.bucket()?;
        let (entry_id, analysis_id) = (&meta.entry_id, &meta.analysis_id);
        let finished = transcribe::Phase::Finished;
        let transcribed = store.transcription()?.is_some();
        let outcome = transcribe::run(&app, store, &bucket, &self.audio_files, entry_id, analysis_id, finished).await?;
        if let transcribe::Outcome::RetryAt(at) = outcome {
            return self.arm_at(store, at).await;
        }
        self.audio_files.clear();
        transcribe::forget_audio(store, &bucket, analysis_id, entry_id).await?;
        self.state.storage().delete_all().await?;
        self.schema_ready.set(false);
        // The transcript is complete: its summary (ADR 0021), here rather than after some request,
        // since this is where completion is known and an alarm may wait on the model as long as
        // it takes. Last, as it needs nothing the object kept; it does nothing for a
        // participation no summary is owed to.
        if transcribed {
            crate::summaries::after_transcript(&app, entry_id, analysis_id).await;
        }
        Ok(())
    }

    /// While recording: expiry, the hold's release, the next alarm, then transcription.
    async fn while_recording(&self, store: &Store, meta: Meta) -> ApiResult<()> {
        let now = crate::platform::clock::system_now();
        if now >= ledger::expires_at(meta.last_activity_at) {
            return self.expire(store, &meta, now).await;
        }
        let hold = ledger::hold_until(meta.last_open_at, meta.last_progress_at);
        if meta.hold_released == 0 && now >= hold {
            crate::participation::holds::release(&self.app()?, &meta.entry_id, hold).await?;
            store.hold_released(true)?;
        }
        let refreshed = store.meta()?.unwrap_or(meta);
        let next = if refreshed.hold_released == 1 {
            ledger::expires_at(refreshed.last_activity_at)
        } else {
            hold.min(ledger::expires_at(refreshed.last_activity_at))
        };
        self.arm(store, next.max(now + 1_000)).await?;
        self.transcribe_while_recording(store, &refreshed).await;
        Ok(())
    }

    /// Nobody came back within the grace window: everything goes, the row stays 'abandoned'
    /// (ADR 0005), as when the participant leaves. D1 first: should it fail (a busy database),
    /// nothing has changed here and the retried alarm takes this branch again. Erasing first left
    /// a failed write unrepeated: the retry found the object 'deleted', swept, and the row stayed
    /// 'in_progress'.
    async fn expire(&self, store: &Store, meta: &Meta, now: i64) -> ApiResult<()> {
        let abandoned = purge::abandon_entry(&self.app()?, &meta.entry_id, &meta.analysis_id).await?;
        if abandoned == Abandoned::Kept {
            // D1 has it submitted: the participant finished, and the submit's Finish never reached
            // this object. Finish now instead of deleting a recording the researcher has (the
            // worker indexed the files when its call failed).
            return self.finish(store, &[]).await;
        }
        store.set_state(ParticipationState::Deleted)?;
        self.erase(store, meta).await?;
        self.arm_at(store, now + SWEEP_AFTER_MS).await
    }

    /// Transcribes the windows closed so far (ADR 0018). A failure is logged and left to the next
    /// alarm: holds and expiry, armed just before, never wait on the speech service.
    async fn transcribe_while_recording(&self, store: &Store, meta: &Meta) {
        if store.transcription().ok().flatten().is_none() {
            return;
        }
        self.transcribed_at.set(crate::platform::clock::system_now());
        let result = async {
            let (app, bucket) = (self.app()?, self.bucket()?);
            let recording = transcribe::Phase::Recording;
            transcribe::run(&app, store, &bucket, &self.audio_files, &meta.entry_id, &meta.analysis_id, recording).await
        };
        if let Err(err) = result.await {
            crate::platform::log::error("-", "(transcribe)", err.source.as_deref().unwrap_or(&err.message));
        }
    }
}
