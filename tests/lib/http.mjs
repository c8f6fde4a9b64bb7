// The tests' transport to a running worker: `api()`, one request that answers its status,
// headers, text and parsed JSON, and `client`, the generated calls (api-client.mjs, one per route
// id) over it. Each request gets its own client address unless it names one (the worker
// rate-limits per `cf-connecting-ip`). The base URL is LUPA_BASE_URL, or `base` per call.
import { readFileSync } from 'node:fs';
import { fakeClientIp } from '../../scripts/lib/accounts.mjs';
import { apiClient } from './api-client.mjs';

/** Every error code's status and fixed wording, generated from the worker's table (error_code.rs). */
const ERROR_CODES = JSON.parse(readFileSync(new URL('./error-codes.json', import.meta.url), 'utf8'));

/**
 * An error answer whose code is the table's must have the code's status and, for a fixed code, its
 * words: every API test checks, on every error it meets, that a code has one home (ADR 0014).
 */
function checkErrorBody(method, path, status, json) {
  const row = status >= 400 && typeof json?.code === 'string' ? ERROR_CODES[json.code] : undefined;
  if (!row) return;
  if (row.status !== status || (row.message !== null && row.message !== json.message)) {
    throw new Error(
      `${method} ${path} answered ${status} ${JSON.stringify(json)}, but '${json.code}' is ` +
        `${row.status}${row.message === null ? '' : ` '${row.message}'`} in error_code.rs`,
    );
  }
}

export const BASE = process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787';

/** A fake private address, so tests do not share rate-limit buckets. */
export const randomIp = fakeClientIp;

const isBytes = (body) => Buffer.isBuffer(body) || body instanceof Uint8Array;

/**
 * Fetches `path` on the worker and parses a JSON body when there is one. `body`: a string as it
 * is, bytes as `application/octet-stream`, anything else as JSON. `query`: search parameters.
 */
export async function api(path, { method = 'GET', body, headers = {}, cookie, ip, base = BASE, query } = {}) {
  const init = { method, headers: { ...headers }, redirect: 'manual' };
  init.headers['cf-connecting-ip'] ??= ip ?? randomIp();
  if (body !== undefined) {
    if (typeof body === 'string') init.body = body;
    else if (isBytes(body)) {
      init.body = body;
      init.headers['content-type'] ??= 'application/octet-stream';
    } else init.body = JSON.stringify(body);
    init.headers['content-type'] ??= 'application/json';
  }
  if (cookie) init.headers.cookie = cookie;
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const res = await fetch(base + path + search, init);
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  checkErrorBody(method, path, res.status, json);
  return { status: res.status, headers: res.headers, json, text };
}

/** `api()` as a transport of the generated client: `(method, path, options)`. */
export const send = (method, path, options = {}) => api(path, { ...options, method });

/**
 * Every route as a call over `api()`: `client.analysisGet(id, { cookie })`. Options are `api()`'s
 * (`body`, `cookie`, `headers`, `ip`, `base`, `query`); the answer is `api()`'s.
 */
export const client = apiClient(send);

/**
 * The generated calls with `defaults` (a `cookie`, an `ip`, a `base`) under each call's own
 * options: one caller's view of the API, as a participant's tab or a signed-in researcher.
 */
export const clientWith = (defaults) =>
  apiClient((method, path, options = {}) =>
    api(path, { ...defaults, ...options, method, headers: { ...defaults.headers, ...options.headers } }),
  );

/** The session cookie pair (`name=value`) from a response, or undefined. */
export function sessionCookie(res) {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('__Host-lupa_session='));
  return raw?.split(';')[0];
}
