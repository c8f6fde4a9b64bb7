/**
 * The browser's side of a moderated session's call (ADR 0024, slice 2): one façade over the room
 * socket (`room-socket.ts`), what it says (`room-state.ts`) and one `PeerLink` per peer the
 * topology connects (`topology.ts`). The caller gives it local streams by kind and reads a
 * snapshot: the room, the call's health and the remote streams with their labels.
 *
 * Tracks handed in are never stopped here: the participant's are also the recorder's, and the
 * call must never end a recording. A lost socket or connection is 'reconnecting': every link is
 * dropped and rebuilt after the next `welcome` (the room gives a reopened socket a new peer id, so
 * the other side drops its link too), all without a page load.
 */
import { post } from '@/lib/api-client';
import type { IceConfigDto } from '@/lib/api-types/IceConfigDto';
import type { MediaTransportKind } from '@/lib/api-types/MediaTransportKind';
import type { RoomServerMessage } from '@/lib/api-types/RoomServerMessage';
import { PeerLink, type LinkHealth } from '@/lib/call/peer-link';
import { EMPTY_ROOM, reduceRoom, type RoomState } from '@/lib/call/room-state';
import { RoomSocket, roomUrl, type SocketStatus } from '@/lib/call/room-socket';
import { parseSignal, type SignalPayload } from '@/lib/call/signal-payload';
import { connects, isPolite, type StreamKind, type StreamLabel } from '@/lib/call/topology';

export type CallHealth = 'connecting' | 'waiting' | 'connected' | 'reconnecting' | 'ended';

/** A stream received from a peer, with what it is when the sender said. */
export interface RemoteMedia {
  peerId: string;
  stream: MediaStream;
  label: StreamLabel | null;
}

export interface CallSnapshot {
  room: RoomState;
  health: CallHealth;
  /** 4000 / 4403 / 4404 once ended. */
  closeCode: number | null;
  remote: RemoteMedia[];
  /** The ICE route's transport: p2p locally; the SFU path can slot in on 'realtime'. */
  transport: MediaTransportKind | null;
}

export interface CallOptions {
  /** The room socket's path under the API root, e.g. `apiPaths.sessionRoom(id)`. */
  roomPath: string;
  /** The ICE route's path under the API root, e.g. `apiPaths.sessionIce(id)`. */
  icePath: string;
}

/** The API root the client's paths are under (kept here to spare this module the config import order). */
const API_ROOT = '/api/v1';

export class CallClient {
  private room: RoomState = EMPTY_ROOM;
  private socketStatus: SocketStatus = 'connecting';
  private closeCode: number | null = null;
  private transport: MediaTransportKind | null = null;
  private iceServers: RTCIceServer[] = [];
  private readonly links = new Map<string, { link: PeerLink; health: LinkHealth; labels: string }>();
  private readonly remote = new Map<string, RemoteMedia>();
  private readonly labelsFrom = new Map<string, Record<string, StreamLabel>>();
  private readonly local = new Map<StreamKind, MediaStream>();
  private readonly listeners = new Set<(snapshot: CallSnapshot) => void>();
  private socket: RoomSocket | null = null;
  private current: CallSnapshot;
  private closed = false;

  constructor(private readonly options: CallOptions) {
    this.current = this.build();
  }

  /** Asks for the ICE configuration, then joins the room. */
  async start(): Promise<void> {
    try {
      const config = await post<IceConfigDto>(this.options.icePath);
      this.transport = config.transport;
      this.iceServers = config.iceServers.map((server) => ({ ...server }));
    } catch {
      // Without an answer, loopback still works with no servers; the socket's own retries follow.
      this.transport = null;
    }
    if (this.closed) return;
    this.socket = new RoomSocket(roomUrl(`${API_ROOT}${this.options.roomPath}`), {
      message: (message) => this.onMessage(message),
      status: (status, code) => this.onSocket(status, code),
    });
    this.socket.open();
  }

  snapshot(): CallSnapshot {
    return this.current;
  }

  subscribe(listener: (snapshot: CallSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The stream this browser sends as `kind` (null to stop sending it); the caller owns its tracks. */
  setLocalStream(kind: StreamKind, stream: MediaStream | null): void {
    if (stream) this.local.set(kind, stream);
    else this.local.delete(kind);
    this.syncAll();
  }

  sendChat(text: string): boolean {
    return this.socket?.send({ type: 'chat', text }) ?? false;
  }

  /** Moves everyone else to task `index`; the room does not echo it, so the sender notes it itself. */
  sendTask(index: number): boolean {
    const sent = this.socket?.send({ type: 'task', index }) ?? false;
    if (sent) {
      this.room = reduceRoom(this.room, { type: 'task', index });
      this.emit();
    }
    return sent;
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
    this.dropLinks();
    this.listeners.clear();
  }

  private onSocket(status: SocketStatus, code?: number): void {
    this.socketStatus = status;
    if (status === 'ended') this.closeCode = code ?? null;
    // Our peer id dies with the socket: the others drop their links, so drop ours.
    if (status === 'reconnecting' || status === 'ended') this.dropLinks();
    this.emit();
  }

  private onMessage(message: RoomServerMessage): void {
    this.room = reduceRoom(this.room, message);
    const role = this.room.role;
    switch (message.type) {
      case 'welcome':
        this.dropLinks();
        for (const peer of message.peers) if (role && connects(role, peer.role)) this.ensureLink(peer.peerId);
        break;
      case 'peerJoined':
        if (role && connects(role, message.peer.role)) {
          this.dropLink(message.peer.peerId);
          this.ensureLink(message.peer.peerId);
        }
        break;
      case 'peerLeft':
        this.dropLink(message.peerId);
        break;
      case 'signal':
        this.onSignal(message.from, message.payload);
        break;
      default:
        break;
    }
    this.emit();
  }

  private onSignal(from: string, raw: unknown): void {
    const payload = parseSignal(raw);
    if (!payload) return;
    if (payload.kind === 'labels') {
      this.labelsFrom.set(from, payload.labels);
      for (const media of this.remote.values()) {
        if (media.peerId === from) media.label = payload.labels[media.stream.id] ?? null;
      }
      return;
    }
    const peer = this.room.peers.find((p) => p.peerId === from);
    if (!peer || !this.room.role || !connects(this.room.role, peer.role)) return;
    const entry = this.ensureLink(from);
    entry.link.receive(payload).catch(() => {
      // A description that no longer applies (the link was rebuilt meanwhile): the next offer fixes it.
    });
  }

  private ensureLink(peerId: string) {
    const existing = this.links.get(peerId);
    if (existing) return existing;
    const entry = {
      health: 'connecting' as LinkHealth,
      labels: '',
      link: new PeerLink({
        iceServers: this.iceServers,
        polite: isPolite(this.room.role ?? 'observer'),
        send: (payload: SignalPayload) => this.socket?.send({ type: 'signal', to: peerId, payload }),
        onTrack: (track, stream) => this.onRemoteTrack(peerId, track, stream),
        onHealth: (health) => {
          entry.health = health;
          this.emit();
        },
      }),
    };
    this.links.set(peerId, entry);
    this.sync(peerId);
    return entry;
  }

  private onRemoteTrack(peerId: string, track: MediaStreamTrack, stream: MediaStream): void {
    const label = this.labelsFrom.get(peerId)?.[stream.id] ?? null;
    this.remote.set(stream.id, { peerId, stream, label });
    const forget = () => {
      if (stream.getTracks().every((t) => t.readyState === 'ended') || stream.getTracks().length === 0) {
        this.remote.delete(stream.id);
        this.syncAll();
        this.emit();
      }
    };
    track.addEventListener('ended', forget);
    stream.addEventListener('removetrack', forget);
    // The moderator relays what the participant sends to every observer.
    this.syncAll();
    this.emit();
  }

  /** What this browser should send to `peerId`: its own streams, plus the participant's relayed to observers. */
  private wanted(peerId: string): { tracks: [MediaStreamTrack, MediaStream][]; labels: Record<string, StreamLabel> } {
    const role = this.room.role;
    const peer = this.room.peers.find((p) => p.peerId === peerId);
    const tracks: [MediaStreamTrack, MediaStream][] = [];
    const labels: Record<string, StreamLabel> = {};
    if (!role || !peer || role === 'observer') return { tracks, labels };
    const owner = role === 'participant' ? 'participant' : 'moderator';
    for (const [kind, stream] of this.local) {
      labels[stream.id] = { owner, kind };
      for (const track of stream.getTracks()) if (track.readyState === 'live') tracks.push([track, stream]);
    }
    if (role === 'moderator' && peer.role === 'observer') {
      for (const media of this.remote.values()) {
        const from = this.room.peers.find((p) => p.peerId === media.peerId);
        if (from?.role !== 'participant') continue;
        if (media.label) labels[media.stream.id] = media.label;
        for (const track of media.stream.getTracks())
          if (track.readyState === 'live') tracks.push([track, media.stream]);
      }
    }
    return { tracks, labels };
  }

  private sync(peerId: string): void {
    const entry = this.links.get(peerId);
    if (!entry) return;
    const { tracks, labels } = this.wanted(peerId);
    const keep = new Set(tracks.map(([track]) => track.id));
    for (const id of entry.link.sentTrackIds()) if (!keep.has(id)) entry.link.removeTrack(id);
    // The labels go before the tracks' offer, on the same ordered socket.
    const text = JSON.stringify(labels);
    if (text !== entry.labels) {
      entry.labels = text;
      this.socket?.send({ type: 'signal', to: peerId, payload: { kind: 'labels', labels } });
    }
    for (const [track, stream] of tracks) entry.link.addTrack(track, stream);
  }

  private syncAll(): void {
    for (const peerId of this.links.keys()) this.sync(peerId);
  }

  private dropLink(peerId: string): void {
    this.links.get(peerId)?.link.close();
    this.links.delete(peerId);
    this.labelsFrom.delete(peerId);
    for (const [id, media] of this.remote) if (media.peerId === peerId) this.remote.delete(id);
    this.syncAll();
  }

  private dropLinks(): void {
    for (const peerId of [...this.links.keys()]) this.dropLink(peerId);
    this.remote.clear();
  }

  private health(): CallHealth {
    if (this.socketStatus === 'ended') return 'ended';
    if (this.socketStatus === 'reconnecting') return 'reconnecting';
    if (this.socketStatus === 'connecting' || !this.room.me) return 'connecting';
    const links = [...this.links.values()];
    if (links.some((l) => l.health === 'interrupted')) return 'reconnecting';
    if (links.length === 0) return 'waiting';
    return links.some((l) => l.health === 'connected') ? 'connected' : 'connecting';
  }

  private build(): CallSnapshot {
    return {
      room: this.room,
      health: this.health(),
      closeCode: this.closeCode,
      remote: [...this.remote.values()].map((media) => ({ ...media })),
      transport: this.transport,
    };
  }

  private emit(): void {
    this.current = this.build();
    for (const listener of this.listeners) listener(this.current);
  }
}
