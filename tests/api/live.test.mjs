// Watching a participation live (ADR 0016): the owner's WebSocket to the participation object
// gets a snapshot, then each stored chunk with a signed URL that serves its bytes, the step marks,
// answers and Finish as they happen (and a chunk's answer tells the recorder it is watched); a
// stranger and an anonymous caller can't open it, and the 11th viewer is refused with a message
// in Spanish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { BASE, sessionCookie, signUp, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { createAnalysis, owner as subscribed } from '../lib/test-app.mjs';
import { watch } from './live-watch.mjs';
import { upgradeStatus } from './moderated-room.mjs';
import {
  openSegment,
  openUploads,
  participate,
  putChunk,
  r2Keys,
  recordSegment,
  runCron,
  submit,
  complete,
  until,
} from './recording.mjs';

const valid = {
  name: 'Directo',
  url: 'example.com',
  maxNumberOfParticipants: 20,
  scenario: '',
  tasks: [
    { taskType: 'text', taskContent: 'Uno' },
    { taskType: 'text', taskContent: 'Dos' },
  ],
  device: 'computer',
  camera: 'optional',
  taskQuestions: true,
  sus: false,
};

async function owner() {
  const user = await subscribed('live');
  return { ...user, analysis: (await createAnalysis(user, valid)).id };
}

/** The status (and JSON body, when refused) of a raw upgrade request for the live socket. */
const upgrade = (entryId, cookie, { origin = BASE } = {}) =>
  upgradeStatus(`/entry/${entryId}/live`, { cookie, origin });

test('the owner watches chunks, steps, answers and Finish as they happen', async () => {
  const o = await owner();
  const p = await participate(o.analysis);
  const seg = (await openSegment(p.entryId, p.cookie)).json.segment;
  const header = randomBytes(3000);
  const unwatched = await putChunk(p.entryId, p.cookie, seg, 0, header, 1000);
  assert.equal(unwatched.status, 200);
  // Nobody watches yet: the recorder keeps its one chunk a second.
  assert.deepEqual(unwatched.json, { stored: true, watched: false });

  const viewer = watch(p.entryId, o.cookie);
  await viewer.opened;
  const snapshot = await viewer.next((e) => e.type === 'snapshot');
  assert.equal(snapshot.analysisId, o.analysis);
  assert.equal(snapshot.taskCount, 2);
  assert.equal(snapshot.state, 'active');
  assert.equal(snapshot.segments.length, 1);
  assert.deepEqual(
    snapshot.segments[0].chunks.map((c) => [c.index, c.endMs]),
    [[0, 1000]],
  );
  const first = await fetch(BASE + snapshot.segments[0].chunks[0].url);
  assert.equal(first.status, 200);
  assert.deepEqual(Buffer.from(await first.arrayBuffer()), header);

  const body = randomBytes(2000);
  const watched = await putChunk(p.entryId, p.cookie, seg, 1, body, 2000);
  assert.equal(watched.status, 200);
  // The answer tells the recorder someone watches: it cuts chunks every half second meanwhile.
  assert.deepEqual(watched.json, { stored: true, watched: true });
  const { chunk } = await viewer.next((e) => e.type === 'chunk');
  assert.deepEqual([chunk.seq, chunk.track, chunk.index, chunk.endMs], [seg, 'screen', 1, 2000]);
  assert.deepEqual(Buffer.from(await (await fetch(BASE + chunk.url)).arrayBuffer()), body);
  // A tampered signature is refused.
  assert.equal((await fetch(BASE + chunk.url.replace('/1?', '/0?'))).status, 403);

  const steps = [
    { index: 0, atMs: 0 },
    { index: 2, atMs: 1500 },
  ];
  assert.equal((await client.entrySteps(p.entryId, { cookie: p.cookie, body: { steps } })).status, 200);
  assert.deepEqual((await viewer.next((e) => e.type === 'steps')).steps, steps);

  const answer = await client.entryTaskAnswer(p.entryId, '1', {
    cookie: p.cookie,
    body: { seq: 6, success: 'yes', atMs: 1800 },
  });
  assert.equal(answer.status, 200);
  const told = await viewer.next((e) => e.type === 'answer');
  assert.deepEqual([told.task.taskNumber, told.task.seq, told.task.success], [1, 6, 'yes']);

  assert.equal((await complete(p.entryId, p.cookie)).status, 200);
  assert.equal((await submit(p.entryId, p.cookie)).status, 200);
  await viewer.next((e) => e.type === 'finished');
  viewer.ws.close();
});

test('a viewer scrubs back over chunks already composed into a part: it asks for their URLs and reads their bytes', async () => {
  const o = await owner();
  const p = await participate(o.analysis);
  const MIB = 1024 * 1024;
  const CHUNK = 290_000;
  const data = randomBytes(12 * MIB);
  await recordSegment(p.entryId, p.cookie, data, { chunkSize: CHUNK });
  const prefix = `analyses/${o.analysis}/entries/${p.entryId}/`;
  // Part 2 (5–10 MiB, chunks 19–36) is composed into the open upload, which R2 can't read yet.
  assert.ok(await until(() => openUploads(prefix).length === 1), 'part 2 was composed');

  const viewer = watch(p.entryId, o.cookie);
  await viewer.opened;
  const snapshot = await viewer.next((e) => e.type === 'snapshot');
  const { chunks } = snapshot.segments[0];
  const count = Math.ceil(data.length / CHUNK);
  assert.deepEqual(
    chunks.map((c) => c.index),
    [...Array(count).keys()],
    'every chunk is listed, from the first',
  );
  assert.deepEqual(
    chunks.map((c) => c.endMs),
    chunks.map((c) => (c.index + 1) * 1000),
    'with where it ends',
  );
  // The header and the live edge come signed; the middle is asked for when the viewer scrubs back.
  assert.ok(chunks.slice(0, 4).every((c) => c.url) && chunks.slice(-12).every((c) => c.url));
  assert.equal(chunks[25].url, null);

  const from = viewer.events.length;
  viewer.ws.send(JSON.stringify({ type: 'sign', seq: 1, track: 'screen', from: 20, to: 30 }));
  const signed = await viewer.next((e) => e.type === 'signed', from);
  assert.deepEqual(
    signed.chunks.map((c) => c.index),
    [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
  );
  const chunk25 = signed.chunks.find((c) => c.index === 25);
  const bytes = Buffer.from(await (await fetch(BASE + chunk25.url)).arrayBuffer());
  assert.ok(
    bytes.equals(data.subarray(25 * CHUNK, 26 * CHUNK)),
    'chunk 25, inside the composed part 2, serves its bytes',
  );
  // At most 64 a request; nonsense is ignored.
  viewer.ws.send(JSON.stringify({ type: 'sign', seq: 1, track: 'screen', from: 0, to: 1000 }));
  viewer.ws.send('not json');
  const many = await viewer.next((e) => e.type === 'signed' && e.chunks[0]?.index === 0, from);
  assert.equal(many.chunks.length, Math.min(64, count));
  viewer.ws.close();

  // After Finish the chunks go, and the composed file is whole.
  assert.equal((await complete(p.entryId, p.cookie)).status, 200);
  assert.equal((await submit(p.entryId, p.cookie)).status, 200);
  assert.ok(
    await until(() => !r2Keys(prefix).some((k) => k.includes('-chunks/'))),
    'the chunks are swept after Finish',
  );
  assert.equal((await fetch(BASE + chunk25.url)).status, 404);
});

test('a reload opens a new segment that viewers hear of; a stranger and anonymous are refused', async () => {
  const o = await owner();
  const stranger = await signUp('live-stranger');
  const p = await participate(o.analysis);
  await openSegment(p.entryId, p.cookie);
  assert.equal((await upgrade(p.entryId, undefined)).status, 401);
  assert.equal((await upgrade(p.entryId, stranger.cookie)).status, 404);
  // Only a viewer who may watch is noted for later rechecks.
  assert.deepEqual(await sql(`SELECT COUNT(*) AS n FROM live_viewers WHERE user_id = ${q(stranger.user.id)}`), [
    { n: 0 },
  ]);
  assert.equal((await upgrade(p.entryId, o.cookie)).status, 101);

  const viewer = watch(p.entryId, o.cookie);
  await viewer.opened;
  await viewer.next((e) => e.type === 'snapshot');
  const second = (await openSegment(p.entryId, p.cookie)).json.segment;
  const { segment } = await viewer.next((e) => e.type === 'segment');
  assert.deepEqual([segment.seq, segment.track, segment.state, segment.chunks], [second, 'screen', 'open', []]);
  viewer.ws.close();
});

test('a chunk a reloaded tab left arrives after the next segment opened: that segment moves on the timeline, viewers hear where, and Finish keeps it there', async (t) => {
  const sockets = [];
  t.after(() => sockets.forEach((ws) => ws.close()));
  const o = await owner();
  const p = await participate(o.analysis);
  const first = (await openSegment(p.entryId, p.cookie)).json.segment;
  assert.equal((await putChunk(p.entryId, p.cookie, first, 0, randomBytes(3000), 2000)).status, 200);
  const viewer = watch(p.entryId, o.cookie);
  sockets.push(viewer.ws);
  await viewer.opened;
  await viewer.next((e) => e.type === 'snapshot');
  // The page reloads: the new tab opens segment 2 at 2 s, then sends what the old one left on the device.
  const second = (await openSegment(p.entryId, p.cookie)).json.segment;
  const opened = await viewer.next((e) => e.type === 'segment');
  assert.equal(opened.segment.offsetMs, 2000);
  assert.equal((await putChunk(p.entryId, p.cookie, first, 1, randomBytes(3000), 3200)).status, 200);
  const moved = await viewer.next((e) => e.type === 'moved');
  assert.deepEqual([moved.seq, moved.offsetMs], [second, 3200]);
  // A viewer who opens now gets the settled offset in the snapshot.
  const late = watch(p.entryId, o.cookie);
  sockets.push(late.ws);
  await late.opened;
  const snapshot = await late.next((e) => e.type === 'snapshot');
  assert.deepEqual(
    snapshot.segments.filter((s) => s.track === 'screen').map((s) => [s.seq, s.offsetMs]),
    [
      [first, 0],
      [second, 3200],
    ],
  );
  // A chunk of the newest segment moves nothing.
  assert.equal((await putChunk(p.entryId, p.cookie, second, 0, randomBytes(3000), 1500)).status, 200);
  await viewer.next((e) => e.type === 'chunk' && e.chunk.seq === second);
  assert.equal(viewer.events.filter((e) => e.type === 'moved').length, 1);
  assert.equal((await complete(p.entryId, p.cookie, { durationMs: 4700 })).status, 200);
  assert.equal((await submit(p.entryId, p.cookie)).status, 200);
  const rows = await sql(
    `SELECT seq, offset_ms, duration_ms FROM entry_segments WHERE entry_id = ${q(p.entryId)} AND track = 'screen' ORDER BY seq`,
  );
  assert.deepEqual(
    rows.map((r) => [Number(r.seq), Number(r.offset_ms), Number(r.duration_ms)]),
    [
      [first, 0, 3200],
      [second, 3200, 1500],
    ],
  );
  const entry = await client.entryPage(p.entryId, { cookie: o.cookie });
  assert.deepEqual(
    entry.json.segments.map((s) => s.durationMs),
    [3200, 1500],
    'the recorded player puts segment 2 at 3.2 s too',
  );
});

test('at most 10 viewers: the 11th gets 429 with a message in Spanish', async () => {
  const o = await owner();
  const p = await participate(o.analysis);
  await openSegment(p.entryId, p.cookie);
  const viewers = Array.from({ length: 10 }, () => watch(p.entryId, o.cookie));
  await Promise.all(viewers.map((v) => v.opened));
  await Promise.all(viewers.map((v) => v.next((e) => e.type === 'snapshot')));
  const refused11 = await upgrade(p.entryId, o.cookie);
  assert.equal(refused11.status, 429);
  assert.equal(refused11.body.message, 'Ya hay 10 personas viendo esta participación en directo. Inténtalo más tarde.');
  const refused = await client.entryLive(p.entryId, { cookie: o.cookie });
  assert.equal(refused.status, 426);
  assert.match(refused.json.message, /WebSocket/);
  // One leaves: a place for the next.
  viewers[0].ws.close();
  let status = 429;
  for (let i = 0; i < 20 && status === 429; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = (await upgrade(p.entryId, o.cookie)).status;
  }
  assert.equal(status, 101);
  for (const v of viewers) v.ws.close();
});

/**
 * The server closed the socket: its close frame follows `revoked` (the socket is CLOSING within
 * moments). The close event itself comes ~10 s later locally (wrangler dev's proxy between the
 * worker and the object keeps the TCP connection until then), so it is not waited for; a socket
 * the server never closed stays OPEN and fails here.
 */
async function serverClosed(viewer) {
  for (let waited = 0; viewer.ws.readyState < WebSocket.CLOSING && waited < 2_000; waited += 50)
    await new Promise((r) => setTimeout(r, 50));
  assert.ok(
    viewer.ws.readyState >= WebSocket.CLOSING,
    `the server's close frame followed 'revoked' (readyState ${viewer.ws.readyState})`,
  );
}

test("a page of another site cannot open the live socket with the researcher's cookie", async (t) => {
  const o = await owner();
  const p = await participate(o.analysis);
  await openSegment(p.entryId, p.cookie);
  const hijack = await upgrade(p.entryId, o.cookie, { origin: 'https://evil.example' });
  assert.equal(hijack.status, 403);
  assert.equal(hijack.body.message, 'Solicitud rechazada: origen no permitido');
  assert.equal((await upgrade(p.entryId, o.cookie)).status, 101);
});

test("a live socket ends with its session: logout closes it at once, and it can't be opened again", async (t) => {
  const o = await owner();
  const p = await participate(o.analysis);
  const seg = (await openSegment(p.entryId, p.cookie)).json.segment;
  assert.equal((await putChunk(p.entryId, p.cookie, seg, 0, randomBytes(3000), 1000)).status, 200);
  // The same researcher in a second browser keeps watching: only the session that left is closed.
  const otherCookie = sessionCookie(await client.authLogin({ body: { username: o.email, password: o.password } }));
  const viewer = watch(p.entryId, o.cookie);
  t.after(() => viewer.ws.close());
  const stays = watch(p.entryId, otherCookie);
  t.after(() => stays.ws.close());
  await Promise.all([viewer.opened, stays.opened]);
  await viewer.next((e) => e.type === 'snapshot');
  await stays.next((e) => e.type === 'snapshot');

  assert.equal((await client.authLogout({ cookie: o.cookie })).status, 200);
  await viewer.next((e) => e.type === 'revoked');
  await serverClosed(viewer);
  assert.equal((await upgrade(p.entryId, o.cookie)).status, 401);
  // The ended session's row goes with the cron's sweep; the other session's stays.
  await runCron(Date.now());
  const rows = await sql(`SELECT session_hash FROM live_viewers WHERE user_id = ${q(o.user.id)}`);
  assert.equal(rows.length, 1, 'only the session still watching is noted');
  // The other session still gets the next chunk.
  assert.equal((await putChunk(p.entryId, p.cookie, seg, 1, randomBytes(2000), 2000)).status, 200);
  const chunk = await stays.next((e) => e.type === 'chunk');
  assert.equal(chunk.chunk.index, 1);
  assert.equal(
    stays.events.some((e) => e.type === 'revoked'),
    false,
  );
  stays.ws.close();
});

test('a socket whose session ended without a word signs nothing more: its next request closes it', async (t) => {
  const o = await owner();
  const p = await participate(o.analysis);
  const seg = (await openSegment(p.entryId, p.cookie)).json.segment;
  assert.equal((await putChunk(p.entryId, p.cookie, seg, 0, randomBytes(3000), 1000)).status, 200);
  const viewer = watch(p.entryId, o.cookie);
  t.after(() => viewer.ws.close());
  await viewer.opened;
  await viewer.next((e) => e.type === 'snapshot');
  const from = viewer.events.length;
  viewer.ws.send(JSON.stringify({ type: 'sign', seq: seg, track: 'screen', from: 0, to: 0 }));
  assert.equal((await viewer.next((e) => e.type === 'signed', from)).chunks.length, 1);

  // The session is gone (expired and swept, say) and nobody told the object.
  await sql(`DELETE FROM sessions WHERE user_id = ${q(o.user.id)}`);
  const after = viewer.events.length;
  viewer.ws.send(JSON.stringify({ type: 'sign', seq: seg, track: 'screen', from: 0, to: 0 }));
  await viewer.next((e) => e.type === 'revoked', after);
  await serverClosed(viewer);
  assert.equal(
    viewer.events.slice(after).some((e) => e.type === 'signed'),
    false,
    'no URL signed after the session ended',
  );
});

test('a password change ends every live view of the account; a demoted admin stops watching others', async (t) => {
  const o = await owner();
  const p = await participate(o.analysis);
  await openSegment(p.entryId, p.cookie);
  const secondCookie = sessionCookie(await client.authLogin({ body: { username: o.email, password: o.password } }));
  const viewer = watch(p.entryId, secondCookie);
  t.after(() => viewer.ws.close());
  await viewer.opened;
  await viewer.next((e) => e.type === 'snapshot');
  const changed = await client.authUpdatePassword({
    cookie: o.cookie,
    body: { currentPassword: o.password, newPassword: 'otra-Clave-larga-42' },
  });
  assert.equal(changed.status, 200, changed.text);
  await viewer.next((e) => e.type === 'revoked');
  await serverClosed(viewer);

  // An admin may watch any participation, until they are one no longer.
  const boss = await signUp('live-admin');
  const helper = await signUp('live-admin-2');
  await sql(`UPDATE users SET role = 'admin' WHERE id IN (${q(boss.user.id)}, ${q(helper.user.id)})`);
  const adminView = watch(p.entryId, helper.cookie);
  t.after(() => adminView.ws.close());
  await adminView.opened;
  await adminView.next((e) => e.type === 'snapshot');
  const demoted = await client.adminUserUpdate(helper.user.id, { cookie: boss.cookie, body: { role: 'customer' } });
  assert.equal(demoted.status, 200, demoted.text);
  await adminView.next((e) => e.type === 'revoked');
  await serverClosed(adminView);
  assert.equal((await upgrade(p.entryId, helper.cookie)).status, 404);
});
