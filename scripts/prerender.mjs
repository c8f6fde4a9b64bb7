// Prerenders the public pages into web/dist after `vite build` (scripts/build.sh).
//
// The public pages are most visitors' first impression, often on a phone. They are rendered here,
// at build time, with the real components (web/src/app/prerender.tsx), so they paint from the HTML
// and crawlers that run no script see everything. They need no framework afterwards: the app's
// entry script is swapped for the site's (web/src/site/main.ts, a few KB), which gives the header
// menu, the FAQ accordion, the waitlist form and the demo poster their behaviour (ADR 0011). Each
// page is also rendered in English, into a JSON file under web/dist/assets/ that the site script
// fetches when a visitor wants English. web/dist/index.html becomes the prerendered `/`, the other
// pages get their own file (`/faq` → faq.html, which the assets serve for the extensionless path);
// the untouched shell is kept as web/dist/app-shell.html, which the worker serves for every other
// client route (edge-worker/src/app_shell.rs): a deep link must not flash the landing page.
//
// It also writes web/dist/participate.html: the shell with the participation page's own entry
// (web/src/participate-main.tsx) in place of the app's, which the assets serve for /participate and
// the worker for /participate/{id}. Participants download that flow alone, not the app (ADR 0011).
//
// And the researcher's main screens get the app's shell with their own chunks and stylesheets
// preloaded (web/dist/app-shell-{screen}.html, served by the worker for their paths,
// lupa_core::pages): a deep link such as /entry/{id} loads the player's code alongside the app's
// instead of after the app has run and matched the route (ADR 0009).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
const dist = join(web, 'dist');
const serverOut = join(root, '.tmp', 'prerender');

/**
 * Which pages are prerendered, into which file. Public, data-free pages only: `/` and each site
 * page, which is served both at `/{page}` and under `/home/`.
 */
const PAGES = [
  { path: '/', file: 'index.html' },
  ...['home', 'terminos-condiciones', 'preguntas-frecuentes'].flatMap((page) => [
    { path: `/${page}`, file: `${page}.html` },
    { path: `/home/${page}`, file: `home/${page}.html` },
  ]),
];
/** The site script's and the participation page's entries in the Vite manifest (web/vite.config.ts). */
const SITE_ENTRY = 'src/site/main.ts';
const PARTICIPATE_ENTRY = 'src/participate-main.tsx';
/** Screens whose shell preloads their route module (web/src/app/routes.tsx), by file name. */
const SCREEN_SHELLS = {
  'app-shell-entry.html': 'src/features/entries/routes/entry-page.tsx',
  'app-shell-analysis.html': 'src/features/analysis/routes/analysis-detail-page.tsx',
  'app-shell-dashboard.html': 'src/features/dashboard/routes/dashboard-page.tsx',
};

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces exactly one occurrence, so a changed index.html fails the build instead of shipping a half-filled page. */
function replaceOnce(html, pattern, replacement, what) {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (matches.length !== 1) throw new Error(`web/index.html: expected one ${what}, found ${matches.length}`);
  return html.replace(pattern, () => replacement);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/**
 * The JavaScript and CSS files a set of manifest entries loads, with their static imports. The
 * stylesheets come in the cascade order of the source's imports: a chunk's imports' before its own,
 * and a chunk's own stylesheet (named after it, e.g. a feature's) after the shared ones it lists
 * (the global styles, components'), which the manifest lists last.
 */
function filesOf(keys) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`scripts/prerender.mjs: ${key} is not in the Vite manifest`);
    if (js.has(`/${chunk.file}`)) return;
    js.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    const own = (file) => chunk.name !== undefined && file.startsWith(`assets/${chunk.name}-`);
    const sheets = chunk.css ?? [];
    for (const file of [...sheets.filter((f) => !own(f)), ...sheets.filter(own)]) css.add(`/${file}`);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/**
 * Replaces the app's entry script, its modulepreload links and its stylesheets with another
 * entry's (the site script's, the participation page's): the page loads only that entry's script,
 * its static imports and the styles they use. The font preload stays. A module script does not
 * hold back the first paint, so it can sit in <head>.
 */
function useEntryScript(html, entryKey) {
  const entry = html.match(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/);
  if (!entry) throw new Error('web/index.html: expected the entry <script type="module">');
  const chunk = manifest[entryKey];
  if (!chunk) throw new Error(`scripts/prerender.mjs: ${entryKey} is not in the Vite manifest`);
  const { js, css } = filesOf([entryKey]);
  const tags = [
    `<script type="module" crossorigin src="/${escapeHtml(chunk.file)}"></script>`,
    ...js
      .filter((href) => href !== `/${chunk.file}`)
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
  ];
  return html
    .replace(/\s*<link rel="(?:modulepreload|stylesheet)" crossorigin href="[^"]+">/g, '')
    .replace(entry[0], () => `\n    ${tags.join('\n    ')}`);
}

/**
 * The app's shell that also preloads a screen's route module: its chunks (and their static
 * imports) as modulepreload links and its stylesheets, after the app's own, in the order the app
 * would add them. Vite's lazy loader finds them in the page and does not fetch them again.
 */
function withScreenPreloads(html, moduleKey) {
  const app = filesOf(['index.html']);
  const screen = filesOf([moduleKey]);
  const tags = [
    ...screen.js
      .filter((href) => !app.js.includes(href))
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...screen.css
      .filter((href) => !app.css.includes(href))
      .map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
  ];
  return replaceOnce(html, /\n\s*<\/head>/, `\n    ${tags.join('\n    ')}\n  </head>`, '</head>');
}

/** Writes a page's English version as hashed JSON under assets/ (cached for good); returns its URL. */
function writeVersion(page, version) {
  const json = JSON.stringify(version);
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 10);
  const name = `assets/public-page-${page.file.replace(/\.html$/, '').replace(/\//g, '-')}.${version.lang}-${hash}.json`;
  writeFileSync(join(dist, name), json);
  return `/${name}`;
}

// `vite build` empties web/dist, so an existing app-shell.html is this build's shell: running the
// script again re-renders from it instead of from the already prerendered index.html.
const shellFile = join(dist, 'app-shell.html');
if (!existsSync(shellFile)) copyFileSync(join(dist, 'index.html'), shellFile);
const shell = readFileSync(shellFile, 'utf8');

rmSync(serverOut, { recursive: true, force: true });
await build({
  configFile: join(web, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: join(web, 'src', 'app', 'prerender.tsx'),
    outDir: serverOut,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});
const { prerender } = await import(pathToFileURL(join(serverOut, 'prerender.mjs')).href);

for (const page of PAGES) {
  const english = writeVersion(page, await prerender(page.path, 'en'));
  const { html, title, description, lang } = await prerender(page.path, 'es');
  let out = shell;
  out = replaceOnce(
    out,
    /<div id="root"><\/div>/,
    `<div id="root" data-page-en="${escapeHtml(english)}">${html}</div>`,
    '#root',
  );
  out = replaceOnce(out, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`, '<title>');
  out = replaceOnce(
    out,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    'meta description',
  );
  // Link previews name the page too.
  out = replaceOnce(
    out,
    /<meta property="og:title" content="[^"]*" \/>/,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    'og:title',
  );
  out = replaceOnce(
    out,
    /<meta\s+property="og:description"\s+content="[^"]*"\s*\/>/,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    'og:description',
  );
  out = replaceOnce(out, /<html lang="[^"]*">/, `<html lang="${escapeHtml(lang)}">`, '<html lang>');
  out = useEntryScript(out, SITE_ENTRY);
  const target = join(dist, page.file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, out);
  console.log(
    `prerendered ${page.path} → web/dist/${page.file} (${(Buffer.byteLength(out) / 1024).toFixed(1)} KB), English ${english}`,
  );
}
rmSync(serverOut, { recursive: true, force: true });

// The participation page: the shell, the same head, with its own entry instead of the app's.
writeFileSync(join(dist, 'participate.html'), useEntryScript(shell, PARTICIPATE_ENTRY));
console.log('participation page → web/dist/participate.html');

for (const [file, moduleKey] of Object.entries(SCREEN_SHELLS)) {
  writeFileSync(join(dist, file), withScreenPreloads(shell, moduleKey));
  console.log(`screen shell → web/dist/${file}`);
}
