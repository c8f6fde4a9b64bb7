/**
 * One `RTCPeerConnection` with one other peer of the room, negotiated the "perfect negotiation"
 * way (W3C WebRTC §10.7 example; MDN "Perfect negotiation"): either side may add or remove tracks
 * at any time and send an offer; when two offers cross, the polite side rolls its own back and
 * answers, the impolite one ignores the other's. A failed ICE connection restarts ICE; the link
 * reports whether media flows so the page can say 'Reconectando…'.
 */
import { parseSignal, type SignalPayload } from '@/lib/call/signal-payload';

/** How often the link checks itself, and how long it may stay unconnected before an ICE restart. */
const WATCH_MS = 2_000;
const STUCK_MS = 8_000;

export type LinkHealth = 'connecting' | 'connected' | 'interrupted';

export interface PeerLinkOptions {
  iceServers: RTCIceServer[];
  polite: boolean;
  send: (payload: SignalPayload) => void;
  onTrack: (track: MediaStreamTrack, stream: MediaStream) => void;
  onHealth: (health: LinkHealth) => void;
}

export class PeerLink {
  readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingAnswer = false;
  private closed = false;
  /** The local tracks sent, by track id, with the sender to remove them again. */
  private readonly senders = new Map<string, RTCRtpSender>();

  /** When the link last connected, or last tried to (ICE restarts are spaced by `STUCK_MS`). */
  private lastProgress = Date.now();
  private readonly watchdog: ReturnType<typeof setInterval>;

  constructor(private readonly options: PeerLinkOptions) {
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    // A link that never connects, or lost its connection, is restarted by one side (the impolite
    // one, so the two never restart against each other): a fresh offer with new ICE credentials
    // and candidates, which also recovers candidates dropped while two offers crossed.
    this.watchdog = setInterval(() => {
      if (this.pc.connectionState === 'connected') {
        this.lastProgress = Date.now();
        return;
      }
      if (options.polite || Date.now() - this.lastProgress < STUCK_MS) return;
      this.lastProgress = Date.now();
      this.pc.restartIce();
    }, WATCH_MS);
    this.pc.addEventListener('negotiationneeded', () => void this.offer());
    this.pc.addEventListener('icecandidate', ({ candidate }) => {
      if (candidate) options.send({ kind: 'candidate', candidate: candidate.toJSON() });
    });
    this.pc.addEventListener('track', ({ track, streams }) => {
      options.onTrack(track, streams[0] ?? new MediaStream([track]));
    });
    this.pc.addEventListener('iceconnectionstatechange', () => {
      if (this.pc.iceConnectionState === 'failed') this.pc.restartIce();
    });
    this.pc.addEventListener('connectionstatechange', () => {
      const state = this.pc.connectionState;
      if (state === 'connected') options.onHealth('connected');
      else if (state === 'disconnected' || state === 'failed') options.onHealth('interrupted');
    });
  }

  private async offer(): Promise<void> {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) {
        this.options.send({ kind: 'description', description: this.pc.localDescription.toJSON() });
      }
    } catch {
      // The connection closed or moved on meanwhile: the next negotiationneeded tries again.
    } finally {
      this.makingOffer = false;
    }
  }

  /** A `signal` payload from the other side. */
  async receive(raw: unknown): Promise<void> {
    const payload = parseSignal(raw);
    if (!payload || this.closed) return;
    if (payload.kind === 'description') {
      const { description } = payload;
      const readyForOffer = !this.makingOffer && (this.pc.signalingState === 'stable' || this.settingAnswer);
      const collision = description.type === 'offer' && !readyForOffer;
      this.ignoreOffer = !this.options.polite && collision;
      if (this.ignoreOffer) return;
      this.settingAnswer = description.type === 'answer';
      try {
        await this.pc.setRemoteDescription(description);
      } finally {
        this.settingAnswer = false;
      }
      if (description.type === 'offer') {
        await this.pc.setLocalDescription();
        if (this.pc.localDescription) {
          this.options.send({ kind: 'description', description: this.pc.localDescription.toJSON() });
        }
      }
      return;
    }
    if (payload.kind === 'candidate') {
      try {
        await this.pc.addIceCandidate(payload.candidate);
      } catch (error) {
        if (!this.ignoreOffer) throw error;
      }
    }
  }

  /** Sends `track` as part of `stream` (its id is what the labels name); once per track. */
  addTrack(track: MediaStreamTrack, stream: MediaStream): void {
    if (this.closed || this.senders.has(track.id)) return;
    this.senders.set(track.id, this.pc.addTrack(track, stream));
  }

  /** Stops sending `trackId` (the track itself is the caller's: never stopped here). */
  removeTrack(trackId: string): void {
    const sender = this.senders.get(trackId);
    if (!sender || this.closed) return;
    this.senders.delete(trackId);
    this.pc.removeTrack(sender);
  }

  sentTrackIds(): string[] {
    return [...this.senders.keys()];
  }

  close(): void {
    this.closed = true;
    clearInterval(this.watchdog);
    this.pc.close();
  }
}
