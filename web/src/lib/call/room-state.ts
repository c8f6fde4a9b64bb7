/**
 * What a peer knows of its moderated session's room (ADR 0024), folded from the room's messages:
 * who it is, who else is there (as the room lets it see them), the backchannel and the current
 * task. Pure, so the visibility the page shows is unit-tested without a socket.
 */
import type { RoomChatDto } from '@/lib/api-types/RoomChatDto';
import type { RoomPeerDto } from '@/lib/api-types/RoomPeerDto';
import type { RoomRoleName } from '@/lib/api-types/RoomRoleName';
import type { RoomServerMessage } from '@/lib/api-types/RoomServerMessage';

export interface RoomState {
  /** This socket's id in the room; null until `welcome`. */
  me: string | null;
  role: RoomRoleName | null;
  peers: RoomPeerDto[];
  chat: RoomChatDto[];
  /** The task the moderator moved everyone to (0-based, into the analysis's tasks); null before any. */
  task: number | null;
  /** The room's last refusal (Spanish, for the page), cleared by the next welcome. */
  error: { code: string; message: string } | null;
}

export const EMPTY_ROOM: RoomState = { me: null, role: null, peers: [], chat: [], task: null, error: null };

/** The room's newest 200 messages are what a late joiner gets; the page keeps as many. */
const CHAT_KEPT = 200;

export function reduceRoom(state: RoomState, message: RoomServerMessage): RoomState {
  switch (message.type) {
    case 'welcome':
      return {
        me: message.peerId,
        role: message.role,
        peers: message.peers,
        chat: message.chat,
        task: message.task,
        error: null,
      };
    case 'peerJoined':
      return {
        ...state,
        peers: [...state.peers.filter((p) => p.peerId !== message.peer.peerId), message.peer],
      };
    case 'peerLeft':
      return { ...state, peers: state.peers.filter((p) => p.peerId !== message.peerId) };
    case 'chat':
      return { ...state, chat: [...state.chat, message.message].slice(-CHAT_KEPT) };
    case 'task':
      return { ...state, task: message.index };
    case 'error':
      return { ...state, error: { code: message.code, message: message.message } };
    case 'signal':
    case 'pong':
      return state;
  }
}

/** The observers the moderator sees ("who is watching"). */
export const observersOf = (state: RoomState) => state.peers.filter((p) => p.role === 'observer');

/** The peer of a role, if present (one participant and one moderator at most). */
export const peerOf = (state: RoomState, role: RoomRoleName) => state.peers.find((p) => p.role === role) ?? null;

/** Parses a text frame from the room; anything else is null (a frame we don't know is ignored). */
export function parseServerMessage(data: unknown): RoomServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') {
      return value as RoomServerMessage;
    }
  } catch {
    // Not JSON: ignored like an unknown message.
  }
  return null;
}
