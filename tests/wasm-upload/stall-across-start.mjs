// Shows why a recording's file can be longer than the recorder's timer (the bound in run.mjs's
// `assertDuration`): MediaRecorder writes frames that were still in flight when `start()` was
// called, with their capture times. Here Chromium's browser process is stopped (SIGSTOP) for
// 2.9 s around `start()`, then MediaRecorder records Chromium's fake camera and microphone for
// 4 s; ffprobe reads the file. Not part of `npm test`: it freezes a process on purpose and its
// outcome depends on where the stall lands.
//
//   bash scripts/run-node.sh tests/wasm-upload/stall-across-start.mjs [runs] [stall ms, 0 for none]
//
// Prints, per run, the time on the page's clock, each stream's length and the first video
// timestamps. On a 2-core Xeon (2026-11-26), 3 runs of 3 gave vp9 5.30–5.50 s for 4.00 s, the
// first four frames at 0.00–0.15 s and the next at 2.95 s; with no stall, files read 3.92–4.00 s.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** From the page asking for the devices; the page starts recording 2 s after it got them. */
const STALL_AT_MS = 700;
const runs = Number(process.argv[2] ?? 1);
const stallMs = Number(process.argv[3] ?? 2900);

const dir = mkdtempSync(join(tmpdir(), 'lupa-stall-'));
// getUserMedia needs a secure context: a blank page on 127.0.0.1.
const server = http.createServer((_, res) => res.end('<!doctype html><title>stall</title>')).listen(0, '127.0.0.1');
await new Promise((resolve) => server.on('listening', resolve));
const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
});

/** The browser process: the Chromium of this profile whose command line has no `--type=`. */
function browserPids() {
  const pids = execFileSync('pgrep', ['-f', `chromium.*${dir}`])
    .toString()
    .trim()
    .split('\n');
  return pids.filter((pid) => !readFileSync(`/proc/${pid}/cmdline`).toString().includes('--type='));
}

try {
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  for (let run = 0; run < runs; run += 1) {
    const stall =
      stallMs > 0 &&
      setTimeout(() => {
        const pids = browserPids();
        for (const pid of pids) process.kill(Number(pid), 'SIGSTOP');
        setTimeout(() => pids.forEach((pid) => process.kill(Number(pid), 'SIGCONT')), stallMs);
      }, STALL_AT_MS);
    const out = await page.evaluate(async () => {
      const mime = ['video/mp4;codecs=avc1.42E01E,mp4a.40.2', 'video/mp4;codecs=vp9,opus', 'video/mp4'].find((m) =>
        MediaRecorder.isTypeSupported(m),
      );
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      const recorder = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: 1e6 });
      await new Promise((r) => setTimeout(r, 2000));
      const parts = [];
      recorder.ondataavailable = (e) => e.data.size && parts.push(e.data);
      const stopped = new Promise((r) => {
        recorder.onstop = r;
      });
      const startedAt = performance.now();
      recorder.start(1000);
      await new Promise((r) => setTimeout(r, 4000));
      const recordedMs = performance.now() - startedAt;
      recorder.stop();
      await stopped;
      stream.getTracks().forEach((t) => t.stop());
      const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { mime, recordedMs, base64: btoa(binary) };
    });
    if (stall) clearTimeout(stall);
    const file = join(dir, `run-${run}.mp4`);
    writeFileSync(file, Buffer.from(out.base64, 'base64'));
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,duration',
        '-of',
        'json',
        file,
      ]).toString(),
    );
    const times = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v',
      '-show_entries',
      'packet=pts_time',
      '-of',
      'csv=p=0',
      file,
    ])
      .toString()
      .trim()
      .split('\n');
    const streams = probe.streams.map((s) => `${s.codec_name} ${Number(s.duration).toFixed(2)} s`).join(', ');
    console.log(
      `run ${run + 1}: ${out.mime}, ${(out.recordedMs / 1000).toFixed(2)} s on the page's clock; ${streams}; first video frames at ${times
        .slice(0, 6)
        .map((t) => Number(t).toFixed(2))
        .join(', ')} s`,
    );
  }
} finally {
  await context.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
