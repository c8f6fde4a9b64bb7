// Prerenders the public pages into web/dist after `vite build` (scripts/build.sh).
//
// The landing page is most visitors' first impression, often on a phone: served as an empty shell
// it paints only after ~150 KB of JavaScript has arrived and run. Rendered here, at build time,
// with the real route table (web/src/app/prerender.tsx), it paints from the HTML and the app
// hydrates it. web/dist/index.html becomes the prerendered `/`; the untouched shell is kept as
// web/dist/app-shell.html, which the worker serves for every other client route (see
// edge-worker/src/app_shell.rs): a deep link must not flash the landing page.
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
const dist = join(web, 'dist');
const serverOut = join(root, '.tmp', 'prerender');

/** Which pages are prerendered, and into which file. Public, data-free pages only. */
const PAGES = [{ path: '/', file: 'index.html' }];

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces exactly one occurrence, so a changed index.html fails the build instead of shipping a half-filled page. */
function replaceOnce(html, pattern, replacement, what) {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (matches.length !== 1) throw new Error(`web/index.html: expected one ${what}, found ${matches.length}`);
  return html.replace(pattern, () => replacement);
}

// `vite build` empties web/dist, so an existing app-shell.html is this build's shell: running the
// script again re-renders from it instead of from the already prerendered index.html.
const shellFile = join(dist, 'app-shell.html');
if (!existsSync(shellFile)) copyFileSync(join(dist, 'index.html'), shellFile);
const shell = readFileSync(shellFile, 'utf8');

/**
 * The page is readable without its scripts, so they wait for its first paint: the entry script and
 * its modulepreload links become web/public/start-after-paint.js, which adds them one frame later.
 */
function startAfterPaint(html) {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error('web/index.html: expected the entry <script type="module">');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const boot =
    `<script defer src="/start-after-paint.js" data-entry="${escapeHtml(entry[1])}"` +
    ` data-preload="${escapeHtml(preloads.join(' '))}"></script>`;
  return html
    .replace(entry[0], () => boot)
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
}

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
  out = replaceOnce(out, /<html lang="[^"]*">/, `<html lang="${escapeHtml(lang)}">`, '<html lang>');
  out = startAfterPaint(out);
  writeFileSync(join(dist, page.file), out);
  console.log(`prerendered ${page.path} → web/dist/${page.file} (${(Buffer.byteLength(out) / 1024).toFixed(1)} KB)`);
}
rmSync(serverOut, { recursive: true, force: true });
