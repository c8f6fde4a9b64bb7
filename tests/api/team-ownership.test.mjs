// Passing ownership on and deleting a team (ADR 0019). The owner makes another member the owner in
// one batch (there is always exactly one owner, also when two transfers race), and becomes an
// admin who may leave; the last owner can't. Deleting a team is its owner's, with the name typed,
// never a personal workspace: its analyses go with their media as deleting an analysis does, its
// subscription ends, members fall back to their personal workspace. Requests racing the deletion
// (a note whose body is still coming, a chunk still streaming, parallel reads) get a clean answer
// and leave nothing behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { api, signUp, client } from './helpers.mjs';
import { grantSubscription, q, sql } from './db.mjs';
import { openSegment, participate, r2Keys, slowRequest, until, ledgerOf } from './recording.mjs';
import { join } from './team-helpers.mjs';
import { createAnalysis, participation } from './insights-helpers.mjs';

const MIB = 1024 * 1024;
const ws = (user) => `w${user.user.id}`;
const transfer = (who, userId) => client.teamOwnerTransfer({ cookie: who.cookie, body: { userId } });
const team = async (who) => (await client.teamGet({ cookie: who.cookie })).json;
const roles = async (who) => Object.fromEntries((await team(who)).members.map((m) => [m.userId, m.role]));
const owners = async (workspaceId) =>
  (await sql(`SELECT user_id FROM workspace_members WHERE workspace_id = ${q(workspaceId)} AND role = 'owner'`)).map(
    (r) => r.user_id,
  );
const seats = async (who) => (await client.billingGet({ cookie: who.cookie })).json.billingData.seats;
const remove = (who, id, name) => client.workspaceDelete(id, { cookie: who.cookie, body: { name } });

test('the owner passes ownership on: one batch, one owner, logged; the old owner is an admin who may leave', async () => {
  const owner = await signUp('own-owner');
  const [researcher, observer, admin] = await Promise.all([signUp('own-r'), signUp('own-o'), signUp('own-a')]);
  await join(owner, researcher, 'researcher');
  await join(owner, observer, 'observer');
  await join(owner, admin, 'admin');
  assert.equal(await seats(owner), 3);

  // Bad input and the wrong people: clear 4xx, nothing changes.
  for (const [who, body, status, code] of [
    [owner, {}, 400, 'missing_new_owner'],
    [owner, { userId: '  ' }, 400, 'missing_new_owner'],
    [owner, { userId: owner.user.id }, 409, 'already_owner'],
    [owner, { userId: 'nobody' }, 404, 'member_not_found'],
    [owner, { userId: (await signUp('own-stranger')).user.id }, 404, 'member_not_found'],
    [admin, { userId: admin.user.id }, 403, 'team_role_forbidden'],
    [researcher, { userId: researcher.user.id }, 403, 'team_role_forbidden'],
  ]) {
    const res = await client.teamOwnerTransfer({ cookie: who.cookie, body });
    assert.deepEqual([res.status, res.json?.code], [status, code], JSON.stringify(body));
    assert.ok(res.json.message);
  }
  const notJson = await client.teamOwnerTransfer({ cookie: owner.cookie, body: '{' });
  assert.equal(notJson.status, 400);
  assert.deepEqual(await owners(ws(owner)), [owner.user.id]);

  // To the observer: they own it, the owner is an admin; an observer made owner takes a seat.
  const passed = await transfer(owner, observer.user.id);
  assert.equal(passed.status, 200, passed.text);
  assert.deepEqual([passed.json.userId, passed.json.role], [observer.user.id, 'owner']);
  assert.deepEqual(await owners(ws(owner)), [observer.user.id]);
  const now = await roles(observer);
  assert.equal(now[owner.user.id], 'admin');
  assert.equal(now[observer.user.id], 'owner');
  assert.equal((await client.authSession({ cookie: owner.cookie })).json.workspace.role, 'admin');
  assert.equal(await seats(observer), 4);
  const log = await sql(
    `SELECT actor_id, subject_id, subject FROM workspace_activity WHERE workspace_id = ${q(ws(owner))} AND kind = 'ownership_transferred'`,
  );
  assert.deepEqual(log, [{ actor_id: owner.user.id, subject_id: observer.user.id, subject: observer.email }]);
  // The old owner can't pass on what is no longer theirs; the new one can't be demoted or removed.
  assert.equal((await transfer(owner, researcher.user.id)).status, 403);
  const demote = await client.memberUpdate(observer.user.id, { cookie: owner.cookie, body: { role: 'observer' } });
  assert.equal(demote.json.code, 'owner_protected');

  // The last owner can't leave; the old owner, now an admin, can.
  const leave = (who) => client.workspaceLeave(ws(owner), { cookie: who.cookie });
  const stays = await leave(observer);
  assert.deepEqual([stays.status, stays.json.code], [403, 'owner_cannot_leave']);
  assert.equal((await leave(owner)).status, 200);
  // This team was the old owner's personal workspace, now the observer's: having left it, the
  // account is in no workspace until it makes or joins one.
  assert.equal((await client.authSession({ cookie: owner.cookie })).json.workspace, undefined);
  assert.deepEqual((await client.workspaceList({ cookie: owner.cookie })).json, { workspaces: [], current: null });
  assert.equal((await team(observer)).members.length, 3);
});

test('two transfers racing: exactly one wins, and the team always has one owner', async () => {
  const owner = await signUp('race-owner');
  const [a, b] = await Promise.all([signUp('race-a'), signUp('race-b')]);
  await join(owner, a, 'researcher');
  await join(owner, b, 'observer');
  const answers = await Promise.all([transfer(owner, a.user.id), transfer(owner, b.user.id)]);
  assert.deepEqual(answers.map((r) => r.status).sort(), [200, 403], answers.map((r) => r.text).join(' | '));
  const winner = answers.find((r) => r.status === 200).json.userId;
  assert.deepEqual(await owners(ws(owner)), [winner]);
  assert.equal(
    (
      await sql(
        `SELECT COUNT(*) AS n FROM workspace_activity WHERE workspace_id = ${q(ws(owner))} AND kind = 'ownership_transferred'`,
      )
    )[0].n,
    1,
  );
});

/** A team workspace of `owner`'s (made through the API, now current), subscribed, with members. */
async function teamWorkspace(tag, name = `Equipo ${tag}`) {
  const owner = await signUp(`${tag}-owner`);
  const made = await client.workspaceCreate({ cookie: owner.cookie, body: { name: `  ${name} ` } });
  assert.equal(made.status, 201, made.text);
  assert.deepEqual({ name: made.json.name, role: made.json.role }, { name, role: 'owner' });
  grantSubscription(owner.user.id);
  const [researcher, observer] = await Promise.all([signUp(`${tag}-r`), signUp(`${tag}-o`)]);
  await join(owner, researcher, 'researcher');
  await join(owner, observer, 'observer');
  return { owner, researcher, observer, id: made.json.id, name };
}

test('making a team: the caller owns it and acts in it; a bad name is 400', async () => {
  const owner = await signUp('mk');
  for (const name of ['', '   ', 'x'.repeat(81), undefined]) {
    const res = await client.workspaceCreate({ cookie: owner.cookie, body: { name } });
    assert.deepEqual([res.status, res.json.code], [400, 'invalid_workspace_name'], String(name));
    assert.equal(res.json.message, 'El nombre del equipo debe tener entre 1 y 80 caracteres');
  }
  const made = await client.workspaceCreate({ cookie: owner.cookie, body: { name: 'Diseño' } });
  assert.equal(made.status, 201);
  const session = (await client.authSession({ cookie: owner.cookie })).json;
  assert.deepEqual(session.workspace, { id: made.json.id, name: 'Diseño', role: 'owner' });
  const list = (await client.workspaceList({ cookie: owner.cookie })).json;
  assert.deepEqual(list.workspaces.map((w) => w.id).sort(), [made.json.id, ws(owner)].sort());
  assert.equal((await client.analysisList({ cookie: owner.cookie })).json.analyses.length, 0);
});

test('deleting a team: the owner types its name; analyses, media, links and the subscription go; members fall back', async () => {
  const { owner, researcher, observer, id, name } = await teamWorkspace('del');
  const analysis = await createAnalysis(researcher, { tasks: ['Busca'] });
  const { entryId } = await participation(analysis.id, { tasks: [{ s: 5 }] });
  const clip = await client.noteCreate(entryId, {
    cookie: researcher.cookie,
    body: { atMs: 0, endMs: 1000, text: 'c' },
  });
  await client.reelCreate(analysis.id, { cookie: researcher.cookie, body: { title: 'R', clipIds: [clip.json.id] } });
  const link = await client.shareCreate(analysis.id, {
    cookie: researcher.cookie,
    body: { kind: 'summary', expiresInDays: 7 },
  });
  assert.equal((await client.sharedView(link.json.token)).status, 200);
  assert.ok(r2Keys(`analyses/${analysis.id}/`).length > 0, 'the recording is in R2');
  assert.equal((await client.billingGet({ cookie: owner.cookie })).json.billingData.paid, true);

  // Refusals, each in product §8's style (status, code, Spanish message), and nothing deleted.
  const stranger = await signUp('del-stranger');
  for (const [who, wid, typed, status, code, message] of [
    [researcher, id, name, 403, 'only_owner', 'Solo la persona propietaria puede eliminar el equipo'],
    [observer, id, name, 403, 'only_owner', 'Solo la persona propietaria puede eliminar el equipo'],
    [stranger, id, name, 404, 'not_a_member', 'No eres miembro de este equipo'],
    [owner, 'nope', 'x', 404, 'not_a_member', 'No eres miembro de este equipo'],
    [
      owner,
      id,
      'equipo del',
      409,
      'workspace_name_mismatch',
      'Escribe el nombre del equipo tal como aparece para confirmar',
    ],
    [
      owner,
      id,
      undefined,
      400,
      'missing_workspace_name',
      'Escribe el nombre del equipo tal como aparece para confirmar',
    ],
    [
      owner,
      ws(owner),
      owner.email,
      403,
      'personal_workspace',
      'Tu espacio de trabajo personal no se puede eliminar: se elimina con tu cuenta',
    ],
  ]) {
    const res = await remove(who, wid, typed);
    assert.deepEqual([res.status, res.json], [status, { code, message }], `${who.email} ${wid} ${typed}`);
  }
  assert.equal((await client.analysisGet(analysis.id, { cookie: owner.cookie })).status, 200);

  const deleted = await remove(owner, id, ` ${name}  `);
  assert.equal(deleted.status, 200, deleted.text);
  assert.equal(deleted.json.message, 'Equipo eliminado');

  // Everything of the team is gone: rows, media, links, the subscription, members, the log.
  assert.deepEqual(r2Keys(`analyses/${analysis.id}/`), []);
  assert.equal((await client.sharedView(link.json.token)).status, 404);
  for (const table of [
    'analyses',
    'subscriptions',
    'workspace_members',
    'workspace_invitations',
    'workspace_activity',
  ]) {
    const [row] = await sql(`SELECT COUNT(*) AS n FROM ${table} WHERE workspace_id = ${q(id)}`);
    assert.equal(row.n, 0, table);
  }
  for (const table of ['analysis_entries', 'reels', 'shares']) {
    const [row] = await sql(`SELECT COUNT(*) AS n FROM ${table} WHERE analysis_id = ${q(analysis.id)}`);
    assert.equal(row.n, 0, table);
  }
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM entry_notes WHERE entry_id = ${q(entryId)}`))[0].n, 0);
  // Each member acts in their personal workspace again, and the team is not theirs any more.
  for (const who of [owner, researcher, observer]) {
    const session = (await client.authSession({ cookie: who.cookie })).json;
    assert.equal(session.workspace.id, ws(who), who.email);
    const mine = (await client.workspaceList({ cookie: who.cookie })).json.workspaces.map((w) => w.id);
    assert.deepEqual(mine, [ws(who)]);
    assert.equal((await client.analysisGet(analysis.id, { cookie: who.cookie })).status, 404);
  }
  assert.equal((await remove(owner, id, name)).status, 404, 'deleting twice');
});

test('a deletion racing a slow note, a chunk still streaming and parallel reads: clean answers, nothing left behind', async () => {
  const { owner, researcher, observer, id, name } = await teamWorkspace('racy');
  const analysis = await createAnalysis(researcher, { tasks: ['Busca'] });
  const { entryId } = await participation(analysis.id, { tasks: [{ s: 5 }] });

  // A note whose body is still on its way: the handler has read the recording, then waits.
  const body = Buffer.from(JSON.stringify({ atMs: 100, text: 'Escrita mientras se borra el equipo' }));
  const note = slowRequest('POST', `/api/v1/entry/${entryId}/notes`, body, 5, {
    cookie: observer.cookie,
    'content-type': 'application/json',
  });
  // A participant mid-upload: a 1 MiB chunk paused after 300 KB, its bytes reserved.
  const p = await participate(analysis.id);
  const segment = (await openSegment(p.entryId, p.cookie)).json.segment;
  const chunk = slowRequest(
    'PUT',
    `/api/v1/analysisEntry/${p.entryId}/segments/${segment}/chunks/0`,
    randomBytes(MIB),
    300_000,
    { cookie: p.cookie, 'content-type': 'application/octet-stream', 'x-lupa-end-ms': '1000' },
  );
  assert.ok(await until(() => (ledgerOf(p.entryId)?.reserved_bytes ?? 0) === MIB));
  await new Promise((r) => setTimeout(r, 300));

  // Members keep reading while the owner deletes.
  const reads = Array.from({ length: 12 }, (_, i) =>
    new Promise((r) => setTimeout(r, i * 15)).then(() =>
      api(i % 2 ? `/api/v1/analysis/${analysis.id}` : `/api/v1/entry/${entryId}/notes`, {
        cookie: (i % 3 ? researcher : observer).cookie,
      }),
    ),
  );
  const [deleted, ...answers] = await Promise.all([remove(owner, id, name), ...reads]);
  assert.equal(deleted.status, 200, deleted.text);
  for (const res of answers) assert.ok([200, 404].includes(res.status), `${res.status} ${res.text}`);

  note.release();
  chunk.release();
  const [noted, chunked] = await Promise.all([note.done, chunk.done]);
  assert.equal(noted.status, 404, `the note finds its recording gone: ${noted.text}`);
  assert.equal(JSON.parse(noted.text).code, 'not_found');
  assert.equal(chunked.status, 404, `the chunk is refused once its participation is gone: ${chunked.text}`);
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM entry_notes WHERE entry_id = ${q(entryId)}`))[0].n, 0);
  assert.deepEqual(r2Keys(`analyses/${analysis.id}/`), [], 'no object outlives the team');
});
