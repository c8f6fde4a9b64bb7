// A recording of several megabytes through the real worker and R2: the worker reads long ranges
// from R2 in pieces (256 KiB, then doubling up to 4 MiB; edge-worker/core/src/read_pieces.rs), so
// a player's `bytes=0-` answers after a small read. Whatever the pieces, the whole file and every
// Range, on and across their seams and R2's 5 MiB multipart seam, are byte for byte the upload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client } from './helpers.mjs';
import { createAnalysis, researcher } from './insights-helpers.mjs';
import { submittedLargeRecording } from './recording.mjs';

const KIB = 1024;
const MIB = 1024 * KIB;

test('a multi-megabyte recording is served whole and in any Range exactly as uploaded', async () => {
  const owner = await researcher('ranges');
  const analysis = await createAnalysis(owner, { tasks: ['T1'], max: 2 });
  // An ordinary MP4 header, then bytes no index is built for: served exactly as stored.
  const { entryId, file } = await submittedLargeRecording(analysis.id, 9 * MIB + 12_345);
  const url = (await client.entryPage(entryId, { cookie: owner.cookie })).json.segments[0].url;

  const whole = await fetch(url);
  assert.equal(whole.status, 200);
  assert.equal(Number(whole.headers.get('content-length')), file.length);
  assert.ok(Buffer.from(await whole.arrayBuffer()).equals(file), 'the whole file');

  const last = file.length - 1;
  // Piece seams from offset 0 (256 KiB, +512 KiB, +1 MiB, +2 MiB, +4 MiB) and R2's part seam.
  const seams = [256 * KIB, 768 * KIB, 1792 * KIB, 3840 * KIB, 5 * MIB, 7936 * KIB];
  const ranges = [
    [0, last],
    [1, last],
    [100_000, 5 * MIB + 1],
    [last - 10, last],
    ...seams.flatMap((s) => [
      [s - 1, s],
      [s - 3, s + 300 * KIB],
    ]),
  ];
  for (const [start, end] of ranges) {
    const part = await fetch(url, { headers: { range: `bytes=${start}-${end}` } });
    assert.equal(part.status, 206, `${start}-${end}`);
    assert.equal(part.headers.get('content-range'), `bytes ${start}-${end}/${file.length}`);
    assert.equal(Number(part.headers.get('content-length')), end - start + 1);
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(file.subarray(start, end + 1)), `bytes ${start}-${end}`);
  }
  const open = await fetch(url, { headers: { range: 'bytes=4000000-' } });
  assert.ok(Buffer.from(await open.arrayBuffer()).equals(file.subarray(4_000_000)), 'an open-ended range');

  // A player that reads the start and goes away: the answer still begins with the right bytes.
  const reader = (await fetch(url, { headers: { range: 'bytes=0-' } })).body.getReader();
  const { value } = await reader.read();
  assert.ok(Buffer.from(value).equals(file.subarray(0, value.length)));
  await reader.cancel();
});
