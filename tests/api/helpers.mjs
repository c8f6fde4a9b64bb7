// Shared helpers for the API tests: the base URL of the running worker, a JSON fetch, and the
// account flows of scripts/lib/accounts.mjs driven through that fetch.
import { fakeClientIp, login, PASSWORD, register, uniqueEmail } from '../../scripts/lib/accounts.mjs';

export { uniqueEmail };
export const BASE = process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787';

/** Fetches `path` on the worker and parses a JSON body when there is one. */
export async function api(path, { method = 'GET', body, headers = {}, cookie, ip, base = BASE } = {}) {
  const init = { method, headers: { ...headers }, redirect: 'manual' };
  // The worker rate-limits per client address; each test gets its own unless it asks otherwise.
  init.headers['cf-connecting-ip'] ??= ip ?? randomIp();
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers['content-type'] ??= 'application/json';
  }
  if (cookie) init.headers.cookie = cookie;
  const res = await fetch(base + path, init);
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** A fake private address, so tests do not share rate-limit buckets. */
export const randomIp = fakeClientIp;

/** The session cookie pair (`name=value`) from a response, or undefined. */
export function sessionCookie(res) {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('__Host-lupa_session='));
  return raw?.split(';')[0];
}

/** Registers a customer and logs in on the worker at `base`; returns the cookie and user. */
export async function signUp(tag = 'user', password = PASSWORD, base = BASE) {
  // `api` is the shared flows' transport: a fresh client address per call, as every test call.
  const call = (method, path, body) => api(path, { method, body, base });
  const email = uniqueEmail(tag);
  await register(call, email, password);
  const session = await login(call, email, password);
  return { email, password, cookie: sessionCookie(session), user: session.json.user };
}
