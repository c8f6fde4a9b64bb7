// Runs Lighthouse (mobile defaults) on the public landing page of a running Lupa (LUPA_BASE_URL,
// default http://127.0.0.1:8787) in Debian's Chromium, prints the four category scores and fails
// when any is below the minimum (95 unless `--min N`). Failing audits are listed to say why.
//
//   npm run check:lighthouse -- [--min 95] [--path /] [--runs 1] [--desktop] [--json report.json]
//                               [--cookie 'name=value'] [--enforce accessibility,best-practices]
//                               [--min-performance 98]
// --cookie audits a signed-in page; --enforce limits the minimum to some categories (the others
// are printed only); --min-performance sets performance's own minimum (ADR 0011: the landing
// page's is 98, on the median of several runs, since one run also measures the machine's load).
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function parseArgs(argv) {
  const options = {
    min: 95,
    minPerformance: null,
    path: '/',
    runs: 1,
    desktop: false,
    json: null,
    cookie: null,
    enforce: CATEGORIES,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--min') options.min = Number(value());
    else if (arg.startsWith('--min=')) options.min = Number(arg.slice(6));
    else if (arg === '--min-performance') options.minPerformance = Number(value());
    else if (arg === '--path') options.path = value();
    else if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--desktop') options.desktop = true;
    else if (arg === '--json') options.json = value();
    else if (arg === '--cookie') options.cookie = value();
    else if (arg === '--enforce')
      options.enforce = value()
        .split(',')
        .filter((c) => CATEGORIES.includes(c));
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!Number.isFinite(options.min) || options.min < 0 || options.min > 100) throw new Error('--min must be 0-100');
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs must be a positive integer');
  return options;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Audits of a category that lost points, worst first: "id (score): title". */
function weakAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
    .sort((a, b) => a.score - b.score)
    .map(
      (audit) =>
        `${audit.id} (${Math.round(audit.score * 100)}): ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`,
    );
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const base = process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787';
  const url = new URL(options.path, base).href;

  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const runs = [];
  try {
    for (let run = 0, retries = 0; run < options.runs; run++) {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
        },
        options.desktop ? desktopConfig : undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      if (result.lhr.runtimeError) {
        // Trace hiccups (e.g. NO_NAVSTART) say nothing about the page: measure again, twice at most.
        if (retries++ < 2) {
          console.log(`Lighthouse: ${result.lhr.runtimeError.code}, measuring again`);
          run--;
          continue;
        }
        throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      }
      runs.push(result.lhr);
    }
  } finally {
    await chrome.kill();
  }

  // With several runs, each category's median score counts (performance varies between runs).
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, median(runs.map((lhr) => Math.round((lhr.categories[id].score ?? 0) * 100)))]),
  );
  const last = runs.at(-1);
  if (options.json) writeFileSync(options.json, JSON.stringify(last, null, 2));

  console.log(
    `Lighthouse ${last.lighthouseVersion} · ${url} · ${options.desktop ? 'desktop' : 'mobile'} · ${options.runs} run(s) · minimum ${options.min}`,
  );
  let failed = 0;
  // A signed-in page that sent the browser to the login page would be audited as the login page.
  const landed = new URL(last.finalDisplayedUrl ?? url);
  if (landed.pathname !== new URL(url).pathname) {
    console.log(`FAIL the page redirected to ${landed.pathname}: the audit is not of ${new URL(url).pathname}`);
    failed++;
  }
  const minimum = (id) =>
    id === 'performance' && options.minPerformance !== null ? options.minPerformance : options.min;
  for (const id of CATEGORIES) {
    const ok = scores[id] >= minimum(id) || !options.enforce.includes(id);
    if (!ok) failed++;
    const mark = !options.enforce.includes(id) ? 'info' : ok ? 'ok  ' : 'FAIL';
    console.log(
      `${mark} ${last.categories[id].title.padEnd(16)} ${String(scores[id]).padStart(3)}${options.enforce.includes(id) ? ` (minimum ${minimum(id)})` : ''}`,
    );
    for (const line of weakAudits(last, id)) console.log(`       - ${line}`);
  }
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ];
  console.log(`Metrics: ${metrics.map((id) => `${id} ${last.audits[id]?.displayValue ?? 'n/a'}`).join(' · ')}`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
