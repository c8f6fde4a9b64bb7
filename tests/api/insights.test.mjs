// Task questions and SUS (ADR 0012): the analysis settings, the participant's answers (validation,
// idempotent re-sends, who may send them), the answers with the entry for researchers, the
// summary's figures for five fabricated participations against hand-computed values, and both
// CSV exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { BASE, signUp, client } from './helpers.mjs';
import { sql, q } from './db.mjs';
import { participate, recordAndSubmit } from './recording.mjs';
import { createAnalysis, near, parseCsv, participation, researcher } from './insights-helpers.mjs';

test('the question settings: false when left out, kept when an edit leaves them out, sent to participants', async () => {
  const owner = await researcher('settings');
  const plain = await createAnalysis(owner);
  assert.deepEqual([plain.taskQuestions, plain.sus], [false, false]);
  const asking = await createAnalysis(owner, { taskQuestions: true, sus: true });
  assert.deepEqual([asking.taskQuestions, asking.sus], [true, true]);

  const edit = (id, extra) =>
    client.analysisUpdate(id, {
      cookie: owner.cookie,
      body: {
        name: 'Otra',
        url: 'tienda.example.com',
        maxNumberOfParticipants: 10,
        scenario: 'S',
        tasks: [{ taskType: 'text', taskContent: 'T' }],
        device: 'computer',
        ...extra,
      },
    });
  assert.deepEqual(((r) => [r.json.analysisData.taskQuestions, r.json.analysisData.sus])(await edit(asking.id, {})), [
    true,
    true,
  ]);
  assert.deepEqual(
    ((r) => [r.json.analysisData.taskQuestions, r.json.analysisData.sus])(await edit(asking.id, { sus: false })),
    [true, false],
  );
  assert.equal((await edit(asking.id, { sus: 'sí' })).status, 422);

  const joined = await participate(asking.id);
  assert.deepEqual([joined.res.json.analysisData.taskQuestions, joined.res.json.analysisData.sus], [true, false]);
  const resumed = await client.participationCurrent({ cookie: joined.cookie });
  assert.deepEqual([resumed.json.analysisData.taskQuestions, resumed.json.analysisData.sus], [true, false]);
  assert.deepEqual(resumed.json.answers, { tasks: [], sus: null });
});

test('answers are validated with Spanish messages, re-sent safely, and only by the participant', async () => {
  const owner = await researcher('answers');
  const analysis = await createAnalysis(owner, { tasks: ['Uno', 'Dos'], taskQuestions: true, sus: true });
  const { entryId, cookie } = await participate(analysis.id);
  const task = (n, body, c = cookie) => client.entryTaskAnswer(entryId, n, { cookie: c, body });
  const sus = (body, c = cookie) => client.entrySusAnswer(entryId, { cookie: c, body });
  const good = { seq: 6, success: 'yes', atMs: 12_000 };

  const refused = [
    [await task(1, { ...good, seq: 0 }), 'La facilidad de la tarea debe ser un número del 1 al 7'],
    [await task(1, { ...good, seq: 8 }), 'La facilidad de la tarea debe ser un número del 1 al 7'],
    [await task(1, { ...good, seq: undefined }), 'La facilidad de la tarea debe ser un número del 1 al 7'],
    [await task(1, { ...good, success: 'maybe' }), "Indica si completaste la tarea: 'yes', 'no' o 'unsure'"],
    [await task(1, { ...good, atMs: -1 }), 'El momento de la respuesta no es válido'],
    // A task this analysis does not have is not found (ADR 0020).
    [await task(3, good), 'Esa tarea no existe en este análisis', 404],
    [await task(0, good), 'Esa tarea no existe en este análisis', 404],
    [
      await sus({ answers: [3, 3, 3, 3, 3, 3, 3, 3, 3], atMs: 1 }),
      'El cuestionario SUS necesita 10 respuestas, cada una del 1 al 5',
    ],
    [
      await sus({ answers: [3, 3, 3, 3, 3, 3, 3, 3, 3, 6], atMs: 1 }),
      'El cuestionario SUS necesita 10 respuestas, cada una del 1 al 5',
    ],
    [await sus({ answers: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3] }), 'El momento de la respuesta no es válido'],
  ];
  for (const [res, message, status = 400] of refused) {
    assert.equal(res.status, status, res.text);
    assert.equal(res.json.message, message);
  }
  assert.equal((await task(1, { ...good, seq: 'seis' })).status, 422);

  // A resumed tab sends the same answer again: same answer, same state. A changed one replaces it.
  for (let i = 0; i < 2; i++) {
    const res = await task(1, good);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { taskNumber: 1, seq: 6, success: 'yes', atMs: 12_000 });
  }
  assert.deepEqual((await task(2, { seq: 2, success: 'unsure', atMs: 20_000 })).json, {
    taskNumber: 2,
    seq: 2,
    success: 'unsure',
    atMs: 20_000,
  });
  assert.deepEqual((await task(2, { seq: 3, success: 'no', atMs: 21_000 })).json, {
    taskNumber: 2,
    seq: 3,
    success: 'no',
    atMs: 21_000,
  });
  const answersSus = [4, 2, 5, 1, 4, 2, 3, 2, 4, 3];
  for (let i = 0; i < 2; i++)
    assert.deepEqual((await sus({ answers: answersSus, atMs: 30_000 })).json, {
      answers: answersSus,
      score: 75,
      atMs: 30_000,
    });
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM task_answers WHERE entry_id = ${q(entryId)}`))[0].n, 2);

  // Nobody else may answer: no cookie, another participant's cookie, a researcher.
  const other = await participate(analysis.id);
  assert.equal((await task(1, good, null)).status, 403);
  assert.equal((await task(1, good, other.cookie)).status, 403);
  assert.equal((await task(1, good, owner.cookie)).status, 403);

  // A reloaded tab learns what was answered, so it does not ask again.
  const current = await client.participationCurrent({ cookie });
  assert.deepEqual(current.json.answers, {
    tasks: [
      { taskNumber: 1, seq: 6, success: 'yes', atMs: 12_000 },
      { taskNumber: 2, seq: 3, success: 'no', atMs: 21_000 },
    ],
    sus: { answers: answersSus, score: 75, atMs: 30_000 },
  });

  // The researcher reads them with the entry; after submitting nothing can be changed.
  await recordAndSubmit(entryId, cookie, randomBytes(2048), { chunkSize: 2048, msPerChunk: 40_000 });
  assert.equal((await task(1, { ...good, seq: 1 })).status, 403);
  const page = await client.entryPage(entryId, { cookie: owner.cookie });
  assert.equal(page.status, 200);
  assert.deepEqual(page.json.answers, current.json.answers);
  // Deleting the entry deletes the answers with it.
  assert.equal((await client.entryDelete(entryId, { cookie: owner.cookie })).status, 200);
  const left = await sql(
    `SELECT (SELECT COUNT(*) FROM task_answers WHERE entry_id = ${q(entryId)}) + (SELECT COUNT(*) FROM sus_answers WHERE entry_id = ${q(entryId)}) AS n`,
  );
  assert.equal(left[0].n, 0);
});

test('an analysis that does not ask refuses answers; leaving deletes them', async () => {
  const owner = await researcher('answers-off');
  const quiet = await createAnalysis(owner, { tasks: ['Uno'] });
  const { entryId, cookie } = await participate(quiet.id);
  const task = await client.entryTaskAnswer(entryId, '1', { cookie, body: { seq: 5, success: 'yes', atMs: 1 } });
  // Questions that are off: the analysis's settings, not the request (409, ADR 0020).
  assert.deepEqual([task.status, task.json.message], [409, 'Este análisis no hace preguntas sobre las tareas']);
  const sus = await client.entrySusAnswer(entryId, { cookie, body: { answers: Array(10).fill(3), atMs: 1 } });
  assert.deepEqual([sus.status, sus.json.message], [409, 'Este análisis no incluye el cuestionario SUS']);

  const asking = await createAnalysis(owner, { tasks: ['Uno'], taskQuestions: true, sus: true });
  const p = await participate(asking.id);
  await client.entryTaskAnswer(p.entryId, '1', { cookie: p.cookie, body: { seq: 5, success: 'yes', atMs: 1 } });
  await client.entrySusAnswer(p.entryId, { cookie: p.cookie, body: { answers: Array(10).fill(3), atMs: 2 } });
  assert.equal((await client.entryAbandon(p.entryId, { cookie: p.cookie })).status, 200);
  const left = await sql(
    `SELECT (SELECT COUNT(*) FROM task_answers WHERE entry_id = ${q(p.entryId)}) + (SELECT COUNT(*) FROM sus_answers WHERE entry_id = ${q(p.entryId)}) AS n`,
  );
  assert.equal(left[0].n, 0);
});

// Five participations on three tasks. Times in seconds; task 3 was reached by two participants.
//          task 1               task 2               task 3          SUS answers (score)
//   P1  20 s yes SEQ 6     15 s yes SEQ 7      12 s yes SEQ 7    4 2 5 1 4 2 3 2 4 3 (75)
//   P2  40 s yes SEQ 5     25 s yes SEQ 6      18 s no  SEQ 5    5 1 5 1 5 1 5 1 5 1 (100)
//   P3  10 s no  SEQ 2     60 s yes SEQ 4      —                 3 3 3 3 3 3 3 3 3 3 (50)
//   P4  80 s unsure SEQ 3  45 s no  SEQ 2      —                 4 2 4 2 4 2 4 2 4 2 (75)
//   P5  30 s yes SEQ 7     35 s (no answer)    —                 5 2 4 1 5 2 4 2 4 1 (85)
const yes = (seq) => ({ seq, success: 'yes' });
const no = (seq) => ({ seq, success: 'no' });
const FIVE = [
  {
    tasks: [
      { s: 20, answer: yes(6) },
      { s: 15, answer: yes(7) },
      { s: 12, answer: yes(7) },
    ],
    sus: [4, 2, 5, 1, 4, 2, 3, 2, 4, 3],
  },
  {
    tasks: [
      { s: 40, answer: yes(5) },
      { s: 25, answer: yes(6) },
      { s: 18, answer: no(5) },
    ],
    sus: [5, 1, 5, 1, 5, 1, 5, 1, 5, 1],
  },
  {
    tasks: [
      { s: 10, answer: no(2) },
      { s: 60, answer: yes(4) },
    ],
    sus: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
  },
  {
    tasks: [
      { s: 80, answer: { seq: 3, success: 'unsure' } },
      { s: 45, answer: no(2) },
    ],
    sus: [4, 2, 4, 2, 4, 2, 4, 2, 4, 2],
  },
  { tasks: [{ s: 30, answer: yes(7) }, { s: 35 }], sus: [5, 2, 4, 1, 5, 2, 4, 2, 4, 1] },
];

async function fiveParticipations() {
  const owner = await researcher('figures');
  const analysis = await createAnalysis(owner, { taskQuestions: true, sus: true });
  const entries = [];
  for (const p of FIVE) entries.push(await participation(analysis.id, p));
  return { owner, analysis, entries };
}

test('the summary gives each task’s figures and the SUS, as computed by hand for five participations', async () => {
  const { owner, analysis } = await fiveParticipations();
  const res = await client.analysisSummary(analysis.id, { cookie: owner.cookie });
  assert.equal(res.status, 200);
  const { tasks, sus, settings, entries } = res.json;
  assert.deepEqual(settings, { taskQuestions: true, sus: true });
  const [t1, t2, t3] = tasks;

  // Task 1, success 3 of 5 ('unsure' is not a success). Adjusted Wald (Sauro & Lewis):
  // p = (3 + 1.96²/2) / (5 + 1.96²) = 4.9207 / 8.8415 = 0.5566; margin 1.96·√(0.5566·0.4434/8.8415)
  // = 0.3275 → 0.2291 to 0.8840.
  assert.deepEqual(
    [t1.success.n, t1.success.successes, t1.success.yes, t1.success.no, t1.success.unsure],
    [5, 3, 3, 1, 1],
  );
  near(t1.success.rate, 0.6, 1e-9, 't1 rate');
  near(t1.success.low, 0.22909, 1e-4, 't1 low');
  near(t1.success.high, 0.88401, 1e-4, 't1 high');
  // SEQ 6, 5, 2, 3, 7: mean 4.6, s = √(17.2/4) = 2.0736, t(0.975, 4) = 2.7764 → 4.6 ± 2.5748;
  // the upper bound 7.17 is cut to the scale's 7.
  assert.equal(t1.seq.n, 5);
  near(t1.seq.mean, 4.6, 1e-9, 't1 seq');
  near(t1.seq.low, 2.02523, 1e-4, 't1 seq low');
  assert.equal(t1.seq.high, 7);
  // Time: the questions after 'Siguiente' (5 s) are not time on the task. All five attempts:
  // median 30 s, geometric mean (20·40·10·80·30)^(1/5) = 28.619 s, log t-interval 10.93–74.95 s.
  assert.deepEqual(
    [t1.timeAll.n, t1.timeAll.medianMs, t1.timeAll.geometricMeanMs, t1.timeAll.lowMs, t1.timeAll.highMs],
    [5, 30000, 28619, 10928, 74955],
  );
  // Successful attempts only (20, 40, 30 s): median 30 s, geometric mean 24000^(1/3) = 28.845 s.
  assert.deepEqual(
    [
      t1.timeSuccessful.n,
      t1.timeSuccessful.medianMs,
      t1.timeSuccessful.geometricMeanMs,
      t1.timeSuccessful.lowMs,
      t1.timeSuccessful.highMs,
    ],
    [3, 30000, 28845, 12144, 68512],
  );
  // The pre-existing fields: all attempts' median, range and count.
  assert.deepEqual([t1.medianMs, t1.minMs, t1.maxMs, t1.entries], [30000, 10000, 80000, 5]);

  // Task 2: P5 reached it (35 s) but did not answer. Success 3 of 4 → 0.2891 to 0.9659.
  assert.deepEqual([t2.success.n, t2.success.successes], [4, 3]);
  near(t2.success.rate, 0.75, 1e-9, 't2 rate');
  near(t2.success.low, 0.28914, 1e-4, 't2 low');
  near(t2.success.high, 0.96591, 1e-4, 't2 high');
  // SEQ 7, 6, 4, 2: mean 4.75, s = 2.2174, t(0.975, 3) = 3.1824 → 1.2217 to 8.28, cut to 7.
  near(t2.seq.mean, 4.75, 1e-9, 't2 seq');
  near(t2.seq.low, 1.22169, 1e-4, 't2 seq low');
  assert.equal(t2.seq.high, 7);
  assert.deepEqual([t2.timeAll.n, t2.timeAll.medianMs, t2.timeAll.geometricMeanMs], [5, 35000, 32351]);
  assert.deepEqual(
    [t2.timeSuccessful.n, t2.timeSuccessful.medianMs, t2.timeSuccessful.geometricMeanMs],
    [3, 25000, 28231],
  );

  // Task 3: two answers, so values without intervals.
  assert.deepEqual(t3.success, { n: 2, successes: 1, yes: 1, no: 1, unsure: 0, rate: 0.5, low: null, high: null });
  assert.deepEqual(t3.seq, { n: 2, mean: 6, low: null, high: null });
  assert.deepEqual(t3.timeAll, { n: 2, medianMs: 15000, geometricMeanMs: 14697, lowMs: null, highMs: null });
  assert.deepEqual(t3.timeSuccessful, { n: 1, medianMs: 12000, geometricMeanMs: 12000, lowMs: null, highMs: null });

  // SUS 75, 100, 50, 75, 85 (Brooke's scoring): mean 77, s = √332.5 = 18.235, margin
  // 2.7764 · 18.235/√5 = 22.641 → 54.36 to 99.64; 77.0 is a B on the Sauro–Lewis curved scale.
  assert.equal(sus.n, 5);
  near(sus.mean, 77, 1e-9, 'sus mean');
  near(sus.low, 54.35878, 1e-4, 'sus low');
  near(sus.high, 99.64122, 1e-4, 'sus high');
  assert.deepEqual([sus.grade, sus.gradingScale], ['B', 'sauro-lewis-cgs']);
  assert.deepEqual(
    entries.map((e) => e.susScore),
    [75, 100, 50, 75, 85],
  );
});

test('the CSV export has success, SEQ and time per entry and task, and the SUS per entry; the task CSV has the figures', async () => {
  const { owner, analysis, entries } = await fiveParticipations();
  const csv = await fetch(`${BASE}/api/v1/analysis/${analysis.id}/export`, { headers: { cookie: owner.cookie } });
  assert.equal(csv.status, 200);
  const rows = parseCsv(Buffer.from(await csv.arrayBuffer()).toString('utf8'));
  assert.deepEqual(rows[0], [
    'kind',
    'entry_id',
    'submitted_at',
    'entry_duration',
    'task_number',
    'task',
    'time_on_task_s',
    'note_time',
    'note',
    'success',
    'seq',
    'sus_score',
    'sus_answers',
    'note_end',
    'note_title',
    'note_tags',
    'participant',
  ]);
  const taskRows = rows.filter((r) => r[0] === 'task').map((r) => [r[1], r[4], r[6], r[9], r[10]]);
  const [p1, p2, p3, p4, p5] = entries.map((e) => e.entryId);
  assert.deepEqual(taskRows, [
    [p1, '1', '20.0', 'yes', '6'],
    [p1, '2', '15.0', 'yes', '7'],
    [p1, '3', '12.0', 'yes', '7'],
    [p2, '1', '40.0', 'yes', '5'],
    [p2, '2', '25.0', 'yes', '6'],
    [p2, '3', '18.0', 'no', '5'],
    [p3, '1', '10.0', 'no', '2'],
    [p3, '2', '60.0', 'yes', '4'],
    [p3, '3', '0.0', '', ''],
    [p4, '1', '80.0', 'unsure', '3'],
    [p4, '2', '45.0', 'no', '2'],
    [p4, '3', '0.0', '', ''],
    [p5, '1', '30.0', 'yes', '7'],
    [p5, '2', '35.0', '', ''],
    [p5, '3', '0.0', '', ''],
  ]);
  const susRows = rows.filter((r) => r[0] === 'sus').map((r) => [r[1], r[11], r[12]]);
  assert.deepEqual(susRows, [
    [p1, '75.0', '4 2 5 1 4 2 3 2 4 3'],
    [p2, '100.0', '5 1 5 1 5 1 5 1 5 1'],
    [p3, '50.0', '3 3 3 3 3 3 3 3 3 3'],
    [p4, '75.0', '4 2 4 2 4 2 4 2 4 2'],
    [p5, '85.0', '5 2 4 1 5 2 4 2 4 1'],
  ]);
  assert.ok(
    rows.every((r) => r.length === 17),
    'every row has every column',
  );
  // The last column is the entry's 'Participante N', by the order the participations started.
  const numbers = new Map(entries.map((e, i) => [e.entryId, String(i + 1)]));
  assert.ok(
    rows.slice(1).every((r) => r[16] === numbers.get(r[1])),
    'participant numbers',
  );

  const tasksCsv = await fetch(`${BASE}/api/v1/analysis/${analysis.id}/export/tasks`, {
    headers: { cookie: owner.cookie },
  });
  assert.equal(tasksCsv.status, 200);
  assert.equal(tasksCsv.headers.get('content-type'), 'text/csv; charset=utf-8');
  assert.match(tasksCsv.headers.get('content-disposition'), /-tasks\.csv"$/);
  const [header, ...summary] = parseCsv(Buffer.from(await tasksCsv.arrayBuffer()).toString('utf8'));
  const col = (row, name) => row[header.indexOf(name)];
  const num = (row, name) => Number(col(row, name));
  assert.equal(header.length, 30);
  const [c1, c2, c3, s] = summary;
  assert.deepEqual([col(c1, 'kind'), col(c1, 'task_number'), col(c1, 'task')], ['task', '1', 'Busca el producto']);
  assert.deepEqual(
    [col(c1, 'success_n'), col(c1, 'successes'), col(c1, 'yes'), col(c1, 'no'), col(c1, 'unsure')],
    ['5', '3', '3', '1', '1'],
  );
  near(num(c1, 'success_rate'), 0.6, 1e-4, 'csv rate');
  near(num(c1, 'success_low'), 0.2291, 1e-4, 'csv low');
  near(num(c1, 'success_high'), 0.884, 1e-4, 'csv high');
  near(num(c1, 'seq_mean'), 4.6, 1e-3, 'csv seq');
  near(num(c1, 'time_all_median_s'), 30, 0.01, 'csv median');
  near(num(c1, 'time_all_geomean_s'), 28.619, 0.006, 'csv geomean');
  near(num(c1, 'time_successful_geomean_s'), 28.845, 0.006, 'csv successful geomean');
  near(num(c2, 'time_all_geomean_s'), 32.351, 0.006, 'csv t2 geomean');
  assert.deepEqual(
    [col(c3, 'success_low'), col(c3, 'seq_low'), col(c3, 'time_all_low_s')],
    ['', '', ''],
    'no intervals below 3 answers',
  );
  assert.deepEqual([col(s, 'kind'), col(s, 'sus_n'), col(s, 'sus_grade')], ['sus', '5', 'B']);
  near(num(s, 'sus_mean'), 77, 1e-9, 'csv sus');
  near(num(s, 'sus_low'), 54.36, 0.01, 'csv sus low');

  const stranger = await signUp('csv-insights-stranger');
  assert.equal((await client.analysisExportTasks(analysis.id, { cookie: stranger.cookie })).status, 404);
});
