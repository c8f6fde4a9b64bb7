// Helpers for recording through the durable-chunk API (ADR 0005) as a participant's tab does (by
// entry id and cookie, over tests/lib/test-app.mjs's `Participation`), for firing the cron with a
// chosen clock, and for looking inside the local R2 bucket.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { readStore } from '../../scripts/lib/local-d1.mjs';
import { BASE, randomIp, client } from './helpers.mjs';
import { participate as claim, Participation } from '../lib/test-app.mjs';

/** Headers that set the worker's clock for one request (honoured because the test server sets TEST_CLOCK=on). */
export const at = (ms) => ({ 'x-lupa-test-now': String(Math.round(ms)) });

/**
 * Starts a request that sends `first` bytes of `body` and then waits for `release()` before the
 * rest: a slow upload, or a slow client, whose handler has started before its body is all there.
 * Resolves `done` with the status and text once answered.
 */
export function slowRequest(method, path, body, first, headers) {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  const done = new Promise((resolve, reject) => {
    const req = request(
      new URL(`${BASE}${path}`),
      { method, headers: { 'cf-connecting-ip': randomIp(), ...headers, 'content-length': String(body.length) } },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, first));
    gate.then(() => req.end(body.subarray(first)));
  });
  return { release, done };
}

/** A participant's tab on `entryId` with its capability `cookie` (test-app.mjs's one recording). */
const tab = (entryId, cookie) => new Participation({ entryId, cookie });

/** Claims a place: the participation, with the response, the entry id and the capability cookie (`name=value`). */
export const participate = (analysisId, options) => claim(analysisId, options);

export function openSegment(entryId, cookie, { mimeType = 'video/mp4;codecs=vp9,opus', headers } = {}) {
  return tab(entryId, cookie).openSegment({ mimeType, headers });
}

/** Opens the camera track of the newest screen segment (ADR 0008). */
export function openCameraSegment(entryId, cookie, { mimeType = 'video/webm;codecs=vp8', headers } = {}) {
  return tab(entryId, cookie).openSegment({ mimeType, track: 'camera', headers });
}

/**
 * PUTs one chunk; `endMs` is its end in ms since its segment started. `track: 'camera'` sends it
 * to the camera file. Answers `{ status, json }`.
 */
export async function putChunk(entryId, cookie, segment, index, bytes, endMs, headers = {}, { track = 'screen' } = {}) {
  const { status, json } = await tab(entryId, cookie).putChunk(segment, index, bytes, endMs, { track, headers });
  return { status, json };
}

/**
 * Opens a segment and sends `data` in chunks of `chunkSize` bytes, `msPerChunk` apart; its
 * number. `headers` may be a function, called per request: a test clock that follows the real
 * one (so an alarm falls due a set time after the last chunk, however long the upload took on a
 * loaded machine).
 */
export function recordSegment(entryId, cookie, data, options) {
  return tab(entryId, cookie).recordSegment(data, options);
}

export function complete(entryId, cookie, body = {}) {
  return tab(entryId, cookie).complete(body);
}

export function submit(entryId, cookie) {
  return tab(entryId, cookie).submit();
}

/** A whole participation: one segment of `data`, complete, submit. */
export function recordAndSubmit(entryId, cookie, data, options) {
  return tab(entryId, cookie).recordAndSubmit(data, options);
}

/** Finishes and submits the participation, then reads its first file as the researcher plays it. */
export async function finishedFile(entryId, cookie, ownerCookie) {
  const done = await complete(entryId, cookie);
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${done.text}`);
  const sent = await submit(entryId, cookie);
  if (sent.status !== 200) throw new Error(`submit: ${sent.status} ${sent.text}`);
  const entry = await client.entryUrl(entryId, { cookie: ownerCookie });
  if (entry.status !== 200) throw new Error(`entry: ${entry.status} ${entry.text}`);
  return Buffer.from(await (await fetch(entry.json.segments[0].url)).arrayBuffer());
}

/**
 * A participation of `analysisId` that submitted a `size`-byte MP4: the demo clip's header, then
 * random bytes (no seek index is built for them), in 1 MiB chunks; the entry, its capability
 * cookie and the file as uploaded.
 */
export async function submittedLargeRecording(analysisId, size) {
  const { entryId, cookie } = await participate(analysisId);
  const head = readFileSync(new URL('../../web/public/demo/lupa-demo.mp4', import.meta.url));
  const file = Buffer.concat([head, randomBytes(size - head.length)]);
  await recordAndSubmit(entryId, cookie, file, { chunkSize: 1024 * 1024, mimeType: 'video/mp4', durationMs: 10_000 });
  return { entryId, cookie, file };
}

/** Fires the Cron Trigger as if it ran at `timeMs` (wrangler dev's scheduled endpoint). */
export async function runCron(timeMs) {
  const res = await fetch(
    `${BASE}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('*/5 * * * *')}&time=${Math.round(timeMs)}`,
  );
  const text = await res.text();
  if (res.status !== 200 || text !== 'ok') throw new Error(`cron: ${res.status} ${text}`);
}

/** The local R2 bucket's SQLite file (workerd's own store), opened read-only. */
function bucket() {
  const dir = join(process.env.LUPA_STATE_DIR, 'v3', 'r2', 'miniflare-R2BucketObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no R2 store in ${dir}`);
  return readStore(join(dir, file));
}

/** `read` run on the local R2 store (`bucket`), which is closed afterwards whatever happens. */
function readBucket(read) {
  const db = bucket();
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Keys of the objects under `prefix` in local R2. */
export function r2Keys(prefix) {
  return readBucket((db) =>
    db
      .prepare('SELECT key FROM _mf_objects WHERE substr(key, 1, ?) = ? ORDER BY key')
      .all(prefix.length, prefix)
      .map((r) => r.key),
  );
}

/**
 * The bytes of the local R2 object `key`, or null when there is none: read from workerd's store
 * like `r2Keys` (the object's blob, or its multipart parts in order, under `blobs/`) in
 * milliseconds, where `wrangler r2 object get` started a runtime of its own for every read.
 */
export function r2Object(key) {
  return readBucket((db) => {
    const row = db.prepare('SELECT blob_id FROM _mf_objects WHERE key = ?').get(key);
    if (!row) return null;
    const blobs = row.blob_id
      ? [row.blob_id]
      : db
          .prepare('SELECT blob_id FROM _mf_multipart_parts WHERE object_key = ? ORDER BY part_number')
          .all(key)
          .map((r) => r.blob_id);
    const dir = join(process.env.LUPA_STATE_DIR, 'v3', 'r2', 'lupa-recordings', 'blobs');
    return Buffer.concat(blobs.map((id) => readFileSync(join(dir, id))));
  });
}

/** Multipart uploads under `prefix` that are neither completed nor aborted. */
export function openUploads(prefix) {
  return readBucket((db) =>
    db
      .prepare('SELECT key FROM _mf_multipart_uploads WHERE state = 0 AND substr(key, 1, ?) = ?')
      .all(prefix.length, prefix)
      .map((r) => r.key),
  );
}

/** Polls `fn` until it returns true (background work after an answer), up to `timeoutMs`. */
export async function until(fn, { timeoutMs = 10_000, everyMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The ledger a participation's Durable Object keeps (ADR 0013), read from workerd's local SQLite
 * files like the R2 store above: its `meta` row (bytes stored and reserved, chunk count, state),
 * or undefined when no object has it. `stateDir`: another server's state (the suite's by default).
 */
export function ledgerOf(entryId, stateDir = process.env.LUPA_STATE_DIR) {
  const dir = join(stateDir, 'v3', 'do', 'lupa-ParticipationLedger');
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
  } catch {
    return undefined;
  }
  for (const file of files) {
    const db = readStore(join(dir, file));
    try {
      const row = db.prepare('SELECT * FROM meta WHERE entry_id = ?').get(entryId);
      if (row) return row;
    } catch {
      // An object that has no tables yet, or is being written: not this one.
    } finally {
      db.close();
    }
  }
  return undefined;
}
