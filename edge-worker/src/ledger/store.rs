//! The object's own SQLite tables (ADR 0013): one participation's segments, chunk ledger and
//! composed parts, with its byte accounting and the times its holds and expiry follow.
//!
//! Every call is synchronous (`SqlStorage::exec`), so a sequence of reads and writes inside one
//! handler step runs with no other request in between: that is what makes the caps exact.
//!
//! Size: over 400 lines since the formatter; the chunk ledger's and parts' statements could move
//! to a file of their own, as the audio's did (`audio_store.rs`).

use lupa_core::recording::{ChunkId, ParticipationState, SegmentState, Track};
use serde::Deserialize;
use worker::{SqlStorage, SqlStorageValue};

use crate::error::{ApiError, ApiResult};
use crate::ledger::schema;

#[derive(Debug, Clone, Deserialize)]
pub struct Meta {
    pub entry_id: String,
    pub analysis_id: String,
    pub capability: String,
    pub camera: String,
    pub state: ParticipationState,
    pub last_activity_at: i64,
    pub last_open_at: i64,
    pub last_progress_at: Option<i64>,
    pub hold_released: i64,
    pub stored_bytes: i64,
    pub reserved_bytes: i64,
    pub chunk_count: i64,
    pub alarm_at: Option<i64>,
    pub steps_json: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Segment {
    pub seq: u32,
    pub track: Track,
    pub mime: String,
    pub r2_key: String,
    pub upload_id: Option<String>,
    pub offset_ms: i64,
    pub opened_at: i64,
    pub end_ms: i64,
    pub state: SegmentState,
    pub start_ms: i64,
    pub size: Option<i64>,
    pub small_chunk: i64,
    pub bytes: i64,
    /// The quality tier it is recorded at (issue 48; a camera track's is its screen segment's).
    #[serde(default)]
    pub tier: u8,
}

impl Segment {
    /// Chunk `index` of this segment's track.
    pub fn chunk(&self, index: u32) -> ChunkId {
        ChunkId { seq: self.seq, track: self.track, index }
    }
}

/// Columns added to tables after objects had created them: `CREATE TABLE IF NOT EXISTS` leaves an
/// older table as it was, so an object that recorded before them gets them on its next start.
/// (table, the column's name, the statement that adds it)
const COLUMNS_ADDED: &[(&str, &str, &str)] = &[
    ("chunks", "attempt", "ALTER TABLE chunks ADD COLUMN attempt INTEGER NOT NULL DEFAULT 0"),
    ("chunks", "reserved_at", "ALTER TABLE chunks ADD COLUMN reserved_at INTEGER NOT NULL DEFAULT 0"),
    ("segments", "tier", "ALTER TABLE segments ADD COLUMN tier INTEGER NOT NULL DEFAULT 0"),
];

#[derive(Debug, Clone, Deserialize)]
pub struct Chunk {
    pub idx: u32,
    pub size: u64,
    pub end_ms: i64,
    pub stored: i64,
    /// Which reservation of this index the row is (1 for the first); 0 for rows adopted from D1.
    #[serde(default)]
    pub attempt: i64,
    /// When it was reserved, on the request's clock.
    #[serde(default)]
    pub reserved_at: i64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Part {
    pub part_number: u32,
    pub etag: String,
}

/// The object's tables, and the rows this request read and wrote (billed like D1's, and reported
/// to the test server's usage counts).
pub struct Store {
    sql: SqlStorage,
    rows: std::cell::Cell<(usize, usize)>,
}

fn failed(err: worker::Error) -> ApiError {
    ApiError::internal(format!("object SQL: {err}"))
}

pub(crate) fn v(value: impl Into<SqlStorageValue>) -> SqlStorageValue {
    value.into()
}

pub(crate) fn int(value: impl TryInto<i64>) -> SqlStorageValue {
    SqlStorageValue::Integer(value.try_into().unwrap_or(i64::MAX))
}

impl Store {
    /// The object's tables; `create` runs the schema first (once per instance is enough: the
    /// statements are `IF NOT EXISTS`, and compiling six of them on every call is a chunk's cost).
    pub fn new(sql: SqlStorage, create: bool) -> ApiResult<Store> {
        if create {
            for statement in schema::LEDGER.iter().chain(schema::TRANSCRIPTION) {
                sql.exec(statement, None).map_err(failed)?;
            }
        }
        let store = Store { sql, rows: std::cell::Cell::new((0, 0)) };
        if create {
            store.add_columns()?;
        }
        Ok(store)
    }

    /// Brings an older object's tables up to [`schema::LEDGER`]'s (see [`COLUMNS_ADDED`]): SQLite
    /// keeps each table's `CREATE` statement up to date with the columns added since.
    fn add_columns(&self) -> ApiResult<()> {
        #[derive(Deserialize)]
        struct Table {
            name: String,
            sql: String,
        }
        let tables = self.rows::<Table>(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name IN ('chunks', 'segments')",
            vec![],
        )?;
        for (table, column, statement) in COLUMNS_ADDED {
            if tables.iter().any(|t| t.name == *table && !t.sql.contains(column)) {
                self.run(statement, vec![])?;
            }
        }
        Ok(())
    }

    /// Rows read and written through this store so far.
    pub fn rows_counted(&self) -> (usize, usize) {
        self.rows.get()
    }

    fn count(&self, cursor: &worker::SqlCursor) {
        let (read, written) = self.rows.get();
        self.rows.set((read + cursor.rows_read(), written + cursor.rows_written()));
    }

    pub(crate) fn rows<T: serde::de::DeserializeOwned>(
        &self,
        query: &str,
        binds: Vec<SqlStorageValue>,
    ) -> ApiResult<Vec<T>> {
        let cursor = self.sql.exec(query, binds).map_err(failed)?;
        let rows = cursor.to_array::<T>().map_err(failed)?;
        self.count(&cursor);
        Ok(rows)
    }

    /// The one column of each row, named `value` in the SQL (as D1's `Results::values`).
    pub(crate) fn values<T: serde::de::DeserializeOwned>(
        &self,
        query: &str,
        binds: Vec<SqlStorageValue>,
    ) -> ApiResult<Vec<T>> {
        Ok(self.rows::<crate::platform::db::Value<T>>(query, binds)?.into_iter().map(|row| row.value).collect())
    }

    pub(crate) fn run(&self, query: &str, binds: Vec<SqlStorageValue>) -> ApiResult<()> {
        let cursor = self.sql.exec(query, binds).map_err(failed)?;
        // Stepping the cursor to its end finishes the statement, so its counts are final.
        let _ = cursor.raw().count();
        self.count(&cursor);
        Ok(())
    }

    pub fn meta(&self) -> ApiResult<Option<Meta>> {
        Ok(self.rows::<Meta>("SELECT * FROM meta WHERE id = 1", vec![])?.into_iter().next())
    }

    pub fn init(&self, entry_id: &str, analysis_id: &str, capability: &str, camera: &str, now: i64) -> ApiResult<()> {
        self.run(
            "INSERT INTO meta (id, entry_id, analysis_id, capability, camera, created_at, last_activity_at, last_open_at) \
             VALUES (1, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            vec![v(entry_id), v(analysis_id), v(capability), v(camera), int(now), int(now), int(now)],
        )
    }

    pub fn set_state(&self, state: ParticipationState) -> ApiResult<()> {
        self.run("UPDATE meta SET state = ? WHERE id = 1", vec![v(state.as_str())])
    }

    pub fn set_alarm_at(&self, at: Option<i64>) -> ApiResult<()> {
        self.run("UPDATE meta SET alarm_at = ? WHERE id = 1", vec![at.map(int).unwrap_or(SqlStorageValue::Null)])
    }

    pub fn touch(&self, now: i64) -> ApiResult<()> {
        self.run("UPDATE meta SET last_activity_at = MAX(last_activity_at, ?) WHERE id = 1", vec![int(now)])
    }

    /// A segment opened: the 5-minute hold without media starts again, D1 holds provisionally.
    pub fn opened(&self, now: i64) -> ApiResult<()> {
        self.run(
            "UPDATE meta SET last_activity_at = MAX(last_activity_at, ?1), last_open_at = MAX(last_open_at, ?1), hold_released = 0 WHERE id = 1",
            vec![int(now)],
        )
    }

    pub fn hold_released(&self, released: bool) -> ApiResult<()> {
        self.run("UPDATE meta SET hold_released = ? WHERE id = 1", vec![int(i64::from(released))])
    }

    pub fn segments(&self) -> ApiResult<Vec<Segment>> {
        self.rows("SELECT * FROM segments ORDER BY track DESC, seq", vec![])
    }

    pub fn segment(&self, seq: u32, track: Track) -> ApiResult<Option<Segment>> {
        Ok(self
            .rows::<Segment>("SELECT * FROM segments WHERE seq = ? AND track = ?", vec![int(seq), v(track.as_str())])?
            .into_iter()
            .next())
    }

    pub fn insert_segment(&self, s: &Segment) -> ApiResult<()> {
        self.run(
            "INSERT INTO segments (seq, track, mime, r2_key, upload_id, offset_ms, opened_at, end_ms, state, start_ms, size, tier) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (seq, track) DO NOTHING",
            vec![
                int(s.seq),
                v(s.track.as_str()),
                v(s.mime.as_str()),
                v(s.r2_key.as_str()),
                v(s.upload_id.clone()),
                int(s.offset_ms),
                int(s.opened_at),
                int(s.end_ms),
                v(s.state.as_str()),
                int(s.start_ms),
                s.size.map(int).unwrap_or(SqlStorageValue::Null),
                int(s.tier),
            ],
        )
    }

    /// Whether a screen segment opened after `seq` (its page reloaded since).
    pub fn has_later_screen(&self, seq: u32) -> ApiResult<bool> {
        Ok(!self
            .values::<u32>(
                "SELECT seq AS value FROM segments WHERE track = ? AND seq > ? LIMIT 1",
                vec![v(Track::Screen.as_str()), int(seq)],
            )?
            .is_empty())
    }

    /// Moves every segment (all its tracks, and its audio for the transcript) to where the earlier
    /// screen segments' recorded lengths put it (`lupa_core::ledger::settled_offsets`); answers the
    /// ones that moved, with their new offset.
    pub fn settle_offsets(&self) -> ApiResult<Vec<(u32, i64)>> {
        let screens: Vec<Segment> = self.segments()?.into_iter().filter(|s| s.track == Track::Screen).collect();
        let lengths: Vec<(u32, i64)> = screens.iter().map(|s| (s.seq, s.end_ms)).collect();
        let mut moved = Vec::new();
        for (seq, offset) in lupa_core::ledger::settled_offsets(&lengths) {
            let Some(was) = screens.iter().find(|s| s.seq == seq).map(|s| s.offset_ms) else { continue };
            if was == offset {
                continue;
            }
            self.run("UPDATE segments SET offset_ms = ? WHERE seq = ?", vec![int(offset), int(seq)])?;
            self.run(
                "UPDATE audio_tracks SET offset_ms = offset_ms + ? WHERE seq = ?",
                vec![int(offset - was), int(seq)],
            )?;
            moved.push((seq, offset));
        }
        Ok(moved)
    }

    pub fn set_upload(&self, seq: u32, track: Track, upload_id: &str) -> ApiResult<()> {
        self.run(
            "UPDATE segments SET upload_id = ? WHERE seq = ? AND track = ? AND upload_id IS NULL",
            vec![v(upload_id), int(seq), v(track.as_str())],
        )
    }

    pub fn set_camera_start(&self, seq: u32, start_ms: i64) -> ApiResult<()> {
        self.run(
            "UPDATE segments SET start_ms = ? WHERE seq = ? AND track = ?",
            vec![int(start_ms), int(seq), v(Track::Camera.as_str())],
        )
    }

    pub fn close_segment(&self, seq: u32, track: Track, state: SegmentState, size: u64, end_ms: i64) -> ApiResult<()> {
        let track = track.as_str();
        self.run(
            "UPDATE segments SET state = ?, size = ?, end_ms = ?, upload_id = NULL WHERE seq = ? AND track = ?",
            vec![v(state.as_str()), int(size), int(end_ms), int(seq), v(track)],
        )?;
        self.run("DELETE FROM chunks WHERE seq = ? AND track = ?", vec![int(seq), v(track)])?;
        self.run("DELETE FROM parts WHERE seq = ? AND track = ?", vec![int(seq), v(track)])
    }

    pub fn chunk(&self, id: ChunkId) -> ApiResult<Option<Chunk>> {
        Ok(self
            .rows::<Chunk>("SELECT idx, size, end_ms, stored, attempt, reserved_at FROM chunks WHERE seq = ? AND track = ? AND idx = ?", vec![int(id.seq), v(id.track.as_str()), int(id.index)])?
            .into_iter()
            .next())
    }

    /// Stored chunks of a segment, in order.
    pub fn stored_chunks(&self, seq: u32, track: Track) -> ApiResult<Vec<Chunk>> {
        self.rows(
            "SELECT idx, size, end_ms, stored FROM chunks WHERE seq = ? AND track = ? AND stored = 1 ORDER BY idx",
            vec![int(seq), v(track.as_str())],
        )
    }

    /// Reserves a chunk's bytes; the request is activity. A reservation the caller found stale
    /// (`previous`) is replaced, and its bytes given back. Answers the reservation's `attempt`.
    pub fn reserve(&self, id: ChunkId, size: u64, end_ms: i64, previous: Option<&Chunk>, now: i64) -> ApiResult<i64> {
        let (refund, counted, attempt) = match previous {
            Some(chunk) => (chunk.size, 0, chunk.attempt + 1),
            None => (0, 1, 1),
        };
        self.run(
            "INSERT INTO chunks (seq, track, idx, size, end_ms, stored, attempt, reserved_at) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6, ?7) \
             ON CONFLICT (seq, track, idx) DO UPDATE SET size = excluded.size, end_ms = excluded.end_ms, attempt = excluded.attempt, \
             reserved_at = excluded.reserved_at",
            vec![int(id.seq), v(id.track.as_str()), int(id.index), int(size), int(end_ms), int(attempt), int(now)],
        )?;
        self.run(
            "UPDATE meta SET reserved_bytes = reserved_bytes - ? + ?, chunk_count = chunk_count + ?, last_activity_at = MAX(last_activity_at, ?) WHERE id = 1",
            vec![int(refund), int(size), int(counted), int(now)],
        )?;
        Ok(attempt)
    }

    /// The body is in R2: the reservation becomes stored bytes, the segment grows; `progress_at`
    /// when the recording grew (activity for the hold, `lupa_core::ledger::progress`).
    pub fn store(&self, seq: u32, track: Track, chunk: &Chunk, small: bool, progress_at: Option<i64>) -> ApiResult<()> {
        let track = track.as_str();
        self.run(
            "UPDATE chunks SET stored = 1 WHERE seq = ? AND track = ? AND idx = ?",
            vec![int(seq), v(track), int(chunk.idx)],
        )?;
        self.run(
            "UPDATE meta SET reserved_bytes = MAX(reserved_bytes - ?1, 0), stored_bytes = stored_bytes + ?1, \
             last_progress_at = COALESCE(MAX(COALESCE(last_progress_at, 0), ?2), last_progress_at), \
             last_activity_at = MAX(last_activity_at, COALESCE(?2, 0)) WHERE id = 1",
            vec![int(chunk.size), progress_at.map(int).unwrap_or(SqlStorageValue::Null)],
        )?;
        self.run(
            "UPDATE segments SET end_ms = MAX(end_ms, ?), bytes = bytes + ?, small_chunk = MAX(small_chunk, ?) WHERE seq = ? AND track = ?",
            vec![int(chunk.end_ms), int(chunk.size), int(i64::from(small)), int(seq), v(track)],
        )
    }

    /// The body never reached R2: the reservation is given back.
    pub fn release(&self, seq: u32, track: Track, chunk: &Chunk) -> ApiResult<()> {
        self.run(
            "DELETE FROM chunks WHERE seq = ? AND track = ? AND idx = ? AND stored = 0",
            vec![int(seq), v(track.as_str()), int(chunk.idx)],
        )?;
        self.run(
            "UPDATE meta SET reserved_bytes = MAX(reserved_bytes - ?, 0), chunk_count = MAX(chunk_count - 1, 0) WHERE id = 1",
            vec![int(chunk.size)],
        )
    }

    pub fn save_steps(&self, steps_json: &str, now: i64) -> ApiResult<()> {
        self.run(
            "UPDATE meta SET steps_json = ?, last_activity_at = MAX(last_activity_at, ?) WHERE id = 1",
            vec![v(steps_json), int(now)],
        )
    }

    pub fn part_count(&self, seq: u32, track: Track) -> ApiResult<u64> {
        let counts = self.values::<i64>(
            "SELECT COUNT(*) AS value FROM parts WHERE seq = ? AND track = ?",
            vec![int(seq), v(track.as_str())],
        )?;
        Ok(counts.first().map_or(0, |n| (*n).max(0) as u64))
    }

    pub fn parts(&self, seq: u32, track: Track) -> ApiResult<Vec<Part>> {
        self.rows(
            "SELECT part_number, etag FROM parts WHERE seq = ? AND track = ? ORDER BY part_number",
            vec![int(seq), v(track.as_str())],
        )
    }

    pub fn save_part(&self, seq: u32, track: Track, number: u32, etag: &str, size: i64) -> ApiResult<()> {
        self.run(
            "INSERT INTO parts (seq, track, part_number, etag, size) VALUES (?, ?, ?, ?, ?) \
             ON CONFLICT (seq, track, part_number) DO UPDATE SET etag = excluded.etag, size = excluded.size",
            vec![int(seq), v(track.as_str()), int(number), v(etag), int(size)],
        )
    }

    pub fn adopt_chunk(&self, id: ChunkId, size: i64, end_ms: i64) -> ApiResult<()> {
        let (seq, track, idx) = (id.seq, id.track.as_str(), id.index);
        self.run(
            "INSERT INTO chunks (seq, track, idx, size, end_ms, stored) VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT DO NOTHING",
            vec![int(seq), v(track), int(idx), int(size), int(end_ms)],
        )?;
        self.run(
            "UPDATE segments SET end_ms = MAX(end_ms, ?1), bytes = bytes + ?2 WHERE seq = ?3 AND track = ?4",
            vec![int(end_ms), int(size), int(seq), v(track)],
        )?;
        self.run(
            "UPDATE meta SET stored_bytes = stored_bytes + ?, chunk_count = chunk_count + 1 WHERE id = 1",
            vec![int(size)],
        )
    }

    /// Forgets the ledger (after a deletion, or once D1 has the submitted participation).
    /// Remembers the files to index after Finish.
    pub fn queue_index(&self, keys: &[String]) -> ApiResult<()> {
        for key in keys {
            self.run("INSERT OR IGNORE INTO to_index (r2_key) VALUES (?1)", vec![v(key.as_str())])?;
        }
        Ok(())
    }

    /// The files still to index.
    pub fn to_index(&self) -> ApiResult<Vec<String>> {
        self.values("SELECT r2_key AS value FROM to_index", vec![])
    }

    pub fn indexed(&self, key: &str) -> ApiResult<()> {
        self.run("DELETE FROM to_index WHERE r2_key = ?1", vec![v(key)])
    }

    pub fn clear_ledger(&self) -> ApiResult<()> {
        self.run("DELETE FROM chunks", vec![])?;
        self.run("DELETE FROM parts", vec![])?;
        self.run("DELETE FROM segments", vec![])
    }
}
