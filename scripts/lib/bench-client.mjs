// The one HTTP client of the benchmarks and of the Lighthouse check (bench:load, bench:cost,
// bench:upload, bench:live, bench:player, bench:password, bench:transcript, check:lighthouse-pages):
// keep-alive requests to a local `wrangler dev` that answer status, body, headers and milliseconds;
// a client per simulated visitor with its own address (rate limits are keyed on
// `cf-connecting-ip`) and cookies; and the seeding they need: a researcher who paid through the
// local checkout (no write behind the server's back; the flows of accounts.mjs), an analysis, a
// submitted recording (recorded by tests/lib/test-app.mjs, over this client's transport).
import { request as httpRequest, Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { fakeClientIp, login, register, subscribe, uniqueEmail } from './accounts.mjs';
import { analysisBody, textTasks } from './analysis-body.mjs';
import { apiClient } from '../../tests/lib/api-client.mjs';
import { jsonOf, must, participate } from '../../tests/lib/test-app.mjs';

export { PASSWORD } from './accounts.mjs';

const agent = new Agent({ keepAlive: true, maxSockets: 2048 });

/**
 * One request. Resolves `{ status, ms, headers, text, error }`; `error` is set (and status 0)
 * when no answer arrived within `timeoutMs`, never thrown.
 */
export function send(base, method, path, { headers = {}, body, timeoutMs = 30_000 } = {}) {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve) => {
    const data =
      body === undefined
        ? undefined
        : Buffer.isBuffer(body) || body instanceof Uint8Array
          ? body
          : Buffer.from(JSON.stringify(body));
    const req = httpRequest(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { ...(data ? { 'content-length': data.length } : {}), ...headers },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (error) =>
          resolve({ status: 0, ms: performance.now() - started, headers: {}, text: '', error: error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', (error) =>
      resolve({ status: 0, ms: performance.now() - started, headers: {}, text: '', error: error.message }),
    );
    if (data) req.write(data);
    req.end();
  });
}

/** A simulated visitor: its own address and cookies. */
export class Client {
  constructor(base) {
    this.base = base;
    this.address = fakeClientIp();
    this.cookies = new Map();
  }

  /** The `cookie` header this client sends (for a browser context or a signed-in fetch). */
  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One call; JSON bodies are sent as JSON, bytes as octet-stream. Cookies are kept. */
  async call(method, path, { body, headers = {}, timeoutMs } = {}) {
    const isBytes = Buffer.isBuffer(body) || body instanceof Uint8Array;
    const cookie = this.cookieHeader();
    const res = await send(this.base, method, path, {
      body,
      timeoutMs,
      headers: {
        'cf-connecting-ip': this.address,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': isBytes ? 'application/octet-stream' : 'application/json' }),
        ...headers,
      },
    });
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }

  /** Every route as a call from this client (the generated tests/lib/api-client.mjs). */
  get routes() {
    return apiClient((method, path, options = {}) => this.call(method, path, options));
  }

  /** This client as the transport of the shared account flows (accounts.mjs). */
  get transport() {
    return (method, path, body) => this.call(method, path, { body });
  }

  /** A call that must succeed; its JSON answer. */
  async json(method, path, options) {
    const res = await this.call(method, path, options);
    if (res.status < 200 || res.status >= 300)
      throw new Error(`${method} ${path} → ${res.status} ${res.error ?? res.text.slice(0, 200)}`);
    return res.text ? JSON.parse(res.text) : {};
  }
}

/** A signed-in researcher with an active (test-mode) subscription; `email` on the client. */
export async function researcher(base, tag, { email = uniqueEmail(`bench-${tag}`) } = {}) {
  const client = new Client(base);
  client.email = email;
  await register(client.transport, email);
  await login(client.transport, email);
  await subscribe(client.transport);
  return client;
}

/** An analysis of `owner` with three tasks and room for `places` participants. */
export async function analysis(owner, places = 1000) {
  const { analysisData } = await owner.json('POST', '/api/v1/analysis', {
    body: analysisBody({
      name: 'Compra con tarjeta regalo',
      url: 'https://tienda.example/ofertas',
      maxNumberOfParticipants: places,
      scenario: 'Buscas un regalo para una amiga.',
      tasks: textTasks('Busca una cafetera', 'Añádela al carrito', 'Aplica el código BIENVENIDA'),
    }),
  });
  return analysisData.id;
}

/**
 * A participant's tab: claims a place and opens its first segment. `recording` is the
 * participation as tests/lib/test-app.mjs records it (the one recording of the tests), over this
 * tab's own transport.
 */
export async function participant(base, analysisId) {
  const tab = new Client(base);
  const recording = await participate(analysisId, { calls: tab.routes });
  must(recording.res, 'participate');
  const { segment } = jsonOf(must(await recording.openSegment({ mimeType: 'video/mp4' }), 'open segment'));
  return { tab, entryId: recording.entryId, segment, recording };
}

/** PUTs chunk `index` of a participant's segment; `endMs` is where it ends in the segment. */
export function putChunk(p, index, bytes, endMs) {
  return p.recording.putChunk(p.segment, index, bytes, endMs);
}

/** Finishes a participant's recording: complete, then submit. */
export function finish(p, durationMs, steps = []) {
  return p.recording.finish({ durationMs, steps });
}

/** A short submitted recording with two notes in `analysisId`; its entry id. */
export async function submittedEntry(base, owner, analysisId) {
  const p = await participant(base, analysisId);
  for (let i = 0; i < 3; i++) {
    const put = await putChunk(p, i, randomBytes(64 * 1024), (i + 1) * 2000);
    if (put.status !== 200) throw new Error(`seed chunk ${i}: ${put.status} ${put.text}`);
  }
  await finish(
    p,
    6000,
    [0, 1000, 2500, 4000].map((atMs, index) => ({ index, atMs })),
  );
  for (const [atMs, text] of [
    [1500, 'Duda al buscar'],
    [4200, 'No ve el código'],
  ]) {
    await owner.json('POST', `/api/v1/entry/${p.entryId}/notes`, { body: { atMs, text } });
  }
  return p.entryId;
}

/** Percentile (nearest rank) of sorted values. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
