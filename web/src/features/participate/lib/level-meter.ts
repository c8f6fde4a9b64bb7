/**
 * Live microphone level through Web Audio (ADR 0010): an AnalyserNode on the granted microphone
 * stream, read every READ_EVERY_MS. The stream itself is not touched (the recorder records it);
 * only the analyser's audio graph is created and closed here.
 */
import { levelFromSamples } from '@/features/participate/lib/voice-level';

/**
 * One analysis window is ~85 ms at 48 kHz and readings come every 80 ms, so short sounds (a
 * consonant, the fake device's 20 ms beeps) are never missed between two readings.
 */
const WINDOW_SAMPLES = 4096;
const READ_EVERY_MS = 80;

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
}

/**
 * Calls `onLevel` (0–100) with the level of `stream` until the returned function is called.
 * Returns null where Web Audio is missing: the check then says nothing rather than "silent".
 */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void): (() => void) | null {
  const Context = audioContextClass();
  if (!Context || stream.getAudioTracks().length === 0) return null;
  let context: AudioContext;
  let source: MediaStreamAudioSourceNode;
  try {
    context = new Context();
    source = context.createMediaStreamSource(stream);
  } catch {
    return null;
  }
  const analyser = context.createAnalyser();
  analyser.fftSize = WINDOW_SAMPLES;
  // Not connected to the speakers: the participant must not hear themselves.
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  // A context may start suspended (autoplay rules) when the page has had no click yet; the
  // permissions click has usually given it one. Otherwise the next click anywhere resumes it.
  const resume = () => {
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  };
  resume();
  document.addEventListener('pointerdown', resume);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    onLevel(levelFromSamples(samples));
  }, READ_EVERY_MS);
  return () => {
    clearInterval(timer);
    document.removeEventListener('pointerdown', resume);
    source.disconnect();
    void context.close().catch(() => undefined);
  };
}
