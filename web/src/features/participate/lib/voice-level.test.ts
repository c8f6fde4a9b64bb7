/** The microphone check's level scale, its heard / silent rule (ADR 0010) and dead air while recording. */
import { describe, expect, it } from 'vitest';
import {
  DEAD_AIR_MS,
  deadAir,
  levelFromSamples,
  SILENCE_HINT_MS,
  startAirWatch,
  startVoiceCheck,
  updateAirWatch,
  updateVoiceCheck,
  voiceStatus,
  VOICE_LEVEL,
} from '@/features/participate/lib/voice-level';

const tone = (amplitude: number, length = 1024) =>
  Float32Array.from({ length }, (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / 48_000));

describe('levelFromSamples', () => {
  it('is 0 for digital silence and for the hiss below -60 dBFS', () => {
    expect(levelFromSamples(new Float32Array(1024))).toBe(0);
    expect(levelFromSamples(tone(0.0005))).toBe(0);
    expect(levelFromSamples([])).toBe(0);
  });

  it('grows on a decibel scale up to 100 at full scale', () => {
    // A full-scale sine has an RMS of -3 dBFS: (60 - 3) / 60.
    expect(levelFromSamples(tone(1))).toBe(95);
    expect(levelFromSamples(Float32Array.from({ length: 64 }, () => 1))).toBe(100);
    // Normal speech after auto gain (about -30 dBFS RMS) is half-way, well above the voice threshold.
    const speech = levelFromSamples(tone(Math.SQRT2 * 10 ** (-30 / 20)));
    expect(speech).toBe(50);
    expect(speech).toBeGreaterThan(VOICE_LEVEL);
  });
});

describe('voice check', () => {
  it('listens, then says heard once a level reaches the voice threshold, and stays heard', () => {
    let check = startVoiceCheck(1000);
    check = updateVoiceCheck(check, VOICE_LEVEL - 1, 2000);
    expect(voiceStatus(check, 2000)).toBe('listening');
    check = updateVoiceCheck(check, VOICE_LEVEL, 3000);
    expect(voiceStatus(check, 3000)).toBe('heard');
    check = updateVoiceCheck(check, 0, 20_000);
    expect(voiceStatus(check, 20_000)).toBe('heard');
    expect(check.heardAt).toBe(3000);
  });

  it('turns silent after five seconds with nothing heard, and a new check (another microphone) starts over', () => {
    let check = startVoiceCheck(0);
    for (let t = 0; t < SILENCE_HINT_MS; t += 80) check = updateVoiceCheck(check, 5, t);
    expect(voiceStatus(check, SILENCE_HINT_MS - 1)).toBe('listening');
    expect(voiceStatus(check, SILENCE_HINT_MS)).toBe('silent');
    expect(voiceStatus(updateVoiceCheck(check, 60, 6000), 6000)).toBe('heard');
    expect(voiceStatus(startVoiceCheck(7000), 7000 + SILENCE_HINT_MS - 1)).toBe('listening');
  });
});

describe('dead air while recording', () => {
  it('is reported once a microphone that was heard reads 0 for DEAD_AIR_MS', () => {
    let watch = startAirWatch();
    watch = updateAirWatch(watch, 0, 0);
    expect(deadAir(watch, 60_000)).toBe(false);
    watch = updateAirWatch(watch, 30, 1000);
    watch = updateAirWatch(watch, 0, 2000);
    expect(deadAir(watch, 2000 + DEAD_AIR_MS - 1)).toBe(false);
    watch = updateAirWatch(watch, 0, 5000);
    expect(deadAir(watch, 2000 + DEAD_AIR_MS)).toBe(true);
  });

  it('any sound, even a faint one, restarts the count (a quiet room is not a dead microphone)', () => {
    let watch = updateAirWatch(startAirWatch(), 40, 0);
    watch = updateAirWatch(watch, 0, 1000);
    watch = updateAirWatch(watch, 1, 8000);
    expect(deadAir(watch, 8500)).toBe(false);
    watch = updateAirWatch(watch, 0, 9000);
    expect(deadAir(watch, 9000 + DEAD_AIR_MS - 1)).toBe(false);
  });
});
