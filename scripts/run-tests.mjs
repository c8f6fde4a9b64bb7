// Runs every test suite and prints one total as the last line: `N passed, N failed`.
//
// Suites: Rust host tests, clippy, generated-type freshness, wasm-bindgen tests in Chromium, the
// web's type check and lint, web unit tests, bundle sizes, the stylesheet rules (css), the size
// rule (sizes), the worker's module cycles (cycles) and the production deploy dry run, one after
// the other; beside them, from the start, the API suite against one `wrangler dev` (workerd + local
// D1/R2) with a throw-away state directory; then, against the same server, the API contract (Schemathesis), the recorder,
// Playwright (including the design-system sweep) and Lighthouse. A suite that cannot even start
// counts as one failure.
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pastDeadline, run as runIn, startDeadline, withLinePrefix } from './lib/commands.mjs';
import { startServer } from './lib/dev-server.mjs';
import { startWhisperStandIn } from './lib/whisper-stand-in.mjs';
import { checkLogs } from './lib/check-logs.mjs';

const root = new URL('..', import.meta.url).pathname;
/** Runs a command from the repository's root (scripts/lib/commands.mjs). */
const run = (cmd, args, opts = {}) => runIn(cmd, args, { ...opts, cwd: root });
const only = process.argv.slice(2); // e.g. `npm test -- api e2e` runs just those suites
// Narrower still, for working on one feature: `LUPA_API_FILES='tests/api/playback.test.mjs'` and
// `LUPA_E2E_FILES='tests/e2e/playback.spec.ts'` (space-separated) replace the full file lists.
const apiFiles = process.env.LUPA_API_FILES?.split(/\s+/).filter(Boolean) ?? ['tests/api/*.test.mjs'];
const e2eFiles = process.env.LUPA_E2E_FILES?.split(/\s+/).filter(Boolean) ?? [];
/**
 * API test files that must not share the server with others: the Whisper stand-in's request count
 * (transcripts, share-captions: "exactly one more request"), the summary stand-in's mode and
 * requests (summaries), D1's write lock (d1-busy holds it), and the cron fired a day ahead
 * (submitted-expiry): its outbox purge deletes every mail younger than the clock's day, so another
 * file waiting for its invitation or reset mail never saw it (a flake of team.test.mjs, once in
 * five full runs).
 * The D1 round-trip budgets (authz-matrix) run with the others: a statement refused because another
 * file's test wrote the SQLite file directly is not counted (`usage.rs`).
 */
const API_ALONE = ['transcripts', 'share-captions', 'summaries', 'd1-busy', 'submitted-expiry'];
const totals = { passed: 0, failed: 0 };
const summary = [];

/** `tests/api/*.test.mjs` as the files it names (a plain path stays as it is). */
function expandTestGlob(pattern) {
  if (!pattern.includes('*')) return [pattern];
  const dir = pattern.slice(0, pattern.lastIndexOf('/'));
  const suffix = pattern.slice(pattern.lastIndexOf('*') + 1);
  return readdirSync(join(root, dir))
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => `${dir}/${f}`);
}

const startedAt = performance.now();
/** Minutes and seconds, as the summary prints suite times. */
const clock = (ms) =>
  `${Math.floor(Math.round(ms / 1000) / 60)}:${String(Math.round(ms / 1000) % 60).padStart(2, '0')}`;

// CI stops `npm test` after 90 minutes and then shows nothing of what passed. So the run has its
// own deadline, counted from the start of `npm test` (LUPA_TEST_STARTED, set by scripts/test.sh):
// at LUPA_TEST_BUDGET_MIN minutes (80 by default) the commands still running are stopped, the
// suites not yet begun count as failed, and the summary and the count line are printed as usual.
startDeadline({
  budgetMs: Number(process.env.LUPA_TEST_BUDGET_MIN ?? 80) * 60_000,
  startedMs: Number(process.env.LUPA_TEST_STARTED ?? 0) * 1000 || Date.now(),
  onPast: (budgetMs) =>
    console.error(
      `\n!! ${clock(budgetMs)} since npm test began: stopping the suites still running (LUPA_TEST_BUDGET_MIN)`,
    ),
});

function record(name, passed, failed, ms) {
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`${name}: ${passed} passed, ${failed} failed${ms === undefined ? '' : ` (${clock(ms)})`}`);
}

/**
 * A suite counted from its runner's own report; a crash with nothing counted is one failure.
 * `beside`: it runs at the same time as other suites, so its lines carry its name.
 * Each header says when the suite began, counted from the start of the suites.
 */
async function suite(name, fn, { beside = false } = {}) {
  if (only.length && !only.includes(name)) return;
  const at = clock(performance.now() - startedAt);
  if (pastDeadline()) {
    console.log(`\n==> ${name}: not run, past the deadline`);
    record(name, 0, 1);
    return;
  }
  console.log(
    beside
      ? `\n==> ${name} (at ${at}, beside the other suites: its lines start [${name}])`
      : `\n==> ${name} (at ${at})`,
  );
  const began = performance.now();
  const body = async () => {
    try {
      const { passed, failed, code } = await fn();
      return { passed, failed: failed + (code !== 0 && failed === 0 ? 1 : 0) };
    } catch (err) {
      console.error(err);
      return { passed: 0, failed: 1 };
    }
  };
  const { passed, failed } = beside ? await withLinePrefix(`[${name}] `, body) : await body();
  if (beside) console.log(`\n==> ${name} ended (${passed} passed, ${failed} failed)`);
  record(name, passed, failed, performance.now() - began);
}

/** Sums cargo's `test result: ok. N passed; M failed` lines. */
function cargoCounts(out) {
  let passed = 0;
  let failed = 0;
  for (const m of out.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  return { passed, failed };
}

/** A check with no internal count (clippy, freshness, size) is one test. */
async function check(cmd, args, opts) {
  const { code } = await run(cmd, args, opts);
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, code: 0 };
}

const chromeRunner = {
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER: 'wasm-bindgen-test-runner',
  CHROMEDRIVER: '/usr/bin/chromedriver',
  WASM_BINDGEN_TEST_TIMEOUT: '60',
};

/**
 * The suites that need no server: Rust host tests, clippy, generated types, wasm in Chromium, the
 * web's type check, lint and unit tests, and the static checks.
 */
async function hostSuites() {
  await suite('rust', async () => {
    // `lupa-core/stripe`: Stripe's fixtures and webhook vectors, which only the worker builds use.
    const { code, out } = await run('cargo', [
      'test',
      '-p',
      'lupa-core',
      '-p',
      'lupa-api-types',
      '-p',
      'lupa-recorder',
      '--features',
      'lupa-core/stripe',
    ]);
    return { ...cargoCounts(out), code };
  });

  await suite('clippy', async () => {
    const host = await check('cargo', [
      'clippy',
      '-p',
      'lupa-core',
      '-p',
      'lupa-api-types',
      '-p',
      'lupa-recorder',
      '--features',
      'lupa-core/stripe',
      '--all-targets',
      '--',
      '-D',
      'warnings',
    ]);
    const wasm = await check('cargo', [
      'clippy',
      '-p',
      'lupa-edge-worker',
      '-p',
      'lupa-recorder',
      '--target',
      'wasm32-unknown-unknown',
      '--',
      '-D',
      'warnings',
    ]);
    return { passed: host.passed + wasm.passed, failed: host.failed + wasm.failed, code: 0 };
  });

  await suite('types', () => check('bash', ['scripts/check-types.sh']));

  // One style for the tree (rustfmt.toml, .prettierrc.json): a file the formatters would change fails.
  await suite('format', async () => {
    const rust = await check('cargo', ['fmt', '--all', '--check']);
    const web = await check('prettier', ['--check', '--log-level', 'warn', '.']);
    return { passed: rust.passed + web.passed, failed: rust.failed + web.failed, code: 0 };
  });

  await suite('wasm', async () => {
    const { code, out } = await run(
      'cargo',
      ['test', '-p', 'lupa-recorder', '--target', 'wasm32-unknown-unknown', '--test', 'browser'],
      {
        env: chromeRunner,
      },
    );
    return { ...cargoCounts(out), code };
  });

  await suite('tsc', () => check('tsc', ['-p', 'web/tsconfig.json', '--noEmit']));

  // ESLint (eslint.config.js): typescript-eslint, the React hooks rules, no import cycles and the
  // feature boundaries (no feature imports another; shared code imports no feature).
  await suite('eslint', () => check('eslint', ['--max-warnings', '0', 'web/src']));

  await suite('web', async () => {
    const report = join(mkdtempSync(join(tmpdir(), 'lupa-vitest-')), 'report.json');
    const { code } = await run('vitest', [
      'run',
      '--config',
      'web/vite.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]);
    const json = existsSync(report)
      ? JSON.parse(readFileSync(report, 'utf8'))
      : { numPassedTests: 0, numFailedTests: 0 };
    return { passed: json.numPassedTests, failed: json.numFailedTests, code };
  });

  await suite('size', () => check('node', ['scripts/check-size.mjs']));

  // Design-system rules on the stylesheets: feature styles use only tokens (no literal colours), and
  // no rule block is repeated between features (a shared block lives in components/ or styles.css).
  await suite('css', () => check('node', ['scripts/check-css.mjs']));

  // The size rule: no file over 400 lines and no component over 150 without a written "Size:" reason.
  await suite('sizes', () => check('node', ['scripts/check-file-sizes.mjs']));

  // No module cycles in the worker: a domain or a file that needs another that needs it back.
  await suite('cycles', () => check('node', ['scripts/check-module-cycles.mjs']));

  // `wrangler deploy --dry-run --env production` offline, the bundle under the Workers size limit,
  // and the migrations applied twice to a fresh D1 (the second time a no-op).
  await suite('deploy', () => check('node', ['scripts/check-deploy.mjs']));
}

// The API and end-to-end suites share one server with a throw-away D1/R2 state.
const needsServer =
  !only.length || ['api', 'api-contract', 'recorder', 'e2e', 'lighthouse', 'logs'].some((s) => only.includes(s));
const hosts = hostSuites();
if (!needsServer) await hosts;
if (needsServer) {
  const stateDir = mkdtempSync(join(tmpdir(), 'lupa-state-'));
  // Transcripts (ADR 0018) and AI summaries (ADR 0021) go to a stand-in for Workers AI's REST
  // endpoint (one server, one AI_REST_BASE, both models), so the API and e2e suites exercise the
  // real request and answer shapes offline (LUPA_STT_URL: its control routes; the summary
  // model's under /control/summary).
  const standIn = await startWhisperStandIn();
  let server;
  try {
    server = await startServer({ stateDir, vars: standIn.vars });
  } catch (err) {
    console.error(`could not start wrangler dev: ${err.message}`);
    record('server', 0, 1);
  }
  if (server) {
    const env = { LUPA_BASE_URL: server.url, LUPA_STATE_DIR: stateDir, LUPA_STT_URL: standIn.url };
    // The API suite runs beside the host suites: it spends much of its time waiting on the server
    // (alarms, second servers starting), which the host suites' compiling and testing fills.
    const apiSuite = suite(
      'api',
      async () => {
        // Three files at a time: much of a file's time is spent waiting (an alarm, a second server
        // starting, the Whisper stand-in), and every test makes its own accounts, addresses and
        // analyses. The files that read something global run alone afterwards (API_ALONE).
        const files = apiFiles.flatMap(expandTestGlob);
        const alone = files.filter((f) => API_ALONE.some((name) => f.endsWith(`/${name}.test.mjs`)));
        const together = files.filter((f) => !alone.includes(f));
        let passed = 0;
        let failed = 0;
        let code = 0;
        for (const [group, concurrency] of [
          [together, 3],
          [alone, 1],
        ]) {
          if (!group.length) continue;
          const result = await run(
            'node',
            // A file that hangs fails after 15 minutes instead of holding the run (node:test times
            // each file as a whole; the longest, fuzz.test.mjs, takes 2.5 minutes idle and passed 5
            // beside a cold build).
            ['--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, '--test-timeout=900000', ...group],
            { env },
          );
          passed += Number(/^\S* ?pass (\d+)/m.exec(result.out)?.[1] ?? 0);
          failed += Number(/^\S* ?fail (\d+)/m.exec(result.out)?.[1] ?? 0);
          code ||= result.code;
        }
        return { passed, failed, code };
      },
      { beside: true },
    );
    await Promise.all([apiSuite, hosts]);
    // The OpenAPI document against the server (ADR 0020): Schemathesis with every check, as a
    // researcher, an admin and a participant, each operation one test. After the API files, as
    // its admin acts on users and its fuzzing fills the CPU; its seed is printed for a replay.
    await suite('api-contract', async () => {
      const { code, out } = await run('node', ['tests/api-contract/run.mjs'], { env });
      const m = /^(\d+) passed, (\d+) failed$/m.exec(out);
      return { passed: Number(m?.[1] ?? 0), failed: Number(m?.[2] ?? 0), code };
    });
    await suite('recorder', async () => {
      const { code, out } = await run('node', ['tests/wasm-upload/run.mjs'], { env });
      const m = /^(\d+) passed, (\d+) failed$/m.exec(out);
      return { passed: Number(m?.[1] ?? 0), failed: Number(m?.[2] ?? 0), code };
    });
    await suite('e2e', async () => {
      const report = join(stateDir, 'playwright.json');
      const { code } = await run('playwright', ['test', '--config', 'tests/e2e/playwright.config.ts', ...e2eFiles], {
        env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      });
      const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
      const stats = json?.stats ?? { expected: 0, unexpected: 0, flaky: 0 };
      if (json) printSlowestSpecs(json);
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, code };
    });
    await suite('lighthouse', async () => {
      // Accessibility and best practices gate (≥ 95) on the landing page, and, signed in with data,
      // the dashboard, an analysis detail and an entry page; the landing page's SEO is gated too,
      // and its mobile performance (≥ 98, median of three runs; ADR 0011).
      const { code, out } = await run('node', ['scripts/check-lighthouse-pages.mjs'], { env });
      const m = /^(\d+) passed, (\d+) failed$/m.exec(out);
      return { passed: Number(m?.[1] ?? 0), failed: Number(m?.[2] ?? 0), code };
    });
    await suite('logs', async () => {
      const problems = checkLogs(server.logs());
      for (const p of problems.slice(0, 20)) console.error(p);
      return { passed: problems.length ? 0 : 1, failed: problems.length ? 1 : 0, code: 0 };
    });
    // A failed run shows what the worker itself logged as errors (with request ids, which the
    // e2e failure lists print too), so a 500 in a test explains itself from the server side.
    if (totals.failed > 0) {
      const errors = server
        .logs()
        .split('\n')
        .filter((l) => l.includes('"level":"error"'));
      console.log(`\nworker errors during the run (${errors.length}):\n${errors.slice(-40).join('\n')}`);
    }
    await server.stop();
  }
  await hosts;
  await standIn.stop();
  rmSync(stateDir, { recursive: true, force: true });
}

/**
 * The spec files that took longest (their tests' time added up, over both workers), so the time
 * the suite takes can be found where it goes (issue: a test suite that stays fast).
 */
function printSlowestSpecs(json, count = 12) {
  const byFile = new Map();
  const walk = (suites) => {
    for (const s of suites ?? []) {
      for (const spec of s.specs ?? []) {
        const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        const entry = byFile.get(spec.file) ?? { ms: 0, tests: 0 };
        byFile.set(spec.file, { ms: entry.ms + ms, tests: entry.tests + spec.tests.length });
      }
      walk(s.suites);
    }
  };
  walk(json.suites);
  const rows = [...byFile].sort((a, b) => b[1].ms - a[1].ms).slice(0, count);
  console.log(`\nslowest e2e spec files (test time, both workers):`);
  for (const [file, { ms, tests }] of rows)
    console.log(`  ${clock(ms).padStart(6)}  ${String(tests).padStart(3)} tests  ${file}`);
}

console.log(`\n${summary.join('\n')}`);
console.log(`suites took ${clock(performance.now() - startedAt)} in all`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
