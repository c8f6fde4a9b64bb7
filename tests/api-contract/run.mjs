// The api-contract suite (ADR 0020): Schemathesis, from the project's virtual environment
// (.venv-contract, made by scripts/setup.sh from tests/api-contract/requirements.txt), runs the
// served OpenAPI document against the test server with every check on, as each kind of caller:
// a paying researcher with an analysis and a submitted recording, an admin, a participant
// holding a participation's capability cookie, a customer paying at the local checkout, and a team
// lead making and deleting teams. Each run has every phase (examples, coverage,
// fuzzing, stateful) run in full, bounded by the number of examples, not by time, with one fixed
// seed, printed so a failure replays (the same cases, in the same order):
//   LUPA_CONTRACT_SEED=<seed> node scripts/run-tests.mjs api-contract
// Each operation of each run is one test, and so is each run's stateful phase (its scenarios
// along the document's links); the last line is `N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWorld, signed } from './world.mjs';

const root = new URL('../..', import.meta.url).pathname;
const BASE = process.env.LUPA_BASE_URL;
const SEED = Number(process.env.LUPA_CONTRACT_SEED ?? 19_2026_1128);
/** Cases per operation in the fuzzing phase, and scenarios in the stateful one. */
const MAX_EXAMPLES = 12;
const ROUTES = JSON.parse(readFileSync(join(root, 'edge-worker/api-types/routes.json'), 'utf8')).routes;
const ids = (access) => ROUTES.filter((r) => access.includes(r.access)).map((r) => r.id);

/**
 * Who runs which operation. Each runs as the caller it is for; the billing steps that start or
 * end a subscription run as users without one. The admin opens a checkout (product §8 answers a
 * subscriber 400, so the admin never pays); a customer reads, pays and cancels the local
 * checkouts it opened, and cancels the subscription it paid for (which would end the
 * researcher's halfway through the run).
 */
const AS_ADMIN = ['BillingCheckout'];
const AS_BUYER = ['LocalCheckoutGet', 'LocalCheckoutPay', 'LocalCheckoutCancel', 'LocalPortalCancel'];
const AS_PARTICIPANT = ['ValidateParticipation', 'UplinkProbe', 'Participate', 'Screen', 'SingleUpload'];
/**
 * Making, switching to, leaving and deleting teams, and passing ownership on (ADR 0019) run as a
 * team lead: in the researcher's run they would move it into a team with no subscription and no
 * analyses halfway, and the operations after would test nothing but 402 and 404.
 */
const AS_TEAMLEAD = ['WorkspaceCreate', 'WorkspaceSwitch', 'WorkspaceLeave', 'WorkspaceDelete', 'TeamOwnerTransfer'];
/**
 * The operations no run exercises (ADR 0020): the live view and a moderated session's rooms are
 * WebSockets, and a handshake that succeeds leaves an HTTP client waiting on the open socket.
 * tests/api/live.test.mjs and tests/api/moderated-room.test.mjs have them.
 */
const NOT_EXERCISED = ['EntryLive', 'SessionRoom', 'SessionLinkRoom'];

/**
 * Per-operation parameters: the world's objects, so the handlers get past "not found". Only for
 * operations no link leads to from a create (those follow the link to what the run made, and a
 * fixed id there would judge a created object by another): the recording's pages, which the
 * analysis detail leads to, the signed URLs and the invitation link, which no link can build, and
 * what the run deletes or changes (a participation of its own, the team's member), so the world's
 * recording stays for the routes that read it.
 */
function researcherParams(w) {
  const r = w.researcher;
  const params = {};
  for (const id of [
    'EntryUrl',
    'EntryPage',
    'NotesList',
    'NoteCreate',
    'TranscriptGet',
    'TranscriptVtt',
    'TranscriptText',
  ]) {
    params[id] = { 'path.id': r.entryId };
  }
  const query = (q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [`query.${k}`, v]));
  const segment = r.urls.segments[0];
  const screen = signed(segment.url);
  params.SegmentStream = {
    'path.id': screen.segments[1],
    'path.segment': Number(screen.segments[2]),
    ...query(screen.query),
  };
  const camera = signed(segment.cameraUrl);
  params.SegmentCameraStream = {
    'path.id': camera.segments[1],
    'path.segment': Number(camera.segments[2]),
    ...query(camera.query),
  };
  // What the run may delete or change: the world's spare participation and its team's member.
  params.EntryDelete = { 'path.id': r.spare };
  params.MemberUpdate = { 'path.id': r.member };
  params.MemberRemove = { 'path.id': r.member };
  params.InvitationView = { 'path.token': r.invitation };
  params.AuthResetCheck = { 'query.passwordResetToken': r.reset };
  const whole = signed(r.whole);
  params.RecordingStream = { 'path.id': whole.segments[1], ...query(whole.query) };
  const thumbnail = signed(r.urls.thumbnailUrl);
  params.ThumbnailGet = { 'path.id': thumbnail.segments[1], ...query(thumbnail.query) };
  const sharedUrl = JSON.stringify(r.shared).match(/https?:[^"]*\/share-media\/[^"]*/)?.[0];
  if (sharedUrl) {
    const s = signed(sharedUrl);
    const [, id, source, seg, track] = s.segments;
    params.SharedMedia = {
      'path.id': id,
      'path.source': source,
      'path.segment': Number(seg),
      'path.track': track,
      ...query(s.query),
    };
  }
  return params;
}

/**
 * The participant takes part in the world's analysis (hooks.py puts its id in positive cases, as
 * an invite link does); the rest follows the links from `participate`.
 */
function participantParams(w) {
  const p = w.participant;
  const params = {};
  const [, id] = p.upload.segments;
  const query = Object.fromEntries(Object.entries(p.upload.query).map(([k, v]) => [`query.${k}`, v]));
  params.SingleUpload = { 'path.id': id, ...query };
  // The uplink probe (issue 48) is the invite's analysis's, as a participant's tab sends it.
  params.UplinkProbe = { 'path.id': p.analysisId };
  return params;
}

/**
 * The runs: who, which operations, the credentials and the parameters. The
 * participant goes first and the researcher last: the researcher's run may delete what it finds
 * (an analysis, a recording), the world's objects included.
 */
function runs(w) {
  const researcher = ids(['session', 'public', 'signed']).filter(
    (id) => ![...AS_ADMIN, ...AS_BUYER, ...AS_PARTICIPANT, ...AS_TEAMLEAD, ...NOT_EXERCISED].includes(id),
  );
  return [
    {
      name: 'participant',
      operations: [...ids(['participant']), ...AS_PARTICIPANT],
      auth: { participation: w.participant.capability },
      params: participantParams(w),
      env: {
        LUPA_CONTRACT_COOKIES: JSON.stringify(w.participant.cookies),
        LUPA_CONTRACT_ANALYSIS: w.participant.analysisId,
      },
    },
    {
      name: 'admin',
      operations: [...ids(['admin']), ...AS_ADMIN],
      auth: { session: w.admin.session },
      params: {
        AdminUserUpdate: { 'path.id': w.admin.changed },
        AdminUserDelete: { 'path.id': w.admin.deleted },
      },
    },
    {
      name: 'buyer',
      operations: AS_BUYER,
      auth: { session: w.buyer.session },
      params: {
        LocalCheckoutGet: { 'path.id': w.buyer.checkouts.pay },
        LocalCheckoutPay: { 'path.id': w.buyer.checkouts.pay },
        LocalCheckoutCancel: { 'path.id': w.buyer.checkouts.cancel },
      },
    },
    {
      name: 'teamlead',
      operations: AS_TEAMLEAD,
      auth: { session: w.teamlead.session },
      params: Object.fromEntries(
        ['WorkspaceSwitch', 'WorkspaceLeave', 'WorkspaceDelete'].map((id) => [id, { 'path.id': w.teamlead.team }]),
      ),
    },
    {
      name: 'researcher',
      operations: researcher,
      auth: { session: w.researcher.session },
      params: researcherParams(w),
    },
  ];
}

const toml = (value) => JSON.stringify(String(value));

/** The run's Schemathesis configuration (schemathesis.toml). */
function config(run) {
  const lines = [
    `seed = ${SEED}`,
    // No max-time: with one, Schemathesis splits it over the operations (cutting the coverage
    // phase's cases short) and repeats fuzzing and stateful until it is spent, so what a run sends
    // would depend on the machine's speed. Bounded by examples, a seed replays the same run.
    'workers = 1',
    `hooks = ${toml(join(root, 'tests/api-contract/hooks.py'))}`,
    'request-timeout = 20',
    '',
    '[checks]',
    'enabled = true',
    '',
    // A valid request may be refused for who sends it (ADR 0020): 402 is the workspace's lapsed
    // subscription, which a run reaches once the stateful phase makes a team and switches to it.
    // Schemathesis's default list has 401 and 403 but not 402; the rest is its default.
    '[checks.positive_data_acceptance]',
    'expected-statuses = ["2xx", "3xx", "401", "402", "403", "404", "409", "429", "5xx"]',
    '',
    '[generation]',
    `max-examples = ${MAX_EXAMPLES}`,
    'database = "none"',
    '',
  ];
  for (const [scheme, key] of Object.entries(run.auth)) {
    lines.push(`[auth.openapi.${scheme}]`, `api_key = ${toml(key)}`, '');
  }
  for (const [operation, params] of Object.entries(run.params)) {
    lines.push('[[operations]]', `include-operation-id = ${toml(operation)}`, '[operations.parameters]');
    for (const [name, value] of Object.entries(params)) {
      lines.push(`${toml(name)} = ${typeof value === 'number' ? value : toml(value)}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Runs Schemathesis once; its output streams through, the JUnit report is counted. */
function schemathesis(run, dir) {
  const configFile = join(dir, `${run.name}.toml`);
  writeFileSync(configFile, config(run));
  const junit = join(dir, `${run.name}.xml`);
  const args = [
    '--no-color',
    '--config-file',
    configFile,
    'run',
    // The served document (what clients get); LUPA_CONTRACT_SCHEMA=edge-worker/api-types/openapi.json
    // tries a regenerated one before the worker is built again.
    ...(process.env.LUPA_CONTRACT_SCHEMA
      ? [join(root, process.env.LUPA_CONTRACT_SCHEMA), '--url', BASE]
      : [`${BASE}/api/v1/openapi.json`]),
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--report',
    process.env.LUPA_CONTRACT_HAR ? 'junit,har' : 'junit',
    '--report-junit-path',
    junit,
    '--report-har-path',
    join(dir, `${run.name}.har`),
    ...run.operations.flatMap((id) => ['--include-operation-id', id]),
  ];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(join(root, '.venv-contract/bin/schemathesis'), args, {
      cwd: dir,
      // What hooks.py needs of the world: the capability cookies the run's browser holds besides
      // its own, and the analysis a participant's invite names.
      env: { ...process.env, ...run.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const keep = (stream) => (d) => {
      out += d;
      stream.write(d);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (code) => {
      const report = existsSync(junit) ? readFileSync(junit, 'utf8') : '';
      // One test case per operation, and one for the stateful phase (its scenarios along the links).
      const cases = [...report.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)].map((c) => ({
        stateful: /name="Stateful tests"/.test(c[1]),
        failed: /<(failure|error)\b/.test(c[3] ?? ''),
      }));
      const count = (list) => ({
        passed: list.filter((c) => !c.failed).length,
        failed: list.filter((c) => c.failed).length,
      });
      const generated = /(\d+) generated/.exec(out)?.[1] ?? '?';
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const operations = count(cases.filter((c) => !c.stateful));
      const stateful = count(cases.filter((c) => c.stateful));
      resolve({ name: run.name, code, operations, stateful, generated, seconds });
    });
  });
}

if (!existsSync(join(root, '.venv-contract/bin/schemathesis'))) {
  console.error('Schemathesis is not installed: run scripts/setup.sh (it makes .venv-contract).');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'lupa-contract-'));
const world = await makeWorld();
// A subset of the runs (`LUPA_CONTRACT_RUNS=participant`), while working on one caller's routes.
const wanted = process.env.LUPA_CONTRACT_RUNS?.split(',');
console.log(`api-contract: seed ${SEED} (replay: LUPA_CONTRACT_SEED=${SEED} node scripts/run-tests.mjs api-contract)`);
console.log(`api-contract: not exercised (a WebSocket, ADR 0020): ${NOT_EXERCISED.join(', ')}`);
// And a subset of their operations (`LUPA_CONTRACT_OPERATIONS=SharedView,ShareCreate`), to replay one.
const only = process.env.LUPA_CONTRACT_OPERATIONS?.split(',');
const results = [];
for (const run of runs(world).filter((r) => !wanted || wanted.includes(r.name))) {
  if (only) run.operations = run.operations.filter((id) => only.includes(id));
  if (!run.operations.length) continue;
  console.log(`\n--- Schemathesis as the ${run.name}: ${run.operations.length} operations ---`);
  results.push(await schemathesis(run, dir));
}
// LUPA_CONTRACT_HAR=1 keeps the configurations and every request and answer (HAR) to look at.
if (process.env.LUPA_CONTRACT_HAR) console.log(`api-contract: configurations and HAR files in ${dir}`);
else rmSync(dir, { recursive: true, force: true });
let passed = 0;
let failed = 0;
console.log('');
for (const r of results) {
  const { operations: ops, stateful } = r;
  // A run that ended without counting (a crash, a bad configuration) is one failure.
  const crashed = r.code !== 0 && ops.failed + stateful.failed === 0 ? 1 : 0;
  passed += ops.passed + stateful.passed;
  failed += ops.failed + stateful.failed + crashed;
  const links = stateful.failed ? 'failed' : stateful.passed ? 'passed' : 'not run';
  console.log(
    `api-contract ${r.name}: ${ops.passed} operations passed, ${ops.failed + crashed} failed; ` +
      `the stateful phase ${links}; ${r.generated} test cases, ${r.seconds} s (seed ${SEED})`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
