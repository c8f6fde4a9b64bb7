// Who did what (ADR 0019): notes, clips, reels and share links carry their author (id, name — the
// e-mail without one — and initials) for the team, in every list and answer that shows them; a
// share link's public page never names anyone. A reel's author is new (migration 0020).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, signUp, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { join } from './team-helpers.mjs';
import { createAnalysis, participation, researcher } from './insights-helpers.mjs';

test('notes, clips, reels and share links say who made them, to the team only', async () => {
  const owner = await researcher('auth-owner');
  await sql(`UPDATE users SET name = 'Olga Ruiz' WHERE id = ${q(owner.user.id)}`);
  const [member, observer] = await Promise.all([signUp('auth-ana'), signUp('auth-observer')]);
  await sql(`UPDATE users SET name = 'Ana García' WHERE id = ${q(member.user.id)}`);
  await join(owner, member, 'researcher');
  await join(owner, observer, 'observer');
  const olga = { id: owner.user.id, name: 'Olga Ruiz', initials: 'OR' };
  const ana = { id: member.user.id, name: 'Ana García', initials: 'AG' };

  const analysis = await createAnalysis(owner, { tasks: ['Busca'] });
  const { entryId } = await participation(analysis.id, { tasks: [{ s: 10 }] });
  const notes = `/api/v1/entry/${entryId}/notes`;
  const post = (who, body) => api(notes, { method: 'POST', cookie: who.cookie, body });
  const byOlga = await post(owner, { atMs: 1000, text: 'De Olga' });
  const byObserver = await post(observer, { atMs: 2000, text: 'Del observador' });
  const clip = await post(member, { atMs: 3000, endMs: 6000, title: 'Se pierde', text: 'Clip de Ana' });
  assert.deepEqual(byOlga.json.author, olga);
  // Without a name, the e-mail, and initials from its local part ('auth-observer-…' → 'A…').
  const obs = byObserver.json.author;
  assert.equal(obs.id, observer.user.id);
  assert.equal(obs.name, observer.email);
  assert.match(obs.initials, /^A[A-Z]?$/);
  assert.deepEqual(clip.json.author, ana);
  // An edit by someone else keeps the author.
  const edited = await api(`${notes}/${byObserver.json.id}`, {
    method: 'PATCH',
    cookie: member.cookie,
    body: { text: 'Editada por Ana' },
  });
  assert.deepEqual(edited.json.author, obs);

  // The player's list and the analysis's list, as every member reads them.
  for (const who of [owner, member, observer]) {
    const listed = (await api(notes, { cookie: who.cookie })).json.notes;
    assert.deepEqual(
      listed.map((n) => n.author),
      [olga, obs, ana],
    );
  }
  const all = (await client.analysisNotes(analysis.id, { cookie: observer.cookie })).json.notes;
  assert.deepEqual(
    all.map((n) => [n.text, n.author?.id]),
    [
      ['De Olga', olga.id],
      ['Editada por Ana', obs.id],
      ['Clip de Ana', ana.id],
    ],
  );

  // Reels: the creator, in the answer, the list and the reel itself.
  const reel = await client.reelCreate(analysis.id, {
    cookie: member.cookie,
    body: { title: 'Lo peor', clipIds: [clip.json.id] },
  });
  assert.equal(reel.status, 201, reel.text);
  assert.deepEqual(reel.json.author, ana);
  const renamed = await client.reelUpdate(reel.json.id, { cookie: owner.cookie, body: { title: 'Lo peor (2)' } });
  assert.deepEqual(renamed.json.author, ana, 'a rename by someone else keeps the author');
  const reels = (await client.reelList(analysis.id, { cookie: observer.cookie })).json.reels;
  assert.deepEqual(
    reels.map((r) => r.author),
    [ana],
  );
  assert.deepEqual((await client.reelGet(reel.json.id, { cookie: observer.cookie })).json.author, ana);

  // Share links: the author in the answer and the list; the public page names nobody.
  const shares = `/api/v1/analysis/${analysis.id}/shares`;
  const link = await api(shares, {
    method: 'POST',
    cookie: owner.cookie,
    body: { kind: 'recording', targetId: entryId, expiresInDays: 7, includeNotes: true },
  });
  assert.equal(link.status, 201, link.text);
  assert.deepEqual(link.json.share.author, olga);
  const reelLink = await api(shares, {
    method: 'POST',
    cookie: member.cookie,
    body: { kind: 'reel', targetId: reel.json.id, expiresInDays: 7 },
  });
  assert.deepEqual(
    (await api(shares, { cookie: member.cookie })).json.shares.map((s) => [s.id, s.author]),
    [
      [reelLink.json.share.id, ana],
      [link.json.share.id, olga],
    ],
  );
  const revoked = await client.shareRevoke(link.json.share.id, { cookie: member.cookie });
  assert.deepEqual(revoked.json.author, olga, 'revoking keeps who made the link');
  for (const token of [reelLink.json.token]) {
    const page = await client.sharedView(token);
    assert.equal(page.status, 200);
    for (const secret of [owner.email, member.email, observer.email, 'Olga Ruiz', owner.user.id, member.user.id]) {
      assert.ok(!page.text.includes(secret), `the public page names ${secret}`);
    }
    assert.ok(!page.text.includes('"author"'));
  }
  const withNotes = await api(shares, {
    method: 'POST',
    cookie: owner.cookie,
    body: { kind: 'recording', targetId: entryId, expiresInDays: 7, includeNotes: true },
  });
  const page = await client.sharedView(withNotes.json.token);
  assert.equal(page.status, 200);
  assert.equal(page.json.recording.notes.length, 3, 'the notes are shown');
  assert.ok(!page.text.includes('"author"'));
  assert.ok(!page.text.includes('Olga Ruiz') && !page.text.includes(member.email));

  // An account that is gone leaves its notes, reels and links to the team, without a name.
  const admin = await signUp('auth-admin');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  assert.equal((await client.adminUserDelete(member.user.id, { cookie: admin.cookie })).status, 200);
  const after = (await api(notes, { cookie: owner.cookie })).json.notes;
  assert.deepEqual(
    after.map((n) => [n.text, n.author?.id ?? null]),
    [
      ['De Olga', olga.id],
      ['Editada por Ana', obs.id],
      ['Clip de Ana', null],
    ],
  );
  assert.equal((await client.reelGet(reel.json.id, { cookie: owner.cookie })).json.author, null);
});
