//! Cryptographically secure random bytes from the runtime's Web Crypto.
//!
//! Binding `crypto.getRandomValues` directly keeps `getrandom` backend flags out of the build.

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(buf: &mut [u8]);
}

/// Fills `buf` with random bytes (at most 65,536 per call, the Web Crypto limit).
pub fn fill(buf: &mut [u8]) {
    for chunk in buf.chunks_mut(65_536) {
        get_random_values(chunk);
    }
}
