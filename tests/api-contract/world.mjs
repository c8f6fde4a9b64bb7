// The accounts and objects the api-contract suite runs Schemathesis with (ADR 0020), made through
// the API like the API tests make theirs (tests/api helpers): a paying researcher with an analysis,
// a submitted recording (screen, camera, thumbnail, a clip, a share link), a recording uploaded
// whole, a participation to delete, a team member and a pending invitation; a participant holding
// a participation's capability cookie; an admin with two users to act on; and a customer with
// two local checkouts it opened; and a team lead with a team it made. Signed URLs are read
// from the answers that hand them out and split into the path and query parameters the document
// declares, so the signed routes are reached too.
import { randomBytes } from 'node:crypto';
import { api, signUp, uniqueEmail } from '../api/helpers.mjs';
import { eventually, grantSubscription, q, sql } from '../api/db.mjs';
import { openCameraSegment, participate, putChunk, recordSegment, complete, submit } from '../api/recording.mjs';
import { invite, join } from '../api/team-helpers.mjs';

const ANALYSIS = {
  name: 'Contrato de la API',
  url: 'example.com',
  maxNumberOfParticipants: 1000,
  scenario: 'Compras en una tienda',
  tasks: [
    { taskType: 'text', taskContent: 'Busca un producto' },
    { taskType: 'text', taskContent: 'Pásalo por caja' },
  ],
  device: 'computer',
  camera: 'optional',
  taskQuestions: true,
  sus: true,
  questions: {
    pre: [{ text: '¿Compras por internet?', type: 'single', options: ['Sí', 'No'] }],
    post: [{ text: '¿Algo más?', type: 'text' }],
  },
};

/** The smallest JPEG the thumbnail route takes (as the authorization matrix makes it). */
const jpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 62]),
    randomBytes(60),
    Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]),
  ]);

/** Fails with the call and its answer unless it answered `status`. */
function must(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text?.slice(0, 300)}`);
  return res;
}

/** A signed URL as the path parameters of its route and its `expires`/`kid`/`sig`. */
export function signed(url) {
  const u = new URL(url);
  return { segments: u.pathname.split('/').slice(3), query: Object.fromEntries(u.searchParams) };
}

/** A cookie's value (`name=value` → `value`). */
const value = (pair) => pair.slice(pair.indexOf('=') + 1);

export async function makeWorld() {
  const researcher = await signUp('contract-researcher');
  grantSubscription(researcher.user.id, { days: 30 });
  const analysisId = must(
    await api('/api/v1/analysis', { method: 'POST', cookie: researcher.cookie, body: ANALYSIS }),
    201,
    'create analysis',
  ).json.analysisData.id;

  // A submitted recording of a minute (the examples' note at 12 s falls within it): screen and
  // camera, a thumbnail, then a clip and a share link of it.
  const done = await participate(analysisId);
  const segment = await recordSegment(done.entryId, done.cookie, randomBytes(4096), {
    chunkSize: 2048,
    msPerChunk: 30_000,
  });
  must(await openCameraSegment(done.entryId, done.cookie), 200, 'camera segment');
  const camera = await putChunk(
    done.entryId,
    done.cookie,
    segment,
    0,
    randomBytes(1024),
    1000,
    {},
    { track: 'camera' },
  );
  if (camera.status !== 200) throw new Error(`camera chunk: ${camera.status}`);
  const thumb = await fetch(`${process.env.LUPA_BASE_URL}/api/v1/analysisEntry/${done.entryId}/thumbnail`, {
    method: 'PUT',
    headers: { cookie: done.cookie, 'content-type': 'image/jpeg' },
    body: jpeg(),
  });
  if (thumb.status !== 200) throw new Error(`thumbnail: ${thumb.status}`);
  must(await complete(done.entryId, done.cookie, { durationMs: 60_000 }), 200, 'complete');
  must(await submit(done.entryId, done.cookie), 200, 'submit');
  const clip = must(
    await api(`/api/v1/entry/${done.entryId}/notes`, {
      method: 'POST',
      cookie: researcher.cookie,
      body: { atMs: 0, endMs: 1000, text: 'Un clip', tags: ['precio'] },
    }),
    201,
    'clip',
  ).json.id;
  const share = must(
    await api(`/api/v1/analysis/${analysisId}/shares`, {
      method: 'POST',
      cookie: researcher.cookie,
      body: { kind: 'recording', targetId: done.entryId, expiresInDays: 7 },
    }),
    201,
    'share',
  ).json;
  const urls = must(
    await api(`/api/v1/analysisEntry/${done.entryId}`, { cookie: researcher.cookie }),
    200,
    'entry url',
  ).json;
  const shared = must(await api(`/api/v1/share/${share.token}`), 200, 'shared view').json;
  const whole = await wholeFileRecording(analysisId, researcher.cookie);
  // What the run deletes when it deletes a recording: a participation of its own (a fixed id, so
  // the recording above stays for the routes that read it).
  const spare = (await participate(analysisId)).entryId;

  // The researcher's team: an observer to change and remove, and an invitation still pending.
  const member = await signUp('contract-member');
  await join(researcher, member, 'observer');
  const { res: invited, token: invitation } = await invite(researcher, uniqueEmail('contract-invited'), 'observer');
  must(invited, 201, 'invite');
  const reset = await resetToken();

  // The participant: a participation in progress (its cookie is the run's), and another that
  // uploads its recording whole (product §7's upload URL), whose cookie the run's browser keeps too.
  const going = await participate(analysisId);
  const uploader = await participate(analysisId);
  const upload = must(
    await api('/api/v1/analysisEntry/upload-url', {
      method: 'POST',
      cookie: uploader.cookie,
      body: { analysisEntryId: uploader.entryId, analysisId },
    }),
    200,
    'upload url',
  ).json.analysisEntryPresignedUploadUrl;

  // The admin, and the users it acts on (one to change, one to delete).
  const admin = await signUp('contract-admin');
  await sql(`UPDATE users SET role = 'admin' WHERE id = ${q(admin.user.id)}`);
  const changed = await signUp('contract-changed');
  const deleted = await signUp('contract-deleted');
  // A customer without a subscription, and two local checkouts it opened: one to read and pay,
  // one to cancel.
  const buyer = await signUp('contract-buyer');
  const checkout = async () => {
    const url = must(
      await api('/api/v1/billing/checkout-session', {
        method: 'POST',
        cookie: buyer.cookie,
        body: { planName: 'basic', planBillingCycle: 'monthly' },
      }),
      200,
      'checkout',
    ).json.checkoutSessionUrl;
    const id = /cs_local_[0-9a-f]+/.exec(url)?.[0];
    if (!id) throw new Error(`checkout: no local checkout in ${url}`);
    return id;
  };
  const checkouts = { pay: await checkout(), cancel: await checkout() };
  // A team lead: an account that made a team (current, no subscription), for the operations that
  // make, switch, leave and delete teams and pass ownership on, away from the researcher's run,
  // which they would move into a team of its own with no subscription and no analyses.
  const teamlead = await signUp('contract-teamlead');
  const team = must(
    await api('/api/v1/workspaces', { method: 'POST', cookie: teamlead.cookie, body: { name: 'Equipo del contrato' } }),
    201,
    'team',
  ).json;

  return {
    researcher: {
      session: value(researcher.cookie),
      analysisId,
      entryId: done.entryId,
      clip,
      share,
      urls,
      shared,
      whole,
      spare,
      member: member.user.id,
      invitation,
      reset,
    },
    participant: {
      capability: value(going.cookie),
      analysisId,
      entryId: going.entryId,
      cookies: { [uploader.entryId]: value(uploader.cookie) },
      upload: signed(upload),
    },
    admin: { session: value(admin.cookie), changed: changed.user.id, deleted: deleted.user.id },
    buyer: { session: value(buyer.cookie), checkouts },
    teamlead: { session: value(teamlead.cookie), team: team.id },
  };
}

/**
 * A participation recorded product §7's way (ADR 0001's single upload): the upload URL, the whole
 * file PUT with the capability, submitted; then the signed URL the researcher plays it from.
 */
async function wholeFileRecording(analysisId, ownerCookie) {
  const { entryId, cookie } = await participate(analysisId);
  const url = must(
    await api('/api/v1/analysisEntry/upload-url', {
      method: 'POST',
      cookie,
      body: { analysisEntryId: entryId, analysisId },
    }),
    200,
    'whole-file upload url',
  ).json.analysisEntryPresignedUploadUrl;
  const target = new URL(url);
  const put = await fetch(`${process.env.LUPA_BASE_URL}${target.pathname}${target.search}`, {
    method: 'PUT',
    headers: { 'content-type': 'video/mp4', cookie },
    body: randomBytes(4096),
  });
  if (put.status !== 200) throw new Error(`whole-file upload: ${put.status}`);
  must(await submit(entryId, cookie), 200, 'whole-file submit');
  return must(await api(`/api/v1/analysisEntry/${entryId}`, { cookie: ownerCookie }), 200, 'whole-file url').json
    .analysisEntryPresignedUrl;
}

/** A password-reset link's token, as an account of its own gets it by mail (the local outbox). */
async function resetToken() {
  const { email } = await signUp('contract-reset');
  must(await api('/api/v1/auth/password-reset', { method: 'POST', body: { email } }), 200, 'reset request');
  return eventually(async () => {
    const rows = await sql(`SELECT text_body FROM mail_outbox WHERE to_address = ${q(email)}`);
    return /passwordResetToken=([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1];
  });
}
