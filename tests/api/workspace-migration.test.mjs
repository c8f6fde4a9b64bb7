// The workspaces migration (0019, ADR 0019) on a local D1 filled with data of the schema before it:
// wrangler applies migrations 0001–0018 to a fresh state, realistic rows go in (two customers with
// analyses, tasks, participations, notes and clips, a reel, share links, subscriptions, a billing
// customer, invoices, a checkout; an admin), then our own server starts on that state, which
// applies 0019 (and 0020, which gives reels their author). Every row must end up owned by the right workspace, and each customer, alone in
// their workspace, must see through the API exactly what they owned before, and nothing else.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/lib/dev-server.mjs';
import { localSql } from '../../scripts/lib/local-d1.mjs';
import { api, signUp, client } from './helpers.mjs';
import { q } from './db.mjs';

const root = new URL('../..', import.meta.url).pathname;
const LAST_BEFORE = '0018';
const stateDir = mkdtempSync(join(tmpdir(), 'lupa-migration-'));
let server;
after(async () => {
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** Applies the migrations up to 0018 with wrangler, as a deployment of that day had them. */
function applyOldSchema() {
  const dir = mkdtempSync(join(tmpdir(), 'lupa-old-migrations-'));
  mkdirSync(join(dir, 'migrations'));
  for (const file of readdirSync(join(root, 'migrations')).filter((f) => f.slice(0, 4) <= LAST_BEFORE)) {
    copyFileSync(join(root, 'migrations', file), join(dir, 'migrations', file));
  }
  // The same database id as wrangler.toml, so the server's wrangler finds this very database.
  writeFileSync(
    join(dir, 'wrangler.toml'),
    [
      'name = "lupa-migration-test"',
      'compatibility_date = "2026-01-01"',
      '[[d1_databases]]',
      'binding = "DB"',
      'database_name = "lupa"',
      'database_id = "00000000-0000-0000-0000-000000000000"',
      `migrations_dir = "${join(dir, 'migrations')}"`,
    ].join('\n'),
  );
  execFileSync(
    'wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir, '--config', join(dir, 'wrangler.toml')],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  rmSync(dir, { recursive: true, force: true });
}

const NOW = Date.now();
const DAY = 86_400_000;
const sql = (query) => localSql(stateDir, query);

/** Rows of the old schema: what two customers and an admin had on the day before workspaces. */
function fillOldData() {
  const user = (id, role, name) =>
    `INSERT INTO users (id, email, email_normalized, name, role, password_hash, created_at, updated_at) VALUES ` +
    `(${q(id)}, ${q(`${id}@example.com`)}, ${q(`${id}@example.com`)}, ${name ? q(name) : 'NULL'}, ${q(role)}, 'x', ${NOW - 90 * DAY}, ${NOW - 90 * DAY});`;
  const analysis = (id, owner, name) =>
    `INSERT INTO analyses (id, owner_id, name, url, max_participants, status, created_at, updated_at) VALUES ` +
    `(${q(id)}, ${q(owner)}, ${q(name)}, 'https://example.com', 5, 'active', ${NOW - 30 * DAY}, ${NOW - 30 * DAY});` +
    `INSERT INTO analysis_tasks (id, analysis_id, position, content) VALUES (${q(`${id}-t1`)}, ${q(id)}, 0, 'Busca un vuelo');`;
  const entry = (id, analysisId, n) =>
    `INSERT INTO analysis_entries (id, analysis_id, status, created_at, updated_at, submitted_at, participant_number, duration_ms) VALUES ` +
    `(${q(id)}, ${q(analysisId)}, 'submitted', ${NOW - 20 * DAY}, ${NOW - 20 * DAY}, ${NOW - 20 * DAY}, ${n}, 60000);`;
  const note = (id, entryId, author, endMs) =>
    `INSERT INTO entry_notes (id, entry_id, author_id, at_ms, end_ms, text, created_at, updated_at) VALUES ` +
    `(${q(id)}, ${q(entryId)}, ${q(author)}, 1000, ${endMs ?? 'NULL'}, 'No encuentra el botón', ${NOW - DAY}, ${NOW - DAY});`;
  sql(
    [
      user('ana', 'customer', 'Ana Pérez'),
      user('bruno', 'customer', null),
      user('root', 'admin', 'Admin'),
      analysis('a1', 'ana', 'Checkout'),
      analysis('a2', 'ana', 'Búsqueda'),
      analysis('b1', 'bruno', 'Registro'),
      entry('e1', 'a1', 1),
      entry('e2', 'a1', 2),
      entry('e3', 'b1', 1),
      note('n1', 'e1', 'ana'),
      note('c1', 'e1', 'ana', 4000),
      note('n3', 'e3', 'bruno'),
      `INSERT INTO note_tags (note_id, tag) VALUES ('c1', 'navegación');`,
      `INSERT INTO reels (id, analysis_id, title, created_at, updated_at) VALUES ('r1', 'a1', 'Lo peor', ${NOW - DAY}, ${NOW - DAY});`,
      `INSERT INTO reel_clips (reel_id, note_id, position) VALUES ('r1', 'c1', 0);`,
      `INSERT INTO shares (id, token_hash, owner_id, analysis_id, kind, entry_id, created_at, expires_at) VALUES ` +
        `('s1', 'hash-s1', 'ana', 'a1', 'recording', 'e1', ${NOW - DAY}, ${NOW + 6 * DAY});`,
      `INSERT INTO shares (id, token_hash, owner_id, analysis_id, kind, created_at, expires_at) VALUES ` +
        `('s2', 'hash-s2', 'bruno', 'b1', 'summary', ${NOW - DAY}, ${NOW + 6 * DAY});`,
      `INSERT INTO billing_customers (user_id, customer_id, provider, created_at) VALUES ('ana', 'cus_ana', 'local', ${NOW - 60 * DAY});`,
      `INSERT INTO subscriptions (id, user_id, customer_id, status, plan, current_period_end, created_at, updated_at) VALUES ` +
        `('sub_ana', 'ana', 'cus_ana', 'active', 'basic', ${NOW + 20 * DAY}, ${NOW - 60 * DAY}, ${NOW - 10 * DAY});`,
      `INSERT INTO subscriptions (id, user_id, status, plan, current_period_end, created_at, updated_at) VALUES ` +
        `('sub_bruno', 'bruno', 'canceled', 'basic', ${NOW - 5 * DAY}, ${NOW - 60 * DAY}, ${NOW - 5 * DAY});`,
      `INSERT INTO invoices (id, user_id, subscription_id, amount_cents, currency, status, period_start, period_end, created_at) VALUES ` +
        `('in_1', 'ana', 'sub_ana', 2900, 'eur', 'paid', ${NOW - 40 * DAY}, ${NOW - 10 * DAY}, ${NOW - 40 * DAY});`,
      `INSERT INTO checkout_sessions (id, user_id, customer_id, plan, status, created_at) VALUES ` +
        `('cs_1', 'ana', 'cus_ana', 'basic', 'complete', ${NOW - 60 * DAY});`,
    ].join('\n'),
  );
}

test('0019 gives every account a workspace that owns what the account owned, and nothing moves', async () => {
  applyOldSchema();
  fillOldData();
  const before = sql(
    `SELECT COUNT(*) AS n FROM analyses; SELECT COUNT(*) AS n FROM analysis_entries; SELECT COUNT(*) AS n FROM entry_notes; SELECT COUNT(*) AS n FROM shares;`,
  ).map((rows) => rows[0].n);
  server = await startServer({ stateDir });

  const rows = (query) => sql(query)[0];
  const workspaces = rows(
    `SELECT w.id, w.name, m.user_id, m.role, u.workspace_id AS current FROM workspaces w
     JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id ORDER BY m.user_id`,
  );
  assert.deepEqual(workspaces, [
    { id: 'wana', name: 'Ana Pérez', user_id: 'ana', role: 'owner', current: 'wana' },
    { id: 'wbruno', name: 'bruno@example.com', user_id: 'bruno', role: 'owner', current: 'wbruno' },
    { id: 'wroot', name: 'Admin', user_id: 'root', role: 'owner', current: 'wroot' },
  ]);
  assert.deepEqual(rows(`SELECT id, owner_id, workspace_id FROM analyses ORDER BY id`), [
    { id: 'a1', owner_id: 'ana', workspace_id: 'wana' },
    { id: 'a2', owner_id: 'ana', workspace_id: 'wana' },
    { id: 'b1', owner_id: 'bruno', workspace_id: 'wbruno' },
  ]);
  assert.deepEqual(rows(`SELECT id, workspace_id, quantity FROM subscriptions ORDER BY id`), [
    { id: 'sub_ana', workspace_id: 'wana', quantity: 1 },
    { id: 'sub_bruno', workspace_id: 'wbruno', quantity: 1 },
  ]);
  assert.deepEqual(rows(`SELECT workspace_id, user_id, customer_id, provider FROM billing_customers`), [
    { workspace_id: 'wana', user_id: 'ana', customer_id: 'cus_ana', provider: 'local' },
  ]);
  assert.deepEqual(rows(`SELECT id, workspace_id FROM invoices`), [{ id: 'in_1', workspace_id: 'wana' }]);
  assert.deepEqual(rows(`SELECT id, workspace_id FROM checkout_sessions`), [{ id: 'cs_1', workspace_id: 'wana' }]);
  // Nothing else changed: the same participations, notes (with their authors), clips, tags, reels and links.
  const afterCounts = sql(
    `SELECT COUNT(*) AS n FROM analyses; SELECT COUNT(*) AS n FROM analysis_entries; SELECT COUNT(*) AS n FROM entry_notes; SELECT COUNT(*) AS n FROM shares;`,
  ).map((r) => r[0].n);
  assert.deepEqual(afterCounts, before);
  assert.deepEqual(rows(`SELECT id, author_id FROM entry_notes ORDER BY id`), [
    { id: 'c1', author_id: 'ana' },
    { id: 'n1', author_id: 'ana' },
    { id: 'n3', author_id: 'bruno' },
  ]);
  assert.deepEqual(rows(`SELECT reel_id, note_id FROM reel_clips`), [{ reel_id: 'r1', note_id: 'c1' }]);
  // 0020: a reel's author is its analysis's owner, who alone made reels before teams.
  assert.deepEqual(rows(`SELECT id, author_id FROM reels`), [{ id: 'r1', author_id: 'ana' }]);
  assert.deepEqual(rows(`SELECT id, owner_id FROM shares ORDER BY id`), [
    { id: 's1', owner_id: 'ana' },
    { id: 's2', owner_id: 'bruno' },
  ]);
  assert.equal(rows(`SELECT COUNT(*) AS n FROM workspace_members`)[0].n, 3);

  // Each customer, alone in their workspace, sees through the API what they saw before.
  const helper = await signUp('migration-password', undefined, server.url);
  sql(
    `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = ${q(helper.user.id)}) WHERE id IN ('ana', 'bruno')`,
  );
  const login = async (id) => {
    const res = await client.authLogin({
      base: server.url,
      body: { username: `${id}@example.com`, password: helper.password },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    return res.headers.get('set-cookie').split(';')[0];
  };
  const ana = await login('ana');
  const bruno = await login('bruno');
  const get = (path, cookie) => api(`/api/v1${path}`, { cookie, base: server.url });

  const session = await get('/auth/session', ana);
  assert.deepEqual(session.json.workspace, { id: 'wana', name: 'Ana Pérez', role: 'owner' });
  const list = await get('/analysis', ana);
  assert.deepEqual(list.json.analyses.map((a) => a.id).sort(), ['a1', 'a2']);
  const billing = await get('/billing', ana);
  assert.equal(billing.json.billingData.paid, true);
  assert.equal(billing.json.billingData.stripe_customer_id, 'cus_ana');
  assert.deepEqual((await get('/entry/e1/notes', ana)).json.notes.map((n) => n.id).sort(), ['c1', 'n1']);
  assert.deepEqual(
    (await get('/analysis/a1/shares', ana)).json.shares.map((s) => s.id),
    ['s1'],
  );
  assert.deepEqual(
    (await get('/analysis/a1/reels', ana)).json.reels.map((r) => [r.id, r.author]),
    [['r1', { id: 'ana', name: 'Ana Pérez', initials: 'AP' }]],
  );

  // Bruno: his lapsed subscription stays lapsed, his analysis is his, Ana's are not.
  assert.deepEqual(
    (await get('/analysis', bruno)).json.analyses.map((a) => a.id),
    ['b1'],
  );
  assert.equal((await get('/billing', bruno)).json.billingData.paid, false);
  assert.equal((await get('/analysis/a1', bruno)).status, 404);
  assert.equal((await get('/entry/e1/notes', bruno)).status, 404);

  // An account made after the migration gets its own workspace at once (the trigger).
  const fresh = await signUp('after-migration', undefined, server.url);
  const freshSession = await get('/auth/session', fresh.cookie);
  assert.deepEqual(freshSession.json.workspace, {
    id: `w${fresh.user.id}`,
    name: fresh.user.email,
    role: 'owner',
  });
  assert.deepEqual((await get('/analysis', fresh.cookie)).json.analyses, []);
});
