// Long test audio shaped like the recorder's transcription track (ADR 0018): Chromium's recorded
// microphone fixture looped by ffmpeg into Opus in WebM at the recorder's 24 kbit/s, mono, written
// as a live stream (no seeking back), for the benchmarks and tests that need more than the
// fixture's few seconds.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const fixture = new URL('../../edge-worker/core/fixtures/chromium-audio-1.webm', import.meta.url).pathname;

/** Writes `seconds` of Opus audio to `file` and returns its bytes. */
export function opusAudio(file, seconds) {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    fixture,
    '-t',
    String(seconds),
    '-c:a',
    'libopus',
    '-b:a',
    '24k',
    '-ac',
    '1',
    '-f',
    'webm',
    '-live',
    '1',
    file,
  ]);
  return readFileSync(file);
}
