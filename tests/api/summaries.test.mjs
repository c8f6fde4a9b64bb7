// AI summaries (issue 47, ADR 0021) against the real worker, D1, R2 and the participation's
// Durable Object, with the test server's providers pointed at the Workers AI stand-in
// (scripts/lib/whisper-stand-in.mjs serving scripts/lib/summary-stand-in.mjs, LUPA_STT_URL; its
// summary model's control under /control/summary). A participation with real audio is
// transcribed (the Whisper fixture's two lines), and its summary is made once the transcript is
// complete. Checked: findings stand on verified quotes; the stand-in's mixed answer (an invented
// quote and a real one placed at another time) has exactly those two findings dropped and
// counted; the request has Workers AI's documented JSON-mode shape (the fixture from its
// documentation); the CSV export has a row per verified quote; an observer reads but cannot regenerate; another customer gets 404; the setting
// off sends nothing; a server without a provider says 'unavailable'.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { startServer } from '../../scripts/lib/dev-server.mjs';
import { BASE, signUp, client, clientWith } from './helpers.mjs';
import { createAnalysis, owner as subscribed } from '../lib/test-app.mjs';
import { participate, until } from './recording.mjs';
import { join } from './team-helpers.mjs';
import { parseCsv } from './insights-helpers.mjs';

const STT = process.env.LUPA_STT_URL;
const fixtures = new URL('../../edge-worker/core/fixtures/', import.meta.url);
const AUDIO = {
  bytes: readFileSync(new URL('chromium-audio-1.webm', fixtures)),
  sizes: JSON.parse(readFileSync(new URL('chromium-audio-1.chunks.json', fixtures), 'utf8')),
};
const SCREEN = readFileSync(new URL('chromium.mp4', fixtures));
const DOCUMENTED_REQUEST = JSON.parse(readFileSync(new URL('ai-text-request.json', fixtures), 'utf8'));
const MODEL = '@cf/meta/llama-4-scout-17b-16e-instruct';

const control = (path, body) =>
  fetch(STT + path, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json());
const summaryRequests = () => control('/control/summary/requests');

before(() => {
  assert.ok(STT, 'LUPA_STT_URL: the test server runs with the Workers AI stand-in (scripts/run-tests.mjs)');
});

const owner = (tag = 'summaries', base = BASE, stateDir = process.env.LUPA_STATE_DIR) =>
  subscribed(tag, { base, stateDir });

const body = (extra = {}) => ({
  name: 'Resúmenes',
  url: 'example.com',
  maxNumberOfParticipants: 10,
  scenario: 'Quieres comprar un regalo.',
  tasks: [
    { taskType: 'text', taskContent: 'Añade un producto al carrito' },
    { taskType: 'text', taskContent: 'Paga el pedido' },
  ],
  device: 'computer',
  ...extra,
});

const analysis = (user, extra) => createAnalysis(user, body(extra));

/** Task 1 from 0.2 s, task 2 from 9 s: the fixture's first line (0.65 s) is task 1's, its second (12.45 s) task 2's. */
const STEPS = [
  { index: 0, atMs: 0 },
  { index: 1, atMs: 100 },
  { index: 2, atMs: 200 },
  { index: 3, atMs: 9_000 },
];

/** A submitted participation of 5 s of screen with its audio track (x-lupa-start-ms 150). */
async function recordWithAudio(analysisId) {
  const p = await participate(analysisId);
  assert.equal(p.res.status, 200, p.res.text);
  const seg = await p.recordSegment(SCREEN, { mimeType: 'video/mp4', msPerChunk: 5_000 });
  if (p.res.json.analysisData.transcribe) {
    for (const put of await p.putAudio(seg, AUDIO, 150)) assert.equal(put.status, 200, put.text);
  }
  await p.finish({ steps: STEPS });
  return p.entryId;
}

const summary = (user, entryId) => client.summaryGet(entryId, { cookie: user.cookie });
const regenerate = (user, entryId) => client.summaryRegenerate(entryId, { cookie: user.cookie });

/** Polls the summary until `done(json)`; fails with the last answer. */
async function summaryWhen(user, entryId, done, timeoutMs = 40_000) {
  let last;
  const ok = await until(
    async () => {
      last = await summary(user, entryId);
      return last.status === 200 && done(last.json);
    },
    { timeoutMs, everyMs: 250 },
  );
  assert.ok(ok, `the summary never got there: ${last?.status} ${last?.text}`);
  return last.json;
}

const quotesOf = (json) => json.tasks.flatMap((t) => t.findings.flatMap((f) => f.quotes.map((q) => [t.taskNumber, q])));

test('once the transcript is complete, findings stand on quotes found in it; the request has the documented JSON-mode shape', async () => {
  await control('/control/summary/reset', {});
  const user = await owner();
  const made = await analysis(user);
  assert.deepEqual(made.transcription, { enabled: true, language: 'es', summaries: true }, "'Resúmenes con IA' on");
  const entryId = await recordWithAudio(made.id);
  const json = await summaryWhen(user, entryId, (j) => j.status === 'complete');
  assert.equal(json.droppedFindings, 0);
  assert.equal(json.model, MODEL);
  assert.equal(json.promptVersion, 1);
  assert.ok(json.createdAt > 0);
  assert.deepEqual(quotesOf(json), [
    [1, { startMs: 650, endMs: 3350, text: 'Vale, ahora busco el carrito.' }],
    [2, { startMs: 12450, endMs: 15250, text: 'No encuentro el botón de pagar.' }],
  ]);

  const requests = (await summaryRequests()).filter((r) => r.messages?.[1]?.content?.includes('Añade un producto'));
  assert.equal(requests.length, 1, 'one call for one participation');
  const [r] = requests;
  assert.equal(r.path, `/client/v4/accounts/stand-in-account/ai/run/${MODEL}`);
  assert.equal(r.authorization, 'Bearer stand-in-token');
  assert.match(r.contentType, /^application\/json/);
  for (const key of Object.keys(DOCUMENTED_REQUEST)) assert.ok(r.keys.includes(key), `the request has ${key}`);
  assert.deepEqual(
    r.messages.map((m) => m.role),
    DOCUMENTED_REQUEST.messages.map((m) => m.role),
  );
  assert.equal(r.responseFormat.type, 'json_schema');
  assert.deepEqual(r.responseFormat.json_schema.required, ['tasks']);
  const prompt = r.messages[1].content;
  assert.match(prompt, /^Escenario: Quieres comprar un regalo\./);
  assert.match(prompt, /## Tarea 1: Añade un producto al carrito\n- ¿Lo consiguió\?: sin respuesta\n/);
  assert.match(prompt, /En la tarea \(ms desde el inicio\): 200\n/);
  assert.match(prompt, /\[650-3350\] Vale, ahora busco el carrito\./);
  assert.match(prompt, /## Tarea 2: Paga el pedido[\s\S]*\[12450-15250\] No encuentro el botón de pagar\./);
  assert.match(r.messages[0].content, /en español/);

  // The CSV export: a 'finding' row per verified quote (the finding as note_title, the quote as
  // note, its range as note_time–note_end), every row with every column.
  const rows = parseCsv((await client.analysisExport(made.id, { cookie: user.cookie })).text);
  const col = (name) => rows[0].indexOf(name);
  const found = rows
    .filter((row) => row[0] === 'finding' && row[1] === entryId)
    .map((row) => [row[col('task_number')], row[col('note_time')], row[col('note')], row[col('note_end')]]);
  assert.deepEqual(found, [
    ['1', '00:00', 'Vale, ahora busco el carrito.', '00:03'],
    ['2', '00:12', 'No encuentro el botón de pagar.', '00:15'],
  ]);
  const titles = rows.filter((row) => row[0] === 'finding').map((row) => row[col('note_title')]);
  assert.deepEqual(
    titles,
    json.tasks.flatMap((t) => t.findings.map((f) => f.text)),
  );
  assert.ok(rows.every((row) => row.length === rows[0].length));
});

test("the stand-in's mixed answer: the invented quote and the misplaced one are dropped, exactly, and counted", async () => {
  await control('/control/summary/reset', {});
  await control('/control/summary', { mode: 'mixed' });
  try {
    const user = await owner();
    const made = await analysis(user);
    const entryId = await recordWithAudio(made.id);
    const json = await summaryWhen(user, entryId, (j) => j.status === 'complete');
    assert.equal(json.droppedFindings, 2, '2 hallazgos descartados: sin cita verificable');
    assert.deepEqual(
      json.tasks.map((t) => [t.taskNumber, t.findings.length]),
      [
        [1, 1],
        [2, 1],
      ],
    );
    const texts = quotesOf(json).map(([, q]) => q.text);
    assert.ok(!texts.includes('Me encanta el color del logotipo.'), 'the invented quote is not shown');
    assert.deepEqual(texts, ['Vale, ahora busco el carrito.', 'No encuentro el botón de pagar.']);
    // The proposal really had both: the model was asked once and proposed four findings for task 1.
    const requests = await summaryRequests();
    assert.equal(requests.length, 1);

    // 'Regenerar' with the honest answer: pending at once, then complete with nothing dropped.
    await control('/control/summary', { mode: 'sentences' });
    const again = await regenerate(user, entryId);
    assert.equal(again.status, 202, again.text);
    assert.equal(again.json.status, 'pending');
    const redone = await summaryWhen(user, entryId, (j) => j.status === 'complete' && j.createdAt > json.createdAt);
    assert.equal(redone.droppedFindings, 0);
    assert.equal((await summaryRequests()).length, 2);
  } finally {
    await control('/control/summary/reset', {});
  }
});

test('an observer reads the summary but cannot regenerate it; another customer gets 404', async () => {
  await control('/control/summary/reset', {});
  const lead = await owner('sum-owner');
  const [observer, stranger] = await Promise.all([signUp('sum-observer'), owner('sum-stranger')]);
  await join(lead, observer, 'observer');
  const made = await analysis(lead);
  const entryId = await recordWithAudio(made.id);
  await summaryWhen(lead, entryId, (j) => j.status === 'complete');
  const read = await summary(observer, entryId);
  assert.equal(read.status, 200, read.text);
  assert.equal(read.json.tasks.length, 2);
  const refused = await regenerate(observer, entryId);
  assert.equal(refused.status, 403, refused.text);
  assert.equal(refused.json.code, 'team_role_forbidden');
  for (const res of [await summary(stranger, entryId), await regenerate(stranger, entryId)]) {
    assert.equal(res.status, 404, res.text);
  }
  assert.equal((await summaryRequests()).length, 1, 'nothing was asked again');
});

test("'Resúmenes con IA' off: 'disabled', nothing sent; a summary before the transcript is complete is not ready", async () => {
  await control('/control/summary/reset', {});
  const user = await owner();
  const made = await analysis(user, { transcription: { summaries: false } });
  assert.deepEqual(made.transcription, { enabled: true, language: 'es', summaries: false });
  const entryId = await recordWithAudio(made.id);
  const transcribed = await until(
    async () => (await client.transcriptGet(entryId, { cookie: user.cookie })).json?.status === 'complete',
    { timeoutMs: 30_000, everyMs: 250 },
  );
  assert.ok(transcribed);
  assert.equal((await summary(user, entryId)).json.status, 'disabled');
  const refused = await regenerate(user, entryId);
  assert.equal(refused.status, 409);
  assert.equal(refused.json.code, 'summaries_off');
  assert.equal(refused.json.message, 'Este análisis no tiene activados los resúmenes con IA');
  assert.equal((await summaryRequests()).length, 0, 'nothing left the worker');

  // Turned on later: 'Regenerar' makes it.
  const on = await client.analysisUpdate(made.id, {
    cookie: user.cookie,
    body: body({ transcription: { summaries: true } }),
  });
  assert.equal(on.status, 200, on.text);
  assert.equal((await regenerate(user, entryId)).status, 202);
  await summaryWhen(user, entryId, (j) => j.status === 'complete' && j.tasks.length === 2);

  // A participation still recording has no transcript to summarise.
  const { entryId: recording, res } = await participate(made.id);
  assert.equal(res.status, 200);
  const early = await regenerate(user, recording);
  assert.equal(early.status, 409);
  assert.equal(early.json.code, 'summary_not_ready');
});

test("a server without a provider says 'unavailable', and 'Regenerar' is 503", async () => {
  const stateDir = mkdtempSync(joinPath(tmpdir(), 'lupa-summaries-off-'));
  const server = await startServer({ stateDir });
  try {
    const user = await owner('sum-off', server.url, stateDir);
    const made = await createAnalysis(user, { ...body(), base: server.url });
    const { entryId } = await participate(made.id, { base: server.url });
    const researcher = clientWith({ cookie: user.cookie, base: server.url });
    const read = (await researcher.summaryGet(entryId)).json;
    assert.equal(read.status, 'unavailable');
    assert.deepEqual(read.tasks, []);
    const refused = await researcher.summaryRegenerate(entryId);
    assert.equal(refused.status, 503);
    const refusal = refused.json;
    assert.equal(refusal.code, 'summaries_unavailable');
    assert.equal(refusal.message, 'Resúmenes no disponibles en este servidor');
  } finally {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
});

// Themes (issue 47, ADR 0021): made from the summaries' verified quotes, cited by id.
const themesOf = (user, analysisId) => client.themesGet(analysisId, { cookie: user.cookie });
const regenerateThemes = (user, analysisId) => client.themesRegenerate(analysisId, { cookie: user.cookie });
const themesRequests = async () =>
  (await summaryRequests()).filter((r) => r.responseFormat?.json_schema?.required?.[0] === 'themes');

async function themesWhen(user, analysisId, done, timeoutMs = 40_000) {
  let last;
  const ok = await until(
    async () => {
      last = await themesOf(user, analysisId);
      return last.status === 200 && done(last.json);
    },
    { timeoutMs, everyMs: 250 },
  );
  assert.ok(ok, `the themes never got there: ${last?.status} ${last?.text}`);
  return last.json;
}

test("themes across three participations: counts, quotes from each, a reel of a theme; what can't be checked is dropped and counted; observers read only", async () => {
  await control('/control/summary/reset', {});
  const lead = await owner('themes-owner');
  const [observer, stranger] = await Promise.all([signUp('themes-observer'), owner('themes-stranger')]);
  await join(lead, observer, 'observer');
  const made = await analysis(lead);

  // One summarised participation is not enough for a theme.
  const first = await recordWithAudio(made.id);
  await summaryWhen(lead, first, (j) => j.status === 'complete');
  const waiting = await themesOf(lead, made.id);
  assert.equal(waiting.status, 200, waiting.text);
  assert.equal(waiting.json.status, 'waiting');
  assert.equal(waiting.json.summarised, 1);
  const early = await regenerateThemes(lead, made.id);
  assert.equal(early.status, 409, early.text);
  assert.equal(early.json.code, 'themes_not_ready');
  assert.equal(early.json.message, 'Los temas se hacen cuando hay al menos dos participaciones resumidas');

  // Two more: the themes are made after the last summary, without asking.
  const others = [await recordWithAudio(made.id), await recordWithAudio(made.id)];
  const entries = [first, ...others];
  for (const id of others) await summaryWhen(lead, id, (j) => j.status === 'complete');
  const json = await themesWhen(lead, made.id, (j) => j.status === 'complete' && j.themes.length === 2);
  assert.equal(json.summarised, 3);
  assert.equal(json.droppedThemes, 0);
  assert.equal(json.model, MODEL);
  assert.equal(json.promptVersion, 1);
  for (const [i, theme] of json.themes.entries()) {
    assert.equal(theme.title, `Comentarios en la tarea ${i + 1}`);
    assert.equal(theme.participations, 3, '3 de 3 participantes');
    assert.deepEqual(new Set(theme.quotes.map((q) => q.entryId)), new Set(entries));
    assert.ok(theme.quotes.every((q) => /^Participante \d+$/.test(q.participant)));
    assert.ok(theme.quotes.every((q) => q.taskNumber === i + 1));
  }
  // Each quote is one a summary verified, with its words and time.
  assert.deepEqual(
    json.themes[1].quotes.map((q) => [q.startMs, q.endMs, q.text]),
    entries.map(() => [12450, 15250, 'No encuentro el botón de pagar.']),
  );
  // The CSV export: a 'theme' row per quote, in the rows of the participation that said it.
  const rows = parseCsv((await client.analysisExport(made.id, { cookie: lead.cookie })).text);
  const col = (name) => rows[0].indexOf(name);
  const themed = rows
    .filter((row) => row[0] === 'theme')
    .map((row) => [row[1], row[col('task_number')], row[col('note_title')], row[col('note')], row[col('note_time')]]);
  assert.equal(themed.length, 6, 'two themes, a quote from each of three participations');
  assert.deepEqual(
    themed.filter(([entry]) => entry === first),
    [
      [first, '1', 'Comentarios en la tarea 1', 'Vale, ahora busco el carrito.', '00:00'],
      [first, '2', 'Comentarios en la tarea 2', 'No encuentro el botón de pagar.', '00:12'],
    ],
  );
  assert.ok(rows.every((row) => row.length === rows[0].length));

  // The model was sent ids and findings, never a transcript, in Workers AI's JSON-mode shape.
  const [asked] = (await themesRequests()).slice(-1);
  assert.equal(asked.path, `/client/v4/accounts/stand-in-account/ai/run/${MODEL}`);
  assert.equal(asked.responseFormat.type, 'json_schema');
  assert.match(
    asked.messages[1].content,
    /## Participante \d+\n- Tarea 1: .*\n {2}- \[Q1\] «Vale, ahora busco el carrito\.»/,
  );
  assert.doesNotMatch(asked.messages[1].content, /\[650-3350\]/);
  assert.match(asked.messages[0].content, /al menos dos participantes/);

  // Observers read; they can neither regenerate nor make a reel; another customer gets 404.
  const read = await themesOf(observer, made.id);
  assert.equal(read.status, 200, read.text);
  assert.equal(read.json.themes.length, 2);
  for (const res of [
    await regenerateThemes(observer, made.id),
    await client.themeReel(made.id, '1', { cookie: observer.cookie }),
  ]) {
    assert.equal(res.status, 403, res.text);
    assert.equal(res.json.code, 'team_role_forbidden');
  }
  for (const res of [await themesOf(stranger, made.id), await regenerateThemes(stranger, made.id)]) {
    assert.equal(res.status, 404, res.text);
  }

  // 'Crear reel': a clip of each quote ±2 s, titled as the theme, in the theme's order. The
  // slack stops at the recording's end (these recordings have 5 s of screen) but never cuts the
  // quote: task 2's quote, said at 12.45 s over the audio, is clipped exactly.
  const reel = await client.themeReel(made.id, '2', { cookie: lead.cookie });
  assert.equal(reel.status, 201, reel.text);
  assert.equal(reel.json.title, 'Comentarios en la tarea 2');
  assert.deepEqual(
    reel.json.clips.map((c) => [c.entryId, c.startMs, c.endMs, c.title, c.text]),
    json.themes[1].quotes.map((q) => [q.entryId, 10450, 15250, 'Comentarios en la tarea 2', q.text]),
  );
  const firstReel = await client.themeReel(made.id, '1', { cookie: lead.cookie });
  assert.equal(firstReel.status, 201, firstReel.text);
  for (const clip of firstReel.json.clips) {
    assert.equal(clip.startMs, 0, 'from 2 s before 0.65 s, kept at 0');
    assert.ok(clip.endMs >= 3350 && clip.endMs <= 5350, `to 2 s after 3.35 s, within the recording: ${clip.endMs}`);
  }
  const missing = await client.themeReel(made.id, '9', { cookie: lead.cookie });
  assert.equal(missing.status, 404, missing.text);
  assert.equal(missing.json.message, 'Ese tema no existe');

  // 'Regenerar' with the mixed answer: a theme of ids no quote has and one of a single
  // participant's quotes are dropped and counted; the two real ones stay.
  await control('/control/summary', { mode: 'mixed' });
  try {
    const again = await regenerateThemes(lead, made.id);
    assert.equal(again.status, 202, again.text);
    assert.equal(again.json.status, 'pending');
    const redone = await themesWhen(lead, made.id, (j) => j.status === 'complete' && j.createdAt > json.createdAt);
    assert.equal(redone.droppedThemes, 2);
    assert.deepEqual(
      redone.themes.map((t) => t.title),
      json.themes.map((t) => t.title),
    );
  } finally {
    await control('/control/summary', { mode: 'sentences' });
  }

  // Deleting a participation a theme cites takes the themes with it (its words go); 'Regenerar'
  // makes them again from the two left.
  const gone = await client.entryDelete(first, { cookie: lead.cookie });
  assert.equal(gone.status, 200, gone.text);
  const after = await themesOf(lead, made.id);
  assert.equal(after.json.status, 'none');
  assert.deepEqual(after.json.themes, []);
  assert.equal(after.json.summarised, 2);
  assert.equal((await regenerateThemes(lead, made.id)).status, 202);
  const remade = await themesWhen(lead, made.id, (j) => j.status === 'complete');
  assert.ok(remade.themes.every((t) => t.participations === 2 && t.quotes.every((q) => q.entryId !== first)));
});

test('summaries stored together make one set of themes, a debounce after the last', async () => {
  await control('/control/summary/reset', {});
  const user = await owner('themes-debounce');
  const scenario = `Tres a la vez ${Date.now()}`;
  const made = await analysis(user, { scenario });
  const mine = async () => (await summaryRequests()).filter((r) => r.messages?.[1]?.content?.includes(scenario));
  // The stand-in holds each summary until all three are asked for, then answers them at once.
  await control('/control/summary', { hold: true });
  try {
    for (let i = 0; i < 3; i++) await recordWithAudio(made.id);
    const asked = await until(async () => (await mine()).length === 3, { timeoutMs: 40_000, everyMs: 250 });
    assert.ok(asked, 'each participation asked for its summary');
  } finally {
    await control('/control/summary/release', {});
  }
  const json = await themesWhen(user, made.id, (j) => j.status === 'complete' && j.themes.length === 2);
  assert.equal(json.summarised, 3);
  // Another debounce on (1.5 s on the test server), nothing more was asked.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const themesAsked = (await mine()).filter((r) => r.responseFormat?.json_schema?.required?.[0] === 'themes');
  assert.equal(themesAsked.length, 1, 'three summaries stored together make one remake');
});

test('a remake racing the deletion of a participation it cites stores nothing of it', async () => {
  await control('/control/summary/reset', {});
  const lead = await owner('themes-race');
  const scenario = `Carrera ${Date.now()}`;
  const made = await analysis(lead, { scenario });
  const entries = [];
  for (let i = 0; i < 3; i++) entries.push(await recordWithAudio(made.id));
  for (const id of entries) await summaryWhen(lead, id, (j) => j.status === 'complete');
  const first = await themesWhen(lead, made.id, (j) => j.status === 'complete' && j.themes.length === 2);
  const themesAsked = async () =>
    (await summaryRequests()).filter(
      (r) => r.responseFormat?.json_schema?.required?.[0] === 'themes' && r.messages?.[1]?.content?.includes(scenario),
    ).length;
  const before = await themesAsked();

  // The remake reads the three summaries and waits on the model; meanwhile one participation goes.
  await control('/control/summary', { holdThemes: true });
  const [gone] = entries;
  try {
    assert.equal((await regenerateThemes(lead, made.id)).status, 202);
    assert.ok(await until(async () => (await themesAsked()) > before, { timeoutMs: 20_000, everyMs: 200 }));
    const deleted = await client.entryDelete(gone, { cookie: lead.cookie });
    assert.equal(deleted.status, 200, deleted.text);
  } finally {
    await control('/control/summary/release', {});
  }
  // The model's answer cites all three; the write finds one gone and keeps none of it. (The purge
  // may have taken the pending row already: read again once the held answer has had time to land.)
  await themesWhen(lead, made.id, (j) => j.status !== 'pending');
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const settled = (await themesOf(lead, made.id)).json;
  assert.notEqual(settled.status, 'complete', JSON.stringify(settled));
  assert.ok(settled.themes.every((t) => t.quotes.every((q) => q.entryId !== gone)));
  assert.ok(!JSON.stringify(settled).includes(gone), 'nothing of the deleted participation is shown');
  assert.equal(settled.summarised, 2);
  // 'Regenerar' makes them from the two left.
  assert.equal((await regenerateThemes(lead, made.id)).status, 202);
  const remade = await themesWhen(lead, made.id, (j) => j.status === 'complete' && j.createdAt > first.createdAt);
  assert.ok(remade.themes.length > 0);
  assert.ok(remade.themes.every((t) => t.participations === 2 && t.quotes.every((q) => q.entryId !== gone)));
});
