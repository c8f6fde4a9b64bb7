// A stand-in for Cloudflare Realtime's HTTP API (the SFU's sessions and tracks, and TURN's
// generate-ice-servers; ADR 0024), for a test server with `MEDIA_TRANSPORT=realtime` and
// `REALTIME_API_BASE` pointing here. It checks each call's bearer token and answers with the
// recorded fixtures taken from Cloudflare's OpenAPI document
// (edge-worker/core/tests/fixtures/realtime/, see its README): the worker's calls can be tested end
// to end, though no media flow (Cloudflare publishes no SFU simulator; media tests run peer to peer).
// Each new session gets its own id, in the shape of the document's.
//
// Control (for tests; same origin, never exposed by the worker):
//   GET  /control/requests     → [{ method, path, authorization, body, at }]
//   POST /control/reset        → forget the requests and any queued answer
//   POST /control {next: [{status, body}]} → the next calls' answers, in order, whatever they ask
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

const fixtures = new URL('../../edge-worker/core/tests/fixtures/realtime/', import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')).response;
export const STAND_IN_APP_ID = 'stand-in-app';
export const STAND_IN_APP_SECRET = 'stand-in-app-secret';
export const STAND_IN_TURN_KEY_ID = 'stand-in-turn-key';
export const STAND_IN_TURN_TOKEN = 'stand-in-turn-token';

const APP = `/v1/apps/${STAND_IN_APP_ID}`;
/** [method, path pattern, bearer, the answer for a request body]. */
const ROUTES = [
  ['POST', new RegExp(`^${APP}/sessions/new$`), STAND_IN_APP_SECRET, () => newSession()],
  [
    'POST',
    new RegExp(`^${APP}/sessions/[0-9a-f]+/tracks/new$`),
    STAND_IN_APP_SECRET,
    (body) => fixture(body?.tracks?.[0]?.location === 'remote' ? 'pull-tracks.json' : 'publish-tracks.json'),
  ],
  [
    'PUT',
    new RegExp(`^${APP}/sessions/[0-9a-f]+/renegotiate$`),
    STAND_IN_APP_SECRET,
    () => fixture('renegotiate.json'),
  ],
  [
    'PUT',
    new RegExp(`^${APP}/sessions/[0-9a-f]+/tracks/close$`),
    STAND_IN_APP_SECRET,
    () => fixture('close-tracks.json'),
  ],
  [
    'POST',
    new RegExp(`^/v1/turn/keys/${STAND_IN_TURN_KEY_ID}/credentials/generate-ice-servers$`),
    STAND_IN_TURN_TOKEN,
    () => fixture('turn-generate-ice-servers.json'),
  ],
];

function newSession() {
  const { status, body } = fixture('new-session.json');
  return { status, body: { ...body, sessionId: randomBytes(16).toString('hex') } };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the stand-in on a free port of 127.0.0.1; `{ url, vars, stop }` (`vars` for the test server). */
export async function startRealtimeStandIn() {
  let requests = [];
  let next = [];
  const server = createServer(async (req, res) => {
    const send = ({ status, body }) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const text = await readBody(req);
      if (req.url === '/control/requests' && req.method === 'GET') return send({ status: 200, body: requests });
      if (req.url === '/control/reset' && req.method === 'POST') {
        [requests, next] = [[], []];
        return send({ status: 200, body: { ok: true } });
      }
      if (req.url === '/control' && req.method === 'POST') {
        next = JSON.parse(text || '{}').next ?? [];
        return send({ status: 200, body: { queued: next.length } });
      }
      const body = text ? JSON.parse(text) : null;
      const authorization = req.headers.authorization ?? '';
      requests.push({ method: req.method, path: req.url, authorization, body, at: Date.now() });
      const route = ROUTES.find(([method, path]) => method === req.method && path.test(req.url));
      if (!route) return send({ status: 404, body: { errorCode: 'not_found', errorDescription: 'no such call' } });
      if (authorization !== `Bearer ${route[2]}`)
        return send({ status: 401, body: { errorCode: 'unauthorized', errorDescription: 'wrong bearer' } });
      if (next.length) return send(next.shift());
      return send(route[3](body));
    } catch (err) {
      send({ status: 500, body: { errorCode: 'stand_in', errorDescription: String(err) } });
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    vars: {
      MEDIA_TRANSPORT: 'realtime',
      REALTIME_API_BASE: `${url}/v1`,
      REALTIME_APP_ID: STAND_IN_APP_ID,
      REALTIME_APP_SECRET: STAND_IN_APP_SECRET,
      TURN_KEY_ID: STAND_IN_TURN_KEY_ID,
      TURN_KEY_API_TOKEN: STAND_IN_TURN_TOKEN,
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
