// The authorization matrix: every API route called as anonymous, a participant without and with
// the entry capability, another customer, the owner and an admin, with the expected status for
// each. A route in the router (edge-worker/core/src/routes.rs) without a row here fails the test.
// A second table is the subscription gate: an owner whose subscription lapsed. Every call also
// reports its D1 round trips (x-d1-round-trips); each route must stay within its budget in
// d1-budgets.mjs (ADR 0011), which also fails on a route without a row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { api, BASE, randomIp, sessionCookie, signUp, uniqueEmail } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { openCameraSegment, openSegment, putChunk, recordAndSubmit } from './recording.mjs';
import { RoundTrips } from './d1-budgets.mjs';

const ROLES = ['anon', 'noCap', 'cap', 'other', 'owner', 'admin'];
const root = new URL('../..', import.meta.url).pathname;
const valid = { name: 'Matriz', url: 'example.com', maxNumberOfParticipants: 200, scenario: '', tasks: [{ taskType: 'text', taskContent: 'T' }], device: 'computer', camera: 'optional', taskQuestions: true, sus: true };
// The smallest JPEG the thumbnail route takes: SOI, a comment of random bytes, a 1×1 frame
// header (the route reads the size a browser would decode), EOI.
const jpeg = () => Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 62]), randomBytes(60),
  Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]),
]);

/** Every (method, pattern) the router knows. */
function routerRoutes() {
  const source = readFileSync(`${root}edge-worker/core/src/routes.rs`, 'utf8');
  return [...source.matchAll(/route\(RouteId::\w+, "(\w+)", "([^"]+)", Access::\w+\)/g)].map(([, m, p]) => `${m} ${p}`);
}

async function activeSubscription(userId) {
  const now = Date.now();
  await sql(`INSERT INTO subscriptions (id, user_id, status, plan, current_period_end, created_at, updated_at) VALUES (${q(`sub_${userId}`)}, ${q(userId)}, 'active', 'basic', ${now + 86400000}, ${now}, ${now})`);
}

async function participate(analysisId) {
  const res = await api('/api/v1/analysis/participate', { method: 'POST', body: { analysisId } });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-lupa_participation=')).split(';')[0];
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
  const checkout = await api('/api/v1/billing/checkout-session', { method: 'POST', cookie: owner.cookie, body: { planName: 'basic', planBillingCycle: 'monthly' } });
  await activeSubscription(owner.user.id);
  const other = await signUp('m-other');
  const admin = await signUp('m-admin');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  const analysis = (await api('/api/v1/analysis', { method: 'POST', cookie: owner.cookie, body: valid })).json.analysisData.id;
  const done = await submitted(analysis);
  const note = (await api(`/api/v1/entry/${done}/notes`, { method: 'POST', cookie: owner.cookie, body: { atMs: 0, text: 'n' } })).json.id;
  const clip = (await api(`/api/v1/entry/${done}/notes`, { method: 'POST', cookie: owner.cookie, body: { atMs: 0, endMs: 500, text: 'c' } })).json.id;
  const reel = (await api(`/api/v1/analysis/${analysis}/reels`, { method: 'POST', cookie: owner.cookie, body: { title: 'R', clipIds: [clip] } })).json.id;
  const shared = (await api(`/api/v1/analysis/${analysis}/shares`, { method: 'POST', cookie: owner.cookie, body: { kind: 'recording', targetId: done, expiresInDays: 7 } })).json;
  const victim = await signUp('m-victim');
  return {
    owner, other, admin, analysis, done, note, clip, reel, victim, shareId: shared.share.id, shareToken: shared.token,
    session: /\/billing\/checkout\/(\S+)$/.exec(checkout.json.checkoutSessionUrl)[1],
    cookies: { anon: undefined, noCap: '__Host-lupa_participation=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', other: other.cookie, owner: owner.cookie, admin: admin.cookie },
  };
}

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
  analysis: async (w) => ({ analysis: (await api('/api/v1/analysis', { method: 'POST', cookie: w.owner.cookie, body: valid })).json.analysisData.id }),
  done: async (w) => ({ done: await submitted(w.analysis) }),
  note: async (w) => ({ note: (await api(`/api/v1/entry/${w.done}/notes`, { method: 'POST', cookie: w.owner.cookie, body: { atMs: 1, text: 'x' } })).json.id }),
  victim: async () => ({ victim: (await signUp('m-victim')).user }),
  reel: async (w) => ({ reel: (await api(`/api/v1/analysis/${w.analysis}/reels`, { method: 'POST', cookie: w.owner.cookie, body: { title: 'F' } })).json.id }),
  share: async (w) => ({ share: (await api(`/api/v1/analysis/${w.analysis}/shares`, { method: 'POST', cookie: w.owner.cookie, body: { kind: 'summary', expiresInDays: 7 } })).json.share.id }),
};

const S = (anon, noCap, cap, other, owner, admin) => ({ anon, noCap, cap, other, owner, admin });
const all = (code) => S(code, code, code, code, code, code);
const session = (other, owner, admin) => S(401, 401, 401, other, owner, admin);
const capOnly = (code) => S(403, 403, code, 403, 403, 403);

// [method, pattern, expected, {path, body, fresh, raw}] — path/body may use the world `w` and fresh `f`.
const MATRIX = [
  ['GET', '/health', all(200)],
  ['GET', '/openapi.json', all(200)],
  ['POST', '/auth/login/local', all(200), { body: (w) => ({ username: w.owner.email, password: w.owner.password }) }],
  ['POST', '/auth/register/local/customer', all(201), { body: () => ({ username: uniqueEmail('m-reg'), password: 'una clave bastante larga' }) }],
  ['GET', '/auth/session', session(200, 200, 200)],
  ['POST', '/auth/password-reset', all(200), { body: () => ({ email: uniqueEmail('m-reset') }) }],
  ['GET', '/auth/password-reset', all(400), { path: () => '/auth/password-reset?passwordResetToken=nope' }],
  ['PATCH', '/auth/password-reset', all(400), { body: () => ({ passwordResetToken: 'nope', newPassword: 'una clave larga', confirmNewPassword: 'una clave larga' }) }],
  ['PATCH', '/auth/update-user-password', session(400, 400, 400), { body: () => ({}) }],
  ['GET', '/user', session(200, 200, 200)],
  ['POST', '/waitlist', all(201), { body: () => ({ email: uniqueEmail('m-wait'), consent: true }) }],
  ['POST', '/analysis/validate-participation', all(200), { body: (w) => ({ analysisId: w.analysis }) }],
  ['POST', '/analysis/participate', all(200), { body: (w) => ({ analysisId: w.analysis }) }],
  ['GET', '/analysis', session(200, 200, 200)],
  ['POST', '/analysis', session(402, 201, 402), { body: () => valid }],
  ['GET', '/analysis/{id}', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}` }],
  ['PATCH', '/analysis/{id}', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}`, body: () => valid }],
  ['POST', '/analysis/{id}/close', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/close` }],
  ['POST', '/analysis/{id}/reopen', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/reopen` }],
  ['DELETE', '/analysis/{id}', session(404, 200, 200), { fresh: fresh.analysis, path: (w, f) => `/analysis/${f.analysis}` }],
  ['GET', '/analysis/{id}/summary', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/summary` }],
  ['GET', '/analysis/{id}/export', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/export` }],
  ['GET', '/analysis/{id}/export/tasks', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/export/tasks` }],
  ['GET', '/analysis/{id}/notes', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/notes` }],
  ['GET', '/analysis/{id}/reels', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/reels` }],
  ['POST', '/analysis/{id}/reels', session(404, 201, 201), { path: (w) => `/analysis/${w.analysis}/reels`, body: (w) => ({ title: 'R', clipIds: [w.clip] }) }],
  ['GET', '/reels/{id}', session(404, 200, 200), { path: (w) => `/reels/${w.reel}` }],
  ['PATCH', '/reels/{id}', session(404, 200, 200), { path: (w) => `/reels/${w.reel}`, body: () => ({ title: 'Otro' }) }],
  ['POST', '/reels/{id}/clips', session(404, 200, 200), { path: (w) => `/reels/${w.reel}/clips`, body: (w) => ({ clipId: w.clip }) }],
  ['DELETE', '/reels/{id}/clips/{clipId}', session(404, 200, 200), { path: (w) => `/reels/${w.reel}/clips/${w.clip}` }],
  ['DELETE', '/reels/{id}', session(404, 200, 200), { fresh: fresh.reel, path: (w, f) => `/reels/${f.reel}` }],
  ['GET', '/analysis/{id}/shares', session(404, 200, 200), { path: (w) => `/analysis/${w.analysis}/shares` }],
  ['POST', '/analysis/{id}/shares', session(404, 201, 201), { path: (w) => `/analysis/${w.analysis}/shares`, body: () => ({ kind: 'summary', expiresInDays: 30 }) }],
  ['POST', '/shares/{id}/revoke', session(404, 200, 200), { fresh: fresh.share, path: (w, f) => `/shares/${f.share}/revoke` }],
  // The public share route needs no account; its media needs a valid signature whoever asks.
  ['GET', '/share/{token}', all(200), { path: (w) => `/share/${w.shareToken}` }],
  ['GET', '/share-media/{id}/{source}/{segment}/{track}', all(403), { path: (w) => `/share-media/${w.shareId}/recording/1/screen?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` }],
  ['POST', '/analysisEntry/upload-url', capOnly(200), { fresh: fresh.entry, body: (w, f) => ({ analysisEntryId: f.entry, analysisId: w.analysis }) }],
  ['PATCH', '/analysisEntry', capOnly(400), { fresh: fresh.entry, body: (w, f) => ({ analysisEntryId: f.entry, analysisEntryStatus: 'submitted' }) }],
  ['GET', '/participation/current', S(404, 404, 200, 404, 404, 404), { fresh: fresh.entry }],
  ['POST', '/analysisEntry/{id}/resume', capOnly(200), { fresh: fresh.entry, path: (w, f) => `/analysisEntry/${f.entry}/resume` }],
  ['POST', '/analysisEntry/{id}/segments', capOnly(200), { fresh: fresh.entry, path: (w, f) => `/analysisEntry/${f.entry}/segments`, body: () => ({ mimeType: 'video/mp4' }) }],
  ['PUT', '/analysisEntry/{id}/segments/{segment}/chunks/{index}', capOnly(200), { fresh: fresh.startedEntry, path: (w, f) => `/analysisEntry/${f.entry}/segments/${f.segment}/chunks/0`, raw: () => randomBytes(64), headers: { 'x-lupa-end-ms': '1000' } }],
  ['PUT', '/analysisEntry/{id}/answers/tasks/{taskNumber}', capOnly(200), { fresh: fresh.entry, path: (w, f) => `/analysisEntry/${f.entry}/answers/tasks/1`, body: () => ({ seq: 5, success: 'yes', atMs: 1000 }) }],
  ['PUT', '/analysisEntry/{id}/answers/sus', capOnly(200), { fresh: fresh.entry, path: (w, f) => `/analysisEntry/${f.entry}/answers/sus`, body: () => ({ answers: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3], atMs: 1000 }) }],
  ['PUT', '/analysisEntry/{id}/segments/{segment}/camera-chunks/{index}', capOnly(200), { fresh: fresh.cameraEntry, path: (w, f) => `/analysisEntry/${f.entry}/segments/${f.segment}/camera-chunks/0`, raw: () => randomBytes(64), headers: { 'x-lupa-end-ms': '1000', 'x-lupa-start-ms': '120' } }],
  ['PUT', '/analysisEntry/{id}/thumbnail', capOnly(200), { fresh: fresh.entry, path: (w, f) => `/analysisEntry/${f.entry}/thumbnail`, raw: jpeg, headers: { 'content-type': 'image/jpeg' } }],
  ['PUT', '/analysisEntry/{id}/steps', capOnly(200), { fresh: fresh.entry, path: (w, f) => `/analysisEntry/${f.entry}/steps`, body: () => ({ steps: [{ index: 0, atMs: 0 }] }) }],
  ['POST', '/analysisEntry/{id}/complete', capOnly(200), { fresh: fresh.uploadedEntry, path: (w, f) => `/analysisEntry/${f.entry}/complete`, body: () => ({ durationMs: 100 }) }],
  ['DELETE', '/analysisEntry/{id}', capOnly(200), { fresh: fresh.startedEntry, path: (w, f) => `/analysisEntry/${f.entry}` }],
  ['GET', '/analysisEntry/{id}', session(404, 200, 200), { path: (w) => `/analysisEntry/${w.done}` }],
  ['GET', '/entry/{id}', session(404, 200, 200), { path: (w) => `/entry/${w.done}` }],
  ['DELETE', '/entry/{id}', session(404, 200, 200), { fresh: fresh.done, path: (w, f) => `/entry/${f.done}` }],
  ['GET', '/entry/{id}/notes', session(404, 200, 200), { path: (w) => `/entry/${w.done}/notes` }],
  ['POST', '/entry/{id}/notes', session(404, 201, 201), { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 10, text: 'nota' }) }],
  ['PATCH', '/entry/{id}/notes/{noteId}', session(404, 200, 200), { path: (w) => `/entry/${w.done}/notes/${w.note}`, body: () => ({ text: 'editada' }) }],
  ['DELETE', '/entry/{id}/notes/{noteId}', session(404, 200, 200), { fresh: fresh.note, path: (w, f) => `/entry/${w.done}/notes/${f.note}` }],
  ['PUT', '/uploads/{id}', all(403), { fresh: fresh.entry, path: (w, f) => `/uploads/${f.entry}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}`, raw: () => randomBytes(64) }],
  ['GET', '/recordings/{id}', all(403), { path: (w) => `/recordings/${w.done}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` }],
  ['GET', '/recordings/{id}/{segment}', all(403), { path: (w) => `/recordings/${w.done}/1?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` }],
  ['GET', '/recordings/{id}/{segment}/camera', all(403), { path: (w) => `/recordings/${w.done}/1/camera?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` }],
  ['GET', '/thumbnails/{id}', all(403), { path: (w) => `/thumbnails/${w.done}?expires=${Date.now() + 60000}&sig=${'0'.repeat(64)}` }],
  ['GET', '/billing', session(200, 200, 200)],
  ['POST', '/billing', session(200, 200, 200)],
  ['POST', '/billing/checkout-session', session(200, 400, 200), { body: () => ({ planName: 'basic', planBillingCycle: 'monthly' }) }],
  ['POST', '/billing/customer-portal', session(200, 200, 200)],
  ['POST', '/billing/webhook', all(400), { body: () => ({ id: 'evt_x' }) }],
  ['GET', '/billing/local/checkout/{id}', session(404, 200, 404), { path: (w) => `/billing/local/checkout/${w.session}` }],
  ['POST', '/billing/local/checkout/{id}/pay', session(404, 400, 404), { path: (w) => `/billing/local/checkout/${w.session}/pay` }],
  ['POST', '/billing/local/checkout/{id}/cancel', session(404, 200, 404), { path: (w) => `/billing/local/checkout/${w.session}/cancel` }],
  ['GET', '/billing/local/portal', session(200, 200, 200)],
  ['GET', '/admin', session(403, 403, 200), { path: () => '/admin/' }],
  ['PATCH', '/admin/users/{id}', session(403, 403, 200), { path: (w) => `/admin/users/${w.victim.user.id}`, body: () => ({ role: 'customer' }) }],
  ['DELETE', '/admin/users/{id}', session(403, 403, 200), { fresh: fresh.victim, path: (w, f) => `/admin/users/${f.victim.id}` }],
  ['GET', '/admin/waitlist', session(403, 403, 200)],
  ['GET', '/admin/waitlist/export', session(403, 403, 200)],
  // Last: these end the caller's session or subscription.
  ['POST', '/billing/local/portal/cancel', session(400, 200, 400)],
  ['POST', '/auth/logout', all(200)],
];

test('every route in the router has a row in the matrix', () => {
  const covered = new Set(MATRIX.map(([m, p]) => `${m} ${p}`));
  const missing = routerRoutes().filter((r) => !covered.has(r));
  assert.deepEqual(missing, [], `routes without a row: ${missing.join(', ')}`);
  assert.ok(routerRoutes().length >= 50);
});

const roundTrips = new RoundTrips();

test('each role gets the expected status on every route', async () => {
  const w = await world();
  const failures = [];
  for (const [method, pattern, expected, opts = {}] of MATRIX) {
    for (const role of ROLES) {
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
      if (status !== expected[role]) failures.push(`${method} ${pattern} as ${role}: ${status}, expected ${expected[role]}`);
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
  ['PATCH', '/analysis/{id}', 402, { path: (w) => `/analysis/${w.analysis}`, body: () => ({ ...valid, maxNumberOfParticipants: 1000 }) }],
  ['POST', '/analysis/{id}/reopen', 402, { path: (w) => `/analysis/${w.analysis}/reopen` }],
  ['GET', '/analysis', 200],
  ['GET', '/analysis/{id}', 200, { path: (w) => `/analysis/${w.analysis}` }],
  ['GET', '/analysis/{id}/summary', 200, { path: (w) => `/analysis/${w.analysis}/summary` }],
  ['GET', '/analysis/{id}/export', 200, { path: (w) => `/analysis/${w.analysis}/export` }],
  ['GET', '/analysisEntry/{id}', 200, { path: (w) => `/analysisEntry/${w.done}` }],
  ['GET', '/entry/{id}', 200, { path: (w) => `/entry/${w.done}` }],
  ['GET', '/billing', 200],
  // Insights (ADR 0012, "Lapsed customers"): no new clips, reels or links; notes, lists and deletes stay free.
  ['POST', '/analysis/{id}/shares', 402, { path: (w) => `/analysis/${w.analysis}/shares`, body: () => ({ kind: 'summary', expiresInDays: 7 }) }],
  ['POST', '/analysis/{id}/reels', 402, { path: (w) => `/analysis/${w.analysis}/reels`, body: (w) => ({ title: 'R2', clipIds: [w.clip] }) }],
  ['PATCH', '/reels/{id}', 402, { path: (w) => `/reels/${w.reel}`, body: () => ({ title: 'R3' }) }],
  ['POST', '/entry/{id}/notes', 402, { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 0, endMs: 400, text: 'clip' }) }],
  ['POST', '/entry/{id}/notes', 201, { path: (w) => `/entry/${w.done}/notes`, body: () => ({ atMs: 0, text: 'nota' }) }],
  ['GET', '/analysis/{id}/shares', 200, { path: (w) => `/analysis/${w.analysis}/shares` }],
  ['GET', '/reels/{id}', 200, { path: (w) => `/reels/${w.reel}` }],
  ['DELETE', '/reels/{id}', 200, { path: (w) => `/reels/${w.reel}` }],
  ['POST', '/analysis/{id}/close', 200, { path: (w) => `/analysis/${w.analysis}/close` }],
  ['DELETE', '/entry/{id}', 200, { path: (w) => `/entry/${w.done}` }],
  ['DELETE', '/analysis/{id}', 200, { path: (w) => `/analysis/${w.analysis}` }],
];

test('a lapsed subscription: the gated writes are 402, the customer still reads, exports and deletes', async () => {
  const owner = await signUp('m-lapsed');
  await activeSubscription(owner.user.id);
  const analysis = (await api('/api/v1/analysis', { method: 'POST', cookie: owner.cookie, body: valid })).json.analysisData.id;
  const w = { analysis, done: await submitted(analysis) };
  w.clip = (await api(`/api/v1/entry/${w.done}/notes`, { method: 'POST', cookie: owner.cookie, body: { atMs: 0, endMs: 500, text: 'c' } })).json.id;
  w.reel = (await api(`/api/v1/analysis/${analysis}/reels`, { method: 'POST', cookie: owner.cookie, body: { title: 'R', clipIds: [w.clip] } })).json.id;
  await sql(`UPDATE subscriptions SET status = 'canceled', current_period_end = ${Date.now() - 1000} WHERE user_id = ${q(owner.user.id)}`);
  const failures = [];
  for (const [method, pattern, expected, opts = {}] of LAPSED) {
    const res = await api(`/api/v1${opts.path ? opts.path(w) : pattern}`, { method, cookie: owner.cookie, body: opts.body?.(w) });
    if (res.status !== expected) failures.push(`${method} ${pattern}: ${res.status}, expected ${expected}`);
    if (expected === 402 && res.status === 402 && !res.json?.message) failures.push(`${method} ${pattern}: 402 without a message`);
  }
  assert.deepEqual(failures, []);
});
