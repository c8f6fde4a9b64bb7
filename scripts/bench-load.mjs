// Load benchmark (`npm run bench:load`): many participants recording at once while researchers
// browse, on one local `wrangler dev` (workerd with local D1 and R2, loopback only), bounded in
// time and stopping by itself. Prints one table per phase and asserts nothing (exit 1 only if
// the run itself could not happen).
//
// 1. API: for DURATION_S seconds, PARTICIPANTS simulated participants each PUT one CHUNK_S-second
//    chunk every CHUNK_S seconds (at product §9's bitrates, 1 Mbit/s video + 96 kbit/s audio: ~274 KB
//    for 2 s), while RESEARCHERS researchers browse: dashboard (GET /analysis), analysis detail,
//    entry page and its notes, THINK_MS apart. Each simulated visitor has its own address
//    (`cf-connecting-ip`: rate limits are keyed on it) and cookies.
// 2. No-op: the same clients, the same pacing and the same request bodies, against a path the
//    worker does not route (`/api/v1/bench/noop`): everything a request costs in this worker
//    except its handler (workerd, the route table, the JSON error, the headers, the log line).
//    Its p99 is the yardstick: an API route's p99 should stay within 3× the no-op's.
// 3. Where errors begin: the API load again with RAMP participants, fewest first, STEP_S seconds
//    each, until a step has an error (a non-2xx answer or none within 30 s); prints that count.
//
//   npm run bench:load      (PARTICIPANTS=200 RESEARCHERS=50 DURATION_S=60 CHUNK_S=2 THINK_MS=1000
//                            RAMP=25,50,100,150,200,300,400,600,800,1000 STEP_S=20 to change;
//                            RAMP= skips step 3)
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/dev-server.mjs';
import { analysis, participant, percentile, researcher, submittedEntry } from './lib/bench-client.mjs';

const PARTICIPANTS = Number(process.env.PARTICIPANTS ?? 200);
const RESEARCHERS = Number(process.env.RESEARCHERS ?? 50);
const DURATION_S = Number(process.env.DURATION_S ?? 60);
const CHUNK_S = Number(process.env.CHUNK_S ?? 2);
const THINK_MS = Number(process.env.THINK_MS ?? 1000);
const RAMP = (process.env.RAMP ?? '25,50,100,150,200,300,400,600,800,1000')
  .split(',')
  .filter(Boolean)
  .map(Number)
  .sort((a, b) => a - b);
const STEP_S = Number(process.env.STEP_S ?? 20);
const RECORD_BYTES_PER_S = (1_000_000 + 96_000) / 8; // product §9 video + audio bitrates
const CHUNK = randomBytes(Math.round(RECORD_BYTES_PER_S * CHUNK_S));
const NOOP = '/api/v1/bench/noop';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool(items, limit, work) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

/** Samples per route: `{ route: { ms: [], errors, statuses } }`. */
function recorder() {
  const routes = new Map();
  return {
    routes,
    add(route, res, expected) {
      const row = routes.get(route) ?? { ms: [], errors: 0, statuses: new Map() };
      routes.set(route, row);
      row.ms.push(res.ms);
      const key = res.status || res.error || 'no answer';
      row.statuses.set(key, (row.statuses.get(key) ?? 0) + 1);
      if (res.status !== expected) row.errors += 1;
    },
  };
}

/**
 * One phase: every participant PUTs a chunk every CHUNK_S s and every researcher walks its four
 * pages, until `seconds` are over. `noop`: the same requests go to the no-op path instead.
 */
async function phase({ participants, researchers, seconds, noop }) {
  const stats = recorder();
  const deadline = performance.now() + seconds * 1000;
  const participantLoop = async (p) => {
    let next = performance.now() + Math.random() * CHUNK_S * 1000;
    while (true) {
      await sleep(Math.max(0, next - performance.now()));
      if (performance.now() >= deadline) return;
      next += CHUNK_S * 1000;
      if (noop) {
        stats.add('no-op, chunk-sized PUT', await p.tab.call('PUT', NOOP, { body: CHUNK }), 404);
        continue;
      }
      const index = p.sent++;
      const res = await p.tab.call('PUT', `/api/v1/analysisEntry/${p.entryId}/segments/${p.segment}/chunks/${index}`, {
        body: CHUNK,
        headers: { 'x-lupa-end-ms': String((index + 1) * CHUNK_S * 1000) },
      });
      stats.add('PUT chunk', res, 200);
    }
  };
  const researcherLoop = async (r) => {
    await sleep(Math.random() * THINK_MS);
    const pages = [
      ['GET /analysis (dashboard)', '/api/v1/analysis'],
      ['GET /analysis/{id}', `/api/v1/analysis/${r.analysisId}`],
      ['GET /entry/{id}', `/api/v1/entry/${r.entryId}`],
      ['GET /entry/{id}/notes', `/api/v1/entry/${r.entryId}/notes`],
    ];
    for (let i = 0; performance.now() < deadline; i = (i + 1) % pages.length) {
      const [route, path] = pages[i];
      if (noop) stats.add('no-op GET', await r.client.call('GET', NOOP), 404);
      else stats.add(route, await r.client.call('GET', path), 200);
      await sleep(THINK_MS);
    }
  };
  const started = performance.now();
  await Promise.all([...participants.map(participantLoop), ...researchers.map(researcherLoop)]);
  return { stats, seconds: (performance.now() - started) / 1000 };
}

const f = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(0)}` : '-');

/** Prints a phase's table; `yardstick` maps a route to the no-op p99 it is compared with. */
function table(title, { stats, seconds }, yardstick) {
  console.log(`\n${title} (${seconds.toFixed(0)} s)`);
  console.log(
    `${'route'.padEnd(28)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'p99/no-op'.padStart(9)}`,
  );
  const p99s = new Map();
  for (const [route, row] of stats.routes) {
    const sorted = [...row.ms].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    p99s.set(route, p99);
    const base = yardstick?.(route);
    const ratio = base ? `${(p99 / base).toFixed(2)}×` : '';
    const detail = row.errors ? `  (${[...row.statuses].map(([k, n]) => `${k}: ${n}`).join(', ')})` : '';
    console.log(
      `${route.padEnd(28)} ${String(sorted.length).padStart(8)} ${(sorted.length / seconds).toFixed(1).padStart(7)} ${f(percentile(sorted, 50)).padStart(7)} ${f(percentile(sorted, 95)).padStart(7)} ${f(p99).padStart(7)} ${String(row.errors).padStart(7)} ${ratio.padStart(9)}${detail}`,
    );
  }
  return p99s;
}

function machine() {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  let lscpu = '';
  try {
    lscpu = execSync("lscpu | grep -E '^(Model name|CPU\\(s\\)|Thread|Core|Socket)'", { encoding: 'utf8' })
      .trim()
      .replace(/\s+/g, ' ');
  } catch {
    /* no lscpu */
  }
  return `${new Date().toISOString().slice(0, 10)} · nproc ${cpus().length} · ${model} · ${lscpu} · load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

const stateDir = mkdtempSync(join(tmpdir(), 'lupa-bench-load-'));
let server;
let serverTail = [];
try {
  console.log(`machine: ${machine()}`);
  // The production size limit, so nobody reaches it; no usage counting (it is not free).
  // The server's last lines, shown if it fails (its errors say why).
  const tail = [];
  const log = (line) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
  };
  server = await startServer({ stateDir, maxEntryBytes: 2 * 1024 ** 3, usage: false, log });
  serverTail = tail;
  const base = server.url;
  console.log(
    `seeding ${RESEARCHERS} researchers (paid, one analysis each with a submitted recording and notes) on ${base}…`,
  );
  const researchers = await pool(
    Array.from({ length: RESEARCHERS }, (_, i) => i),
    4,
    async (i) => {
      const client = await researcher(base, `load${i}`);
      const analysisId = await analysis(client);
      const entryId = await submittedEntry(base, client, analysisId);
      return { client, analysisId, entryId };
    },
  );
  const participants = [];
  const grow = async (count) => {
    const more = await pool(
      Array.from({ length: Math.max(0, count - participants.length) }, (_, i) => participants.length + i),
      16,
      async (i) => ({
        ...(await participant(base, researchers[i % researchers.length].analysisId)),
        sent: 0,
      }),
    );
    participants.push(...more);
  };
  await grow(PARTICIPANTS);
  console.log(
    `${PARTICIPANTS} participants, one ${(CHUNK.length / 1024).toFixed(0)} KB chunk every ${CHUNK_S} s each; ${RESEARCHERS} researchers, a page every ${THINK_MS} ms each`,
  );

  const api = await phase({ participants, researchers, seconds: DURATION_S, noop: false });
  // The no-op phase starts once the work the API phase left behind (compositions) is done.
  await sleep(10_000);
  const noop = await phase({ participants, researchers, seconds: DURATION_S, noop: true });
  const noopP99 = table('no-op route, same load', noop);
  const yardstick = (route) =>
    route.startsWith('PUT') ? noopP99.get('no-op, chunk-sized PUT') : noopP99.get('no-op GET');
  table('API', api, yardstick);

  if (RAMP.length > 0) {
    console.log(`\nwhere errors begin: ${STEP_S} s per step, ${RESEARCHERS} researchers browsing throughout`);
    let onset = null;
    // Keeping up: every chunk answered before the participant's next one is due (p99 under
    // CHUNK_S) at the rate asked for. Past that point chunks queue in the tabs (ADR 0005 keeps
    // them), so a participant loses nothing, but the server is saturated.
    let keepsUp = 0;
    let keepingUp = true;
    for (const count of RAMP) {
      await grow(count);
      // Let work the last step left behind (compositions after the answer) finish first.
      await sleep(5000);
      const step = await phase({
        participants: participants.slice(0, count),
        researchers,
        seconds: STEP_S,
        noop: false,
      });
      const chunk = step.stats.routes.get('PUT chunk');
      const sorted = [...(chunk?.ms ?? [])].sort((a, b) => a - b);
      const errors = [...step.stats.routes.values()].reduce((n, row) => n + row.errors, 0);
      const achieved = sorted.length / step.seconds;
      console.log(
        `${String(count).padStart(5)} participants: chunks ${achieved.toFixed(0)}/s of ${(count / CHUNK_S).toFixed(0)}/s wanted, p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, errors ${errors}`,
      );
      // 0.85: each participant starts at a random moment within its first CHUNK_S, so a 20 s step
      // sends about half a chunk less per participant than the rate says, even on an idle server.
      keepingUp &&= achieved >= 0.85 * (count / CHUNK_S) && percentile(sorted, 99) < CHUNK_S * 1000;
      if (keepingUp) keepsUp = count;
      if (errors > 0) {
        onset = count;
        break;
      }
    }
    console.log(
      onset
        ? `errors begin at ${onset} participants`
        : `no errors up to ${Math.max(PARTICIPANTS, ...RAMP)} participants`,
    );
    console.log(
      keepsUp
        ? `the server keeps up (every chunk answered within ${CHUNK_S} s, at the rate asked) with up to ${keepsUp} participants`
        : `the server does not keep up even with ${RAMP[0]} participants`,
    );
  }
  console.log(
    `\nmachine at the end: load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  console.error(`\nthe server's last lines:\n${serverTail.join('\n')}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
