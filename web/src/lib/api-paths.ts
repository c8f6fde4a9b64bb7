// Generated from edge-worker/core/src/routes/table.rs by lupa-api-types (route_table.rs).
// Do not edit: run 'npm run check:types -- --write'.

/**
 * Every API path, built from the route declarations: one builder per route (named after it, so
 * the method is in the name), relative to the API root the client adds (`/api/v1`).
 */
const e = (value: string | number) => encodeURIComponent(String(value));

export const apiPaths = {
  /** GET /health (public) */
  health: () => '/health',
  /** GET /openapi.json (public) */
  openApi: () => '/openapi.json',
  /** POST /auth/login/local (public) */
  authLogin: () => '/auth/login/local',
  /** POST /auth/register/local/customer (public) */
  authRegister: () => '/auth/register/local/customer',
  /** POST /auth/logout (public) */
  authLogout: () => '/auth/logout',
  /** GET /auth/session (session) */
  authSession: () => '/auth/session',
  /** POST /auth/password-reset (public) */
  authResetRequest: () => '/auth/password-reset',
  /** GET /auth/password-reset (public) */
  authResetCheck: () => '/auth/password-reset',
  /** PATCH /auth/password-reset (public) */
  authResetApply: () => '/auth/password-reset',
  /** PATCH /auth/update-user-password (session) */
  authUpdatePassword: () => '/auth/update-user-password',
  /** GET /user (session) */
  user: () => '/user',
  /** POST /waitlist (public) */
  waitlist: () => '/waitlist',
  /** POST /analysis/validate-participation (public) */
  validateParticipation: () => '/analysis/validate-participation',
  /** POST /analysis/participate (public) */
  participate: () => '/analysis/participate',
  /** POST /analysis/{id}/uplink-probe (public) */
  uplinkProbe: (id: string) => `/analysis/${e(id)}/uplink-probe`,
  /** POST /analysis/screen (public) */
  screen: () => '/analysis/screen',
  /** GET /analysis (session) */
  analysisList: () => '/analysis',
  /** POST /analysis (session) */
  analysisCreate: () => '/analysis',
  /** GET /analysis/{id} (session) */
  analysisGet: (id: string) => `/analysis/${e(id)}`,
  /** PATCH /analysis/{id} (session) */
  analysisUpdate: (id: string) => `/analysis/${e(id)}`,
  /** DELETE /analysis/{id} (session) */
  analysisDelete: (id: string) => `/analysis/${e(id)}`,
  /** POST /analysis/{id}/close (session) */
  analysisClose: (id: string) => `/analysis/${e(id)}/close`,
  /** POST /analysis/{id}/reopen (session) */
  analysisReopen: (id: string) => `/analysis/${e(id)}/reopen`,
  /** GET /billing (session) */
  billingGet: () => '/billing',
  /** POST /billing (session) */
  billingCreateCustomer: () => '/billing',
  /** POST /billing/checkout-session (session) */
  billingCheckout: () => '/billing/checkout-session',
  /** POST /billing/customer-portal (session) */
  billingPortal: () => '/billing/customer-portal',
  /** POST /billing/webhook (signed) */
  billingWebhook: () => '/billing/webhook',
  /** GET /billing/local/checkout/{id} (session) */
  localCheckoutGet: (id: string) => `/billing/local/checkout/${e(id)}`,
  /** POST /billing/local/checkout/{id}/pay (session) */
  localCheckoutPay: (id: string) => `/billing/local/checkout/${e(id)}/pay`,
  /** POST /billing/local/checkout/{id}/cancel (session) */
  localCheckoutCancel: (id: string) => `/billing/local/checkout/${e(id)}/cancel`,
  /** GET /billing/local/portal (session) */
  localPortalGet: () => '/billing/local/portal',
  /** POST /billing/local/portal/cancel (session) */
  localPortalCancel: () => '/billing/local/portal/cancel',
  /** GET /admin (admin) */
  adminUsers: () => '/admin',
  /** PATCH /admin/users/{id} (admin) */
  adminUserUpdate: (id: string) => `/admin/users/${e(id)}`,
  /** DELETE /admin/users/{id} (admin) */
  adminUserDelete: (id: string) => `/admin/users/${e(id)}`,
  /** GET /admin/workspaces (admin) */
  adminWorkspaces: () => '/admin/workspaces',
  /** GET /admin/waitlist (admin) */
  adminWaitlist: () => '/admin/waitlist',
  /** GET /admin/waitlist/export (admin) */
  adminWaitlistCsv: () => '/admin/waitlist/export',
  /** POST /analysisEntry/upload-url (participant) */
  entryUploadUrl: () => '/analysisEntry/upload-url',
  /** PATCH /analysisEntry (participant) */
  entryUpdate: () => '/analysisEntry',
  /** GET /participation/current (participant) */
  participationCurrent: () => '/participation/current',
  /** POST /analysisEntry/{id}/resume (participant) */
  entryResume: (id: string) => `/analysisEntry/${e(id)}/resume`,
  /** POST /analysisEntry/{id}/segments (participant) */
  entrySegmentOpen: (id: string) => `/analysisEntry/${e(id)}/segments`,
  /** PUT /analysisEntry/{id}/segments/{segment}/chunks/{index} (participant) */
  entryChunkPut: (id: string, segment: string | number, index: string | number) => `/analysisEntry/${e(id)}/segments/${e(segment)}/chunks/${e(index)}`,
  /** PUT /analysisEntry/{id}/segments/{segment}/camera-chunks/{index} (participant) */
  entryCameraChunkPut: (id: string, segment: string | number, index: string | number) => `/analysisEntry/${e(id)}/segments/${e(segment)}/camera-chunks/${e(index)}`,
  /** PUT /analysisEntry/{id}/segments/{segment}/audio-chunks/{index} (participant) */
  entryAudioChunkPut: (id: string, segment: string | number, index: string | number) => `/analysisEntry/${e(id)}/segments/${e(segment)}/audio-chunks/${e(index)}`,
  /** PUT /analysisEntry/{id}/thumbnail (participant) */
  entryThumbnailPut: (id: string) => `/analysisEntry/${e(id)}/thumbnail`,
  /** PUT /analysisEntry/{id}/steps (participant) */
  entrySteps: (id: string) => `/analysisEntry/${e(id)}/steps`,
  /** POST /analysisEntry/{id}/complete (participant) */
  entryComplete: (id: string) => `/analysisEntry/${e(id)}/complete`,
  /** PUT /analysisEntry/{id}/answers/tasks/{taskNumber} (participant) */
  entryTaskAnswer: (id: string, taskNumber: string | number) => `/analysisEntry/${e(id)}/answers/tasks/${e(taskNumber)}`,
  /** PUT /analysisEntry/{id}/answers/sus (participant) */
  entrySusAnswer: (id: string) => `/analysisEntry/${e(id)}/answers/sus`,
  /** PUT /analysisEntry/{id}/answers/questions/{phase} (participant) */
  entryQuestionAnswers: (id: string, phase: string) => `/analysisEntry/${e(id)}/answers/questions/${e(phase)}`,
  /** DELETE /analysisEntry/{id} (participant) */
  entryAbandon: (id: string) => `/analysisEntry/${e(id)}`,
  /** GET /analysisEntry/{id} (session) */
  entryUrl: (id: string) => `/analysisEntry/${e(id)}`,
  /** GET /entry/{id} (session) */
  entryPage: (id: string) => `/entry/${e(id)}`,
  /** DELETE /entry/{id} (session) */
  entryDelete: (id: string) => `/entry/${e(id)}`,
  /** GET /entry/{id}/live (session) */
  entryLive: (id: string) => `/entry/${e(id)}/live`,
  /** GET /entry/{id}/notes (session) */
  notesList: (id: string) => `/entry/${e(id)}/notes`,
  /** GET /entry/{id}/transcript (session) */
  transcriptGet: (id: string) => `/entry/${e(id)}/transcript`,
  /** GET /entry/{id}/transcript.vtt (session) */
  transcriptVtt: (id: string) => `/entry/${e(id)}/transcript.vtt`,
  /** GET /entry/{id}/transcript.txt (session) */
  transcriptText: (id: string) => `/entry/${e(id)}/transcript.txt`,
  /** GET /entry/{id}/summary (session) */
  summaryGet: (id: string) => `/entry/${e(id)}/summary`,
  /** POST /entry/{id}/summary (session) */
  summaryRegenerate: (id: string) => `/entry/${e(id)}/summary`,
  /** GET /analysis/{id}/themes (session) */
  themesGet: (id: string) => `/analysis/${e(id)}/themes`,
  /** POST /analysis/{id}/themes (session) */
  themesRegenerate: (id: string) => `/analysis/${e(id)}/themes`,
  /** POST /analysis/{id}/themes/{theme}/reel (session) */
  themeReel: (id: string, theme: string) => `/analysis/${e(id)}/themes/${e(theme)}/reel`,
  /** POST /entry/{id}/notes (session) */
  noteCreate: (id: string) => `/entry/${e(id)}/notes`,
  /** PATCH /entry/{id}/notes/{noteId} (session) */
  noteUpdate: (id: string, noteId: string) => `/entry/${e(id)}/notes/${e(noteId)}`,
  /** DELETE /entry/{id}/notes/{noteId} (session) */
  noteDelete: (id: string, noteId: string) => `/entry/${e(id)}/notes/${e(noteId)}`,
  /** GET /analysis/{id}/summary (session) */
  analysisSummary: (id: string) => `/analysis/${e(id)}/summary`,
  /** GET /analysis/{id}/export (session) */
  analysisExport: (id: string) => `/analysis/${e(id)}/export`,
  /** GET /analysis/{id}/export/tasks (session) */
  analysisExportTasks: (id: string) => `/analysis/${e(id)}/export/tasks`,
  /** GET /analysis/{id}/notes (session) */
  analysisNotes: (id: string) => `/analysis/${e(id)}/notes`,
  /** GET /analysis/{id}/transcript-search (session) */
  transcriptSearch: (id: string) => `/analysis/${e(id)}/transcript-search`,
  /** GET /analysis/{id}/reels (session) */
  reelList: (id: string) => `/analysis/${e(id)}/reels`,
  /** POST /analysis/{id}/reels (session) */
  reelCreate: (id: string) => `/analysis/${e(id)}/reels`,
  /** GET /reels/{id} (session) */
  reelGet: (id: string) => `/reels/${e(id)}`,
  /** PATCH /reels/{id} (session) */
  reelUpdate: (id: string) => `/reels/${e(id)}`,
  /** DELETE /reels/{id} (session) */
  reelDelete: (id: string) => `/reels/${e(id)}`,
  /** POST /reels/{id}/clips (session) */
  reelClipAdd: (id: string) => `/reels/${e(id)}/clips`,
  /** DELETE /reels/{id}/clips/{clipId} (session) */
  reelClipRemove: (id: string, clipId: string) => `/reels/${e(id)}/clips/${e(clipId)}`,
  /** GET /analysis/{id}/shares (session) */
  shareList: (id: string) => `/analysis/${e(id)}/shares`,
  /** POST /analysis/{id}/shares (session) */
  shareCreate: (id: string) => `/analysis/${e(id)}/shares`,
  /** POST /shares/{id}/revoke (session) */
  shareRevoke: (id: string) => `/shares/${e(id)}/revoke`,
  /** GET /workspaces (session) */
  workspaceList: () => '/workspaces',
  /** POST /workspaces (session) */
  workspaceCreate: () => '/workspaces',
  /** POST /workspaces/{id}/delete (session) */
  workspaceDelete: (id: string) => `/workspaces/${e(id)}/delete`,
  /** POST /workspaces/{id}/switch (session) */
  workspaceSwitch: (id: string) => `/workspaces/${e(id)}/switch`,
  /** POST /workspaces/{id}/leave (session) */
  workspaceLeave: (id: string) => `/workspaces/${e(id)}/leave`,
  /** GET /team (session) */
  teamGet: () => '/team',
  /** POST /team/invitations (session) */
  invitationCreate: () => '/team/invitations',
  /** POST /team/invitations/{id}/resend (session) */
  invitationResend: (id: string) => `/team/invitations/${e(id)}/resend`,
  /** POST /team/invitations/{id}/revoke (session) */
  invitationRevoke: (id: string) => `/team/invitations/${e(id)}/revoke`,
  /** PATCH /team/members/{id} (session) */
  memberUpdate: (id: string) => `/team/members/${e(id)}`,
  /** DELETE /team/members/{id} (session) */
  memberRemove: (id: string) => `/team/members/${e(id)}`,
  /** POST /team/owner (session) */
  teamOwnerTransfer: () => '/team/owner',
  /** GET /team/activity (session) */
  teamActivity: () => '/team/activity',
  /** GET /team/activity/export (session) */
  teamActivityCsv: () => '/team/activity/export',
  /** GET /invitations/{token} (public) */
  invitationView: (token: string) => `/invitations/${e(token)}`,
  /** POST /invitations/{token}/accept (session) */
  invitationAccept: (token: string) => `/invitations/${e(token)}/accept`,
  /** POST /analysis/{id}/sessions (session) */
  sessionCreate: (id: string) => `/analysis/${e(id)}/sessions`,
  /** GET /analysis/{id}/sessions (session) */
  sessionList: (id: string) => `/analysis/${e(id)}/sessions`,
  /** GET /sessions/{id} (session) */
  sessionGet: (id: string) => `/sessions/${e(id)}`,
  /** DELETE /sessions/{id} (session) */
  sessionDelete: (id: string) => `/sessions/${e(id)}`,
  /** GET /sessions/{id}/room (session) */
  sessionRoom: (id: string) => `/sessions/${e(id)}/room`,
  /** POST /sessions/{id}/ice (session) */
  sessionIce: (id: string) => `/sessions/${e(id)}/ice`,
  /** GET /session-link/{token} (public) */
  sessionLinkView: (token: string) => `/session-link/${e(token)}`,
  /** GET /session-link/{token}/room (public) */
  sessionLinkRoom: (token: string) => `/session-link/${e(token)}/room`,
  /** POST /session-link/{token}/ice (public) */
  sessionLinkIce: (token: string) => `/session-link/${e(token)}/ice`,
  /** GET /share/{token} (public) */
  sharedView: (token: string) => `/share/${e(token)}`,
  /** GET /share-media/{id}/{source}/{segment}/{track} (signed) */
  sharedMedia: (id: string, source: string, segment: string | number, track: string) => `/share-media/${e(id)}/${e(source)}/${e(segment)}/${e(track)}`,
  /** PUT /uploads/{id} (signed) */
  singleUpload: (id: string) => `/uploads/${e(id)}`,
  /** GET /recordings/{id} (signed) */
  recordingStream: (id: string) => `/recordings/${e(id)}`,
  /** GET /recordings/{id}/{segment} (signed) */
  segmentStream: (id: string, segment: string | number) => `/recordings/${e(id)}/${e(segment)}`,
  /** GET /recordings/{id}/{segment}/camera (signed) */
  segmentCameraStream: (id: string, segment: string | number) => `/recordings/${e(id)}/${e(segment)}/camera`,
  /** GET /thumbnails/{id} (signed) */
  thumbnailGet: (id: string) => `/thumbnails/${e(id)}`,
  /** GET /live-chunks/{id}/{segment}/{track}/{index} (signed) */
  liveChunk: (id: string, segment: string | number, track: string, index: string | number) => `/live-chunks/${e(id)}/${e(segment)}/${e(track)}/${e(index)}`,
} as const;
