// The authorization matrix: every API route called as anonymous, a participant without and with
// the entry capability, another customer (a member of another workspace), the owner, an admin,
// and the owner's team: an admin, a researcher and an observer of the owner's workspace (ADR
// 0019), with the expected status for each. A team member's status follows from what the route
// needs (`team::need`, exported to routes.json with the roles that pass it): the owner's status
// when their role passes, 403 when it doesn't; a route of the account's own is theirs, as another
// customer's; a row says so where a member's answer is its own. Each row also names the route's access rule, which must be the one declared with the route
// (edge-worker/core/src/routes/table.rs, exported to routes.json, ADR 0014), and its statuses must
// be what that rule means. Rows are keyed by the route's id (routes.json), so a declared route
// without a row fails by its id, as does a row without its rule.
// A second table is the subscription gate: an owner whose subscription lapsed. Every call also
// reports its D1 round trips (x-d1-round-trips); each route must stay within the budget declared
// with it (d1-budgets.mjs, ADR 0011).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { api, client, sessionCookie, signUp, uniqueEmail } from './helpers.mjs';
import { q, sql } from './db.mjs';
import {
  createAnalysis,
  grantSubscription,
  owner as subscribed,
  participate as claim,
  submittedParticipation,
} from '../lib/test-app.mjs';
import { RoundTrips } from './d1-budgets.mjs';
import { invite, join } from './team-helpers.mjs';
import { ROUTES, routeKey } from './routes.mjs';

const ROLES = ['anon', 'noCap', 'cap', 'other', 'owner', 'admin', 'teamAdmin', 'researcher', 'observer'];
/** The matrix's team members, by their role in the owner's workspace. */
const TEAM = { teamAdmin: 'admin', researcher: 'researcher', observer: 'observer' };
const valid = {
  name: 'Matriz',
  url: 'example.com',
  maxNumberOfParticipants: 200,
  scenario: '',
  tasks: [{ taskType: 'text', taskContent: 'T' }],
  device: 'computer',
  camera: 'optional',
  taskQuestions: true,
  sus: true,
  questions: { pre: [], post: [{ text: '¿Algo más?', type: 'text' }] },
};
// The smallest JPEG the thumbnail route takes: SOI, a comment of random bytes, a 1×1 frame
// header (the route reads the size a browser would decode), EOI.
const jpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 62]),
    randomBytes(60),
    Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]),
  ]);

/** Each declared route by its id (routes.json, ADR 0014): the key of every row below. */
const ROUTE_BY_ID = new Map(ROUTES.map((route) => [route.id, route]));

/** A place in `analysisId`: the entry and its capability cookie. */
async function participate(analysisId) {
  const p = await claim(analysisId);
  return { entry: p.entryId, cap: p.cookie, p };
}

const submitted = async (analysisId) => (await submittedParticipation(analysisId, randomBytes(1024))).entryId;

/** The world every row runs in: users, an analysis, entries, a note, a checkout session. */
async function world() {
  const owner = await signUp('m-owner');
  const checkout = await client.billingCheckout({
    cookie: owner.cookie,
    body: { planName: 'basic', planBillingCycle: 'monthly' },
  });
  grantSubscription(owner.user.id);
  const other = await signUp('m-other');
  const admin = await signUp('m-admin');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  const analysis = (await createAnalysis(owner, valid)).id;
  const done = await submitted(analysis);
  const note = (await client.noteCreate(done, { cookie: owner.cookie, body: { atMs: 0, text: 'n' } })).json.id;
  const clip = (await client.noteCreate(done, { cookie: owner.cookie, body: { atMs: 0, endMs: 500, text: 'c' } })).json
    .id;
  const reel = (await client.reelCreate(analysis, { cookie: owner.cookie, body: { title: 'R', clipIds: [clip] } })).json
    .id;
  const shared = (
    await client.shareCreate(analysis, {
      cookie: owner.cookie,
      body: { kind: 'recording', targetId: done, expiresInDays: 7 },
    })
  ).json;
  // A moderated session of the owner's (ADR 0024), and its participant link's token.
  const moderated = (await client.sessionCreate(analysis, { cookie: owner.cookie, body: {} })).json;
  const victim = await signUp('m-victim');
  // The owner's team, each in the owner's workspace (current) by invitation.
  const team = {};
  for (const [key, role] of Object.entries(TEAM)) {
    team[key] = await signUp(`m-${key}`);
    await join(owner, team[key], role);
  }
  return {
    owner,
    other,
    admin,
    analysis,
    done,
    note,
    clip,
    reel,
    victim,
    moderated: moderated.id,
    sessionToken: new URL(moderated.participantUrl).searchParams.get('session'),
    shareId: shared.share.id,
    shareToken: shared.token,
    session: /\/billing\/checkout\/(\S+)$/.exec(checkout.json.checkoutSessionUrl)[1],
    cookies: {
      anon: undefined,
      noCap: '__Host-lupa_participation=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      other: other.cookie,
      owner: owner.cookie,
      admin: admin.cookie,
      ...Object.fromEntries(Object.keys(TEAM).map((key) => [key, team[key].cookie])),
    },
  };
}

/** Invitation tokens already mailed to the 'other' customer (the newest mail is the next one's). */
const seenByOther = [];

// Fresh objects for rows that destroy what they touch, made before each call.
const fresh = {
  entry: async (w) => participate(w.analysis),
  startedEntry: async (w) => {
    const started = await participate(w.analysis);
    return { ...started, segment: (await started.p.openSegment()).json.segment };
  },
  cameraEntry: async (w) => {
    const started = await fresh.startedEntry(w);
    await started.p.openSegment({ mimeType: 'video/webm;codecs=vp8', track: 'camera' });
    return started;
  },
  uploadedEntry: async (w) => {
    const started = await fresh.startedEntry(w);
    await started.p.putChunk(started.segment, 0, randomBytes(100), 1000);
    return started;
  },
  analysis: async (w) => ({ analysis: (await createAnalysis(w.owner, valid)).id }),
  moderated: async (w) => ({
    moderated: (await client.sessionCreate(w.analysis, { cookie: w.owner.cookie, body: {} })).json.id,
  }),
  done: async (w) => ({ done: await submitted(w.analysis) }),
  note: async (w) => ({
    note: (await client.noteCreate(w.done, { cookie: w.owner.cookie, body: { atMs: 1, text: 'x' } })).json.id,
  }),
  victim: async () => ({ victim: (await signUp('m-victim')).user }),
  reel: async (w) => ({
    reel: (await client.reelCreate(w.analysis, { cookie: w.owner.cookie, body: { title: 'F' } })).json.id,
  }),
  // Team routes (ADR 0019): a pending invitation of the owner's workspace, one to the 'other'
  // customer from a workspace of its own (so accepting it changes nothing the other rows use), and a
  // member of the owner's workspace.
  invitation: async (w) => {
    const { res, token } = await invite(w.owner, uniqueEmail('m-invited'), 'observer');
    return { invitation: res.json.id, token };
  },
  invitationForOther: async (w) => {
    const { token } = await invite(await signUp('m-inviter'), w.other.email, 'observer', { seen: seenByOther });
    seenByOther.push(token);
    return { token };
  },
  member: async (w) => {
    const member = await signUp('m-member');
    await sql(
      `INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES (${q(`w${w.owner.user.id}`)}, ${q(member.user.id)}, 'observer', ${Date.now()})`,
    );
    return { member: member.user.id };
  },
  share: async (w) => ({
    share: (
      await client.shareCreate(w.analysis, { cookie: w.owner.cookie, body: { kind: 'summary', expiresInDays: 7 } })
    ).json.share.id,
  }),
};

const S = (anon, noCap, cap, other, owner, admin) => ({ anon, noCap, cap, other, owner, admin });
const all = (code) => S(code, code, code, code, code, code);
const session = (other, owner, admin) => S(401, 401, 401, other, owner, admin);
const capOnly = (code) => S(403, 403, code, 403, 403, 403);
/** The same status for the three team members. */
const members = (code) => ({ teamAdmin: code, researcher: code, observer: code });

/** A row's expected status for `role`: its own column, or for a team member what the route needs. */
function expectation([id, access, expected, opts = {}], role) {
  if (!(role in TEAM)) return expected[role];
  if (opts.team?.[role] !== undefined) return opts.team[role];
  const route = ROUTE_BY_ID.get(id);
  if (access !== 'session' || route?.need === 'account') return expected.other;
  return route.teamRoles.includes(TEAM[role]) ? expected.owner : 403;
}

// [route id, access, expected, {path, body, fresh, raw}], keyed by the route's id (routes.json) —
// path/body may use the world `w` and fresh `f` (the path is the route's pattern when it has no
// parameter); access is the rule declared with the route (public, session, admin, participant,
// signed).
const MATRIX = [
  ['Health', 'public', all(200)],
  ['OpenApi', 'public', all(200)],
  ['AuthLogin', 'public', all(200), { body: (w) => ({ username: w.owner.email, password: w.owner.password }) }],
  [
    'AuthRegister',
    'public',
    all(201),
    { body: () => ({ username: uniqueEmail('m-reg'), password: 'una clave bastante larga' }) },
  ],
  ['AuthSession', 'session', session(200, 200, 200)],
  ['AuthResetRequest', 'public', all(200), { body: () => ({ email: uniqueEmail('m-reset') }) }],
  ['AuthResetCheck', 'public', all(400), { path: () => '/auth/password-reset?passwordResetToken=nope' }],
  [
    'AuthResetApply',
    'public',
    all(400),
    {
      body: () => ({
        passwordResetToken: 'nope',
        newPassword: 'una clave larga',
        confirmNewPassword: 'una clave larga',
      }),
    },
  ],
  ['AuthUpdatePassword', 'session', session(400, 400, 400), { body: () => ({}) }],
  ['User', 'session', session(200, 200, 200)],
  ['Waitlist', 'public', all(201), { body: () => ({ email: uniqueEmail('m-wait'), consent: true }) }],
  ['ValidateParticipation', 'public', all(200), { body: (w) => ({ analysisId: w.analysis }) }],
  // The pre-flight uplink probe (issue 48): the invite's analysis, before any participation.
  [
    'UplinkProbe',
    'public',
    all(200),
    { path: (w) => `/analysis/${w.analysis}/uplink-probe`, raw: () => randomBytes(4096) },
  ],
  ['Participate', 'public', all(200), { body: (w) => ({ analysisId: w.analysis }) }],
  ['Screen', 'public', all(200), { body: (w) => ({ analysisId: w.analysis, answers: [] }) }],
  ['AnalysisList', 'session', session(200, 200, 200)],
  ['AnalysisCreate', 'session', session(402, 201, 402), { body: () => valid }],
  ['AnalysisGet', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}` }],
  ['AnalysisUpdate', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}`, body: () => valid }],
  ['AnalysisClose', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/close` }],
  ['AnalysisReopen', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/reopen` }],
  [
    'AnalysisDelete',
    'session',
    session(404, 200, 200),
    { fresh: fresh.analysis, path: (w, f) => `/analysis/${f.analysis}` },
  ],
  ['AnalysisSummary', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/summary` }],
  // Themes (ADR 0021): the world's analysis has one summarised participation at most, so
  // 'Regenerar' is not ready (409) and it has no theme to make a reel of (404).
  ['ThemesGet', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/themes` }],
  ['ThemesRegenerate', 'session', session(404, 409, 409), { path: (w) => `/analysis/${w.analysis}/themes` }],
  ['ThemeReel', 'session', session(404, 404, 404), { path: (w) => `/analysis/${w.analysis}/themes/1/reel` }],
  ['AnalysisExport', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/export` }],
  ['AnalysisExportTasks', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/export/tasks` }],
  ['AnalysisNotes', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/notes` }],
  [
    'TranscriptSearch',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}/transcript-search?q=hola` },
  ],
  ['ReelList', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/reels` }],
  [
    'ReelCreate',
    'session',
    session(404, 201, 201),
    { path: (w) => `/analysis/${w.analysis}/reels`, body: (w) => ({ title: 'R', clipIds: [w.clip] }) },
  ],
  ['ReelGet', 'session', session(404, 200, 200), { path: (w) => `/reels/${w.reel}` }],
  [
    'ReelUpdate',
    'session',
    session(404, 200, 200),
    { path: (w) => `/reels/${w.reel}`, body: () => ({ title: 'Otro' }) },
  ],
  [
    'ReelClipAdd',
    'session',
    session(404, 200, 200),
    { path: (w) => `/reels/${w.reel}/clips`, body: (w) => ({ clipId: w.clip }) },
  ],
  ['ReelClipRemove', 'session', session(404, 200, 200), { path: (w) => `/reels/${w.reel}/clips/${w.clip}` }],
  ['ReelDelete', 'session', session(404, 200, 200), { fresh: fresh.reel, path: (w, f) => `/reels/${f.reel}` }],
  ['ShareList', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/shares` }],
  [
    'ShareCreate',
    'session',
    session(404, 201, 201),
    { path: (w) => `/analysis/${w.analysis}/shares`, body: () => ({ kind: 'summary', expiresInDays: 30 }) },
  ],
  [
    'ShareRevoke',
    'session',
    session(404, 200, 200),
    { fresh: fresh.share, path: (w, f) => `/shares/${f.share}/revoke` },
  ],
  // The public share route needs no account; its media needs a valid signature whoever asks.
  ['SharedView', 'public', all(200), { path: (w) => `/share/${w.shareToken}` }],
  [
    'SharedMedia',
    'signed',
    all(403),
    { path: (w) => `/share-media/${w.shareId}/recording/1/screen?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'EntryUploadUrl',
    'participant',
    capOnly(200),
    { fresh: fresh.entry, body: (w, f) => ({ analysisEntryId: f.entry, analysisId: w.analysis }) },
  ],
  [
    'EntryUpdate',
    'participant',
    capOnly(409),
    { fresh: fresh.entry, body: (w, f) => ({ analysisEntryId: f.entry, analysisEntryStatus: 'submitted' }) },
  ],
  ['ParticipationCurrent', 'participant', S(404, 404, 200, 404, 404, 404), { fresh: fresh.entry }],
  [
    'EntryResume',
    'participant',
    capOnly(200),
    { fresh: fresh.entry, path: (w, f) => `/analysisEntry/${f.entry}/resume` },
  ],
  [
    'EntrySegmentOpen',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/segments`,
      body: () => ({ mimeType: 'video/mp4' }),
    },
  ],
  [
    'EntryChunkPut',
    'participant',
    capOnly(200),
    {
      fresh: fresh.startedEntry,
      path: (w, f) => `/analysisEntry/${f.entry}/segments/${f.segment}/chunks/0`,
      raw: () => randomBytes(64),
      headers: { 'x-lupa-end-ms': '1000' },
    },
  ],
  [
    'EntryTaskAnswer',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/answers/tasks/1`,
      body: () => ({ seq: 5, success: 'yes', atMs: 1000 }),
    },
  ],
  [
    'EntryQuestionAnswers',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/answers/questions/post`,
      body: () => ({ answers: [{ text: 'Nada' }], atMs: 1000 }),
    },
  ],
  [
    'EntrySusAnswer',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/answers/sus`,
      body: () => ({ answers: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3], atMs: 1000 }),
    },
  ],
  [
    'EntryCameraChunkPut',
    'participant',
    capOnly(200),
    {
      fresh: fresh.cameraEntry,
      path: (w, f) => `/analysisEntry/${f.entry}/segments/${f.segment}/camera-chunks/0`,
      raw: () => randomBytes(64),
      headers: { 'x-lupa-end-ms': '1000', 'x-lupa-start-ms': '120' },
    },
  ],
  [
    'EntryAudioChunkPut',
    'participant',
    capOnly(200),
    {
      fresh: fresh.startedEntry,
      path: (w, f) => `/analysisEntry/${f.entry}/segments/${f.segment}/audio-chunks/0`,
      raw: () => randomBytes(64),
      headers: { 'x-lupa-start-ms': '120' },
    },
  ],
  [
    'EntryThumbnailPut',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/thumbnail`,
      raw: jpeg,
      headers: { 'content-type': 'image/jpeg' },
    },
  ],
  [
    'EntrySteps',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/steps`,
      body: () => ({ steps: [{ index: 0, atMs: 0 }] }),
    },
  ],
  [
    'EntryComplete',
    'participant',
    capOnly(200),
    {
      fresh: fresh.uploadedEntry,
      path: (w, f) => `/analysisEntry/${f.entry}/complete`,
      body: () => ({ durationMs: 100 }),
    },
  ],
  [
    'EntryAbandon',
    'participant',
    capOnly(200),
    { fresh: fresh.startedEntry, path: (w, f) => `/analysisEntry/${f.entry}` },
  ],
  ['EntryUrl', 'session', session(404, 200, 200), { path: (w) => `/analysisEntry/${w.done}` }],
  ['EntryPage', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}` }],
  ['EntryDelete', 'session', session(404, 200, 200), { fresh: fresh.done, path: (w, f) => `/entry/${f.done}` }],
  // Without `Upgrade: websocket` the owner learns it needs a socket; anyone else learns nothing (ADR 0016).
  ['EntryLive', 'session', session(404, 426, 426), { path: (w) => `/entry/${w.done}/live` }],
  ['NotesList', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}/notes` }],
  ['TranscriptGet', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}/transcript` }],
  ['SummaryGet', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}/summary` }],
  // 'Regenerar' for a participation still recording: not ready (409) for whoever may make one; an
  // observer may not (403). A fresh one, as a submitted one's transcript completes at its own pace.
  [
    'SummaryRegenerate',
    'session',
    session(404, 409, 409),
    { fresh: fresh.startedEntry, path: (w, f) => `/entry/${f.entry}/summary` },
  ],
  ['TranscriptVtt', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}/transcript.vtt` }],
  ['TranscriptText', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}/transcript.txt` }],
  [
    'NoteCreate',
    'session',
    session(404, 201, 201),
    { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 10, text: 'nota' }) },
  ],
  [
    'NoteUpdate',
    'session',
    session(404, 200, 200),
    { path: (w) => `/entry/${w.done}/notes/${w.note}`, body: () => ({ text: 'editada' }) },
  ],
  [
    'NoteDelete',
    'session',
    session(404, 200, 200),
    { fresh: fresh.note, path: (w, f) => `/entry/${w.done}/notes/${f.note}` },
  ],
  [
    'SingleUpload',
    'signed',
    all(403),
    {
      fresh: fresh.entry,
      path: (w, f) => `/uploads/${f.entry}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}`,
      raw: () => randomBytes(64),
    },
  ],
  [
    'RecordingStream',
    'signed',
    all(403),
    { path: (w) => `/recordings/${w.done}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'SegmentStream',
    'signed',
    all(403),
    { path: (w) => `/recordings/${w.done}/1?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'SegmentCameraStream',
    'signed',
    all(403),
    { path: (w) => `/recordings/${w.done}/1/camera?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'ThumbnailGet',
    'signed',
    all(403),
    { path: (w) => `/thumbnails/${w.done}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'LiveChunk',
    'signed',
    all(403),
    { path: (w) => `/live-chunks/${w.done}/1/screen/0?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  // Research teams (ADR 0019). The global admin and the other customer act in their own workspaces.
  ['WorkspaceList', 'session', session(200, 200, 200)],
  [
    'WorkspaceSwitch',
    'session',
    session(404, 200, 404),
    { path: (w) => `/workspaces/w${w.owner.user.id}/switch`, team: members(200) },
  ],
  ['TeamGet', 'session', session(200, 200, 200)],
  // Refused on purpose (the caller owns it already): passing it on would end the owner's rows below.
  ['TeamOwnerTransfer', 'session', session(404, 409, 404), { body: (w) => ({ userId: w.owner.user.id }) }],
  // Personal workspaces are not deleted this way: the owner's is refused, others aren't members.
  [
    'WorkspaceDelete',
    'session',
    session(404, 403, 404),
    // A member who is not its owner: 403 (only the owner deletes a team).
    {
      path: (w) => `/workspaces/w${w.owner.user.id}/delete`,
      body: (w) => ({ name: w.owner.email }),
      team: members(403),
    },
  ],
  ['TeamActivity', 'session', session(200, 200, 200)],
  ['TeamActivityCsv', 'session', session(200, 200, 200)],
  [
    'InvitationCreate',
    'session',
    session(201, 201, 201),
    { body: () => ({ email: uniqueEmail('m-inv'), role: 'observer' }) },
  ],
  [
    'InvitationResend',
    'session',
    session(404, 200, 404),
    { fresh: fresh.invitation, path: (w, f) => `/team/invitations/${f.invitation}/resend` },
  ],
  [
    'InvitationRevoke',
    'session',
    session(404, 200, 404),
    { fresh: fresh.invitation, path: (w, f) => `/team/invitations/${f.invitation}/revoke` },
  ],
  [
    'MemberUpdate',
    'session',
    session(404, 200, 404),
    { fresh: fresh.member, path: (w, f) => `/team/members/${f.member}`, body: () => ({ role: 'researcher' }) },
  ],
  [
    'MemberRemove',
    'session',
    session(404, 200, 404),
    { fresh: fresh.member, path: (w, f) => `/team/members/${f.member}` },
  ],
  ['InvitationView', 'public', all(200), { fresh: fresh.invitation, path: (w, f) => `/invitations/${f.token}` }],
  // Moderated sessions (ADR 0024): the team's, in its workspace (the global admin acts in its own,
  // where the analysis is not: 404). Deleting is the moderator's (the owner made it), an admin's
  // or the owner's; the rooms answer 426 to a request without the WebSocket upgrade.
  [
    'SessionCreate',
    'session',
    session(404, 201, 404),
    { path: (w) => `/analysis/${w.analysis}/sessions`, body: () => ({}) },
  ],
  ['SessionList', 'session', session(404, 200, 404), { path: (w) => `/analysis/${w.analysis}/sessions` }],
  ['SessionGet', 'session', session(404, 200, 404), { path: (w) => `/sessions/${w.moderated}` }],
  [
    'SessionDelete',
    'session',
    session(404, 204, 404),
    {
      fresh: fresh.moderated,
      path: (w, f) => `/sessions/${f.moderated}`,
      team: { teamAdmin: 204, researcher: 403, observer: 403 },
    },
  ],
  ['SessionRoom', 'session', session(404, 426, 404), { path: (w) => `/sessions/${w.moderated}/room` }],
  ['SessionIce', 'session', session(404, 200, 404), { path: (w) => `/sessions/${w.moderated}/ice` }],
  ['SessionLinkView', 'public', all(200), { path: (w) => `/session-link/${w.sessionToken}` }],
  ['SessionLinkRoom', 'public', all(426), { path: (w) => `/session-link/${w.sessionToken}/room` }],
  ['SessionLinkIce', 'public', all(200), { path: (w) => `/session-link/${w.sessionToken}/ice` }],
  ['BillingGet', 'session', session(200, 200, 200)],
  ['BillingCreateCustomer', 'session', session(200, 200, 200)],
  [
    'BillingCheckout',
    'session',
    session(200, 400, 200),
    { body: () => ({ planName: 'basic', planBillingCycle: 'monthly' }) },
  ],
  ['BillingPortal', 'session', session(200, 200, 200)],
  ['BillingWebhook', 'signed', all(403), { body: () => ({ id: 'evt_x' }) }],
  ['LocalCheckoutGet', 'session', session(404, 200, 404), { path: (w) => `/billing/local/checkout/${w.session}` }],
  ['LocalCheckoutPay', 'session', session(404, 409, 404), { path: (w) => `/billing/local/checkout/${w.session}/pay` }],
  [
    'LocalCheckoutCancel',
    'session',
    session(404, 200, 404),
    { path: (w) => `/billing/local/checkout/${w.session}/cancel` },
  ],
  ['LocalPortalGet', 'session', session(200, 200, 200)],
  ['AdminUsers', 'admin', session(403, 403, 200), { path: () => '/admin/' }],
  [
    'AdminUserUpdate',
    'admin',
    session(403, 403, 200),
    { path: (w) => `/admin/users/${w.victim.user.id}`, body: () => ({ role: 'customer' }) },
  ],
  [
    'AdminUserDelete',
    'admin',
    session(403, 403, 200),
    { fresh: fresh.victim, path: (w, f) => `/admin/users/${f.victim.id}` },
  ],
  ['AdminWaitlist', 'admin', session(403, 403, 200)],
  ['AdminWorkspaces', 'admin', session(403, 403, 200)],
  ['AdminWaitlistCsv', 'admin', session(403, 403, 200)],
  // Last: these end the caller's session or subscription.
  ['LocalPortalCancel', 'session', session(409, 200, 409)],
  // Joining moves the other customer's current workspace (to one of its own, see the fresh row).
  [
    'InvitationAccept',
    'session',
    session(200, 403, 403),
    // The invitation is for the other customer's e-mail: a team member's account is the wrong one.
    { fresh: fresh.invitationForOther, path: (w, f) => `/invitations/${f.token}/accept`, team: members(403) },
  ],
  // Making a team moves each caller's current workspace to it.
  ['WorkspaceCreate', 'session', session(201, 201, 201), { body: () => ({ name: 'Otro equipo' }) }],
  // Leaving: the owner can't; each member can, and does (so it comes last but logging out).
  [
    'WorkspaceLeave',
    'session',
    session(404, 403, 404),
    { path: (w) => `/workspaces/w${w.owner.user.id}/leave`, team: members(200) },
  ],
  ['AuthLogout', 'public', all(200)],
];

const ok = (status) => status >= 200 && status < 300;

/** What an access rule promises, as statuses: every way a row breaks it. */
const RULES = {
  // Anyone may call it: an anonymous visitor is never refused for lack of a session.
  public: (e) => (e.anon === 401 || e.anon === 403 ? ['anonymous is refused'] : []),
  // The router answers 401 before the handler without a session; a session is never 401.
  session: (e) => [
    ...['anon', 'noCap', 'cap'].filter((r) => e[r] !== 401).map((r) => `${r} is not 401`),
    ...['other', 'owner', 'admin', ...Object.keys(TEAM)].filter((r) => e[r] === 401).map((r) => `${r} is 401`),
  ],
  // 401 without a session, 403 for a customer, through for an admin.
  admin: (e) => [
    ...['anon', 'noCap', 'cap'].filter((r) => e[r] !== 401).map((r) => `${r} is not 401`),
    ...['other', 'owner'].filter((r) => e[r] !== 403).map((r) => `${r} is not 403`),
    ...(e.admin === 401 || e.admin === 403 ? ['admin is refused'] : []),
  ],
  // Only the browser holding the entry's capability gets through.
  participant: (e) => ROLES.filter((r) => r !== 'cap' && ok(e[r])).map((r) => `${r} succeeds without the capability`),
  // Nobody gets through without a valid signature (the rows send a wrong one, or none).
  signed: (e) => ROLES.filter((r) => ok(e[r])).map((r) => `${r} succeeds without a valid signature`),
};

test('every declared route has a row in the matrix, by its id, with its declared access rule', () => {
  const problems = [];
  for (const route of ROUTES) {
    if (!MATRIX.some(([id]) => id === route.id)) problems.push(`${route.id} (${routeKey(route)}): no row`);
  }
  for (const row of MATRIX) {
    const [id, access] = row;
    const route = ROUTE_BY_ID.get(id);
    const expected = Object.fromEntries(ROLES.map((role) => [role, expectation(row, role)]));
    if (!route) problems.push(`${id}: a row for a route that is not declared`);
    else if (!(access in RULES)) problems.push(`${id}: no access rule in its row (declared: ${route.access})`);
    else if (access !== route.access) problems.push(`${id}: the row says ${access}, the declaration ${route.access}`);
    else problems.push(...RULES[access](expected).map((p) => `${id} (${access}): ${p}`));
  }
  assert.deepEqual(problems, []);
  assert.ok(ROUTES.length >= 50);
});

const roundTrips = new RoundTrips();

test('each role gets the expected status on every route', async () => {
  const w = await world();
  const failures = [];
  for (const row of MATRIX) {
    const [id, , , opts = {}] = row;
    const { method, pattern } = ROUTE_BY_ID.get(id);
    for (const role of ROLES) {
      const expected = { [role]: expectation(row, role) };
      const f = opts.fresh ? await opts.fresh(w) : {};
      const cookie = role === 'cap' ? f.cap : w.cookies[role];
      const path = `/api/v1${opts.path ? opts.path(w, f) : pattern}`;
      // Bytes (`raw`) go as application/octet-stream unless the row's headers say otherwise.
      const body = opts.raw ? opts.raw() : opts.body?.(w, f);
      const res = await api(path, { method, cookie, body, headers: opts.headers });
      const { status } = res;
      if (status !== expected[role])
        failures.push(`${id} (${method} ${pattern}) as ${role}: ${status}, expected ${expected[role]}`);
      roundTrips.record(id, role, res.headers);
    }
  }
  assert.deepEqual(failures, []);
  // Logging out really ended the sessions used above.
  assert.equal((await client.authSession({ cookie: w.owner.cookie })).status, 401);
  assert.equal(sessionCookie({ headers: new Headers() }), undefined);
});

test('every route keeps within its D1 round-trip budget', () => {
  roundTrips.print();
  assert.deepEqual(roundTrips.problems(ROUTES.map((route) => route.id)), []);
});

// The subscription gate, as a column of its own: an owner whose subscription lapsed. Writes that
// extend what a customer gets (create, edit — places included — and reopen) are 402; reading,
// watching, exporting, closing and deleting stay open, so a customer always gets their data out.
const LAPSED = [
  ['AnalysisCreate', 402, { body: () => valid }],
  [
    'AnalysisUpdate',
    402,
    { path: (w) => `/analysis/${w.analysis}`, body: () => ({ ...valid, maxNumberOfParticipants: 1000 }) },
  ],
  ['AnalysisReopen', 402, { path: (w) => `/analysis/${w.analysis}/reopen` }],
  ['AnalysisList', 200],
  ['AnalysisGet', 200, { path: (w) => `/analysis/${w.analysis}` }],
  ['AnalysisSummary', 200, { path: (w) => `/analysis/${w.analysis}/summary` }],
  ['AnalysisExport', 200, { path: (w) => `/analysis/${w.analysis}/export` }],
  ['EntryUrl', 200, { path: (w) => `/analysisEntry/${w.done}` }],
  ['EntryPage', 200, { path: (w) => `/entry/${w.done}` }],
  ['BillingGet', 200],
  // Insights (ADR 0012, "Lapsed customers"): no new clips, reels or links; notes, lists and deletes stay free.
  [
    'ShareCreate',
    402,
    { path: (w) => `/analysis/${w.analysis}/shares`, body: () => ({ kind: 'summary', expiresInDays: 7 }) },
  ],
  [
    'ReelCreate',
    402,
    { path: (w) => `/analysis/${w.analysis}/reels`, body: (w) => ({ title: 'R2', clipIds: [w.clip] }) },
  ],
  ['ReelUpdate', 402, { path: (w) => `/reels/${w.reel}`, body: () => ({ title: 'R3' }) }],
  ['NoteCreate', 402, { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 0, endMs: 400, text: 'clip' }) }],
  ['NoteCreate', 201, { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 0, text: 'nota' }) }],
  ['ShareList', 200, { path: (w) => `/analysis/${w.analysis}/shares` }],
  ['ReelGet', 200, { path: (w) => `/reels/${w.reel}` }],
  ['ReelDelete', 200, { path: (w) => `/reels/${w.reel}` }],
  ['AnalysisClose', 200, { path: (w) => `/analysis/${w.analysis}/close` }],
  ['EntryDelete', 200, { path: (w) => `/entry/${w.done}` }],
  ['AnalysisDelete', 200, { path: (w) => `/analysis/${w.analysis}` }],
];

test('a lapsed subscription: the gated writes are 402, the customer still reads, exports and deletes', async () => {
  const owner = await subscribed('m-lapsed');
  const analysis = (await createAnalysis(owner, valid)).id;
  const w = { analysis, done: await submitted(analysis) };
  w.clip = (
    await client.noteCreate(w.done, { cookie: owner.cookie, body: { atMs: 0, endMs: 500, text: 'c' } })
  ).json.id;
  w.reel = (
    await client.reelCreate(analysis, { cookie: owner.cookie, body: { title: 'R', clipIds: [w.clip] } })
  ).json.id;
  await sql(
    `UPDATE subscriptions SET status = 'canceled', current_period_end = ${Date.now() - 1000} WHERE user_id = ${q(owner.user.id)}`,
  );
  const failures = [];
  for (const [id, expected, opts = {}] of LAPSED) {
    const { method, pattern } = ROUTE_BY_ID.get(id);
    const res = await api(`/api/v1${opts.path ? opts.path(w) : pattern}`, {
      method,
      cookie: owner.cookie,
      body: opts.body?.(w),
    });
    if (res.status !== expected) failures.push(`${id} (${method} ${pattern}): ${res.status}, expected ${expected}`);
    if (expected === 402 && res.status === 402 && !res.json?.message) failures.push(`${id}: 402 without a message`);
  }
  assert.deepEqual(failures, []);
});
