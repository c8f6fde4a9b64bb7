//! Dispatch, derived from the route declarations in `lupa_core::routes` (ADR 0014): the request is
//! resolved against them, a local-only route is 404 outside the local environment, and the route's
//! access rule is enforced here, once, before its handler runs. `Session` and `Admin` routes get
//! the signed-in user as an argument instead of each handler looking it up; `Participant` and
//! `Signed` routes are checked by their handlers, because the capability or signature belongs to
//! the object the path names. The match below is exhaustive, so a new route is its declaration
//! (one row of `declare_routes!`) plus one arm here naming its handler.

use lupa_core::recording::Track;
use lupa_core::routes::{resolve, Access, Params, Resolution, RouteId};
use worker::{Request, Response};

use crate::auth::sessions::{self, SessionUser};
use crate::error::{ApiError, ApiResult};
use crate::{
    admin, analysis, auth, billing, health, http, insights, live, moderated, participation, playback, recordings,
    study, team, thumbnails, transcripts, waitlist, App,
};

/// Resolves and runs the handler; returns the route pattern for the log.
pub async fn dispatch(req: Request, app: &App, method: &str, path: &str) -> (&'static str, ApiResult<Response>) {
    let matched = match resolve(method, path) {
        Resolution::Found(m) => m,
        Resolution::MethodNotAllowed(allowed) => {
            return ("(method-not-allowed)", Err(ApiError::method_not_allowed(&allowed)))
        }
        Resolution::NotFound => return ("(not-found)", Err(ApiError::not_found())),
    };
    let route = matched.spec;
    // The local test-mode checkout and portal exist only locally, whatever else is set.
    if route.local_only && !app.config.is_local() {
        return ("(not-found)", Err(ApiError::not_found()));
    }
    if let Some(message) = app.config.misconfiguration(&app.env) {
        return ("(config)", Err(crate::misconfigured(message)));
    }
    if let Err(err) = http::check_same_origin(&req) {
        return (route.pattern, Err(err));
    }
    let user = match signed_in(app, &req, route.access).await {
        Ok(user) => user,
        Err(err) => return (route.pattern, Err(err)),
    };
    // The member's role in their current workspace, read with the session (ADR 0019).
    if let Some(Err(err)) = user.as_ref().map(|user| crate::team::check_access(user, route.id)) {
        return (route.pattern, Err(err));
    }
    (route.pattern, handle(route.id, app, req, &matched.params, user.as_ref()).await)
}

/// The signed-in user a `Session` or `Admin` route requires: 401 without a session (each rule with
/// its own message), 403 for a customer on an admin route.
async fn signed_in(app: &App, req: &Request, access: Access) -> ApiResult<Option<SessionUser>> {
    match access {
        Access::Session => sessions::require_user(app, req).await.map(Some),
        Access::Admin => admin::require_admin(app, req).await.map(Some),
        Access::Public | Access::Participant | Access::Signed => Ok(None),
    }
}

/// Runs the route's handler. `signed_in` is `Some` exactly for `Session` and `Admin` routes.
async fn handle(
    id: RouteId,
    app: &App,
    mut req: Request,
    p: &Params<'_>,
    signed_in: Option<&SessionUser>,
) -> ApiResult<Response> {
    // The error is only reached by a route whose declaration is not `Session`/`Admin` while its
    // handler wants a user: a mistake in this file, answered as an internal error, not a panic.
    let user = || {
        signed_in.ok_or_else(|| ApiError::internal(format!("{id:?} needs a user but is not declared Session or Admin")))
    };
    match id {
        RouteId::Health => health::get(app).await,
        RouteId::OpenApi => crate::openapi(app).await,
        RouteId::AuthLogin => auth::login::post(app, &mut req).await,
        RouteId::AuthRegister => auth::register::post(app, &mut req).await,
        RouteId::AuthLogout => auth::logout(app, &req).await,
        RouteId::AuthSession | RouteId::User => auth::session(user()?),
        RouteId::AuthResetRequest => auth::reset::request(app, &mut req).await,
        RouteId::AuthResetCheck => auth::reset::check(app, &req).await,
        RouteId::AuthResetApply => auth::reset::apply(app, &mut req).await,
        RouteId::AuthUpdatePassword => auth::password::patch(app, user()?, &mut req).await,
        RouteId::Waitlist => waitlist::post(app, &mut req).await,
        RouteId::AnalysisList => analysis::list(app, user()?).await,
        RouteId::AnalysisCreate => analysis::create(app, user()?, &mut req).await,
        RouteId::AnalysisGet => analysis::get(app, user()?, p.id()).await,
        RouteId::AnalysisUpdate => analysis::update(app, user()?, &mut req, p.id()).await,
        RouteId::AnalysisDelete => analysis::delete(app, user()?, p.id()).await,
        RouteId::AnalysisClose => analysis::close(app, user()?, p.id()).await,
        RouteId::AnalysisReopen => analysis::reopen(app, user()?, p.id()).await,
        RouteId::BillingGet => billing::get(app, user()?).await,
        RouteId::BillingCreateCustomer => billing::create_customer(app, user()?).await,
        RouteId::BillingCheckout => billing::checkout(app, user()?, &mut req).await,
        RouteId::BillingPortal => billing::portal(app, user()?).await,
        RouteId::BillingWebhook => billing::webhook::post(app, &mut req).await,
        RouteId::LocalCheckoutGet => billing::local::get_checkout(app, user()?, p.id()).await,
        RouteId::LocalCheckoutPay => billing::local::pay(app, user()?, p.id()).await,
        RouteId::LocalCheckoutCancel => billing::local::cancel_checkout(app, user()?, p.id()).await,
        RouteId::LocalPortalGet => billing::local::get_portal(app, user()?).await,
        RouteId::LocalPortalCancel => billing::local::cancel_subscription(app, user()?).await,
        RouteId::AdminUsers => admin::users(app, &req).await,
        RouteId::AdminUserUpdate => admin::update_user(app, &mut req, p.id()).await,
        RouteId::AdminUserDelete => admin::delete_user(app, user()?, p.id()).await,
        RouteId::AdminWaitlist => admin::waitlist(app).await,
        RouteId::AdminWorkspaces => admin::workspaces::list(app, &req).await,
        RouteId::AdminWaitlistCsv => admin::waitlist_csv(app).await,
        RouteId::ValidateParticipation => participation::validate(app, &mut req).await,
        RouteId::UplinkProbe => participation::probe::post(app, &mut req, p.id()).await,
        RouteId::Participate => participation::participate(app, &mut req).await,
        RouteId::EntryUploadUrl => participation::upload::upload_url(app, &mut req).await,
        RouteId::EntryUpdate => participation::upload::submit(app, &mut req).await,
        RouteId::ParticipationCurrent => participation::resume::current(app, &req).await,
        RouteId::EntryResume => participation::resume::resume(app, &req, p.id()).await,
        RouteId::EntrySegmentOpen => participation::segments::open(app, &mut req, p.id()).await,
        RouteId::EntryChunkPut => {
            participation::segments::put_chunk(app, &mut req, p.id(), p.segment(), p.index(), Track::Screen).await
        }
        RouteId::EntryCameraChunkPut => {
            participation::segments::put_chunk(app, &mut req, p.id(), p.segment(), p.index(), Track::Camera).await
        }
        RouteId::EntryThumbnailPut => thumbnails::put(app, &mut req, p.id()).await,
        RouteId::EntrySteps => participation::segments::put_steps(app, &mut req, p.id()).await,
        RouteId::EntryComplete => participation::upload::complete(app, &mut req, p.id()).await,
        RouteId::EntryAbandon => participation::abandon(app, &req, p.id()).await,
        RouteId::EntryUrl => recordings::entry_url(app, user()?, p.id()).await,
        RouteId::EntryPage => playback::entry_page(app, user()?, p.id()).await,
        RouteId::EntryDelete => playback::delete_entry(app, user()?, p.id()).await,
        RouteId::NotesList => playback::notes::list(app, user()?, p.id()).await,
        RouteId::TranscriptGet => transcripts::get(app, user()?, p.id(), transcripts::Format::Json).await,
        RouteId::TranscriptVtt => transcripts::get(app, user()?, p.id(), transcripts::Format::Vtt).await,
        RouteId::TranscriptText => transcripts::get(app, user()?, p.id(), transcripts::Format::Text).await,
        RouteId::TranscriptSearch => transcripts::search(app, user()?, &req, p.id()).await,
        RouteId::SummaryGet => crate::summaries::get(app, user()?, p.id()).await,
        RouteId::SummaryRegenerate => crate::summaries::regenerate(app, user()?, p.id()).await,
        RouteId::ThemesGet => crate::summaries::themes::get(app, user()?, p.id()).await,
        RouteId::ThemesRegenerate => crate::summaries::themes::regenerate(app, user()?, p.id()).await,
        RouteId::ThemeReel => crate::summaries::theme_reel::create(app, user()?, p.id(), p.theme()).await,
        RouteId::EntryAudioChunkPut => {
            transcripts::put_audio_chunk(app, &mut req, p.id(), p.segment(), p.index()).await
        }
        RouteId::NoteCreate => playback::notes::create(app, user()?, &mut req, p.id()).await,
        RouteId::NoteUpdate => playback::notes::update(app, user()?, &mut req, p.id(), p.note_id()).await,
        RouteId::NoteDelete => playback::notes::delete(app, user()?, p.id(), p.note_id()).await,
        RouteId::AnalysisSummary => playback::summary::get(app, user()?, p.id()).await,
        RouteId::AnalysisExport => playback::export::export(app, user()?, p.id()).await,
        RouteId::AnalysisExportTasks => playback::export::export_tasks(app, user()?, p.id()).await,
        RouteId::AnalysisNotes => insights::listing::list(app, user()?, &req, p.id()).await,
        RouteId::EntryTaskAnswer => insights::answers::put_task(app, &mut req, p.id(), p.task_number()).await,
        RouteId::EntrySusAnswer => insights::answers::put_sus(app, &mut req, p.id()).await,
        RouteId::EntryQuestionAnswers => study::answers::put(app, &mut req, p.id(), p.phase()).await,
        RouteId::Screen => study::screen(app, &mut req).await,
        RouteId::ReelList => insights::reels::list(app, user()?, p.id()).await,
        RouteId::ReelCreate => insights::reels::create(app, user()?, &mut req, p.id()).await,
        RouteId::ReelGet => insights::reels::get(app, user()?, p.id()).await,
        RouteId::ReelUpdate => insights::reels::update(app, user()?, &mut req, p.id()).await,
        RouteId::ReelDelete => insights::reels::delete(app, user()?, p.id()).await,
        RouteId::ReelClipAdd => insights::reels::add_clip(app, user()?, &mut req, p.id()).await,
        RouteId::ReelClipRemove => insights::reels::remove_clip(app, user()?, p.id(), p.clip_id()).await,
        RouteId::ShareList => insights::shares::list(app, user()?, p.id()).await,
        RouteId::ShareCreate => insights::shares::create(app, user()?, &mut req, p.id()).await,
        RouteId::ShareRevoke => insights::shares::revoke(app, user()?, p.id()).await,
        RouteId::SharedView => insights::shared::view(app, &req, p.token()).await,
        RouteId::SharedMedia => insights::shared::media(app, &req, p.id(), p.source(), p.segment(), p.track()).await,
        RouteId::SingleUpload => participation::upload::put_single(app, &mut req, p.id()).await,
        RouteId::RecordingStream => recordings::stream(app, &req, p.id(), None, Track::Screen).await,
        RouteId::SegmentStream => recordings::stream(app, &req, p.id(), Some(p.segment()), Track::Screen).await,
        RouteId::SegmentCameraStream => recordings::stream(app, &req, p.id(), Some(p.segment()), Track::Camera).await,
        RouteId::ThumbnailGet => thumbnails::stream(app, &req, p.id()).await,
        RouteId::EntryLive => live::open(app, user()?, &req, p.id()).await,
        RouteId::WorkspaceList => team::switch::list(app, user()?).await,
        RouteId::WorkspaceSwitch => team::switch::switch(app, user()?, p.id()).await,
        RouteId::WorkspaceLeave => team::switch::leave(app, user()?, p.id()).await,
        RouteId::TeamGet => team::members::list(app, user()?).await,
        RouteId::MemberUpdate => team::members::update(app, user()?, &mut req, p.id()).await,
        RouteId::MemberRemove => team::members::remove(app, user()?, p.id()).await,
        RouteId::InvitationCreate => team::invitations::create(app, user()?, &mut req).await,
        RouteId::InvitationResend => team::invitations::resend(app, user()?, p.id()).await,
        RouteId::InvitationRevoke => team::invitations::revoke(app, user()?, p.id()).await,
        RouteId::TeamOwnerTransfer => team::ownership::transfer(app, user()?, &mut req).await,
        RouteId::WorkspaceCreate => team::lifecycle::create(app, user()?, &mut req).await,
        RouteId::WorkspaceDelete => team::lifecycle::delete(app, user()?, &mut req, p.id()).await,
        RouteId::TeamActivity => team::log::list(app, user()?, &req).await,
        RouteId::TeamActivityCsv => team::log::export(app, user()?, &req).await,
        RouteId::InvitationView => team::joining::view(app, p.token()).await,
        RouteId::SessionCreate => moderated::sessions::create(app, user()?, &mut req, p.id()).await,
        RouteId::SessionList => moderated::sessions::list(app, user()?, p.id()).await,
        RouteId::SessionGet => moderated::sessions::get(app, user()?, p.id()).await,
        RouteId::SessionDelete => moderated::sessions::delete(app, user()?, p.id()).await,
        RouteId::SessionRoom => moderated::room::open(app, user()?, &req, p.id()).await,
        RouteId::SessionIce => moderated::ice::for_member(app, user()?, p.id()).await,
        RouteId::SessionLinkView => moderated::link::view(app, &req, p.token()).await,
        RouteId::SessionLinkRoom => moderated::link::room(app, &req, p.token()).await,
        RouteId::SessionLinkIce => moderated::link::ice(app, &req, p.token()).await,
        RouteId::InvitationAccept => team::joining::accept(app, user()?, p.token()).await,
        RouteId::LiveChunk => live::chunk(app, &req, p.id(), p.segment(), p.track(), p.index()).await,
    }
}
