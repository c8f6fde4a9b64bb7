// What Lupa keeps about a person, and for how long (ADR 0006): deleting a user also removes their
// waitlist sign-up and the mails to them in the local outbox, and the outbox keeps a mail (whose
// reset link is a secret) for 24 hours only, purged by the cron without anyone visiting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomIp, signUp, client } from './helpers.mjs';
import { runCron } from './recording.mjs';
import { q, sql } from './db.mjs';

const HOUR = 60 * 60 * 1000;

test("deleting a user removes their waitlist sign-up and their outbox mails, and no one else's", async () => {
  const admin = await signUp('ret-admin');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  const gone = await signUp('ret-gone');
  const stays = await signUp('ret-stays');
  for (const person of [gone, stays]) {
    assert.equal(
      (await client.waitlist({ ip: randomIp(), body: { email: person.email.toUpperCase(), consent: true } })).status,
      201,
    );
    assert.equal((await client.authResetRequest({ ip: randomIp(), body: { email: person.email } })).status, 200);
  }
  const count = async (email) => ({
    waitlist: (await sql(`SELECT COUNT(*) AS n FROM waitlist WHERE email_normalized = ${q(email.toLowerCase())}`))[0].n,
    outbox: (await sql(`SELECT COUNT(*) AS n FROM mail_outbox WHERE lower(to_address) = ${q(email.toLowerCase())}`))[0]
      .n,
  });
  assert.deepEqual(await count(gone.email), { waitlist: 1, outbox: 1 });

  const deleted = await client.adminUserDelete(gone.user.id, { cookie: admin.cookie });
  assert.equal(deleted.status, 200, deleted.text);
  assert.deepEqual(await count(gone.email), { waitlist: 0, outbox: 0 });
  assert.deepEqual(await count(stays.email), { waitlist: 1, outbox: 1 });
});

test('the cron purges outbox mails older than 24 hours and keeps newer ones', async () => {
  const now = Date.now();
  const tag = `purge-${now}`;
  await sql(`INSERT INTO mail_outbox (id, to_address, subject, text_body, html_body, created_at) VALUES
    (${q(`${tag}-old`)}, ${q(`${tag}-old@example.com`)}, 'Reset', 'token', 'token', ${now - 25 * HOUR}),
    (${q(`${tag}-new`)}, ${q(`${tag}-new@example.com`)}, 'Reset', 'token', 'token', ${now - 23 * HOUR})`);
  await runCron(now);
  const left = (await sql(`SELECT id FROM mail_outbox WHERE id LIKE ${q(`${tag}-%`)} ORDER BY id`)).map((r) => r.id);
  assert.deepEqual(left, [`${tag}-new`]);
  await runCron(now + 2 * HOUR);
  assert.deepEqual(await sql(`SELECT id FROM mail_outbox WHERE id LIKE ${q(`${tag}-%`)}`), []);
});
