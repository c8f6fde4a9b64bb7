// Participation API: validation, atomic place claims, the participant capability, progressive and
// single uploads into R2 (byte-identical), submission, abandoning, and signed playback with Range.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { api, BASE, randomIp, signUp } from './helpers.mjs';
import { q, sql } from './db.mjs';

const PART = 5 * 1024 * 1024;

async function analysisWith(places, tag = 'researcher') {
  const owner = await signUp(tag);
  const now = Date.now();
  await sql(`INSERT INTO subscriptions (id, user_id, status, plan, current_period_end, created_at, updated_at)
    VALUES (${q(`sub_${owner.user.id}`)}, ${q(owner.user.id)}, 'active', 'basic', ${now + 86400000}, ${now}, ${now})`);
  const res = await api('/api/v1/analysis', {
    method: 'POST',
    cookie: owner.cookie,
    body: { name: 'Estudio', url: 'example.com', maxNumberOfParticipants: places, scenario: 'Eres cliente', tasks: [{ taskType: 'text', taskContent: 'Busca https://example.com/ayuda' }, { taskType: 'text', taskContent: 'Compra' }], device: 'computer' },
  });
  return { owner, id: res.json.analysisData.id };
}

/** Claims a place; returns the entry id and the capability cookie. */
async function participate(analysisId, ip = randomIp()) {
  const res = await api('/api/v1/analysis/participate', { method: 'POST', ip, body: { analysisId } });
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('__Host-lupa_participation='));
  return { res, entryId: res.json?.analysisEntryId, cookie: raw?.split(';')[0] };
}

async function putPart(entryId, cookie, n, bytes) {
  const res = await fetch(`${BASE}/api/v1/analysisEntry/${entryId}/parts/${n}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/octet-stream' }, body: bytes });
  return { status: res.status, json: await res.json() };
}

test('validate-participation answers 400 without an id, 404 for unknown ids and success otherwise', async () => {
  const missing = await api('/api/v1/analysis/validate-participation', { method: 'POST', body: { analysisId: ' ' } });
  assert.equal(missing.status, 400);
  assert.equal(missing.json.message, 'Por favor, introduce un ID de análisis');
  const unknown = await api('/api/v1/analysis/validate-participation', { method: 'POST', body: { analysisId: 'nope' } });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.json.message, 'Análisis no encontrado. Por favor, verifica tu ID de análisis e inténtalo de nuevo.');
  const { id, owner } = await analysisWith(1);
  const ok = await api('/api/v1/analysis/validate-participation', { method: 'POST', body: { analysisId: id } });
  assert.deepEqual(ok.json, { success: true });
  await api(`/api/v1/analysis/${id}/close`, { method: 'POST', cookie: owner.cookie });
  const closed = await api('/api/v1/analysis/validate-participation', { method: 'POST', body: { analysisId: id } });
  assert.equal(closed.status, 400);
  assert.equal(closed.json.message, 'No hay plazas disponibles para este análisis.');
});

test('participate returns the analysis data, an entry id and an HttpOnly capability, and records consent', async () => {
  const { id } = await analysisWith(2);
  const { res, entryId, cookie } = await participate(id);
  assert.equal(res.status, 200);
  assert.equal(res.json.success, true);
  assert.deepEqual(res.json.analysisData, {
    scenario: 'Eres cliente',
    analysisUrl: 'https://example.com',
    tasks: [{ taskType: 'text', taskContent: 'Busca https://example.com/ayuda' }, { taskType: 'text', taskContent: 'Compra' }],
  });
  assert.match(entryId, /^[0-9a-f]{32}$/);
  assert.ok(cookie);
  assert.match(res.headers.getSetCookie().join(), /HttpOnly; Secure; SameSite=Strict/);
  const [row] = await sql(`SELECT status, consent_at, consent_version, capability_hash FROM analysis_entries WHERE id = ${q(entryId)}`);
  assert.equal(row.status, 'in_progress');
  assert.ok(row.consent_at > 0);
  assert.ok(row.consent_version);
  assert.notEqual(row.capability_hash, cookie.split('=')[1]);
});

test('20 concurrent participate calls on 3 places give exactly 3 entries', async () => {
  const { id } = await analysisWith(3);
  const results = await Promise.all(Array.from({ length: 20 }, () => participate(id)));
  const statuses = results.map((r) => r.res.status);
  assert.equal(statuses.filter((s) => s === 200).length, 3, statuses.join());
  assert.ok(results.filter((r) => r.res.status !== 200).every((r) => r.res.status === 400 && r.res.json.message === 'No hay plazas disponibles para este análisis.'));
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM analysis_entries WHERE analysis_id = ${q(id)}`))[0].n, 3);
});

test('entry ids alone grant nothing: uploads need the capability cookie', async () => {
  const { id } = await analysisWith(2);
  const mine = await participate(id);
  const other = await participate(id);
  for (const cookie of [undefined, other.cookie, '__Host-lupa_participation=forged']) {
    const res = await api(`/api/v1/analysisEntry/${mine.entryId}/upload`, { method: 'POST', cookie, body: { mimeType: 'video/mp4' } });
    assert.equal(res.status, 403, String(cookie));
    assert.equal(res.json.code, 'not_your_entry');
  }
  const patch = await api('/api/v1/analysisEntry', { method: 'PATCH', cookie: other.cookie, body: { analysisEntryId: mine.entryId, analysisEntryStatus: 'submitted' } });
  assert.equal(patch.status, 403);
  const missingId = await api('/api/v1/analysisEntry', { method: 'PATCH', cookie: mine.cookie, body: { analysisEntryStatus: 'submitted' } });
  assert.equal(missingId.status, 400);
  assert.equal(missingId.json.message, 'Missing analysis entry ID for updating entry.');
});

test('a progressive upload of fixed-size parts ends byte-identical in R2 and plays with Range', async () => {
  const { id, owner } = await analysisWith(1);
  const { entryId, cookie } = await participate(id);
  const data = randomBytes(2 * PART + 12_345);
  const start = await api(`/api/v1/analysisEntry/${entryId}/upload`, { method: 'POST', cookie, body: { mimeType: 'video/mp4;codecs=vp9,opus' } });
  assert.equal(start.status, 200);
  assert.equal(start.json.partSize, PART);
  assert.deepEqual(start.json.parts, []);

  // Submitting before the recording exists is refused with the spec's message.
  const early = await api('/api/v1/analysisEntry', { method: 'PATCH', cookie, body: { analysisEntryId: entryId, analysisEntryStatus: 'submitted' } });
  assert.equal(early.status, 400);
  assert.equal(early.json.message, 'Missing recording data');

  // Parts arrive out of order and part 2 is sent twice (a retry): the result is still exact.
  assert.equal((await putPart(entryId, cookie, 2, data.subarray(PART, 2 * PART))).status, 200);
  assert.equal((await putPart(entryId, cookie, 1, data.subarray(0, PART))).status, 200);
  assert.equal((await putPart(entryId, cookie, 2, data.subarray(PART, 2 * PART))).status, 200);
  assert.equal((await putPart(entryId, cookie, 3, data.subarray(2 * PART))).status, 200);
  const listed = await api(`/api/v1/analysisEntry/${entryId}/parts`, { cookie });
  assert.deepEqual(listed.json.parts, [[1, PART], [2, PART], [3, 12_345]]);

  const steps = [{ index: 0, atMs: 0 }, { index: 1, atMs: 1500 }, { index: 2, atMs: 4000 }];
  const done = await api(`/api/v1/analysisEntry/${entryId}/complete`, { method: 'POST', cookie, body: { durationMs: 15000, steps } });
  assert.equal(done.status, 200, done.text);
  const again = await api(`/api/v1/analysisEntry/${entryId}/complete`, { method: 'POST', cookie, body: { durationMs: 15000, steps } });
  assert.equal(again.status, 200, 'completing twice (a lost answer retried) is fine');
  const submitted = await api('/api/v1/analysisEntry', { method: 'PATCH', cookie, body: { analysisEntryId: entryId, analysisEntryStatus: 'submitted' } });
  assert.equal(submitted.status, 200);
  // The only place is now used: the analysis completes itself.
  const detail = await api(`/api/v1/analysis/${id}`, { cookie: owner.cookie });
  assert.equal(detail.json.analysisData.status, 'completed');
  assert.equal(detail.json.analysisData._count.AnalysisEntries, 1);

  const signed = await api(`/api/v1/analysisEntry/${entryId}`, { cookie: owner.cookie });
  assert.equal(signed.status, 200);
  const url = signed.json.analysisEntryPresignedUrl;
  assert.ok(url.startsWith(`${BASE}/api/v1/recordings/`), url);
  const whole = await fetch(url);
  assert.equal(whole.status, 200);
  assert.equal(whole.headers.get('content-type'), 'video/mp4');
  assert.equal(whole.headers.get('accept-ranges'), 'bytes');
  const body = Buffer.from(await whole.arrayBuffer());
  assert.equal(createHash('sha256').update(body).digest('hex'), createHash('sha256').update(data).digest('hex'));

  const first = await fetch(url, { headers: { range: 'bytes=0-99' } });
  assert.equal(first.status, 206);
  assert.equal(first.headers.get('content-range'), `bytes 0-99/${data.length}`);
  assert.deepEqual(Buffer.from(await first.arrayBuffer()), data.subarray(0, 100));
  const middle = await fetch(url, { headers: { range: `bytes=${PART - 10}-${PART + 9}` } });
  assert.deepEqual(Buffer.from(await middle.arrayBuffer()), data.subarray(PART - 10, PART + 10));
  const suffix = await fetch(url, { headers: { range: 'bytes=-500' } });
  assert.equal(suffix.status, 206);
  assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), data.subarray(data.length - 500));
  const outside = await fetch(url, { headers: { range: `bytes=${data.length}-` } });
  assert.equal(outside.status, 416);
  assert.equal(outside.headers.get('content-range'), `bytes */${data.length}`);

  const page = await api(`/api/v1/entry/${entryId}`, { cookie: owner.cookie });
  assert.equal(page.json.durationMs, 15000);
  assert.deepEqual(page.json.steps, steps);
});

test('signed recording URLs refuse tampering, expiry and other customers', async () => {
  const { id, owner } = await analysisWith(1, 'signer');
  const { entryId, cookie } = await participate(id);
  await api(`/api/v1/analysisEntry/${entryId}/upload`, { method: 'POST', cookie, body: { mimeType: 'video/webm' } });
  await putPart(entryId, cookie, 1, randomBytes(1000));
  await api(`/api/v1/analysisEntry/${entryId}/complete`, { method: 'POST', cookie, body: { durationMs: 1000, steps: [] } });
  await api('/api/v1/analysisEntry', { method: 'PATCH', cookie, body: { analysisEntryId: entryId, analysisEntryStatus: 'submitted' } });
  const { json } = await api(`/api/v1/analysisEntry/${entryId}`, { cookie: owner.cookie });
  const url = new URL(json.analysisEntryPresignedUrl);
  const at = (mutate) => {
    const u = new URL(BASE + url.pathname + url.search);
    mutate(u);
    return fetch(u);
  };
  assert.equal((await at(() => {})).headers.get('content-type'), 'video/webm');
  assert.equal((await at((u) => u.searchParams.set('sig', '0'.repeat(64)))).status, 403);
  assert.equal((await at((u) => u.searchParams.set('expires', String(Date.now() + 999_999_999)))).status, 403);
  assert.equal((await at((u) => u.searchParams.set('expires', '1'))).status, 403);
  const expires = Number(url.searchParams.get('expires'));
  assert.ok(expires - Date.now() <= 3600_000 && expires - Date.now() > 3500_000);

  const intruder = await signUp('intruder');
  assert.equal((await api(`/api/v1/analysisEntry/${entryId}`, { cookie: intruder.cookie })).status, 404);
  assert.equal((await api(`/api/v1/entry/${entryId}`, { cookie: intruder.cookie })).status, 404);
  assert.equal((await api(`/api/v1/analysisEntry/${entryId}`)).status, 401);
});

test('the server enforces equal part sizes and refuses oversized parts', async () => {
  const { id } = await analysisWith(1, 'sizes');
  const { entryId, cookie } = await participate(id);
  await api(`/api/v1/analysisEntry/${entryId}/upload`, { method: 'POST', cookie, body: { mimeType: 'video/mp4' } });
  assert.equal((await putPart(entryId, cookie, 1, randomBytes(PART + 1))).status, 413);
  assert.equal((await putPart(entryId, cookie, 0, randomBytes(10))).status, 400);
  assert.equal((await putPart(entryId, cookie, 1, randomBytes(PART - 1))).status, 200);
  assert.equal((await putPart(entryId, cookie, 2, randomBytes(10))).status, 200);
  const res = await api(`/api/v1/analysisEntry/${entryId}/complete`, { method: 'POST', cookie, body: {} });
  assert.equal(res.status, 400);
  assert.equal(res.json.message, 'La parte 1 no tiene el tamaño fijo de 5 MiB');
  const gap = await participate(id);
  assert.equal(gap.res.status, 400, 'the only place is still held by the unfinished entry');
});

test('the spec single upload: upload-url, PUT the whole file, then submit', async () => {
  const { id, owner } = await analysisWith(1, 'single');
  const { entryId, cookie } = await participate(id);
  const missing = await api('/api/v1/analysisEntry/upload-url', { method: 'POST', cookie, body: { analysisEntryId: entryId } });
  assert.equal(missing.status, 400);
  assert.equal(missing.json.message, 'Missing analysis ID or entry ID for upload');
  const res = await api('/api/v1/analysisEntry/upload-url', { method: 'POST', cookie, body: { analysisEntryId: entryId, analysisId: id } });
  assert.equal(res.status, 200);
  const uploadUrl = new URL(res.json.analysisEntryPresignedUploadUrl);
  const target = BASE + uploadUrl.pathname + uploadUrl.search;
  const data = randomBytes(300_000);
  const empty = await fetch(target, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(0) });
  assert.equal(empty.status, 400);
  const put = await fetch(target, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: data });
  assert.equal(put.status, 200);
  const tampered = await fetch(target.replace(/sig=[0-9a-f]+/, `sig=${'1'.repeat(64)}`), { method: 'PUT', body: data });
  assert.equal(tampered.status, 403);
  const submitted = await api('/api/v1/analysisEntry', { method: 'PATCH', cookie, body: { analysisEntryId: entryId, analysisEntryStatus: 'submitted' } });
  assert.equal(submitted.status, 200);
  const { json } = await api(`/api/v1/analysisEntry/${entryId}`, { cookie: owner.cookie });
  const u = new URL(json.analysisEntryPresignedUrl);
  const stored = Buffer.from(await (await fetch(BASE + u.pathname + u.search)).arrayBuffer());
  assert.ok(stored.equals(data));
});

test('leaving deletes the recording and its parts and frees the place', async () => {
  const { id } = await analysisWith(1, 'leaver');
  const { entryId, cookie } = await participate(id);
  await api(`/api/v1/analysisEntry/${entryId}/upload`, { method: 'POST', cookie, body: { mimeType: 'video/mp4' } });
  await putPart(entryId, cookie, 1, randomBytes(PART));
  assert.equal((await participate(id)).res.status, 400);
  const left = await api(`/api/v1/analysisEntry/${entryId}`, { method: 'DELETE', cookie });
  assert.equal(left.status, 200);
  const [row] = await sql(`SELECT status, recording_key, upload_id FROM analysis_entries WHERE id = ${q(entryId)}`);
  assert.deepEqual(row, { status: 'abandoned', recording_key: null, upload_id: null });
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM entry_parts WHERE entry_id = ${q(entryId)}`))[0].n, 0);
  assert.equal((await participate(id)).res.status, 200, 'the place is free again');
  assert.equal((await api(`/api/v1/analysisEntry/${entryId}/parts`, { cookie })).status, 403);
});

test('idle in-progress entries give their place back', async () => {
  const { id } = await analysisWith(1, 'idle');
  const { entryId } = await participate(id);
  assert.equal((await participate(id)).res.status, 400);
  await sql(`UPDATE analysis_entries SET last_activity_at = 0 WHERE id = ${q(entryId)}`);
  assert.equal((await participate(id)).res.status, 200);
});
