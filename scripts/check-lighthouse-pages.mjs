// Lighthouse on the four pages the design system is judged by (ADR 0007): the landing page, and,
// signed in as a paid researcher with realistic data, the dashboard (20 analyses with long titles
// and URLs), an analysis detail with recordings and an entry page with a playable recording and
// notes. Accessibility and best practices must be ≥ 95 on all four; the landing page keeps its SEO
// gate, and its mobile performance must be ≥ 98 (ADR 0011: the page ships a few KB of script), on
// the median of three runs, since one run also measures the machine's load. The signed-in pages'
// performance is printed, not gated. Each page is one check-lighthouse.mjs run; the last line is
// `N passed, N failed` (one per page).
//
//   LUPA_BASE_URL=http://127.0.0.1:8787 node scripts/check-lighthouse-pages.mjs [--min 95]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { analysisBody, textTasks } from './lib/analysis-body.mjs';
import { Client, researcher } from './lib/bench-client.mjs';

const root = new URL('..', import.meta.url).pathname;
const base = process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787';
const minAt = process.argv.indexOf('--min');
const min = minAt === -1 ? '95' : process.argv[minAt + 1];
// The API rate-limits per client address: these requests get an address of their own.

/** One API call (under /api/v1) as `client`; fails loudly on an error answer. */
const api = (client, method, path, body, headers = {}) => client.json(method, `/api/v1${path}`, { body, headers });

const longUrl = (i) =>
  `https://tienda-online-de-electrodomesticos-y-menaje.example.com/es-es/categorias/cocina/cafeteras-superautomaticas/` +
  `comparativa-2026?utm_source=lupa&utm_campaign=investigacion-usuarios-${i}&sesion=${randomBytes(16).toString('hex')}`;

/** A paid researcher with 20 analyses, the newest with three recordings (one playable) and notes. */
async function seed() {
  // A researcher who paid through the local checkout (scripts/lib/bench-client.mjs), with a long address.
  const owner = await researcher(base, 'lighthouse', {
    email: `lighthouse.investigadora.${Date.now().toString(36)}@laboratorio-de-usabilidad.example.com`,
  });

  let analysisId = '';
  for (let i = 20; i >= 1; i--) {
    const { analysisData } = await api(
      owner,
      'POST',
      '/analysis',
      analysisBody({
        name: `Proceso de compra con tarjeta regalo para clientes recurrentes en dispositivos móviles (ronda ${i})`,
        url: longUrl(i),
        maxNumberOfParticipants: 50,
        scenario:
          'Eres una persona que lleva semanas comparando cafeteras y por fin ha decidido comprar una desde el móvil.',
        tasks: textTasks(
          'Busca una cafetera superautomática de menos de 400 € en https://tienda-online-de-electrodomesticos-y-menaje.example.com/es-es/ofertas',
          'Añádela al carrito y aplica el código de descuento BIENVENIDA-2026-PRIMAVERA.',
        ),
      }),
    );
    analysisId = analysisData.id;
  }

  const video = readFileSync(new URL('../web/public/demo/lupa-demo.mp4', import.meta.url));
  const entryIds = [];
  for (const bytes of [video, randomBytes(4096), randomBytes(4096)]) {
    const participant = new Client(base);
    const { analysisEntryId } = await api(participant, 'POST', '/analysis/participate', { analysisId });
    const { segment } = await api(participant, 'POST', `/analysisEntry/${analysisEntryId}/segments`, {
      mimeType: 'video/mp4',
    });
    const size = Math.ceil(bytes.length / 4);
    const durationMs = bytes === video ? 18_000 : 4_000;
    for (let i = 0; i * size < bytes.length; i++) {
      const end = Math.min(bytes.length, (i + 1) * size);
      await api(
        participant,
        'PUT',
        `/analysisEntry/${analysisEntryId}/segments/${segment}/chunks/${i}`,
        new Uint8Array(bytes.subarray(i * size, end)),
        {
          'x-lupa-end-ms': String(Math.round((durationMs * end) / bytes.length)),
        },
      );
    }
    const steps = bytes === video ? [0, 2_000, 6_000, 12_000].map((atMs, index) => ({ index, atMs })) : [];
    await api(participant, 'POST', `/analysisEntry/${analysisEntryId}/complete`, { durationMs, steps });
    await api(participant, 'PATCH', '/analysisEntry', { analysisEntryId, analysisEntryStatus: 'submitted' });
    entryIds.push(analysisEntryId);
  }
  for (const [i, text] of [
    'La participante no encuentra el campo del código de descuento.',
    'Duda entre «Continuar como invitado» y «Crear cuenta».',
  ].entries()) {
    await api(owner, 'POST', `/entry/${entryIds[0]}/notes`, { atMs: 2_000 + i * 5_000, text });
  }
  return { cookie: owner.cookieHeader(), analysisId, entryId: entryIds[0] };
}

/** Runs check-lighthouse.mjs, streaming its output; resolves with its exit code. */
function lighthouse(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/check-lighthouse.mjs', '--min', min, ...args], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', () => resolve(2));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const { cookie, analysisId, entryId } = await seed();
  const signedIn = ['--cookie', cookie, '--enforce', 'accessibility,best-practices'];
  const pages = [
    {
      name: 'landing',
      args: [
        '--path',
        '/',
        '--runs',
        '3',
        '--enforce',
        'performance,accessibility,best-practices,seo',
        '--min-performance',
        '98',
      ],
    },
    { name: 'dashboard', args: ['--path', '/dashboard', ...signedIn] },
    { name: 'analysis detail', args: ['--path', `/analysis/${analysisId}`, ...signedIn] },
    { name: 'entry', args: ['--path', `/entry/${entryId}`, ...signedIn] },
  ];
  let passed = 0;
  let failed = 0;
  for (const page of pages) {
    console.log(`\n--- ${page.name}`);
    if ((await lighthouse(page.args)) === 0) passed++;
    else failed++;
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  console.log('0 passed, 1 failed');
  process.exit(2);
});
