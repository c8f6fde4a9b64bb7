// Recording quality tiers (issue 48) against the real worker, participation object and D1: a
// segment opened with `tier` keeps it, and the researcher sees it in the recording's segments
// (the player's `GET /analysisEntry/{id}` and `GET /entry/{id}`) and live (the snapshot); a
// segment opened without one, as every recorder before tiers did, is tier 0; a camera track is
// its screen segment's tier; anything but a whole number from 0 to 3 is 400 `bad_tier`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { client } from './helpers.mjs';
import { createAnalysis, owner as subscribed, participate } from '../lib/test-app.mjs';
import { watch } from './live-watch.mjs';

const CAMERA = 'video/webm;codecs=vp8';
const BAD_TIER = 'El nivel de calidad de la grabación debe ser un número entero de 0 a 3';

test('a segment keeps the tier it was opened at; the player and the live view report it, 0 without one', async () => {
  const owner = await subscribed('tiers');
  const { id } = await createAnalysis(owner, { camera: 'optional' });
  const p = await participate(id);
  assert.equal(p.res.status, 200, p.res.text);

  // An old recorder's body (no tier), then a tier-2 capture, then tier 0 said outright.
  assert.equal(await p.recordSegment(randomBytes(2000)), 1);
  assert.equal((await p.openSegment({ mimeType: CAMERA, track: 'camera', tier: 3 })).status, 200);
  assert.equal(await p.recordSegment(randomBytes(2000), { tier: 2 }), 2);
  assert.equal((await p.openSegment({ mimeType: CAMERA, track: 'camera' })).status, 200);
  assert.equal(await p.recordSegment(randomBytes(2000), { tier: 0 }), 3);
  // JSON has one kind of number: 1.0 is tier 1.
  const whole = await p.calls.entrySegmentOpen(p.entryId, { body: '{"mimeType":"video/mp4","tier":1.0}' });
  assert.equal(whole.status, 200, whole.text);
  assert.equal(whole.json.segment, 4);
  assert.equal(
    (await p.putChunk(4, 0, randomBytes(2000), 1000)).status,
    200,
    'a chunk of the tier-1 segment, so it is a file',
  );

  // Live, each track of a segment has the segment's tier: the camera its screen segment's,
  // whatever its own request said; tier 0 is not named.
  const viewer = watch(p.entryId, owner.cookie);
  await viewer.opened;
  const snapshot = await viewer.next((e) => e.type === 'snapshot');
  viewer.ws.close();
  const live = snapshot.segments.map((s) => [s.seq, s.track, s.tier ?? 0]).sort();
  assert.deepEqual(live, [
    [1, 'camera', 0],
    [1, 'screen', 0],
    [2, 'camera', 2],
    [2, 'screen', 2],
    [3, 'screen', 0],
    [4, 'screen', 1],
  ]);
  assert.equal(
    snapshot.segments.some((s) => 'tier' in s && s.tier === 0),
    false,
    'tier 0 is left out',
  );

  await p.finish();
  const entry = await client.entryUrl(p.entryId, { cookie: owner.cookie });
  assert.equal(entry.status, 200, entry.text);
  assert.deepEqual(
    entry.json.segments.map((s) => s.tier),
    [0, 2, 0, 1],
  );
  const page = await client.entryPage(p.entryId, { cookie: owner.cookie });
  assert.equal(page.status, 200, page.text);
  assert.deepEqual(
    page.json.segments.map((s) => s.tier),
    [0, 2, 0, 1],
  );
});

test('a recording without tiers reports every segment as tier 0', async () => {
  const owner = await subscribed('tiers-none');
  const { id } = await createAnalysis(owner);
  const p = await participate(id);
  await p.recordSegment(randomBytes(2000));
  await p.recordSegment(randomBytes(2000));
  await p.finish();
  const entry = await client.entryUrl(p.entryId, { cookie: owner.cookie });
  assert.deepEqual(
    entry.json.segments.map((s) => s.tier),
    [0, 0],
  );
});

test('a tier that is not a whole number from 0 to 3 is 400 bad_tier on every track, and opens nothing', async () => {
  const owner = await subscribed('tiers-bad');
  const { id } = await createAnalysis(owner, { camera: 'optional' });
  const p = await participate(id);
  const bad = [-1, 4, 255, 256, 1.5, -0.5, '2', '', true, [1], { tier: 1 }];
  for (const track of ['screen', 'camera', 'audio']) {
    for (const tier of bad) {
      const res = await p.openSegment({ mimeType: track === 'camera' ? CAMERA : undefined, track, tier });
      assert.equal(res.status, 400, `${track} ${JSON.stringify(tier)}: ${res.text}`);
      assert.deepEqual(res.json, { message: BAD_TIER, code: 'bad_tier' });
    }
  }
  // None of them opened a segment: the first real one is number 1.
  const first = await p.openSegment({ tier: null });
  assert.equal(first.status, 200, first.text);
  assert.equal(first.json.segment, 1);
});
