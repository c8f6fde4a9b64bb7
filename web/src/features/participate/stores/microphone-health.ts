/**
 * Watching the recorded microphone (issue "Hardening 3"): with Chromium's audio service stopped
 * mid-recording, the file had no voice from then on and MediaRecorder reported nothing. The
 * track's `mute`/`unmute` and its level (dead silence after it was heard, `lib/voice-level.ts`)
 * are watched here; each sets the problem the recording panel shows with its 'share again'
 * button. A microphone whose sharing *stops* (`ended`) is product §2.5's case instead (the
 * modal 'La grabación se ha detenido', the data deleted), handled by `streamEnded`.
 */
import type { Getter, Setter } from 'jotai';
import { watchLevel } from '@/features/participate/lib/level-meter';
import { deadAir, startAirWatch, updateAirWatch } from '@/features/participate/lib/voice-level';
import { dispatch, flowOf, type MicrophoneProblem } from '@/features/participate/stores/participation-state';

/** Whether a microphone problem of this attempt should still be shown (not once Finish started). */
function stillRecording(get: Getter, generation: number): boolean {
  const { uploadStatus: upload, generation: current, stage } = flowOf(get);
  return current === generation && stage === 'analysis' && upload !== 'uploading' && upload !== 'success';
}

/** Shows `problem` while the recording goes on. */
export function reportMicrophoneProblem(
  get: Getter,
  set: Setter,
  generation: number,
  problem: MicrophoneProblem,
): void {
  if (!stillRecording(get, generation)) return;
  dispatch(set, { type: 'microphoneProblem', problem });
}

/** Clears `problem` if it is the one shown (the track unmuted, sound came back). */
function clearMicrophoneProblem(get: Getter, set: Setter, problem: MicrophoneProblem): void {
  if (flowOf(get).microphoneProblem === problem) dispatch(set, { type: 'microphoneProblem', problem: null });
}

/** Watches the microphone being recorded; the returned function stops watching. */
export function watchMicrophoneHealth(
  get: Getter,
  set: Setter,
  microphone: MediaStream,
  generation: number,
): () => void {
  const track = microphone.getAudioTracks()[0];
  if (!track) return () => undefined;
  const onMute = () => reportMicrophoneProblem(get, set, generation, 'muted');
  const onUnmute = () => clearMicrophoneProblem(get, set, 'muted');
  track.addEventListener('mute', onMute);
  track.addEventListener('unmute', onUnmute);
  if (track.muted) onMute();
  let air = startAirWatch();
  // Without Web Audio nothing is measured: no silence warning rather than a false one.
  const stopLevel = watchLevel(microphone, (level) => {
    const now = performance.now();
    air = updateAirWatch(air, level, now);
    if (deadAir(air, now)) reportMicrophoneProblem(get, set, generation, 'silent');
    else if (level > 0) clearMicrophoneProblem(get, set, 'silent');
  });
  return () => {
    track.removeEventListener('mute', onMute);
    track.removeEventListener('unmute', onUnmute);
    stopLevel?.();
  };
}
