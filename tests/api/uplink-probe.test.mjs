// The participant's pre-flight uplink probe (issue 48) against the real worker: a probe of up to
// 512 KiB to the invite's analysis is read, dropped (nothing reaches R2) and answered with how many
// bytes arrived; a larger one is 413 `probe_too_large`, refused from its declared length or, sent
// without one, while it is still arriving; each address has 10 probes a minute, counted so that
// parallel probes cannot pass together; an analysis that takes no participants is 404.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { client, randomIp } from './helpers.mjs';
import { createAnalysis, owner as subscribed } from '../lib/test-app.mjs';
import { at, r2Keys } from './recording.mjs';
import { unfinishedPost } from './unfinished-post.mjs';

const KIB = 1024;
const TOO_LARGE = 'La prueba de conexión supera el tamaño permitido (512 KiB)';

/** An analysis that takes participants. */
async function analysis(tag) {
  const owner = await subscribed(tag);
  return { owner, id: (await createAnalysis(owner)).id };
}

/** One probe of `bytes` random bytes to analysis `id`; `ip` and `headers` when given. */
const probe = (id, bytes, { ip, headers } = {}) => client.uplinkProbe(id, { body: randomBytes(bytes), ip, headers });

/** The middle of the current minute, so a test's probes all fall in one rate-limit window. */
const midMinute = () => at(Date.now() - (Date.now() % 60_000) + 30_000 - 60_000);

test('a 256 KiB probe is read and dropped: 200 with the bytes received, nothing stored', async () => {
  const { id } = await analysis('probe');
  const res = await probe(id, 256 * KIB);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.json, { receivedBytes: 262_144 });
  // At the limit exactly, and a single byte, are probes too.
  assert.deepEqual((await probe(id, 512 * KIB)).json, { receivedBytes: 524_288 });
  assert.deepEqual((await probe(id, 1)).json, { receivedBytes: 1 });
  assert.deepEqual(r2Keys(`analyses/${id}/`), [], 'a probe is never stored');
});

test('a probe over 512 KiB is 413 probe_too_large, from its declared length or while it streams', async () => {
  const { id } = await analysis('probe-large');
  const declared = await probe(id, 600 * KIB);
  assert.equal(declared.status, 413, declared.text);
  assert.deepEqual(declared.json, { message: TOO_LARGE, code: 'probe_too_large' });
  const over = await probe(id, 512 * KIB + 1);
  assert.equal(over.json?.code, 'probe_too_large');

  // No Content-Length, and a body that does not end: the server answers at its limit.
  const streamed = await unfinishedPost(`/api/v1/analysis/${id}/uplink-probe`, 4 * 1024 * KIB, {
    'content-type': 'application/octet-stream',
  });
  assert.ok(!streamed.timedOut, `the server waited for the rest of the probe (${streamed.sent} bytes sent)`);
  if (!streamed.reset) {
    assert.equal(streamed.status, 413, streamed.text);
    assert.deepEqual(JSON.parse(streamed.text), { message: TOO_LARGE, code: 'probe_too_large' });
    const read = Number(streamed.headers['x-lupa-body-read']);
    assert.ok(read > 512 * KIB && read < 1024 * KIB, `server read ${read} bytes`);
  }
});

test('an empty probe is 400: it times nothing', async () => {
  const { id } = await analysis('probe-empty');
  const res = await client.uplinkProbe(id, { body: new Uint8Array(0) });
  assert.equal(res.status, 400, res.text);
  assert.equal(res.json.code, 'invalid_body');
});

test('an address gets 10 probes a minute, then 429 rate_limited with Retry-After', async () => {
  const { id } = await analysis('probe-limit');
  const ip = randomIp();
  const headers = midMinute();
  for (let n = 1; n <= 10; n++) {
    const res = await probe(id, 4 * KIB, { ip, headers });
    assert.equal(res.status, 200, `probe ${n}: ${res.text}`);
  }
  const refused = await probe(id, 4 * KIB, { ip, headers });
  assert.equal(refused.status, 429, refused.text);
  assert.equal(refused.json.code, 'rate_limited');
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  // Another address is not held back by this one.
  assert.equal((await probe(id, 4 * KIB, { headers })).status, 200);
});

test('parallel probes from one address cannot pass the limit together: exactly 10 of 16 succeed', async () => {
  const { id } = await analysis('probe-race');
  const ip = randomIp();
  const headers = midMinute();
  const answers = await Promise.all(Array.from({ length: 16 }, () => probe(id, 16 * KIB, { ip, headers })));
  const statuses = answers.map((res) => res.status).sort();
  assert.deepEqual(statuses, [...Array(10).fill(200), ...Array(6).fill(429)], JSON.stringify(statuses));
  for (const res of answers.filter((r) => r.status === 200)) assert.deepEqual(res.json, { receivedBytes: 16 * KIB });
});

test('an analysis that takes no participants is 404, unknown or closed', async () => {
  const unknown = await probe('no-such-analysis', KIB);
  assert.equal(unknown.status, 404, unknown.text);
  assert.equal(unknown.json.code, 'analysis_not_found');

  const { owner, id } = await analysis('probe-closed');
  assert.equal((await probe(id, KIB)).status, 200);
  assert.equal((await client.analysisClose(id, { cookie: owner.cookie })).status, 200);
  const closed = await probe(id, KIB);
  assert.equal(closed.status, 404, closed.text);
  assert.equal(closed.json.code, 'analysis_not_found');
});
