// Waitlist API: validation with product §5's messages, duplicates, honeypot, rate limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, randomIp, uniqueEmail } from './helpers.mjs';
import { q, sql } from './db.mjs';

const WAITLIST = '/api/v1/waitlist';

test('a sign-up is stored once, normalised, with its consent time', async () => {
  const email = uniqueEmail('Wait');
  const first = await api(WAITLIST, { method: 'POST', body: { email: ` ${email} `, consent: true } });
  assert.equal(first.status, 201);
  assert.equal(first.json.message, 'Te hemos apuntado. Te avisaremos cuando abramos acceso.');
  const again = await api(WAITLIST, { method: 'POST', body: { email: email.toUpperCase(), consent: true } });
  assert.equal(again.status, 201);
  const rows = await sql(
    `SELECT email, consent, consent_at FROM waitlist WHERE email_normalized = ${q(email.toLowerCase())}`,
  );
  assert.equal(rows.length, 1);
  assert.equal(rows[0].consent, 1);
  assert.ok(rows[0].consent_at > 0);
});

test('invalid e-mails and missing consent get 400 with the product §5 messages', async () => {
  for (const email of ['', 'sin-arroba', 'a b@c.es', '@x']) {
    const res = await api(WAITLIST, { method: 'POST', body: { email, consent: true } });
    assert.equal(res.status, 400, email);
    assert.equal(res.json.message, 'Introduce un correo válido');
  }
  for (const consent of [false, undefined]) {
    const res = await api(WAITLIST, { method: 'POST', body: { email: uniqueEmail(), consent } });
    assert.equal(res.status, 400);
    assert.equal(res.json.message, 'Debes aceptar los términos para continuar');
  }
});

test('a filled honeypot is accepted with 2xx and nothing is stored', async () => {
  const email = uniqueEmail('bot');
  const res = await api(WAITLIST, { method: 'POST', body: { email, consent: true, website: 'http://spam.example' } });
  assert.equal(res.status, 201);
  assert.equal((await sql(`SELECT 1 FROM waitlist WHERE email_normalized = ${q(email)}`)).length, 0);
});

test('sign-ups are rate-limited per client', async () => {
  const ip = randomIp();
  const statuses = [];
  for (let i = 0; i < 21; i++)
    statuses.push((await api(WAITLIST, { method: 'POST', ip, body: { email: uniqueEmail(), consent: true } })).status);
  assert.ok(statuses.slice(0, 20).every((s) => s === 201));
  assert.equal(statuses[20], 429);
});

test('IPv6 clients are limited per /64: a new address in the same network gets no fresh budget', async () => {
  const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
  const network = `2001:db8:${hex()}:${hex()}`;
  const statuses = [];
  // Every sign-up from another address of the same /64.
  for (let i = 0; i < 21; i++) {
    const ip = `${network}:${hex()}:${hex()}:${hex()}:${(i + 1).toString(16)}`;
    statuses.push((await api(WAITLIST, { method: 'POST', ip, body: { email: uniqueEmail(), consent: true } })).status);
  }
  assert.ok(
    statuses.slice(0, 20).every((s) => s === 201),
    statuses.join(' '),
  );
  assert.equal(statuses[20], 429);
  // Another /64 still has its own budget.
  const other = await api(WAITLIST, {
    method: 'POST',
    ip: `2001:db8:${hex()}:${hex()}::1`,
    body: { email: uniqueEmail(), consent: true },
  });
  assert.equal(other.status, 201);
});
