// The authorization matrix: every API route called as anonymous, a participant without and with
// the entry capability, another customer (a member of another workspace), the owner, an admin,
// and the owner's team: an admin, a researcher and an observer of the owner's workspace (ADR
// 0019), with the expected status for each. A team member's status follows from what the route
// needs (`team::need`, exported to routes.json with the roles that pass it): the owner's status
// when their role passes, 403 when it doesn't; a route of the account's own is theirs, as another
// customer's; a row says so where a member's answer is its own. Each row also names the route's access rule, which must be the one declared with the route
// (edge-worker/core/src/routes/table.rs, exported to routes.json, ADR 0014), and its statuses must
// be what that rule means. A declared route without a row, or a row without its rule, fails.
// A second table is the subscription gate: an owner whose subscription lapsed. Every call also
// reports its D1 round trips (x-d1-round-trips); each route must stay within the budget declared
// with it (d1-budgets.mjs, ADR 0011).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { api, BASE, randomIp, sessionCookie, signUp, uniqueEmail } from './helpers.mjs';
import { grantSubscription, q, sql } from './db.mjs';
import { openCameraSegment, openSegment, putChunk, recordAndSubmit } from './recording.mjs';
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

/** Every `METHOD pattern` the router knows. */
const routerRoutes = () => ROUTES.map(routeKey);

async function participate(analysisId) {
  const res = await api('/api/v1/analysis/participate', { method: 'POST', body: { analysisId } });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('__Host-lupa_participation='))
    .split(';')[0];
  return { entry: res.json.analysisEntryId, cap: cookie };
}

async function submitted(analysisId) {
  const { entry, cap } = await participate(analysisId);
  await recordAndSubmit(entry, cap, randomBytes(1024));
  return entry;
}

/** The world every row runs in: users, an analysis, entries, a note, a checkout session. */
async function world() {
  const owner = await signUp('m-owner');
  const checkout = await api('/api/v1/billing/checkout-session', {
    method: 'POST',
    cookie: owner.cookie,
    body: { planName: 'basic', planBillingCycle: 'monthly' },
  });
  grantSubscription(owner.user.id);
  const other = await signUp('m-other');
  const admin = await signUp('m-admin');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  const analysis = (await api('/api/v1/analysis', { method: 'POST', cookie: owner.cookie, body: valid })).json
    .analysisData.id;
  const done = await submitted(analysis);
  const note = (
    await api(`/api/v1/entry/${done}/notes`, { method: 'POST', cookie: owner.cookie, body: { atMs: 0, text: 'n' } })
  ).json.id;
  const clip = (
    await api(`/api/v1/entry/${done}/notes`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { atMs: 0, endMs: 500, text: 'c' },
    })
  ).json.id;
  const reel = (
    await api(`/api/v1/analysis/${analysis}/reels`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { title: 'R', clipIds: [clip] },
    })
  ).json.id;
  const shared = (
    await api(`/api/v1/analysis/${analysis}/shares`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { kind: 'recording', targetId: done, expiresInDays: 7 },
    })
  ).json;
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
    const p = await participate(w.analysis);
    return { ...p, segment: (await openSegment(p.entry, p.cap)).json.segment };
  },
  cameraEntry: async (w) => {
    const p = await fresh.startedEntry(w);
    await openCameraSegment(p.entry, p.cap);
    return p;
  },
  uploadedEntry: async (w) => {
    const p = await fresh.startedEntry(w);
    await putChunk(p.entry, p.cap, p.segment, 0, randomBytes(100), 1000);
    return p;
  },
  analysis: async (w) => ({
    analysis: (await api('/api/v1/analysis', { method: 'POST', cookie: w.owner.cookie, body: valid })).json.analysisData
      .id,
  }),
  done: async (w) => ({ done: await submitted(w.analysis) }),
  note: async (w) => ({
    note: (
      await api(`/api/v1/entry/${w.done}/notes`, {
        method: 'POST',
        cookie: w.owner.cookie,
        body: { atMs: 1, text: 'x' },
      })
    ).json.id,
  }),
  victim: async () => ({ victim: (await signUp('m-victim')).user }),
  reel: async (w) => ({
    reel: (
      await api(`/api/v1/analysis/${w.analysis}/reels`, {
        method: 'POST',
        cookie: w.owner.cookie,
        body: { title: 'F' },
      })
    ).json.id,
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
      await api(`/api/v1/analysis/${w.analysis}/shares`, {
        method: 'POST',
        cookie: w.owner.cookie,
        body: { kind: 'summary', expiresInDays: 7 },
      })
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
function expectation([method, pattern, access, expected, opts = {}], role) {
  if (!(role in TEAM)) return expected[role];
  if (opts.team?.[role] !== undefined) return opts.team[role];
  const route = ROUTES.find((r) => routeKey(r) === `${method} ${pattern}`);
  if (access !== 'session' || route?.need === 'account') return expected.other;
  return route.teamRoles.includes(TEAM[role]) ? expected.owner : 403;
}

// [method, pattern, access, expected, {path, body, fresh, raw}] — path/body may use the world `w`
// and fresh `f`; access is the rule declared with the route (public, session, admin, participant,
// signed).
const MATRIX = [
  ['GET', '/health', 'public', all(200)],
  ['GET', '/openapi.json', 'public', all(200)],
  [
    'POST',
    '/auth/login/local',
    'public',
    all(200),
    { body: (w) => ({ username: w.owner.email, password: w.owner.password }) },
  ],
  [
    'POST',
    '/auth/register/local/customer',
    'public',
    all(201),
    { body: () => ({ username: uniqueEmail('m-reg'), password: 'una clave bastante larga' }) },
  ],
  ['GET', '/auth/session', 'session', session(200, 200, 200)],
  ['POST', '/auth/password-reset', 'public', all(200), { body: () => ({ email: uniqueEmail('m-reset') }) }],
  ['GET', '/auth/password-reset', 'public', all(400), { path: () => '/auth/password-reset?passwordResetToken=nope' }],
  [
    'PATCH',
    '/auth/password-reset',
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
  ['PATCH', '/auth/update-user-password', 'session', session(400, 400, 400), { body: () => ({}) }],
  ['GET', '/user', 'session', session(200, 200, 200)],
  ['POST', '/waitlist', 'public', all(201), { body: () => ({ email: uniqueEmail('m-wait'), consent: true }) }],
  ['POST', '/analysis/validate-participation', 'public', all(200), { body: (w) => ({ analysisId: w.analysis }) }],
  ['POST', '/analysis/participate', 'public', all(200), { body: (w) => ({ analysisId: w.analysis }) }],
  ['POST', '/analysis/screen', 'public', all(200), { body: (w) => ({ analysisId: w.analysis, answers: [] }) }],
  ['GET', '/analysis', 'session', session(200, 200, 200)],
  ['POST', '/analysis', 'session', session(402, 201, 402), { body: () => valid }],
  ['GET', '/analysis/{id}', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}` }],
  [
    'PATCH',
    '/analysis/{id}',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}`, body: () => valid },
  ],
  ['POST', '/analysis/{id}/close', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/close` }],
  [
    'POST',
    '/analysis/{id}/reopen',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}/reopen` },
  ],
  [
    'DELETE',
    '/analysis/{id}',
    'session',
    session(404, 200, 200),
    { fresh: fresh.analysis, path: (w, f) => `/analysis/${f.analysis}` },
  ],
  [
    'GET',
    '/analysis/{id}/summary',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}/summary` },
  ],
  // Themes (ADR 0021): the world's analysis has one summarised participation at most, so
  // 'Regenerar' is not ready (409) and it has no theme to make a reel of (404).
  [
    'GET',
    '/analysis/{id}/themes',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}/themes` },
  ],
  [
    'POST',
    '/analysis/{id}/themes',
    'session',
    session(404, 409, 409),
    { path: (w) => `/analysis/${w.analysis}/themes` },
  ],
  [
    'POST',
    '/analysis/{id}/themes/{theme}/reel',
    'session',
    session(404, 404, 404),
    { path: (w) => `/analysis/${w.analysis}/themes/1/reel` },
  ],
  [
    'GET',
    '/analysis/{id}/export',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}/export` },
  ],
  [
    'GET',
    '/analysis/{id}/export/tasks',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}/export/tasks` },
  ],
  ['GET', '/analysis/{id}/notes', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/notes` }],
  [
    'GET',
    '/analysis/{id}/transcript-search',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}/transcript-search?q=hola` },
  ],
  ['GET', '/analysis/{id}/reels', 'session', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/reels` }],
  [
    'POST',
    '/analysis/{id}/reels',
    'session',
    session(404, 201, 201),
    { path: (w) => `/analysis/${w.analysis}/reels`, body: (w) => ({ title: 'R', clipIds: [w.clip] }) },
  ],
  ['GET', '/reels/{id}', 'session', session(404, 200, 200), { path: (w) => `/reels/${w.reel}` }],
  [
    'PATCH',
    '/reels/{id}',
    'session',
    session(404, 200, 200),
    { path: (w) => `/reels/${w.reel}`, body: () => ({ title: 'Otro' }) },
  ],
  [
    'POST',
    '/reels/{id}/clips',
    'session',
    session(404, 200, 200),
    { path: (w) => `/reels/${w.reel}/clips`, body: (w) => ({ clipId: w.clip }) },
  ],
  [
    'DELETE',
    '/reels/{id}/clips/{clipId}',
    'session',
    session(404, 200, 200),
    { path: (w) => `/reels/${w.reel}/clips/${w.clip}` },
  ],
  [
    'DELETE',
    '/reels/{id}',
    'session',
    session(404, 200, 200),
    { fresh: fresh.reel, path: (w, f) => `/reels/${f.reel}` },
  ],
  [
    'GET',
    '/analysis/{id}/shares',
    'session',
    session(404, 200, 200),
    { path: (w) => `/analysis/${w.analysis}/shares` },
  ],
  [
    'POST',
    '/analysis/{id}/shares',
    'session',
    session(404, 201, 201),
    { path: (w) => `/analysis/${w.analysis}/shares`, body: () => ({ kind: 'summary', expiresInDays: 30 }) },
  ],
  [
    'POST',
    '/shares/{id}/revoke',
    'session',
    session(404, 200, 200),
    { fresh: fresh.share, path: (w, f) => `/shares/${f.share}/revoke` },
  ],
  // The public share route needs no account; its media needs a valid signature whoever asks.
  ['GET', '/share/{token}', 'public', all(200), { path: (w) => `/share/${w.shareToken}` }],
  [
    'GET',
    '/share-media/{id}/{source}/{segment}/{track}',
    'signed',
    all(403),
    { path: (w) => `/share-media/${w.shareId}/recording/1/screen?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'POST',
    '/analysisEntry/upload-url',
    'participant',
    capOnly(200),
    { fresh: fresh.entry, body: (w, f) => ({ analysisEntryId: f.entry, analysisId: w.analysis }) },
  ],
  [
    'PATCH',
    '/analysisEntry',
    'participant',
    capOnly(409),
    { fresh: fresh.entry, body: (w, f) => ({ analysisEntryId: f.entry, analysisEntryStatus: 'submitted' }) },
  ],
  ['GET', '/participation/current', 'participant', S(404, 404, 200, 404, 404, 404), { fresh: fresh.entry }],
  [
    'POST',
    '/analysisEntry/{id}/resume',
    'participant',
    capOnly(200),
    { fresh: fresh.entry, path: (w, f) => `/analysisEntry/${f.entry}/resume` },
  ],
  [
    'POST',
    '/analysisEntry/{id}/segments',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/segments`,
      body: () => ({ mimeType: 'video/mp4' }),
    },
  ],
  [
    'PUT',
    '/analysisEntry/{id}/segments/{segment}/chunks/{index}',
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
    'PUT',
    '/analysisEntry/{id}/answers/tasks/{taskNumber}',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/answers/tasks/1`,
      body: () => ({ seq: 5, success: 'yes', atMs: 1000 }),
    },
  ],
  [
    'PUT',
    '/analysisEntry/{id}/answers/questions/{phase}',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/answers/questions/post`,
      body: () => ({ answers: [{ text: 'Nada' }], atMs: 1000 }),
    },
  ],
  [
    'PUT',
    '/analysisEntry/{id}/answers/sus',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/answers/sus`,
      body: () => ({ answers: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3], atMs: 1000 }),
    },
  ],
  [
    'PUT',
    '/analysisEntry/{id}/segments/{segment}/camera-chunks/{index}',
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
    'PUT',
    '/analysisEntry/{id}/segments/{segment}/audio-chunks/{index}',
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
    'PUT',
    '/analysisEntry/{id}/thumbnail',
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
    'PUT',
    '/analysisEntry/{id}/steps',
    'participant',
    capOnly(200),
    {
      fresh: fresh.entry,
      path: (w, f) => `/analysisEntry/${f.entry}/steps`,
      body: () => ({ steps: [{ index: 0, atMs: 0 }] }),
    },
  ],
  [
    'POST',
    '/analysisEntry/{id}/complete',
    'participant',
    capOnly(200),
    {
      fresh: fresh.uploadedEntry,
      path: (w, f) => `/analysisEntry/${f.entry}/complete`,
      body: () => ({ durationMs: 100 }),
    },
  ],
  [
    'DELETE',
    '/analysisEntry/{id}',
    'participant',
    capOnly(200),
    { fresh: fresh.startedEntry, path: (w, f) => `/analysisEntry/${f.entry}` },
  ],
  ['GET', '/analysisEntry/{id}', 'session', session(404, 200, 200), { path: (w) => `/analysisEntry/${w.done}` }],
  ['GET', '/entry/{id}', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}` }],
  [
    'DELETE',
    '/entry/{id}',
    'session',
    session(404, 200, 200),
    { fresh: fresh.done, path: (w, f) => `/entry/${f.done}` },
  ],
  // Without `Upgrade: websocket` the owner learns it needs a socket; anyone else learns nothing (ADR 0016).
  ['GET', '/entry/{id}/live', 'session', session(404, 426, 426), { path: (w) => `/entry/${w.done}/live` }],
  ['GET', '/entry/{id}/notes', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}/notes` }],
  ['GET', '/entry/{id}/transcript', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}/transcript` }],
  ['GET', '/entry/{id}/summary', 'session', session(404, 200, 200), { path: (w) => `/entry/${w.done}/summary` }],
  // 'Regenerar' for a participation still recording: not ready (409) for whoever may make one; an
  // observer may not (403). A fresh one, as a submitted one's transcript completes at its own pace.
  [
    'POST',
    '/entry/{id}/summary',
    'session',
    session(404, 409, 409),
    { fresh: fresh.startedEntry, path: (w, f) => `/entry/${f.entry}/summary` },
  ],
  [
    'GET',
    '/entry/{id}/transcript.vtt',
    'session',
    session(404, 200, 200),
    { path: (w) => `/entry/${w.done}/transcript.vtt` },
  ],
  [
    'GET',
    '/entry/{id}/transcript.txt',
    'session',
    session(404, 200, 200),
    { path: (w) => `/entry/${w.done}/transcript.txt` },
  ],
  [
    'POST',
    '/entry/{id}/notes',
    'session',
    session(404, 201, 201),
    { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 10, text: 'nota' }) },
  ],
  [
    'PATCH',
    '/entry/{id}/notes/{noteId}',
    'session',
    session(404, 200, 200),
    { path: (w) => `/entry/${w.done}/notes/${w.note}`, body: () => ({ text: 'editada' }) },
  ],
  [
    'DELETE',
    '/entry/{id}/notes/{noteId}',
    'session',
    session(404, 200, 200),
    { fresh: fresh.note, path: (w, f) => `/entry/${w.done}/notes/${f.note}` },
  ],
  [
    'PUT',
    '/uploads/{id}',
    'signed',
    all(403),
    {
      fresh: fresh.entry,
      path: (w, f) => `/uploads/${f.entry}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}`,
      raw: () => randomBytes(64),
    },
  ],
  [
    'GET',
    '/recordings/{id}',
    'signed',
    all(403),
    { path: (w) => `/recordings/${w.done}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'GET',
    '/recordings/{id}/{segment}',
    'signed',
    all(403),
    { path: (w) => `/recordings/${w.done}/1?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'GET',
    '/recordings/{id}/{segment}/camera',
    'signed',
    all(403),
    { path: (w) => `/recordings/${w.done}/1/camera?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'GET',
    '/thumbnails/{id}',
    'signed',
    all(403),
    { path: (w) => `/thumbnails/${w.done}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  [
    'GET',
    '/live-chunks/{id}/{segment}/{track}/{index}',
    'signed',
    all(403),
    { path: (w) => `/live-chunks/${w.done}/1/screen/0?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` },
  ],
  // Research teams (ADR 0019). The global admin and the other customer act in their own workspaces.
  ['GET', '/workspaces', 'session', session(200, 200, 200)],
  [
    'POST',
    '/workspaces/{id}/switch',
    'session',
    session(404, 200, 404),
    { path: (w) => `/workspaces/w${w.owner.user.id}/switch`, team: members(200) },
  ],
  ['GET', '/team', 'session', session(200, 200, 200)],
  // Refused on purpose (the caller owns it already): passing it on would end the owner's rows below.
  ['POST', '/team/owner', 'session', session(404, 409, 404), { body: (w) => ({ userId: w.owner.user.id }) }],
  // Personal workspaces are not deleted this way: the owner's is refused, others aren't members.
  [
    'POST',
    '/workspaces/{id}/delete',
    'session',
    session(404, 403, 404),
    // A member who is not its owner: 403 (only the owner deletes a team).
    {
      path: (w) => `/workspaces/w${w.owner.user.id}/delete`,
      body: (w) => ({ name: w.owner.email }),
      team: members(403),
    },
  ],
  ['GET', '/team/activity', 'session', session(200, 200, 200)],
  ['GET', '/team/activity/export', 'session', session(200, 200, 200)],
  [
    'POST',
    '/team/invitations',
    'session',
    session(201, 201, 201),
    { body: () => ({ email: uniqueEmail('m-inv'), role: 'observer' }) },
  ],
  [
    'POST',
    '/team/invitations/{id}/resend',
    'session',
    session(404, 200, 404),
    { fresh: fresh.invitation, path: (w, f) => `/team/invitations/${f.invitation}/resend` },
  ],
  [
    'POST',
    '/team/invitations/{id}/revoke',
    'session',
    session(404, 200, 404),
    { fresh: fresh.invitation, path: (w, f) => `/team/invitations/${f.invitation}/revoke` },
  ],
  [
    'PATCH',
    '/team/members/{id}',
    'session',
    session(404, 200, 404),
    { fresh: fresh.member, path: (w, f) => `/team/members/${f.member}`, body: () => ({ role: 'researcher' }) },
  ],
  [
    'DELETE',
    '/team/members/{id}',
    'session',
    session(404, 200, 404),
    { fresh: fresh.member, path: (w, f) => `/team/members/${f.member}` },
  ],
  [
    'GET',
    '/invitations/{token}',
    'public',
    all(200),
    { fresh: fresh.invitation, path: (w, f) => `/invitations/${f.token}` },
  ],
  ['GET', '/billing', 'session', session(200, 200, 200)],
  ['POST', '/billing', 'session', session(200, 200, 200)],
  [
    'POST',
    '/billing/checkout-session',
    'session',
    session(200, 400, 200),
    { body: () => ({ planName: 'basic', planBillingCycle: 'monthly' }) },
  ],
  ['POST', '/billing/customer-portal', 'session', session(200, 200, 200)],
  ['POST', '/billing/webhook', 'signed', all(403), { body: () => ({ id: 'evt_x' }) }],
  [
    'GET',
    '/billing/local/checkout/{id}',
    'session',
    session(404, 200, 404),
    { path: (w) => `/billing/local/checkout/${w.session}` },
  ],
  [
    'POST',
    '/billing/local/checkout/{id}/pay',
    'session',
    session(404, 409, 404),
    { path: (w) => `/billing/local/checkout/${w.session}/pay` },
  ],
  [
    'POST',
    '/billing/local/checkout/{id}/cancel',
    'session',
    session(404, 200, 404),
    { path: (w) => `/billing/local/checkout/${w.session}/cancel` },
  ],
  ['GET', '/billing/local/portal', 'session', session(200, 200, 200)],
  ['GET', '/admin', 'admin', session(403, 403, 200), { path: () => '/admin/' }],
  [
    'PATCH',
    '/admin/users/{id}',
    'admin',
    session(403, 403, 200),
    { path: (w) => `/admin/users/${w.victim.user.id}`, body: () => ({ role: 'customer' }) },
  ],
  [
    'DELETE',
    '/admin/users/{id}',
    'admin',
    session(403, 403, 200),
    { fresh: fresh.victim, path: (w, f) => `/admin/users/${f.victim.id}` },
  ],
  ['GET', '/admin/waitlist', 'admin', session(403, 403, 200)],
  ['GET', '/admin/workspaces', 'admin', session(403, 403, 200)],
  ['GET', '/admin/waitlist/export', 'admin', session(403, 403, 200)],
  // Last: these end the caller's session or subscription.
  ['POST', '/billing/local/portal/cancel', 'session', session(409, 200, 409)],
  // Joining moves the other customer's current workspace (to one of its own, see the fresh row).
  [
    'POST',
    '/invitations/{token}/accept',
    'session',
    session(200, 403, 403),
    // The invitation is for the other customer's e-mail: a team member's account is the wrong one.
    { fresh: fresh.invitationForOther, path: (w, f) => `/invitations/${f.token}/accept`, team: members(403) },
  ],
  // Making a team moves each caller's current workspace to it.
  ['POST', '/workspaces', 'session', session(201, 201, 201), { body: () => ({ name: 'Otro equipo' }) }],
  // Leaving: the owner can't; each member can, and does (so it comes last but logging out).
  [
    'POST',
    '/workspaces/{id}/leave',
    'session',
    session(404, 403, 404),
    { path: (w) => `/workspaces/w${w.owner.user.id}/leave`, team: members(200) },
  ],
  ['POST', '/auth/logout', 'public', all(200)],
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

test('every declared route has a row in the matrix, with its declared access rule', () => {
  const declared = new Map(ROUTES.map((route) => [routeKey(route), route.access]));
  const problems = [];
  for (const key of routerRoutes()) {
    const row = MATRIX.find(([m, p]) => `${m} ${p}` === key);
    if (!row) problems.push(`${key}: no row`);
  }
  for (const row of MATRIX) {
    const [method, pattern, access] = row;
    const expected = Object.fromEntries(ROLES.map((role) => [role, expectation(row, role)]));
    const key = `${method} ${pattern}`;
    if (!declared.has(key)) problems.push(`${key}: a row for a route that is not declared`);
    else if (!(access in RULES)) problems.push(`${key}: no access rule in its row (declared: ${declared.get(key)})`);
    else if (access !== declared.get(key))
      problems.push(`${key}: the row says ${access}, the declaration ${declared.get(key)}`);
    else problems.push(...RULES[access](expected).map((p) => `${key} (${access}): ${p}`));
  }
  assert.deepEqual(problems, []);
  assert.ok(routerRoutes().length >= 50);
});

const roundTrips = new RoundTrips();

test('each role gets the expected status on every route', async () => {
  const w = await world();
  const failures = [];
  for (const row of MATRIX) {
    const [method, pattern, , , opts = {}] = row;
    for (const role of ROLES) {
      const expected = { [role]: expectation(row, role) };
      const f = opts.fresh ? await opts.fresh(w) : {};
      const cookie = role === 'cap' ? f.cap : w.cookies[role];
      const path = `/api/v1${opts.path ? opts.path(w, f) : pattern}`;
      let res;
      if (opts.raw) {
        const headers = { 'cf-connecting-ip': randomIp(), 'content-type': 'application/octet-stream', ...opts.headers };
        if (cookie) headers.cookie = cookie;
        res = await fetch(BASE + path, { method, headers, body: opts.raw() });
        await res.arrayBuffer();
      } else {
        res = await api(path, { method, cookie, body: opts.body?.(w, f) });
      }
      const { status } = res;
      if (status !== expected[role])
        failures.push(`${method} ${pattern} as ${role}: ${status}, expected ${expected[role]}`);
      roundTrips.record(`${method} ${pattern}`, role, res.headers);
    }
  }
  assert.deepEqual(failures, []);
  // Logging out really ended the sessions used above.
  assert.equal((await api('/api/v1/auth/session', { cookie: w.owner.cookie })).status, 401);
  assert.equal(sessionCookie({ headers: new Headers() }), undefined);
});

test('every route keeps within its D1 round-trip budget', () => {
  roundTrips.print();
  assert.deepEqual(roundTrips.problems(routerRoutes()), []);
});

// The subscription gate, as a column of its own: an owner whose subscription lapsed. Writes that
// extend what a customer gets (create, edit — places included — and reopen) are 402; reading,
// watching, exporting, closing and deleting stay open, so a customer always gets their data out.
const LAPSED = [
  ['POST', '/analysis', 402, { body: () => valid }],
  [
    'PATCH',
    '/analysis/{id}',
    402,
    { path: (w) => `/analysis/${w.analysis}`, body: () => ({ ...valid, maxNumberOfParticipants: 1000 }) },
  ],
  ['POST', '/analysis/{id}/reopen', 402, { path: (w) => `/analysis/${w.analysis}/reopen` }],
  ['GET', '/analysis', 200],
  ['GET', '/analysis/{id}', 200, { path: (w) => `/analysis/${w.analysis}` }],
  ['GET', '/analysis/{id}/summary', 200, { path: (w) => `/analysis/${w.analysis}/summary` }],
  ['GET', '/analysis/{id}/export', 200, { path: (w) => `/analysis/${w.analysis}/export` }],
  ['GET', '/analysisEntry/{id}', 200, { path: (w) => `/analysisEntry/${w.done}` }],
  ['GET', '/entry/{id}', 200, { path: (w) => `/entry/${w.done}` }],
  ['GET', '/billing', 200],
  // Insights (ADR 0012, "Lapsed customers"): no new clips, reels or links; notes, lists and deletes stay free.
  [
    'POST',
    '/analysis/{id}/shares',
    402,
    { path: (w) => `/analysis/${w.analysis}/shares`, body: () => ({ kind: 'summary', expiresInDays: 7 }) },
  ],
  [
    'POST',
    '/analysis/{id}/reels',
    402,
    { path: (w) => `/analysis/${w.analysis}/reels`, body: (w) => ({ title: 'R2', clipIds: [w.clip] }) },
  ],
  ['PATCH', '/reels/{id}', 402, { path: (w) => `/reels/${w.reel}`, body: () => ({ title: 'R3' }) }],
  [
    'POST',
    '/entry/{id}/notes',
    402,
    { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 0, endMs: 400, text: 'clip' }) },
  ],
  [
    'POST',
    '/entry/{id}/notes',
    201,
    { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 0, text: 'nota' }) },
  ],
  ['GET', '/analysis/{id}/shares', 200, { path: (w) => `/analysis/${w.analysis}/shares` }],
  ['GET', '/reels/{id}', 200, { path: (w) => `/reels/${w.reel}` }],
  ['DELETE', '/reels/{id}', 200, { path: (w) => `/reels/${w.reel}` }],
  ['POST', '/analysis/{id}/close', 200, { path: (w) => `/analysis/${w.analysis}/close` }],
  ['DELETE', '/entry/{id}', 200, { path: (w) => `/entry/${w.done}` }],
  ['DELETE', '/analysis/{id}', 200, { path: (w) => `/analysis/${w.analysis}` }],
];

test('a lapsed subscription: the gated writes are 402, the customer still reads, exports and deletes', async () => {
  const owner = await signUp('m-lapsed');
  grantSubscription(owner.user.id);
  const analysis = (await api('/api/v1/analysis', { method: 'POST', cookie: owner.cookie, body: valid })).json
    .analysisData.id;
  const w = { analysis, done: await submitted(analysis) };
  w.clip = (
    await api(`/api/v1/entry/${w.done}/notes`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { atMs: 0, endMs: 500, text: 'c' },
    })
  ).json.id;
  w.reel = (
    await api(`/api/v1/analysis/${analysis}/reels`, {
      method: 'POST',
      cookie: owner.cookie,
      body: { title: 'R', clipIds: [w.clip] },
    })
  ).json.id;
  await sql(
    `UPDATE subscriptions SET status = 'canceled', current_period_end = ${Date.now() - 1000} WHERE user_id = ${q(owner.user.id)}`,
  );
  const failures = [];
  for (const [method, pattern, expected, opts = {}] of LAPSED) {
    const res = await api(`/api/v1${opts.path ? opts.path(w) : pattern}`, {
      method,
      cookie: owner.cookie,
      body: opts.body?.(w),
    });
    if (res.status !== expected) failures.push(`${method} ${pattern}: ${res.status}, expected ${expected}`);
    if (expected === 402 && res.status === 402 && !res.json?.message)
      failures.push(`${method} ${pattern}: 402 without a message`);
  }
  assert.deepEqual(failures, []);
});
