// Participation API: validation, atomic place claims, the participant capability, product §7's single
// upload into R2 (byte-identical), submission, abandoning, and signed playback. Chunks, segments,
// resume and expiry are in chunks.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { BASE, signUp, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { createAnalysis, owner as subscribed } from '../lib/test-app.mjs';
import { complete, ledgerOf, openSegment, participate, putChunk, r2Keys, recordSegment, submit } from './recording.mjs';

async function analysisWith(places, tag = 'researcher') {
  const owner = await subscribed(tag);
  const { id } = await createAnalysis(owner, {
    name: 'Estudio',
    url: 'example.com',
    max: places,
    scenario: 'Eres cliente',
    tasks: ['Busca https://example.com/ayuda', 'Compra'],
  });
  return { owner, id };
}

test('validate-participation answers 400 without an id, 404 for unknown ids and success otherwise', async () => {
  const missing = await client.validateParticipation({ body: { analysisId: ' ' } });
  assert.equal(missing.status, 400);
  assert.equal(missing.json.message, 'Por favor, introduce un ID de análisis');
  const unknown = await client.validateParticipation({ body: { analysisId: 'nope' } });
  assert.equal(unknown.status, 404);
  assert.equal(
    unknown.json.message,
    'Análisis no encontrado. Por favor, verifica tu ID de análisis e inténtalo de nuevo.',
  );
  const { id, owner } = await analysisWith(1);
  const ok = await client.validateParticipation({ body: { analysisId: id } });
  // The invite's welcome (ADR 0015): the name and what sets the duration; nothing of the owner.
  // The panel id's parameter is always named, 'pid' by default (ADR 0017).
  assert.deepEqual(ok.json, {
    success: true,
    camera: 'off',
    name: 'Estudio',
    tasks: 2,
    taskQuestions: false,
    sus: false,
    pidParam: 'pid',
  });
  await client.analysisClose(id, { cookie: owner.cookie });
  const closed = await client.validateParticipation({ body: { analysisId: id } });
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
    tasks: [
      { taskType: 'text', taskContent: 'Busca https://example.com/ayuda' },
      { taskType: 'text', taskContent: 'Compra' },
    ],
    taskQuestions: false,
    sus: false,
    camera: 'off',
    // Product §3's fields, and whether the tab records audio for the transcript (ADR 0018): the
    // analysis transcribes by default and the test server has a provider (the Whisper stand-in).
    transcribe: true,
  });
  assert.match(entryId, /^[0-9a-f]{32}$/);
  assert.ok(cookie);
  assert.match(res.headers.getSetCookie().join(), /HttpOnly; Secure; SameSite=Strict/);
  const [row] = await sql(
    `SELECT status, consent_at, consent_version, capability_hash FROM analysis_entries WHERE id = ${q(entryId)}`,
  );
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
  assert.ok(
    results
      .filter((r) => r.res.status !== 200)
      // The claim lost the last place: 409 with product §8's message (validate-participation's 400 is product §8's).
      .every((r) => r.res.status === 409 && r.res.json.message === 'No hay plazas disponibles para este análisis.'),
  );
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM analysis_entries WHERE analysis_id = ${q(id)}`))[0].n, 3);
});

test('entry ids alone grant nothing: uploads need the capability cookie', async () => {
  const { id } = await analysisWith(2);
  const mine = await participate(id);
  const other = await participate(id);
  for (const cookie of [undefined, other.cookie, '__Host-lupa_participation=forged']) {
    const res = await openSegment(mine.entryId, cookie);
    assert.equal(res.status, 403, String(cookie));
    assert.equal(res.json.code, 'not_your_entry');
    const chunk = await putChunk(mine.entryId, cookie, 1, 0, randomBytes(10), 1000);
    assert.equal(chunk.status, 403, String(cookie));
  }
  const patch = await client.entryUpdate({
    cookie: other.cookie,
    body: { analysisEntryId: mine.entryId, analysisEntryStatus: 'submitted' },
  });
  assert.equal(patch.status, 403);
  const missingId = await client.entryUpdate({ cookie: mine.cookie, body: { analysisEntryStatus: 'submitted' } });
  assert.equal(missingId.status, 400);
  assert.equal(missingId.json.message, 'Missing analysis entry ID for updating entry.');
});

test('submitting needs a complete recording: the product §8 message before, success and a completed analysis after', async () => {
  const { id, owner } = await analysisWith(1);
  const { entryId, cookie } = await participate(id);
  const early = await submit(entryId, cookie);
  // Nothing recorded yet: the participation's state (409, ADR 0020), with product §8's message.
  assert.equal(early.status, 409);
  assert.equal(early.json.message, 'Missing recording data');
  const { json } = await openSegment(entryId, cookie);
  assert.equal(
    (await complete(entryId, cookie, {})).json.message,
    'Missing recording data',
    'a segment without chunks is no recording',
  );
  assert.equal((await putChunk(entryId, cookie, json.segment + 1, 0, randomBytes(100), 500)).status, 404);
  await recordSegment(entryId, cookie, randomBytes(5000));
  assert.equal((await complete(entryId, cookie, {})).status, 200);
  assert.equal((await submit(entryId, cookie)).status, 200);
  // The only place is now used: the analysis completes itself.
  const detail = await client.analysisGet(id, { cookie: owner.cookie });
  assert.equal(detail.json.analysisData.status, 'completed');
  assert.equal(detail.json.analysisData._count.AnalysisEntries, 1);
  const byRange = await fetch(
    (await client.entryUrl(entryId, { cookie: owner.cookie })).json.analysisEntryPresignedUrl,
    { headers: { range: 'bytes=5000-' } },
  );
  assert.equal(byRange.status, 416);
  assert.equal(byRange.headers.get('content-range'), 'bytes */5000');
});

test('signed recording URLs refuse tampering, expiry and other customers', async () => {
  const { id, owner } = await analysisWith(1, 'signer');
  const { entryId, cookie } = await participate(id);
  await recordSegment(entryId, cookie, randomBytes(1000), { mimeType: 'video/webm' });
  await complete(entryId, cookie, { durationMs: 1000, steps: [] });
  await submit(entryId, cookie);
  const { json } = await client.entryUrl(entryId, { cookie: owner.cookie });
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
  assert.equal((await client.entryUrl(entryId, { cookie: intruder.cookie })).status, 404);
  assert.equal((await client.entryPage(entryId, { cookie: intruder.cookie })).status, 404);
  assert.equal((await client.entryUrl(entryId)).status, 401);
});

test('the product §7 single upload: upload-url, PUT the whole file, then submit', async () => {
  const { id, owner } = await analysisWith(1, 'single');
  const { entryId, cookie } = await participate(id);
  const missing = await client.entryUploadUrl({ cookie, body: { analysisEntryId: entryId } });
  assert.equal(missing.status, 400);
  assert.equal(missing.json.message, 'Missing analysis ID or entry ID for upload');
  const res = await client.entryUploadUrl({ cookie, body: { analysisEntryId: entryId, analysisId: id } });
  assert.equal(res.status, 200);
  const uploadUrl = new URL(res.json.analysisEntryPresignedUploadUrl);
  const target = BASE + uploadUrl.pathname + uploadUrl.search;
  const data = randomBytes(300_000);
  // The signed URL alone is not enough: a replay without the participant's capability is refused.
  const stolen = await fetch(target, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: data });
  assert.equal(stolen.status, 403);
  const empty = await fetch(target, {
    method: 'PUT',
    headers: { 'content-type': 'video/mp4', cookie },
    body: new Uint8Array(0),
  });
  assert.equal(empty.status, 400);
  // A body that is not a recording format is 415 in the recording's words, not the JSON routes'.
  const notVideo = await fetch(target, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain', cookie },
    body: data,
  });
  assert.equal(notVideo.status, 415);
  assert.deepEqual(await notVideo.json(), { code: 'unsupported_upload', message: 'Formato de grabación no admitido' });
  const put = await fetch(target, { method: 'PUT', headers: { 'content-type': 'video/mp4', cookie }, body: data });
  assert.equal(put.status, 200);
  const tampered = await fetch(target.replace(/sig=[0-9a-f]+/, `sig=${'1'.repeat(64)}`), { method: 'PUT', body: data });
  assert.equal(tampered.status, 403);
  const submitted = await client.entryUpdate({
    cookie,
    body: { analysisEntryId: entryId, analysisEntryStatus: 'submitted' },
  });
  assert.equal(submitted.status, 200);
  const { json } = await client.entryUrl(entryId, { cookie: owner.cookie });
  const u = new URL(json.analysisEntryPresignedUrl);
  const stored = Buffer.from(await (await fetch(BASE + u.pathname + u.search)).arrayBuffer());
  assert.ok(stored.equals(data));
});

test('leaving deletes the recording and its chunks and frees the place', async () => {
  const { id } = await analysisWith(1, 'leaver');
  const { entryId, cookie } = await participate(id);
  await recordSegment(entryId, cookie, randomBytes(600_000));
  assert.equal((await participate(id)).res.status, 409);
  const left = await client.entryAbandon(entryId, { cookie });
  assert.equal(left.status, 200);
  const [row] = await sql(`SELECT status, recording_key, upload_id FROM analysis_entries WHERE id = ${q(entryId)}`);
  assert.deepEqual(row, { status: 'abandoned', recording_key: null, upload_id: null });
  assert.equal(ledgerOf(entryId).state, 'deleted', "the participation's object refuses everything from now on");
  assert.deepEqual(r2Keys(`analyses/${id}/entries/${entryId}/`), [], 'and nothing of it is left in R2');
  assert.equal((await participate(id)).res.status, 200, 'the place is free again');
  // The object answers for a participation that is gone (ADR 0013): 404, with a message.
  const again = await openSegment(entryId, cookie);
  assert.equal(again.status, 404);
  assert.equal(again.json.message, 'Esta participación ya no existe');
});
