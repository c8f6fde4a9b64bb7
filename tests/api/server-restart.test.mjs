// A server that dies mid-upload strands no chunk (issue 43, ADR 0013). A chunk's reservation is
// written to its participation object's SQLite ledger before the body streams; when `wrangler dev`
// is killed (its whole process group) while the body is on its way, the reservation stays there
// with nothing stored, and the request that made it is gone. After a restart on the same state the
// tab sends the index again: it must be stored, not refused with 409 `chunk_in_flight` for the
// 5 minutes a reservation takes to go stale. The restarted object still refuses a second upload of
// an index whose body it is receiving itself. A server of this file's own, so killing it touches
// no other test.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/lib/dev-server.mjs';
import { client } from './helpers.mjs';
import { ledgerOf, participate, until } from './recording.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';

const MIB = 1024 * 1024;
let stateDir;
let server;

before(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'lupa-restart-'));
  server = await startServer({ stateDir });
});

after(async () => {
  await server?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

/** Kills the server's whole process group at once (workerd with it), as a crash would, and starts it again on the same state and port. */
async function restart() {
  const { pid, port } = server;
  process.kill(-pid, 'SIGKILL');
  // Gone when the group has no process left to signal.
  assert.ok(
    await until(
      () => {
        try {
          process.kill(-pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      { timeoutMs: 15_000 },
    ),
    'the server died',
  );
  server = await startServer({ stateDir, port });
}

/** A subscribed researcher's analysis, a participant's entry and capability cookie, and a segment open. */
async function participantRecording() {
  const owner = await researcher('restart', { base: server.url, stateDir });
  const analysis = await createAnalysis(owner, { tasks: ['T1'], max: 2, base: server.url });
  const p = await participate(analysis.id, { base: server.url });
  assert.equal(p.res.status, 200, p.res.text);
  const opened = await p.openSegment();
  assert.equal(opened.status, 200, opened.text);
  return { owner, entryId: p.entryId, cookie: p.cookie, segment: opened.json.segment, p };
}

const putChunk = ({ p, segment }, index, bytes, endMs) => p.putChunk(segment, index, bytes, endMs);

/**
 * A chunk PUT that sends the first `first` bytes of `body` and then waits (for `release()`, or
 * for its connection to be cut with `cut()`); `done` settles with its answer or its error.
 */
function slowChunk({ entryId, cookie, segment }, index, body, first) {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  let req;
  const done = new Promise((resolve) => {
    req = request(
      `${server.url}/api/v1/analysisEntry/${entryId}/segments/${segment}/chunks/${index}`,
      {
        method: 'PUT',
        headers: {
          cookie,
          'content-type': 'application/octet-stream',
          'content-length': String(body.length),
          'x-lupa-end-ms': '2000',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', (error) => resolve({ error }));
      },
    );
    req.on('error', (error) => resolve({ error }));
    req.write(body.subarray(0, first));
    gate.then(() => req.end(body.subarray(first)));
  });
  return { release, done, cut: () => req.destroy() };
}

test('a reservation left by a request that died with the server does not block the retry after the restart; nothing is lost', async () => {
  const p = await participantRecording();
  const first = randomBytes(100_000);
  assert.equal((await putChunk(p, 0, first, 1000)).status, 200);

  // Chunk 1's body is half on its way when the server dies: its reservation is in the ledger.
  const second = randomBytes(2 * MIB);
  const slow = slowChunk(p, 1, second, MIB);
  assert.ok(
    await until(() => (ledgerOf(p.entryId, stateDir)?.reserved_bytes ?? 0) === 2 * MIB),
    'the object reserved the chunk before its body moved',
  );
  await restart();
  assert.ok('error' in (await slow.done), 'the upload died with the server');
  assert.equal(
    ledgerOf(p.entryId, stateDir).reserved_bytes,
    2 * MIB,
    "the dead upload's reservation outlived it, as the fix must expect",
  );

  // The tab sends chunk 1 again: stored at once, not 409 `chunk_in_flight` for 5 minutes.
  const retried = await putChunk(p, 1, second, 2000);
  assert.equal(retried.status, 200, JSON.stringify(retried.json));
  const ledger = ledgerOf(p.entryId, stateDir);
  assert.deepEqual(
    { stored: ledger.stored_bytes, reserved: ledger.reserved_bytes, chunks: ledger.chunk_count },
    { stored: first.length + second.length, reserved: 0, chunks: 2 },
    'the retry replaced the dead reservation: its bytes are counted once',
  );

  // The restarted object still refuses a second upload of an index it is receiving itself.
  const third = randomBytes(2 * MIB);
  const streaming = slowChunk(p, 2, third, MIB);
  assert.ok(
    await until(() => (ledgerOf(p.entryId, stateDir)?.reserved_bytes ?? 0) === 2 * MIB),
    'chunk 2 is reserved, its body streaming',
  );
  const racing = await putChunk(p, 2, randomBytes(128), 3000);
  assert.deepEqual({ status: racing.status, code: racing.json?.code }, { status: 409, code: 'chunk_in_flight' });
  streaming.release();
  assert.equal((await streaming.done).status, 200);

  // Finish composes every chunk, the dead upload's retried one included, byte for byte.
  await p.p.finish();
  const entry = await client.entryUrl(p.entryId, { base: server.url, cookie: p.owner.cookie });
  assert.equal(entry.status, 200, entry.text);
  const played = Buffer.from(await (await fetch(entry.json.segments[0].url)).arrayBuffer());
  assert.ok(
    played.equals(Buffer.concat([first, second, third])),
    `the file is the three chunks (${played.length} bytes)`,
  );
});

test('an upload whose participant disconnects mid-body does not block the index for its retry', async () => {
  const p = await participantRecording();
  const body = randomBytes(2 * MIB);
  const slow = slowChunk(p, 0, body, MIB);
  assert.ok(
    await until(() => (ledgerOf(p.entryId, stateDir)?.reserved_bytes ?? 0) === 2 * MIB),
    'reserved, body streaming',
  );
  // The tab's request times out or its network drops: the connection is cut mid-body.
  slow.cut();
  await slow.done;
  // The tab's retry (it backs off on `chunk_in_flight`) is stored within seconds, not 5 minutes.
  let last;
  const stored = await until(
    async () => {
      last = await putChunk(p, 0, body, 2000);
      return last.status === 200;
    },
    { timeoutMs: 20_000, everyMs: 500 },
  );
  assert.ok(stored, `the retry was stored: last answer ${last?.status} ${JSON.stringify(last?.json)}`);
  assert.deepEqual(
    { stored: ledgerOf(p.entryId, stateDir).stored_bytes, reserved: ledgerOf(p.entryId, stateDir).reserved_bytes },
    { stored: body.length, reserved: 0 },
  );
});
