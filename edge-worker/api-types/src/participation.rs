//! The participant's side: the invite's checks, what a participation needs to run, resuming it
//! and submitting it (`/api/v1/analysis/participate`, `/api/v1/participation/current`, …).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::wire_enums::EntrySubmitted;
use crate::{Camera, EntryAnswersDto, ParticipantScreenerQuestion, StepMark, StudyQuestionDto, StudyQuestionsDto};

/// `POST /api/v1/analysis/validate-participation` and `/participate`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(example = crate::examples::participation())]
pub struct ParticipationRequest {
    #[schemars(with = "String", regex(pattern = lupa_core::patterns::NOT_BLANK))]
    pub analysisId: Option<String>,
    /// The panel's participant id from the invite link (ADR 0017).
    #[serde(default)]
    #[ts(optional = nullable)]
    #[schemars(regex(pattern = lupa_core::patterns::PARTICIPANT_ID_OR_BLANK))]
    pub pid: Option<String>,
    /// The screener answers (as sent to `/analysis/screen`), checked again before a place is taken.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub screener: Option<Vec<Vec<u32>>>,
    /// A moderated session's link token (`?session=`, ADR 0024): the participation is the
    /// session's recording. 404 'La sesión no existe o ha terminado.' when it is not a live session
    /// of this analysis; nothing is claimed then.
    #[serde(default)]
    #[ts(optional = nullable)]
    #[schemars(regex(pattern = lupa_core::patterns::TOKEN))]
    pub sessionToken: Option<String>,
}

/// `POST /api/v1/analysis/{id}/uplink-probe`: how many bytes of the probe the server received
/// (issue 48). The tab times the upload itself; the bytes are read and dropped, never stored.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct UplinkProbeResponse {
    #[ts(type = "number")]
    #[schemars(range(max = lupa_core::participation::UPLINK_PROBE_MAX_BYTES))]
    pub receivedBytes: u64,
}

/// `{success}` of validate-participation, with what the invite's welcome shows (ADR 0015).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ValidateParticipationResponse {
    pub success: bool,
    /// Whether the camera is recorded too: the permissions step asks for it before `participate`.
    pub camera: Camera,
    /// The study's name, as its researcher wrote it.
    pub name: String,
    /// How many tasks it has (for the estimated duration).
    pub tasks: u32,
    /// Whether each task is followed by its questions (SEQ and success).
    pub taskQuestions: bool,
    /// Whether the SUS is asked before Finish.
    pub sus: bool,
    /// The screener, asked before any permission (ADR 0017); absent when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub screener: Option<Vec<ParticipantScreenerQuestion>>,
    /// The invite link's parameter with the participant id, when the analysis sets panel links.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pidParam: Option<String>,
    /// How many questions come before and after the tasks (for the estimated duration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub questionCount: Option<u32>,
    /// The questions before the tasks, asked like the screener before any permission (issue 45);
    /// their answers are sent once a place is claimed. Absent when there are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub preQuestions: Option<Vec<StudyQuestionDto>>,
}

/// A task as the participant sees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ParticipantTask {
    pub taskType: String,
    pub taskContent: String,
}

/// What the participant needs to run the analysis (product §3 Participation data).
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ParticipationData {
    pub scenario: Option<String>,
    pub analysisUrl: String,
    pub tasks: Vec<ParticipantTask>,
    /// Ask SEQ and success after each task's 'Siguiente' (`PUT …/answers/tasks/{n}`).
    pub taskQuestions: bool,
    /// Ask the SUS before Finish (`PUT …/answers/sus`).
    pub sus: bool,
    /// Whether the participant's camera is recorded too (its own track, ADR 0008).
    pub camera: Camera,
    /// ADR 0018: whether the tab records the microphone as its own small audio track for
    /// transcription (`…/segments/{segment}/audio-chunks/{index}`): the analysis transcribes and
    /// the server has a provider. False (or absent, from older servers): nothing extra is recorded
    /// or sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub transcribe: Option<bool>,
    /// ADR 0017: the order to show the tasks in, as original task numbers (1 = first task of
    /// `tasks`); absent = in order. Steps and answers keep using the original numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub taskOrder: Option<Vec<u32>>,
    /// Questions before the first task and after the last (before the SUS).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub questions: Option<StudyQuestionsDto>,
}

/// `PATCH /api/v1/analysisEntry`: the participation is submitted. `completionUrl` (ADR 0017):
/// where 'Gracias por participar' sends a panel's participant, `{pid}` filled in with this
/// participation's id. It is given here and nowhere earlier: it is the panel's proof of finished
/// work, so nobody gets it by merely opening the invite link.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct SubmittedResponse {
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub completionUrl: Option<String>,
}

/// `POST /api/v1/analysis/participate`; the capability to upload arrives as an HttpOnly cookie.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ParticipateResponse {
    pub success: bool,
    pub analysisData: ParticipationData,
    pub analysisEntryId: String,
}

/// `GET /api/v1/participation/current` and `POST /api/v1/analysisEntry/{id}/resume`: the
/// unfinished participation this browser holds, and where the participant was.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct ResumeInfo {
    pub analysisEntryId: String,
    pub analysisId: String,
    pub analysisData: ParticipationData,
    /// Recorded so far, as far as the server knows (the device may hold more).
    #[ts(type = "number")]
    pub recordedMs: u64,
    pub steps: Vec<StepMark>,
    pub segments: u32,
    /// What the participant already answered, so a resumed tab does not ask again.
    pub answers: EntryAnswersDto,
}

/// `POST /api/v1/analysisEntry/upload-url`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct UploadUrlRequest {
    #[schemars(with = "String", length(min = 1))]
    pub analysisEntryId: Option<String>,
    #[schemars(with = "String", length(min = 1))]
    pub analysisId: Option<String>,
}

/// `{analysisEntryPresignedUploadUrl}`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct UploadUrlResponse {
    pub analysisEntryPresignedUploadUrl: String,
}

/// `PATCH /api/v1/analysisEntry`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct UpdateEntryRequest {
    #[schemars(with = "String", length(min = 1))]
    pub analysisEntryId: Option<String>,
    #[schemars(with = "EntrySubmitted")]
    pub analysisEntryStatus: Option<String>,
}
