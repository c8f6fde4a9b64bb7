// A stand-in for Workers AI's REST endpoint running `@cf/openai/whisper-large-v3-turbo` (ADR 0018),
// for the test server (`TRANSCRIBE=rest`, `AI_REST_BASE` pointing here). It checks each request
// has the documented shape (bearer token; JSON `{audio: base64, language}`), keeps it, and after a
// realistic delay answers with the recorded fixture of the model's documented output
// (edge-worker/core/fixtures/whisper-rest-ok.json) in the REST wrapper `{result, success, errors}`.
//
// Control (for tests; same origin, never exposed by the worker):
//   GET  /control/requests          → [{ path, authorization, language, audio (base64), at }]
//   POST /control/reset             → forget the requests and any queued behaviour
//   POST /control {delayMs?, fail429?, answer?} → the delay per window, how many next requests
//        get a 429 (the fixture's rate-limit body), and the `result` to answer with from now on
//        (null: the fixture again).
//
// The same server answers the text-generation model of AI summaries (ADR 0021,
// scripts/lib/summary-stand-in.mjs, its control under /control/summary), since both models are
// reached through one AI_REST_BASE, and its vars turn summaries on with the same account.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createSummaryStandIn } from './summary-stand-in.mjs';

const fixtures = new URL('../../edge-worker/core/fixtures/', import.meta.url);
const OK = JSON.parse(readFileSync(new URL('whisper-rest-ok.json', fixtures), 'utf8'));
const LIMITED = readFileSync(new URL('whisper-rest-429.json', fixtures), 'utf8');
export const STAND_IN_TOKEN = 'stand-in-token';
export const STAND_IN_ACCOUNT = 'stand-in-account';
const MODEL_PATH = `/client/v4/accounts/${STAND_IN_ACCOUNT}/ai/run/@cf/openai/whisper-large-v3-turbo`;

/** Whisper large-v3-turbo on Workers AI takes ~1–2 s for a 30 s window; 1500 ms unless told. */
export const DEFAULT_DELAY_MS = 1500;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the stand-in on a free port of 127.0.0.1; `{ url, base, stop }` (`base` is AI_REST_BASE). */
export async function startWhisperStandIn({ delayMs = DEFAULT_DELAY_MS, summaryDelayMs } = {}) {
  const summaries = createSummaryStandIn({ delayMs: summaryDelayMs, token: STAND_IN_TOKEN, account: STAND_IN_ACCOUNT });
  let requests = [];
  let state = { delayMs, fail429: 0, answer: null };
  const server = createServer(async (req, res) => {
    const send = (status, body, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    try {
      const body = await readBody(req);
      const summaryControl = summaries.control(req.url, req.method, body);
      if (summaryControl) return send(summaryControl.status, summaryControl.body);
      if (req.method === 'POST' && req.url === summaries.path) {
        const answer = await summaries.answer(req, body);
        return send(answer.status, answer.body);
      }
      if (req.url === '/control/requests' && req.method === 'GET') return send(200, requests);
      if (req.url === '/control/reset' && req.method === 'POST') {
        requests = [];
        state = { delayMs, fail429: 0, answer: null };
        return send(200, { ok: true });
      }
      if (req.url === '/control' && req.method === 'POST') {
        state = { ...state, ...JSON.parse(body || '{}') };
        return send(200, state);
      }
      if (req.method !== 'POST' || req.url !== MODEL_PATH) {
        return send(404, {
          success: false,
          errors: [{ code: 7000, message: 'No route for that URI' }],
          messages: [],
          result: null,
        });
      }
      const authorization = req.headers.authorization ?? '';
      let input;
      try {
        input = JSON.parse(body);
      } catch {
        return send(400, {
          success: false,
          errors: [{ code: 5006, message: 'invalid JSON' }],
          messages: [],
          result: null,
        });
      }
      requests.push({
        path: req.url,
        authorization,
        contentType: req.headers['content-type'],
        language: input.language,
        audio: input.audio,
        keys: Object.keys(input).sort(),
        at: Date.now(),
      });
      if (authorization !== `Bearer ${STAND_IN_TOKEN}`)
        return send(401, {
          success: false,
          errors: [{ code: 10000, message: 'Authentication error' }],
          messages: [],
          result: null,
        });
      if (typeof input.audio !== 'string' || !input.audio)
        return send(400, {
          success: false,
          errors: [{ code: 5006, message: "Error: required properties at '/' are 'audio'" }],
          messages: [],
          result: null,
        });
      await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.fail429 > 0) {
        state.fail429 -= 1;
        return send(429, LIMITED);
      }
      return send(200, state.answer ? { result: state.answer, success: true, errors: [], messages: [] } : OK);
    } catch (err) {
      send(500, { success: false, errors: [{ code: 1, message: String(err) }], messages: [], result: null });
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    base: `${url}/client/v4`,
    vars: {
      TRANSCRIBE: 'rest',
      SUMMARIZE: 'rest',
      // Themes a second and a half after the last summary, not a minute (ADR 0021's debounce).
      THEMES_DEBOUNCE_MS: '1500',
      AI_REST_BASE: `${url}/client/v4`,
      AI_ACCOUNT_ID: STAND_IN_ACCOUNT,
      AI_API_TOKEN: STAND_IN_TOKEN,
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
