//! The participation object's SQLite tables: the ledger's (`store.rs`) and the transcription's
//! (`audio_store.rs`), created together when an object starts. Here, apart from both stores, so
//! neither needs the other to exist (the two files used to import each other).

/// The ledger: the participation, its segments and chunks, the files to index and the multipart parts.
pub const LEDGER: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), entry_id TEXT NOT NULL, analysis_id TEXT NOT NULL, \
     capability TEXT NOT NULL, camera TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'active', created_at INTEGER NOT NULL, \
     last_activity_at INTEGER NOT NULL, last_open_at INTEGER NOT NULL, last_progress_at INTEGER, hold_released INTEGER NOT NULL DEFAULT 0, \
     stored_bytes INTEGER NOT NULL DEFAULT 0, reserved_bytes INTEGER NOT NULL DEFAULT 0, chunk_count INTEGER NOT NULL DEFAULT 0, \
     alarm_at INTEGER, steps_json TEXT)",
    "CREATE TABLE IF NOT EXISTS segments (seq INTEGER NOT NULL, track TEXT NOT NULL, mime TEXT NOT NULL, r2_key TEXT NOT NULL, \
     upload_id TEXT, offset_ms INTEGER NOT NULL, opened_at INTEGER NOT NULL, end_ms INTEGER NOT NULL DEFAULT 0, \
     bytes INTEGER NOT NULL DEFAULT 0, state TEXT NOT NULL DEFAULT 'open', start_ms INTEGER NOT NULL DEFAULT 0, size INTEGER, \
     small_chunk INTEGER NOT NULL DEFAULT 0, tier INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (seq, track)) WITHOUT ROWID",
    // `stored` is 0 while the chunk's body is streaming (its bytes are reserved), 1 once in R2.
    // `attempt` numbers the reservations of an index, so a commit names the upload it ends;
    // `reserved_at` (request clock) tells a stale reservation (`lupa_core::ledger::may_reserve_again`).
    "CREATE TABLE IF NOT EXISTS chunks (seq INTEGER NOT NULL, track TEXT NOT NULL, idx INTEGER NOT NULL, size INTEGER NOT NULL, \
     end_ms INTEGER NOT NULL, stored INTEGER NOT NULL DEFAULT 0, attempt INTEGER NOT NULL DEFAULT 0, reserved_at INTEGER NOT NULL DEFAULT 0, \
     PRIMARY KEY (seq, track, idx)) WITHOUT ROWID",
    // Files whose seek index the alarm builds after Finish (ADR 0013, "Finish").
    "CREATE TABLE IF NOT EXISTS to_index (r2_key TEXT PRIMARY KEY) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS parts (seq INTEGER NOT NULL, track TEXT NOT NULL, part_number INTEGER NOT NULL, etag TEXT NOT NULL, \
     size INTEGER NOT NULL, PRIMARY KEY (seq, track, part_number)) WITHOUT ROWID",
];

/// The transcription: the language, each segment's audio track and chunks, the server's clock of
/// each track, the calls made and the windows stored. New tables, not columns, so objects made
/// before them need no migration.
pub const TRANSCRIPTION: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS transcription (id INTEGER PRIMARY KEY CHECK (id = 1), language TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS audio_tracks (seq INTEGER PRIMARY KEY, offset_ms INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS audio_chunks (seq INTEGER NOT NULL, idx INTEGER NOT NULL, size INTEGER NOT NULL, PRIMARY KEY (seq, idx)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS transcribed_windows (seq INTEGER NOT NULL, window_index INTEGER NOT NULL, offset_ms INTEGER NOT NULL, PRIMARY KEY (seq, window_index)) WITHOUT ROWID",
    // Tables of their own, not columns, so objects made before them need no migration.
    "CREATE TABLE IF NOT EXISTS audio_clock (seq INTEGER PRIMARY KEY, opened_at INTEGER NOT NULL, last_at INTEGER NOT NULL, small_chunk INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS transcription_calls (id INTEGER PRIMARY KEY CHECK (id = 1), calls INTEGER NOT NULL)",
];
