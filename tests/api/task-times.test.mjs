// One participation's time on each task is the same wherever it is shown (issue 45, ADR 0012):
// the player's chapters (`GET /entry/{id}`), the analysis summary, a shared summary, a shared
// recording's chapters and both CSV exports. The player used to count the questions after a
// task (and, for the last task, everything up to the recording's end) as time on it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, client } from './helpers.mjs';
import { createAnalysis, parseCsv, participation, researcher } from './insights-helpers.mjs';

const csv = async (path, cookie) => {
  const res = await fetch(`${BASE}${path}`, { headers: { cookie } });
  assert.equal(res.status, 200, path);
  return parseCsv(Buffer.from(await res.arrayBuffer()).toString('utf8'));
};

test('a participation’s task times agree in the player, the summary, shared links and the CSV exports', async () => {
  const owner = await researcher('task-times');
  const analysis = await createAnalysis(owner, {
    tasks: ['Busca el producto', 'Añádelo a la cesta'],
    taskQuestions: true,
    sus: true,
  });
  // Task 1 from 2 s, 'Siguiente' at 8 s, its questions until 13 s; task 2 (the last) from 13 s,
  // 'Finish Analysis' at 14 s, then its questions and the SUS until the recording ends at 19 s.
  const { entryId, durationMs } = await participation(analysis.id, {
    tasks: [
      { s: 6, answer: { seq: 5, success: 'yes' } },
      { s: 1, answer: { seq: 7, success: 'yes' } },
    ],
    sus: [4, 2, 5, 1, 4, 2, 3, 2, 4, 3],
  });
  assert.equal(durationMs, 19_000);
  const expected = [6000, 1000];

  const entry = await client.entryPage(entryId, { cookie: owner.cookie });
  assert.equal(entry.status, 200, entry.text);
  const taskChapters = entry.json.chapters.filter((c) => c.kind === 'task');
  assert.deepEqual(
    taskChapters.map((c) => [c.title, c.startMs, c.spentMs]),
    [
      ['Task 1', 2000, 6000],
      ['Task 2', 13_000, 1000],
    ],
    'the player’s Tareas tab',
  );

  const summary = await client.analysisSummary(analysis.id, { cookie: owner.cookie });
  assert.equal(summary.status, 200, summary.text);
  assert.deepEqual(
    summary.json.tasks.map((t) => [t.medianMs, t.minMs, t.maxMs, t.entries, t.timeAll.medianMs]),
    expected.map((ms) => [ms, ms, ms, 1, ms]),
    'the analysis summary',
  );

  const shared = async (body) => {
    const created = await client.shareCreate(analysis.id, {
      cookie: owner.cookie,
      body: { expiresInDays: 7, ...body },
    });
    assert.equal(created.status, 201, created.text);
    const opened = await client.sharedView(created.json.token);
    assert.equal(opened.status, 200, opened.text);
    return opened.json;
  };
  const sharedSummary = (await shared({ kind: 'summary' })).summary;
  assert.deepEqual(
    sharedSummary.tasks.map((t) => [t.medianMs, t.timeAll.medianMs]),
    expected.map((ms) => [ms, ms]),
    'the shared summary',
  );
  const sharedRecording = (await shared({ kind: 'recording', targetId: entryId })).recording;
  assert.deepEqual(
    sharedRecording.chapters.filter((c) => c.kind === 'task').map((c) => c.spentMs),
    expected,
    'the shared recording’s chapters',
  );

  const [header, ...rows] = await csv(`/api/v1/analysis/${analysis.id}/export/tasks`, owner.cookie);
  const col = (row, name) => row[header.indexOf(name)];
  assert.deepEqual(
    rows.filter((r) => col(r, 'kind') === 'task').map((r) => Number(col(r, 'time_all_median_s'))),
    expected.map((ms) => ms / 1000),
    'the task CSV',
  );
  const perEntry = await csv(`/api/v1/analysis/${analysis.id}/export`, owner.cookie);
  assert.deepEqual(
    perEntry.filter((r) => r[0] === 'task').map((r) => [r[4], r[6]]),
    [
      ['1', '6.0'],
      ['2', '1.0'],
    ],
    'the per-entry CSV',
  );
});
