//! Deleting recordings, the same way on every path: leave, stop sharing, expiry, entry, analysis
//! and user deletion (ADR 0005).
//!
//! Rows and the work owed to R2 change together in one D1 batch: the open multipart uploads of the
//! affected segments go into `r2_aborts` (the R2 binding cannot list them later) and their key
//! prefixes into `r2_deletions`, then the segment, chunk and part rows go. `drain` carries the R2
//! work out right after; whatever fails stays queued and is retried by the next drain (every
//! deletion, every admin request and the cron), so no object outlives its rows.
//!
//! D1 round trips (ADR 0011): the deleting batch also reads the queue (`delete_and_drain`), the
//! R2 work is done before the answer (a deleted recording is gone when the answer says so), and
//! noting what was done in the queue happens after it: should that fail, the next drain repeats
//! work that is already done, which changes nothing.

use worker::{D1Database, D1PreparedStatement};

use crate::error::ApiResult;
use crate::platform::db::{db, int, stmt, text, Batch, Results, Slot};
use crate::platform::storage;
use crate::App;

/// Which entries a purge covers; `?1` of every statement is the entry, analysis or owner id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Entry,
    /// One entry, only while it is in progress: what abandoning it deletes (`abandon_entry`). A
    /// submitted entry is the researcher's, whatever asked (an expiry, a racing leave).
    EntryInProgress,
    Analysis,
    /// Every analysis of one workspace (deleting it, or its owner's account; ADR 0019).
    Workspace,
}

/// The statements for one scope, in batch order: queue the objects and aborts, drop chunks, parts,
/// segments.
struct Statements {
    queue_objects: &'static str,
    queue_aborts: &'static str,
    chunks: &'static str,
    parts: &'static str,
    segments: &'static str,
    /// Transcripts go with the recordings they were made from (ADR 0018).
    transcripts: &'static str,
    /// And the AI summaries made from them (ADR 0021).
    summaries: &'static str,
    /// And the analysis's themes citing them (their words go too; 'Regenerar' remakes them).
    themes: &'static str,
}

// `?1` = id of the scope, `?2` = now. Open uploads are those whose `upload_id` is still set.
const ENTRY: Statements = Statements {
    queue_objects: "INSERT INTO object_deletions (entry_id, created_at) SELECT id, ?2 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress' \
         ON CONFLICT (entry_id) DO NOTHING",
    queue_aborts: "INSERT INTO r2_aborts (upload_id, r2_key, created_at) SELECT upload_id, r2_key, ?2 FROM entry_segments \
         WHERE entry_id = ?1 AND upload_id IS NOT NULL ON CONFLICT (upload_id) DO NOTHING",
    chunks: "DELETE FROM entry_chunks WHERE entry_id = ?1",
    parts: "DELETE FROM segment_parts WHERE entry_id = ?1",
    segments: "DELETE FROM entry_segments WHERE entry_id = ?1",
    transcripts: "DELETE FROM transcript_windows WHERE entry_id = ?1",
    summaries: "DELETE FROM entry_summaries WHERE entry_id = ?1",
    themes: "DELETE FROM analysis_themes WHERE analysis_id = (SELECT analysis_id FROM analysis_entries WHERE id = ?1) \
         AND EXISTS (SELECT 1 FROM json_each(analysis_themes.themes_json) t, json_each(t.value, '$.quotes') q \
         WHERE json_extract(q.value, '$.entryId') = ?1)",
};
// The same for an entry being abandoned: every statement does nothing unless it is in progress,
// so a submit that commits first keeps everything (the batch is one transaction).
const ENTRY_IN_PROGRESS: Statements = Statements {
    queue_objects: ENTRY.queue_objects,
    queue_aborts: "INSERT INTO r2_aborts (upload_id, r2_key, created_at) SELECT upload_id, r2_key, ?2 FROM entry_segments \
         WHERE entry_id = ?1 AND upload_id IS NOT NULL AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress') \
         ON CONFLICT (upload_id) DO NOTHING",
    chunks: "DELETE FROM entry_chunks WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    parts: "DELETE FROM segment_parts WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    segments: "DELETE FROM entry_segments WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    transcripts: "DELETE FROM transcript_windows WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    summaries: "DELETE FROM entry_summaries WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    // An entry in progress has no summary, so no theme cites it.
    themes: "DELETE FROM analysis_themes WHERE analysis_id = ?1 AND 0",
};
const ANALYSIS: Statements = Statements {
    queue_objects: "INSERT INTO object_deletions (entry_id, created_at) SELECT id, ?2 FROM analysis_entries WHERE analysis_id = ?1 \
         AND status = 'in_progress' ON CONFLICT (entry_id) DO NOTHING",
    queue_aborts: "INSERT INTO r2_aborts (upload_id, r2_key, created_at) SELECT s.upload_id, s.r2_key, ?2 FROM entry_segments s \
         JOIN analysis_entries e ON e.id = s.entry_id WHERE e.analysis_id = ?1 AND s.upload_id IS NOT NULL ON CONFLICT (upload_id) DO NOTHING",
    chunks: "DELETE FROM entry_chunks WHERE entry_id IN (SELECT id FROM analysis_entries WHERE analysis_id = ?1)",
    parts: "DELETE FROM segment_parts WHERE entry_id IN (SELECT id FROM analysis_entries WHERE analysis_id = ?1)",
    segments: "DELETE FROM entry_segments WHERE entry_id IN (SELECT id FROM analysis_entries WHERE analysis_id = ?1)",
    transcripts: "DELETE FROM transcript_windows WHERE analysis_id = ?1",
    summaries: "DELETE FROM entry_summaries WHERE analysis_id = ?1",
    themes: "DELETE FROM analysis_themes WHERE analysis_id = ?1",
};
const WORKSPACE: Statements = Statements {
    queue_objects: "INSERT INTO object_deletions (entry_id, created_at) SELECT e.id, ?2 FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id \
         WHERE a.workspace_id = ?1 AND e.status = 'in_progress' ON CONFLICT (entry_id) DO NOTHING",
    queue_aborts: "INSERT INTO r2_aborts (upload_id, r2_key, created_at) SELECT s.upload_id, s.r2_key, ?2 FROM entry_segments s \
         JOIN analysis_entries e ON e.id = s.entry_id JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1 \
         AND s.upload_id IS NOT NULL ON CONFLICT (upload_id) DO NOTHING",
    chunks: "DELETE FROM entry_chunks WHERE entry_id IN (SELECT e.id FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1)",
    parts: "DELETE FROM segment_parts WHERE entry_id IN (SELECT e.id FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1)",
    segments: "DELETE FROM entry_segments WHERE entry_id IN (SELECT e.id FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1)",
    transcripts: "DELETE FROM transcript_windows WHERE analysis_id IN (SELECT id FROM analyses WHERE workspace_id = ?1)",
    summaries: "DELETE FROM entry_summaries WHERE analysis_id IN (SELECT id FROM analyses WHERE workspace_id = ?1)",
    themes: "DELETE FROM analysis_themes WHERE analysis_id IN (SELECT id FROM analyses WHERE workspace_id = ?1)",
};

/// Queues an entry's R2 prefix for deletion.
pub const QUEUE_ENTRY_PREFIX: &str =
    "INSERT INTO r2_deletions (prefix, created_at) VALUES (?1, ?2) ON CONFLICT (prefix) DO NOTHING";
/// The same while the entry `?3` is in progress (abandoning it; never a submitted one's files).
const QUEUE_ABANDONED_PREFIX: &str = "INSERT INTO r2_deletions (prefix, created_at) SELECT ?1, ?2 \
     WHERE EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?3 AND status = 'in_progress') ON CONFLICT (prefix) DO NOTHING";
/// An unsubmitted entry that leaves (or expires) keeps its row as 'abandoned', with nothing in it.
/// Last in its batch: the statements before it check that the entry is still in progress.
const ABANDON: &str = "UPDATE analysis_entries SET status = 'abandoned', capability_hash = NULL, recording_key = NULL, recording_size = NULL, \
     upload_id = NULL, held_until = NULL, recorded_bytes = 0, updated_at = ?2 WHERE id = ?1 AND status = 'in_progress'";
const STATUS: &str = "SELECT status AS value FROM analysis_entries WHERE id = ?1";

/// What abandoning a participation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abandoned {
    /// It is abandoned (now, or it was already, or its row is gone): nothing of it is kept.
    Yes,
    /// It is submitted: nothing was deleted. Abandoning a submitted participation is refused,
    /// whoever asks (an expiry whose object never heard of the submit, a leave racing a submit).
    Kept,
}

/// The statements that drop the segments of `scope` and queue their R2 work; put them in the
/// same batch as the deletion of the rows they belong to, before it.
pub fn statements(database: &D1Database, scope: Scope, id: &str, now: i64) -> ApiResult<Vec<D1PreparedStatement>> {
    let s = match scope {
        Scope::Entry => &ENTRY,
        Scope::EntryInProgress => &ENTRY_IN_PROGRESS,
        Scope::Analysis => &ANALYSIS,
        Scope::Workspace => &WORKSPACE,
    };
    Ok(vec![
        stmt(database, s.queue_objects, &[text(id), int(now)])?,
        stmt(database, s.queue_aborts, &[text(id), int(now)])?,
        stmt(database, s.chunks, &[text(id)])?,
        stmt(database, s.parts, &[text(id)])?,
        stmt(database, s.segments, &[text(id)])?,
        stmt(database, s.transcripts, &[text(id)])?,
        stmt(database, s.summaries, &[text(id)])?,
        stmt(database, s.themes, &[text(id)])?,
    ])
}

/// Deletes everything an unsubmitted entry has (leave, stop sharing, expiry, no place on resume)
/// and frees its place; the row stays as 'abandoned'. A submitted entry is left as it is
/// ([`Abandoned::Kept`]), in the same transaction that would have deleted it, so a submit racing
/// this either lands first and keeps everything or finds the entry abandoned.
pub async fn abandon_entry(app: &App, entry_id: &str, analysis_id: &str) -> ApiResult<Abandoned> {
    let database = db(app)?;
    let now = app.now();
    let mut batch = Batch::new(&database);
    batch.add(
        QUEUE_ABANDONED_PREFIX,
        &[text(&storage::entry_prefix(analysis_id, entry_id)), int(now), text(entry_id)],
    )?;
    for statement in statements(&database, Scope::EntryInProgress, entry_id, now)? {
        batch.add_prepared(statement, "DELETE segments of an entry");
    }
    // Answers go with the recording (the modal says the data has been deleted).
    for statement in
        crate::insights::cleanup::statements(&database, crate::insights::cleanup::Scope::EntryInProgress, entry_id)?
    {
        batch.add_prepared(statement, "DELETE insights of an entry");
    }
    batch.add(ABANDON, &[text(entry_id), int(now)])?;
    let status = batch.add(STATUS, &[text(entry_id)])?;
    let pending = add_pending(&mut batch)?;
    let results = batch.run().await?;
    let kept = results.values::<String>(status)?.iter().any(|s| s == "submitted");
    carry_out(app, &results, pending).await?;
    Ok(if kept { Abandoned::Kept } else { Abandoned::Yes })
}

const PENDING_ABORTS: &str = "SELECT upload_id, r2_key FROM r2_aborts ORDER BY created_at LIMIT 50";
const ABORTED: &str = "DELETE FROM r2_aborts WHERE upload_id = ?1";
const ABORT_FAILED: &str = "UPDATE r2_aborts SET attempts = attempts + 1 WHERE upload_id = ?1";
const PENDING_OBJECTS: &str = "SELECT entry_id AS value FROM object_deletions ORDER BY created_at LIMIT 50";
const OBJECT_TOLD: &str = "DELETE FROM object_deletions WHERE entry_id = ?1";
const OBJECT_FAILED: &str = "UPDATE object_deletions SET attempts = attempts + 1 WHERE entry_id = ?1";
const PENDING_DELETIONS: &str = "SELECT prefix AS value FROM r2_deletions ORDER BY created_at LIMIT 20";
const DELETED: &str = "DELETE FROM r2_deletions WHERE prefix = ?1";
const DELETE_FAILED: &str = "UPDATE r2_deletions SET attempts = attempts + 1 WHERE prefix = ?1";

#[derive(serde::Deserialize)]
struct PendingAbort {
    upload_id: String,
    r2_key: String,
}

/// Where a batch read the queue.
#[derive(Clone, Copy)]
struct Pending {
    objects: Slot,
    aborts: Slot,
    deletions: Slot,
}

fn add_pending(batch: &mut Batch<'_>) -> ApiResult<Pending> {
    Ok(Pending {
        objects: batch.add(PENDING_OBJECTS, &[])?,
        aborts: batch.add(PENDING_ABORTS, &[])?,
        deletions: batch.add(PENDING_DELETIONS, &[])?,
    })
}

/// Runs `batch` (deletions that queue R2 work, in one transaction) and drains the queue it leaves.
pub async fn delete_and_drain(app: &App, mut batch: Batch<'_>) -> ApiResult<Results> {
    let pending = add_pending(&mut batch)?;
    let results = batch.run().await?;
    carry_out(app, &results, pending).await?;
    // The batch's own reads, for the caller (the rooms its deletion closes, ADR 0024).
    Ok(results)
}

/// Aborts the queued multipart uploads, then deletes the queued prefixes.
pub async fn drain(app: &App) -> ApiResult<()> {
    delete_and_drain(app, Batch::new(&db(app)?)).await.map(|_| ())
}

/// Does the R2 work a batch read from the queue; notes the outcome in the queue after the answer.
async fn carry_out(app: &App, results: &Results, pending: Pending) -> ApiResult<()> {
    let objects = results.values::<String>(pending.objects)?;
    let aborts = results.all::<PendingAbort>(pending.aborts)?;
    let deletions = results.values::<String>(pending.deletions)?;
    if objects.is_empty() && aborts.is_empty() && deletions.is_empty() {
        return Ok(());
    }
    let mut outcomes: Vec<(&'static str, String)> = Vec::new();
    // The objects first: from their answer on they refuse chunks, and they sweep their prefix
    // again after any chunk that was already streaming (ADR 0013).
    for entry_id in objects {
        let told = crate::ledger::delete(app, &entry_id).await;
        if let Err(err) = &told {
            crate::platform::log::error("-", "(object-deletion)", err.source.as_deref().unwrap_or(&err.message));
        }
        outcomes.push((if told.is_ok() { OBJECT_TOLD } else { OBJECT_FAILED }, entry_id));
    }
    if !aborts.is_empty() {
        let bucket = storage::bucket(app)?;
        for item in aborts {
            let aborted = match bucket.resume_multipart_upload(item.r2_key, item.upload_id.clone()) {
                Ok(upload) => upload.abort().await.map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            // An upload that is already gone (completed, aborted, expired) is as good as aborted.
            let done = match &aborted {
                Ok(()) => true,
                Err(message) => message.contains("NoSuchUpload") || message.contains("does not exist"),
            };
            if let (Err(message), false) = (&aborted, done) {
                // Stays queued: the next drain tries again. The caller's answer does not depend on it.
                crate::platform::log::error("-", "(r2-abort)", message);
            }
            outcomes.push((if done { ABORTED } else { ABORT_FAILED }, item.upload_id));
        }
    }
    for prefix in deletions {
        let done = storage::delete_prefix(app, &prefix).await.is_ok();
        outcomes.push((if done { DELETED } else { DELETE_FAILED }, prefix));
    }
    let background = app.detached();
    app.after_answer(async move {
        let noted = async {
            let database = db(&background)?;
            let mut batch = Batch::new(&database);
            for (sql, key) in &outcomes {
                batch.add(sql, &[text(key)])?;
            }
            batch.run().await.map(|_| ())
        };
        if let Err(err) = noted.await {
            crate::platform::log::error("-", "(r2-queue)", err.source.as_deref().unwrap_or(&err.message));
        }
    })
    .await;
    Ok(())
}
