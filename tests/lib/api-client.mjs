// Generated from edge-worker/core/src/routes/table.rs by lupa-api-types (route_table.rs).
// Do not edit: run 'npm run check:types -- --write'.
//
// Every API route as a call, for the API tests, the browser tests' support and the benches: one
// function per route id (named as web/src/lib/api-paths.ts's builders, so the method is in the
// name), taking the route's path parameters and then the options of the transport it is built on.
// A transport is `send(method, path, options) → Promise<answer>`; tests/lib/http.mjs's `client`
// is this over `api()` (options `{ body, cookie, headers, ip, base, query }`).

const e = (value) => encodeURIComponent(String(value));

/** The API's routes as calls through `send`; paths start at the API root (/api/v1). */
export const apiClient = (send) => ({
  /** GET /health (public) */
  health: (options) => send('GET', '/api/v1/health', options),
  /** GET /openapi.json (public) */
  openApi: (options) => send('GET', '/api/v1/openapi.json', options),
  /** POST /auth/login/local (public) */
  authLogin: (options) => send('POST', '/api/v1/auth/login/local', options),
  /** POST /auth/register/local/customer (public) */
  authRegister: (options) => send('POST', '/api/v1/auth/register/local/customer', options),
  /** POST /auth/logout (public) */
  authLogout: (options) => send('POST', '/api/v1/auth/logout', options),
  /** GET /auth/session (session) */
  authSession: (options) => send('GET', '/api/v1/auth/session', options),
  /** POST /auth/password-reset (public) */
  authResetRequest: (options) => send('POST', '/api/v1/auth/password-reset', options),
  /** GET /auth/password-reset (public) */
  authResetCheck: (options) => send('GET', '/api/v1/auth/password-reset', options),
  /** PATCH /auth/password-reset (public) */
  authResetApply: (options) => send('PATCH', '/api/v1/auth/password-reset', options),
  /** PATCH /auth/update-user-password (session) */
  authUpdatePassword: (options) => send('PATCH', '/api/v1/auth/update-user-password', options),
  /** GET /user (session) */
  user: (options) => send('GET', '/api/v1/user', options),
  /** POST /waitlist (public) */
  waitlist: (options) => send('POST', '/api/v1/waitlist', options),
  /** POST /analysis/validate-participation (public) */
  validateParticipation: (options) => send('POST', '/api/v1/analysis/validate-participation', options),
  /** POST /analysis/participate (public) */
  participate: (options) => send('POST', '/api/v1/analysis/participate', options),
  /** POST /analysis/{id}/uplink-probe (public) */
  uplinkProbe: (id, options) => send('POST', `/api/v1/analysis/${e(id)}/uplink-probe`, options),
  /** POST /analysis/screen (public) */
  screen: (options) => send('POST', '/api/v1/analysis/screen', options),
  /** GET /analysis (session) */
  analysisList: (options) => send('GET', '/api/v1/analysis', options),
  /** POST /analysis (session) */
  analysisCreate: (options) => send('POST', '/api/v1/analysis', options),
  /** GET /analysis/{id} (session) */
  analysisGet: (id, options) => send('GET', `/api/v1/analysis/${e(id)}`, options),
  /** PATCH /analysis/{id} (session) */
  analysisUpdate: (id, options) => send('PATCH', `/api/v1/analysis/${e(id)}`, options),
  /** DELETE /analysis/{id} (session) */
  analysisDelete: (id, options) => send('DELETE', `/api/v1/analysis/${e(id)}`, options),
  /** POST /analysis/{id}/close (session) */
  analysisClose: (id, options) => send('POST', `/api/v1/analysis/${e(id)}/close`, options),
  /** POST /analysis/{id}/reopen (session) */
  analysisReopen: (id, options) => send('POST', `/api/v1/analysis/${e(id)}/reopen`, options),
  /** GET /billing (session) */
  billingGet: (options) => send('GET', '/api/v1/billing', options),
  /** POST /billing (session) */
  billingCreateCustomer: (options) => send('POST', '/api/v1/billing', options),
  /** POST /billing/checkout-session (session) */
  billingCheckout: (options) => send('POST', '/api/v1/billing/checkout-session', options),
  /** POST /billing/customer-portal (session) */
  billingPortal: (options) => send('POST', '/api/v1/billing/customer-portal', options),
  /** POST /billing/webhook (signed) */
  billingWebhook: (options) => send('POST', '/api/v1/billing/webhook', options),
  /** GET /billing/local/checkout/{id} (session) */
  localCheckoutGet: (id, options) => send('GET', `/api/v1/billing/local/checkout/${e(id)}`, options),
  /** POST /billing/local/checkout/{id}/pay (session) */
  localCheckoutPay: (id, options) => send('POST', `/api/v1/billing/local/checkout/${e(id)}/pay`, options),
  /** POST /billing/local/checkout/{id}/cancel (session) */
  localCheckoutCancel: (id, options) => send('POST', `/api/v1/billing/local/checkout/${e(id)}/cancel`, options),
  /** GET /billing/local/portal (session) */
  localPortalGet: (options) => send('GET', '/api/v1/billing/local/portal', options),
  /** POST /billing/local/portal/cancel (session) */
  localPortalCancel: (options) => send('POST', '/api/v1/billing/local/portal/cancel', options),
  /** GET /admin (admin) */
  adminUsers: (options) => send('GET', '/api/v1/admin', options),
  /** PATCH /admin/users/{id} (admin) */
  adminUserUpdate: (id, options) => send('PATCH', `/api/v1/admin/users/${e(id)}`, options),
  /** DELETE /admin/users/{id} (admin) */
  adminUserDelete: (id, options) => send('DELETE', `/api/v1/admin/users/${e(id)}`, options),
  /** GET /admin/workspaces (admin) */
  adminWorkspaces: (options) => send('GET', '/api/v1/admin/workspaces', options),
  /** GET /admin/waitlist (admin) */
  adminWaitlist: (options) => send('GET', '/api/v1/admin/waitlist', options),
  /** GET /admin/waitlist/export (admin) */
  adminWaitlistCsv: (options) => send('GET', '/api/v1/admin/waitlist/export', options),
  /** POST /analysisEntry/upload-url (participant) */
  entryUploadUrl: (options) => send('POST', '/api/v1/analysisEntry/upload-url', options),
  /** PATCH /analysisEntry (participant) */
  entryUpdate: (options) => send('PATCH', '/api/v1/analysisEntry', options),
  /** GET /participation/current (participant) */
  participationCurrent: (options) => send('GET', '/api/v1/participation/current', options),
  /** POST /analysisEntry/{id}/resume (participant) */
  entryResume: (id, options) => send('POST', `/api/v1/analysisEntry/${e(id)}/resume`, options),
  /** POST /analysisEntry/{id}/segments (participant) */
  entrySegmentOpen: (id, options) => send('POST', `/api/v1/analysisEntry/${e(id)}/segments`, options),
  /** PUT /analysisEntry/{id}/segments/{segment}/chunks/{index} (participant) */
  entryChunkPut: (id, segment, index, options) => send('PUT', `/api/v1/analysisEntry/${e(id)}/segments/${e(segment)}/chunks/${e(index)}`, options),
  /** PUT /analysisEntry/{id}/segments/{segment}/camera-chunks/{index} (participant) */
  entryCameraChunkPut: (id, segment, index, options) => send('PUT', `/api/v1/analysisEntry/${e(id)}/segments/${e(segment)}/camera-chunks/${e(index)}`, options),
  /** PUT /analysisEntry/{id}/segments/{segment}/audio-chunks/{index} (participant) */
  entryAudioChunkPut: (id, segment, index, options) => send('PUT', `/api/v1/analysisEntry/${e(id)}/segments/${e(segment)}/audio-chunks/${e(index)}`, options),
  /** PUT /analysisEntry/{id}/thumbnail (participant) */
  entryThumbnailPut: (id, options) => send('PUT', `/api/v1/analysisEntry/${e(id)}/thumbnail`, options),
  /** PUT /analysisEntry/{id}/steps (participant) */
  entrySteps: (id, options) => send('PUT', `/api/v1/analysisEntry/${e(id)}/steps`, options),
  /** POST /analysisEntry/{id}/complete (participant) */
  entryComplete: (id, options) => send('POST', `/api/v1/analysisEntry/${e(id)}/complete`, options),
  /** PUT /analysisEntry/{id}/answers/tasks/{taskNumber} (participant) */
  entryTaskAnswer: (id, taskNumber, options) => send('PUT', `/api/v1/analysisEntry/${e(id)}/answers/tasks/${e(taskNumber)}`, options),
  /** PUT /analysisEntry/{id}/answers/sus (participant) */
  entrySusAnswer: (id, options) => send('PUT', `/api/v1/analysisEntry/${e(id)}/answers/sus`, options),
  /** PUT /analysisEntry/{id}/answers/questions/{phase} (participant) */
  entryQuestionAnswers: (id, phase, options) => send('PUT', `/api/v1/analysisEntry/${e(id)}/answers/questions/${e(phase)}`, options),
  /** DELETE /analysisEntry/{id} (participant) */
  entryAbandon: (id, options) => send('DELETE', `/api/v1/analysisEntry/${e(id)}`, options),
  /** GET /analysisEntry/{id} (session) */
  entryUrl: (id, options) => send('GET', `/api/v1/analysisEntry/${e(id)}`, options),
  /** GET /entry/{id} (session) */
  entryPage: (id, options) => send('GET', `/api/v1/entry/${e(id)}`, options),
  /** DELETE /entry/{id} (session) */
  entryDelete: (id, options) => send('DELETE', `/api/v1/entry/${e(id)}`, options),
  /** GET /entry/{id}/live (session) */
  entryLive: (id, options) => send('GET', `/api/v1/entry/${e(id)}/live`, options),
  /** GET /entry/{id}/notes (session) */
  notesList: (id, options) => send('GET', `/api/v1/entry/${e(id)}/notes`, options),
  /** GET /entry/{id}/transcript (session) */
  transcriptGet: (id, options) => send('GET', `/api/v1/entry/${e(id)}/transcript`, options),
  /** GET /entry/{id}/transcript.vtt (session) */
  transcriptVtt: (id, options) => send('GET', `/api/v1/entry/${e(id)}/transcript.vtt`, options),
  /** GET /entry/{id}/transcript.txt (session) */
  transcriptText: (id, options) => send('GET', `/api/v1/entry/${e(id)}/transcript.txt`, options),
  /** GET /entry/{id}/summary (session) */
  summaryGet: (id, options) => send('GET', `/api/v1/entry/${e(id)}/summary`, options),
  /** POST /entry/{id}/summary (session) */
  summaryRegenerate: (id, options) => send('POST', `/api/v1/entry/${e(id)}/summary`, options),
  /** GET /analysis/{id}/themes (session) */
  themesGet: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/themes`, options),
  /** POST /analysis/{id}/themes (session) */
  themesRegenerate: (id, options) => send('POST', `/api/v1/analysis/${e(id)}/themes`, options),
  /** POST /analysis/{id}/themes/{theme}/reel (session) */
  themeReel: (id, theme, options) => send('POST', `/api/v1/analysis/${e(id)}/themes/${e(theme)}/reel`, options),
  /** POST /entry/{id}/notes (session) */
  noteCreate: (id, options) => send('POST', `/api/v1/entry/${e(id)}/notes`, options),
  /** PATCH /entry/{id}/notes/{noteId} (session) */
  noteUpdate: (id, noteId, options) => send('PATCH', `/api/v1/entry/${e(id)}/notes/${e(noteId)}`, options),
  /** DELETE /entry/{id}/notes/{noteId} (session) */
  noteDelete: (id, noteId, options) => send('DELETE', `/api/v1/entry/${e(id)}/notes/${e(noteId)}`, options),
  /** GET /analysis/{id}/summary (session) */
  analysisSummary: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/summary`, options),
  /** GET /analysis/{id}/export (session) */
  analysisExport: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/export`, options),
  /** GET /analysis/{id}/export/tasks (session) */
  analysisExportTasks: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/export/tasks`, options),
  /** GET /analysis/{id}/notes (session) */
  analysisNotes: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/notes`, options),
  /** GET /analysis/{id}/transcript-search (session) */
  transcriptSearch: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/transcript-search`, options),
  /** GET /analysis/{id}/reels (session) */
  reelList: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/reels`, options),
  /** POST /analysis/{id}/reels (session) */
  reelCreate: (id, options) => send('POST', `/api/v1/analysis/${e(id)}/reels`, options),
  /** GET /reels/{id} (session) */
  reelGet: (id, options) => send('GET', `/api/v1/reels/${e(id)}`, options),
  /** PATCH /reels/{id} (session) */
  reelUpdate: (id, options) => send('PATCH', `/api/v1/reels/${e(id)}`, options),
  /** DELETE /reels/{id} (session) */
  reelDelete: (id, options) => send('DELETE', `/api/v1/reels/${e(id)}`, options),
  /** POST /reels/{id}/clips (session) */
  reelClipAdd: (id, options) => send('POST', `/api/v1/reels/${e(id)}/clips`, options),
  /** DELETE /reels/{id}/clips/{clipId} (session) */
  reelClipRemove: (id, clipId, options) => send('DELETE', `/api/v1/reels/${e(id)}/clips/${e(clipId)}`, options),
  /** GET /analysis/{id}/shares (session) */
  shareList: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/shares`, options),
  /** POST /analysis/{id}/shares (session) */
  shareCreate: (id, options) => send('POST', `/api/v1/analysis/${e(id)}/shares`, options),
  /** POST /shares/{id}/revoke (session) */
  shareRevoke: (id, options) => send('POST', `/api/v1/shares/${e(id)}/revoke`, options),
  /** GET /workspaces (session) */
  workspaceList: (options) => send('GET', '/api/v1/workspaces', options),
  /** POST /workspaces (session) */
  workspaceCreate: (options) => send('POST', '/api/v1/workspaces', options),
  /** POST /workspaces/{id}/delete (session) */
  workspaceDelete: (id, options) => send('POST', `/api/v1/workspaces/${e(id)}/delete`, options),
  /** POST /workspaces/{id}/switch (session) */
  workspaceSwitch: (id, options) => send('POST', `/api/v1/workspaces/${e(id)}/switch`, options),
  /** POST /workspaces/{id}/leave (session) */
  workspaceLeave: (id, options) => send('POST', `/api/v1/workspaces/${e(id)}/leave`, options),
  /** GET /team (session) */
  teamGet: (options) => send('GET', '/api/v1/team', options),
  /** POST /team/invitations (session) */
  invitationCreate: (options) => send('POST', '/api/v1/team/invitations', options),
  /** POST /team/invitations/{id}/resend (session) */
  invitationResend: (id, options) => send('POST', `/api/v1/team/invitations/${e(id)}/resend`, options),
  /** POST /team/invitations/{id}/revoke (session) */
  invitationRevoke: (id, options) => send('POST', `/api/v1/team/invitations/${e(id)}/revoke`, options),
  /** PATCH /team/members/{id} (session) */
  memberUpdate: (id, options) => send('PATCH', `/api/v1/team/members/${e(id)}`, options),
  /** DELETE /team/members/{id} (session) */
  memberRemove: (id, options) => send('DELETE', `/api/v1/team/members/${e(id)}`, options),
  /** POST /team/owner (session) */
  teamOwnerTransfer: (options) => send('POST', '/api/v1/team/owner', options),
  /** GET /team/activity (session) */
  teamActivity: (options) => send('GET', '/api/v1/team/activity', options),
  /** GET /team/activity/export (session) */
  teamActivityCsv: (options) => send('GET', '/api/v1/team/activity/export', options),
  /** GET /invitations/{token} (public) */
  invitationView: (token, options) => send('GET', `/api/v1/invitations/${e(token)}`, options),
  /** POST /invitations/{token}/accept (session) */
  invitationAccept: (token, options) => send('POST', `/api/v1/invitations/${e(token)}/accept`, options),
  /** POST /analysis/{id}/sessions (session) */
  sessionCreate: (id, options) => send('POST', `/api/v1/analysis/${e(id)}/sessions`, options),
  /** GET /analysis/{id}/sessions (session) */
  sessionList: (id, options) => send('GET', `/api/v1/analysis/${e(id)}/sessions`, options),
  /** GET /sessions/{id} (session) */
  sessionGet: (id, options) => send('GET', `/api/v1/sessions/${e(id)}`, options),
  /** DELETE /sessions/{id} (session) */
  sessionDelete: (id, options) => send('DELETE', `/api/v1/sessions/${e(id)}`, options),
  /** GET /sessions/{id}/room (session) */
  sessionRoom: (id, options) => send('GET', `/api/v1/sessions/${e(id)}/room`, options),
  /** POST /sessions/{id}/ice (session) */
  sessionIce: (id, options) => send('POST', `/api/v1/sessions/${e(id)}/ice`, options),
  /** GET /session-link/{token} (public) */
  sessionLinkView: (token, options) => send('GET', `/api/v1/session-link/${e(token)}`, options),
  /** GET /session-link/{token}/room (public) */
  sessionLinkRoom: (token, options) => send('GET', `/api/v1/session-link/${e(token)}/room`, options),
  /** POST /session-link/{token}/ice (public) */
  sessionLinkIce: (token, options) => send('POST', `/api/v1/session-link/${e(token)}/ice`, options),
  /** GET /share/{token} (public) */
  sharedView: (token, options) => send('GET', `/api/v1/share/${e(token)}`, options),
  /** GET /share-media/{id}/{source}/{segment}/{track} (signed) */
  sharedMedia: (id, source, segment, track, options) => send('GET', `/api/v1/share-media/${e(id)}/${e(source)}/${e(segment)}/${e(track)}`, options),
  /** PUT /uploads/{id} (signed) */
  singleUpload: (id, options) => send('PUT', `/api/v1/uploads/${e(id)}`, options),
  /** GET /recordings/{id} (signed) */
  recordingStream: (id, options) => send('GET', `/api/v1/recordings/${e(id)}`, options),
  /** GET /recordings/{id}/{segment} (signed) */
  segmentStream: (id, segment, options) => send('GET', `/api/v1/recordings/${e(id)}/${e(segment)}`, options),
  /** GET /recordings/{id}/{segment}/camera (signed) */
  segmentCameraStream: (id, segment, options) => send('GET', `/api/v1/recordings/${e(id)}/${e(segment)}/camera`, options),
  /** GET /thumbnails/{id} (signed) */
  thumbnailGet: (id, options) => send('GET', `/api/v1/thumbnails/${e(id)}`, options),
  /** GET /live-chunks/{id}/{segment}/{track}/{index} (signed) */
  liveChunk: (id, segment, track, index, options) => send('GET', `/api/v1/live-chunks/${e(id)}/${e(segment)}/${e(track)}/${e(index)}`, options),
});
