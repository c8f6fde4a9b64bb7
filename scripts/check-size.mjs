// Prints the gzip size of what users download and fails above the budgets in size-budgets.json:
// the worker bundle, the recorder wasm, each prerendered public page's initial JS (the scripts its
// HTML loads, with their static imports; ADR 0011), the app's initial JS, and the participation
// page (/participate, its own entry): its input step (the scripts participate.html loads, with their
// static imports) and everything a recording needs (that, every chunk it imports lazily, and theirs:
// the steps loaded later, the recorder's glue and the English strings, and the recorder wasm).
// A moderated session's call, which only links with `?session=` load, has a row of its own.
// Stylesheets are not counted.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const budgets = JSON.parse(readFileSync(join(root, 'size-budgets.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
const sum = (files) => files.reduce((n, f) => n + gz(f), 0);

// Which Cargo profile built the worker (scripts/build.sh): `release` is production's, with its
// budget; `local` (npm start, npm test) is bigger, without LTO and wasm-opt, and has its own.
const workerProfile = (() => {
  try {
    return readFileSync(join(root, 'target/.lupa-build/worker-profile'), 'utf8').trim();
  } catch {
    return 'release';
  }
})();
const workerBudget = workerProfile === 'release' ? 'worker' : 'workerLocal';
const workerFiles = readdirSync(join(root, 'edge-worker/build'), { recursive: true })
  .filter((f) => /\.(js|wasm|mjs)$/.test(f) && !f.startsWith('.'))
  .map((f) => join('edge-worker/build', f));

// Vite's manifest tells which chunks a page loads: the entry and its static imports, plus for
// /participate every chunk they import lazily, and theirs, with the recorder wasm (a recording).
const manifestPath = join(root, 'web/dist/.vite/manifest.json');
if (!existsSync(manifestPath)) throw new Error('web/dist/.vite/manifest.json missing: build web first');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}
const filesOf = (keys) =>
  [...keys].flatMap((k) => [manifest[k].file, ...(manifest[k].assets ?? []).filter((a) => a.endsWith('.wasm'))]);
const initial = closure(['index.html']);
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** The manifest keys of the scripts a built page's HTML loads (entry and modulepreloads), with their static imports. */
function loadedBy(file) {
  const html = readFileSync(join(root, 'web/dist', file), 'utf8');
  const loaded = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  if (loaded.length === 0) throw new Error(`web/dist/${file} loads no script: was scripts/prerender.mjs run?`);
  return closure(loaded.map((file) => keyOfFile.get(file) ?? file));
}

/** The prerendered public pages, each with the JS its HTML loads before anything is clicked. */
const PUBLIC_PAGES = {
  '/': 'index.html',
  '/home': 'home.html',
  '/terminos-condiciones': 'terminos-condiciones.html',
  '/preguntas-frecuentes': 'preguntas-frecuentes.html',
};
const publicPages = Object.entries(PUBLIC_PAGES).map(([path, file]) => {
  const files = [...loadedBy(file)].map((key) => manifest[key]?.file ?? key);
  return [path, files.map((f) => join('web/dist', f))];
});
const inputStep = loadedBy('participate.html');
/**
 * The moderated session's call (issue 49, ADR 0024): loaded only by a link with `?session=`, so an
 * unmoderated participant never downloads it; counted on its own row, not in the recording's.
 */
const MODERATED_CALL = 'src/features/participate/components/moderated-call.tsx';
/** Adds every chunk the chunks in `seen` import lazily, and theirs, to `seen` (but not `skip`'s). */
function lazyClosure(seen, skip = new Set()) {
  let grown = true;
  while (grown) {
    grown = false;
    for (const key of [...seen]) {
      const before = seen.size;
      closure(
        (manifest[key]?.dynamicImports ?? []).filter((k) => !skip.has(k)),
        seen,
      );
      if (seen.size > before) grown = true;
    }
  }
  return seen;
}
const recording = lazyClosure(new Set(inputStep), new Set([MODERATED_CALL]));
/** What the call adds on top of a recording: its chunk and what it imports that a recording doesn't. */
const moderatedCall = [...lazyClosure(closure([MODERATED_CALL]))].filter((key) => !recording.has(key));
const recorderWasm = readdirSync(join(root, 'web/dist/assets'))
  .filter((f) => f.endsWith('.wasm'))
  .map((f) => join('web/dist/assets', f));

const rows = [
  [workerBudget, `worker bundle, ${workerProfile} (js + wasm)`, sum(workerFiles)],
  ['recorderWasm', 'recorder wasm', sum(recorderWasm)],
  ...publicPages.map(([path, files]) => ['publicPageJs', `${path} initial JS`, sum(files)]),
  [
    'appInitialJs',
    'app initial JS',
    sum(
      filesOf(initial)
        .filter((f) => f.endsWith('.js'))
        .map((f) => join('web/dist', f)),
    ),
  ],
  [
    'participantInputStep',
    '/participate input step JS',
    sum(
      filesOf(inputStep)
        .filter((f) => f.endsWith('.js'))
        .map((f) => join('web/dist', f)),
    ),
  ],
  [
    'participantRecording',
    '/participate recording JS + wasm',
    sum([
      ...new Set([
        ...filesOf(recording)
          .filter((f) => f.endsWith('.js'))
          .map((f) => join('web/dist', f)),
        ...recorderWasm,
      ]),
    ]),
  ],
  [
    'participantModeratedCall',
    '/participate moderated call JS',
    sum(
      filesOf(moderatedCall)
        .filter((f) => f.endsWith('.js'))
        .map((f) => join('web/dist', f)),
    ),
  ],
];
let over = 0;
for (const [key, label, bytes] of rows) {
  const ok = bytes <= budgets[key];
  if (!ok) over++;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${label.padEnd(34)} ${(bytes / 1024).toFixed(1).padStart(8)} KB gz  (budget ${(budgets[key] / 1024).toFixed(0)} KB)`,
  );
}
process.exit(over ? 1 : 0);
