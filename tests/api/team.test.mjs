// Research teams (ADR 0019): invitations (single use, 7 days, stored hashed, for one e-mail only,
// revoked, sent again, rate-limited per workspace), members' roles, removal (404 from the next
// request on, also for requests racing it), switching workspaces and leaving one; every change
// with its activity row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signUp, uniqueEmail, client } from './helpers.mjs';
import { grantSubscription, q, sql } from './db.mjs';
import { invite, inviteToken, join, switchToPersonal } from './team-helpers.mjs';

const DAY = 86_400_000;
const at = (ms) => ({ 'x-lupa-test-now': String(Math.round(ms)) });
const analysisBody = {
  name: 'Equipo',
  url: 'example.com',
  maxNumberOfParticipants: 5,
  scenario: '',
  tasks: [{ taskType: 'text', taskContent: 'T' }],
  device: 'computer',
};
const view = (token, headers) => client.invitationView(token, { headers });
const accept = (token, who, headers) => client.invitationAccept(token, { cookie: who.cookie, headers });
const activity = (workspaceId) =>
  sql(
    `SELECT kind, subject_id, subject, actor_id FROM workspace_activity WHERE workspace_id = ${q(workspaceId)} ORDER BY at, rowid`,
  );
const ws = (user) => `w${user.user.id}`;

test('an invitation is mailed, names the team and who invited, is stored hashed and works once', async () => {
  const owner = await signUp('t-owner');
  const invited = await signUp('t-invited');
  const { res, token } = await invite(owner, invited.email.toUpperCase(), 'observer');
  assert.equal(res.status, 201);
  assert.equal(res.json.role, 'observer');
  assert.equal(res.json.expiresAt - res.json.createdAt, 7 * DAY);
  const mail = (
    await sql(`SELECT subject, html_body FROM mail_outbox WHERE to_address = ${q(invited.email.toUpperCase())}`)
  )[0];
  assert.match(mail.subject, /te invita al equipo/);
  assert.match(mail.html_body, /Observador/);

  // Only a keyed hash is kept: the raw token is nowhere in the row.
  const [row] = await sql(`SELECT * FROM workspace_invitations WHERE id = ${q(res.json.id)}`);
  assert.equal(row.token_hash.length, 64);
  assert.ok(!Object.values(row).some((v) => String(v).includes(token)));

  const shown = await view(token);
  assert.equal(shown.status, 200);
  assert.deepEqual(
    { ...shown.json, expiresAt: undefined },
    {
      workspaceName: owner.email,
      invitedBy: owner.email,
      email: invited.email.toUpperCase(),
      role: 'observer',
      expiresAt: undefined,
    },
  );

  const joined = await accept(token, invited);
  assert.equal(joined.status, 200);
  assert.deepEqual(joined.json, { id: ws(owner), name: owner.email, role: 'observer' });
  const session = await client.authSession({ cookie: invited.cookie });
  assert.deepEqual(session.json.workspace, { id: ws(owner), name: owner.email, role: 'observer' });

  // Single use: the link is dead for everyone, the joined member included. A link that cannot be
  // used is 404 whatever the reason, as a share link's (ADR 0020).
  assert.equal((await accept(token, invited)).status, 404);
  const again = await view(token);
  assert.equal(again.status, 404);
  assert.equal(again.json.code, 'invitation_invalid');
  assert.equal(again.json.message, 'Esta invitación no es válida o ha caducado');

  const log = await activity(ws(owner));
  assert.deepEqual(
    log.map((r) => r.kind),
    ['invitation_sent', 'invitation_accepted'],
  );
  assert.equal(log[1].actor_id, invited.user.id);
});

test('another account may not use an invitation; signed out it is 401; a bad token is 404', async () => {
  const owner = await signUp('t-owner');
  const invited = await signUp('t-invited');
  const stranger = await signUp('t-stranger');
  const { token } = await invite(owner, invited.email, 'researcher');
  const refused = await accept(token, stranger);
  assert.equal(refused.status, 403);
  assert.equal(refused.json.code, 'invitation_wrong_account');
  assert.equal(refused.json.message, 'Esta invitación es para otra dirección de correo');
  assert.equal((await accept(token, { cookie: undefined })).status, 401);
  assert.equal((await view('x'.repeat(43))).status, 404);
  assert.equal((await view('short')).status, 404);
  // Still good for the right account.
  assert.equal((await accept(token, invited)).status, 200);
  assert.equal((await client.authSession({ cookie: stranger.cookie })).json.workspace.id, ws(stranger));
});

test('an invitation lasts 7 days', async () => {
  const owner = await signUp('t-owner');
  const invited = await signUp('t-invited');
  const { token } = await invite(owner, invited.email, 'researcher');
  const now = Date.now();
  assert.equal((await view(token, at(now + 6 * DAY))).status, 200);
  assert.equal((await view(token, at(now + 7 * DAY + 60_000))).status, 404);
  // Joining needs a session, which the test clock a week ahead would have ended: age the row instead.
  await sql(
    `UPDATE workspace_invitations SET expires_at = ${now - 1} WHERE token_hash IS NOT NULL AND email = ${q(invited.email)}`,
  );
  const late = await accept(token, invited);
  assert.equal(late.status, 404);
  assert.equal(late.json.code, 'invitation_invalid');
  // Expired invitations stay listed, marked, until resent or revoked.
  const team = await client.teamGet({ cookie: owner.cookie });
  assert.equal(team.json.invitations[0].expired, true);
});

test('revoking ends the link; sending again makes a new link valid 7 more days; inviting again replaces', async () => {
  const owner = await signUp('t-owner');
  const a = await signUp('t-a');
  const b = await signUp('t-b');
  const first = await invite(owner, a.email, 'observer');
  const revoke = (id) => client.invitationRevoke(id, { cookie: owner.cookie });
  assert.equal((await revoke(first.res.json.id)).status, 200);
  assert.equal((await view(first.token)).status, 404);
  const twice = await revoke(first.res.json.id);
  assert.equal(twice.status, 404);
  assert.equal(twice.json.code, 'invitation_not_found');
  assert.deepEqual((await client.teamGet({ cookie: owner.cookie })).json.invitations, []);

  const now = Date.now();
  const second = await invite(owner, b.email, 'researcher');
  const resent = await client.invitationResend(second.res.json.id, {
    cookie: owner.cookie,
    headers: at(now + 6 * DAY),
  });
  assert.equal(resent.status, 200);
  assert.equal(resent.json.expiresAt, now + 13 * DAY);
  const fresh = await inviteToken(b.email, [second.token]);
  assert.equal((await view(second.token)).status, 404);
  // Valid 7 days from the resend: still good 12 days after the first sending, gone after 13.
  assert.equal((await view(fresh, at(now + 12 * DAY))).status, 200);
  assert.equal((await view(fresh, at(now + 13 * DAY + 60_000))).status, 404);
  assert.equal((await accept(fresh, b)).status, 200);

  const third = await invite(owner, a.email, 'observer');
  const replaced = await invite(owner, a.email, 'admin', { seen: [third.token] });
  assert.equal((await view(third.token)).status, 404);
  assert.equal((await view(replaced.token)).json.role, 'admin');
  const pending = (await client.teamGet({ cookie: owner.cookie })).json.invitations;
  assert.deepEqual(
    pending.map((i) => [i.email, i.role]),
    [[a.email, 'admin']],
  );
  // Each change logged once (ordered by kind: the test clock put some of them days ahead).
  const kinds = (await activity(ws(owner))).map((r) => r.kind).sort();
  assert.deepEqual(kinds, [
    'invitation_accepted',
    'invitation_resent',
    'invitation_revoked',
    'invitation_sent',
    'invitation_sent',
    'invitation_sent',
    'invitation_sent',
  ]);
});

test('bad input is a clear 4xx; a member is not invited again', async () => {
  const owner = await signUp('t-owner');
  const member = await signUp('t-member');
  await join(owner, member, 'researcher');
  const post = (body) => client.invitationCreate({ cookie: owner.cookie, body });
  const badRole = await post({ email: uniqueEmail('t-x'), role: 'owner' });
  assert.equal(badRole.status, 400);
  assert.equal(badRole.json.code, 'bad_team_role');
  assert.equal((await post({ email: 'nope', role: 'observer' })).json.code, 'invalid_email');
  const dup = await post({ email: member.email, role: 'observer' });
  assert.equal(dup.status, 409);
  assert.equal(dup.json.message, 'Esa persona ya es miembro del equipo');
});

test('invitations are limited per workspace: 50 an hour', async () => {
  const owner = await signUp('t-busy');
  const statuses = [];
  for (let i = 0; i < 51; i += 1) {
    const res = await client.invitationCreate({
      cookie: owner.cookie,
      body: { email: uniqueEmail(`t-rate${i}`), role: 'observer' },
    });
    statuses.push(res.status);
  }
  assert.deepEqual(statuses.slice(0, 50), Array(50).fill(201));
  assert.equal(statuses[50], 429);
  // Another workspace is not affected.
  const other = await signUp('t-calm');
  assert.equal((await invite(other, uniqueEmail('t-ok'), 'observer')).res.status, 201);
});

test('roles: only admins and the owner manage; nobody demotes or removes the owner here', async () => {
  const owner = await signUp('t-owner');
  const [admin, researcher, observer] = await Promise.all([signUp('t-ad'), signUp('t-re'), signUp('t-ob')]);
  await join(owner, admin, 'admin');
  await join(owner, researcher, 'researcher');
  await join(owner, observer, 'observer');

  for (const who of [researcher, observer]) {
    const res = await client.invitationCreate({
      cookie: who.cookie,
      body: { email: uniqueEmail('t-n'), role: 'observer' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.json.code, 'team_role_forbidden');
    const team = await client.teamGet({ cookie: who.cookie });
    assert.equal(team.status, 200);
    assert.equal(team.json.members.length, 4);
    assert.deepEqual(team.json.invitations, []);
  }
  const team = await client.teamGet({ cookie: owner.cookie });
  assert.deepEqual(
    team.json.members.map((m) => m.role),
    ['owner', 'admin', 'researcher', 'observer'],
  );

  const patch = (who, id, role) => client.memberUpdate(id, { cookie: who.cookie, body: { role } });
  const promoted = await patch(admin, observer.user.id, 'researcher');
  assert.equal(promoted.status, 200);
  assert.equal(promoted.json.role, 'researcher');
  assert.equal((await client.authSession({ cookie: observer.cookie })).json.workspace.role, 'researcher');
  const demote = await patch(admin, owner.user.id, 'observer');
  assert.equal(demote.status, 403);
  assert.equal(demote.json.code, 'owner_protected');
  assert.equal((await patch(owner, owner.user.id, 'admin')).status, 403);
  assert.equal((await patch(owner, researcher.user.id, 'owner')).json.code, 'bad_team_role');
  assert.equal((await patch(researcher, observer.user.id, 'observer')).status, 403);
  assert.equal((await patch(owner, 'nobody', 'observer')).json.code, 'member_not_found');
  const removeOwner = await client.memberRemove(owner.user.id, { cookie: admin.cookie });
  assert.equal(removeOwner.json.code, 'owner_protected');

  const log = await activity(ws(owner));
  const change = log.find((r) => r.kind === 'role_changed');
  assert.equal(change.subject, `${observer.email} (observer → researcher)`);
  assert.equal(change.actor_id, admin.user.id);
  assert.equal(log.filter((r) => r.kind === 'role_changed').length, 1);
});

test('a removed member gets 404 "Ya no tienes acceso a este equipo" from the next request on, even racing the removal', async () => {
  const owner = await signUp('t-owner');
  grantSubscription(owner.user.id);
  const member = await signUp('t-gone');
  await join(owner, member, 'researcher');
  const created = await client.analysisCreate({ cookie: member.cookie, body: analysisBody });
  assert.equal(created.status, 201);
  const id = created.json.analysisData.id;
  const ownerList = await client.analysisList({ cookie: owner.cookie });
  assert.ok(ownerList.json.analyses.some((a) => a.id === id));

  const read = () => client.analysisGet(id, { cookie: member.cookie });
  const racing = Array.from({ length: 12 }, (_, i) => new Promise((r) => setTimeout(r, i * 5)).then(read));
  const removed = client.memberRemove(member.user.id, { cookie: owner.cookie });
  const [removal, ...raced] = await Promise.all([removed, ...racing]);
  assert.equal(removal.status, 200);
  for (const res of raced) {
    assert.ok(
      res.status === 200 || (res.status === 404 && res.json.code === 'no_team_access'),
      `${res.status} ${res.text}`,
    );
  }
  const after = await read();
  assert.equal(after.status, 404);
  assert.deepEqual(after.json, { message: 'Ya no tienes acceso a este equipo', code: 'no_team_access' });
  assert.equal((await client.analysisList({ cookie: member.cookie })).status, 404);
  // Their account still works: the session has no workspace, and they can go back to their own.
  const session = await client.authSession({ cookie: member.cookie });
  assert.equal(session.status, 200);
  assert.equal(session.json.workspace, undefined);
  const mine = await client.workspaceList({ cookie: member.cookie });
  assert.deepEqual(mine.json, { workspaces: [{ id: ws(member), name: member.email, role: 'owner' }], current: null });
  // Switching back into the team is refused.
  const back = await client.workspaceSwitch(ws(owner), { cookie: member.cookie });
  assert.equal(back.status, 404);
  assert.equal(back.json.code, 'not_a_member');
  assert.equal((await switchToPersonal(member)).status, 200);
  assert.equal((await client.analysisList({ cookie: member.cookie })).json.analyses.length, 0);
  // The analysis they wrote stays the team's.
  assert.equal((await client.analysisGet(id, { cookie: owner.cookie })).status, 200);
  const removedRow = (await activity(ws(owner))).find((r) => r.kind === 'member_removed');
  assert.equal(removedRow.subject_id, member.user.id);
  assert.equal(removedRow.subject, member.email);
  assert.equal((await client.memberRemove(member.user.id, { cookie: owner.cookie })).status, 404);
});

test('switching: the account lists its workspaces with its role and acts in the one it picks', async () => {
  const owner = await signUp('t-owner');
  grantSubscription(owner.user.id);
  const member = await signUp('t-two');
  await join(owner, member, 'observer');
  const list = await client.workspaceList({ cookie: member.cookie });
  assert.equal(list.status, 200);
  assert.equal(list.json.current, ws(owner));
  assert.deepEqual(
    list.json.workspaces.map((w) => [w.id, w.role]),
    [
      [ws(owner), 'observer'],
      [ws(member), 'owner'],
    ],
  );
  // As an observer in the team: no analysis creation.
  const refused = await client.analysisCreate({ cookie: member.cookie, body: analysisBody });
  assert.equal(refused.status, 403);
  assert.equal(refused.json.code, 'team_role_forbidden');
  const switched = await switchToPersonal(member);
  assert.deepEqual(switched.json, { id: ws(member), name: member.email, role: 'owner' });
  assert.equal((await client.authSession({ cookie: member.cookie })).json.workspace.role, 'owner');
  const stranger = await signUp('t-str');
  assert.equal((await client.workspaceSwitch(ws(stranger), { cookie: member.cookie })).status, 404);
});

test('leaving: a member leaves (the personal workspace becomes current); the owner cannot', async () => {
  const owner = await signUp('t-owner');
  const member = await signUp('t-leaver');
  await join(owner, member, 'researcher');
  const leave = (who, id) => client.workspaceLeave(id, { cookie: who.cookie });
  const left = await leave(member, ws(owner));
  assert.equal(left.status, 200);
  const session = await client.authSession({ cookie: member.cookie });
  assert.equal(session.json.workspace.id, ws(member));
  assert.equal((await leave(member, ws(owner))).json.code, 'not_a_member');
  const stays = await leave(owner, ws(owner));
  assert.equal(stays.status, 403);
  assert.equal(stays.json.code, 'owner_cannot_leave');
  assert.equal((await client.teamGet({ cookie: owner.cookie })).json.members.length, 1);
  assert.ok((await activity(ws(owner))).some((r) => r.kind === 'member_left' && r.actor_id === member.user.id));
});
