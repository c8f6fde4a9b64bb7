//! Lupa's domain core: the rules of the product with no platform dependency.
//!
//! Everything here runs on the host under `cargo test`; the worker crate only adapts these rules to
//! HTTP, D1 and R2. Keep `worker`, `web-sys` and friends out of this crate.

pub mod ai_summary;
pub mod analysis;
pub mod auth;
pub mod billing;
pub mod camera;
pub mod chunks;
pub mod clips;
pub mod csv;
pub mod deployment;
pub mod error_code;
#[cfg(test)]
mod ffprobe;
pub mod insights;
pub mod json_body;
pub mod ledger;
pub mod mail;
pub mod moderated;
pub mod mp4_index;
pub mod pages;
pub mod participation;
pub mod patterns;
pub mod read_pieces;
pub mod realtime;
pub mod recording;
pub mod recording_mime;
pub mod routes;
pub mod shell_preloads;
pub mod stats;
#[cfg(feature = "stripe")]
pub mod stripe_api;
#[cfg(feature = "stripe")]
pub mod stripe_events;
pub mod stripe_signature;
pub mod study;
pub mod summary;
pub mod sus;
pub mod team;
pub mod thumbnail;
pub mod transcript;
pub mod webm;
pub mod webm_audio;

/// Version reported by `/api/v1/health`; one number for the whole workspace.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
