/**
 * The pre-flight uplink probe (ADR 0023): on the permissions step, while the participant grants
 * access, a short upload measures the uplink so the recording starts at a quality tier that does
 * not build a backlog in its first minute. Its figure (bit/s) waits here for the recorder's start;
 * null until measured, or when the probe failed (the recorder then starts at product §9's rates
 * and adapts from its own measure). A participant quicker than the probe on a slow uplink gets
 * the bound the unfinished probe already gives ({@link uplinkAtStart}).
 */
import { atom, type Getter, type Setter } from 'jotai';
import { PROBE_BYTES, probeUplink } from '@/features/participate/api/uplink-probe';
import { flowOf } from '@/features/participate/stores/participation-state';

export const probedUplink = atom<number | null>(null);

/** The probe being sent: when it started (`performance.now()`) and how many bytes it carries. */
export const probeInFlight = atom<{ startedAt: number; bytes: number } | null>(null);

/** The permissions step opened: measure the uplink once for this attempt, in the background. */
export const probeUplinkAtom = atom(null, async (get, set) => {
  const { analysisId, generation } = flowOf(get);
  if (!analysisId) return;
  set(probedUplink, null);
  set(probeInFlight, { startedAt: performance.now(), bytes: PROBE_BYTES });
  try {
    await measureUplink(set, async () => {
      const measured = await probeUplink(analysisId, PROBE_BYTES);
      // A later attempt (another analysis, a reset) must not get this one's figure.
      return flowOf(get).generation === generation ? measured : null;
    });
  } finally {
    set(probeInFlight, null);
  }
});

/** Runs `probe` once and keeps what it measured. */
export async function measureUplink(set: Setter, probe: () => Promise<number | null>): Promise<void> {
  const bitsPerSecond = await probe().catch(() => null);
  set(
    probedUplink,
    bitsPerSecond !== null && Number.isFinite(bitsPerSecond) && bitsPerSecond > 0 ? bitsPerSecond : null,
  );
}

/**
 * What the recorder starts from (bit/s; null: product §9's rates). The probe's figure when it has
 * one; while it is still being sent, the most the uplink can be: its bytes have not all gone in
 * the time since it started (on 0.5 Mbit/s, 256 KB take 4 s, and a participant may grant access in
 * 2: at most 1 Mbit/s, not tier 0's 1.1). The recorder's own measure corrects it within seconds.
 */
export function uplinkAtStart(get: Getter, now = performance.now()): number | null {
  const measured = get(probedUplink);
  if (measured !== null) return measured;
  return uplinkBound(get(probeInFlight), now);
}

/** The bound an unfinished probe gives: its bytes over the time it has taken so far. */
export function uplinkBound(inFlight: { startedAt: number; bytes: number } | null, now: number): number | null {
  if (!inFlight) return null;
  const seconds = (now - inFlight.startedAt) / 1000;
  return seconds > 0 ? (inFlight.bytes * 8) / seconds : null;
}
