//! Shared pieces of the browser tests: the fake chunk API and device helpers (fake_server.js) and
//! small helpers.
#![allow(dead_code)]

use js_sys::{Array, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/tests/support/fake_server.js")]
extern "C" {
    #[wasm_bindgen(js_name = installFakeServer)]
    fn install_fake_server(options: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = uninstallFakeServer)]
    fn uninstall_fake_server(entry_id: &str);
    #[wasm_bindgen(js_name = joinedSegment)]
    fn joined_segment(server: &JsValue, segment: u32) -> Uint8Array;
    #[wasm_bindgen(js_name = segmentChunks)]
    fn segment_chunks(server: &JsValue, segment: u32) -> Array;
    #[wasm_bindgen(js_name = cameraSegment)]
    fn camera_segment(server: &JsValue, segment: u32) -> JsValue;
    #[wasm_bindgen(js_name = sleep)]
    fn sleep_promise(ms: f64) -> Promise;
    #[wasm_bindgen(js_name = fakeCameraAndMic)]
    fn fake_camera_and_mic_promise() -> Promise;
    #[wasm_bindgen(js_name = deviceChunks)]
    fn device_chunks_promise(entry_id: &str) -> Promise;
    #[wasm_bindgen(js_name = refuseDeviceWrites)]
    pub fn refuse_device_writes(refuse: bool);
    #[wasm_bindgen(js_name = hideIndexedDb)]
    pub fn hide_indexed_db(hide: bool);
    #[wasm_bindgen(js_name = fireOnline)]
    pub fn fire_online();
    #[wasm_bindgen(js_name = limitMessage)]
    pub fn limit_message() -> String;
}

/// The fake server's options (see fake_server.js).
pub struct Options {
    pub entry_id: &'static str,
    pub chunk_max_bytes: f64,
    pub recorded_ms: f64,
    pub latency_ms: f64,
    pub fail_every: u32,
    pub forbid: bool,
    pub limit_bytes: f64,
    /// Each chunk's first this many PUTs answer 409 `chunk_in_flight` (an earlier upload of it
    /// the server still holds as under way, ADR 0013).
    pub in_flight_first: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            entry_id: "entry",
            chunk_max_bytes: 4_194_304.0,
            recorded_ms: 0.0,
            latency_ms: 5.0,
            fail_every: 0,
            forbid: false,
            limit_bytes: 0.0,
            in_flight_first: 0,
        }
    }
}

/// A chunk as the fake server stored it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stored {
    pub index: u32,
    pub size: f64,
    pub end_ms: f64,
}

/// A chunk as IndexedDB holds it (read without the recorder's code).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OnDevice {
    pub segment: u32,
    pub index: u32,
    pub size: f64,
    pub end_ms: f64,
    pub offset_ms: f64,
    /// Size of the stored Blob (-1 when the bytes are not a Blob).
    pub blob_size: f64,
}

/// The installed fake; its recorded traffic is read through the getters.
pub struct FakeServer(JsValue, &'static str);

impl FakeServer {
    pub fn install(o: Options) -> Self {
        let options = Object::new();
        for (key, value) in [
            ("entryId", JsValue::from(o.entry_id)),
            ("chunkMaxBytes", o.chunk_max_bytes.into()),
            ("recordedMs", o.recorded_ms.into()),
            ("latencyMs", o.latency_ms.into()),
            ("failEvery", o.fail_every.into()),
            ("forbid", o.forbid.into()),
            ("limitBytes", o.limit_bytes.into()),
            ("inFlightFirst", o.in_flight_first.into()),
        ] {
            Reflect::set(&options, &key.into(), &value).unwrap();
        }
        FakeServer(install_fake_server(&options), o.entry_id)
    }

    pub fn get(&self, key: &str) -> JsValue {
        Reflect::get(&self.0, &key.into()).unwrap()
    }

    pub fn number(&self, key: &str) -> f64 {
        self.get(key).as_f64().unwrap()
    }

    /// Every request fails as a dropped connection while set.
    pub fn set_offline(&self, offline: bool) {
        Reflect::set(&self.0, &"offline".into(), &offline.into()).unwrap();
    }

    /// A segment's chunks joined in index order.
    pub fn joined(&self, segment: u32) -> Vec<u8> {
        joined_segment(&self.0, segment).to_vec()
    }

    pub fn chunks(&self, segment: u32) -> Vec<Stored> {
        segment_chunks(&self.0, segment)
            .iter()
            .map(|c| {
                let c = Array::from(&c);
                Stored {
                    index: c.get(0).as_f64().unwrap() as u32,
                    size: c.get(1).as_f64().unwrap(),
                    end_ms: c.get(2).as_f64().unwrap(),
                }
            })
            .collect()
    }

    /// The camera file of a segment: where it starts on the screen's (`x-lupa-start-ms`), and its
    /// chunks; None when the segment has no camera track.
    pub fn camera(&self, segment: u32) -> Option<(Option<f64>, Vec<Stored>)> {
        let value = camera_segment(&self.0, segment);
        if value.is_null() {
            return None;
        }
        let list = Array::from(&value);
        let chunks = list
            .iter()
            .skip(1)
            .map(|c| {
                let c = Array::from(&c);
                Stored {
                    index: c.get(0).as_f64().unwrap() as u32,
                    size: c.get(1).as_f64().unwrap(),
                    end_ms: c.get(2).as_f64().unwrap(),
                }
            })
            .collect();
        Some((list.get(0).as_f64(), chunks))
    }

    /// "METHOD /suffix" of every request, in order.
    pub fn log(&self) -> Vec<String> {
        Array::from(&self.get("log")).iter().map(|v| v.as_string().unwrap()).collect()
    }

    /// A field of the JSON body of the segment opening (`started`) or completion (`completed`).
    pub fn body_field(&self, body: &str, key: &str) -> JsValue {
        Reflect::get(&self.get(body), &key.into()).unwrap()
    }

    /// `[(index, atMs)]` of the last step list the server got.
    pub fn steps(&self, body: &str) -> Vec<(u32, f64)> {
        let list = if body == "steps" { self.get("steps") } else { self.body_field(body, "steps") };
        if list.is_null() || list.is_undefined() {
            return Vec::new();
        }
        Array::from(&list)
            .iter()
            .map(|m| {
                (
                    Reflect::get(&m, &"index".into()).unwrap().as_f64().unwrap() as u32,
                    Reflect::get(&m, &"atMs".into()).unwrap().as_f64().unwrap(),
                )
            })
            .collect()
    }
}

impl Drop for FakeServer {
    fn drop(&mut self) {
        uninstall_fake_server(self.1);
    }
}

pub async fn sleep(ms: f64) {
    JsFuture::from(sleep_promise(ms)).await.unwrap();
}

/// Polls `condition` every 20 ms for up to `ms`; whether it became true.
pub async fn eventually(ms: f64, mut condition: impl FnMut() -> bool) -> bool {
    let mut waited = 0.0;
    while !condition() {
        if waited >= ms {
            return false;
        }
        sleep(20.0).await;
        waited += 20.0;
    }
    true
}

pub async fn fake_camera_and_mic() -> web_sys::MediaStream {
    JsFuture::from(fake_camera_and_mic_promise()).await.unwrap().into()
}

pub async fn device_chunks(entry_id: &str) -> Vec<OnDevice> {
    let list: Array = JsFuture::from(device_chunks_promise(entry_id)).await.unwrap().into();
    list.iter()
        .map(|c| {
            let c = Array::from(&c);
            let n = |i: u32| c.get(i).as_f64().unwrap();
            OnDevice {
                segment: n(0) as u32,
                index: n(1) as u32,
                size: n(2),
                end_ms: n(3),
                offset_ms: n(4),
                blob_size: n(5),
            }
        })
        .collect()
}

/// `error.name` of a rejected promise's value.
pub fn error_name(error: &JsValue) -> String {
    Reflect::get(error, &"name".into()).unwrap().as_string().unwrap()
}

pub fn error_message(error: &JsValue) -> String {
    Reflect::get(error, &"message".into()).unwrap().as_string().unwrap()
}

/// A field of a plain JS object (a state snapshot, a `pending()` answer).
pub fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).unwrap()
}

/// Deterministic bytes (xorshift32) so a mismatch is not hidden by a repeating pattern.
pub fn bytes(len: usize, seed: &mut u32) -> Vec<u8> {
    (0..len)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 17;
            *seed ^= *seed << 5;
            *seed as u8
        })
        .collect()
}

/// The size of the WASM linear memory (it only grows).
pub fn wasm_memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory.buffer().unchecked_into::<js_sys::ArrayBuffer>().byte_length() as f64
}
