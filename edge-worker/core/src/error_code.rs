//! The stable error codes of the API: one enum, so a code is never a free string (ADR 0014's
//! sibling for errors). Clients branch on these; ts-rs exports them to the web as a union
//! (`web/src/lib/api-types/ErrorCode.ts`) and the web maps each to its message in its locale files.
//!
//! Adding a code: a variant here, its message under `errors.<code>` in `web/src/locales/es.json`
//! (and `en.json`), then `npm run check:types -- --write`. A test keeps the locale files complete.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A stable, machine-readable reason for an error answer (`code` in every error body).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ErrorCode {
    AlreadySubscribed,
    AnalysisFull,
    AnalysisNotFound,
    BadChunkIndex,
    BadChunkTime,
    BadClipRange,
    BadEvent,
    BadFilter,
    BadNoteTime,
    BadRole,
    BadSignature,
    BadStatus,
    BadTags,
    BadTitle,
    CameraOff,
    CheckoutClosed,
    ChunkConflict,
    ChunkGone,
    ChunkLength,
    ChunkTooLarge,
    ChunkTooSmall,
    ConsentRequired,
    CrossSite,
    EmailTaken,
    EmptyChunk,
    EmptyNote,
    EmptyRecording,
    EmptyThumbnail,
    ExpiredSignature,
    Internal,
    InvalidAnalysis,
    InvalidAnswer,
    InvalidBody,
    InvalidCredentials,
    InvalidEmail,
    InvalidFields,
    InvalidJson,
    InvalidPasswordChange,
    InvalidPid,
    InvalidReel,
    InvalidRegistration,
    InvalidResetToken,
    InvalidScreenerAnswers,
    InvalidShare,
    InvalidSus,
    InvalidTrack,
    LastAdmin,
    LengthRequired,
    MethodNotAllowed,
    Misconfigured,
    MissingAnalysisId,
    MissingEntryId,
    MissingFields,
    MissingIds,
    MissingRecording,
    MissingResetToken,
    NoParticipation,
    NoPlaces,
    NoQuestions,
    NoScreenSegment,
    NoSegment,
    NoSubscription,
    NoThumbnail,
    NotAdmin,
    NotFound,
    NotJpeg,
    NotYourEntry,
    NoteTooLong,
    ParticipantLogin,
    PasswordMismatch,
    PayloadTooLarge,
    QuestionsOff,
    RateLimited,
    RecordingNotReady,
    RecordingTooLarge,
    RecordingTooLong,
    ScreenedOut,
    SegmentClosed,
    SelfDelete,
    ShareUnavailable,
    SubscriptionRequired,
    SusOff,
    ThumbnailLength,
    ThumbnailTooLarge,
    ThumbnailTooManyPixels,
    TooManyChunks,
    TooManySegments,
    TooManySteps,
    TooManyViewers,
    Unauthorized,
    UnknownPlan,
    UnsupportedMediaType,
    UnsupportedMime,
    UpgradeRequired,
    WeakPassword,
    WrongCurrentPassword,
}

impl ErrorCode {
    /// Every code, for the test below that checks serde writes each as `as_str` names it.
    pub const ALL: &'static [ErrorCode] = &[ErrorCode::AlreadySubscribed, ErrorCode::AnalysisFull, ErrorCode::AnalysisNotFound, ErrorCode::BadChunkIndex, ErrorCode::BadChunkTime, ErrorCode::BadClipRange, ErrorCode::BadEvent, ErrorCode::BadFilter, ErrorCode::BadNoteTime, ErrorCode::BadRole, ErrorCode::BadSignature, ErrorCode::BadStatus, ErrorCode::BadTags, ErrorCode::BadTitle, ErrorCode::CameraOff, ErrorCode::CheckoutClosed, ErrorCode::ChunkConflict, ErrorCode::ChunkGone, ErrorCode::ChunkLength, ErrorCode::ChunkTooLarge, ErrorCode::ChunkTooSmall, ErrorCode::ConsentRequired, ErrorCode::CrossSite, ErrorCode::EmailTaken, ErrorCode::EmptyChunk, ErrorCode::EmptyNote, ErrorCode::EmptyRecording, ErrorCode::EmptyThumbnail, ErrorCode::ExpiredSignature, ErrorCode::Internal, ErrorCode::InvalidAnalysis, ErrorCode::InvalidAnswer, ErrorCode::InvalidBody, ErrorCode::InvalidCredentials, ErrorCode::InvalidEmail, ErrorCode::InvalidFields, ErrorCode::InvalidJson, ErrorCode::InvalidPasswordChange, ErrorCode::InvalidPid, ErrorCode::InvalidReel, ErrorCode::InvalidRegistration, ErrorCode::InvalidResetToken, ErrorCode::InvalidScreenerAnswers, ErrorCode::InvalidShare, ErrorCode::InvalidSus, ErrorCode::InvalidTrack, ErrorCode::LastAdmin, ErrorCode::LengthRequired, ErrorCode::MethodNotAllowed, ErrorCode::Misconfigured, ErrorCode::MissingAnalysisId, ErrorCode::MissingEntryId, ErrorCode::MissingFields, ErrorCode::MissingIds, ErrorCode::MissingRecording, ErrorCode::MissingResetToken, ErrorCode::NoParticipation, ErrorCode::NoPlaces, ErrorCode::NoQuestions, ErrorCode::NoScreenSegment, ErrorCode::NoSegment, ErrorCode::NoSubscription, ErrorCode::NoThumbnail, ErrorCode::NotAdmin, ErrorCode::NotFound, ErrorCode::NotJpeg, ErrorCode::NotYourEntry, ErrorCode::NoteTooLong, ErrorCode::ParticipantLogin, ErrorCode::PasswordMismatch, ErrorCode::PayloadTooLarge, ErrorCode::QuestionsOff, ErrorCode::RateLimited, ErrorCode::RecordingNotReady, ErrorCode::RecordingTooLarge, ErrorCode::RecordingTooLong, ErrorCode::ScreenedOut, ErrorCode::SegmentClosed, ErrorCode::SelfDelete, ErrorCode::ShareUnavailable, ErrorCode::SubscriptionRequired, ErrorCode::SusOff, ErrorCode::ThumbnailLength, ErrorCode::ThumbnailTooLarge, ErrorCode::ThumbnailTooManyPixels, ErrorCode::TooManyChunks, ErrorCode::TooManySegments, ErrorCode::TooManySteps, ErrorCode::TooManyViewers, ErrorCode::Unauthorized, ErrorCode::UnknownPlan, ErrorCode::UnsupportedMediaType, ErrorCode::UnsupportedMime, ErrorCode::UpgradeRequired, ErrorCode::WeakPassword, ErrorCode::WrongCurrentPassword];

    /// The code as it travels in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::AlreadySubscribed => "already_subscribed",
            ErrorCode::AnalysisFull => "analysis_full",
            ErrorCode::AnalysisNotFound => "analysis_not_found",
            ErrorCode::BadChunkIndex => "bad_chunk_index",
            ErrorCode::BadChunkTime => "bad_chunk_time",
            ErrorCode::BadClipRange => "bad_clip_range",
            ErrorCode::BadEvent => "bad_event",
            ErrorCode::BadFilter => "bad_filter",
            ErrorCode::BadNoteTime => "bad_note_time",
            ErrorCode::BadRole => "bad_role",
            ErrorCode::BadSignature => "bad_signature",
            ErrorCode::BadStatus => "bad_status",
            ErrorCode::BadTags => "bad_tags",
            ErrorCode::BadTitle => "bad_title",
            ErrorCode::CameraOff => "camera_off",
            ErrorCode::CheckoutClosed => "checkout_closed",
            ErrorCode::ChunkConflict => "chunk_conflict",
            ErrorCode::ChunkGone => "chunk_gone",
            ErrorCode::ChunkLength => "chunk_length",
            ErrorCode::ChunkTooLarge => "chunk_too_large",
            ErrorCode::ChunkTooSmall => "chunk_too_small",
            ErrorCode::ConsentRequired => "consent_required",
            ErrorCode::CrossSite => "cross_site",
            ErrorCode::EmailTaken => "email_taken",
            ErrorCode::EmptyChunk => "empty_chunk",
            ErrorCode::EmptyNote => "empty_note",
            ErrorCode::EmptyRecording => "empty_recording",
            ErrorCode::EmptyThumbnail => "empty_thumbnail",
            ErrorCode::ExpiredSignature => "expired_signature",
            ErrorCode::Internal => "internal",
            ErrorCode::InvalidAnalysis => "invalid_analysis",
            ErrorCode::InvalidAnswer => "invalid_answer",
            ErrorCode::InvalidBody => "invalid_body",
            ErrorCode::InvalidCredentials => "invalid_credentials",
            ErrorCode::InvalidEmail => "invalid_email",
            ErrorCode::InvalidFields => "invalid_fields",
            ErrorCode::InvalidJson => "invalid_json",
            ErrorCode::InvalidPasswordChange => "invalid_password_change",
            ErrorCode::InvalidPid => "invalid_pid",
            ErrorCode::InvalidReel => "invalid_reel",
            ErrorCode::InvalidRegistration => "invalid_registration",
            ErrorCode::InvalidResetToken => "invalid_reset_token",
            ErrorCode::InvalidScreenerAnswers => "invalid_screener_answers",
            ErrorCode::InvalidShare => "invalid_share",
            ErrorCode::InvalidSus => "invalid_sus",
            ErrorCode::InvalidTrack => "invalid_track",
            ErrorCode::LastAdmin => "last_admin",
            ErrorCode::LengthRequired => "length_required",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::Misconfigured => "misconfigured",
            ErrorCode::MissingAnalysisId => "missing_analysis_id",
            ErrorCode::MissingEntryId => "missing_entry_id",
            ErrorCode::MissingFields => "missing_fields",
            ErrorCode::MissingIds => "missing_ids",
            ErrorCode::MissingRecording => "missing_recording",
            ErrorCode::MissingResetToken => "missing_reset_token",
            ErrorCode::NoParticipation => "no_participation",
            ErrorCode::NoPlaces => "no_places",
            ErrorCode::NoQuestions => "no_questions",
            ErrorCode::NoScreenSegment => "no_screen_segment",
            ErrorCode::NoSegment => "no_segment",
            ErrorCode::NoSubscription => "no_subscription",
            ErrorCode::NoThumbnail => "no_thumbnail",
            ErrorCode::NotAdmin => "not_admin",
            ErrorCode::NotFound => "not_found",
            ErrorCode::NotJpeg => "not_jpeg",
            ErrorCode::NotYourEntry => "not_your_entry",
            ErrorCode::NoteTooLong => "note_too_long",
            ErrorCode::ParticipantLogin => "participant_login",
            ErrorCode::PasswordMismatch => "password_mismatch",
            ErrorCode::PayloadTooLarge => "payload_too_large",
            ErrorCode::QuestionsOff => "questions_off",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::RecordingNotReady => "recording_not_ready",
            ErrorCode::RecordingTooLarge => "recording_too_large",
            ErrorCode::RecordingTooLong => "recording_too_long",
            ErrorCode::ScreenedOut => "screened_out",
            ErrorCode::SegmentClosed => "segment_closed",
            ErrorCode::SelfDelete => "self_delete",
            ErrorCode::ShareUnavailable => "share_unavailable",
            ErrorCode::SubscriptionRequired => "subscription_required",
            ErrorCode::SusOff => "sus_off",
            ErrorCode::ThumbnailLength => "thumbnail_length",
            ErrorCode::ThumbnailTooLarge => "thumbnail_too_large",
            ErrorCode::ThumbnailTooManyPixels => "thumbnail_too_many_pixels",
            ErrorCode::TooManyChunks => "too_many_chunks",
            ErrorCode::TooManySegments => "too_many_segments",
            ErrorCode::TooManySteps => "too_many_steps",
            ErrorCode::TooManyViewers => "too_many_viewers",
            ErrorCode::Unauthorized => "unauthorized",
            ErrorCode::UnknownPlan => "unknown_plan",
            ErrorCode::UnsupportedMediaType => "unsupported_media_type",
            ErrorCode::UnsupportedMime => "unsupported_mime",
            ErrorCode::UpgradeRequired => "upgrade_required",
            ErrorCode::WeakPassword => "weak_password",
            ErrorCode::WrongCurrentPassword => "wrong_current_password",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    #[test]
    fn the_names_serde_writes_are_the_ones_as_str_gives() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(code).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
        }
    }
}
