/**
 * A participant's recording through the durable-chunk API (ADR 0005), as a tab sends it: a
 * segment, chunks with their end times, complete, submit. `participant` must be a request context
 * that holds the capability cookie set by `participate`.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { clientHeaders } from './accounts';

export interface StepMark {
  index: number;
  atMs: number;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.status(), `${response.url()} → ${await response.text()}`).toBeLessThan(300);
  return response;
}

/** What `participate` answers: the new entry, and the analysis as the tab needs it. */
interface Joined {
  analysisEntryId: string;
  analysisData: Record<string, unknown>;
}

/**
 * A participant in their own request context (its own client address, and the capability cookie
 * `participate` sets) joins `analysisId` and does `record` with it; the context is disposed of
 * after. Returns the entry id. `record` also gets participate's answer.
 */
export async function asParticipant(
  baseURL: string,
  analysisId: string,
  record: (participant: APIRequestContext, entryId: string, joined: Joined) => Promise<void> = async () => {},
): Promise<string> {
  const participant = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: clientHeaders() });
  try {
    const joined = (await (
      await ok(await participant.post('/api/v1/analysis/participate', { data: { analysisId } }))
    ).json()) as Joined;
    await record(participant, joined.analysisEntryId, joined);
    return joined.analysisEntryId;
  } finally {
    await participant.dispose();
  }
}

/**
 * Sends `bytes` as a new segment of `chunks` chunks spread over `durationMs` (not completed).
 * `track: 'camera'` sends the camera file of the newest screen segment (ADR 0008), which started
 * `cameraStartMs` after it.
 */
export async function uploadSegment(
  participant: APIRequestContext,
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
  const body = track === 'camera' ? { mimeType, track } : { mimeType };
  const opened = await ok(await participant.post(`/api/v1/analysisEntry/${entryId}/segments`, { data: body }));
  const { segment } = (await opened.json()) as { segment: number };
  const kind = track === 'camera' ? 'camera-chunks' : 'chunks';
  const extra: Record<string, string> = track === 'camera' ? { 'x-lupa-start-ms': String(cameraStartMs) } : {};
  // No chunk but the last below the server's minimum (128 bytes, ADR 0013): tiny test files go in fewer chunks.
  const size = Math.max(Math.ceil(bytes.length / chunks), Math.min(128, bytes.length));
  for (let i = 0; i * size < bytes.length; i++) {
    const end = Math.min(bytes.length, (i + 1) * size);
    await ok(
      await participant.put(`/api/v1/analysisEntry/${entryId}/segments/${segment}/${kind}/${i}`, {
        data: bytes.subarray(i * size, end),
        headers: {
          'Content-Type': 'application/octet-stream',
          'x-lupa-end-ms': String(Math.round((durationMs * end) / bytes.length)),
          ...extra,
        },
      }),
    );
  }
  return segment;
}

/** The tab's thumbnail of the screen (ADR 0008): a small JPEG, sent before the participation is submitted. */
export async function uploadThumbnail(participant: APIRequestContext, entryId: string, jpeg: Buffer) {
  await ok(
    await participant.put(`/api/v1/analysisEntry/${entryId}/thumbnail`, {
      data: jpeg,
      headers: { 'Content-Type': 'image/jpeg' },
    }),
  );
}

/** Completes and submits a participation whose segments are uploaded. */
export async function finishRecording(
  participant: APIRequestContext,
  entryId: string,
  { durationMs, steps = [] as StepMark[] }: { durationMs?: number; steps?: StepMark[] } = {},
) {
  await ok(await participant.post(`/api/v1/analysisEntry/${entryId}/complete`, { data: { durationMs, steps } }));
  await ok(
    await participant.patch('/api/v1/analysisEntry', {
      data: { analysisEntryId: entryId, analysisEntryStatus: 'submitted' },
    }),
  );
}

/** Sends `bytes` as one segment of `chunks` chunks spread over `durationMs`, then completes and submits. */
export async function uploadRecording(
  participant: APIRequestContext,
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
  participant: APIRequestContext,
  entryId: string,
  first: { bytes: Buffer; durationMs: number },
  second: { bytes: Buffer; durationMs: number },
  { steps = [] as StepMark[], mimeType = 'video/mp4' } = {},
) {
  await uploadSegment(participant, entryId, first.bytes, { durationMs: first.durationMs, mimeType });
  await ok(await participant.post(`/api/v1/analysisEntry/${entryId}/resume`));
  await uploadSegment(participant, entryId, second.bytes, { durationMs: second.durationMs, mimeType });
  await finishRecording(participant, entryId, { steps });
}
