// Transcripts (ADR 0018) from a real recording: a participant records in Chromium (fake microphone) with the
// recorder wasm, whose audio-only track for transcription goes to the worker as the analysis
// transcribes; after Finish the participation's object sends its windows to the Whisper stand-in
// (scripts/lib/whisper-stand-in.mjs, LUPA_STT_URL) and the researcher reads the transcript.
import { expect, test } from './support/accounts';
import { entryOf, recordingStatus, researcherWithAnalysis, startAnalysis } from './support/participation';

const STT = process.env.LUPA_STT_URL ?? '';

interface StandInRequest {
  language: string;
  audio: string;
  at: number;
}

/** Opus packets ffprobe decodes from one window the stand-in received. */
async function packets(base64: string): Promise<{ codec: string; packets: number }> {
  const { execFile } = await import('node:child_process');
  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { promisify } = await import('node:util');
  const dir = await mkdtemp(join(tmpdir(), 'lupa-stt-'));
  try {
    const path = join(dir, 'window.webm');
    await writeFile(path, Buffer.from(base64, 'base64'));
    const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-count_packets', '-show_entries', 'stream=codec_name,nb_read_packets', '-of', 'json', path]);
    const stream = (JSON.parse(stdout) as { streams: { codec_name: string; nb_read_packets: string }[] }).streams[0]!;
    return { codec: stream.codec_name, packets: Number(stream.nb_read_packets) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the recorder sends the microphone for transcription and the researcher gets the transcript after Finish', async ({ page, request }) => {
  test.skip(!STT, 'needs the test server with the Whisper stand-in (scripts/run-tests.mjs)');
  const analysisId = await researcherWithAnalysis(request, 3, undefined, { transcribe: true });
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  for (let step = 0; step < 4; step++) {
    await page.waitForTimeout(1_000);
    await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  const entry = await entryOf(analysisId);
  // Tests run in parallel and every participation is transcribed: only windows sent from now on
  // can be this one's (the stand-in is never reset here, which would disturb the others).
  const since = Date.now();
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });

  let transcript: { status: string; lines: { start_ms: number; text: string; task_number: number | null }[] } | undefined;
  await expect
    .poll(async () => {
      transcript = await (await request.get(`/api/v1/entry/${entry.id}/transcript`)).json();
      return transcript?.status;
    }, { timeout: 30_000 })
    .toBe('complete');
  expect(transcript!.lines.map((l) => l.text)).toEqual(['Vale, ahora busco el carrito.', 'No encuentro el botón de pagar.']);
  // The first line starts 0.5 s into the audio, which starts a moment after the screen's file.
  expect(transcript!.lines[0]!.start_ms).toBeGreaterThanOrEqual(500);
  expect(transcript!.lines[0]!.start_ms).toBeLessThan(2_500);

  const requests = ((await (await fetch(`${STT}/control/requests`)).json()) as StandInRequest[]).filter((r) => r.at >= since);
  expect(requests.length).toBeGreaterThanOrEqual(1);
  // About 5 s of speech in 20–60 ms Opus packets: a window of this recording decodes whole.
  const decoded = await Promise.all(requests.map((r) => packets(r.audio)));
  expect(decoded.every((d) => d.codec === 'opus')).toBe(true);
  expect(Math.max(...decoded.map((d) => d.packets))).toBeGreaterThan(50);
  expect(requests.every((r) => r.language === 'es')).toBe(true);
});
