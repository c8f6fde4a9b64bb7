// Races on the recording path that the participation's Durable Object closes (ADR 0013), through
// the real worker, the object and local R2: a chunk still streaming when its participation is
// deleted leaves nothing behind, parallel chunks cannot pass the size limit together, and a chunk
// still streaming cannot be reserved again by a second upload of its index.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { client } from './helpers.mjs';
import { createAnalysis, owner as subscribed } from '../lib/test-app.mjs';
import {
  finishedFile,
  ledgerOf,
  openSegment,
  participate,
  putChunk,
  r2Keys,
  r2Object,
  slowRequest,
  until,
} from './recording.mjs';
import { TEST_MAX_ENTRY_BYTES } from '../../scripts/lib/dev-server.mjs';

const MIB = 1024 * 1024;

async function analysis(places = 2) {
  const owner = await subscribed('ledger');
  const { id } = await createAnalysis(owner, {
    name: 'Races',
    url: 'example.com',
    max: places,
    scenario: 'S',
    tasks: ['T1'],
  });
  return { owner, id };
}

/** A chunk PUT that sends `first` bytes of `body`, then waits for `release()` (`slowRequest`). */
const slowChunk = (entryId, cookie, segment, index, body, first) =>
  slowRequest('PUT', `/api/v1/analysisEntry/${entryId}/segments/${segment}/chunks/${index}`, body, first, {
    cookie,
    'content-type': 'application/octet-stream',
    'x-lupa-end-ms': '1000',
  });

test('a chunk still streaming when its participant leaves leaves no object under the entry', async () => {
  const { id } = await analysis();
  const p = await participate(id);
  const {
    json: { segment },
  } = await openSegment(p.entryId, p.cookie);
  const prefix = `analyses/${id}/entries/${p.entryId}/`;
  assert.equal((await putChunk(p.entryId, p.cookie, segment, 0, randomBytes(100_000), 500)).status, 200);

  // A 2 MiB chunk, paused halfway: its bytes are reserved and its body is on its way to R2.
  const slow = slowChunk(p.entryId, p.cookie, segment, 1, randomBytes(2 * MIB), MIB);
  assert.ok(
    await until(() => (ledgerOf(p.entryId)?.reserved_bytes ?? 0) === 2 * MIB),
    'the object reserved the chunk before its body moved',
  );
  const left = await client.entryAbandon(p.entryId, { cookie: p.cookie });
  assert.equal(left.status, 200, left.text);
  assert.deepEqual(r2Keys(prefix), [], 'the deletion emptied the prefix');

  slow.release();
  const answered = await slow.done;
  assert.equal(answered.status, 404, `the chunk is refused once its participation is gone: ${answered.text}`);
  assert.deepEqual(r2Keys(prefix), [], 'the chunk that was streaming is gone too');
  // And nothing more gets in.
  assert.equal((await putChunk(p.entryId, p.cookie, segment, 2, randomBytes(1000), 1500)).status, 404);
  assert.deepEqual(r2Keys(prefix), []);
});

test('a chunk still streaming when the researcher deletes the analysis leaves nothing behind', async () => {
  const { id, owner } = await analysis();
  const p = await participate(id);
  const {
    json: { segment },
  } = await openSegment(p.entryId, p.cookie);
  const slow = slowChunk(p.entryId, p.cookie, segment, 0, randomBytes(MIB), 300_000);
  assert.ok(await until(() => (ledgerOf(p.entryId)?.reserved_bytes ?? 0) === MIB));
  assert.equal((await client.analysisDelete(id, { cookie: owner.cookie })).status, 200);
  slow.release();
  assert.equal((await slow.done).status, 404);
  assert.deepEqual(r2Keys(`analyses/${id}/`), []);
});

test('parallel chunks cannot pass the size limit together: bytes are reserved before the body', async () => {
  const { id } = await analysis();
  const p = await participate(id);
  const {
    json: { segment },
  } = await openSegment(p.entryId, p.cookie);
  // Fill the participation to 8 MiB under its limit, then send 20 chunks of 1 MiB at once.
  const room = 8 * MIB;
  const filled = TEST_MAX_ENTRY_BYTES - room;
  for (let i = 0; i < filled / (4 * MIB); i++) {
    assert.equal((await putChunk(p.entryId, p.cookie, segment, i, randomBytes(4 * MIB), (i + 1) * 1000)).status, 200);
  }
  const first = filled / (4 * MIB);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, k) =>
      putChunk(p.entryId, p.cookie, segment, first + k, randomBytes(MIB), (first + k + 1) * 1000),
    ),
  );
  const stored = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 413 && a.json.code === 'recording_too_large').length;
  assert.equal(stored, 8, `exactly the 8 MiB of room is stored: ${JSON.stringify(answers.map((a) => a.status))}`);
  assert.equal(refused, 12);
  const ledger = ledgerOf(p.entryId);
  assert.equal(ledger.stored_bytes, TEST_MAX_ENTRY_BYTES);
  assert.equal(ledger.reserved_bytes, 0);
  const chunks = r2Keys(`analyses/${id}/entries/${p.entryId}/segments/${segment}/screen-chunks/`);
  // Every stored chunk stays readable until Finish (live viewers scrub back over them, ADR 0016),
  // and no refused one is in R2.
  assert.equal(chunks.length, first + 8, `R2 holds ${chunks.length} chunk objects`);
});

test('a chunk still streaming cannot be reserved again: a second PUT of its index gets 409, and the ledger keeps the size R2 stored', async () => {
  const { id, owner } = await analysis();
  const p = await participate(id);
  const {
    json: { segment },
  } = await openSegment(p.entryId, p.cookie);
  const big = randomBytes(4 * MIB);
  // 4 MiB on its way to R2, paused halfway; meanwhile a 128-byte PUT of the same index.
  const slow = slowChunk(p.entryId, p.cookie, segment, 0, big, 2 * MIB);
  assert.ok(
    await until(() => (ledgerOf(p.entryId)?.reserved_bytes ?? 0) === 4 * MIB),
    'the big chunk is reserved, its body streaming',
  );
  const small = await putChunk(p.entryId, p.cookie, segment, 0, randomBytes(128), 1000);
  slow.release();
  const finished = await slow.done;
  const key = `analyses/${id}/entries/${p.entryId}/segments/${segment}/screen-chunks/000000`;
  const ledger = ledgerOf(p.entryId);
  assert.deepEqual(
    {
      small: small.status,
      code: small.json?.code,
      big: finished.status,
      ledgerBytes: ledger.stored_bytes,
      reservedBytes: ledger.reserved_bytes,
      r2Bytes: r2Object(key)?.length,
    },
    { small: 409, code: 'chunk_in_flight', big: 200, ledgerBytes: 4 * MIB, reservedBytes: 0, r2Bytes: 4 * MIB },
    `the second PUT is refused while the first streams, and the ledger's size is R2's (${JSON.stringify(small.json)})`,
  );
  assert.equal(typeof small.json.message, 'string');

  // Finish composes what the ledger counts: the file is the big chunk, whole.
  const played = await finishedFile(p.entryId, p.cookie, owner.cookie);
  assert.equal(played.length, big.length);
  assert.ok(played.equals(big), 'the composed file is the 4 MiB body');
});
