import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { probedUplink, probeInFlight, uplinkAtStart, uplinkBound } from '@/features/participate/stores/uplink-probe';

describe('the uplink the recorder starts from', () => {
  it("is the probe's figure once it has one", () => {
    const store = createStore();
    store.set(probedUplink, 3_000_000);
    store.set(probeInFlight, { startedAt: 0, bytes: 262_144 });
    expect(uplinkAtStart(store.get, 60_000)).toBe(3_000_000);
  });

  it('is the bound an unfinished probe gives: its bytes have not all gone in that time', () => {
    const store = createStore();
    store.set(probeInFlight, { startedAt: 1_000, bytes: 262_144 });
    // 256 KB not sent in 2 s: at most 1,048,576 bit/s, under tier 0's 1.12 Mbit/s.
    expect(uplinkAtStart(store.get, 3_000)).toBe(1_048_576);
    expect(uplinkBound({ startedAt: 0, bytes: 262_144 }, 4_000)).toBe(524_288);
  });

  it('is nothing without a probe, or at the very moment it starts (product §9 rates)', () => {
    const store = createStore();
    expect(uplinkAtStart(store.get, 5_000)).toBeNull();
    expect(uplinkBound({ startedAt: 5_000, bytes: 262_144 }, 5_000)).toBeNull();
    expect(uplinkBound(null, 5_000)).toBeNull();
  });
});
