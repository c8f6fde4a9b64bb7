// Prerenders the public pages into web/dist after `vite build` (scripts/build.sh).
//
// The public pages are most visitors' first impression, often on a phone: served as an empty shell
// they paint only after ~150 KB of JavaScript has arrived and run, and crawlers that run no script
// see nothing. Rendered here, at build time, with the real route table (web/src/app/prerender.tsx),
// they paint from the HTML and the app hydrates them. web/dist/index.html becomes the prerendered
// `/`, the other pages get their own file (`/faq` → faq.html, which the assets serve for the
// extensionless path); the untouched shell is kept as web/dist/app-shell.html, which the worker
// serves for every other client route (edge-worker/src/app_shell.rs): a deep link must not flash
// the landing page.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
const dist = join(web, 'dist');
const serverOut = join(root, '.tmp', 'prerender');

/**
 * Which pages are prerendered, into which file, and which lazily loaded route modules (Vite
 * manifest keys) they need before they can hydrate. Public, data-free pages only.
 */
const TERMS = ['src/features/marketing/routes/terms-page.tsx', 'src/locales/es-terms.json'];
const FAQ = ['src/features/marketing/routes/faq-page.tsx'];
const HOME = ['src/features/marketing/routes/home-page.tsx'];
const PAGES = [
  { path: '/', file: 'index.html', modules: [] },
  { path: '/home', file: 'home.html', modules: HOME },
  { path: '/home/home', file: 'home/home.html', modules: HOME },
  { path: '/terminos-condiciones', file: 'terminos-condiciones.html', modules: TERMS },
  { path: '/home/terminos-condiciones', file: 'home/terminos-condiciones.html', modules: TERMS },
  { path: '/preguntas-frecuentes', file: 'preguntas-frecuentes.html', modules: FAQ },
  { path: '/home/preguntas-frecuentes', file: 'home/preguntas-frecuentes.html', modules: FAQ },
];

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces exactly one occurrence, so a changed index.html fails the build instead of shipping a half-filled page. */
function replaceOnce(html, pattern, replacement, what) {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (matches.length !== 1) throw new Error(`web/index.html: expected one ${what}, found ${matches.length}`);
  return html.replace(pattern, () => replacement);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The JavaScript and CSS files a set of manifest entries loads, with their static imports. */
function filesOf(keys) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`scripts/prerender.mjs: ${key} is not in the Vite manifest`);
    if (js.has(`/${chunk.file}`)) return;
    js.add(`/${chunk.file}`);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/**
 * The page is readable without its scripts, so they wait for its first paint: the entry script and
 * its modulepreload links (plus the page's lazy route modules, needed before hydration) become
 * web/public/start-after-paint.js, which adds them one frame later. The lazy modules' styles, if
 * any, are linked like the entry's, since the prerendered markup needs them to paint.
 */
function startAfterPaint(html, modules) {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error('web/index.html: expected the entry <script type="module">');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const lazy = filesOf(modules);
  const scripts = [...new Set([...preloads, ...lazy.js])];
  const styles = lazy.css
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `\n    <link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`)
    .join('');
  const boot =
    `<script defer src="/start-after-paint.js" data-entry="${escapeHtml(entry[1])}"` +
    ` data-preload="${escapeHtml(scripts.join(' '))}"></script>${styles}`;
  return html
    .replace(entry[0], () => boot)
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
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
    rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});
const { prerender } = await import(pathToFileURL(join(serverOut, 'prerender.mjs')).href);

for (const page of PAGES) {
  const { html, title, description, lang } = await prerender(page.path);
  let out = shell;
  out = replaceOnce(out, /<div id="root"><\/div>/, `<div id="root">${html}</div>`, '#root');
  out = replaceOnce(out, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`, '<title>');
  out = replaceOnce(
    out,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    'meta description',
  );
  // Link previews name the page too.
  out = replaceOnce(out, /<meta property="og:title" content="[^"]*" \/>/, `<meta property="og:title" content="${escapeHtml(title)}" />`, 'og:title');
  out = replaceOnce(
    out,
    /<meta\s+property="og:description"\s+content="[^"]*"\s*\/>/,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    'og:description',
  );
  out = replaceOnce(out, /<html lang="[^"]*">/, `<html lang="${escapeHtml(lang)}">`, '<html lang>');
  out = startAfterPaint(out, page.modules);
  const target = join(dist, page.file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, out);
  console.log(`prerendered ${page.path} → web/dist/${page.file} (${(Buffer.byteLength(out) / 1024).toFixed(1)} KB)`);
}
rmSync(serverOut, { recursive: true, force: true });
