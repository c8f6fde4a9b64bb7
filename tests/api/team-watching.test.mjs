// Who is watching live (ADR 0019): the analysis page's participations carry, while in progress,
// the team members whose live view of it is open now (from the participation object's sockets,
// named from the live viewers D1 keeps), each once however many tabs; nobody once they close it,
// and never on a submitted participation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signUp, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { openSegment, participate, putChunk, until } from './recording.mjs';
import { watch } from './live-watch.mjs';
import { join } from './team-helpers.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';

const watchingOf = async (who, analysisId, entryId) => {
  const res = await client.analysisGet(analysisId, { cookie: who.cookie });
  assert.equal(res.status, 200, res.text);
  return res.json.analysisData.AnalysisEntries.find((e) => e.id === entryId);
};

test('the analysis lists who watches each participation live, by name, while they do', async () => {
  const owner = await researcher('watch-owner');
  await sql(`UPDATE users SET name = 'Olga Ruiz' WHERE id = ${q(owner.user.id)}`);
  const observer = await signUp('watch-observer');
  await sql(`UPDATE users SET name = 'Bruno Sanz' WHERE id = ${q(observer.user.id)}`);
  await join(owner, observer, 'observer');
  const analysis = await createAnalysis(owner, { tasks: ['Busca'] });
  const p = await participate(analysis.id);
  const segment = (await openSegment(p.entryId, p.cookie)).json.segment;
  assert.equal((await putChunk(p.entryId, p.cookie, segment, 0, Buffer.alloc(2000, 1), 1000)).status, 200);

  const before = await watchingOf(owner, analysis.id, p.entryId);
  assert.equal(before.status, 'in_progress');
  assert.equal(before.watching, undefined, 'nobody watches yet');

  // The observer in two tabs, the owner in one.
  const tabs = [watch(p.entryId, observer.cookie), watch(p.entryId, observer.cookie), watch(p.entryId, owner.cookie)];
  await Promise.all(tabs.map((t) => t.opened));
  await Promise.all(tabs.map((t) => t.next((e) => e.type === 'snapshot')));
  const watching = await watchingOf(observer, analysis.id, p.entryId);
  assert.deepEqual(watching.watching.map((a) => [a.name, a.initials]).sort(), [
    ['Bruno Sanz', 'BS'],
    ['Olga Ruiz', 'OR'],
  ]);

  // The observer closes both tabs: only the owner is left.
  tabs[0].ws.close();
  tabs[1].ws.close();
  assert.ok(
    await until(async () => {
      const entry = await watchingOf(owner, analysis.id, p.entryId);
      return entry.watching?.length === 1 && entry.watching[0].id === owner.user.id;
    }),
    'the closed tabs leave the list',
  );
  tabs[2].ws.close();
  assert.ok(await until(async () => (await watchingOf(owner, analysis.id, p.entryId)).watching === undefined));

  // Someone of another workspace learns nothing: the analysis is 404 to them.
  const stranger = await signUp('watch-stranger');
  assert.equal((await client.analysisGet(analysis.id, { cookie: stranger.cookie })).status, 404);
});
