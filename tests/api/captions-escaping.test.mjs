// A transcript line becomes one WebVTT cue of plain text whatever the participant said (hardening
// 4): the captions and 'Descargar transcripción' escape `&`, `<`, `>`, "-->" and line breaks, so
// a line can never end its cue, start another, or add a voice or style tag. The window is stored
// as the transcription pipeline stores it (`transcript_windows`), then read through the worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { BASE, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { participate, recordAndSubmit } from './recording.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';

test('what a participant says stays inside its cue in the captions file', async () => {
  const owner = await researcher('vtt-escaping');
  const analysis = await createAnalysis(owner, { tasks: ['Uno'] });
  const { entryId, cookie } = await participate(analysis.id);
  await recordAndSubmit(entryId, cookie, randomBytes(4096), { chunkSize: 4096 });
  const said = 'uno\r\n\n00:00:05.000 --> 00:00:09.000\n<v Admin>pagado & <b>hecho</b>';
  const lines = JSON.stringify([
    { start_ms: 1000, end_ms: 2000, text: said, words: [] },
    { start_ms: 3000, end_ms: 4000, text: 'dos', words: [] },
  ]);
  await sql(`INSERT INTO transcript_windows (entry_id, analysis_id, segment, window_index, start_ms, end_ms, failed, lines_json, search_text, created_at) \
    VALUES (${q(entryId)}, ${q(analysis.id)}, 1, 0, 0, 30000, 0, ${q(lines)}, 'uno dos', 0)`);

  const res = await fetch(`${BASE}/api/v1/entry/${entryId}/transcript.vtt`, { headers: { cookie: owner.cookie } });
  assert.equal(res.status, 200);
  const vtt = await res.text();
  assert.equal(
    vtt,
    'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nuno   00:00:05.000 → 00:00:09.000 &lt;v Admin&gt;pagado &amp; &lt;b&gt;hecho&lt;/b&gt;\n\n00:00:03.000 --> 00:00:04.000\ndos\n',
  );
  // Exactly two cues, as two lines were said.
  assert.equal(vtt.match(/^\d\d:\d\d:\d\d\.\d{3} --> /gm).length, 2);
  // The JSON view keeps the words as said (it is not markup).
  const json = await client.transcriptGet(entryId, { cookie: owner.cookie });
  assert.equal(json.json.lines[0].text, said);
});
