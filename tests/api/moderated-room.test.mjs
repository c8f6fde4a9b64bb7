// A moderated session's room (ADR 0024) through the real worker and its SessionRoom object: the
// moderator, the participant (by the link, no account) and observers connected; signals relayed
// only participant ↔ moderator and moderator ↔ observer; the participant never told anything of
// an observer (checked on every message it received); the backchannel reaching the moderator and
// observers only, with its history for late joiners; the task reaching the participant; a
// reopened participant tab replacing the old socket; refused messages answered with `error`; and
// who may not open a socket at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, signUp } from './helpers.mjs';
import { createAnalysis, owner as subscribed } from '../lib/test-app.mjs';
import { join as joinTeam } from './team-helpers.mjs';
import { join, settle, upgradeStatus } from './moderated-room.mjs';

async function session() {
  const owner = await subscribed('mr-owner');
  const analysis = (await createAnalysis(owner)).id;
  const moderator = await signUp('mr-moderator');
  await joinTeam(owner, moderator, 'researcher');
  const observer = await signUp('mr-observer');
  await joinTeam(owner, observer, 'observer');
  const res = await client.sessionCreate(analysis, { cookie: moderator.cookie, body: {} });
  assert.equal(res.status, 201, res.text);
  const token = new URL(res.json.participantUrl).searchParams.get('session');
  return { owner, analysis, moderator, observer, id: res.json.id, token };
}

const memberRoom = (s, user) => join(`/sessions/${s.id}/room`, { cookie: user.cookie });
const participantRoom = (s) => join(`/session-link/${s.token}/room`);
const nameOf = (user) => user.user.name || user.email;

test('who sees whom, who signals whom, and what reaches the participant', async () => {
  const s = await session();
  const moderator = await memberRoom(s, s.moderator);
  assert.equal(moderator.welcome.role, 'moderator');
  assert.deepEqual(moderator.welcome.peers, []);
  assert.equal(moderator.welcome.task, null);

  const participant = await participantRoom(s);
  assert.equal(participant.welcome.role, 'participant');
  assert.deepEqual(participant.welcome.peers, [
    { peerId: moderator.welcome.peerId, role: 'moderator', name: nameOf(s.moderator) },
  ]);
  assert.deepEqual(participant.welcome.chat, []);
  const joinedP = await moderator.next((m) => m.type === 'peerJoined' && m.peer.role === 'participant');
  assert.equal(joinedP.peer.peerId, participant.welcome.peerId);
  assert.equal(joinedP.peer.name, 'Participante');

  const observer = await memberRoom(s, s.observer);
  assert.equal(observer.welcome.role, 'observer');
  assert.deepEqual(observer.welcome.peers.map((p) => p.role).sort(), ['moderator', 'participant']);
  // The moderator sees who is watching.
  const joinedO = await moderator.next((m) => m.type === 'peerJoined' && m.peer.role === 'observer');
  assert.equal(joinedO.peer.name, nameOf(s.observer));

  const ids = { m: moderator.welcome.peerId, p: participant.welcome.peerId, o: observer.welcome.peerId };
  const offer = (n) => ({ sdp: `v=0 oferta ${n}`, type: 'offer' });

  // Allowed pairs are relayed, with who sent it.
  participant.send({ type: 'signal', to: ids.m, payload: offer(1) });
  assert.deepEqual((await moderator.next((m) => m.type === 'signal')).payload, offer(1));
  moderator.send({ type: 'signal', to: ids.p, payload: offer(2) });
  const toP = await participant.next((m) => m.type === 'signal');
  assert.deepEqual([toP.from, toP.payload], [ids.m, offer(2)]);
  moderator.send({ type: 'signal', to: ids.o, payload: offer(3) });
  assert.deepEqual((await observer.next((m) => m.type === 'signal')).payload, offer(3));
  let mark = moderator.mark();
  observer.send({ type: 'signal', to: ids.m, payload: offer(4) });
  const fromO = await moderator.next((m) => m.type === 'signal', mark);
  assert.deepEqual([fromO.from, fromO.payload], [ids.o, offer(4)]);

  // Not allowed: an observer signalling the participant; the participant can't even name an observer.
  mark = observer.mark();
  observer.send({ type: 'signal', to: ids.p, payload: offer(5) });
  assert.equal((await observer.next((m) => m.type === 'error', mark)).code, 'not_allowed');
  mark = participant.mark();
  participant.send({ type: 'signal', to: ids.o, payload: offer(6) });
  assert.equal((await participant.next((m) => m.type === 'error', mark)).code, 'unknown_peer');

  // The backchannel: moderator and observers, never the participant.
  observer.send({ type: 'chat', text: '¿Ha visto el botón de pagar?' });
  const chatM = await moderator.next((m) => m.type === 'chat');
  assert.deepEqual(
    [chatM.message.fromName, chatM.message.role, chatM.message.text],
    [nameOf(s.observer), 'observer', '¿Ha visto el botón de pagar?'],
  );
  await observer.next((m) => m.type === 'chat');
  moderator.send({ type: 'chat', text: 'Le pregunto ahora' });
  await observer.next((m) => m.type === 'chat' && m.message.role === 'moderator');
  mark = participant.mark();
  participant.send({ type: 'chat', text: 'hola' });
  assert.equal((await participant.next((m) => m.type === 'error', mark)).code, 'not_allowed');

  // The task: the moderator's, to the participant.
  moderator.send({ type: 'task', index: 2 });
  assert.equal((await participant.next((m) => m.type === 'task')).index, 2);
  mark = observer.mark();
  observer.send({ type: 'task', index: 3 });
  assert.equal((await observer.next((m) => m.type === 'error', mark)).code, 'not_allowed');

  // A late observer gets the backchannel so far and the task; the participant isn't told of them.
  const late = await memberRoom(s, s.owner);
  assert.deepEqual(
    late.welcome.chat.map((c) => c.text),
    ['¿Ha visto el botón de pagar?', 'Le pregunto ahora'],
  );
  assert.equal(late.welcome.task, 2);
  late.send({ type: 'chat', text: 'Nota del equipo' });
  await moderator.next((m) => m.type === 'chat' && m.message.text === 'Nota del equipo');
  observer.ws.close();
  await moderator.next((m) => m.type === 'peerLeft' && m.peerId === ids.o);

  // Everything the participant ever received: nothing of an observer, no backchannel.
  await settle();
  const seen = JSON.stringify(participant.messages);
  for (const secret of [ids.o, late.welcome.peerId, nameOf(s.observer), nameOf(s.owner), 'botón', 'Nota del equipo']) {
    assert.ok(!seen.includes(secret), `the participant was told ${secret}`);
  }
  assert.deepEqual([...new Set(participant.messages.map((m) => m.type))].sort(), [
    'error',
    'signal',
    'task',
    'welcome',
  ]);
  for (const m of participant.messages.filter((m) => m.type === 'signal')) assert.equal(m.from, ids.m);
  for (const room of [moderator, participant, late]) room.ws.close();
});

test('a reopened participant tab replaces the old socket; bad messages get an error, not a close', async () => {
  const s = await session();
  const moderator = await memberRoom(s, s.moderator);
  const first = await participantRoom(s);
  moderator.send({ type: 'task', index: 1 });
  await first.next((m) => m.type === 'task');
  const mark = moderator.mark();
  const second = await participantRoom(s);
  assert.equal(second.welcome.task, 1, 'the reopened tab learns the current task');
  assert.deepEqual(
    second.welcome.peers.map((p) => p.role),
    ['moderator'],
  );
  assert.equal((await first.closed()).code, 4000);
  await moderator.next((m) => m.type === 'peerLeft' && m.peerId === first.welcome.peerId, mark);
  await moderator.next((m) => m.type === 'peerJoined' && m.peer.peerId === second.welcome.peerId, mark);

  const errors = async (room, raw) => {
    const at = room.mark();
    room.send(raw);
    return (await room.next((m) => m.type === 'error', at)).code;
  };
  const big = { sdp: 'x'.repeat(64 * 1024 + 1) };
  assert.equal(
    await errors(moderator, { type: 'signal', to: second.welcome.peerId, payload: big }),
    'message_too_large',
  );
  assert.equal(await errors(moderator, 'x'.repeat(70 * 1024)), 'message_too_large');
  assert.equal(await errors(moderator, 'no es JSON'), 'bad_message');
  assert.equal(await errors(moderator, { type: 'dance' }), 'bad_message');
  assert.equal(await errors(moderator, { type: 'chat', text: '' }), 'bad_chat');
  assert.equal(await errors(moderator, { type: 'chat', text: 'a'.repeat(2001) }), 'bad_chat');
  assert.equal(await errors(moderator, { type: 'task', index: 1000 }), 'bad_task');
  // Still open: a ping is answered.
  const at = moderator.mark();
  moderator.send({ type: 'ping' });
  await moderator.next((m) => m.type === 'pong', at);
  // A flood is refused past the socket's budget.
  const before = moderator.mark();
  for (let i = 0; i < 100; i += 1) moderator.send({ type: 'ping' });
  await moderator.next((m) => m.type === 'error' && m.code === 'rate_limited', before);
  for (const room of [moderator, second]) room.ws.close();
});

test('who may not open a room: no member, another site, no upgrade, a removed member', async () => {
  const s = await session();
  const stranger = await subscribed('mr-stranger');
  const path = `/sessions/${s.id}/room`;
  const strangers = await upgradeStatus(path, { cookie: stranger.cookie });
  assert.equal(strangers.status, 404);
  assert.equal(strangers.body.code, 'session_not_found');
  assert.equal((await upgradeStatus(path)).status, 401);
  const crossSite = await upgradeStatus(path, { cookie: s.moderator.cookie, origin: 'https://evil.example' });
  assert.equal(crossSite.status, 403);
  assert.equal(crossSite.body.code, 'cross_site');
  const link = `/session-link/${s.token}/room`;
  assert.equal((await upgradeStatus(link, { origin: 'https://evil.example' })).status, 403);
  assert.equal((await upgradeStatus(`/session-link/${'A'.repeat(43)}/room`)).status, 404);
  const plain = await upgradeStatus(path, { cookie: s.moderator.cookie, upgrade: false });
  assert.equal(plain.status, 426);
  assert.equal(plain.body.code, 'upgrade_required');
  assert.equal((await upgradeStatus(link, { upgrade: false })).status, 426);

  // A member removed from the team is closed out at once, and the moderator sees them go.
  const moderator = await memberRoom(s, s.moderator);
  const observer = await memberRoom(s, s.observer);
  const mark = moderator.mark();
  const removed = await client.memberRemove(s.observer.user.id, { cookie: s.owner.cookie });
  assert.equal(removed.status, 200, removed.text);
  assert.equal((await observer.closed()).code, 4403);
  assert.equal(observer.messages.at(-1).code, 'revoked');
  await moderator.next((m) => m.type === 'peerLeft' && m.peerId === observer.welcome.peerId, mark);
  assert.equal((await upgradeStatus(path, { cookie: s.observer.cookie })).status, 404);

  // Deleting the session closes its room.
  const participant = await participantRoom(s);
  assert.equal((await client.sessionDelete(s.id, { cookie: s.moderator.cookie })).status, 204);
  assert.equal((await participant.closed()).code, 4404);
  assert.equal((await moderator.closed()).code, 4404);
});

test('at most 10 observers: the eleventh is refused with 429', async () => {
  const s = await session();
  const path = `/sessions/${s.id}/room`;
  const observers = [];
  for (let i = 0; i < 10; i += 1) observers.push(await memberRoom(s, s.observer));
  const refused = await upgradeStatus(path, { cookie: s.observer.cookie });
  assert.equal(refused.status, 429);
  assert.equal(refused.body.code, 'too_many_observers');
  // The moderator and the participant still join.
  const moderator = await memberRoom(s, s.moderator);
  assert.equal(moderator.welcome.peers.length, 10);
  const participant = await participantRoom(s);
  assert.deepEqual(
    participant.welcome.peers.map((p) => p.role),
    ['moderator'],
  );
  for (const room of [...observers, moderator, participant]) room.ws.close();
});
