/**
 * The microphone check's pure rules (ADR 0010): a level from 0 to 100 for a block of samples, and
 * whether the participant has been heard or the microphone stayed silent for too long.
 */

/** Below this the meter reads 0: the quiet hiss of a room or a muted input. */
export const FLOOR_DB = -60;
/** A level at or above this counts as someone speaking (≈ -48 dBFS, quiet speech after auto gain). */
export const VOICE_LEVEL = 20;
/** With nothing heard for this long after the check started, another microphone is suggested. */
export const SILENCE_HINT_MS = 5000;

/** RMS of time-domain samples in [-1, 1] as 0–100 on a decibel scale (FLOOR_DB → 0, 0 dBFS → 100). */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const value = samples[i] ?? 0;
    sum += value * value;
  }
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.round(Math.min(100, Math.max(0, ((db - FLOOR_DB) / -FLOOR_DB) * 100)));
}

export interface VoiceCheck {
  /** When the check (re)started, in ms on any monotonic clock. */
  startedAt: number;
  /** When a level reached VOICE_LEVEL, if it has. */
  heardAt: number | null;
}

export const startVoiceCheck = (now: number): VoiceCheck => ({ startedAt: now, heardAt: null });

/** Feeds one level reading: the first loud one marks the participant as heard. */
export function updateVoiceCheck(check: VoiceCheck, level: number, now: number): VoiceCheck {
  if (check.heardAt !== null || level < VOICE_LEVEL) return check;
  return { ...check, heardAt: now };
}

/**
 * 'listening' until someone is heard or SILENCE_HINT_MS pass; 'heard' once they were (it stays:
 * pausing to read is not a broken microphone); 'silent' after SILENCE_HINT_MS with nothing heard.
 */
export function voiceStatus(check: VoiceCheck, now: number): 'listening' | 'heard' | 'silent' {
  if (check.heardAt !== null) return 'heard';
  return now - check.startedAt >= SILENCE_HINT_MS ? 'silent' : 'listening';
}

/**
 * During the recording (issue "Hardening 3"): with Chromium's audio service stopped, the track
 * went on delivering silence and MediaRecorder reported nothing. A level of exactly 0 for this
 * long, after the microphone was heard, means the voice is no longer reaching the recording. A
 * real room is never at 0 (below -60 dBFS) for this long, even while the participant reads.
 */
export const DEAD_AIR_MS = 8000;

export interface AirWatch {
  /** A level above 0 was read since the watch started: the microphone worked. */
  heard: boolean;
  /** When the current run of zero levels began, if one is running. */
  zeroSince: number | null;
}

export const startAirWatch = (): AirWatch => ({ heard: false, zeroSince: null });

/** Feeds one level reading (0–100) taken at `now`. */
export function updateAirWatch(watch: AirWatch, level: number, now: number): AirWatch {
  if (level > 0) return watch.heard && watch.zeroSince === null ? watch : { heard: true, zeroSince: null };
  if (!watch.heard || watch.zeroSince !== null) return watch;
  return { heard: true, zeroSince: now };
}

/** True once a microphone that was heard has read 0 for DEAD_AIR_MS. */
export const deadAir = (watch: AirWatch, now: number): boolean =>
  watch.heard && watch.zeroSince !== null && now - watch.zeroSince >= DEAD_AIR_MS;
