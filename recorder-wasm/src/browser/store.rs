//! Chunks on the device (ADR 0005): IndexedDB database `lupa-recorder`, store `chunks`, keyed by
//! `[entryId, segment, index]`; each value holds `endMs`, `offsetMs` (where its segment starts on
//! the timeline), `size`, `mime` and the bytes as a Blob.
//!
//! Blobs, not byte arrays: Chromium keeps a stored Blob on disk and hands back a handle, so
//! listing thousands of chunks or reading one back for its upload costs no copy in the tab's
//! memory, and `fetch` sends it straight from disk.
//!
//! Requests are awaited without Rust closures: the promise's own `resolve`/`reject` are the
//! request's handlers. Only the upgrade handler (which must create the store synchronously) is a
//! closure, owned for the duration of `open`. Every wait is bounded, so a stuck database turns into
//! "not stored" (the chunk then stays in memory) instead of a stuck recorder. `indexedDB` is looked
//! up at call time, so tests can take it away.

use js_sys::{Array, Promise, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, Event, IdbDatabase, IdbFactory, IdbKeyRange, IdbObjectStore, IdbObjectStoreParameters, IdbOpenDbRequest,
    IdbRequest, IdbTransaction, IdbTransactionMode,
};

use super::js::{describe, with_timeout};
use crate::session::LeftChunk;
use crate::upload::ChunkKey;

const DB_NAME: &str = "lupa-recorder";
const DB_VERSION: u32 = 1;
const STORE: &str = "chunks";
/// Opening may wait for another tab's connection; a write of a few MB takes milliseconds.
const TIMEOUT_MS: f64 = 10_000.0;

/// What is stored with a chunk's bytes.
pub struct Record<'a> {
    pub key: ChunkKey,
    pub end_ms: u64,
    pub offset_ms: u64,
    pub size: u64,
    pub mime: &'a str,
}

/// An open connection; closed when dropped.
pub struct Store {
    db: IdbDatabase,
}

impl Drop for Store {
    fn drop(&mut self) {
        self.db.close();
    }
}

impl Store {
    /// None when IndexedDB is missing, refused (some private modes) or does not answer.
    pub async fn open() -> Option<Store> {
        let factory: IdbFactory = Reflect::get(&js_sys::global(), &"indexedDB".into()).ok()?.dyn_into().ok()?;
        let request = factory.open_with_u32(DB_NAME, DB_VERSION).ok()?;
        let upgrade = Closure::<dyn FnMut(Event)>::new(|event: Event| {
            let db = event
                .target()
                .and_then(|t| t.dyn_into::<IdbOpenDbRequest>().ok())
                .and_then(|r| r.result().ok())
                .and_then(|d| d.dyn_into::<IdbDatabase>().ok());
            if let Some(db) = db.filter(|db| !db.object_store_names().contains(STORE)) {
                let params = IdbObjectStoreParameters::new();
                params.set_key_path(&Array::of3(&"entryId".into(), &"segment".into(), &"index".into()));
                let _ = db.create_object_store_with_optional_parameters(STORE, &params);
            }
        });
        request.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
        let opened = settle(&request).await;
        request.set_onupgradeneeded(None);
        let db: IdbDatabase = opened.ok()?.dyn_into().ok()?;
        if !db.object_store_names().contains(STORE) {
            db.close();
            return None;
        }
        Some(Store { db })
    }

    fn store(&self, mode: IdbTransactionMode) -> Result<(IdbTransaction, IdbObjectStore), String> {
        let tx = self.db.transaction_with_str_and_mode(STORE, mode).map_err(|e| describe(&e))?;
        let store = tx.object_store(STORE).map_err(|e| describe(&e))?;
        Ok((tx, store))
    }

    /// A write whose `complete` means "on disk": with the default (relaxed) durability a power
    /// loss or OS crash could still lose a chunk the recorder already counts as safe. One flush a
    /// second is cheap. web-sys has this option only behind its unstable flag, so the call goes
    /// through `Reflect`; a browser that does not know the option ignores it.
    fn durable_store(&self) -> Result<(IdbTransaction, IdbObjectStore), String> {
        let options = js_sys::Object::new();
        Reflect::set(&options, &"durability".into(), &"strict".into()).map_err(|e| describe(&e))?;
        let transaction: js_sys::Function =
            Reflect::get(&self.db, &"transaction".into()).and_then(|f| f.dyn_into()).map_err(|e| describe(&e))?;
        let tx: IdbTransaction =
            Reflect::apply(&transaction, &self.db, &Array::of3(&STORE.into(), &"readwrite".into(), &options))
                .and_then(|t| t.dyn_into())
                .map_err(|e| describe(&e))?;
        let store = tx.object_store(STORE).map_err(|e| describe(&e))?;
        Ok((tx, store))
    }

    /// Writes a chunk and waits until the transaction committed. An error (quota, a refused
    /// Blob, a closed database) means it is not on the device.
    pub async fn put(&self, entry_id: &str, record: &Record<'_>, bytes: &Blob) -> Result<(), String> {
        let value = js_sys::Object::new();
        for (name, v) in [
            ("entryId", JsValue::from(entry_id)),
            ("segment", record.key.segment.into()),
            ("index", record.key.index.into()),
            ("endMs", (record.end_ms as f64).into()),
            ("offsetMs", (record.offset_ms as f64).into()),
            ("size", (record.size as f64).into()),
            ("mime", record.mime.into()),
            ("bytes", bytes.into()),
        ] {
            Reflect::set(&value, &name.into(), &v).map_err(|e| describe(&e))?;
        }
        let (tx, store) = self.durable_store()?;
        store.put(&value).map_err(|e| describe(&e))?;
        committed(&tx).await
    }

    /// A chunk's bytes; `None` when it is not (or no longer) stored.
    pub async fn get(&self, entry_id: &str, key: ChunkKey) -> Result<Option<Blob>, String> {
        let (_tx, store) = self.store(IdbTransactionMode::Readonly)?;
        let request = store.get(&key_of(entry_id, key)).map_err(|e| describe(&e))?;
        let value = settle(&request).await?;
        if value.is_undefined() || value.is_null() {
            return Ok(None);
        }
        Ok(Reflect::get(&value, &"bytes".into()).ok().and_then(|b| b.dyn_into::<Blob>().ok()))
    }

    pub async fn delete(&self, entry_id: &str, key: ChunkKey) -> Result<(), String> {
        let (tx, store) = self.store(IdbTransactionMode::Readwrite)?;
        store.delete(&key_of(entry_id, key)).map_err(|e| describe(&e))?;
        committed(&tx).await
    }

    /// Every chunk of the entry, in key order (what earlier tabs left behind).
    pub async fn list(&self, entry_id: &str) -> Result<Vec<LeftChunk>, String> {
        let (_tx, store) = self.store(IdbTransactionMode::Readonly)?;
        let request = store.get_all_with_key(&entry_range(entry_id)?).map_err(|e| describe(&e))?;
        let values: Array = settle(&request).await?.dyn_into().map_err(|_| "not a list".to_string())?;
        Ok(values.iter().filter_map(|v| left_chunk(&v)).collect())
    }

    /// Deletes every chunk of the entry.
    pub async fn clear(&self, entry_id: &str) -> Result<(), String> {
        let (tx, store) = self.store(IdbTransactionMode::Readwrite)?;
        store.delete(&entry_range(entry_id)?).map_err(|e| describe(&e))?;
        committed(&tx).await
    }
}

fn key_of(entry_id: &str, key: ChunkKey) -> JsValue {
    Array::of3(&entry_id.into(), &key.segment.into(), &key.index.into()).into()
}

/// All keys `[entryId, …]`: `[entryId]` sorts before them and `[entryId, []]` after (arrays sort
/// after numbers).
fn entry_range(entry_id: &str) -> Result<JsValue, String> {
    let lower = Array::of1(&entry_id.into());
    let upper = Array::of2(&entry_id.into(), &Array::new());
    IdbKeyRange::bound(&lower, &upper).map(JsValue::from).map_err(|e| describe(&e))
}

/// A stored value's numbers, if they are sane (a value written by something else is skipped).
fn left_chunk(value: &JsValue) -> Option<LeftChunk> {
    let number = |name: &str| {
        Reflect::get(value, &name.into()).ok()?.as_f64().filter(|v| v.is_finite() && *v >= 0.0 && v.fract() == 0.0)
    };
    let (segment, index) = (number("segment")?, number("index")?);
    if segment > f64::from(u32::MAX) || index > f64::from(u32::MAX) {
        return None;
    }
    Some(LeftChunk {
        key: ChunkKey { segment: segment as u32, index: index as u32 },
        size: number("size")? as u64,
        end_ms: number("endMs")? as u64,
        offset_ms: number("offsetMs").unwrap_or(0.0) as u64,
    })
}

/// The request's result once it succeeded; its error otherwise.
async fn settle(request: &IdbRequest) -> Result<JsValue, String> {
    let promise = Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    let outcome = JsFuture::from(with_timeout(&promise, TIMEOUT_MS)).await;
    request.set_onsuccess(None);
    request.set_onerror(None);
    match outcome {
        Ok(_) => request.result().map_err(|e| describe(&e)),
        Err(e) => Err(request
            .error()
            .ok()
            .flatten()
            .map_or_else(|| describe(&e), |d| format!("{}: {}", d.name(), d.message()))),
    }
}

/// Waits for the transaction to commit; an abort (quota exceeded) or error is its `error`.
async fn committed(tx: &IdbTransaction) -> Result<(), String> {
    let promise = Promise::new(&mut |resolve, reject| {
        tx.set_oncomplete(Some(&resolve));
        tx.set_onerror(Some(&reject));
        tx.set_onabort(Some(&reject));
    });
    let outcome = JsFuture::from(with_timeout(&promise, TIMEOUT_MS)).await;
    tx.set_oncomplete(None);
    tx.set_onerror(None);
    tx.set_onabort(None);
    outcome.map(drop).map_err(|e| tx.error().map_or_else(|| describe(&e), |d| format!("{}: {}", d.name(), d.message())))
}
