// Cost and capacity benchmark (`npm run bench:cost`): what one recorded participant-hour and one
// Size: one benchmark, read top to bottom; its client moves to the shared test client.
// researcher reviewing it cost on Cloudflare, from operations counted in a real run. Starts its
// own `wrangler dev` with usage counting on (edge-worker/src/platform/usage.rs): every API answer says the
// D1 rows it read and wrote, the time D1 spent on them and the R2 Class A/B operations it made,
// and the work done after an answer (composing 5 MiB parts) logs the same. Worker CPU is the
// workerd processes' CPU time over each phase (from /proc), which also holds the local D1 and R2
// simulators and HTTP handling, so it is an upper bound of what Cloudflare bills. Prices:
// scripts/lib/cloudflare-prices.mjs (list prices, with the date they were read).
//
// 1. A participant records RECORD_MIN minutes (1 s chunks at product §9's bitrates, as the recorder
//    sends them; not paced, the server does the same work), with the page loads and calls around
//    it (validate, participate, segment, step marks, complete, submit). The chunks and their
//    composition are scaled to 60 minutes; the rest happens once per participation.
//    With it, the microphone's audio track for transcription (ADR 0018): the same minutes of real
//    Opus audio (the Chromium fixture looped by ffmpeg) in 1 s chunks, counted apart, and the
//    transcription calls a Whisper stand-in answered (the provider `rest`, scripts/lib/
//    whisper-stand-in.mjs), priced at Workers AI's list price per audio minute.
// 2. A researcher reviews it: logs in, dashboard, analysis detail, entry page with notes, watches
//    the recording (a full read of each file and two seeks), adds five notes, edits one, reads the
//    summary and exports the CSV.
//
//   npm run bench:cost      (RECORD_MIN=10 to change)
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/dev-server.mjs';
import { startWhisperStandIn } from './lib/whisper-stand-in.mjs';
import { opusAudio } from './lib/opus-audio.mjs';
import { analysis, Client, participant, PASSWORD, researcher } from './lib/bench-client.mjs';
import { LIMITS, PRICES, PRICES_READ_ON, USD_PER_EUR } from './lib/cloudflare-prices.mjs';

const RECORD_MIN = Number(process.env.RECORD_MIN ?? 10);
const CHUNK_MS = 1000; // the recorder's MediaRecorder timeslice (ADR 0005)
const RECORD_BYTES_PER_S = (1_000_000 + 96_000) / 8; // product §9 video + audio bitrates
const PLAN_EUR = 29;
const TICKS_PER_S = 100; // getconf CLK_TCK

/** What a phase cost. */
function tally() {
  return {
    requests: 0,
    rowsRead: 0,
    rowsWritten: 0,
    d1Us: 0,
    d1Calls: 0,
    classA: 0,
    classB: 0,
    cpuMs: 0,
    d1Bytes: 0,
    r2Bytes: 0,
    doRequests: 0,
    doRowsRead: 0,
    doRowsWritten: 0,
    doGbS: 0,
  };
}

/** Adds one answer's usage headers to `t` (a request to the worker, whatever it cost). */
function count(t, res) {
  t.requests += 1;
  const h = (name) => Number(res.headers[name] ?? 0);
  t.rowsRead += h('x-d1-rows-read');
  t.rowsWritten += h('x-d1-rows-written');
  t.d1Us += h('x-d1-duration-us');
  t.d1Calls += h('x-d1-round-trips');
  t.classA += h('x-r2-class-a');
  t.classB += h('x-r2-class-b');
  t.doRequests += h('x-do-requests');
  t.doRowsRead += h('x-do-rows-read');
  t.doRowsWritten += h('x-do-rows-written');
  return res;
}

/** A call that must succeed, counted in `t`. */
async function must(t, client, method, path, options) {
  const res = count(t, await client.call(method, path, options));
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${method} ${path} → ${res.status} ${res.error ?? res.text.slice(0, 200)}`);
  return res.text && res.headers['content-type']?.includes('json') ? JSON.parse(res.text) : res.text;
}

/** CPU milliseconds used so far by the workerd processes of the server's process group. */
function workerdCpuMs(pgid) {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
      if (comm === 'workerd' && Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return (ticks * 1000) / TICKS_PER_S;
}

/** The usage lines background jobs logged (edge-worker/src/platform/log.rs `usage`), from `from` on. */
function backgroundUsage(logs, from) {
  const t = tally();
  let jobs = 0;
  for (const line of logs.slice(from).split('\n')) {
    if (!line.includes('"msg":"usage"')) continue;
    try {
      const { counts } = JSON.parse(line.slice(line.indexOf('{')));
      jobs += 1;
      t.rowsRead += counts['d1-rows-read'] ?? 0;
      t.rowsWritten += counts['d1-rows-written'] ?? 0;
      t.d1Us += counts['d1-duration-us'] ?? 0;
      t.d1Calls += counts['d1-round-trips'] ?? 0;
      t.classA += counts['r2-class-a'] ?? 0;
      t.classB += counts['r2-class-b'] ?? 0;
      t.doRequests += counts['do-requests'] ?? 0;
      t.doRowsRead += counts['do-rows-read'] ?? 0;
      t.doRowsWritten += counts['do-rows-written'] ?? 0;
    } catch {
      /* not ours */
    }
  }
  return { t, jobs };
}

/** The local D1 database file (workerd's SQLite, under the state directory). */
function d1File(stateDir) {
  const files = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.sqlite') && !entry.name.includes('metadata')) files.push(full);
    }
  };
  walk(join(stateDir, 'v3', 'd1'));
  if (files.length !== 1) throw new Error(`expected one local D1 file, found ${files.length}`);
  return files[0];
}

/**
 * Bytes of the rows a participation leaves in D1 (every column's length; indexes and page
 * overhead not counted), read from the local D1 file.
 */
function d1RowBytes(stateDir, entryId) {
  const db = new DatabaseSync(d1File(stateDir), { readOnly: true });
  try {
    const tables = {
      analysis_entries: 'id',
      entry_segments: 'entry_id',
      segment_parts: 'entry_id',
      entry_chunks: 'entry_id',
      entry_notes: 'entry_id',
    };
    let bytes = 0;
    for (const [table, key] of Object.entries(tables)) {
      const columns = db
        .prepare(`PRAGMA table_info(${table})`)
        .all()
        .map((c) => `COALESCE(length(CAST("${c.name}" AS BLOB)), 0)`);
      bytes += db
        .prepare(`SELECT COALESCE(SUM(${columns.join(' + ')}), 0) AS n FROM ${table} WHERE ${key} = ?`)
        .get(entryId).n;
    }
    return bytes;
  } finally {
    db.close();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the log has had no new usage line for `quietMs` (background composition done). */
async function settle(server, quietMs = 3000) {
  let last = server.logs().length;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await sleep(250);
    const now = server.logs().length;
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
}

const plus = (a, b) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k] + b[k]]));
const times = (a, n) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k] * n]));

function priced(t) {
  return {
    requests: t.requests * PRICES.workerRequest,
    cpu: t.cpuMs * PRICES.workerCpuMs,
    rowsRead: t.rowsRead * PRICES.d1RowRead,
    rowsWritten: t.rowsWritten * PRICES.d1RowWritten,
    classA: t.classA * PRICES.r2ClassA,
    classB: t.classB * PRICES.r2ClassB,
    doRequests: t.doRequests * PRICES.doRequest,
    doRowsRead: t.doRowsRead * PRICES.doRowRead,
    doRowsWritten: t.doRowsWritten * PRICES.doRowWritten,
    doGbS: t.doGbS * PRICES.doGbS,
    r2Storage: (t.r2Bytes / 1e9) * PRICES.r2GbMonth,
    d1Storage: (t.d1Bytes / 1e9) * PRICES.d1GbMonth,
  };
}

const usd = (x) => (x >= 0.01 ? `$${x.toFixed(4)}` : `$${x.toFixed(6)}`);
const n = (x) => (x >= 100 ? Math.round(x).toLocaleString('en') : x.toFixed(1));

const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-cost-'));
let server;
let standIn;
try {
  console.log(
    `machine: ${new Date().toISOString().slice(0, 10)} · nproc ${cpus().length} · ${cpus()[0]?.model} · load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  standIn = await startWhisperStandIn({ delayMs: 0 });
  server = await startServer({ stateDir, maxEntryBytes: 2 * 1024 ** 3, vars: standIn.vars });
  const base = server.url;
  const owner = await researcher(base, 'cost');
  const analysisId = await analysis(owner, 50);

  // 1. The participation, in three parts: before the recording, the chunks, after it.
  const fixed = tally();
  const perChunks = tally();
  let cpu = workerdCpuMs(server.pid);
  const tab = new Client(base);
  count(fixed, await tab.call('GET', `/participate/${analysisId}`)); // the page: the app shell, from the worker
  await must(fixed, tab, 'POST', '/api/v1/analysis/validate-participation', { body: { analysisId } });
  count(fixed, await tab.call('GET', '/api/v1/participation/current')); // nothing to resume: 404
  const joined = await must(fixed, tab, 'POST', '/api/v1/analysis/participate', { body: { analysisId } });
  const p = { tab, entryId: joined.analysisEntryId };
  const opened = Date.now();
  p.segment = (
    await must(fixed, tab, 'POST', `/api/v1/analysisEntry/${p.entryId}/segments`, { body: { mimeType: 'video/mp4' } })
  ).segment;
  fixed.cpuMs += workerdCpuMs(server.pid) - cpu;

  const chunk = randomBytes(Math.round((RECORD_BYTES_PER_S * CHUNK_MS) / 1000));
  const chunks = (RECORD_MIN * 60_000) / CHUNK_MS;
  const logFrom = server.logs().length;
  cpu = workerdCpuMs(server.pid);
  for (let i = 0; i < chunks; i += 2) {
    // Two in flight, as the recorder's uploader allows.
    await Promise.all(
      [i, i + 1]
        .filter((j) => j < chunks)
        .map(async (j) => {
          const res = await p.tab.call('PUT', `/api/v1/analysisEntry/${p.entryId}/segments/${p.segment}/chunks/${j}`, {
            body: chunk,
            headers: { 'x-lupa-end-ms': String((j + 1) * CHUNK_MS) },
          });
          count(perChunks, res);
          if (res.status !== 200) throw new Error(`chunk ${j}: ${res.status} ${res.text}`);
        }),
    );
  }
  await settle(server);
  perChunks.cpuMs += workerdCpuMs(server.pid) - cpu;
  const composed = backgroundUsage(server.logs(), logFrom);
  const chunkPhase = plus(perChunks, composed.t);
  chunkPhase.r2Bytes = chunks * chunk.length;
  // The participation's object is active the whole time it records (a request every half second
  // never lets it hibernate): billed as the recorded seconds at 128 MB (ADR 0013).
  chunkPhase.doGbS = ((chunks * CHUNK_MS) / 1000) * 0.128;

  // The audio track for transcription, counted apart (its alarms transcribe while it arrives).
  const audio = opusAudio(join(stateDir, 'audio.webm'), RECORD_MIN * 60);
  const audioChunkBytes = Math.ceil(audio.length / chunks);
  const listening = tally();
  cpu = workerdCpuMs(server.pid);
  for (let j = 0; j * audioChunkBytes < audio.length; j++) {
    const res = await p.tab.call('PUT', `/api/v1/analysisEntry/${p.entryId}/segments/${p.segment}/audio-chunks/${j}`, {
      body: audio.subarray(j * audioChunkBytes, (j + 1) * audioChunkBytes),
      // When a real tab would have sent it (a second after its audio ends): a track sends only
      // the windows its recording lasted on the server's clock (ADR 0018).
      headers: {
        'content-type': 'audio/webm',
        'x-lupa-start-ms': '0',
        'x-lupa-test-now': String(opened + (j + 1) * CHUNK_MS + 1_000),
      },
    });
    count(listening, res);
    if (res.status !== 200) throw new Error(`audio chunk ${j}: ${res.status} ${res.text}`);
  }
  listening.cpuMs += workerdCpuMs(server.pid) - cpu;

  cpu = workerdCpuMs(server.pid);
  const steps = [0, 20_000, 60_000, 180_000, 300_000].map((atMs, index) => ({ index, atMs }));
  for (let s = 1; s <= steps.length; s++)
    await must(fixed, tab, 'PUT', `/api/v1/analysisEntry/${p.entryId}/steps`, { body: { steps: steps.slice(0, s) } });
  await must(fixed, tab, 'POST', `/api/v1/analysisEntry/${p.entryId}/complete`, {
    body: { durationMs: RECORD_MIN * 60_000, steps },
  });
  await must(fixed, tab, 'PATCH', '/api/v1/analysisEntry', {
    body: { analysisEntryId: p.entryId, analysisEntryStatus: 'submitted' },
  });
  await settle(server, 1000);
  fixed.cpuMs += workerdCpuMs(server.pid) - cpu;
  for (
    let waited = 0;
    JSON.parse((await owner.call('GET', `/api/v1/entry/${p.entryId}/transcript`)).text).status !== 'complete';
    waited += 250
  ) {
    if (waited > 120_000) throw new Error('the transcript did not complete in 2 minutes');
    await sleep(250);
  }
  const sttCalls = (await (await fetch(`${standIn.url}/control/requests`)).json()).length;
  // What stays in D1 per participation once it is done (chunk rows are gone by then).
  fixed.d1Bytes = d1RowBytes(stateDir, p.entryId);
  const hour = plus(fixed, times(chunkPhase, 60 / RECORD_MIN));

  // The yardstick for CPU: the same chunk-sized requests to a path the worker does not route.
  cpu = workerdCpuMs(server.pid);
  const NOOP_REQUESTS = 300;
  for (let i = 0; i < NOOP_REQUESTS; i += 2)
    await Promise.all([0, 1].map(() => tab.call('PUT', '/api/v1/bench/noop', { body: chunk })));
  const noopCpuMs = (workerdCpuMs(server.pid) - cpu) / NOOP_REQUESTS;

  // 2. The researcher's review.
  const review = tally();
  cpu = workerdCpuMs(server.pid);
  const reviewer = new Client(base);
  const email = JSON.parse((await owner.call('GET', '/api/v1/auth/session')).text).user.email;
  count(review, await reviewer.call('GET', '/auth/login'));
  await must(review, reviewer, 'POST', '/api/v1/auth/login/local', { body: { username: email, password: PASSWORD } });
  await must(review, reviewer, 'GET', '/api/v1/auth/session');
  await must(review, reviewer, 'GET', '/api/v1/billing');
  await must(review, reviewer, 'GET', '/api/v1/analysis');
  await must(review, reviewer, 'GET', `/api/v1/analysis/${analysisId}`);
  const page = await must(review, reviewer, 'GET', `/api/v1/entry/${p.entryId}`);
  await must(review, reviewer, 'GET', `/api/v1/entry/${p.entryId}/notes`);
  for (const segment of page.segments) {
    const path = new URL(segment.url).pathname + new URL(segment.url).search;
    count(review, await reviewer.call('GET', path, { timeoutMs: 120_000 }));
    for (const range of ['bytes=1000000-', 'bytes=3000000-'])
      count(review, await reviewer.call('GET', path, { headers: { range }, timeoutMs: 120_000 }));
  }
  const notes = [];
  // Five notes spread over the recording, whatever its length (RECORD_MIN=2 placed them past its end).
  for (let i = 0; i < 5; i++)
    notes.push(
      await must(review, reviewer, 'POST', `/api/v1/entry/${p.entryId}/notes`, {
        body: { atMs: Math.round((RECORD_MIN * 60_000 * (i + 1)) / 6), text: `Nota ${i + 1}` },
      }),
    );
  await must(review, reviewer, 'PATCH', `/api/v1/entry/${p.entryId}/notes/${notes[0].id}`, {
    body: { text: 'Nota editada' },
  });
  await must(review, reviewer, 'GET', `/api/v1/analysis/${analysisId}/summary`);
  await must(review, reviewer, 'GET', `/api/v1/analysis/${analysisId}/export`);
  review.cpuMs += workerdCpuMs(server.pid) - cpu;

  // The table.
  const rows = [
    ['Worker requests', 'requests', 'requests', PRICES.workerRequest * 1e6, 'per million'],
    ['Worker CPU-ms (upper bound)', 'cpuMs', 'cpu', PRICES.workerCpuMs * 1e6, 'per million'],
    ['D1 rows read', 'rowsRead', 'rowsRead', PRICES.d1RowRead * 1e6, 'per million'],
    ['D1 rows written', 'rowsWritten', 'rowsWritten', PRICES.d1RowWritten * 1e6, 'per million'],
    ['R2 Class A operations', 'classA', 'classA', PRICES.r2ClassA * 1e6, 'per million'],
    ['R2 Class B operations', 'classB', 'classB', PRICES.r2ClassB * 1e6, 'per million'],
    ['Durable Object requests', 'doRequests', 'doRequests', PRICES.doRequest * 1e6, 'per million'],
    ['Durable Object rows read', 'doRowsRead', 'doRowsRead', PRICES.doRowRead * 1e6, 'per million'],
    ['Durable Object rows written', 'doRowsWritten', 'doRowsWritten', PRICES.doRowWritten * 1e6, 'per million'],
    ['Durable Object GB-s', 'doGbS', 'doGbS', PRICES.doGbS * 1e6, 'per million'],
  ];
  const ph = priced(hour);
  const pr = priced(review);
  console.log(
    `\nprices: Cloudflare list prices read ${PRICES_READ_ON} (scripts/lib/cloudflare-prices.mjs), marginal (no $5 plan, no included usage)`,
  );
  console.log(
    `measured: a ${RECORD_MIN}-minute recording (${chunks} chunks of ${(chunk.length / 1024).toFixed(0)} KB, ${composed.jobs} compositions after the answer) scaled to 60 minutes\n`,
  );
  console.log(
    `${'item'.padEnd(30)} ${'participant-hour'.padStart(17)} ${'cost'.padStart(10)} ${'review'.padStart(10)} ${'cost'.padStart(10)}   price`,
  );
  for (const [label, key, cost, price, unit] of rows) {
    console.log(
      `${label.padEnd(30)} ${n(hour[key]).padStart(17)} ${usd(ph[cost]).padStart(10)} ${n(review[key]).padStart(10)} ${usd(pr[cost]).padStart(10)}   $${price} ${unit}`,
    );
  }
  const once = (x) =>
    Object.entries(x)
      .filter(([k]) => !k.endsWith('Storage'))
      .reduce((s, [, v]) => s + v, 0);
  const recordCost = once(ph);
  const reviewCost = once(pr);
  console.log(
    `${'to record / to review'.padEnd(30)} ${''.padStart(17)} ${usd(recordCost).padStart(10)} ${''.padStart(10)} ${usd(reviewCost).padStart(10)}`,
  );
  console.log(
    `${'R2 storage, per month kept'.padEnd(30)} ${`${(hour.r2Bytes / 1e9).toFixed(2)} GB`.padStart(17)} ${usd(ph.r2Storage).padStart(10)} ${''.padStart(21)}   $${PRICES.r2GbMonth} per GB-month`,
  );
  console.log(
    `${'D1 storage, per month kept'.padEnd(30)} ${`${(fixed.d1Bytes / 1024).toFixed(0)} KB`.padStart(17)} ${usd(ph.d1Storage).padStart(10)} ${''.padStart(21)}   $${PRICES.d1GbMonth} per GB-month`,
  );

  // Money and growth.
  const hourAndReview = recordCost + reviewCost;
  const planUsd = PLAN_EUR * USD_PER_EUR;
  const monthOne = hourAndReview + ph.r2Storage + ph.d1Storage;
  console.log(
    `\nrecorded hour, recorded and reviewed once: ${usd(hourAndReview)}, plus ${usd(ph.r2Storage + ph.d1Storage)} per month kept`,
  );
  console.log(
    `a €${PLAN_EUR} plan ($${planUsd.toFixed(2)} at ${USD_PER_EUR} $/€, assumed) covers ${Math.floor(planUsd / monthOne).toLocaleString('en')} recorded hours in a month (recording, review, that month's storage),`,
  );
  console.log(
    `  or, kept for a year, ${Math.floor(planUsd / (hourAndReview / 12 + ph.r2Storage + ph.d1Storage)).toLocaleString('en')} hours recorded over that year (storage of all of them, every month)`,
  );
  // Transcription (ADR 0018): Whisper on Workers AI at its list price per audio minute, and the
  // audio track that carries the sound to it, as measured.
  const STT_USD_PER_AUDIO_MINUTE = 0.0005;
  const audioHour = times(listening, 60 / RECORD_MIN);
  const audioCost = once(priced(audioHour));
  const sttCost = 60 * STT_USD_PER_AUDIO_MINUTE;
  console.log(
    `transcription (ADR 0018), per recorded hour: ${usd(sttCost + audioCost)} = Workers AI ${usd(sttCost)} ($${STT_USD_PER_AUDIO_MINUTE} per audio minute, @cf/openai/whisper-large-v3-turbo list price;` +
      ` ${Math.round((sttCalls * 60) / RECORD_MIN)} calls, ${sttCalls} counted for ${RECORD_MIN} minutes) + its audio track ${usd(audioCost)} (${n(audioHour.requests)} requests, ${n(audioHour.classA)} R2 Class A, ${n(audioHour.doRequests)} object requests, ${n(audioHour.cpuMs)} CPU-ms)`,
  );
  console.log(
    `  with it, a recorded hour recorded, transcribed and reviewed once costs ${usd(hourAndReview + sttCost + audioCost)}`,
  );
  // Capacity: one D1 database runs its calls one at a time. Every D1 call a participation makes is
  // counted (reads too); production writes wait for a durable commit, which Cloudflare's D1 limits
  // page puts at "several ms": we take 5 ms a call.
  const D1_CALL_MS = 5;
  const perParticipation = fixed.d1Calls + chunkPhase.d1Calls;
  const perHour = hour.d1Calls;
  console.log(
    `\nD1 calls: ${perChunks.d1Calls} while recording ${chunks} chunks (${(perChunks.d1Calls / chunks).toFixed(3)} a chunk), ${perParticipation} for the whole participation, ${n(perHour)} per recorded hour`,
  );
  console.log(
    `  at ${D1_CALL_MS} ms a D1 call (Cloudflare's D1 limits: writes take "several ms"), one database serves ${(1000 / D1_CALL_MS).toFixed(0)} calls a second:`,
  );
  console.log(
    `  ~${Math.floor(3_600_000 / D1_CALL_MS / Math.max(perHour, 1)).toLocaleString('en')} participants recording an hour each at once per D1 database`,
  );
  console.log(
    `D1 rows written per recorded hour: ${n(hour.rowsWritten)} (target at most 50); the object's SQLite rows written: ${n(hour.doRowsWritten)}`,
  );
  const d1PerParticipation = fixed.d1Bytes;
  console.log(
    `D1 size: ${(d1PerParticipation / 1024).toFixed(1)} KB of rows kept per participation (the chunk ledger lives in the participation's object):` +
      ` the 10 GB database holds ~${Math.floor(LIMITS.d1DatabaseBytes / Math.max(d1PerParticipation * 3, 1)).toLocaleString('en')} participations (rows ×3 for indexes and pages)`,
  );
  const cpuPerChunk = perChunks.cpuMs / chunks;
  console.log(
    `Worker CPU: ${cpuPerChunk.toFixed(2)} ms per chunk with its share of composition, against ${noopCpuMs.toFixed(2)} ms for the same request to a no-op path`,
  );
  console.log(
    `  (workerd process time, which also runs the local D1 and R2 and the HTTP handling: an upper bound), far below the ${LIMITS.workerCpuMsPerInvocation / 1000} s per invocation; Workers scale out`,
  );
  console.log(
    `\nmachine at the end: load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${execSync('nproc').toString().trim()} cores`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await standIn?.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
