/**
 * Who connects to whom (ADR 0024): the participant only to the moderator; the moderator to the
 * participant and to each observer (relaying the participant's tracks to them); an observer only
 * to the moderator, sending nothing. Which side is "polite" in perfect negotiation: the moderator
 * never is, so two offers crossing always resolve the same way.
 */
import type { RoomPeerDto } from '@/lib/api-types/RoomPeerDto';
import type { RoomRoleName } from '@/lib/api-types/RoomRoleName';

/** Whether `me` holds a peer connection with `other`. */
export function connects(me: RoomRoleName, other: RoomRoleName): boolean {
  if (me === 'moderator') return other === 'participant' || other === 'observer';
  return other === 'moderator';
}

/** The peers `me` should have a connection with, among those it can see. */
export const linkedPeers = (me: RoomRoleName, peers: readonly RoomPeerDto[]) =>
  peers.filter((peer) => connects(me, peer.role));

/** The polite side yields when offers collide: everyone but the moderator. */
export const isPolite = (me: RoomRoleName) => me !== 'moderator';

/** What a stream carries, told alongside the SDP because stream ids are random. */
export type StreamKind = 'screen' | 'voice' | 'camera';

/** A labelled stream: whose it is (the moderator relays the participant's) and what it is. */
export interface StreamLabel {
  owner: 'participant' | 'moderator';
  kind: StreamKind;
}
