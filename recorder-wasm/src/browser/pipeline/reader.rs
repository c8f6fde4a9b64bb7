//! MediaRecorder's chunks, strictly in order, onto the device: one reader task drains a queue,
//! cuts each chunk into upload chunks (Blob slices, no copy), writes each to IndexedDB and only
//! then hands it to the upload machine. A chunk IndexedDB refuses stays in memory instead, and
//! recording goes on. The Blob is dropped as soon as it is on the device: the upload reads it back.

use std::rc::Rc;

use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use web_sys::Blob;

use super::{Item, Pipeline};
use crate::browser::js::now_ms;
use crate::browser::media::MediaEvent;
use crate::browser::store::Record;
use crate::upload::Place;

impl Pipeline {
    /// Events of the MediaRecorder of `generation` (a tier change starts a new one beside the
    /// old, which still delivers its last chunk).
    pub(super) fn media_sink(&self, generation: u32) -> Rc<dyn Fn(MediaEvent)> {
        let weak = self.weak();
        Rc::new(move |event| {
            Self::later(&weak, move |p| match event {
                MediaEvent::Data(blob, at) => {
                    p.live_chunk(generation, at);
                    p.enqueue(Item::Blob(blob, at, generation))
                }
                MediaEvent::Stopped => p.enqueue(Item::End(Some(generation))),
                MediaEvent::Error(message) => {
                    if let Some(s) = p.inner.borrow_mut().session.as_mut() {
                        s.media_error(&message);
                    }
                    p.pump();
                }
            })
        })
    }

    pub(super) fn enqueue(&self, item: Item) {
        self.inner.borrow_mut().queue.push_back(item);
        self.kick_reader();
    }

    /// One reader at a time: device writes are asynchronous and must not overtake each other.
    pub(super) fn kick_reader(&self) {
        {
            let mut inner = self.inner.borrow_mut();
            if inner.reading || inner.queue.is_empty() {
                return;
            }
            inner.reading = true;
        }
        let this = self.clone();
        spawn_local(async move { this.read_queue().await });
    }

    async fn read_queue(&self) {
        loop {
            let item = {
                let mut inner = self.inner.borrow_mut();
                match inner.queue.pop_front() {
                    Some(item) => item,
                    None => {
                        inner.reading = false;
                        return;
                    }
                }
            };
            match item {
                Item::Blob(blob, at, generation) => self.store_chunk(&blob, at, generation).await,
                Item::End(Some(generation)) if self.draining_generation() == Some(generation) => {
                    let mut inner = self.inner.borrow_mut();
                    inner.draining_media = None;
                    if let Some(s) = inner.session.as_mut() {
                        s.media_stopped_from(generation, now_ms());
                    }
                }
                Item::End(Some(generation)) if self.current_generation() != Some(generation) => {}
                Item::End(_) => {
                    let mut inner = self.inner.borrow_mut();
                    inner.stop_timer = None;
                    // The recorder is inactive now; its closures are no longer needed.
                    inner.media = None;
                    if let Some(s) = inner.session.as_mut() {
                        s.media_stopped(now_ms());
                    }
                }
            }
            self.pump();
        }
    }

    /// Cuts one MediaRecorder chunk and stores its pieces, each before it may be uploaded.
    async fn store_chunk(&self, blob: &Blob, at: f64, generation: u32) {
        let size = blob.size() as u64;
        let (chunks, store, api, base_ms, mime) = {
            let mut inner = self.inner.borrow_mut();
            let Some(s) = inner.session.as_mut() else { return };
            let chunks = s.cut_from(generation, size, at);
            let (base_ms, mime) = (s.base_ms_of(generation), s.mime_of(generation).to_string());
            (chunks, inner.store.clone(), inner.api.clone(), base_ms, mime)
        };
        for chunk in chunks {
            let piece = if chunk.start == 0 && chunk.end == size {
                Ok(blob.clone())
            } else {
                blob.slice_with_f64_and_f64(chunk.start as f64, chunk.end as f64)
            };
            let Ok(piece) = piece else {
                if let Some(s) = self.inner.borrow_mut().session.as_mut() {
                    s.media_error("could not read the recorded data");
                }
                return;
            };
            let record = Record {
                key: chunk.key,
                end_ms: chunk.end_ms,
                offset_ms: base_ms,
                size: chunk.end - chunk.start,
                mime: &mime,
            };
            let place = match &store {
                Some(store) => match store.put(api.device_key(), &record, &piece).await {
                    Ok(()) => Place::Device,
                    Err(reason) => {
                        web_sys::console::warn_1(&JsValue::from(format!(
                            "Lupa recorder: chunk kept in memory, the device refused it ({reason})"
                        )));
                        Place::Memory
                    }
                },
                None => Place::Memory,
            };
            let mut inner = self.inner.borrow_mut();
            if inner.discarded {
                // abort() ran during the write and may have cleared the device before it landed.
                if let (Place::Device, Some(store)) = (place, store.clone()) {
                    let entry = api.clone();
                    spawn_local(async move {
                        let _ = store.delete(entry.device_key(), chunk.key).await;
                    });
                }
                return;
            }
            if place == Place::Memory {
                inner.memory.insert(chunk.key, piece);
            }
            if let Some(s) = inner.session.as_mut() {
                s.stored(&chunk, place);
            }
            drop(inner);
            self.pump();
        }
    }
}
