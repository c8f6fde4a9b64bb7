//! The participant's side: validate an analysis id, claim a place (atomically, never more
//! entries than places), record it as it happens (segments, chunks, resume: ADR 0005), and
//! abandon a participation (everything deleted, its place freed).

pub mod entries;
pub mod expiry;
pub mod holds;
pub mod mime;
pub mod places;
pub mod probe;
pub mod purge;
pub mod resume;
pub mod segments;
pub mod upload;

use lupa_api_types::{
    AnalysisDto, Camera, MessageResponse, ParticipantTask, ParticipateResponse, ParticipationData,
    ParticipationRequest, ValidateParticipationResponse,
};
use lupa_core::auth::rate_limit::Limit;
use lupa_core::chunks::HOLD_WITHOUT_MEDIA_MS;
use lupa_core::participation::CONSENT_VERSION;
use worker::{Request, Response};

use crate::analysis::repo;
use crate::auth::{rate, sessions};
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{client_address, json, read_json};
use crate::platform::db::{db, int, new_id, opt_text, text, Batch};
use crate::App;
use places::{add_places, check_places};

const PARTICIPATE_PER_CLIENT: Limit = Limit { name: "participate-client", max: 60, window_ms: 60 * 60 * 1000 };
const LEFT: &str = "Has salido del análisis y tu grabación se ha eliminado";

/// One statement, so D1 (serial per database) cannot interleave two claims of the last place. A
/// place is taken by a submitted entry or by one in progress whose hold has not lapsed (ADR 0005);
/// a new participation holds it for 5 minutes, and then for 30 after each chunk. It takes the
/// analysis's next participant number; [`COUNT_PARTICIPANT`] moves the counter in the same batch
/// (one transaction), so a number is never given twice, not even after a deletion (ADR 0008).
/// The panel's participant id (`?7`) and the shuffled task order (`?8`) come along (ADR 0017).
const CLAIM: &str = "INSERT INTO analysis_entries (id, analysis_id, status, created_at, updated_at, last_activity_at, held_until, capability_hash, consent_at, consent_version, participant_number, ledger, pid, task_order) \
     SELECT ?1, a.id, 'in_progress', ?3, ?3, ?3, ?6, ?4, ?3, ?5, a.last_participant_number + 1, 'object', ?7, ?8 FROM analyses a WHERE a.id = ?2 AND a.status IN ('published', 'active') \
     AND (SELECT COUNT(*) FROM analysis_entries e WHERE e.analysis_id = a.id \
       AND (e.status = 'submitted' OR (e.status = 'in_progress' AND e.held_until > ?3))) < a.max_participants";
const COUNT_PARTICIPANT: &str = "UPDATE analyses SET last_participant_number = last_participant_number + 1 \
     WHERE id = ?2 AND EXISTS (SELECT 1 FROM analysis_entries e WHERE e.id = ?1 AND e.analysis_id = ?2)";
async fn analysis_id(req: &mut Request) -> ApiResult<(String, ParticipationRequest)> {
    let body: ParticipationRequest = read_json(req).await?;
    let id = body
        .analysisId
        .as_deref()
        .map(|id| id.trim().to_string())
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ApiError::from(Fixed::MissingAnalysisId))?;
    Ok((id, body))
}

/// `POST /api/v1/analysis/validate-participation`: one round trip (the attempt counted and the
/// places read together).
pub async fn validate(app: &App, req: &mut Request) -> ApiResult<Response> {
    let (id, _) = analysis_id(req).await?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let attempt = rate::add_hit(&mut batch, PARTICIPATE_PER_CLIENT, &client_address(req), app.now())?;
    let places = add_places(app, &mut batch, &id)?;
    let results = batch.run().await?;
    rate::check(&results, attempt)?;
    let row = check_places(&results, places)?;
    // The screener and the id parameter (ADR 0017) come before any permission is asked.
    let study = crate::study::parse(row.study_json.as_deref());
    let question_count = study.questions.pre.len() + study.questions.post.len();
    // The name is what the researcher called the study, which the invite's welcome shows (issue
    // 32); its owner, URL, tasks and entries stay out until a place is claimed.
    json(
        200,
        &ValidateParticipationResponse {
            success: true,
            camera: Camera::parse(lupa_core::camera::stored(&row.camera)).unwrap_or_default(),
            name: row.name,
            tasks: u32::try_from(row.tasks).unwrap_or(0),
            taskQuestions: row.task_questions != 0,
            sus: row.sus != 0,
            screener: crate::study::participant_screener(&study),
            // Always named, 'pid' by default: a panel links to a default analysis with `?pid=…`
            // too, and the form promises that name (ADR 0017).
            pidParam: Some(study.panel.pid_param.clone()),
            questionCount: (question_count > 0).then(|| u32::try_from(question_count).unwrap_or(0)),
            preQuestions: crate::study::participant_pre_questions(&study),
        },
    )
}

/// `POST /api/v1/analysis/participate`: claims a place, records consent, hands out the capability.
pub async fn participate(app: &App, req: &mut Request) -> ApiResult<Response> {
    let (id, body) = analysis_id(req).await?;
    let database = db(app)?;
    // The attempt counted with the analysis's study read (ADR 0017): the screener is checked and
    // the order drawn before a place is taken.
    let mut first = Batch::new(&database);
    let attempt = rate::add_hit(&mut first, PARTICIPATE_PER_CLIENT, &client_address(req), app.now())?;
    let study = crate::study::add_study(&mut first, &id)?;
    // Through a moderated session's link (ADR 0024): the session read in the same round trip.
    let link = body.sessionToken.as_deref().map(|raw| crate::moderated::link::add_live_session(&mut first, app, raw));
    let link = link.transpose()?;
    let results = first.run().await?;
    rate::check(&results, attempt)?;
    let claim = crate::study::check_claim(&results, study, body.pid.as_deref(), body.screener.as_deref())?;
    let session = link.map(|slot| crate::moderated::link::live_session_of(&results, slot, &id)).transpose()?;
    let order = crate::study::order_json(claim.task_order.as_ref());
    let now = app.now();
    let entry_id = new_id();
    let capability = sessions::new_token();
    let hash = sessions::hash_token(app, &capability)?;
    // The claim with the participant number, and the analysis the participant will see, in one
    // round trip; when no place was claimed, the places read in the same batch say why.
    let mut batch = Batch::new(&database);
    let claimed = batch.add(
        CLAIM,
        &[
            text(&entry_id),
            text(&id),
            int(now),
            text(&hash),
            text(CONSENT_VERSION),
            int(now + HOLD_WITHOUT_MEDIA_MS),
            opt_text(claim.pid.as_deref()),
            opt_text(order.as_deref()),
        ],
    )?;
    batch.add(COUNT_PARTICIPANT, &[text(&entry_id), text(&id)])?;
    let places = add_places(app, &mut batch, &id)?;
    let analysis = repo::add_detail(&mut batch, &id, false)?;
    if let Some(session) = &session {
        crate::moderated::link::add_record(&mut batch, &session.id, &entry_id)?;
    }
    let results = batch.run().await?;
    if results.changes(claimed)? == 0 {
        // Product §8's 400 for no places is validate-participation's; here the last place went
        // between that check and this claim: the analysis's state, 409.
        return Err(match check_places(&results, places) {
            Err(err) if err.status() == 400 => ApiError::from(Fixed::PlacesTaken),
            Err(err) => err,
            Ok(_) => ApiError::from(Fixed::PlacesTaken),
        });
    }
    let study_json = repo::row_of(&results, analysis)?.and_then(|row| row.study_json);
    let detail = repo::detail_of(app, &results, analysis)?.ok_or_else(|| ApiError::from(Fixed::AnalysisNotFound))?;
    // The participation's object owns its recording from the first chunk (ADR 0013). Should it
    // not answer now, the place is still claimed: the first call that needs the object sets it
    // up from this row (the adoption of participations older than the objects).
    let transcribe = transcribes(app, &detail).then_some(detail.transcription.language);
    let language =
        transcribe.map(|l| if l == lupa_api_types::transcript::TranscriptLanguage::En { "en" } else { "es" });
    if let Err(err) = crate::ledger::init(app, &entry_id, &id, &hash, detail.camera.as_str(), language).await {
        crate::platform::log::error("-", "(ledger-init)", err.source.as_deref().unwrap_or(&err.message));
    }
    let data = crate::study::with_study(participation_data(app, detail), study_json.as_deref(), &claim);
    let resp = json(200, &ParticipateResponse { success: true, analysisData: data, analysisEntryId: entry_id })?;
    sessions::with_cookie(resp, &entries::capability_cookie(&capability))
}

/// Whether a participation records its microphone for transcription (ADR 0018): the analysis
/// transcribes and this server has a provider. Otherwise nothing extra is recorded or sent.
fn transcribes(app: &App, detail: &AnalysisDto) -> bool {
    detail.transcription.enabled && crate::transcripts::provider::Provider::from_env(&app.env).is_on()
}

/// What the participant's tab needs of an analysis: the steps, whether the camera is recorded and
/// which questions to ask; never its name, owner or entries.
pub fn participation_data(app: &App, detail: AnalysisDto) -> ParticipationData {
    ParticipationData {
        transcribe: Some(transcribes(app, &detail)),
        scenario: detail.scenario,
        analysisUrl: detail.url,
        tasks: detail
            .tasks
            .into_iter()
            .map(|t| ParticipantTask { taskType: t.taskType, taskContent: t.taskContent })
            .collect(),
        taskQuestions: detail.task_questions,
        sus: detail.sus,
        camera: detail.camera,
        taskOrder: None,
        questions: None,
    }
}

/// `DELETE /api/v1/analysisEntry/{id}`: the participant leaves (or the stream stopped). Everything
/// recorded is deleted, unfinished uploads aborted, and the place freed.
pub async fn abandon(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    if purge::abandon_entry(app, &entry.id, &entry.analysis_id).await? == purge::Abandoned::Kept {
        // Its submit landed first: the recording is the researcher's now, and stays.
        return Err(ApiError::from(Fixed::NotYourEntry));
    }
    let resp = json(200, &MessageResponse { message: LEFT.into() })?;
    sessions::with_cookie(resp, &entries::clear_capability_cookie())
}
