//! MediaRecorder's chunks, strictly in order: Blob reads are asynchronous, so one reader task
//! drains a queue instead of letting reads race.

use std::rc::Rc;

use js_sys::Uint8Array;
use wasm_bindgen_futures::{spawn_local, JsFuture};

use super::{Item, Pipeline};
use crate::browser::js::now_ms;
use crate::browser::media::MediaEvent;

impl Pipeline {

    pub(super) fn media_sink(&self) -> Rc<dyn Fn(MediaEvent)> {
        let weak = self.weak();
        Rc::new(move |event| {
            Self::later(&weak, move |p| match event {
                MediaEvent::Data(blob) => p.enqueue(Item::Blob(blob)),
                MediaEvent::Stopped => p.enqueue(Item::End),
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

    /// One reader at a time: Blob reads are asynchronous and must not overtake each other.
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

    pub(super) async fn read_queue(&self) {
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
                Item::Bytes(bytes) => self.chunk(&bytes),
                Item::Blob(blob) => match JsFuture::from(blob.array_buffer()).await {
                    Ok(buffer) => self.chunk(&Uint8Array::new(&buffer).to_vec()),
                    Err(_) => {
                        if let Some(s) = self.inner.borrow_mut().session.as_mut() {
                            s.media_error("could not read the recorded data");
                        }
                    }
                },
                Item::End => {
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

    pub(super) fn chunk(&self, bytes: &[u8]) {
        if let Some(s) = self.inner.borrow_mut().session.as_mut() {
            s.chunk(bytes);
        }
    }
}
