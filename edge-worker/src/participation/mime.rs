//! The recording formats we store, from `lupa_core::recording_mime` (one list, which the OpenAPI
//! document's pattern is built from too).

pub use lupa_core::recording_mime::*;
