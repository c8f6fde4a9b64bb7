// Admin API: refusals for anonymous callers and customers, listing with search and paging, role
// changes with last-admin protection, deleting a user with every row and recording, waitlist CSV,
// and the workspaces with their seats, subscription and members (ADR 0019). One file, run in
// order: a test here makes its admin the only one for a while.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { api, BASE, signUp, uniqueEmail, client } from './helpers.mjs';
import { participate, recordAndSubmit } from './recording.mjs';
import { grantSubscription, q, r2Exists, sql } from './db.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';
import { join } from './team-helpers.mjs';

const REFUSED = 'User is not authorized to view this page - please log in again';

async function admin(tag = 'admin') {
  const account = await signUp(tag);
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(account.user.id)}`);
  return account;
}

test('every admin route refuses anonymous callers (401) and customers (403) with the product §8 message', async () => {
  const customer = await signUp('plain');
  const routes = [
    ['GET', '/api/v1/admin/'],
    ['GET', '/api/v1/admin'],
    ['PATCH', `/api/v1/admin/users/${customer.user.id}`, { role: 'admin' }],
    ['DELETE', `/api/v1/admin/users/${customer.user.id}`],
    ['GET', '/api/v1/admin/waitlist'],
    ['GET', '/api/v1/admin/waitlist/export'],
  ];
  for (const [method, path, body] of routes) {
    const anonymous = await api(path, { method, body });
    assert.equal(anonymous.status, 401, `${method} ${path}`);
    assert.equal(anonymous.json.message, REFUSED);
    const asCustomer = await api(path, { method, body, cookie: customer.cookie });
    assert.equal(asCustomer.status, 403, `${method} ${path}`);
    assert.equal(asCustomer.json.message, REFUSED);
  }
  assert.equal((await sql(`SELECT role FROM users WHERE id = ${q(customer.user.id)}`))[0].role, 'customer');
});

test('admins list users with the product §3 fields, search by e-mail and page', async () => {
  const boss = await admin();
  const tag = `find${Date.now()}`;
  const found = await signUp(tag);
  const res = await api(`/api/v1/admin/?q=${encodeURIComponent(tag.toUpperCase())}`, { cookie: boss.cookie });
  assert.equal(res.status, 200);
  assert.equal(res.json.users.length, 1);
  assert.deepEqual(Object.keys(res.json.users[0]).sort(), ['created_at', 'email', 'id', 'last_login_at', 'role']);
  assert.equal(res.json.users[0].id, found.user.id);
  const paged = await api('/api/v1/admin/?pageSize=2&page=1', { cookie: boss.cookie });
  assert.equal(paged.json.users.length, 2);
  assert.ok(paged.json.total >= 3);
  const literal = await api('/api/v1/admin/?q=%25', { cookie: boss.cookie });
  assert.equal(literal.json.users.length, 0, 'a % typed by the admin is not a wildcard');
  // A long search is no pattern the database refuses (a LIKE answered 500 past about 50 bytes).
  const long = await api(`/api/v1/admin/?q=${encodeURIComponent('ñ'.repeat(300))}`, { cookie: boss.cookie });
  assert.deepEqual([long.status, long.json.users.length], [200, 0]);
  // Pages are numbers from 1, of 1 to 200 rows (the OpenAPI document's AdminUsersQuery; ADR 0020).
  for (const query of ['page=0', 'page=x', 'pageSize=0', 'pageSize=201', 'pageSize=', 'page=45035996273706']) {
    assert.equal((await api(`/api/v1/admin/?${query}`, { cookie: boss.cookie })).status, 400, query);
  }
  // The last page's first row is below 2^53, what D1 holds as a whole number (found by the
  // api-contract suite: a page near 2^63 was a 500).
  const last = await api('/api/v1/admin/?page=45035996273705&pageSize=200', { cookie: boss.cookie });
  assert.deepEqual([last.status, last.json.users], [200, []]);
  // A whole long address (D1 refuses LIKE patterns over 50 bytes: this was a 500).
  const longOne = await signUp(`${tag}-con-una-direccion-de-correo-larga`);
  assert.ok(longOne.email.length > 50);
  const longAddress = await api(`/api/v1/admin/?q=${encodeURIComponent(longOne.email)}`, { cookie: boss.cookie });
  assert.equal(longAddress.status, 200);
  assert.deepEqual(
    longAddress.json.users.map((u) => u.id),
    [longOne.user.id],
  );
});

test('roles change admin ⇄ customer, and the last admin can be neither demoted nor deleted', async () => {
  const boss = await admin('boss');
  const other = await signUp('promoted');
  const up = await client.adminUserUpdate(other.user.id, { cookie: boss.cookie, body: { role: 'admin' } });
  assert.equal(up.status, 200);
  assert.equal(up.json.role, 'admin');
  const down = await client.adminUserUpdate(other.user.id, { cookie: boss.cookie, body: { role: 'customer' } });
  assert.equal(down.json.role, 'customer');
  assert.equal(
    (await client.adminUserUpdate(other.user.id, { cookie: boss.cookie, body: { role: 'root' } })).status,
    400,
  );
  assert.equal((await client.adminUserUpdate('nobody', { cookie: boss.cookie, body: { role: 'admin' } })).status, 404);

  // Make `boss` the only admin, then try to remove the role and the account.
  await sql(`UPDATE users SET role = 'customer' WHERE role = 'admin' AND id != ${q(boss.user.id)}`);
  const last = await client.adminUserUpdate(boss.user.id, { cookie: boss.cookie, body: { role: 'customer' } });
  // The request is fine; the users' state cannot take it (ADR 0020).
  assert.equal(last.status, 409);
  assert.equal(last.json.code, 'last_admin');
  assert.equal((await sql(`SELECT role FROM users WHERE id = ${q(boss.user.id)}`))[0].role, 'admin');
  const self = await client.adminUserDelete(boss.user.id, { cookie: boss.cookie });
  assert.equal(self.status, 409);
  assert.equal((await sql('SELECT COUNT(*) AS n FROM invariant_checks'))[0].n, 0);
});

test('deleting a user removes every row and recording they own', async () => {
  const boss = await admin('deleter');
  const victim = await researcher('victim');
  const analysisId = (await createAnalysis(victim, { name: 'X', tasks: ['T'], max: 2 })).id;
  const { entryId, cookie } = await participate(analysisId);
  await recordAndSubmit(entryId, cookie, randomBytes(2048));
  const key = `analyses/${analysisId}/entries/${entryId}/segments/1/screen.mp4`;
  assert.equal(await r2Exists(key), true);

  const res = await client.adminUserDelete(victim.user.id, { cookie: boss.cookie });
  assert.equal(res.status, 200);
  const counts = await sql(`SELECT
    (SELECT COUNT(*) FROM users WHERE id = ${q(victim.user.id)}) AS users,
    (SELECT COUNT(*) FROM sessions WHERE user_id = ${q(victim.user.id)}) AS sessions,
    (SELECT COUNT(*) FROM analyses WHERE owner_id = ${q(victim.user.id)}) AS analyses,
    (SELECT COUNT(*) FROM analysis_tasks WHERE analysis_id = ${q(analysisId)}) AS tasks,
    (SELECT COUNT(*) FROM analysis_entries WHERE analysis_id = ${q(analysisId)}) AS entries,
    (SELECT COUNT(*) FROM subscriptions WHERE user_id = ${q(victim.user.id)}) AS subscriptions,
    (SELECT COUNT(*) FROM r2_deletions WHERE prefix = ${q(`analyses/${analysisId}/`)}) AS queued`);
  assert.deepEqual(counts[0], {
    users: 0,
    sessions: 0,
    analyses: 0,
    tasks: 0,
    entries: 0,
    subscriptions: 0,
    queued: 0,
  });
  assert.equal(await r2Exists(key), false);
  assert.equal((await client.authSession({ cookie: victim.cookie })).status, 401);
  assert.equal((await client.adminUserDelete(victim.user.id, { cookie: boss.cookie })).status, 404);
});

test('the waitlist is listed newest first and exported as UTF-8 CSV', async () => {
  const boss = await admin('waitlister');
  const first = uniqueEmail('primera');
  const second = uniqueEmail('ñandú');
  await client.waitlist({ body: { email: first, consent: true } });
  await client.waitlist({ body: { email: second, consent: true } });
  const list = await client.adminWaitlist({ cookie: boss.cookie });
  const emails = list.json.entries.map((e) => e.email);
  assert.ok(emails.indexOf(second) < emails.indexOf(first));
  const csv = await fetch(`${BASE}/api/v1/admin/waitlist/export`, { headers: { cookie: boss.cookie } });
  assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
  const text = Buffer.from(await csv.arrayBuffer()).toString('utf8');
  assert.ok(text.startsWith('\ufeffemail,consent_at,created_at\r\n'));
  assert.match(text, new RegExp(`${second.replace(/[.+]/g, '\\$&')},\\d{4}-\\d\\d-\\d\\dT`));
});

test("a waitlist address with ';' cannot become a formula cell in a Spanish-locale Excel", async () => {
  const boss = await admin('semicolon');
  const tricky = `a${Date.now()};=1+1@x.es`;
  const signed = await client.waitlist({ body: { email: tricky, consent: true } });
  assert.equal(signed.status, 201, signed.text);
  const csv = await fetch(`${BASE}/api/v1/admin/waitlist/export`, { headers: { cookie: boss.cookie } });
  const lines = Buffer.from(await csv.arrayBuffer())
    .toString('utf8')
    .split('\r\n');
  const line = lines.find((l) => l.includes(tricky));
  assert.ok(line, 'the address is exported');
  // Quoted whole: split on ';' outside quotes, the formula never starts a cell of its own.
  assert.ok(line.startsWith(`"${tricky}"`), line);
});

test('the admin lists workspaces with seats, subscription and members; searches and pages', async () => {
  const boss = await admin('adws-admin');
  const tag = `adws${Date.now()}`;
  const owner = await signUp(`${tag}-owner`);
  const made = await client.workspaceCreate({ cookie: owner.cookie, body: { name: `Equipo ${tag}` } });
  assert.equal(made.status, 201);
  grantSubscription(owner.user.id);
  await sql(`UPDATE subscriptions SET quantity = 2 WHERE workspace_id = ${q(made.json.id)}`);
  const [researcher, observer] = await Promise.all([signUp(`${tag}-r`), signUp(`${tag}-o`)]);
  await join(owner, observer, 'observer');
  await join(owner, researcher, 'researcher');

  const res = await api(`/api/v1/admin/workspaces?q=${encodeURIComponent(`EQUIPO ${tag}`)}`, { cookie: boss.cookie });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.total, 1);
  const [team] = res.json.workspaces;
  assert.deepEqual(
    { ...team, createdAt: undefined },
    {
      id: made.json.id,
      name: `Equipo ${tag}`,
      createdAt: undefined,
      personal: false,
      seats: 2,
      paidSeats: 2,
      subscriptionStatus: 'active',
      members: [
        { userId: owner.user.id, email: owner.email, name: null, role: 'owner' },
        { userId: researcher.user.id, email: researcher.email, name: null, role: 'researcher' },
        { userId: observer.user.id, email: observer.email, name: null, role: 'observer' },
      ],
    },
  );

  // By a member's e-mail: the researcher's personal workspace and the team.
  const byEmail = await api(`/api/v1/admin/workspaces?q=${encodeURIComponent(researcher.email)}`, {
    cookie: boss.cookie,
  });
  // Newest first: the researcher signed up after the team was made.
  assert.deepEqual(
    byEmail.json.workspaces.map((w) => [w.id, w.personal, w.seats, w.paidSeats, w.subscriptionStatus]),
    [
      [`w${researcher.user.id}`, true, 1, null, null],
      [made.json.id, false, 2, 2, 'active'],
    ],
  );

  // Pages: newest first, each workspace once, the count over them all.
  const first = await api(`/api/v1/admin/workspaces?q=${tag}&pageSize=2&page=1`, { cookie: boss.cookie });
  const second = await api(`/api/v1/admin/workspaces?q=${tag}&pageSize=2&page=2`, { cookie: boss.cookie });
  assert.equal(first.json.total, 4, 'the team and three personal workspaces');
  assert.equal(first.json.pageSize, 2);
  const ids = [...first.json.workspaces, ...second.json.workspaces].map((w) => w.id);
  assert.equal(new Set(ids).size, 4);
  const times = [...first.json.workspaces, ...second.json.workspaces].map((w) => w.createdAt);
  assert.deepEqual(
    times,
    [...times].sort((a, b) => b - a),
  );
  // A % typed by the admin is a character, not a wildcard; nonsense paging is clamped.
  assert.equal((await api('/api/v1/admin/workspaces?q=%25', { cookie: boss.cookie })).json.total, 0);
  const clamped = await api('/api/v1/admin/workspaces?page=-3&pageSize=1000', { cookie: boss.cookie });
  assert.deepEqual([clamped.status, clamped.json.page, clamped.json.pageSize], [200, 1, 100]);
});

test('the workspaces refuse anonymous callers (401) and customers (403), with the product §8 message', async () => {
  const customer = await signUp('adws-customer');
  const anonymous = await client.adminWorkspaces();
  assert.deepEqual([anonymous.status, anonymous.json.message], [401, REFUSED]);
  const refused = await client.adminWorkspaces({ cookie: customer.cookie });
  assert.deepEqual([refused.status, refused.json.message], [403, REFUSED]);
});
