// A fake of the chunk API (ADR 0005) for the browser tests, installed in place of `fetch`: it keeps
// chunks in memory, checks what the real server checks (credentials, chunk size, end time,
// contiguous chunks at completion, 413 past the size limit) and injects failures so the
// recorder's retries run for real.
//
// options: { entryId, chunkMaxBytes = 4 MiB, recordedMs = 0, latencyMs = 5, failEvery = 0 (every
// Nth chunk PUT fails, alternating a network error and a 503), forbid = false (chunk PUTs answer
// 403), limitBytes = 0 (no limit; else a chunk that would pass it answers 413), inFlightFirst = 0
// (each chunk's first N PUTs answer 409 chunk_in_flight, as the worker does while an earlier upload
// of the index is under way) }
// `server.offline = true` makes every request fail as a dropped connection until set back.
// Each entry id gets its own fake, so tests cannot see each other's traffic.

let realFetch = null;
const servers = new Map();

const LIMIT_MESSAGE =
  'La grabación ha alcanzado el tamaño máximo permitido. Puedes finalizar el análisis con lo grabado hasta ahora.';

/** The 413 message the fake sends past `limitBytes` (the worker's wording). */
export function limitMessage() {
  return LIMIT_MESSAGE;
}

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
  const chunkMaxBytes = options.chunkMaxBytes ?? 4 * 1024 * 1024;
  const server = {
    options,
    offline: false,
    log: [],
    /** segment number → { mimeType, chunks: Map(index → { bytes, endMs }) } */
    segments: new Map(),
    /** The camera track (ADR 0008): segment number → { mimeType, startMs, chunks } */
    cameraSegments: new Map(),
    started: null,
    steps: null,
    stepsPuts: 0,
    completed: null,
    deleted: false,
    puts: 0,
    failures: 0,
    /** PUTs answered 409 chunk_in_flight, per `${segment}/${index}`, and in all. */
    inFlightAnswers: new Map(),
    inFlightRefusals: 0,
    storedBytes: 0,
    inFlight: 0,
    maxInFlight: 0,
  };
  const chunkPut = async (request, segment, index, camera) => {
    server.puts += 1;
    if (options.forbid) return json(403, { message: 'not yours', code: 'not_your_entry' });
    if (options.failEvery && server.puts % options.failEvery === 0) {
      server.failures += 1;
      if (server.failures % 2 === 1) throw new TypeError('Failed to fetch');
      return json(503, { message: 'try later', code: 'unavailable' });
    }
    const refusedKey = `${camera ? 'camera' : 'screen'}/${segment}/${index}`;
    const refused = server.inFlightAnswers.get(refusedKey) ?? 0;
    if (refused < (options.inFlightFirst ?? 0)) {
      server.inFlightAnswers.set(refusedKey, refused + 1);
      server.inFlightRefusals += 1;
      return json(409, { message: 'Ese fragmento aún se está recibiendo', code: 'chunk_in_flight' });
    }
    const seg = (camera ? server.cameraSegments : server.segments).get(segment);
    if (!seg) return json(404, { message: 'Ese tramo de la grabación no existe', code: 'no_segment' });
    if (camera && request.headers.has('x-lupa-start-ms')) seg.startMs = Number(request.headers.get('x-lupa-start-ms'));
    const endMs = request.headers.get('x-lupa-end-ms') ?? '';
    if (!/^\d+$/.test(endMs)) return json(400, { message: 'bad end', code: 'bad_chunk_time' });
    if (request.headers.get('content-type') !== 'application/octet-stream') return json(415, { message: 'type' });
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.length === 0) return json(400, { message: 'empty', code: 'empty_chunk' });
    if (bytes.length > chunkMaxBytes) return json(413, { message: 'too big', code: 'chunk_too_large' });
    const existing = seg.chunks.get(index);
    if (existing)
      return existing.bytes.length === bytes.length
        ? json(200, { stored: true })
        : json(409, { message: 'conflict', code: 'chunk_conflict' });
    if (options.limitBytes && server.storedBytes + bytes.length > options.limitBytes) {
      return json(413, { message: LIMIT_MESSAGE, code: 'recording_too_large' });
    }
    seg.chunks.set(index, { bytes, endMs: Number(endMs) });
    server.storedBytes += bytes.length;
    return json(200, { stored: true });
  };
  server.handle = async (request, suffix) => {
    server.log.push(`${request.method} ${suffix || '/'}`);
    // Chunk PUTs in flight at once (the step list and the rest go beside them).
    const chunk = suffix.match(/^\/segments\/(\d+)\/(chunks|camera-chunks)\/(\d+)$/);
    const counted = chunk ? 1 : 0;
    server.inFlight += counted;
    server.maxInFlight = Math.max(server.maxInFlight, server.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 5));
      if (server.offline) throw new TypeError('Failed to fetch');
      if (request.credentials !== 'include') return json(401, { message: 'no credentials', code: 'unauthorized' });
      if (request.method === 'POST' && suffix === '/segments') {
        const body = await request.json();
        if (body.track === 'camera') {
          // The camera track of the newest screen segment, like the worker.
          const segment = server.segments.size;
          if (segment === 0)
            return json(409, { message: 'Empieza primero la grabación de la pantalla', code: 'no_screen_segment' });
          if (!server.cameraSegments.has(segment))
            server.cameraSegments.set(segment, { mimeType: body.mimeType, startMs: null, chunks: new Map() });
          return json(200, { segment, chunkMaxBytes, recordedMs: options.recordedMs ?? 0 });
        }
        server.started = body;
        const segment = server.segments.size + 1;
        server.segments.set(segment, { mimeType: server.started.mimeType, chunks: new Map() });
        return json(200, { segment, chunkMaxBytes, recordedMs: options.recordedMs ?? 0 });
      }
      if (request.method === 'PUT' && chunk)
        return await chunkPut(request, Number(chunk[1]), Number(chunk[3]), chunk[2] === 'camera-chunks');
      if (request.method === 'PUT' && suffix === '/steps') {
        server.steps = (await request.json()).steps;
        server.stepsPuts += 1;
        return json(200, { message: 'Pasos guardados' });
      }
      if (request.method === 'POST' && suffix === '/complete') {
        const contiguous = [...server.segments.values()].every((s) =>
          [...s.chunks.keys()].sort((a, b) => a - b).every((n, i) => n === i),
        );
        if (server.storedBytes === 0 || !contiguous)
          return json(400, { message: 'incomplete', code: 'missing_recording' });
        server.completed = await request.json();
        return json(200, { durationMs: server.completed.durationMs, segments: server.segments.size });
      }
      if (request.method === 'DELETE' && suffix === '') {
        server.deleted = true;
        return json(200, { message: 'deleted' });
      }
      return json(404, { message: 'not found' });
    } finally {
      server.inFlight -= counted;
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

const sortedChunks = (server, segment) =>
  [...(server.segments.get(segment)?.chunks ?? new Map()).entries()].sort((a, b) => a[0] - b[0]);

/** A segment's chunks joined in index order. */
export function joinedSegment(server, segment) {
  const chunks = sortedChunks(server, segment).map(([, c]) => c.bytes);
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/** `[startMs, [index, size, endMs]…]` of a camera segment: where it starts on the screen's, and its chunks. */
export function cameraSegment(server, segment) {
  const seg = server.cameraSegments.get(segment);
  if (!seg) return null;
  return [
    seg.startMs,
    ...[...seg.chunks.entries()].sort((a, b) => a[0] - b[0]).map(([index, c]) => [index, c.bytes.length, c.endMs]),
  ];
}

/** `[index, size, endMs]` of a segment's chunks in index order. */
export function segmentChunks(server, segment) {
  return sortedChunks(server, segment).map(([index, c]) => [index, c.bytes.length, c.endMs]);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fake camera + microphone (webdriver.json starts Chromium with fake devices). */
export function fakeCameraAndMic() {
  return navigator.mediaDevices.getUserMedia({ video: true, audio: true });
}

// ---- the device (IndexedDB), read and disturbed independently of the recorder's own code -------

/** `[segment, index, size, endMs, offsetMs, blobSize]` of every chunk stored for the entry. */
export async function deviceChunks(entryId) {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('lupa-recorder');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains('chunks')) return [];
    const values = await new Promise((resolve, reject) => {
      const request = db
        .transaction('chunks')
        .objectStore('chunks')
        .getAll(IDBKeyRange.bound([entryId], [entryId, []]));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return values.map((v) => [
      v.segment,
      v.index,
      v.size,
      v.endMs,
      v.offsetMs,
      v.bytes instanceof Blob ? v.bytes.size : -1,
    ]);
  } finally {
    db.close();
  }
}

const realPut = IDBObjectStore.prototype.put;

/** Every write to the recorder's store is refused as if the quota were exhausted (or allowed again). */
export function refuseDeviceWrites(refuse) {
  IDBObjectStore.prototype.put = refuse
    ? function put(...args) {
        if (this.name === 'chunks') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return realPut.apply(this, args);
      }
    : realPut;
}

// Window's attributes live on the window object itself ([Global]), so its descriptor is put back.
const indexedDbProperty = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');

/** `indexedDB` disappears (as in some private modes), or comes back. */
export function hideIndexedDb(hide) {
  if (hide) Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
  else if (indexedDbProperty) Object.defineProperty(globalThis, 'indexedDB', indexedDbProperty);
  else delete globalThis.indexedDB;
}

/** The browser's `online` event, as when the network comes back. */
export function fireOnline() {
  window.dispatchEvent(new Event('online'));
}
