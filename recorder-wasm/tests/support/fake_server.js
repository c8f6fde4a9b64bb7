// A fake of the upload API for the browser tests, installed in place of `fetch`: it keeps parts in
// memory, checks what the real server checks (credentials, equal part sizes at completion) and
// injects failures so the recorder's retries run for real.
//
// options: { entryId, partSize, existingParts = 0, latencyMs = 5, failEvery = 0 (every Nth PUT
// fails, alternating a network error and a 503), forbid = false (PUTs answer 403) }
// Each entry id gets its own fake, so tests cannot see each other's traffic.

let realFetch = null;
const servers = new Map();

function json(status, body) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function installFakeServer(options) {
  if (realFetch === null) {
    realFetch = globalThis.fetch;
    globalThis.fetch = (request) => {
      const match = new URL(request.url).pathname.match(/\/api\/v1\/analysisEntry\/([^/]+)(\/.*)?$/);
      const server = match && servers.get(decodeURIComponent(match[1]));
      return server ? server.handle(request, match[2] || '') : realFetch(request);
    };
  }
  const server = {
    options,
    log: [],
    parts: new Map(),
    started: null,
    completed: null,
    deleted: false,
    puts: 0,
    failures: 0,
    inFlight: 0,
    maxInFlight: 0,
  };
  server.handle = async (request, suffix) => {
    server.log.push(`${request.method} ${suffix || '/'}`);
    server.inFlight += 1;
    server.maxInFlight = Math.max(server.maxInFlight, server.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 5));
      if (request.credentials !== 'include') return json(401, { message: 'no credentials', code: 'unauthorized' });
      if (request.method === 'POST' && suffix === '/upload') {
        server.started = await request.json();
        const parts = Array.from({ length: options.existingParts ?? 0 }, (_, i) => [i + 1, options.partSize]);
        return json(200, { partSize: options.partSize, parts });
      }
      if (request.method === 'PUT' && suffix.startsWith('/parts/')) {
        server.puts += 1;
        if (options.forbid) return json(403, { message: 'not yours', code: 'not_your_entry' });
        if (options.failEvery && server.puts % options.failEvery === 0) {
          server.failures += 1;
          if (server.failures % 2 === 1) throw new TypeError('Failed to fetch');
          return json(503, { message: 'try later', code: 'unavailable' });
        }
        if (request.headers.get('content-type') !== 'application/octet-stream') return json(415, { message: 'type' });
        const bytes = new Uint8Array(await request.arrayBuffer());
        if (bytes.length === 0 || bytes.length > options.partSize) return json(400, { message: 'bad part' });
        server.parts.set(Number(suffix.slice('/parts/'.length)), bytes);
        return json(200, { message: 'ok' });
      }
      if (request.method === 'POST' && suffix === '/complete') {
        const numbers = [...server.parts.keys()].sort((a, b) => a - b);
        const contiguous = numbers.every((n, i) => n === i + 1);
        const equal = numbers.slice(0, -1).every((n) => server.parts.get(n).length === options.partSize);
        if (numbers.length === 0 || !contiguous || !equal) return json(400, { message: 'incomplete', code: 'incomplete_upload' });
        server.completed = await request.json();
        return json(200, { message: 'ok' });
      }
      if (request.method === 'DELETE' && suffix === '') {
        server.deleted = true;
        return json(200, { message: 'deleted' });
      }
      return json(404, { message: 'not found' });
    } finally {
      server.inFlight -= 1;
    }
  };
  servers.set(options.entryId, server);
  return server;
}

export function uninstallFakeServer(entryId) {
  servers.delete(entryId);
  if (servers.size === 0 && realFetch !== null) {
    globalThis.fetch = realFetch;
    realFetch = null;
  }
}

/** Parts joined in part order. */
export function joinedParts(server) {
  const numbers = [...server.parts.keys()].sort((a, b) => a - b);
  const total = numbers.reduce((sum, n) => sum + server.parts.get(n).length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const n of numbers) {
    out.set(server.parts.get(n), offset);
    offset += server.parts.get(n).length;
  }
  return out;
}

/** Sizes of the parts in part order. */
export function partSizes(server) {
  return [...server.parts.keys()].sort((a, b) => a - b).map((n) => server.parts.get(n).length);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fake camera + microphone (webdriver.json starts Chromium with fake devices). */
export function fakeCameraAndMic() {
  return navigator.mediaDevices.getUserMedia({ video: true, audio: true });
}
