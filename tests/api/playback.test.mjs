// Playback and analysis API: chapters from step times, notes (owner only), deleting a recording,
// the time-on-task summary and the CSV export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { api, BASE, signUp, client } from './helpers.mjs';
import { participate, recordAndSubmit } from './recording.mjs';
import { q, r2Exists, sql } from './db.mjs';
import { createAnalysis, owner as subscribed } from '../lib/test-app.mjs';

/** An analysis with two tasks and `runs` submitted recordings with the given step marks. */
async function recorded(runs) {
  const owner = await subscribed('watcher');
  const { id: analysisId } = await createAnalysis(owner, {
    name: 'Resumen',
    url: 'example.com',
    max: 5,
    scenario: 'S',
    tasks: ['Busca, "algo"', 'Paga'],
  });
  const entries = [];
  for (const { steps, durationMs } of runs) {
    const { entryId, cookie } = await participate(analysisId);
    // One 4 KB chunk whose end time is the run's duration.
    await recordAndSubmit(entryId, cookie, randomBytes(4096), {
      steps,
      durationMs,
      chunkSize: 4096,
      msPerChunk: durationMs,
    });
    entries.push(entryId);
  }
  return { owner, analysisId, entries };
}

const marks = (...pairs) => pairs.map(([index, atMs]) => ({ index, atMs }));

test('the entry page has one chapter per step with start and time spent', async () => {
  const { owner, entries } = await recorded([
    { steps: marks([0, 0], [1, 2000], [2, 5000], [3, 11000]), durationMs: 20000 },
  ]);
  const page = await client.entryPage(entries[0], { cookie: owner.cookie });
  assert.equal(page.status, 200);
  assert.equal(page.json.analysisName, 'Resumen');
  assert.deepEqual(
    page.json.chapters.map((c) => [c.index, c.kind, c.title, c.startMs, c.spentMs]),
    [
      [0, 'scenario', 'Escenario', 0, 2000],
      [1, 'url', 'URL', 2000, 3000],
      [2, 'task', 'Task 1', 5000, 6000],
      [3, 'task', 'Task 2', 11000, 9000],
    ],
  );
  assert.match(
    page.json.entryUrl,
    /\/api\/v1\/recordings\/[0-9a-f]{32}\/1\?expires=\d+&kid=[0-9a-f]{8}&sig=[0-9a-f]{64}$/,
  );
});

test('notes are added, edited, listed in time order and deleted, by the owner only', async () => {
  const { owner, entries } = await recorded([{ steps: marks([0, 0]), durationMs: 10000 }]);
  const base = `/api/v1/entry/${entries[0]}/notes`;
  const late = await api(base, {
    method: 'POST',
    cookie: owner.cookie,
    body: { atMs: 8000, text: 'Duda con el botón' },
  });
  assert.equal(late.status, 201);
  const early = await api(base, { method: 'POST', cookie: owner.cookie, body: { atMs: 1000, text: 'Empieza bien' } });
  for (const [body, status] of [
    [{ atMs: 1000, text: '  ' }, 400],
    [{ atMs: -1, text: 'x' }, 400],
    // Past this recording's end: the request is fine, the recording is shorter (ADR 0020).
    [{ atMs: 60000, text: 'x' }, 409],
    [{ atMs: 1, text: 'x'.repeat(2001) }, 400],
  ]) {
    assert.equal(
      (await api(base, { method: 'POST', cookie: owner.cookie, body })).status,
      status,
      JSON.stringify(body).slice(0, 40),
    );
  }
  const edited = await api(`${base}/${late.json.id}`, {
    method: 'PATCH',
    cookie: owner.cookie,
    body: { text: 'No encuentra el botón' },
  });
  assert.equal(edited.json.text, 'No encuentra el botón');
  assert.equal(edited.json.atMs, 8000);
  const list = await api(base, { cookie: owner.cookie });
  assert.deepEqual(
    list.json.notes.map((n) => n.text),
    ['Empieza bien', 'No encuentra el botón'],
  );

  const stranger = await signUp('stranger');
  assert.equal((await api(base, { cookie: stranger.cookie })).status, 404);
  assert.equal(
    (await api(base, { method: 'POST', cookie: stranger.cookie, body: { atMs: 1, text: 'x' } })).status,
    404,
  );
  assert.equal((await api(`${base}/${early.json.id}`, { method: 'DELETE', cookie: stranger.cookie })).status, 404);
  assert.equal((await api(`${base}/${early.json.id}`, { method: 'DELETE', cookie: owner.cookie })).status, 200);
  assert.equal((await api(base, { cookie: owner.cookie })).json.notes.length, 1);
});

test('the summary gives median and range of time on task, and each entry’s duration and notes', async () => {
  const { owner, analysisId, entries } = await recorded([
    { steps: marks([0, 0], [1, 1000], [2, 2000], [3, 4000]), durationMs: 10000 }, // task1 2000, task2 6000
    { steps: marks([0, 0], [1, 1000], [2, 2000], [3, 8000]), durationMs: 9000 }, //  task1 6000, task2 1000
    { steps: marks([0, 0], [1, 1000], [2, 3000], [1, 4000], [2, 5000], [3, 7000]), durationMs: 12000 }, // task1 1000+2000, task2 5000
  ]);
  await client.noteCreate(entries[1], {
    cookie: owner.cookie,
    body: { atMs: 2500, text: 'Se pierde, dice "¿dónde?"' },
  });
  const res = await client.analysisSummary(analysisId, { cookie: owner.cookie });
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.json.tasks.map((t) => [t.taskNumber, t.medianMs, t.minMs, t.maxMs, t.entries]),
    [
      [1, 3000, 2000, 6000, 3],
      [2, 5000, 1000, 6000, 3],
    ],
  );
  assert.deepEqual(
    res.json.entries.map((e) => [e.durationMs, e.noteCount]),
    [
      [10000, 0],
      [9000, 1],
      [12000, 0],
    ],
  );

  const csv = await fetch(`${BASE}/api/v1/analysis/${analysisId}/export`, { headers: { cookie: owner.cookie } });
  assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
  const text = Buffer.from(await csv.arrayBuffer()).toString('utf8');
  const lines = text.split('\r\n');
  // The first nine columns are as before ADR 0012; the insights columns follow.
  assert.equal(
    lines[0],
    '\ufeffkind,entry_id,submitted_at,entry_duration,task_number,task,time_on_task_s,note_time,note,success,seq,sus_score,sus_answers,note_end,note_title,note_tags,participant',
  );
  assert.equal(lines.filter((l) => l.startsWith('task,')).length, 6);
  assert.ok(
    lines.some((l) => l.includes(`,1,"Busca, ""algo""",2.0,,`)),
    text,
  );
  assert.ok(
    lines.some(
      (l) => l.startsWith(`note,${entries[1]},`) && l.endsWith(',00:02,"Se pierde, dice ""¿dónde?""",,,,,,,,2'),
    ),
    text,
  ); // the last column: participant 2
  const stranger = await signUp('csv-stranger');
  assert.equal((await client.analysisSummary(analysisId, { cookie: stranger.cookie })).status, 404);
  assert.equal((await client.analysisExport(analysisId, { cookie: stranger.cookie })).status, 404);
});

test('deleting a recording removes the R2 object and its rows', async () => {
  const { owner, analysisId, entries } = await recorded([{ steps: marks([0, 0]), durationMs: 1000 }]);
  const key = `analyses/${analysisId}/entries/${entries[0]}/segments/1/screen.mp4`;
  await client.noteCreate(entries[0], { cookie: owner.cookie, body: { atMs: 10, text: 'nota' } });
  assert.equal(await r2Exists(key), true);
  const stranger = await signUp('entry-stranger');
  assert.equal((await client.entryDelete(entries[0], { cookie: stranger.cookie })).status, 404);
  assert.equal((await client.entryDelete(entries[0], { cookie: owner.cookie })).status, 200);
  assert.equal(await r2Exists(key), false);
  const counts = await sql(
    `SELECT (SELECT COUNT(*) FROM analysis_entries WHERE id = ${q(entries[0])}) AS entries, (SELECT COUNT(*) FROM entry_notes WHERE entry_id = ${q(entries[0])}) AS notes`,
  );
  assert.deepEqual(counts[0], { entries: 0, notes: 0 });
  assert.equal(
    (await client.analysisGet(analysisId, { cookie: owner.cookie })).json.analysisData._count.AnalysisEntries,
    0,
  );
});
