import { describe, expect, it } from 'vitest';
import { EMPTY_ROOM, observersOf, parseServerMessage, peerOf, reduceRoom } from '@/lib/call/room-state';
import type { RoomChatDto } from '@/lib/api-types/RoomChatDto';

const moderator = { peerId: 'm', role: 'moderator' as const, name: 'Marta' };
const observer = { peerId: 'o', role: 'observer' as const, name: 'Óscar' };
const chat = (text: string): RoomChatDto => ({ fromName: 'Óscar', role: 'observer', text, atMs: 1 });

describe('reduceRoom', () => {
  it('takes who it is, the peers, the backchannel and the task from welcome', () => {
    const state = reduceRoom(EMPTY_ROOM, {
      type: 'welcome',
      peerId: 'p',
      role: 'moderator',
      peers: [observer],
      chat: [chat('hola')],
      task: 1,
    });
    expect(state).toMatchObject({ me: 'p', role: 'moderator', task: 1 });
    expect(observersOf(state)).toEqual([observer]);
    expect(state.chat.map((c) => c.text)).toEqual(['hola']);
  });

  it('follows peers joining, rejoining and leaving', () => {
    let state = reduceRoom(EMPTY_ROOM, { type: 'peerJoined', peer: moderator });
    state = reduceRoom(state, { type: 'peerJoined', peer: { ...moderator, name: 'Marta 2' } });
    expect(state.peers).toEqual([{ ...moderator, name: 'Marta 2' }]);
    expect(peerOf(state, 'moderator')?.name).toBe('Marta 2');
    state = reduceRoom(state, { type: 'peerLeft', peerId: 'm' });
    expect(peerOf(state, 'moderator')).toBeNull();
  });

  it('appends chat up to the newest 200, moves the task and keeps the last refusal until welcome', () => {
    let state = EMPTY_ROOM;
    for (let i = 0; i < 205; i++) state = reduceRoom(state, { type: 'chat', message: chat(String(i)) });
    expect(state.chat).toHaveLength(200);
    expect(state.chat[0]?.text).toBe('5');
    state = reduceRoom(state, { type: 'task', index: 2 });
    expect(state.task).toBe(2);
    state = reduceRoom(state, { type: 'error', code: 'bad_chat', message: 'Mensaje vacío' });
    expect(state.error?.code).toBe('bad_chat');
    state = reduceRoom(state, { type: 'welcome', peerId: 'x', role: 'observer', peers: [], chat: [], task: null });
    expect(state.error).toBeNull();
  });

  it('ignores signals and pongs', () => {
    expect(reduceRoom(EMPTY_ROOM, { type: 'pong' })).toBe(EMPTY_ROOM);
    expect(reduceRoom(EMPTY_ROOM, { type: 'signal', from: 'm', payload: {} })).toBe(EMPTY_ROOM);
  });
});

describe('parseServerMessage', () => {
  it('reads a typed JSON frame and refuses anything else', () => {
    expect(parseServerMessage('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(parseServerMessage('nope')).toBeNull();
    expect(parseServerMessage('{"kind":1}')).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});
