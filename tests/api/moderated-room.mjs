// A moderated session's room sockets (ADR 0024) for the API tests: a member's (session cookie) or
// the participant's (the link's token), each collecting every message it receives, and the raw
// handshake's status for refusals.
import { randomBytes } from 'node:crypto';
import { BASE } from './helpers.mjs';

const WS = BASE.replace(/^http/, 'ws');

/** A room socket at `path` (below /api/v1); collects every message and the close. */
export function openRoom(path, { cookie, origin = BASE } = {}) {
  const headers = { origin };
  if (cookie) headers.cookie = cookie;
  const ws = new WebSocket(`${WS}/api/v1${path}`, { headers });
  const messages = [];
  const waiters = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  let closed = null;
  ws.addEventListener('message', (e) => {
    messages.push(JSON.parse(e.data));
    wake();
  });
  ws.addEventListener('close', (e) => {
    closed = { code: e.code, reason: e.reason };
    wake();
  });
  const opened = new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  const waitFor = async (check, what) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = check();
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`${what}; got ${JSON.stringify(messages.map((m) => m.type))}`);
      await new Promise((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return {
    ws,
    messages,
    opened,
    /** The first message from index `from` on that `pred` accepts. */
    next: (pred, from = 0) => waitFor(() => messages.slice(from).find(pred), 'no such message'),
    /** The close event's code and reason, once the socket closed. */
    closed: () => waitFor(() => closed, 'not closed'),
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    /** The number of messages so far (a mark to look for newer ones from). */
    mark: () => messages.length,
  };
}

/** Opens a room socket and waits for its `welcome`. */
export async function join(path, options) {
  const room = openRoom(path, options);
  await room.opened;
  room.welcome = await room.next((m) => m.type === 'welcome');
  return room;
}

/** The status (and body, when refused) of a raw upgrade request to `path` (below /api/v1). */
export async function upgradeStatus(path, { cookie, origin = BASE, upgrade = true } = {}) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const headers = { origin };
    if (upgrade) {
      Object.assign(headers, {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      });
    }
    if (cookie) headers.cookie = cookie;
    const req = request(`${BASE}/api/v1${path}`, { headers });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode });
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode, body: body ? JSON.parse(body) : undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A short wait for messages that must not come (there is no event for "nothing arrived"). */
export const settle = (ms = 600) => new Promise((resolve) => setTimeout(resolve, ms));
