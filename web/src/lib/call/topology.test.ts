import { describe, expect, it } from 'vitest';
import { isFinalClose, reconnectDelayMs } from '@/lib/call/backoff';
import { parseSignal } from '@/lib/call/signal-payload';
import { connects, isPolite, linkedPeers } from '@/lib/call/topology';

describe('topology (ADR 0024)', () => {
  it('connects the participant only to the moderator, and the moderator to everyone', () => {
    expect(connects('participant', 'moderator')).toBe(true);
    expect(connects('participant', 'observer')).toBe(false);
    expect(connects('observer', 'moderator')).toBe(true);
    expect(connects('observer', 'observer')).toBe(false);
    expect(connects('observer', 'participant')).toBe(false);
    expect(connects('moderator', 'participant')).toBe(true);
    expect(connects('moderator', 'observer')).toBe(true);
    const peers = [
      { peerId: 'p', role: 'participant' as const, name: 'Participante' },
      { peerId: 'o', role: 'observer' as const, name: 'Óscar' },
      { peerId: 'o2', role: 'observer' as const, name: 'Olga' },
    ];
    expect(linkedPeers('moderator', peers).map((p) => p.peerId)).toEqual(['p', 'o', 'o2']);
    expect(linkedPeers('observer', peers)).toEqual([]);
  });

  it('makes the moderator the impolite side of every pair', () => {
    expect(isPolite('moderator')).toBe(false);
    expect(isPolite('participant')).toBe(true);
    expect(isPolite('observer')).toBe(true);
  });
});

describe('reconnecting', () => {
  it('never retries a replaced, revoked or deleted room, and backs off up to 8 s otherwise', () => {
    expect([4000, 4403, 4404].every(isFinalClose)).toBe(true);
    expect(isFinalClose(1006)).toBe(false);
    expect(reconnectDelayMs(0, 0)).toBe(500);
    expect(reconnectDelayMs(1, 0)).toBe(1000);
    expect(reconnectDelayMs(10, 0)).toBe(8000);
    expect(reconnectDelayMs(10, 0.999)).toBeLessThanOrEqual(9600);
  });
});

describe('parseSignal', () => {
  it('reads descriptions, candidates and labels, and drops what it does not know', () => {
    expect(parseSignal({ kind: 'description', description: { type: 'offer', sdp: 'v=0' } })).toEqual({
      kind: 'description',
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(parseSignal({ kind: 'description', description: { type: 'bogus' } })).toBeNull();
    expect(parseSignal({ kind: 'candidate', candidate: { candidate: 'c' } })).toEqual({
      kind: 'candidate',
      candidate: { candidate: 'c' },
    });
    expect(
      parseSignal({
        kind: 'labels',
        labels: { a: { owner: 'participant', kind: 'screen' }, b: { owner: 'observer', kind: 'screen' } },
      }),
    ).toEqual({ kind: 'labels', labels: { a: { owner: 'participant', kind: 'screen' } } });
    expect(parseSignal('x')).toBeNull();
  });
});
