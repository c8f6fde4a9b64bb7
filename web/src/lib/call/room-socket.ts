/**
 * The room's WebSocket (ADR 0024) for any of its three roles: opens it, hands each message on,
 * keeps it alive with `ping`, and when it closes for any reason but a final one (see `backoff.ts`)
 * opens it again after a backoff. The room gives every socket a new peer id, so each (re)open is
 * a fresh `welcome`; what that means for the peer connections is the call client's business.
 */
import { isFinalClose, reconnectDelayMs } from '@/lib/call/backoff';
import { parseServerMessage } from '@/lib/call/room-state';
import type { RoomClientMessage } from '@/lib/api-types/RoomClientMessage';
import type { RoomServerMessage } from '@/lib/api-types/RoomServerMessage';

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'ended';

export interface RoomSocketEvents {
  message: (message: RoomServerMessage) => void;
  status: (status: SocketStatus, closeCode?: number) => void;
}

const PING_MS = 20_000;

/** `path`: the room's API path (`/api/v1/...`), on this page's host. */
export const roomUrl = (path: string) =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}`;

export class RoomSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  private ended = false;

  constructor(
    private readonly url: string,
    private readonly events: RoomSocketEvents,
  ) {}

  open(): void {
    if (this.ended) return;
    this.events.status(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.events.status('open');
      clearInterval(this.ping);
      this.ping = setInterval(() => this.send({ type: 'ping' }), PING_MS);
    });
    socket.addEventListener('message', (event) => {
      if (this.socket !== socket) return;
      const message = parseServerMessage(event.data);
      if (message) this.events.message(message);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.ping);
      if (this.ended) return;
      if (isFinalClose(event.code)) {
        this.ended = true;
        this.events.status('ended', event.code);
        return;
      }
      this.events.status('reconnecting', event.code);
      this.retry = setTimeout(() => this.open(), reconnectDelayMs(this.attempt));
      this.attempt += 1;
    });
  }

  /** Sends if open; a message while reconnecting is dropped (signals are redone after a welcome). */
  send(message: RoomClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close(): void {
    this.ended = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }
}
