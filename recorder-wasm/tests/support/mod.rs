//! Shared pieces of the browser tests: the fake upload API (fake_server.js) and small helpers.
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
    #[wasm_bindgen(js_name = joinedParts)]
    fn joined_parts(server: &JsValue) -> Uint8Array;
    #[wasm_bindgen(js_name = partSizes)]
    fn part_sizes(server: &JsValue) -> Array;
    #[wasm_bindgen(js_name = sleep)]
    fn sleep_promise(ms: f64) -> Promise;
    #[wasm_bindgen(js_name = fakeCameraAndMic)]
    fn fake_camera_and_mic_promise() -> Promise;
}

/// The fake server's options (see fake_server.js).
pub struct Options {
    pub entry_id: &'static str,
    pub part_size: f64,
    pub existing_parts: u32,
    pub latency_ms: f64,
    pub fail_every: u32,
    pub forbid: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { entry_id: "entry", part_size: 5_242_880.0, existing_parts: 0, latency_ms: 5.0, fail_every: 0, forbid: false }
    }
}

/// The installed fake; its recorded traffic is read through the getters.
pub struct FakeServer(JsValue, &'static str);

impl FakeServer {
    pub fn install(o: Options) -> Self {
        let options = Object::new();
        for (key, value) in [
            ("entryId", JsValue::from(o.entry_id)),
            ("partSize", JsValue::from(o.part_size)),
            ("existingParts", o.existing_parts.into()),
            ("latencyMs", o.latency_ms.into()),
            ("failEvery", o.fail_every.into()),
            ("forbid", o.forbid.into()),
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

    pub fn joined(&self) -> Vec<u8> {
        joined_parts(&self.0).to_vec()
    }

    pub fn part_sizes(&self) -> Vec<f64> {
        part_sizes(&self.0).iter().map(|v| v.as_f64().unwrap()).collect()
    }

    /// "METHOD /suffix" of every request, in order.
    pub fn log(&self) -> Vec<String> {
        Array::from(&self.get("log")).iter().map(|v| v.as_string().unwrap()).collect()
    }

    /// A field of the JSON body of the upload start (`started`) or completion (`completed`).
    pub fn body_field(&self, body: &str, key: &str) -> JsValue {
        Reflect::get(&self.get(body), &key.into()).unwrap()
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

pub async fn fake_camera_and_mic() -> web_sys::MediaStream {
    JsFuture::from(fake_camera_and_mic_promise()).await.unwrap().into()
}

/// `error.name` of a rejected promise's value.
pub fn error_name(error: &JsValue) -> String {
    Reflect::get(error, &"name".into()).unwrap().as_string().unwrap()
}

pub fn error_message(error: &JsValue) -> String {
    Reflect::get(error, &"message".into()).unwrap().as_string().unwrap()
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
