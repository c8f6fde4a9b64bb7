//! An analysis's transcription setting as the API shows it (ADR 0018). Apart from the transcript
//! routes, which read analyses, so the analysis's own DTO can use it without a cycle.

use lupa_api_types::transcript::{TranscriptLanguage, TranscriptionDto};
use lupa_core::transcript::{Language, Setting};

pub fn setting_dto(setting: Setting) -> TranscriptionDto {
    TranscriptionDto {
        enabled: setting.enabled,
        language: language_dto(setting.language),
        summaries: setting.summaries,
    }
}

pub(crate) fn language_dto(language: Language) -> TranscriptLanguage {
    match language {
        Language::Es => TranscriptLanguage::Es,
        Language::En => TranscriptLanguage::En,
    }
}
