// Moderated sessions (issue 49, ADR 0024), the team's and the link's HTTP side: creating one
// (its fields checked, only a researcher or above of the analysis's workspace, 404 for another
// team's analysis), the participant's link shown once and mailed with a calendar event when the
// session is planned, listing, reading with the caller's part, deleting (the moderator, an admin
// or the owner), what the link shows, the call's ICE configuration, and a session going (its
// room closed) with its analysis.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, signUp, uniqueEmail } from './helpers.mjs';
import { eventually, q, sql } from './db.mjs';
import { createAnalysis, participate, owner as subscribed } from '../lib/test-app.mjs';
import { join } from './team-helpers.mjs';
import { join as joinRoom } from './moderated-room.mjs';

const HOUR = 60 * 60 * 1000;

/** An owner's team with an analysis: a researcher and an observer, and someone of another team. */
async function team() {
  const owner = await subscribed('ms-owner');
  const analysis = (await createAnalysis(owner)).id;
  const researcher = await signUp('ms-researcher');
  await join(owner, researcher, 'researcher');
  const observer = await signUp('ms-observer');
  await join(owner, observer, 'observer');
  const outsider = await subscribed('ms-outsider');
  return { owner, analysis, researcher, observer, outsider };
}

const create = (user, analysis, body = {}) => client.sessionCreate(analysis, { cookie: user.cookie, body });
const tokenOf = (dto) => new URL(dto.participantUrl).searchParams.get('session');

test('a researcher creates a session: the link once, the room, and the fields checked', async () => {
  const t = await team();
  const plannedAt = Date.now() + 2 * HOUR;
  const res = await create(t.researcher, t.analysis, { plannedAt });
  assert.equal(res.status, 201, res.text);
  const s = res.json;
  assert.equal(s.analysisId, t.analysis);
  assert.equal(s.moderatorId, t.researcher.user.id);
  assert.equal(s.moderatorName, t.researcher.user.name || t.researcher.email);
  assert.equal(s.plannedAt, plannedAt);
  assert.equal(s.roomPath, `/session/${s.id}`);
  assert.equal(s.myRole, 'moderator');
  assert.equal(s.endedAt, null);
  assert.equal(s.entryId, null);
  const url = new URL(s.participantUrl);
  assert.equal(url.pathname, `/participate/${t.analysis}`);
  assert.match(url.searchParams.get('session'), /^[A-Za-z0-9_-]{43}$/);
  // Only the token's keyed hash is stored.
  const [row] = await sql(`SELECT * FROM moderated_sessions WHERE id = ${q(s.id)}`);
  assert.equal(row.workspace_id, `w${t.owner.user.id}`);
  assert.notEqual(row.participant_token_hash, tokenOf(s));
  assert.ok(!JSON.stringify(row).includes(tokenOf(s)));

  // Fields: a time in the past or more than a year ahead, an address that isn't one.
  const refused = [
    [{ plannedAt: Date.now() - 1000 }, 'bad_planned_at'],
    [{ plannedAt: Date.now() + 366 * 24 * HOUR }, 'bad_planned_at'],
    [{ participantEmail: 'no es un correo' }, 'invalid_email'],
    [{ participantEmail: '' }, 'invalid_email'],
  ];
  for (const [body, code] of refused) {
    const bad = await create(t.researcher, t.analysis, body);
    assert.equal(bad.status, 400, JSON.stringify(body));
    assert.equal(bad.json.code, code);
  }
  assert.equal((await create(t.researcher, t.analysis, { plannedAt: 'mañana' })).status, 422);
  // Who may create: not an observer, not another team (404, as for anything of theirs), not anonymous.
  const observer = await create(t.observer, t.analysis);
  assert.equal(observer.status, 403);
  assert.equal(observer.json.code, 'team_role_forbidden');
  const outsider = await create(t.outsider, t.analysis);
  assert.equal(outsider.status, 404);
  assert.equal(outsider.json.code, 'analysis_not_found');
  assert.equal((await client.sessionCreate(t.analysis, { body: {} })).status, 401);
  assert.equal((await create(t.owner, t.analysis)).status, 201);
});

test('the invitation mail carries the link and, when planned, an RFC 5545 calendar event', async () => {
  const t = await team();
  const email = uniqueEmail('ms-participant');
  const plannedAt = Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 9, 30);
  const s = (await create(t.researcher, t.analysis, { plannedAt, participantEmail: email })).json;
  const mail = await eventually(async () => (await sql(`SELECT * FROM mail_outbox WHERE to_address = ${q(email)}`))[0]);
  assert.match(mail.subject, /te invita a una sesión de Lupa$/);
  assert.ok(mail.text_body.includes(s.participantUrl));
  assert.ok(mail.text_body.includes(`15 de enero de ${new Date(plannedAt).getUTCFullYear()} a las 09:30 (UTC)`));
  const [ics] = JSON.parse(mail.attachments_json);
  assert.equal(ics.filename, 'sesion-lupa.ics');
  assert.match(ics.content_type, /^text\/calendar/);
  const lines = ics.content.split('\r\n');
  assert.equal(lines.at(-1), '', 'ends with CRLF');
  assert.ok(!/[^\r]\n/.test(ics.content), 'no bare LF');
  for (const line of lines) assert.ok(Buffer.byteLength(line) <= 75, line);
  const unfolded = ics.content.replaceAll('\r\n ', '');
  const year = new Date(plannedAt).getUTCFullYear();
  for (const needed of [
    'BEGIN:VCALENDAR',
    'BEGIN:VEVENT',
    `DTSTART:${year}0115T093000Z`,
    'DURATION:PT1H',
    `URL:${s.participantUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]) {
    assert.ok(unfolded.split('\r\n').includes(needed), needed);
  }
  assert.match(unfolded, /\r\nUID:[0-9a-f]{32}@\S+\r\n/);
  assert.match(unfolded, /\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  assert.match(unfolded, /\r\nSUMMARY:Sesión de Lupa con .+\r\n/);

  // Unplanned: the link, no attachment; no address, no mail.
  const other = uniqueEmail('ms-unplanned');
  const unplanned = (await create(t.researcher, t.analysis, { participantEmail: other })).json;
  const plain = await eventually(
    async () => (await sql(`SELECT * FROM mail_outbox WHERE to_address = ${q(other)}`))[0],
  );
  assert.ok(plain.text_body.includes(unplanned.participantUrl));
  assert.equal(plain.attachments_json, null);
});

test('the team lists and reads sessions with their part; only the moderator, an admin or the owner deletes', async () => {
  const t = await team();
  const email = uniqueEmail('ms-listed');
  const s = (await create(t.researcher, t.analysis, { participantEmail: email })).json;
  const older = (await create(t.owner, t.analysis)).json;

  const asObserver = await client.sessionList(t.analysis, { cookie: t.observer.cookie });
  assert.equal(asObserver.status, 200);
  assert.deepEqual(new Set(asObserver.json.sessions.map((x) => x.id)), new Set([s.id, older.id]));
  const seen = asObserver.json.sessions.find((x) => x.id === s.id);
  assert.equal(seen.myRole, 'observer');
  assert.equal(seen.participantEmail, null, 'only the moderator is told whom the link went to');
  assert.equal(seen.participantUrl, undefined, 'the link is in the creation answer only');

  const mine = await client.sessionGet(s.id, { cookie: t.researcher.cookie });
  assert.equal(mine.json.myRole, 'moderator');
  assert.equal(mine.json.participantEmail, email);
  assert.equal(mine.json.participantUrl, undefined);
  assert.equal((await client.sessionGet(s.id, { cookie: t.observer.cookie })).json.myRole, 'observer');
  for (const res of [
    await client.sessionGet(s.id, { cookie: t.outsider.cookie }),
    await client.sessionList(t.analysis, { cookie: t.outsider.cookie }),
    await client.sessionDelete(s.id, { cookie: t.outsider.cookie }),
  ]) {
    assert.equal(res.status, 404);
  }
  assert.equal((await client.sessionGet('nope', { cookie: t.observer.cookie })).json.code, 'session_not_found');

  // Deleting: not an observer, not a researcher who doesn't moderate it; the owner may.
  assert.equal((await client.sessionDelete(s.id, { cookie: t.observer.cookie })).status, 403);
  const colleague = await signUp('ms-colleague');
  await join(t.owner, colleague, 'researcher');
  assert.equal((await client.sessionDelete(s.id, { cookie: colleague.cookie })).status, 403);
  const deleted = await client.sessionDelete(s.id, { cookie: t.owner.cookie });
  assert.equal(deleted.status, 204);
  assert.equal(deleted.text, '');
  assert.equal((await client.sessionGet(s.id, { cookie: t.researcher.cookie })).status, 404);
  assert.equal((await client.sessionDelete(older.id, { cookie: t.owner.cookie })).status, 204);
});

test('the link shows the session until it is deleted; its ICE configuration is peer to peer', async () => {
  const t = await team();
  const plannedAt = Date.now() + HOUR;
  const s = (await create(t.researcher, t.analysis, { plannedAt })).json;
  const token = tokenOf(s);
  const view = await client.sessionLinkView(token);
  assert.equal(view.status, 200);
  assert.deepEqual(view.json, {
    sessionId: s.id,
    analysisId: t.analysis,
    plannedAt,
    moderatorName: s.moderatorName,
  });
  const unknown = await client.sessionLinkView('A'.repeat(43));
  assert.equal(unknown.status, 404);
  assert.equal(unknown.json.message, 'La sesión no existe o ha terminado.');

  const p2p = { transport: 'p2p', iceServers: [] };
  assert.deepEqual((await client.sessionLinkIce(token)).json, p2p);
  assert.deepEqual((await client.sessionIce(s.id, { cookie: t.observer.cookie })).json, p2p);
  assert.equal((await client.sessionIce(s.id, { cookie: t.outsider.cookie })).status, 404);
  assert.equal((await client.sessionLinkIce('A'.repeat(43))).status, 404);

  // An ended session's link is gone too.
  await sql(`UPDATE moderated_sessions SET ended_at = ${Date.now()} WHERE id = ${q(s.id)}`);
  assert.equal((await client.sessionLinkView(token)).status, 404);
  await sql(`UPDATE moderated_sessions SET ended_at = NULL WHERE id = ${q(s.id)}`);
  assert.equal((await client.sessionDelete(s.id, { cookie: t.researcher.cookie })).status, 204);
  assert.equal((await client.sessionLinkView(token)).status, 404);
});

test("the participation through the link is the session's recording; a wrong link claims no place", async () => {
  const t = await team();
  const s = (await create(t.researcher, t.analysis)).json;
  const places = async () =>
    (await sql(`SELECT COUNT(*) AS n FROM analysis_entries WHERE analysis_id = ${q(t.analysis)}`))[0].n;

  // Another analysis's session, an unknown token, an ended session or no token at all: 404, and
  // no place taken.
  const other = (await createAnalysis(t.owner)).id;
  const elsewhere = (await create(t.researcher, other)).json;
  const ended = (await create(t.researcher, t.analysis)).json;
  await sql(`UPDATE moderated_sessions SET ended_at = ${Date.now()} WHERE id = ${q(ended.id)}`);
  for (const sessionToken of [tokenOf(elsewhere), 'A'.repeat(43), tokenOf(ended), 'corto']) {
    const refused = await participate(t.analysis, { sessionToken });
    assert.equal(refused.res.status, 404, refused.res.text);
    assert.equal(refused.res.json.message, 'La sesión no existe o ha terminado.');
  }
  assert.equal(await places(), 0);

  const p = await participate(t.analysis, { sessionToken: tokenOf(s) });
  assert.equal(p.res.status, 200, p.res.text);
  const read = await client.sessionGet(s.id, { cookie: t.observer.cookie });
  assert.equal(read.json.entryId, p.entryId);
  // A participant who came back on another device: the newest participation is the session's.
  const again = await participate(t.analysis, { sessionToken: tokenOf(s) });
  assert.equal((await client.sessionGet(s.id, { cookie: t.researcher.cookie })).json.entryId, again.entryId);
  // Without the link, a participation is nobody's session.
  const plain = await participate(t.analysis);
  assert.equal(plain.res.status, 200);
  assert.equal((await client.sessionGet(s.id, { cookie: t.researcher.cookie })).json.entryId, again.entryId);
  assert.equal(await places(), 3);
});

test('a session goes with its analysis, and its room closes', async () => {
  const t = await team();
  const s = (await create(t.researcher, t.analysis)).json;
  const participant = await joinRoom(`/session-link/${tokenOf(s)}/room`);
  assert.equal((await client.analysisDelete(t.analysis, { cookie: t.owner.cookie })).status, 200);
  assert.deepEqual(await sql(`SELECT id FROM moderated_sessions WHERE id = ${q(s.id)}`), []);
  assert.equal((await participant.closed()).code, 4404);
  assert.equal((await client.sessionLinkView(tokenOf(s))).status, 404);
});
