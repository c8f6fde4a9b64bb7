// Panel studies (ADR 0017): the analysis's optional screener, questions, task order and panel links
// (validation of each with its Spanish 4xx, the defaults that leave product §3's payload as it was),
// the screener's verdict (a screen-out takes no place), the participant id and the shuffled order
// stored with the participation, the answers with their wording, and the summary and CSV.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { api, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { complete, recordAndSubmit, recordSegment, submit } from './recording.mjs';
import { createAnalysis, parseCsv, researcher } from './insights-helpers.mjs';

const screener = {
  questions: [
    {
      text: '¿Compras por internet?',
      multiple: false,
      options: [
        { text: 'Sí', accept: true },
        { text: 'No', accept: false },
      ],
    },
    {
      text: '¿Qué dispositivos usas?',
      multiple: true,
      options: [
        { text: 'Móvil', accept: true },
        { text: 'Ordenador', accept: true },
        { text: 'Ninguno', accept: false },
      ],
    },
  ],
};
const questions = {
  pre: [{ text: '¿Con qué frecuencia compras?', type: 'single', options: ['Cada semana', 'Cada mes'] }],
  post: [
    { text: '¿Qué cambiarías?', type: 'text' },
    { text: '¿Lo recomendarías?', type: 'scale', scale: 7 },
  ],
};
const panel = {
  pidParam: 'PROLIFIC_PID',
  completionUrl: 'https://app.prolific.example.com/submissions/complete?cc=C0DE&p={pid}',
  screenOutUrl: 'https://app.prolific.example.com/screened-out?p={pid}',
};
const study = { screener, questions, taskOrder: 'random', panel };

function participateWith(analysisId, extra = {}) {
  return client.participate({ body: { analysisId, ...extra } });
}

function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('__Host-lupa_participation='))
    ?.split(';')[0];
}

function screen(analysisId, answers, pid) {
  return client.screen({ body: { analysisId, answers, pid } });
}

test('an analysis without the new fields keeps the product §3 payload; each new field is validated with a clear 400', async () => {
  const owner = await researcher('panels-validate');
  const plain = await createAnalysis(owner);
  for (const key of ['screener', 'questions', 'taskOrder', 'panel']) assert.equal(key in plain, false, key);
  const plainJoin = await participateWith(plain.id);
  for (const key of ['taskOrder', 'questions', 'completionUrl'])
    assert.equal(key in plainJoin.json.analysisData, false, key);
  const check = await client.validateParticipation({ body: { analysisId: plain.id } });
  for (const key of ['screener', 'questionCount']) assert.equal(key in check.json, false, key);
  // The id's parameter is always named: a panel may link to an analysis left at its defaults.
  assert.equal(check.json.pidParam, 'pid');

  // Sending the defaults stores nothing; one option set shows all four.
  const defaults = await createAnalysis(owner, {
    taskOrder: 'fixed',
    panel: { pidParam: 'pid' },
    questions: { pre: [], post: [] },
  });
  assert.equal('panel' in defaults, false);
  const withPanel = await createAnalysis(owner, { panel: { pidParam: 'uid' } });
  assert.deepEqual(withPanel.panel, { pidParam: 'uid', completionUrl: null, screenOutUrl: null });
  assert.deepEqual(
    [withPanel.taskOrder, withPanel.screener, withPanel.questions],
    ['fixed', { questions: [] }, { pre: [], post: [] }],
  );

  const base = {
    name: 'Tienda',
    url: 'tienda.example.com',
    maxNumberOfParticipants: 5,
    scenario: 'S',
    tasks: [{ taskType: 'text', taskContent: 'T' }],
    device: 'computer',
  };
  const yesNo = screener.questions[0];
  const refused = [
    [{ screener: { questions: Array(6).fill(yesNo) } }, 'El filtro puede tener como máximo 5 preguntas'],
    [{ screener: { questions: [{ ...yesNo, text: ' ' }] } }, 'Cada pregunta del filtro necesita un enunciado'],
    [
      { screener: { questions: [{ ...yesNo, options: [{ text: 'Sí', accept: true }] }] } },
      'Cada pregunta del filtro necesita entre 2 y 10 opciones, todas con texto',
    ],
    [
      { screener: { questions: [{ ...yesNo, options: Array(11).fill({ text: 'x', accept: true }) }] } },
      'Cada pregunta del filtro necesita entre 2 y 10 opciones, todas con texto',
    ],
    [
      {
        screener: {
          questions: [
            {
              ...yesNo,
              options: [
                { text: 'Sí', accept: false },
                { text: 'No', accept: false },
              ],
            },
          ],
        },
      },
      "Cada pregunta del filtro necesita al menos una opción marcada 'Aceptar'",
    ],
    [
      { questions: { pre: Array(11).fill({ text: 'P', type: 'text' }), post: [] } },
      'Puedes hacer como máximo 10 preguntas antes y 10 después de las tareas',
    ],
    [{ questions: { pre: [{ text: '', type: 'text' }], post: [] } }, 'Cada pregunta necesita un enunciado'],
    [
      { questions: { pre: [{ text: 'P', type: 'dropdown' }], post: [] } },
      'El tipo de pregunta debe ser texto, opción única, opción múltiple o escala',
    ],
    [
      { questions: { pre: [], post: [{ text: 'P', type: 'single', options: ['Solo una'] }] } },
      'Cada pregunta de opciones necesita entre 2 y 10 opciones, todas con texto',
    ],
    [
      { questions: { pre: [], post: [{ text: 'P', type: 'scale', scale: 10 }] } },
      'La escala debe ser de 1 a 5 o de 1 a 7',
    ],
    [
      { questions: { pre: [{ text: 'x'.repeat(501), type: 'text' }], post: [] } },
      'Los enunciados y las opciones pueden tener como máximo 500 caracteres',
    ],
    [{ taskOrder: 'shuffled' }, "El orden de las tareas debe ser 'fixed' (fijo) o 'random' (aleatorio)"],
    [
      { panel: { pidParam: 'PROLIFIC PID' } },
      "El parámetro del identificador solo puede tener letras, números, '-' y '_' (máximo 64)",
    ],
    [
      { panel: { pidParam: 'p'.repeat(65) } },
      "El parámetro del identificador solo puede tener letras, números, '-' y '_' (máximo 64)",
    ],
    [
      { panel: { pidParam: 'pid', completionUrl: 'http://panel.example.com/done' } },
      'La URL de finalización debe ser una URL https válida',
    ],
    [
      { panel: { pidParam: 'pid', completionUrl: 'https://no dominio' } },
      'La URL de finalización debe ser una URL https válida',
    ],
    [
      { panel: { pidParam: 'pid', screenOutUrl: 'javascript:alert(1)' } },
      'La URL de rechazo del filtro debe ser una URL https válida',
    ],
  ];
  for (const [extra, message] of refused) {
    const res = await client.analysisCreate({ cookie: owner.cookie, body: { ...base, ...extra } });
    assert.equal(res.status, 400, JSON.stringify(extra));
    assert.equal(res.json.message, message);
  }
  // Product §5's problems come first, the new ones are listed after them.
  const both = await client.analysisCreate({ cookie: owner.cookie, body: { ...base, name: '', taskOrder: 'x' } });
  assert.equal(both.json.message, 'El nombre del análisis es obligatorio');
  assert.ok(
    both.json.errors
      .map((e) => e.msg ?? e)
      .includes("El orden de las tareas debe ser 'fixed' (fijo) o 'random' (aleatorio)"),
  );
});

test('an edit keeps what it leaves out; questions may change after participations, old answers keep their wording', async () => {
  const owner = await researcher('panels-edit');
  const analysis = await createAnalysis(owner, {
    tasks: ['Uno'],
    questions: { pre: [{ text: 'Antes', type: 'text' }], post: [] },
  });
  const join = await participateWith(analysis.id);
  const cookie = cookieOf(join);
  const entryId = join.json.analysisEntryId;
  const put = (phase, body) => client.entryQuestionAnswers(entryId, phase, { cookie, body });
  assert.equal(
    (await put('post', { answers: [], atMs: 10 })).json.message,
    'Este análisis no tiene preguntas en ese momento',
  );
  assert.equal((await put('pre', { answers: [], atMs: 10 })).json.message, 'Responde a todas las preguntas');
  assert.equal(
    (await put('pre', { answers: [{ text: '' }], atMs: 10 })).json.message,
    'Responde a todas las preguntas',
  );
  assert.equal(
    (await put('pre', { answers: [{ text: 'x'.repeat(2001) }], atMs: 10 })).json.message,
    'Cada respuesta puede tener como máximo 2000 caracteres',
  );
  assert.equal(
    (await put('pre', { answers: [{ text: 'Hola' }] })).json.message,
    'El momento de la respuesta no es válido',
  );
  const saved = await put('pre', { answers: [{ text: 'Hola' }], atMs: 1500 });
  assert.equal(saved.status, 200, saved.text);
  assert.deepEqual(
    saved.json.answers.map((a) => [a.phase, a.questionNumber, a.question, a.answer]),
    [['pre', 1, 'Antes', 'Hola']],
  );
  assert.equal(
    (await client.entryQuestionAnswers(entryId, 'pre', { body: { answers: [{ text: 'x' }], atMs: 1 } })).status,
    403,
  );

  const edited = await client.analysisUpdate(analysis.id, {
    cookie: owner.cookie,
    body: {
      name: 'Tienda',
      url: 'tienda.example.com',
      maxNumberOfParticipants: 10,
      scenario: 'S',
      tasks: [{ taskType: 'text', taskContent: 'Uno' }],
      device: 'computer',
      questions: { pre: [{ text: 'Otra pregunta', type: 'scale', scale: 5 }], post: [] },
    },
  });
  assert.equal(edited.status, 200, edited.text);
  assert.equal(edited.json.analysisData.questions.pre[0].text, 'Otra pregunta');
  const kept = await client.analysisUpdate(analysis.id, {
    cookie: owner.cookie,
    body: {
      name: 'Tienda',
      url: 'tienda.example.com',
      maxNumberOfParticipants: 10,
      scenario: 'S',
      tasks: [{ taskType: 'text', taskContent: 'Uno' }],
      device: 'computer',
      taskOrder: 'random',
    },
  });
  assert.equal(kept.json.analysisData.questions.pre[0].text, 'Otra pregunta');
  assert.equal(kept.json.analysisData.taskOrder, 'random');
  const resumed = await client.participationCurrent({ cookie });
  assert.deepEqual(
    resumed.json.answers.questions.map((a) => [a.question, a.answer]),
    [['Antes', 'Hola']],
  );
});

test('the screener: a screen-out takes no place and is counted by reason; the last place goes to the next one screened in', async () => {
  const owner = await researcher('panels-screen');
  const analysis = await createAnalysis(owner, { tasks: ['Uno', 'Dos', 'Tres', 'Cuatro'], max: 1, ...study });
  const check = await client.validateParticipation({ body: { analysisId: analysis.id } });
  assert.equal(check.json.pidParam, 'PROLIFIC_PID');
  assert.equal(check.json.questionCount, 3);
  assert.deepEqual(check.json.screener[0], { text: '¿Compras por internet?', multiple: false, options: ['Sí', 'No'] });

  assert.equal((await screen(analysis.id, [[0]])).json.message, 'Responde a todas las preguntas del filtro');
  // Answers that do not fit this screener: 409 (ADR 0020).
  assert.equal((await screen(analysis.id, [[0, 1], [0]])).status, 409);
  assert.equal(
    (await screen(analysis.id, [[0], [0]], 'a b')).json.message,
    "El identificador del participante solo puede tener letras, números, '-' y '_' (máximo 64)",
  );
  assert.equal((await screen(analysis.id, [[0], [0]], 'x'.repeat(65))).status, 400);

  const out = await screen(analysis.id, [[1], [0]], 'zz-9');
  assert.deepEqual(out.json, { accepted: false, screenOutUrl: 'https://app.prolific.example.com/screened-out?p=zz-9' });
  const out2 = await screen(analysis.id, [[0], [0, 2]], 'zz_8');
  assert.equal(out2.json.accepted, false);
  // The rejected answers cannot take a place by calling participate directly.
  const sneaky = await participateWith(analysis.id, { pid: 'zz-9', screener: [[1], [0]] });
  assert.equal(sneaky.status, 403);
  assert.equal(sneaky.json.message, 'Gracias, este estudio busca otro perfil');
  // No screener answers for an analysis with a screener: they do not fit it (409, ADR 0020).
  assert.equal((await participateWith(analysis.id, { pid: 'zz-9' })).status, 409);
  const [{ n }] = await sql(`SELECT COUNT(*) AS n FROM analysis_entries WHERE analysis_id = ${q(analysis.id)}`);
  assert.equal(n, 0);

  assert.deepEqual((await screen(analysis.id, [[0], [0, 1]], 'abc123')).json, { accepted: true });
  const join = await participateWith(analysis.id, { pid: 'abc123', screener: [[0], [0, 1]] });
  assert.equal(join.status, 200, join.text);
  const data = join.json.analysisData;
  // The completion code is proof of finished work: never handed out before anything is recorded.
  assert.equal('completionUrl' in data, false);
  assert.equal(join.text.includes('C0DE'), false);
  assert.deepEqual([...data.taskOrder].sort(), [1, 2, 3, 4]);
  assert.deepEqual(
    data.questions.post.map((x) => x.type),
    ['text', 'scale'],
  );
  const [row] = await sql(`SELECT pid, task_order FROM analysis_entries WHERE id = ${q(join.json.analysisEntryId)}`);
  assert.deepEqual([row.pid, JSON.parse(row.task_order)], ['abc123', data.taskOrder]);
  // The only place is taken now: the next one screened in finds none.
  assert.equal(
    (await participateWith(analysis.id, { screener: [[0], [1]] })).json.message,
    'No hay plazas disponibles para este análisis.',
  );
  assert.equal((await participateWith(analysis.id, { pid: 'bad id!', screener: [[0], [1]] })).status, 400);

  const summary = await client.analysisSummary(analysis.id, { cookie: owner.cookie });
  assert.equal(summary.json.screenOuts.total, 2);
  assert.deepEqual(summary.json.screenOuts.reasons.map((r) => [r.question, r.option, r.count]).sort(), [
    ['¿Compras por internet?', 'No', 1],
    ['¿Qué dispositivos usas?', 'Ninguno', 1],
  ]);
  const entries = (await client.analysisGet(analysis.id, { cookie: owner.cookie })).json.analysisData.AnalysisEntries;
  assert.equal(entries[0].pid, 'abc123');
});

test('answers, pid and the shuffled order reach the summary and the CSV, tasks by their original number', async () => {
  const owner = await researcher('panels-csv');
  const analysis = await createAnalysis(owner, { tasks: ['Uno', 'Dos', 'Tres'], taskQuestions: true, ...study });
  const join = await participateWith(analysis.id, { pid: 'abc123', screener: [[0], [1]] });
  const cookie = cookieOf(join);
  const entryId = join.json.analysisEntryId;
  const order = join.json.analysisData.taskOrder;
  const put = (path, body) => api(`/api/v1/analysisEntry/${entryId}/${path}`, { method: 'PUT', cookie, body });
  assert.equal((await put('answers/questions/pre', { answers: [{ choices: [1] }], atMs: 1500 })).status, 200);
  // Steps and answers use the original task numbers, whatever order they were shown in.
  const steps = [
    { index: 0, atMs: 0 },
    { index: 1, atMs: 1000 },
  ];
  let at = 2000;
  for (const n of order) {
    steps.push({ index: 1 + n, atMs: at });
    assert.equal((await put(`answers/tasks/${n}`, { seq: 4 + n, success: 'yes', atMs: at + n * 1000 })).status, 200);
    at += n * 1000 + 2000;
  }
  const post = await put('answers/questions/post', {
    answers: [{ text: 'Más grande el botón' }, { value: 6 }],
    atMs: at,
  });
  assert.equal(post.status, 200, post.text);
  assert.equal((await put('answers/questions/post', { answers: [{ text: 'x' }, { value: 8 }], atMs: at })).status, 409);
  await recordAndSubmit(entryId, cookie, randomBytes(4096), { steps, chunkSize: 4096, msPerChunk: at + 1000 });
  await screen(analysis.id, [[1], [0]], 'no-fit');

  const summary = (await client.analysisSummary(analysis.id, { cookie: owner.cookie })).json;
  assert.deepEqual([summary.entries[0].pid, summary.entries[0].taskOrder], ['abc123', order]);
  // Time on task is per original task: task n took n seconds wherever it came.
  assert.deepEqual(
    summary.tasks.map((t) => [t.taskNumber, t.timeAll.medianMs]),
    [
      [1, 1000],
      [2, 2000],
      [3, 3000],
    ],
  );
  const byQuestion = Object.fromEntries(summary.questions.map((x) => [x.question, x]));
  assert.deepEqual(byQuestion['¿Con qué frecuencia compras?'].counts, [
    { option: 'Cada semana', count: 0 },
    { option: 'Cada mes', count: 1 },
  ]);
  assert.equal(byQuestion['¿Lo recomendarías?'].counts.find((c) => c.option === '6').count, 1);
  // Who answered (the base of each share), and a scale's mean: no interval below 3 answers.
  assert.equal(byQuestion['¿Con qué frecuencia compras?'].respondents, 1);
  assert.equal(byQuestion['¿Con qué frecuencia compras?'].mean, undefined);
  assert.deepEqual(byQuestion['¿Lo recomendarías?'].mean, { n: 1, mean: 6, low: null, high: null });
  assert.equal(byQuestion['¿Qué cambiarías?'].respondents, 1);
  assert.deepEqual(
    byQuestion['¿Qué cambiarías?'].texts.map((t) => [t.entryId, t.text, t.atMs]),
    [[entryId, 'Más grande el botón', at]],
  );
  const entry = await client.entryPage(entryId, { cookie: owner.cookie });
  assert.equal(entry.status, 200);

  const csv = await client.analysisExport(analysis.id, { cookie: owner.cookie });
  const rows = parseCsv(csv.text);
  const header = rows[0];
  const col = (name) => header.indexOf(name);
  assert.deepEqual(header.slice(-6), ['pid', 'task_order', 'question_phase', 'question_number', 'question', 'answer']);
  const tasks = rows.filter((r) => r[0] === 'task');
  assert.deepEqual(
    tasks.map((r) => [r[col('task_number')], r[col('task')], r[col('pid')], r[col('task_order')]]),
    [
      ['1', 'Uno', 'abc123', order.join(' ')],
      ['2', 'Dos', 'abc123', order.join(' ')],
      ['3', 'Tres', 'abc123', order.join(' ')],
    ],
  );
  const answers = rows
    .filter((r) => r[0] === 'answer')
    .map((r) => [r[col('question_phase')], r[col('question')], r[col('answer')]]);
  assert.deepEqual(answers, [
    ['pre', '¿Con qué frecuencia compras?', 'Cada mes'],
    ['post', '¿Qué cambiarías?', 'Más grande el botón'],
    ['post', '¿Lo recomendarías?', '6'],
  ]);
  const outs = rows.filter((r) => r[0] === 'screen_out');
  assert.deepEqual(
    outs.map((r) => [r[col('pid')], r[col('question')], r[col('answer')]]),
    [['no-fit', '¿Compras por internet?', 'No']],
  );

  // An analysis without the new fields keeps its CSV columns.
  const plain = await createAnalysis(owner);
  const plainCsv = parseCsv((await client.analysisExport(plain.id, { cookie: owner.cookie })).text);
  assert.equal(plainCsv[0].includes('pid'), false);
});

test('the completion URL comes only with the submit, for that participation and its own id', async () => {
  const owner = await researcher('panels-completion');
  const analysis = await createAnalysis(owner, { tasks: ['Uno'], panel });
  const first = await participateWith(analysis.id, { pid: 'first-1' });
  const second = await participateWith(analysis.id, { pid: 'second-2' });
  for (const join of [first, second]) {
    assert.equal(join.status, 200, join.text);
    assert.equal(join.text.includes('C0DE'), false, 'participate must not carry the completion code');
  }
  // Neither resuming nor an unfinished submit gives it away.
  const firstCookie = cookieOf(first);
  const resumed = await client.participationCurrent({ cookie: firstCookie });
  assert.equal(resumed.status, 200, resumed.text);
  assert.equal(resumed.text.includes('C0DE'), false);
  const early = await submit(first.json.analysisEntryId, firstCookie);
  assert.equal(early.status, 409);
  assert.equal(early.text.includes('C0DE'), false);

  await recordSegment(first.json.analysisEntryId, firstCookie, randomBytes(4096), { chunkSize: 4096 });
  assert.equal((await complete(first.json.analysisEntryId, firstCookie)).status, 200);
  const sent = await submit(first.json.analysisEntryId, firstCookie);
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual(sent.json, {
    message: 'Grabación enviada',
    completionUrl: 'https://app.prolific.example.com/submissions/complete?cc=C0DE&p=first-1',
  });

  // A study without a completion URL answers the submit as before.
  const plain = await createAnalysis(owner, { tasks: ['Uno'] });
  const join = await participateWith(plain.id);
  await recordAndSubmit(join.json.analysisEntryId, cookieOf(join), randomBytes(4096), { chunkSize: 4096 });
  const again = await submit(join.json.analysisEntryId, cookieOf(join));
  assert.equal(again.status, 403, 'the capability ends with the submit');
});

test('screen-outs count only for a published analysis with a screener', async () => {
  const owner = await researcher('panels-screen-status');
  const screened = await createAnalysis(owner, { tasks: ['Uno'], max: 1, screener, panel });
  const plain = await createAnalysis(owner, { tasks: ['Uno'] });
  const count = async (id) => (await sql(`SELECT COUNT(*) AS n FROM screen_outs WHERE analysis_id = ${q(id)}`))[0].n;

  // No screener: no verdict to give, nothing counted.
  const none = await screen(plain.id, [[1], [2]], 'x1');
  assert.equal(none.status, 200, none.text);
  assert.deepEqual(none.json, { accepted: true });
  assert.equal(await count(plain.id), 0);
  // An unknown id: 404, nothing counted.
  const unknown = await screen('no-such-analysis', [[1], [0]], 'x1');
  assert.equal(unknown.status, 404);
  assert.equal(
    unknown.json.message,
    'Análisis no encontrado. Por favor, verifica tu ID de análisis e inténtalo de nuevo.',
  );

  // Published: counted.
  assert.equal((await screen(screened.id, [[1], [0]], 'x2')).json.accepted, false);
  assert.equal(await count(screened.id), 1);
  // Full (its one place submitted), then completed: refused with the participant's message, not counted.
  const join = await participateWith(screened.id, { pid: 'in-1', screener: [[0], [0]] });
  await recordAndSubmit(join.json.analysisEntryId, cookieOf(join), randomBytes(4096), { chunkSize: 4096 });
  const [{ status }] = await sql(`SELECT status FROM analyses WHERE id = ${q(screened.id)}`);
  assert.equal(status, 'completed');
  const closed = await screen(screened.id, [[1], [0]], 'x3');
  assert.equal(closed.status, 400);
  assert.equal(closed.json.message, 'No hay plazas disponibles para este análisis.');
  assert.equal(await count(screened.id), 1);
});

test('a default analysis keeps the ?pid= id: stored with the participation, in its table and its CSV', async () => {
  const owner = await researcher('panels-default-pid');
  const analysis = await createAnalysis(owner, { tasks: ['Uno'] });
  assert.equal('panel' in analysis, false);
  const check = await client.validateParticipation({ body: { analysisId: analysis.id } });
  assert.equal(check.json.pidParam, 'pid');
  const join = await participateWith(analysis.id, { pid: 'abc123' });
  assert.equal(join.status, 200, join.text);
  const entryId = join.json.analysisEntryId;
  const [row] = await sql(`SELECT pid FROM analysis_entries WHERE id = ${q(entryId)}`);
  assert.equal(row.pid, 'abc123');
  await recordAndSubmit(entryId, cookieOf(join), randomBytes(4096), { chunkSize: 4096 });

  const entries = (await client.analysisGet(analysis.id, { cookie: owner.cookie })).json.analysisData.AnalysisEntries;
  assert.deepEqual(
    entries.map((e) => e.pid),
    ['abc123'],
  );
  const rows = parseCsv((await client.analysisExport(analysis.id, { cookie: owner.cookie })).text);
  const pidAt = rows[0].indexOf('pid');
  assert.ok(pidAt > 0, `the CSV names a pid column: ${rows[0].join(',')}`);
  const taskRows = rows.filter((r) => r[0] === 'task');
  assert.deepEqual(
    taskRows.map((r) => [r[1], r[pidAt]]),
    [[entryId, 'abc123']],
  );
});
