// Shared helpers for the API tests: the base URL of the running worker and a JSON fetch.
export const BASE = process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787';

/** Fetches `path` on the worker and parses a JSON body when there is one. */
export async function api(path, { method = 'GET', body, headers = {}, cookie, ip } = {}) {
  const init = { method, headers: { ...headers }, redirect: 'manual' };
  // The worker rate-limits per client address; each test gets its own unless it asks otherwise.
  init.headers['cf-connecting-ip'] ??= ip ?? randomIp();
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers['content-type'] ??= 'application/json';
  }
  if (cookie) init.headers.cookie = cookie;
  const res = await fetch(BASE + path, init);
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** A random private address, so tests do not share rate-limit buckets. */
export function randomIp() {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/** A unique e-mail address for one test. */
export function uniqueEmail(tag = 'user') {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The session cookie pair (`name=value`) from a response, or undefined. */
export function sessionCookie(res) {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('__Host-lupa_session='));
  return raw?.split(';')[0];
}

/** Registers a customer and logs in; returns the cookie and user. */
export async function signUp(tag = 'user', password = 'una clave bastante larga') {
  const email = uniqueEmail(tag);
  const reg = await api('/api/v1/auth/register/local/customer', { method: 'POST', body: { username: email, password, role: 'customer' } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const login = await api('/api/v1/auth/login/local', { method: 'POST', body: { username: email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { email, password, cookie: sessionCookie(login), user: login.json.user };
}
