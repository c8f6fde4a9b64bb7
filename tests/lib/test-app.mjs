// The fixtures every client of a running worker builds its tests on (zero2prod's `TestApp`, issue
// 46): a signed-up researcher with their cookie, a subscription, an analysis, a participation and
// its recording through the durable-chunk API (ADR 0005) as a participant's tab sends it. Written
// once on the generated client (api-client.mjs), and used by tests/api, by the browser tests'
// support (tests/e2e/support, through types in test-app.d.mts) and by the benches
// (scripts/lib/bench-client.mjs, over their own keep-alive transport).
//
// An answer is the transport's: `api()`'s `{ status, headers, json, text }` here, the benches'
// `{ status, ms, headers, text }` there; `jsonOf` reads either.
import { login, PASSWORD, register, uniqueEmail } from '../../scripts/lib/accounts.mjs';
import { localSql } from '../../scripts/lib/local-d1.mjs';
import { api, BASE, clientWith, randomIp, sessionCookie } from './http.mjs';

/** An answer's JSON body, whether the transport parsed it (`json`) or not (`text`). */
export function jsonOf(res) {
  if (res.json !== undefined || !res.text) return res.json;
  try {
    return JSON.parse(res.text);
  } catch {
    return undefined;
  }
}

/** `res` when it is a success; otherwise an error naming `what`, the status and the body. */
export function must(res, what) {
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${what}: ${res.status} ${res.error ?? String(res.text ?? '').slice(0, 500)}`);
  }
  return res;
}

/** Quotes a string for SQL. */
const q = (value) => `'${String(value).replaceAll("'", "''")}'`;

/**
 * Registers a customer and logs in on the worker at `base`: `{ email, password, cookie, user }`.
 * Each call comes from a fresh client address, as every test call.
 */
export async function signUp(tag = 'user', password = PASSWORD, base = BASE) {
  const call = (method, path, body) => api(path, { method, body, base });
  const email = uniqueEmail(tag);
  await register(call, email, password);
  const session = await login(call, email, password);
  return { email, password, cookie: sessionCookie(session), user: session.json.user };
}

/**
 * Gives user `userId`'s current workspace (their personal one, ADR 0019) an active 'basic'
 * subscription for `days`, straight in D1 as the payment provider's webhook would: for tests that
 * need a paying researcher but not the checkout. `stateDir`: another server's state (the suite's
 * by default).
 */
export function grantSubscription(userId, { days = 1, stateDir = process.env.LUPA_STATE_DIR } = {}) {
  if (!stateDir) throw new Error('LUPA_STATE_DIR is not set');
  const now = Date.now();
  localSql(
    stateDir,
    `INSERT INTO subscriptions (id, user_id, status, plan, current_period_end, created_at, updated_at, workspace_id)
      SELECT ${q(`sub_${userId}`)}, id, 'active', 'basic', ${now + days * 86_400_000}, ${now}, ${now}, workspace_id
      FROM users WHERE id = ${q(userId)}
      ON CONFLICT (id) DO UPDATE SET status = 'active', current_period_end = excluded.current_period_end`,
  );
}

/**
 * A signed-up researcher whose workspace has an active subscription (`grantSubscription`):
 * `{ email, password, cookie, user }`. `base` and `stateDir` for a test's own server.
 */
export async function owner(tag = 'owner', { base, stateDir, days } = {}) {
  const user = await signUp(tag, undefined, base);
  grantSubscription(user.user.id, { stateDir, days });
  return user;
}

/**
 * Creates an analysis of `owner` with `tasks` (texts, or tasks as the API takes them), `max` places and any other settings as
 * the API takes them; its DTO (`analysisData`). Fails unless created.
 */
export async function createAnalysis(
  owner,
  { tasks = ['Busca el producto', 'Añádelo a la cesta', 'Paga'], max = 10, base, ...settings } = {},
) {
  const res = await clientWith({ cookie: owner.cookie, base }).analysisCreate({
    body: {
      name: 'Tienda',
      url: 'tienda.example.com',
      maxNumberOfParticipants: max,
      scenario: 'Compras algo',
      tasks: tasks.map((task) => (typeof task === 'string' ? { taskType: 'text', taskContent: task } : task)),
      device: 'computer',
      ...settings,
    },
  });
  must(res, 'create analysis');
  return jsonOf(res).analysisData;
}

/** Where each track's chunks go, and the content type a tab sends them with. */
const TRACKS = {
  screen: { put: 'entryChunkPut', type: 'application/octet-stream' },
  camera: { put: 'entryCameraChunkPut', type: 'application/octet-stream' },
  audio: { put: 'entryAudioChunkPut', type: 'audio/webm' },
};

/**
 * A participant's tab in one participation: its entry, its capability cookie, and the calls it
 * makes with them (`calls`: the generated client over a transport that sends the cookie).
 */
export class Participation {
  /**
   * `calls` for a transport of its own (the benches'); otherwise `api()` with `cookie` on `base`,
   * from `ip` when given (a fresh address per call when not).
   */
  constructor({ entryId, cookie, base, ip, calls, res, setCookie }) {
    this.entryId = entryId;
    this.cookie = cookie;
    this.res = res;
    this.setCookie = setCookie;
    this.calls = calls ?? clientWith({ cookie, base, ip });
  }

  /**
   * Opens the next segment of `track` (screen by default; camera and audio join the newest screen
   * segment, ADR 0008), at quality `tier` when given (issue 48; the body names none otherwise).
   */
  openSegment({ mimeType = 'video/mp4;codecs=vp9,opus', track, tier, headers } = {}) {
    const body = track && track !== 'screen' ? { mimeType, track } : { mimeType };
    if (tier !== undefined) body.tier = tier;
    return this.calls.entrySegmentOpen(this.entryId, { body, headers });
  }

  /**
   * PUTs chunk `index` of `segment`'s `track`; `endMs` is its end in ms since its segment started
   * (none for audio), `startMs` where the track started in the segment (camera and audio).
   */
  putChunk(segment, index, bytes, endMs, { track = 'screen', startMs, headers = {} } = {}) {
    const { put, type } = TRACKS[track];
    return this.calls[put](this.entryId, segment, index, {
      body: bytes,
      headers: {
        'content-type': type,
        ...(endMs === undefined ? {} : { 'x-lupa-end-ms': String(endMs) }),
        ...(startMs === undefined ? {} : { 'x-lupa-start-ms': String(startMs) }),
        ...headers,
      },
    });
  }

  /**
   * Opens a segment of `track` and sends `data` in order, each chunk acknowledged; its number.
   * Cut in `chunkSize` bytes, or in `chunks` chunks (none but the last below the server's 128-byte
   * minimum, ADR 0013). A chunk ends `msPerChunk` after the one before, or, given `durationMs`,
   * where its last byte falls in it. `headers` may be a function, called per request: a test
   * clock that follows the real one. `startMs`: a camera track's start in its segment; `tier`:
   * the quality tier it is opened at.
   */
  async recordSegment(
    data,
    { chunkSize, chunks, msPerChunk = 1000, durationMs, mimeType, track = 'screen', startMs, tier, headers } = {},
  ) {
    const headersNow = typeof headers === 'function' ? headers : () => headers;
    const opened = must(await this.openSegment({ mimeType, track, tier, headers: headersNow() }), 'open segment');
    const { segment } = jsonOf(opened);
    const size =
      chunkSize ?? (chunks ? Math.max(Math.ceil(data.length / chunks), Math.min(128, data.length)) : 256 * 1024);
    for (let i = 0; i * size < data.length; i++) {
      const end = Math.min(data.length, (i + 1) * size);
      const endMs = durationMs === undefined ? (i + 1) * msPerChunk : Math.round((durationMs * end) / data.length);
      const put = await this.putChunk(segment, i, data.subarray(i * size, end), endMs, {
        track,
        startMs,
        headers: headersNow(),
      });
      must(put, `chunk ${i}`);
    }
    return segment;
  }

  /**
   * Sends a recorded audio file as the tab does, in its own chunks (`sizes`) to `segment`, its
   * track starting `startMs` into the segment; each chunk's answer. `clock(index)`, when given,
   * is the server's time for chunk `index` (`x-lupa-test-now`).
   */
  async putAudio(segment, { bytes, sizes }, startMs, { clock } = {}) {
    const answers = [];
    let offset = 0;
    for (const [index, size] of sizes.entries()) {
      const headers = clock ? { 'x-lupa-test-now': String(Math.round(clock(index))) } : {};
      answers.push(
        await this.putChunk(segment, index, bytes.subarray(offset, offset + size), undefined, {
          track: 'audio',
          startMs,
          headers,
        }),
      );
      offset += size;
    }
    return answers;
  }

  /** The tab's thumbnail of the screen (ADR 0008). */
  putThumbnail(jpeg, headers = {}) {
    return this.calls.entryThumbnailPut(this.entryId, {
      body: jpeg,
      headers: { 'content-type': 'image/jpeg', ...headers },
    });
  }

  /** Answers task `taskNumber`'s questions (`{ seq, success, atMs }`, ADR 0012). */
  answerTask(taskNumber, body) {
    return this.calls.entryTaskAnswer(this.entryId, taskNumber, { body });
  }

  /** Answers the SUS (`{ answers, atMs }`). */
  answerSus(body) {
    return this.calls.entrySusAnswer(this.entryId, { body });
  }

  /** A new capture after a reload (ADR 0005). */
  resume() {
    return this.calls.entryResume(this.entryId);
  }

  complete(body = {}) {
    return this.calls.entryComplete(this.entryId, { body });
  }

  submit() {
    return this.calls.entryUpdate({ body: { analysisEntryId: this.entryId, analysisEntryStatus: 'submitted' } });
  }

  /** Completes (with `durationMs` and `steps`) and submits; fails unless both succeed. */
  async finish({ durationMs, steps } = {}) {
    must(await this.complete({ durationMs, steps }), 'complete');
    must(await this.submit(), 'submit');
  }

  /** A whole participation: one segment of `data` (`recordSegment`'s options), complete, submit. */
  async recordAndSubmit(data, { steps, durationMs, ...options } = {}) {
    await this.recordSegment(data, options);
    await this.finish({ durationMs, steps });
  }
}

/**
 * Claims a place in `analysisId` from `ip` (a fresh address by default): the participation,
 * with the answer (`res`), the entry id and the capability cookie (`name=value`, and the raw
 * `setCookie`); no entry id when refused. Its later calls come from fresh addresses
 * unless `oneAddress` (one address throughout, as a browser). `calls`: a transport of its own
 * that keeps the cookie itself (the benches'). `sessionToken`: through a moderated session's link.
 */
export async function participate(
  analysisId,
  { ip = randomIp(), headers, base, oneAddress = false, calls, sessionToken } = {},
) {
  const claim = calls ?? clientWith({ base, ip });
  const res = await claim.participate({ body: { analysisId, sessionToken }, headers });
  const raw = res.headers.getSetCookie?.().find((c) => c.startsWith('__Host-lupa_participation='));
  const cookie = raw?.split(';')[0];
  const entryId = jsonOf(res)?.analysisEntryId;
  return new Participation({ entryId, cookie, base, ip: oneAddress ? ip : undefined, calls, res, setCookie: raw });
}

/** A submitted participation of `analysisId` (`data` in one segment, complete, submit); the participation. */
export async function submittedParticipation(analysisId, data, options = {}) {
  const p = await participate(analysisId, { base: options.base });
  must(p.res, 'participate');
  await p.recordAndSubmit(data, options);
  return p;
}
