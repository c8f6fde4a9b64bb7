/**
 * Data for the AI summary and themes tests (ADR 0021): a participant's 18 s recording (the demo
 * video) with a real microphone track, which the test server transcribes and summarises through
 * the Workers AI stand-in (LUPA_STT_URL), and the stand-in's control (`/control/summary` …).
 */
import { readFile } from 'node:fs/promises';
import { expect } from './accounts';
import { STEPS } from './insights';
import { must } from '../../lib/test-app.mjs';
import { asParticipant, finishRecording, uploadSegment, type StepMark } from './recording';

const STT = process.env.LUPA_STT_URL;
const fixture = (name: string) => new URL(`../../../edge-worker/core/fixtures/${name}`, import.meta.url);
const DEMO_VIDEO = new URL('../../../web/public/demo/lupa-demo.mp4', import.meta.url);

/** Whether the test server runs with the stand-in (scripts/run-tests.mjs starts it so). */
export const hasStandIn = () => STT !== undefined;

/** POSTs `body` to the stand-in's control `path` (e.g. `/control/summary`). */
export async function standInControl(path: string, body: unknown) {
  if (!STT) throw new Error('LUPA_STT_URL: the test server runs with the Workers AI stand-in (scripts/run-tests.mjs)');
  const response = await fetch(STT + path, { method: 'POST', body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
}

/**
 * A participant's 18 s recording with its microphone track, as the tab sends it, with `steps` (by
 * default task 1 from 2 s and task 2 from 12 s); returns the entry id.
 */
export function transcribedRecording(baseURL: string, analysisId: string, steps: StepMark[] = STEPS): Promise<string> {
  return asParticipant(baseURL, analysisId, async (participant, entryId, joined) => {
    expect(joined.analysisData.transcribe, 'the tab is told to record the microphone').toBe(true);
    const seg = await uploadSegment(participant, entryId, await readFile(DEMO_VIDEO), { durationMs: 18_000 });
    const audio = await readFile(fixture('chromium-audio-1.webm'));
    const sizes = JSON.parse(await readFile(fixture('chromium-audio-1.chunks.json'), 'utf8')) as number[];
    for (const [index, sent] of (await participant.putAudio(seg, { bytes: audio, sizes }, 0)).entries())
      must(sent, `audio chunk ${index}`);
    await finishRecording(participant, entryId, { durationMs: 18_000, steps });
  });
}
