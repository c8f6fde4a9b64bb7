/**
 * A participant's recording through the durable-chunk API (ADR 0005), as a tab sends it: a
 * segment, chunks with their end times, complete, submit. The requests are tests/lib/test-app.mjs's
 * `Participation` (the one recording of the API tests and the benches); these name the shapes the
 * browser tests use. `participant` is the participation `asParticipant` claimed.
 */
import { expect } from '@playwright/test';
import { participate, type Participation } from '../../lib/test-app.mjs';
import { fakeClientIp } from '../../../scripts/lib/accounts.mjs';

export type { Participation };

export interface StepMark {
  index: number;
  atMs: number;
}

/** What `participate` answers: the new entry, and the analysis as the tab needs it. */
interface Joined {
  analysisEntryId: string;
  analysisData: Record<string, unknown>;
}

/**
 * A participant (one client address throughout, and the capability cookie `participate` sets)
 * joins `analysisId` and does `record` with it. Returns the entry id. `record` also gets
 * participate's answer.
 */
export async function asParticipant(
  baseURL: string,
  analysisId: string,
  record: (participant: Participation, entryId: string, joined: Joined) => Promise<void> = async () => {},
): Promise<string> {
  const participant = await participate(analysisId, { base: baseURL, ip: fakeClientIp(), oneAddress: true });
  expect(participant.res.status, `participate → ${participant.res.text}`).toBe(200);
  await record(participant, participant.entryId, participant.res.json as Joined);
  return participant.entryId;
}

/**
 * Sends `bytes` as a new segment of `chunks` chunks spread over `durationMs` (not completed).
 * `track: 'camera'` sends the camera file of the newest screen segment (ADR 0008), which started
 * `cameraStartMs` after it. `entryId` is the participant's own.
 */
export async function uploadSegment(
  participant: Participation,
  entryId: string,
  bytes: Buffer,
  {
    durationMs = 1000,
    chunks = 4,
    mimeType = 'video/mp4',
    track = 'screen' as 'screen' | 'camera',
    cameraStartMs = 0,
  } = {},
) {
  expect(entryId).toBe(participant.entryId);
  const startMs = track === 'camera' ? cameraStartMs : undefined;
  return participant.recordSegment(bytes, { chunks, durationMs, mimeType, track, startMs });
}

/** The tab's thumbnail of the screen (ADR 0008): a small JPEG, sent before the participation is submitted. */
export async function uploadThumbnail(participant: Participation, entryId: string, jpeg: Buffer) {
  expect(entryId).toBe(participant.entryId);
  const res = await participant.putThumbnail(jpeg);
  expect(res.status, `thumbnail → ${res.text}`).toBeLessThan(300);
}

/** Completes and submits a participation whose segments are uploaded. */
export async function finishRecording(
  participant: Participation,
  entryId: string,
  { durationMs, steps = [] as StepMark[] }: { durationMs?: number; steps?: StepMark[] } = {},
) {
  expect(entryId).toBe(participant.entryId);
  await participant.finish({ durationMs, steps });
}

/** Sends `bytes` as one segment of `chunks` chunks spread over `durationMs`, then completes and submits. */
export async function uploadRecording(
  participant: Participation,
  entryId: string,
  bytes: Buffer,
  { durationMs = 1000, steps = [] as StepMark[], chunks = 4, mimeType = 'video/mp4' } = {},
) {
  await uploadSegment(participant, entryId, bytes, { durationMs, chunks, mimeType });
  await finishRecording(participant, entryId, { durationMs, steps });
}

/**
 * A participation recorded in two captures, as after a reload mid-task (ADR 0005): `first`, then
 * a resume, then `second`; completed and submitted.
 */
export async function uploadResumedRecording(
  participant: Participation,
  entryId: string,
  first: { bytes: Buffer; durationMs: number },
  second: { bytes: Buffer; durationMs: number },
  { steps = [] as StepMark[], mimeType = 'video/mp4' } = {},
) {
  await uploadSegment(participant, entryId, first.bytes, { durationMs: first.durationMs, mimeType });
  const resumed = await participant.resume();
  expect(resumed.status, `resume → ${resumed.text}`).toBeLessThan(300);
  await uploadSegment(participant, entryId, second.bytes, { durationMs: second.durationMs, mimeType });
  await finishRecording(participant, entryId, { steps });
}
