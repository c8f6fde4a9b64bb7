// Malformed input, generated from the OpenAPI document: for every operation, wrong methods,
// content types and bodies (missing, not JSON, wrong types, missing and extra fields, huge strings,
// unicode, deep nesting) and bad path ids, sent signed in as an admin holding a participant
// capability so requests get past the gates into the handlers. Zero 5xx; every 4xx is JSON with
// a message. Deterministic (seeded), bounded, a few thousand requests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, randomIp, signUp } from './helpers.mjs';
import { grantSubscription, q, sql } from './db.mjs';

const root = new URL('../..', import.meta.url).pathname;
const doc = JSON.parse(readFileSync(`${root}edge-worker/api-types/openapi.json`, 'utf8'));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Small seeded PRNG so a failure reproduces. */
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const rand = rng(20261122);
const pick = (list) => list[Math.floor(rand() * list.length)];

const STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(5000),
  '😀🇪🇸',
  'مرحبا',
  '\u0000',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'null',
  '-1',
  '1e309',
];
const VALUES = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 63),
  'texto',
  [],
  [1, 'a'],
  {},
  { nested: { deep: [1] } },
];
const BAD_IDS = ['x', 'x'.repeat(300), '😀', '..%2F..', "'; DROP TABLE users; --", '%00', '0', '-1', 'a b'];

function resolveRef(schema) {
  if (schema?.$ref) return doc.components.schemas[schema.$ref.split('/').pop()];
  return schema;
}

/** Bodies that are wrong in one way each, derived from the operation's schema. */
function badBodies(op) {
  const schema = resolveRef(op.requestBody?.content?.['application/json']?.schema);
  const props = Object.keys(schema?.properties ?? {});
  const bodies = [
    { raw: 'not json', type: 'application/json' },
    { raw: '{"unterminated": ', type: 'application/json' },
    { raw: '[]', type: 'application/json' },
    { raw: 'null', type: 'application/json' },
    { raw: '"string"', type: 'application/json' },
    { raw: '{}', type: 'application/json' },
    { raw: '{"a":1}', type: 'text/plain' },
    { raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
    {
      raw: JSON.stringify({ extra: 'field', __proto__: { polluted: true }, constructor: { prototype: {} } }),
      type: 'application/json',
    },
    { raw: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
    { raw: JSON.stringify({ big: 'x'.repeat(70_000) }), type: 'application/json' },
  ];
  for (const prop of props) {
    for (let i = 0; i < 4; i++)
      bodies.push({ raw: JSON.stringify({ [prop]: pick(VALUES) }), type: 'application/json' });
    bodies.push({
      raw: JSON.stringify(Object.fromEntries(props.map((p) => [p, pick(STRINGS)]))),
      type: 'application/json',
    });
    bodies.push({
      raw: JSON.stringify(Object.fromEntries(props.map((p) => [p, pick(VALUES)]))),
      type: 'application/json',
    });
  }
  return bodies;
}

/** Requests in flight at once: enough to overlap the round trips, few enough not to be a load test. */
const IN_FLIGHT = 4;

async function send(method, path, { raw, type } = {}, cookie) {
  const headers = { 'cf-connecting-ip': randomIp(), cookie };
  if (type) headers['content-type'] = type;
  // GET and DELETE bodies: fetch refuses GET bodies, so those go without one.
  const res = await fetch(BASE + path, {
    method: method.toUpperCase(),
    headers,
    body: method === 'get' ? undefined : raw,
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

test('thousands of malformed requests: no 5xx, every 4xx is JSON with a message', async () => {
  // A world deep enough for handlers to run: an admin with a subscription, an analysis, an entry.
  const admin = await signUp('fuzz');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  grantSubscription(admin.user.id);
  const created = await fetch(`${BASE}/api/v1/analysis`, {
    method: 'POST',
    headers: { cookie: admin.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'F',
      url: 'example.com',
      maxNumberOfParticipants: 1000,
      scenario: '',
      tasks: [{ taskType: 'text', taskContent: 'T' }],
      device: 'computer',
    }),
  });
  const analysisId = (await created.json()).analysisData.id;
  const part = await fetch(`${BASE}/api/v1/analysis/participate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': randomIp() },
    body: JSON.stringify({ analysisId }),
  });
  const entryId = (await part.json()).analysisEntryId;
  const cap = part.headers.getSetCookie()[0].split(';')[0];
  const cookie = `${admin.cookie}; ${cap}`;

  const failures = [];
  let sent = 0;
  const check = (label, res) => {
    sent++;
    if (res.status >= 500) failures.push(`${label} → ${res.status} ${res.text.slice(0, 120)}`);
    else if (res.status >= 400 && res.status !== 416) {
      let body;
      try {
        body = JSON.parse(res.text);
      } catch {
        body = undefined;
      }
      if (!res.type.includes('application/json') || typeof body?.message !== 'string')
        failures.push(`${label} → ${res.status} without a JSON message`);
    }
  };

  // Every request is queued, then sent IN_FLIGHT at a time: a fuzz run that takes minutes one by one
  // takes a fraction of that, and requests of different routes overlap as clients' would (a delete
  // racing a chunk of the same participation must also answer 4xx, never 5xx).
  const jobs = [];
  const queue = (label, request) => jobs.push(async () => check(label, await request()));
  for (const [pattern, item] of Object.entries(doc.paths)) {
    // Never log ourselves out or delete the admin mid-run.
    const skip = (m) =>
      (pattern.endsWith('/auth/logout') && m === 'post') || (pattern.endsWith('/admin/users/{id}') && m === 'delete');
    const concrete = (ids) =>
      pattern
        .replace('{id}', ids.id)
        .replace('{part}', ids.part)
        .replace('{segment}', ids.part)
        .replace('{index}', ids.part)
        .replace('{taskNumber}', ids.part)
        .replace('{noteId}', ids.note)
        .replace('{clipId}', ids.note)
        .replace('{token}', ids.note)
        .replace('{source}', ids.note)
        .replace('{track}', 'screen');
    for (const method of METHODS) {
      if (skip(method)) continue;
      const op = item[method];
      const real = concrete({
        id:
          pattern.includes('/analysisEntry/') ||
          pattern.includes('/uploads/') ||
          pattern.includes('/recordings/') ||
          pattern.includes('/entry/')
            ? entryId
            : analysisId,
        part: '1',
        note: 'missing',
      });
      if (!op) {
        queue(`${method} ${pattern} (undefined method)`, () =>
          send(method, real, { raw: '{}', type: 'application/json' }, cookie),
        );
        continue;
      }
      // Signed in (handlers run) and anonymous (the gates answer).
      for (const who of [cookie, undefined]) {
        for (const body of badBodies(op))
          queue(`${method} ${pattern} ${body.raw.slice(0, 40)}`, () => send(method, real, body, who));
      }
      if (pattern.includes('{')) {
        for (const id of BAD_IDS) {
          const path = concrete({
            id: encodeURIComponent(id),
            part: encodeURIComponent(pick(BAD_IDS)),
            note: encodeURIComponent(id),
          });
          queue(`${method} ${path.slice(0, 80)}`, () =>
            send(method, path, { raw: '{}', type: 'application/json' }, cookie),
          );
        }
      }
      for (const query of [
        '?page=-5&pageSize=99999&q=%25%5F',
        '?passwordResetToken=' + 'x'.repeat(3000),
        '?expires=abc&sig=zz',
        '?range=bytes',
      ]) {
        queue(`${method} ${pattern}${query.slice(0, 30)}`, () =>
          send(method, real + query, method === 'get' ? {} : { raw: '{}', type: 'application/json' }, cookie),
        );
      }
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]();
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  // Range headers on a recording URL with every shape of nonsense.
  for (const range of [
    'bytes=',
    'bytes=-',
    'bytes=abc-def',
    'bytes=99999999999999999999-',
    'bytes=5-1',
    'pages=1-2',
    'bytes=0-0,1-1',
  ]) {
    const res = await fetch(`${BASE}/api/v1/recordings/${entryId}?expires=1&sig=00`, { headers: { range } });
    check(`range ${range}`, {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      text: await res.text(),
    });
  }
  assert.deepEqual(failures.slice(0, 30), [], `${failures.length} failures of ${sent}`);
  assert.ok(sent > 2000, `only ${sent} requests`);
});
