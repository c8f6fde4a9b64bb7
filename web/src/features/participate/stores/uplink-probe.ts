/**
 * The pre-flight uplink probe (ADR 0023): on the permissions step, while the participant grants
 * access, a short upload measures the uplink so the recording starts at a quality tier that does
 * not build a backlog in its first minute. Its figure (bit/s) waits here for the recorder's start;
 * null until measured, or when the probe failed (the recorder then starts at product §9's rates
 * and adapts from its own measure).
 */
import { atom, type Setter } from 'jotai';

export const probedUplink = atom<number | null>(null);

/** Runs `probe` once and keeps what it measured. */
export async function measureUplink(set: Setter, probe: () => Promise<number | null>): Promise<void> {
  const bitsPerSecond = await probe().catch(() => null);
  set(
    probedUplink,
    bitsPerSecond !== null && Number.isFinite(bitsPerSecond) && bitsPerSecond > 0 ? bitsPerSecond : null,
  );
}
