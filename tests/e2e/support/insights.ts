/**
 * Data for the clips, reels and share-link tests (ADR 0012): a subscribed researcher with an
 * analysis, and participations recorded through the chunk API with the 18 s demo video (one or
 * two captures, so a clip can cross a segment boundary), each with its step marks.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './accounts';
import { SCENARIO, TASKS } from './participation';
import { asParticipant, finishRecording, uploadResumedRecording, uploadSegment, type StepMark } from './recording';
import { must } from '../../lib/test-app.mjs';

const DEMO_VIDEO = fileURLToPath(new URL('../../../web/public/demo/lupa-demo.mp4', import.meta.url));

/** Scenario, URL, Task 1 at 2 s, Task 2 at 12 s (of the first capture). */
export const STEPS: StepMark[] = [
  { index: 0, atMs: 0 },
  { index: 1, atMs: 1_000 },
  { index: 2, atMs: 2_000 },
  { index: 3, atMs: 12_000 },
];

export async function expectOk(response: { ok(): boolean; status(): number; text(): Promise<string> }) {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
}

/**
 * A participant joins `analysisId` and submits the demo video: one 18 s capture, or with
 * `twoCaptures` the same file twice (a resume after a reload), 36 s in all; with `camera`, the same
 * file as the participant's camera too. Returns the entry id.
 */
export function submitRecording(
  baseURL: string,
  analysisId: string,
  { twoCaptures = false, camera = false } = {},
): Promise<string> {
  return asParticipant(baseURL, analysisId, async (participant, entryId) => {
    const bytes = await readFile(DEMO_VIDEO);
    if (twoCaptures) {
      await uploadResumedRecording(
        participant,
        entryId,
        { bytes, durationMs: 18_000 },
        { bytes, durationMs: 18_000 },
        { steps: STEPS },
      );
    } else {
      await uploadSegment(participant, entryId, bytes, { durationMs: 18_000 });
      // The same file as the camera's (the analysis must allow a camera).
      if (camera) await uploadSegment(participant, entryId, bytes, { durationMs: 18_000, track: 'camera' });
      await finishRecording(participant, entryId, { durationMs: 18_000, steps: STEPS });
    }
  });
}

/** A clip through the API (the player's own path is tested in clips.spec.ts). */
export async function createClip(
  request: APIRequestContext,
  entryId: string,
  clip: { atMs: number; endMs: number; title: string },
): Promise<string> {
  const created = await request.post(`/api/v1/entry/${entryId}/notes`, { data: { ...clip, text: '' } });
  await expectOk(created);
  return ((await created.json()) as { id: string }).id;
}

/**
 * A participant who answers: the demo video (9 s), each task's SEQ and success in `tasks`, and
 * the ten SUS answers, then Finish. For analyses with task questions and the SUS on.
 */
export async function answeredParticipation(
  baseURL: string,
  analysisId: string,
  tasks: [number, 'yes' | 'no' | 'unsure'][],
  sus: number[],
) {
  await asParticipant(baseURL, analysisId, async (participant, entryId) => {
    await uploadSegment(participant, entryId, await readFile(DEMO_VIDEO), { durationMs: 9_000 });
    for (const [i, [seq, success]] of tasks.entries()) {
      must(await participant.answerTask(i + 1, { seq, success, atMs: 3_000 + i * 2_000 }), `task ${i + 1}`);
    }
    must(await participant.answerSus({ answers: sus, atMs: 8_500 }), 'sus');
    const steps = [0, 1, 2, 3, 4].map((index) => ({ index, atMs: index * 1_500 }));
    await finishRecording(participant, entryId, { durationMs: 9_000, steps });
  });
}

/**
 * Turns on both questionnaires (task questions and the SUS) of the analysis through the edit API,
 * with the shared scenario and tasks and the given name and places.
 */
export async function askQuestions(
  request: APIRequestContext,
  analysisId: string,
  { name = 'Preguntas e2e', places = 5 } = {},
) {
  await expectOk(
    await request.patch(`/api/v1/analysis/${analysisId}`, {
      data: {
        name,
        url: 'example.com',
        maxNumberOfParticipants: places,
        scenario: SCENARIO,
        tasks: TASKS.map((taskContent) => ({ taskType: 'text', taskContent })),
        device: 'computer',
        taskQuestions: true,
        sus: true,
      },
    }),
  );
}
