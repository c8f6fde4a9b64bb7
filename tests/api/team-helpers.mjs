// Research teams in the API tests (ADR 0019): inviting through the API and reading the link from
// the local outbox (the mail goes after the answer), then joining with it.
import { api } from './helpers.mjs';
import { eventually, q, sql } from './db.mjs';

/** The token of the newest invitation mail to `email` that is not one of `seen`. */
export async function inviteToken(email, seen = []) {
  return eventually(async () => {
    const rows = await sql(
      `SELECT text_body FROM mail_outbox WHERE lower(to_address) = ${q(email.toLowerCase())} ORDER BY rowid DESC LIMIT 1`,
    );
    const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1];
    return token && !seen.includes(token) ? token : undefined;
  });
}

/** Invites `email` as `role` into `inviter`'s current workspace; the answer and the mailed token. */
export async function invite(inviter, email, role, { seen = [], headers } = {}) {
  const res = await api('/api/v1/team/invitations', {
    method: 'POST',
    cookie: inviter.cookie,
    body: { email, role },
    headers,
  });
  if (res.status !== 201) return { res };
  return { res, token: await inviteToken(email, seen) };
}

/** Invites `member` (a signed-up account) as `role` and joins with their session. */
export async function join(inviter, member, role) {
  const { res, token } = await invite(inviter, member.email, role);
  if (res.status !== 201) throw new Error(`invite: ${res.status} ${res.text}`);
  const accepted = await api(`/api/v1/invitations/${token}/accept`, { method: 'POST', cookie: member.cookie });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${accepted.text}`);
  return accepted.json;
}

/** Switches `member`'s current workspace back to their personal one. */
export const switchToPersonal = (member) =>
  api(`/api/v1/workspaces/w${member.user.id}/switch`, { method: 'POST', cookie: member.cookie });
