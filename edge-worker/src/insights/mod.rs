//! Insights (ADR 0012): the participant's answers after each task and the SUS, the summary's
//! figures, clips and tags across an analysis, highlight reels, and read-only share links for
//! people without an account.

pub mod answers;
pub mod cleanup;
pub mod figures;
pub mod listing;
pub mod playlist;
pub mod reels;
pub mod shared;
pub mod shares;
