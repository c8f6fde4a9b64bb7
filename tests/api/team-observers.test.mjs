// Observers in a research team (ADR 0019): they watch and write notes, but clips (a note with an
// end) and the reels made of them are a researcher's. Making a clip, turning a note into one, and
// changing or deleting one are 403 `team_role_forbidden` for an observer; a researcher of the same
// team does all of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, signUp, client } from './helpers.mjs';
import { join } from './team-helpers.mjs';
import { createAnalysis, participation, researcher } from './insights-helpers.mjs';

const ROLE_FORBIDDEN = { code: 'team_role_forbidden', message: 'Tu rol en este equipo no permite esta acción' };
const refusal = (res) => ({ code: res.json?.code, message: res.json?.message });

test('an observer writes notes but makes, changes and deletes no clip or reel; a researcher does', async () => {
  const owner = await researcher('obs-owner');
  const [observer, member] = await Promise.all([signUp('obs-observer'), signUp('obs-researcher')]);
  await join(owner, observer, 'observer');
  await join(owner, member, 'researcher');
  const analysis = await createAnalysis(owner, { tasks: ['Busca'] });
  const { entryId } = await participation(analysis.id, { tasks: [{ s: 10 }] });
  const notes = `/api/v1/entry/${entryId}/notes`;
  const post = (who, body) => api(notes, { method: 'POST', cookie: who.cookie, body });
  const patch = (who, id, body) => api(`${notes}/${id}`, { method: 'PATCH', cookie: who.cookie, body });
  const del = (who, id) => api(`${notes}/${id}`, { method: 'DELETE', cookie: who.cookie });

  // Plain notes: written, edited and deleted by the observer.
  const mine = await post(observer, { atMs: 1000, text: 'No ve el botón' });
  assert.equal(mine.status, 201, mine.text);
  assert.equal((await patch(observer, mine.json.id, { text: 'No ve el botón de pagar' })).status, 200);

  // A clip: refused, and nothing was written.
  const clip = await post(observer, { atMs: 1000, endMs: 3000, text: 'Duda' });
  assert.equal(clip.status, 403);
  assert.deepEqual(refusal(clip), ROLE_FORBIDDEN);
  // Turning a note into a clip, too.
  const widened = await patch(observer, mine.json.id, { endMs: 4000 });
  assert.equal(widened.status, 403);
  assert.deepEqual(refusal(widened), ROLE_FORBIDDEN);

  // A researcher's clip: the observer may not change it, turn it back into a note or delete it.
  const theirs = await post(member, { atMs: 2000, endMs: 5000, title: 'Se pierde', text: 'Vuelve atrás' });
  assert.equal(theirs.status, 201, theirs.text);
  for (const res of [
    await patch(observer, theirs.json.id, { text: 'otra cosa' }),
    await patch(observer, theirs.json.id, { endMs: null }),
    await del(observer, theirs.json.id),
  ]) {
    assert.equal(res.status, 403, res.text);
    assert.deepEqual(refusal(res), ROLE_FORBIDDEN);
  }
  const listed = (await api(notes, { cookie: observer.cookie })).json.notes;
  assert.deepEqual(
    listed.map((n) => [n.text, n.endMs]),
    [
      ['No ve el botón de pagar', null],
      ['Vuelve atrás', 5000],
    ],
  );

  // Reels: the observer lists and plays them, and changes none.
  const reels = `/api/v1/analysis/${analysis.id}/reels`;
  const reel = await api(reels, {
    method: 'POST',
    cookie: member.cookie,
    body: { title: 'R', clipIds: [theirs.json.id] },
  });
  assert.equal(reel.status, 201, reel.text);
  assert.equal((await api(reels, { cookie: observer.cookie })).status, 200);
  assert.equal((await client.reelGet(reel.json.id, { cookie: observer.cookie })).status, 200);
  for (const res of [
    await api(reels, { method: 'POST', cookie: observer.cookie, body: { title: 'Mío' } }),
    await client.reelUpdate(reel.json.id, { cookie: observer.cookie, body: { title: 'X' } }),
    await client.reelClipAdd(reel.json.id, { cookie: observer.cookie, body: { clipId: theirs.json.id } }),
    await client.reelClipRemove(reel.json.id, theirs.json.id, { cookie: observer.cookie }),
    await client.reelDelete(reel.json.id, { cookie: observer.cookie }),
  ]) {
    assert.equal(res.status, 403, res.text);
    assert.deepEqual(refusal(res), ROLE_FORBIDDEN);
  }

  // The researcher does all of it, and the observer still deletes their own note.
  const made = await patch(member, mine.json.id, { endMs: 4000 });
  assert.equal(made.status, 200, made.text);
  assert.equal((await patch(member, theirs.json.id, { endMs: 6000 })).status, 200);
  assert.equal((await del(member, mine.json.id)).status, 200);
  const plain = await post(observer, { atMs: 500, text: 'Otra' });
  assert.equal((await del(observer, plain.json.id)).status, 200);
  assert.equal((await client.reelDelete(reel.json.id, { cookie: member.cookie })).status, 200);
});
