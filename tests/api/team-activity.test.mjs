// The activity log (ADR 0019): besides invitations and members, analyses created and deleted, share
// links created and revoked, CSV exports and recordings watched (one row per member, recording and
// UTC day), each written in its change's own batch and only when the change (or the read) happens.
// The owner and admins read it, filtered by member and kind, a page at a time, and as CSV;
// researchers and observers get 403. The cron deletes rows older than 365 days.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, signUp, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { runCron } from './recording.mjs';
import { join } from './team-helpers.mjs';
import { createAnalysis, parseCsv, participation, researcher } from './insights-helpers.mjs';

const DAY = 86_400_000;
const at = (ms) => ({ 'x-lupa-test-now': String(Math.round(ms)) });
const ws = (user) => `w${user.user.id}`;

/** The whole log as `who` reads it (every page), newest first. */
async function log(who, params = '') {
  const res = await api(`/api/v1/team/activity?pageSize=100${params}`, { cookie: who.cookie });
  assert.equal(res.status, 200, res.text);
  return res.json;
}

/** A team: an owner with a subscription, an admin, a researcher and an observer, all joined. */
async function team(tag) {
  const owner = await researcher(`${tag}-owner`);
  await sql(`UPDATE users SET name = 'Olga Ruiz' WHERE id = ${q(owner.user.id)}`);
  const [admin, member, observer] = await Promise.all([
    signUp(`${tag}-admin`),
    signUp(`${tag}-researcher`),
    signUp(`${tag}-observer`),
  ]);
  await join(owner, admin, 'admin');
  await join(owner, member, 'researcher');
  await join(owner, observer, 'observer');
  return { owner, admin, member, observer };
}

test('analyses, share links, exports and recordings watched are logged once each, with who and what', async () => {
  const { owner, admin, member, observer } = await team('act');
  const analysis = await createAnalysis(member, { tasks: ['Busca'] });
  const { entryId } = await participation(analysis.id, { tasks: [{ s: 10 }] });

  // Watched: the player and 'Ver grabación', once a day per member and recording.
  const now = Date.now();
  for (const path of [`/api/v1/entry/${entryId}`, `/api/v1/entry/${entryId}`, `/api/v1/analysisEntry/${entryId}`]) {
    assert.equal((await api(path, { cookie: observer.cookie })).status, 200);
  }
  assert.equal((await client.entryPage(entryId, { cookie: member.cookie })).status, 200);
  // The next UTC day counts again.
  const tomorrow = now - (now % DAY) + DAY + 60_000;
  assert.equal((await client.entryPage(entryId, { cookie: observer.cookie, headers: at(tomorrow) })).status, 200);

  // Exports: both CSVs.
  for (const path of ['export', 'export/tasks']) {
    assert.equal((await api(`/api/v1/analysis/${analysis.id}/${path}`, { cookie: member.cookie })).status, 200);
  }
  // Share links: created, revoked twice (logged once).
  const shares = `/api/v1/analysis/${analysis.id}/shares`;
  const link = await api(shares, {
    method: 'POST',
    cookie: member.cookie,
    body: { kind: 'summary', expiresInDays: 7 },
  });
  assert.equal(link.status, 201, link.text);
  for (let i = 0; i < 2; i += 1) {
    const revoked = await client.shareRevoke(link.json.share.id, { cookie: admin.cookie });
    assert.equal(revoked.status, 200);
  }
  // Refused requests log nothing: an observer's export, a stranger's look at the recording.
  assert.equal((await client.analysisExport(analysis.id, { cookie: observer.cookie })).status, 403);
  const stranger = await signUp('act-stranger');
  assert.equal((await client.entryPage(entryId, { cookie: stranger.cookie })).status, 404);
  assert.equal((await client.entryUrl(entryId, { cookie: stranger.cookie })).status, 404);
  // The analysis deleted by the owner.
  assert.equal((await client.analysisDelete(analysis.id, { cookie: owner.cookie })).status, 200);

  const { entries, total } = await log(owner);
  const mine = entries.filter((e) => !e.kind.startsWith('invitation_'));
  const seen = mine
    .map((e) => [e.kind, e.actorId, e.subjectId, e.subject])
    .sort((a, b) => a.join().localeCompare(b.join()));
  const expected = [
    ['analysis_created', member.user.id, analysis.id, 'Tienda'],
    ['analysis_deleted', owner.user.id, analysis.id, 'Tienda'],
    ['csv_exported', member.user.id, analysis.id, 'Tienda'],
    ['csv_exported', member.user.id, analysis.id, 'Tienda'],
    ['recording_watched', member.user.id, entryId, 'Tienda · Participante 1'],
    ['recording_watched', observer.user.id, entryId, 'Tienda · Participante 1'],
    ['recording_watched', observer.user.id, entryId, 'Tienda · Participante 1'],
    ['share_created', member.user.id, link.json.share.id, 'Tienda'],
    ['share_revoked', admin.user.id, link.json.share.id, 'Tienda'],
  ].sort((a, b) => a.join().localeCompare(b.join()));
  assert.deepEqual(seen, expected);
  assert.equal(total, entries.length);
  // Newest first; the watch of tomorrow leads.
  assert.equal(entries[0].kind, 'recording_watched');
  assert.equal(entries[0].at, tomorrow);
  const created = entries.find((e) => e.kind === 'analysis_created');
  assert.equal(created.actorName, member.email);
  assert.ok(entries.filter((e) => e.kind === 'analysis_deleted').every((e) => e.actorName === 'Olga Ruiz'));
  // Nothing of this team's went into the stranger's log.
  assert.deepEqual(
    (await sql(`SELECT kind FROM workspace_activity WHERE workspace_id = ${q(ws(stranger))}`)).map((r) => r.kind),
    [],
  );
});

test('the log is filtered by member and by kind, paged, exported as CSV; bad filters are 400', async () => {
  const { owner, admin, member, observer } = await team('actf');
  const first = await createAnalysis(member, { tasks: ['Busca'] });
  await createAnalysis(member, { tasks: ['Paga'] });
  await createAnalysis(owner, { tasks: ['Mira'] });
  assert.equal((await client.analysisExport(first.id, { cookie: admin.cookie })).status, 200);

  const all = await log(admin);
  assert.equal(all.total, 3 + 3 + 3 + 1, 'three invitations sent and accepted, three analyses, one export');
  assert.deepEqual(
    all.actors.map((a) => a.id).sort(),
    [owner.user.id, admin.user.id, member.user.id, observer.user.id].sort(),
  );
  assert.ok(all.kinds.includes('recording_watched') && all.kinds.includes('invitation_sent'));

  const byMember = await log(admin, `&actor=${member.user.id}`);
  assert.deepEqual(
    byMember.entries.map((e) => e.kind),
    ['analysis_created', 'analysis_created', 'invitation_accepted'],
  );
  const created = await log(admin, '&kind=analysis_created');
  assert.equal(created.total, 3);
  const both = await log(admin, `&kind=analysis_created&actor=${owner.user.id}`);
  assert.deepEqual(
    both.entries.map((e) => [e.kind, e.actorId]),
    [['analysis_created', owner.user.id]],
  );
  assert.equal((await log(admin, '&actor=nobody')).total, 0);

  // Pages of 2, newest first, over the same rows.
  const pages = [];
  for (let page = 1; page <= 6; page += 1) {
    const res = await api(`/api/v1/team/activity?page=${page}&pageSize=2`, { cookie: owner.cookie });
    assert.equal(res.json.page, page);
    assert.equal(res.json.pageSize, 2);
    assert.equal(res.json.total, 10);
    if (page === 6) assert.deepEqual(res.json.entries, [], 'past the last page: nothing');
    pages.push(...res.json.entries.map((e) => e.id));
  }
  assert.deepEqual(
    pages,
    all.entries.map((e) => e.id),
  );

  for (const [params, message] of [
    ['kind=exported', 'El filtro de tipo no es un tipo de actividad'],
    ['page=0', 'La página debe ser un número a partir de 1'],
    ['page=dos', 'La página debe ser un número a partir de 1'],
    ['pageSize=101', 'El tamaño de página debe ser un número entre 1 y 100'],
    ['pageSize=0', 'El tamaño de página debe ser un número entre 1 y 100'],
  ]) {
    for (const path of ['/api/v1/team/activity', '/api/v1/team/activity/export']) {
      const res = await api(`${path}?${params}`, { cookie: owner.cookie });
      assert.equal(res.status, 400, `${path}?${params}`);
      assert.deepEqual(res.json, { code: 'bad_filter', message });
    }
  }

  // The CSV: the same rows and filters, newest first, with what each kind is in words.
  const csv = await api(`/api/v1/team/activity/export?kind=analysis_created`, { cookie: admin.cookie });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-type'), /^text\/csv/);
  assert.match(csv.headers.get('content-disposition'), /attachment; filename="lupa-actividad.csv"/);
  const rows = parseCsv(csv.text);
  assert.deepEqual(rows[0], ['at', 'actor', 'actor_id', 'kind', 'what', 'subject', 'subject_id']);
  assert.deepEqual(
    rows.slice(1).map((r) => [r[1], r[3], r[4], r[5]]),
    [
      ['Olga Ruiz', 'analysis_created', 'Análisis creado', 'Tienda'],
      [member.email, 'analysis_created', 'Análisis creado', 'Tienda'],
      [member.email, 'analysis_created', 'Análisis creado', 'Tienda'],
    ],
  );
  assert.match(rows[1][0], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const everything = parseCsv((await client.teamActivityCsv({ cookie: owner.cookie })).text);
  assert.equal(everything.length, 1 + 10);
});

test('only the owner and admins read the log: researchers and observers 403, strangers see their own', async () => {
  const { owner, admin, member, observer } = await team('acta');
  for (const path of ['/api/v1/team/activity', '/api/v1/team/activity/export']) {
    for (const who of [owner, admin]) assert.equal((await api(path, { cookie: who.cookie })).status, 200);
    for (const who of [member, observer]) {
      const res = await api(path, { cookie: who.cookie });
      assert.equal(res.status, 403);
      assert.deepEqual(res.json, {
        code: 'team_role_forbidden',
        message: 'Tu rol en este equipo no permite esta acción',
      });
    }
    assert.equal((await api(path)).status, 401);
  }
  // Someone of another workspace reads their own workspace's log, never this one.
  const stranger = await signUp('acta-stranger');
  const theirs = await log(stranger);
  assert.deepEqual(theirs.entries, []);
  // A removed admin: 404, their access is gone.
  assert.equal((await client.memberRemove(admin.user.id, { cookie: owner.cookie })).status, 200);
  const gone = await client.teamActivity({ cookie: admin.cookie });
  assert.equal(gone.status, 404);
  assert.equal(gone.json.code, 'no_team_access');
});

test('the cron deletes rows older than a year and keeps the rest', async () => {
  const owner = await signUp('act-old');
  const now = Date.now();
  const row = (id, ageDays) =>
    `INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) VALUES ` +
    `(${q(id)}, ${q(ws(owner))}, ${q(owner.user.id)}, 'Olga', 'csv_exported', 'a', 'Tienda', ${now - ageDays * DAY})`;
  const tag = owner.user.id;
  await sql(row(`${tag}-366`, 366));
  await sql(row(`${tag}-365`, 365.01));
  await sql(row(`${tag}-364`, 364));
  await sql(row(`${tag}-1`, 1));
  await runCron(now);
  const left = await sql(`SELECT id FROM workspace_activity WHERE workspace_id = ${q(ws(owner))} ORDER BY at`);
  assert.deepEqual(
    left.map((r) => r.id),
    [`${tag}-364`, `${tag}-1`],
  );
  assert.deepEqual(
    (await log(owner)).entries.map((e) => e.id),
    [`${tag}-1`, `${tag}-364`],
  );
});
