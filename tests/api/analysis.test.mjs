// Analyses API: validation matrix, subscription gate (402), ownership (404 for others), status
// transitions, edit limits and delete.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, signUp, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { owner } from '../lib/test-app.mjs';

const valid = {
  name: 'Checkout',
  url: 'tienda.example.com/carrito',
  maxNumberOfParticipants: 2,
  scenario: 'null',
  tasks: [
    { taskType: 'text', taskContent: 'Añade un producto' },
    { taskType: 'text', taskContent: '  ' },
    { taskType: 'text', taskContent: 'Paga' },
  ],
  device: 'mobile',
};

/** A customer with an active subscription (the billing issue's provider writes the same row). */
const subscriber = (tag) => owner(tag, { days: 30 });

async function create(cookie, body = valid) {
  return client.analysisCreate({ cookie, body });
}

test('creating needs a session and an active subscription (402)', async () => {
  assert.equal((await create(undefined)).status, 401);
  const { cookie } = await signUp('nosub');
  const res = await create(cookie);
  assert.equal(res.status, 402);
  assert.equal(res.json.code, 'subscription_required');
  const billing = await client.billingGet({ cookie });
  assert.equal(billing.json.billingData.paid, false);
  assert.deepEqual(billing.json.billingData.Subscription, []);
});

test('a created analysis is normalised: https added, empty tasks dropped, no scenario, computer', async () => {
  const { cookie } = await subscriber('create');
  const res = await create(cookie);
  assert.equal(res.status, 201);
  const a = res.json.analysisData;
  assert.equal(a.url, 'https://tienda.example.com/carrito');
  assert.equal(a.scenario, null);
  assert.equal(a.device, 'computer');
  assert.equal(a.status, 'published');
  assert.equal(a.max_number_of_participants, 2);
  assert.deepEqual(
    a.tasks.map((t) => [t.taskType, t.taskContent]),
    [
      ['text', 'Añade un producto'],
      ['text', 'Paga'],
    ],
  );
  assert.deepEqual(a._count, { AnalysisEntries: 0 });
  assert.deepEqual(a.AnalysisEntries, []);
  const billing = await client.billingGet({ cookie });
  assert.equal(billing.json.billingData.paid, true);
});

test('validation answers 400 with the product §5 messages and writes nothing', async () => {
  const { cookie, user } = await subscriber('invalid');
  const cases = [
    [{ ...valid, name: '  ' }, 'El nombre del análisis es obligatorio'],
    [{ ...valid, url: '' }, 'La URL es obligatoria'],
    [{ ...valid, url: 'no es una url' }, 'Por favor, introduzca una URL válida con una estructura de dominio adecuada'],
    [{ ...valid, url: 'localhost' }, 'Por favor, introduzca una URL válida con una estructura de dominio adecuada'],
    [{ ...valid, maxNumberOfParticipants: 0 }, 'El número de participantes debe ser al menos 1'],
    [{ ...valid, maxNumberOfParticipants: undefined }, 'El número de participantes debe ser al menos 1'],
    [{ ...valid, tasks: [{ taskType: 'text', taskContent: ' ' }] }, 'Se requiere al menos una tarea con contenido'],
    [{ ...valid, tasks: [] }, 'Se requiere al menos una tarea con contenido'],
  ];
  for (const [body, message] of cases) {
    const res = await create(cookie, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.json.message, message);
    assert.ok(res.json.errors.some((e) => e.msg === message));
  }
  assert.equal((await create(cookie, { ...valid, maxNumberOfParticipants: 'cinco' })).status, 422);
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM analyses WHERE owner_id = ${q(user.id)}`))[0].n, 0);
});

test('the list holds only the caller’s analyses, newest first, with tasks and counts', async () => {
  const { cookie } = await subscriber('list');
  const other = await subscriber('list-other');
  await create(cookie, { ...valid, name: 'Primero' });
  await create(cookie, { ...valid, name: 'Segundo' });
  await create(other.cookie, { ...valid, name: 'Ajeno' });
  const res = await client.analysisList({ cookie });
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.json.analyses.map((a) => a.name),
    ['Segundo', 'Primero'],
  );
  assert.equal(res.json.analyses[0].tasks.length, 2);
});

test('another customer gets 404 on every analysis route', async () => {
  const owner = await subscriber('owner');
  const intruder = await subscriber('intruder');
  const id = (await create(owner.cookie)).json.analysisData.id;
  const calls = [
    ['GET', `/api/v1/analysis/${id}`],
    ['PATCH', `/api/v1/analysis/${id}`, valid],
    ['DELETE', `/api/v1/analysis/${id}`],
    ['POST', `/api/v1/analysis/${id}/close`],
    ['POST', `/api/v1/analysis/${id}/reopen`],
  ];
  for (const [method, path, body] of calls) {
    const res = await api(path, { method, cookie: intruder.cookie, body });
    assert.equal(res.status, 404, `${method} ${path}`);
    assert.equal((await api(path, { method, body })).status, 401, `anonymous ${method} ${path}`);
  }
  assert.equal((await client.analysisGet(id, { cookie: owner.cookie })).json.analysisData.name, 'Checkout');
  assert.equal((await client.analysisGet('does-not-exist', { cookie: owner.cookie })).status, 404);
});

test('close, reopen, full analyses and the edit limit follow the status rules', async () => {
  const { cookie } = await subscriber('status');
  const id = (await create(cookie)).json.analysisData.id;
  const closed = await client.analysisClose(id, { cookie });
  assert.equal(closed.json.analysisData.status, 'completed');
  const reopened = await client.analysisReopen(id, { cookie });
  assert.equal(reopened.json.analysisData.status, 'published');

  // Two submitted entries fill the analysis (max 2): reopening is refused, shrinking below is too.
  const now = Date.now();
  for (const n of [1, 2]) {
    await sql(
      `INSERT INTO analysis_entries (id, analysis_id, status, created_at, updated_at, submitted_at) VALUES (${q(`e${n}-${id}`)}, ${q(id)}, 'submitted', ${now}, ${now}, ${now + n})`,
    );
  }
  await client.analysisClose(id, { cookie });
  const full = await client.analysisReopen(id, { cookie });
  // Full, and fewer places than submissions: the analysis's state, not the request (ADR 0020).
  assert.equal(full.status, 409);
  assert.equal(full.json.code, 'analysis_full');
  const shrink = await client.analysisUpdate(id, { cookie, body: { ...valid, maxNumberOfParticipants: 1 } });
  assert.equal(shrink.status, 409);
  assert.equal(
    shrink.json.message,
    'El número de participantes no puede ser menor que las participaciones ya recibidas',
  );

  const detail = await client.analysisGet(id, { cookie });
  assert.equal(detail.json.analysisData._count.AnalysisEntries, 2);
  assert.equal(detail.json.analysisData.AnalysisEntries.length, 2);
  assert.ok(detail.json.analysisData.AnalysisEntries.every((e) => e.status === 'submitted' && e.updated_at > 0));
});

test('editing replaces fields and tasks in order', async () => {
  const { cookie } = await subscriber('edit');
  const id = (await create(cookie)).json.analysisData.id;
  const res = await client.analysisUpdate(id, {
    cookie,
    body: {
      ...valid,
      name: 'Nuevo nombre',
      scenario: 'Eres cliente',
      maxNumberOfParticipants: 8,
      tasks: [
        { taskType: 'text', taskContent: 'Una' },
        { taskType: 'text', taskContent: 'Dos' },
        { taskType: 'text', taskContent: 'Tres' },
      ],
    },
  });
  assert.equal(res.status, 200);
  const a = res.json.analysisData;
  assert.equal(a.name, 'Nuevo nombre');
  assert.equal(a.scenario, 'Eres cliente');
  assert.equal(a.max_number_of_participants, 8);
  assert.deepEqual(
    a.tasks.map((t) => t.taskContent),
    ['Una', 'Dos', 'Tres'],
  );
});

test('deleting removes the analysis, its tasks and entries', async () => {
  const { cookie } = await subscriber('delete');
  const id = (await create(cookie)).json.analysisData.id;
  const res = await client.analysisDelete(id, { cookie });
  assert.equal(res.status, 200);
  assert.equal((await client.analysisGet(id, { cookie })).status, 404);
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM analysis_tasks WHERE analysis_id = ${q(id)}`))[0].n, 0);
});

test('a lapsed subscription stops edits and reopening (402), never reading, exporting, closing or deleting', async () => {
  const { cookie, user } = await subscriber('lapsed');
  const id = (await create(cookie)).json.analysisData.id;
  assert.equal((await client.analysisClose(id, { cookie })).status, 200);
  // The subscription is cancelled and its period over.
  await sql(
    `UPDATE subscriptions SET status = 'canceled', current_period_end = ${Date.now() - 1000} WHERE user_id = ${q(user.id)}`,
  );

  const edit = await client.analysisUpdate(id, { cookie, body: { ...valid, maxNumberOfParticipants: 1000 } });
  assert.equal(edit.status, 402, edit.text);
  assert.equal(edit.json.code, 'subscription_required');
  assert.match(edit.json.message, /suscripción activa/);
  const reopen = await client.analysisReopen(id, { cookie });
  assert.equal(reopen.status, 402, reopen.text);
  // Nothing changed.
  const read = await client.analysisGet(id, { cookie });
  assert.equal(read.status, 200);
  assert.equal(read.json.analysisData.max_number_of_participants, 2);
  assert.equal(read.json.analysisData.status, 'completed');
  // The customer still gets their data out, and can delete it.
  assert.equal((await client.analysisExport(id, { cookie })).status, 200);
  assert.equal((await client.analysisDelete(id, { cookie })).status, 200);
});
