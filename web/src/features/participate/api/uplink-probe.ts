/**
 * POST /api/v1/analysis/{id}/uplink-probe (issue 48): before recording, on the permissions step,
 * the tab uploads `bytes` of random data to the invite's analysis and times it, so its recorder
 * can start at a quality tier the participant's uplink keeps up with. The server reads the bytes
 * and drops them (at most 512 KiB; 413 above), and rate-limits probes per address.
 *
 * Not through the API client: the body is bytes, not JSON, and the time-out is the probe's own.
 * The bytes are random so that nothing on the way can make them smaller than they are.
 */
import { API_BASE_PATH } from '@/config/constants';
import { apiPaths } from '@/lib/api-paths';
import type { UplinkProbeResponse } from '@/lib/api-types/UplinkProbeResponse';

/** `crypto.getRandomValues` fills at most this many bytes per call. */
const RANDOM_SLICE = 65_536;

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let from = 0; from < length; from += RANDOM_SLICE) {
    crypto.getRandomValues(bytes.subarray(from, Math.min(from + RANDOM_SLICE, length)));
  }
  return bytes;
}

/** The probe's size: about 4 s at 0.5 Mbit/s, half a second at 4. */
export const PROBE_BYTES = 256 * 1024;

/**
 * The uplink's speed in bits per second, from the time between sending the probe and its answer
 * (`bytes * 8 / seconds`; the answer comes once the server has read every byte); null when
 * anything goes wrong: a refusal (429 after too many probes, 404 for an analysis that takes no
 * participants), a network failure, an answer that did not get every byte, or no answer within
 * `timeoutMs` (the request is aborted: the recorder then starts at tier 0 and its own measure
 * steps it down within seconds, ADR 0023).
 */
export async function probeUplink(analysisId: string, bytes = PROBE_BYTES, timeoutMs = 8000): Promise<number | null> {
  if (!Number.isInteger(bytes) || bytes <= 0) return null;
  const body = randomBytes(bytes);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const started = performance.now();
    const response = await fetch(`${API_BASE_PATH}${apiPaths.uplinkProbe(analysisId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      body,
      cache: 'no-store',
      signal: controller.signal,
    });
    const seconds = (performance.now() - started) / 1000;
    if (!response.ok) return null;
    const answer = (await response.json()) as Partial<UplinkProbeResponse>;
    if (answer.receivedBytes !== bytes || !(seconds > 0)) return null;
    return (bytes * 8) / seconds;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
