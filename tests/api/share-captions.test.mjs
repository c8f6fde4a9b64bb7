// Captions on share links (ADR 0018, "API") against the real worker, D1, R2 and the
// participation's object, with the test server's provider pointed at the Whisper stand-in
// (scripts/lib/whisper-stand-in.mjs, LUPA_STT_URL). A participation of two segments (5 s and 3 s
// of screen) sends real audio for each; the stand-in answers its recorded fixture, two lines a
// window, so the transcript has four lines at known moments. Checked: a link made with captions
// points to a signed WebVTT of the recording, a clip's holds only the lines said during it on the
// recording's timeline, links without captions (or with nothing to caption) point to none, and a
// revoked link's captions are gone; the view and the captions keep their D1 round trips; the
// view names the captions' language (the analysis's transcription language).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, client } from './helpers.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';
import { participate, until } from './recording.mjs';

const STT = process.env.LUPA_STT_URL;
const fixtures = new URL('../../edge-worker/core/fixtures/', import.meta.url);
const SCREEN = readFileSync(new URL('chromium.mp4', fixtures));
const AUDIO = [1, 2].map((n) => ({
  bytes: readFileSync(new URL(`chromium-audio-${n}.webm`, fixtures)),
  sizes: JSON.parse(readFileSync(new URL(`chromium-audio-${n}.chunks.json`, fixtures), 'utf8')),
}));

before(async () => {
  assert.ok(STT, 'LUPA_STT_URL: the test server runs with the Whisper stand-in (scripts/run-tests.mjs)');
  const control = (path, body) => fetch(STT + path, { method: 'POST', body: JSON.stringify(body) });
  await control('/control/reset', {});
  await control('/control', { delayMs: 200 });
});

/** A submitted participation whose audio starts 150 ms into a 5 s screen file and 200 ms into a 3 s one. */
async function transcribedRecording(analysisId) {
  const p = await participate(analysisId);
  for (const [i, [screenMs, audioStartMs]] of [
    [5_000, 150],
    [3_000, 200],
  ].entries()) {
    const segment = await p.recordSegment(SCREEN, { mimeType: 'video/mp4', msPerChunk: screenMs });
    for (const res of await p.putAudio(segment, AUDIO[i], audioStartMs)) assert.equal(res.status, 200, res.text);
  }
  await p.finish();
  return p.entryId;
}

test('a link made with captions serves the transcript as WebVTT on the recording timeline (a clip: its lines); none without; gone once revoked', async () => {
  const user = await researcher('share-captions');
  const { id } = await createAnalysis(user);
  const entryId = await transcribedRecording(id);
  const transcribed = await until(
    async () => (await client.transcriptGet(entryId, { cookie: user.cookie })).json?.status === 'complete',
    { timeoutMs: 30_000, everyMs: 250 },
  );
  assert.ok(transcribed, 'the transcript completes');
  const clip = async (atMs, endMs) =>
    (await client.noteCreate(entryId, { cookie: user.cookie, body: { atMs, endMs, text: 'Clip' } })).json.id;
  const share = async (body) => {
    const res = await client.shareCreate(id, { cookie: user.cookie, body: { expiresInDays: 7, ...body } });
    assert.equal(res.status, 201, res.text);
    const view = await client.sharedView(res.json.token);
    // Asking whether there is anything to caption rides in the view's second batch (ADR 0011).
    assert.equal(view.headers.get('x-d1-round-trips'), '2');
    return { ...res.json, view: view.json };
  };
  const read = async (url) => {
    const res = await fetch(url);
    assert.equal(res.status, 200, url);
    assert.match(res.headers.get('content-type'), /^text\/vtt/);
    assert.equal(res.headers.get('x-d1-round-trips'), '1', 'the link and its windows in one round trip');
    return res.text();
  };
  const cue = (from, to, text) => `\n${from} --> ${to}\n${text}\n`;
  const [vale1, vale2, no1, no2] = [
    cue('00:00:00.650', '00:00:03.350', 'Vale, ahora busco el carrito.'),
    cue('00:00:05.700', '00:00:08.400', 'Vale, ahora busco el carrito.'),
    cue('00:00:12.450', '00:00:15.250', 'No encuentro el botón de pagar.'),
    cue('00:00:17.500', '00:00:20.300', 'No encuentro el botón de pagar.'),
  ];

  // The whole recording: every line, as the researcher's transcript.vtt has them.
  const recording = await share({ kind: 'recording', targetId: entryId, captions: true });
  assert.equal(recording.share.captions, true);
  assert.equal(recording.view.captionsLanguage, 'es', "the analysis's transcription language names the track");
  const recordingUrl = recording.view.captionsUrl;
  assert.match(
    recordingUrl,
    /\/api\/v1\/share-media\/[0-9a-f]{32}\/recording\/0\/captions\?expires=\d+&kid=[0-9a-f]{8}&sig=[0-9a-f]{64}$/,
  );
  assert.equal(await read(recordingUrl), `WEBVTT\n${vale1}${vale2}${no1}${no2}`);
  assert.equal(
    await read(recordingUrl),
    await (await fetch(`${BASE}/api/v1/entry/${entryId}/transcript.vtt`, { headers: { cookie: user.cookie } })).text(),
  );

  // A clip from 3 s to 6 s: the two lines said during it, still on the recording's timeline,
  // because the clip player places a cue at its time minus the offset of the file it falls in
  // (web/src/lib/player/captions.ts, cuesForSegment): 5.7 s is 0.7 s into the second file.
  const shortClip = await clip(3_000, 6_000);
  const clipped = await share({ kind: 'clip', targetId: shortClip, captions: true });
  assert.match(clipped.view.captionsUrl, new RegExp(`/share-media/[0-9a-f]{32}/${shortClip}/0/captions\\?`));
  assert.equal(await read(clipped.view.captionsUrl), `WEBVTT\n${vale1}${vale2}`);
  assert.deepEqual(
    clipped.view.clip.segments.map((s) => [s.offsetMs, s.durationMs]),
    [
      [0, 5_000],
      [5_000, 3_000],
    ],
  );

  // No captions: not asked for, nothing said during the clip, or a reel (captions are a
  // recording's or a clip's).
  const plain = await share({ kind: 'recording', targetId: entryId });
  assert.deepEqual([plain.share.captions, plain.view.captionsUrl, plain.view.captionsLanguage], [false, null, null]);
  const silent = await share({ kind: 'clip', targetId: await clip(3_500, 5_500), captions: true });
  assert.deepEqual([silent.share.captions, silent.view.captionsUrl], [true, null]);
  const reel = (await client.reelCreate(id, { cookie: user.cookie, body: { title: 'R', clipIds: [shortClip] } })).json
    .id;
  const reelShare = await share({ kind: 'reel', targetId: reel, captions: true });
  assert.deepEqual([reelShare.share.captions, reelShare.view.captionsUrl], [false, null]);
  // A link without captions gets none by asking for them under its own signature's path either.
  const plainFile = new URL(plain.view.recording.segments[0].url);
  assert.equal(
    (await fetch(`${plainFile.origin}${plainFile.pathname.replace(/\/1\/screen$/, '/0/captions')}${plainFile.search}`))
      .status,
    403,
  );

  // Revoked: the captions stop with the link.
  assert.equal((await client.shareRevoke(clipped.share.id, { cookie: user.cookie })).status, 200);
  assert.equal((await fetch(clipped.view.captionsUrl)).status, 404);
  assert.equal((await fetch(recordingUrl)).status, 200, 'the other link still has its captions');

  // An analysis transcribed in English: its captions say so (the shared player's track is 'en').
  const edited = await client.analysisUpdate(id, {
    cookie: user.cookie,
    body: {
      name: 'Tienda',
      url: 'tienda.example.com',
      maxNumberOfParticipants: 10,
      scenario: 'Compras algo',
      tasks: [{ taskType: 'text', taskContent: 'Busca' }],
      device: 'computer',
      transcription: { language: 'en' },
    },
  });
  assert.equal(edited.status, 200, edited.text);
  const english = await share({ kind: 'recording', targetId: entryId, captions: true });
  assert.equal(english.view.captionsLanguage, 'en');
});
