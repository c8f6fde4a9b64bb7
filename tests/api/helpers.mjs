// Shared helpers for the API tests: the base URL of the running worker and a JSON fetch.
export const BASE = process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787';

/** Fetches `path` on the worker and parses a JSON body when there is one. */
export async function api(path, { method = 'GET', body, headers = {}, cookie } = {}) {
  const init = { method, headers: { ...headers }, redirect: 'manual' };
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
