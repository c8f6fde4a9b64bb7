// Transcript figures (`npm run bench:transcript`, ADR 0018): for a 60-minute recording, the time
// from Finish to a complete transcript, and the Workers AI calls per recorded hour. Starts its own
// `wrangler dev` (workerd with local D1, R2 and the participation's Durable Object) with the
// speech-to-text provider pointed at the Whisper stand-in (scripts/lib/whisper-stand-in.mjs),
// which answers each window after DELAY_MS (1500 unless set: Whisper large-v3-turbo on Workers AI
// takes about 1–2 s for a 30 s window).
//
// The participant's tab is played back faster than real time: RECORD_MIN minutes (60 unless set)
// of real Opus audio (the Chromium fixture looped by ffmpeg, 24 kbit/s as the recorder sends it) in
// 1 s chunks, with a screen chunk every 10 s, in timeline order and as fast as the server takes
// them. That is harder on the transcriber than real time (windows close faster than they would),
// so the backlog at Finish is an upper bound of what a real hour leaves. Each audio chunk tells
// the server's clock (`x-lupa-test-now`) when a real tab would have sent it, a second after its
// audio ends: a track sends only the windows its recording lasted on that clock (ADR 0018). Then complete and submit
// (Finish), and the transcript is read every 100 ms until it says 'complete'.
//
//   npm run bench:transcript            (RECORD_MIN=10 DELAY_MS=3000 to change)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/dev-server.mjs';
import { startWhisperStandIn } from './lib/whisper-stand-in.mjs';
import { analysis, participant, putChunk, researcher } from './lib/bench-client.mjs';
import { opusAudio } from './lib/opus-audio.mjs';

const RECORD_MIN = Number(process.env.RECORD_MIN ?? 60);
const DELAY_MS = Number(process.env.DELAY_MS ?? 1500);
const SCREEN_CHUNK_MS = 10_000;
const AUDIO_CHUNK_MS = 1_000;
const TARGET_S = 60;

const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-transcript-'));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let server;
let standIn;

async function main() {
  console.log(
    `machine: ${new Date().toISOString()} · nproc ${cpus().length} · ${cpus()[0]?.model} · load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`making ${RECORD_MIN} minutes of Opus audio with ffmpeg…`);
  const audio = opusAudio(join(stateDir, 'audio.webm'), RECORD_MIN * 60);
  const audioChunks = (RECORD_MIN * 60_000) / AUDIO_CHUNK_MS;
  const audioChunkBytes = Math.ceil(audio.length / audioChunks);

  standIn = await startWhisperStandIn({ delayMs: DELAY_MS });
  server = await startServer({ stateDir, maxEntryBytes: 2 * 1024 ** 3, vars: standIn.vars, usage: false });
  const owner = await researcher(server.url, 'transcript');
  const analysisId = await analysis(owner, 10);
  const opened = Date.now();
  const p = await participant(server.url, analysisId);
  const audioOpen = await p.tab.json('POST', `/api/v1/analysisEntry/${p.entryId}/segments`, {
    body: { mimeType: 'audio/webm;codecs=opus', track: 'audio' },
  });
  if (audioOpen.segment !== p.segment) throw new Error(`the audio track went to segment ${audioOpen.segment}`);

  console.log(
    `uploading: ${audioChunks} audio chunks (${(audio.length / 1e6).toFixed(1)} MB) and ${(RECORD_MIN * 60_000) / SCREEN_CHUNK_MS} screen chunks, in timeline order…`,
  );
  const screen = randomBytes(2048);
  const started = performance.now();
  for (let i = 0; i < audioChunks; i++) {
    const body = audio.subarray(i * audioChunkBytes, (i + 1) * audioChunkBytes);
    if (body.length > 0) {
      const sentAt = opened + (i + 1) * AUDIO_CHUNK_MS + 1_000;
      const headers = { 'content-type': 'audio/webm', 'x-lupa-start-ms': '0', 'x-lupa-test-now': String(sentAt) };
      const res = await p.tab.call(
        'PUT',
        `/api/v1/analysisEntry/${p.entryId}/segments/${p.segment}/audio-chunks/${i}`,
        { body, headers },
      );
      if (res.status !== 200) throw new Error(`audio chunk ${i}: ${res.status} ${res.text}`);
    }
    const endMs = (i + 1) * AUDIO_CHUNK_MS;
    if (endMs % SCREEN_CHUNK_MS === 0) {
      const res = await putChunk(p, endMs / SCREEN_CHUNK_MS - 1, screen, endMs);
      if (res.status !== 200) throw new Error(`screen chunk at ${endMs} ms: ${res.status} ${res.text}`);
    }
  }
  const uploadMs = performance.now() - started;
  const before = (await (await fetch(`${standIn.url}/control/requests`)).json()).length;

  const finishAt = performance.now();
  await p.tab.json('POST', `/api/v1/analysisEntry/${p.entryId}/complete`, {
    body: {
      durationMs: RECORD_MIN * 60_000,
      steps: [
        { index: 0, atMs: 0 },
        { index: 1, atMs: 1000 },
      ],
    },
  });
  await p.tab.json('PATCH', '/api/v1/analysisEntry', {
    body: { analysisEntryId: p.entryId, analysisEntryStatus: 'submitted' },
  });
  const submittedMs = performance.now() - finishAt;
  let transcript;
  for (;;) {
    transcript = await owner.json('GET', `/api/v1/entry/${p.entryId}/transcript`);
    if (transcript.status === 'complete') break;
    if (performance.now() - finishAt > 20 * 60_000)
      throw new Error(`no complete transcript 20 minutes after Finish (status ${transcript.status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const completeMs = performance.now() - finishAt;
  const requests = (await (await fetch(`${standIn.url}/control/requests`)).json()).length;

  console.log(
    `\n${RECORD_MIN}-minute recording, stand-in delay ${DELAY_MS} ms a window, uploaded in ${seconds(uploadMs)} (${((RECORD_MIN * 60_000) / uploadMs).toFixed(0)}× real time)`,
  );
  console.log(
    `windows transcribed while recording: ${before} of ${requests}; left for after Finish: ${requests - before}`,
  );
  console.log(`Finish (complete + submit) answered in ${seconds(submittedMs)}`);
  console.log(
    `Finish → complete transcript: ${seconds(completeMs)} (target at most ${TARGET_S} s) · ${transcript.lines.length} lines`,
  );
  console.log(
    `Workers AI calls: ${requests} for ${RECORD_MIN} minutes → ${Math.round((requests * 60) / RECORD_MIN)} per recorded hour (30 s windows, none retried)`,
  );
  console.log(
    `machine at the end: load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
await server?.stop();
await standIn?.stop();
rmSync(stateDir, { recursive: true, force: true });
