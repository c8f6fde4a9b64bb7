// Clips, tags, highlight reels and share links (ADR 0012): clip validation and editing, the
// analysis-wide list with its filters, reels (order, add, remove, playlists that play), and the
// share-link lifecycle: create, open without an account, views, revoke and expiry (404; the page 410), deletion
// of what was shared, and no way from a share token into the entry's own API.
// Size: one lifecycle (clip → reel → share) whose tests share the `world` fixture.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { api, BASE, randomIp, signUp, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { at, submittedLargeRecording } from './recording.mjs';
import { createAnalysis, participation, researcher } from './insights-helpers.mjs';

const GONE = 'Este enlace ya no está disponible';
const MIB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

/** Two submitted recordings of 2 tasks: task 1 from 2 s, its answer at 17 s, task 2 from 22 s to 40 s. */
async function world(tag) {
  const owner = await researcher(tag);
  const analysis = await createAnalysis(owner, { tasks: ['Busca el producto', 'Paga'], taskQuestions: true });
  const run = { tasks: [{ s: 15, answer: { seq: 5, success: 'yes' } }, { s: 18 }] };
  const a = await participation(analysis.id, run);
  const b = await participation(analysis.id, run);
  return { owner, analysis, a: a.entryId, b: b.entryId };
}

const note = (owner, entry, body) => client.noteCreate(entry, { cookie: owner.cookie, body });
const patch = (owner, entry, id, body) => client.noteUpdate(entry, id, { cookie: owner.cookie, body });

test('clips: a range inside the recording, a title and normalised tags; edits keep what they leave out', async () => {
  const { owner, a } = await world('clips');
  const clip = await note(owner, a, {
    atMs: 3000,
    endMs: 8000,
    title: '  Se pierde ',
    text: 'No encuentra el botón',
    tags: [' Navegación ', 'pago  fallido', 'navegación'],
  });
  assert.equal(clip.status, 201, clip.text);
  assert.deepEqual(
    [clip.json.atMs, clip.json.endMs, clip.json.title, clip.json.tags],
    [3000, 8000, 'Se pierde', ['navegación', 'pago fallido']],
  );

  const refused = [
    [
      { atMs: 3000, endMs: 3000, text: 't' },
      'El final del clip debe ser posterior a su inicio y estar dentro de la grabación',
    ],
    [
      { atMs: 3000, endMs: 2000, text: 't' },
      'El final del clip debe ser posterior a su inicio y estar dentro de la grabación',
    ],
    [
      { atMs: 3000, endMs: 41_001, text: 't' },
      'El final del clip debe ser posterior a su inicio y estar dentro de la grabación',
      409, // past this recording's end: what the request says is fine, the recording is shorter
    ],
    [
      { atMs: 3000, endMs: 4000, title: 'x'.repeat(201), text: 't' },
      'El título puede tener como máximo 200 caracteres',
    ],
    [
      { atMs: 3000, text: 't', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      'Una nota puede tener como máximo 10 etiquetas',
    ],
    [{ atMs: 3000, text: 't', tags: ['  '] }, 'Cada etiqueta debe tener entre 1 y 40 caracteres'],
    [{ atMs: 3000, endMs: 4000, text: ' ' }, 'La nota no puede estar vacía'],
  ];
  for (const [body, message, status = 400] of refused) {
    const res = await note(owner, a, body);
    assert.deepEqual([res.status, res.json?.message], [status, message], JSON.stringify(body));
  }
  // A clip may be just a title.
  assert.equal((await note(owner, a, { atMs: 1000, endMs: 2000, title: 'Duda' })).status, 201);

  const edited = await patch(owner, a, clip.json.id, { text: 'Encuentra el botón tarde' });
  assert.deepEqual(
    [edited.json.endMs, edited.json.title, edited.json.tags, edited.json.text],
    [8000, 'Se pierde', ['navegación', 'pago fallido'], 'Encuentra el botón tarde'],
  );
  const cleared = await patch(owner, a, clip.json.id, { endMs: null, title: null, tags: [] });
  assert.deepEqual([cleared.json.endMs, cleared.json.title, cleared.json.tags], [null, null, []]);
  // An end before the clip's stored start: the request alone is fine, the note it edits is not (409).
  const badEdit = await patch(owner, a, clip.json.id, { endMs: 100 });
  assert.equal(badEdit.status, 409);
});

test('the analysis lists every note and clip, filtered by tag, task and kind, with tag counts', async () => {
  const { owner, analysis, a, b } = await world('listing');
  await note(owner, a, { atMs: 3000, endMs: 8000, title: 'Se pierde', text: 't1', tags: ['navegación'] });
  await note(owner, a, { atMs: 25_000, text: 'Paga rápido', tags: ['pago', 'Navegación'] });
  await note(owner, b, { atMs: 500, text: 'Lee el escenario' });
  const list = (query = '') => api(`/api/v1/analysis/${analysis.id}/notes${query}`, { cookie: owner.cookie });
  const all = await list();
  assert.equal(all.status, 200);
  assert.deepEqual(
    all.json.notes.map((n) => [n.entryId === a ? 'a' : 'b', n.atMs, n.taskNumber]),
    [
      ['a', 3000, 1],
      ['a', 25_000, 2],
      ['b', 500, null],
    ],
  );
  assert.deepEqual(all.json.tags, [
    { tag: 'navegación', count: 2 },
    { tag: 'pago', count: 1 },
  ]);
  assert.deepEqual(
    (await list('?tag=%20NAVEGACI%C3%93N')).json.notes.map((n) => n.atMs),
    [3000, 25_000],
  );
  assert.deepEqual(
    (await list('?task=2')).json.notes.map((n) => n.atMs),
    [25_000],
  );
  assert.deepEqual(
    (await list('?kind=clip')).json.notes.map((n) => n.atMs),
    [3000],
  );
  assert.deepEqual(
    (await list('?kind=note&tag=pago')).json.notes.map((n) => n.text),
    ['Paga rápido'],
  );
  assert.deepEqual(((r) => [r.status, r.json.message])(await list('?task=uno')), [
    400,
    'El filtro de tarea debe ser un número de tarea',
  ]);
  assert.deepEqual(((r) => [r.status, r.json.message])(await list('?kind=video')), [
    400,
    "El filtro de tipo debe ser 'note' o 'clip'",
  ]);
  const stranger = await signUp('listing-stranger');
  assert.equal((await client.analysisNotes(analysis.id, { cookie: stranger.cookie })).status, 404);
});

test('reels: ordered clips from several recordings, reordered, added and removed; the playlist plays', async () => {
  const { owner, analysis, a, b } = await world('reels');
  const c1 = (await note(owner, a, { atMs: 3000, endMs: 8000, title: 'A1', text: 'x' })).json.id;
  const c2 = (await note(owner, a, { atMs: 22_000, endMs: 30_000, title: 'A2', text: 'x' })).json.id;
  const c3 = (await note(owner, b, { atMs: 5000, endMs: 9000, title: 'B1', text: 'x' })).json.id;
  const plain = (await note(owner, b, { atMs: 5000, text: 'nota' })).json.id;
  const base = `/api/v1/analysis/${analysis.id}/reels`;

  const created = await api(base, {
    method: 'POST',
    cookie: owner.cookie,
    body: { title: ' Lo mejor ', clipIds: [c3, c1] },
  });
  assert.equal(created.status, 201, created.text);
  const reel = created.json;
  assert.deepEqual([reel.title, reel.durationMs, reel.clips.map((c) => c.clipId)], ['Lo mejor', 9000, [c3, c1]]);
  const [first, second] = reel.clips;
  assert.deepEqual(
    [first.entryId, first.startMs, first.endMs, first.taskNumber, first.taskContent],
    [b, 5000, 9000, 1, 'Busca el producto'],
  );
  assert.equal(second.entryId, a);
  assert.equal(first.segments.length, 1);
  assert.deepEqual(
    [first.segments[0].offsetMs, first.segments[0].durationMs, first.segments[0].cameraUrl],
    [0, 40_000, null],
  );
  const media = await fetch(first.segments[0].url);
  assert.equal(media.status, 200);
  assert.equal((await media.arrayBuffer()).byteLength, 4096);

  const url = `/api/v1/reels/${reel.id}`;
  const reordered = await api(url, { method: 'PATCH', cookie: owner.cookie, body: { clipIds: [c1, c3, c2] } });
  assert.deepEqual(
    reordered.json.clips.map((c) => c.clipId),
    [c1, c3, c2],
  );
  const renamed = await api(url, { method: 'PATCH', cookie: owner.cookie, body: { title: 'Nuevo' } });
  assert.deepEqual([renamed.json.title, renamed.json.clips.map((c) => c.clipId)], ['Nuevo', [c1, c3, c2]]);
  const removed = await api(`${url}/clips/${c2}`, { method: 'DELETE', cookie: owner.cookie });
  assert.deepEqual(
    removed.json.clips.map((c) => c.clipId),
    [c1, c3],
  );
  const added = await api(`${url}/clips`, { method: 'POST', cookie: owner.cookie, body: { clipId: c2, position: 0 } });
  assert.deepEqual(
    added.json.clips.map((c) => c.clipId),
    [c2, c1, c3],
  );
  const again = await api(`${url}/clips`, { method: 'POST', cookie: owner.cookie, body: { clipId: c1 } });
  assert.deepEqual(
    again.json.clips.map((c) => c.clipId),
    [c2, c1, c3],
    'adding twice changes nothing',
  );

  const other = await world('reels-other');
  const foreign = (await note(other.owner, other.a, { atMs: 1000, endMs: 2000, text: 'x' })).json.id;
  const refused = [
    [{ clipIds: [c1, c1] }, 'Un clip solo puede aparecer una vez en el reel'],
    // Clips this analysis does not have (or notes that are no clips): 409, ADR 0020.
    [{ clipIds: [c1, plain] }, 'Solo se pueden añadir clips de este análisis (notas con inicio y final)', 409],
    [{ clipIds: [foreign] }, 'Solo se pueden añadir clips de este análisis (notas con inicio y final)', 409],
    [{ title: '  ' }, 'El reel necesita un título de como máximo 200 caracteres'],
  ];
  for (const [body, message, status = 400] of refused) {
    const res = await api(url, { method: 'PATCH', cookie: owner.cookie, body });
    assert.deepEqual([res.status, res.json?.message], [status, message], JSON.stringify(body));
  }
  assert.equal((await api(base, { method: 'POST', cookie: owner.cookie, body: { clipIds: [] } })).status, 400);

  const listed = await api(base, { cookie: owner.cookie });
  assert.deepEqual(
    listed.json.reels.map((r) => [r.title, r.clipCount, r.durationMs]),
    [['Nuevo', 3, 17_000]],
  );

  // Another customer sees nothing; deleting a clip takes it out of the reel.
  for (const [method, path, body] of [
    ['GET', url],
    ['PATCH', url, { title: 'x' }],
    ['DELETE', url],
    ['POST', `${url}/clips`, { clipId: c1 }],
    ['GET', base],
  ]) {
    assert.equal((await api(path, { method, cookie: other.owner.cookie, body })).status, 404, `${method} ${path}`);
  }
  await client.noteDelete(a, c1, { cookie: owner.cookie });
  assert.deepEqual(
    (await api(url, { cookie: owner.cookie })).json.clips.map((c) => c.clipId),
    [c2, c3],
  );
  assert.equal((await api(url, { method: 'DELETE', cookie: owner.cookie })).status, 200);
  assert.equal((await api(url, { cookie: owner.cookie })).status, 404);
});

const share = (owner, analysisId, body) => client.shareCreate(analysisId, { cookie: owner.cookie, body });
const open = (token, headers = {}) => client.sharedView(token, { headers });

test('a share link: created once, opened without an account, counted, revoked → 404 (the page 410)', async () => {
  const { owner, analysis, a, b } = await world('share');
  await note(owner, a, { atMs: 3000, text: 'Nota privada' });
  const created = await share(owner, analysis.id, { kind: 'recording', targetId: a, expiresInDays: 30 });
  assert.equal(created.status, 201, created.text);
  const { token, url, share: dto } = created.json;
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(url, `${BASE}/s/${token}`);
  assert.deepEqual(
    [dto.kind, dto.targetId, dto.state, dto.viewCount, dto.includeNotes, dto.hideCamera],
    ['recording', a, 'active', 0, false, false],
  );
  assert.ok(Math.abs(dto.expiresAt - dto.createdAt - 30 * DAY) < 1000);
  // Only a keyed hash is stored.
  const stored = await sql(`SELECT token_hash FROM shares WHERE id = ${q(dto.id)}`);
  assert.equal(stored.length, 1);
  assert.notEqual(stored[0].token_hash, token);
  assert.equal(JSON.stringify(await sql(`SELECT * FROM shares WHERE id = ${q(dto.id)}`)).includes(token), false);

  const seen = await open(token);
  assert.equal(seen.status, 200);
  assert.equal(seen.headers.get('x-robots-tag'), 'noindex, nofollow');
  const body = JSON.stringify(seen.json);
  assert.deepEqual([seen.json.kind, seen.json.analysisName], ['recording', 'Tienda']);
  assert.equal(body.includes(a), false, 'no entry id');
  assert.equal(body.includes(b), false, 'nothing of other entries');
  assert.equal(body.includes('Nota privada'), false, 'no notes unless chosen');
  const rec = seen.json.recording;
  assert.deepEqual([rec.notes, rec.durationMs, rec.chapters.length, rec.answers.tasks.length], [null, 40_000, 4, 1]);
  const file = rec.segments[0].url;
  assert.match(
    file,
    /\/api\/v1\/share-media\/[0-9a-f]{32}\/recording\/1\/screen\?expires=\d+&kid=[0-9a-f]{8}&sig=[0-9a-f]{64}$/,
  );
  const streamed = await fetch(file, { headers: { range: 'bytes=0-9' } });
  assert.deepEqual([streamed.status, (await streamed.arrayBuffer()).byteLength], [206, 10]);
  const tampered = await fetch(file.replace('/recording/1/', '/recording/2/'));
  assert.equal(tampered.status, 403);

  await open(token);
  const listed = await client.shareList(analysis.id, { cookie: owner.cookie });
  assert.deepEqual(
    listed.json.shares.map((s) => [s.id, s.viewCount, s.state]),
    [[dto.id, 2, 'active']],
  );
  assert.ok(listed.json.shares[0].lastViewedAt >= dto.createdAt);
  assert.equal(JSON.stringify(listed.json).includes(token), false, 'the token is never shown again');

  // The page for a share link is never indexed, and its token never leaves in a Referer.
  const page = await fetch(`${BASE}/s/${token}`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<div id="root">/);
  assert.equal(page.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.equal(page.headers.get('referrer-policy'), 'no-referrer');

  const stranger = await signUp('share-stranger');
  assert.equal((await client.shareRevoke(dto.id, { cookie: stranger.cookie })).status, 404);
  assert.equal((await client.shareList(analysis.id, { cookie: stranger.cookie })).status, 404);
  const revoked = await client.shareRevoke(dto.id, { cookie: owner.cookie });
  assert.deepEqual([revoked.status, revoked.json.state], [200, 'revoked']);
  const gone = await open(token);
  assert.deepEqual([gone.status, gone.json.message], [404, GONE]);
  assert.equal((await fetch(file)).status, 404, 'media stops at once');
  // The page itself is gone too (crawlers and link checkers read the status, not the text), and
  // is still the app, which shows the message.
  const gonePage = await fetch(`${BASE}/s/${token}`);
  assert.equal(gonePage.status, 410);
  assert.match(await gonePage.text(), /<div id="root">/);
  assert.equal(gonePage.headers.get('x-robots-tag'), 'noindex, nofollow');
  // Unknown and malformed tokens get the very same answer: nothing tells which tokens existed.
  for (const t of [Buffer.from(randomBytes(32)).toString('base64url'), 'abc']) {
    const res = await open(t);
    assert.deepEqual([res.status, res.json.message, res.json.code], [404, GONE, 'share_unavailable']);
    assert.equal((await fetch(`${BASE}/s/${t}`)).status, 410);
  }
});

test('share links expire after 7, 30 or 90 days', async () => {
  const { owner, analysis } = await world('share-expiry');
  for (const [body, message] of [
    [{ kind: 'summary', expiresInDays: 10 }, 'La caducidad debe ser de 7, 30 o 90 días'],
    [{ kind: 'summary' }, 'La caducidad debe ser de 7, 30 o 90 días'],
    [{ kind: 'entry', expiresInDays: 7 }, "Indica qué compartir: 'recording', 'clip', 'reel' o 'summary'"],
  ]) {
    const res = await share(owner, analysis.id, body);
    assert.deepEqual([res.status, res.json?.message], [400, message], JSON.stringify(body));
  }
  // A well-formed request for something this analysis does not have: 409 (ADR 0020).
  const missing = await share(owner, analysis.id, { kind: 'recording', targetId: 'nope', expiresInDays: 7 });
  assert.deepEqual(
    [missing.status, missing.json?.message],
    [409, 'No se encuentra lo que quieres compartir en este análisis'],
  );
  const { token, share: dto } = (await share(owner, analysis.id, { kind: 'summary', expiresInDays: 7 })).json;
  assert.equal((await open(token, at(dto.createdAt + 7 * DAY - 1000))).status, 200);
  assert.equal((await fetch(`${BASE}/s/${token}`, { headers: at(dto.createdAt + 7 * DAY - 1000) })).status, 200);
  const late = await open(token, at(dto.createdAt + 7 * DAY));
  assert.deepEqual([late.status, late.json.message], [404, GONE]);
  assert.equal(
    (await fetch(`${BASE}/s/${token}`, { headers: at(dto.createdAt + 7 * DAY) })).status,
    410,
    'an expired page is gone',
  );
  // The owner's session idles out after 7 days on the same clock: a visit on day 6 keeps it.
  await client.authSession({ cookie: owner.cookie, headers: at(dto.createdAt + 6 * DAY) });
  const listed = await client.shareList(analysis.id, { cookie: owner.cookie, headers: at(dto.createdAt + 8 * DAY) });
  assert.equal(listed.json.shares[0].state, 'expired');
});

test('each kind shows only what was shared: a clip, a reel, the summary, notes only when chosen', async () => {
  const { owner, analysis, a, b } = await world('share-kinds');
  const clip = (
    await note(owner, a, { atMs: 3000, endMs: 8000, title: 'Se pierde', text: 'Texto del clip', tags: ['nav'] })
  ).json.id;
  const clipB = (await note(owner, b, { atMs: 4000, endMs: 6000, title: 'Duda', text: 'Otro texto' })).json.id;
  const reel = (
    await client.reelCreate(analysis.id, { cookie: owner.cookie, body: { title: 'Reel', clipIds: [clipB, clip] } })
  ).json.id;

  const clipShare = (await share(owner, analysis.id, { kind: 'clip', targetId: clip, expiresInDays: 7 })).json;
  const shown = (await open(clipShare.token)).json;
  assert.deepEqual(
    [
      shown.kind,
      shown.title,
      shown.clip.title,
      shown.clip.startMs,
      shown.clip.endMs,
      shown.clip.entryId,
      shown.clip.text,
      shown.clip.tags,
    ],
    ['clip', 'Se pierde', 'Se pierde', 3000, 8000, null, null, []],
  );
  assert.equal(JSON.stringify(shown).includes(a), false);
  const withNotes = (
    await share(owner, analysis.id, { kind: 'clip', targetId: clip, expiresInDays: 7, includeNotes: true })
  ).json;
  assert.deepEqual(((j) => [j.clip.text, j.clip.tags])((await open(withNotes.token)).json), [
    'Texto del clip',
    ['nav'],
  ]);
  assert.equal(
    (
      await share(owner, analysis.id, {
        kind: 'clip',
        targetId: (await note(owner, a, { atMs: 1, text: 'nota' })).json.id,
        expiresInDays: 7,
      })
    ).status,
    409,
  );

  const reelShare = (await share(owner, analysis.id, { kind: 'reel', targetId: reel, expiresInDays: 90 })).json;
  const reelView = (await open(reelShare.token)).json;
  assert.deepEqual(
    [reelView.reel.title, reelView.reel.durationMs, reelView.reel.clips.map((c) => c.title)],
    ['Reel', 7000, ['Duda', 'Se pierde']],
  );
  assert.equal(JSON.stringify(reelView).includes(a) || JSON.stringify(reelView).includes(b), false);
  const reelFile = reelView.reel.clips[0].segments[0].url;
  assert.equal((await fetch(reelFile)).status, 200);
  // A clip taken out of the reel stops playing through the link.
  await client.reelClipRemove(reel, clipB, { cookie: owner.cookie });
  assert.equal((await fetch(reelFile)).status, 404);

  const summary = (await open((await share(owner, analysis.id, { kind: 'summary', expiresInDays: 30 })).json.token))
    .json;
  assert.deepEqual(
    [summary.summary.submitted, summary.summary.tasks.length, summary.summary.tasks[0].success.n],
    [2, 2, 2],
  );
  assert.equal('entries' in summary.summary, false);
  assert.equal(JSON.stringify(summary).includes(a), false);

  const notes = (
    await open(
      (await share(owner, analysis.id, { kind: 'recording', targetId: a, expiresInDays: 7, includeNotes: true })).json
        .token,
    )
  ).json;
  assert.deepEqual(
    notes.recording.notes.map((n) => [n.atMs, n.title]),
    [
      [1, null],
      [3000, 'Se pierde'],
    ],
  );
});

test('the camera can be hidden from a shared recording', async () => {
  const { owner, analysis, a } = await world('share-camera');
  // A camera file for the recording's segment (its content does not matter here).
  const key = `analyses/${analysis.id}/entries/${a}/segments/1/screen.mp4`;
  await sql(
    `INSERT INTO entry_segments (entry_id, seq, track, mime, r2_key, duration_ms, state, created_at) VALUES (${q(a)}, 1, 'camera', 'video/mp4', ${q(key)}, 40000, 'closed', 0)`,
  );
  const shown = (
    await open((await share(owner, analysis.id, { kind: 'recording', targetId: a, expiresInDays: 7 })).json.token)
  ).json;
  assert.equal(shown.hideCamera, false);
  const camera = shown.recording.segments[0].cameraUrl;
  assert.match(camera, /\/1\/camera\?/);
  assert.equal((await fetch(camera)).status, 200);
  const hidden = (
    await open(
      (await share(owner, analysis.id, { kind: 'recording', targetId: a, expiresInDays: 7, hideCamera: true })).json
        .token,
    )
  ).json;
  assert.deepEqual([hidden.hideCamera, hidden.recording.segments[0].cameraUrl], [true, null]);
});

test('a share token opens nothing but its page: not the entry’s API, not the analysis', async () => {
  const { owner, analysis, a } = await world('share-authz');
  const { token } = (await share(owner, analysis.id, { kind: 'recording', targetId: a, expiresInDays: 7 })).json;
  const attempts = [
    ['GET', `/api/v1/entry/${a}`],
    ['GET', `/api/v1/analysisEntry/${a}`],
    ['GET', `/api/v1/entry/${a}/notes`],
    ['GET', `/api/v1/analysis/${analysis.id}`],
    ['GET', `/api/v1/analysis/${analysis.id}/summary`],
    ['GET', `/api/v1/analysis/${analysis.id}/shares`],
    ['DELETE', `/api/v1/entry/${a}`],
  ];
  for (const [method, path] of attempts) {
    for (const headers of [{ cookie: `__Host-lupa_session=${token}` }, { authorization: `Bearer ${token}` }, {}]) {
      const res = await api(`${path}${headers.cookie || headers.authorization ? '' : `?token=${token}`}`, {
        method,
        headers,
      });
      assert.equal(res.status, 401, `${method} ${path} ${JSON.stringify(headers)}`);
    }
  }
  const asCapability = await client.entrySteps(a, {
    cookie: `__Host-lupa_participation=${token}`,
    body: { steps: [] },
  });
  assert.equal(asCapability.status, 403);
  assert.equal((await fetch(`${BASE}/api/v1/recordings/${a}?expires=${Date.now() + 60_000}&sig=${token}`)).status, 403);
  assert.equal((await open(token)).status, 200, 'the link itself still works');
});

test('deleting what was shared deletes the link in the same batch: entry, analysis, owner', async () => {
  const { owner, analysis, a, b } = await world('share-delete');
  const clip = (await note(owner, b, { atMs: 3000, endMs: 8000, text: 'x' })).json.id;
  const recording = (await share(owner, analysis.id, { kind: 'recording', targetId: b, expiresInDays: 7 })).json;
  const clipShare = (await share(owner, analysis.id, { kind: 'clip', targetId: clip, expiresInDays: 7 })).json;
  const kept = (await share(owner, analysis.id, { kind: 'recording', targetId: a, expiresInDays: 7 })).json;
  assert.equal((await client.entryDelete(b, { cookie: owner.cookie })).status, 200);
  const rows = await sql(`SELECT id FROM shares WHERE analysis_id = ${q(analysis.id)}`);
  assert.deepEqual(
    rows.map((r) => r.id),
    [kept.share.id],
  );
  for (const t of [recording.token, clipShare.token])
    assert.deepEqual(((r) => [r.status, r.json.message])(await open(t)), [404, GONE]);
  assert.equal((await open(kept.token)).status, 200);

  const summary = (await share(owner, analysis.id, { kind: 'summary', expiresInDays: 7 })).json;
  assert.equal((await client.analysisDelete(analysis.id, { cookie: owner.cookie })).status, 200);
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM shares WHERE analysis_id = ${q(analysis.id)}`))[0].n, 0);
  assert.equal((await open(summary.token)).status, 404);

  const leaving = await researcher('share-leaving');
  const theirs = await createAnalysis(leaving);
  const theirShare = (await share(leaving, theirs.id, { kind: 'summary', expiresInDays: 90 })).json;
  const admin = await signUp('share-admin');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  assert.equal((await client.adminUserDelete(leaving.user.id, { cookie: admin.cookie })).status, 200);
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM shares WHERE owner_id = ${q(leaving.user.id)}`))[0].n, 0);
  assert.equal((await open(theirShare.token)).status, 404);
});

test('the public share route is rate-limited per client', async () => {
  const { owner, analysis } = await world('share-rate');
  const { token } = (await share(owner, analysis.id, { kind: 'summary', expiresInDays: 7 })).json;
  const ip = randomIp();
  // 120 views per 10-minute window; a window may end during the loop, so go on until refused.
  let ok = 0;
  let refused;
  for (let i = 0; i < 242 && !refused; i++) {
    const res = await client.sharedView(token, { ip });
    if (res.status === 200) ok++;
    else refused = res;
  }
  assert.equal(refused?.status, 429);
  assert.ok(refused.headers.get('retry-after'));
  assert.ok(ok >= 120, `${ok} views before the limit`);
  assert.equal((await client.sharedView(token)).status, 200, 'other clients still get in');
});

test('the share page is rate-limited per client like the API: unknown tokens stop answering 410', async () => {
  const ip = randomIp();
  const page = (token, from = ip) => fetch(`${BASE}/s/${token}`, { headers: { 'cf-connecting-ip': from } });
  // 120 page loads per 10-minute window; a window may end during the loop, so go on until refused.
  let gone = 0;
  let refused;
  for (let i = 0; i < 242 && !refused; i++) {
    const res = await page(Buffer.from(randomBytes(32)).toString('base64url'));
    await res.arrayBuffer();
    if (res.status === 410) gone++;
    else refused = res;
  }
  assert.equal(refused?.status, 429);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  assert.equal(refused.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.ok(gone >= 120 && gone <= 240, `${gone} pages before the limit`);
  // A live link is refused too from that address (the status tells nothing past the limit)...
  const { owner, analysis } = await world('share-page-rate');
  const { token } = (await share(owner, analysis.id, { kind: 'summary', expiresInDays: 7 })).json;
  assert.equal((await page(token)).status, 429);
  // ...while other clients still get it.
  assert.equal((await page(token, randomIp())).status, 200);
});

test('playlists, the list and shared recordings name the participant and carry the camera file with its offset', async () => {
  const { owner, analysis, a, b } = await world('participants');
  const rows = await sql(`SELECT id, participant_number FROM analysis_entries WHERE analysis_id = ${q(analysis.id)}`);
  const numbers = Object.fromEntries(rows.map((r) => [r.id, r.participant_number]));
  assert.deepEqual(Object.values(numbers).sort(), [1, 2]);
  const ca = (await note(owner, a, { atMs: 3000, endMs: 8000, title: 'A' })).json.id;
  const cb = (await note(owner, b, { atMs: 3000, endMs: 8000, title: 'B' })).json.id;
  const listed = (await client.analysisNotes(analysis.id, { cookie: owner.cookie })).json.notes;
  assert.deepEqual(
    listed.map((n) => n.participantNumber),
    [numbers[a], numbers[b]],
  );

  // A camera file for a's first capture, started 400 ms after the screen (its bytes do not matter here).
  const key = `analyses/${analysis.id}/entries/${a}/segments/1/screen.mp4`;
  await sql(
    `INSERT INTO entry_segments (entry_id, seq, track, mime, r2_key, duration_ms, state, created_at, start_ms) VALUES (${q(a)}, 1, 'camera', 'video/mp4', ${q(key)}, 40000, 'closed', 0, 400)`,
  );
  const reel = (await client.reelCreate(analysis.id, { cookie: owner.cookie, body: { title: 'R', clipIds: [ca, cb] } }))
    .json;
  assert.deepEqual(
    reel.clips.map((c) => c.participantNumber),
    [numbers[a], numbers[b]],
  );
  const [withCamera, without] = reel.clips;
  assert.match(withCamera.segments[0].cameraUrl, new RegExp(`/api/v1/recordings/${a}/1/camera\\?expires=`));
  assert.equal(withCamera.segments[0].cameraOffsetMs, 400);
  assert.equal((await fetch(withCamera.segments[0].cameraUrl)).status, 200);
  assert.deepEqual([without.segments[0].cameraUrl, without.segments[0].cameraOffsetMs], [null, 0]);

  const { token } = (await share(owner, analysis.id, { kind: 'recording', targetId: a, expiresInDays: 7 })).json;
  const shown = (await open(token)).json;
  assert.deepEqual([shown.recording.participantNumber, shown.recording.segments[0].cameraOffsetMs], [numbers[a], 400]);
  const hidden = (
    await open(
      (await share(owner, analysis.id, { kind: 'clip', targetId: ca, expiresInDays: 7, hideCamera: true })).json.token,
    )
  ).json;
  assert.deepEqual(
    [hidden.clip.participantNumber, hidden.clip.segments[0].cameraUrl, hidden.clip.segments[0].cameraOffsetMs],
    [numbers[a], null, 0],
  );
});

test('shared media answers at most 8 MiB at a time, so revoking stops a player that is already reading', async () => {
  const owner = await researcher('share-cap');
  const analysis = await createAnalysis(owner, { tasks: ['T1'], max: 2 });
  const { entryId, file } = await submittedLargeRecording(analysis.id, 9 * MIB + 4321);
  const { token, share: dto } = (
    await share(owner, analysis.id, { kind: 'recording', targetId: entryId, expiresInDays: 7 })
  ).json;
  const url = (await open(token)).json.recording.segments[0].url;

  // A player's first read asks for everything; it gets the first 8 MiB, and says so.
  const first = await fetch(url, { headers: { range: 'bytes=0-' } });
  assert.equal(first.status, 206);
  assert.equal(first.headers.get('content-range'), `bytes 0-${8 * MIB - 1}/${file.length}`);
  assert.equal(Number(first.headers.get('content-length')), 8 * MIB);
  assert.ok(Buffer.from(await first.arrayBuffer()).equals(file.subarray(0, 8 * MIB)));
  // A plain GET is capped the same way.
  const whole = await fetch(url);
  assert.deepEqual([whole.status, (await whole.arrayBuffer()).byteLength], [206, 8 * MIB]);
  // The player comes back for the rest, checked again.
  const rest = await fetch(url, { headers: { range: `bytes=${8 * MIB}-` } });
  assert.equal(rest.status, 206);
  assert.ok(Buffer.from(await rest.arrayBuffer()).equals(file.subarray(8 * MIB)));

  // Revoked while a read is under way: that answer ends at the cap, and the next one is refused.
  const reading = await fetch(url, { headers: { range: 'bytes=0-' } });
  assert.equal((await client.shareRevoke(dto.id, { cookie: owner.cookie })).status, 200);
  assert.equal((await reading.arrayBuffer()).byteLength, 8 * MIB);
  const next = await fetch(url, { headers: { range: `bytes=${8 * MIB}-` } });
  assert.equal(next.status, 404);
  // The owner's own player is not capped.
  const own = (await client.entryPage(entryId, { cookie: owner.cookie })).json.segments[0].url;
  const ownRead = await fetch(own, { headers: { range: 'bytes=0-' } });
  assert.deepEqual([ownRead.status, (await ownRead.arrayBuffer()).byteLength], [206, file.length]);
});

test('a lapsed customer makes no new clips, reels or links; existing links keep working and everything else stays free', async () => {
  const { owner, analysis, a, b } = await world('lapsed');
  const clip = (await note(owner, a, { atMs: 3000, endMs: 8000, title: 'Antes', text: 'x' })).json.id;
  const other = (await note(owner, b, { atMs: 1000, endMs: 2000, title: 'Otro', text: 'y' })).json.id;
  const reel = (
    await client.reelCreate(analysis.id, { cookie: owner.cookie, body: { title: 'Reel', clipIds: [clip] } })
  ).json.id;
  const link = (await share(owner, analysis.id, { kind: 'clip', targetId: clip, expiresInDays: 7 })).json;
  await sql(`UPDATE subscriptions SET status = 'canceled' WHERE user_id = ${q(owner.user.id)}`);

  const SUFFIX = 'Visita Facturación para elegir un plan.';
  const refused = [
    [
      `/api/v1/analysis/${analysis.id}/shares`,
      'POST',
      { kind: 'summary', expiresInDays: 7 },
      `Necesitas una suscripción activa para crear enlaces para compartir. ${SUFFIX}`,
    ],
    [
      `/api/v1/analysis/${analysis.id}/reels`,
      'POST',
      { title: 'Nuevo', clipIds: [clip] },
      `Necesitas una suscripción activa para crear o modificar reels. ${SUFFIX}`,
    ],
    [
      `/api/v1/reels/${reel}`,
      'PATCH',
      { title: 'Otro título' },
      `Necesitas una suscripción activa para crear o modificar reels. ${SUFFIX}`,
    ],
    [
      `/api/v1/reels/${reel}/clips`,
      'POST',
      { clipId: other },
      `Necesitas una suscripción activa para crear o modificar reels. ${SUFFIX}`,
    ],
    [
      `/api/v1/entry/${a}/notes`,
      'POST',
      { atMs: 1000, endMs: 2000, text: 'nuevo clip' },
      `Necesitas una suscripción activa para crear o modificar clips. ${SUFFIX}`,
    ],
    [
      `/api/v1/entry/${a}/notes/${clip}`,
      'PATCH',
      { endMs: 9000 },
      `Necesitas una suscripción activa para crear o modificar clips. ${SUFFIX}`,
    ],
  ];
  for (const [path, method, body, message] of refused) {
    const res = await api(path, { method, cookie: owner.cookie, body });
    assert.deepEqual(
      [res.status, res.json?.code, res.json?.message],
      [402, 'subscription_required', message],
      `${method} ${path}`,
    );
  }
  // Nothing was written by the refused requests.
  assert.deepEqual(
    (await client.reelGet(reel, { cookie: owner.cookie })).json.clips.map((c) => c.clipId),
    [clip],
  );
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM shares WHERE analysis_id = ${q(analysis.id)}`))[0].n, 1);

  // The link made while subscribed still shows its clip, which still plays.
  const shown = await open(link.token);
  assert.equal(shown.status, 200);
  assert.equal((await fetch(shown.json.clip.segments[0].url)).status, 200);
  // Notes, words on a clip, taking clips out, revoking and deleting stay free.
  const plain = await note(owner, a, { atMs: 4000, text: 'Nota sin suscripción' });
  assert.equal(plain.status, 201, plain.text);
  assert.equal((await patch(owner, a, clip, { text: 'Texto nuevo', tags: ['nav'] })).status, 200);
  assert.equal((await patch(owner, b, other, { endMs: null })).status, 200, 'a clip can become a note again');
  assert.equal((await client.reelClipRemove(reel, clip, { cookie: owner.cookie })).status, 200);
  assert.equal((await client.shareRevoke(link.share.id, { cookie: owner.cookie })).status, 200);
  assert.equal((await client.reelDelete(reel, { cookie: owner.cookie })).status, 200);

  // Subscribed again, the same requests work.
  await sql(`UPDATE subscriptions SET status = 'active' WHERE user_id = ${q(owner.user.id)}`);
  assert.equal((await share(owner, analysis.id, { kind: 'summary', expiresInDays: 7 })).status, 201);
  assert.equal((await note(owner, a, { atMs: 1000, endMs: 2000, text: 'nuevo clip' })).status, 201);
});
