/**
 * The `payload` of a room `signal` (opaque to the server, ≤ 64 KiB): an SDP description, an ICE
 * candidate, or the labels of the sender's streams (which stream is the screen, the voice, the
 * camera, and whose), since a receiver sees only random stream ids.
 */
import type { StreamLabel } from '@/lib/call/topology';

export type SignalPayload =
  | { kind: 'description'; description: RTCSessionDescriptionInit }
  | { kind: 'candidate'; candidate: RTCIceCandidateInit }
  | { kind: 'labels'; labels: Record<string, StreamLabel> };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A payload we understand, or null (an older or newer client's; ignored). */
export function parseSignal(payload: unknown): SignalPayload | null {
  if (!isObject(payload)) return null;
  if (payload.kind === 'description' && isObject(payload.description)) {
    const { type, sdp } = payload.description;
    if (
      (type === 'offer' || type === 'answer' || type === 'rollback') &&
      (sdp === undefined || typeof sdp === 'string')
    ) {
      return { kind: 'description', description: { type, sdp } };
    }
  }
  if (payload.kind === 'candidate' && isObject(payload.candidate)) {
    return { kind: 'candidate', candidate: payload.candidate as RTCIceCandidateInit };
  }
  if (payload.kind === 'labels' && isObject(payload.labels)) {
    const labels: Record<string, StreamLabel> = {};
    for (const [id, label] of Object.entries(payload.labels)) {
      if (!isObject(label)) continue;
      const { owner, kind } = label;
      if (
        (owner === 'participant' || owner === 'moderator') &&
        (kind === 'screen' || kind === 'voice' || kind === 'camera')
      ) {
        labels[id] = { owner, kind };
      }
    }
    return { kind: 'labels', labels };
  }
  return null;
}
