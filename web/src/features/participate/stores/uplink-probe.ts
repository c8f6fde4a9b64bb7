/**
 * The pre-flight uplink probe (ADR 0023): on the permissions step, while the participant grants
 * access, a short upload measures the uplink so the recording starts at a quality tier that does
 * not build a backlog in its first minute. Its figure (bit/s) waits here for the recorder's start;
 * null until measured, or when the probe failed (the recorder then starts at product §9's rates
 * and adapts from its own measure).
 */
import { atom, type Setter } from 'jotai';
import { probeUplink } from '@/features/participate/api/uplink-probe';
import { flowOf } from '@/features/participate/stores/participation-state';

export const probedUplink = atom<number | null>(null);

/** The permissions step opened: measure the uplink once for this attempt, in the background. */
export const probeUplinkAtom = atom(null, async (get, set) => {
  const { analysisId, generation } = flowOf(get);
  if (!analysisId) return;
  set(probedUplink, null);
  await measureUplink(set, async () => {
    const measured = await probeUplink(analysisId);
    // A later attempt (another analysis, a reset) must not get this one's figure.
    return flowOf(get).generation === generation ? measured : null;
  });
});

/** Runs `probe` once and keeps what it measured. */
export async function measureUplink(set: Setter, probe: () => Promise<number | null>): Promise<void> {
  const bitsPerSecond = await probe().catch(() => null);
  set(
    probedUplink,
    bitsPerSecond !== null && Number.isFinite(bitsPerSecond) && bitsPerSecond > 0 ? bitsPerSecond : null,
  );
}
