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

const root = new URL('..', import.meta.url).pathname;
const base = process.env.LUPA_BASE_URL ?? 'http://127.0.0.1:8787';
const minAt = process.argv.indexOf('--min');
const min = minAt === -1 ? '95' : process.argv[minAt + 1];
const PASSWORD = 'una clave bastante larga';
// The API rate-limits per client address: these requests get an address of their own.
const CLIENT_IP = `10.250.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** A cookie jar as small as this needs: name=value pairs, refreshed from each answer. */
function jar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

/** One API call with `cookies`; fails loudly on an error answer. */
async function api(cookies, method, path, body, headers = {}) {
  const isBytes = body instanceof Uint8Array;
  const response = await fetch(new URL(`/api/v1${path}`, base), {
    method,
    headers: {
      'cf-connecting-ip': CLIENT_IP,
      cookie: cookies.header(),
      ...(body === undefined ? {} : { 'content-type': isBytes ? 'application/octet-stream' : 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : isBytes ? body : JSON.stringify(body),
  });
  cookies.take(response);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

const longUrl = (i) =>
  `https://tienda-online-de-electrodomesticos-y-menaje.example.com/es-es/categorias/cocina/cafeteras-superautomaticas/` +
  `comparativa-2026?utm_source=lupa&utm_campaign=investigacion-usuarios-${i}&sesion=${randomBytes(16).toString('hex')}`;

/** A paid researcher with 20 analyses, the newest with three recordings (one playable) and notes. */
async function seed() {
  const researcher = jar();
  const email = `lighthouse.investigadora.${Date.now().toString(36)}@laboratorio-de-usabilidad.example.com`;
  await api(researcher, 'POST', '/auth/register/local/customer', { username: email, password: PASSWORD });
  await api(researcher, 'POST', '/auth/login/local', { username: email, password: PASSWORD });
  await api(researcher, 'POST', '/billing', {});
  const { checkoutSessionUrl } = await api(researcher, 'POST', '/billing/checkout-session', { planName: 'basic', planBillingCycle: 'monthly' });
  await api(researcher, 'POST', `/billing/local/checkout/${new URL(checkoutSessionUrl, base).pathname.split('/').pop()}/pay`, {});

  let analysisId = '';
  for (let i = 20; i >= 1; i--) {
    const { analysisData } = await api(researcher, 'POST', '/analysis', {
      name: `Proceso de compra con tarjeta regalo para clientes recurrentes en dispositivos móviles (ronda ${i})`,
      url: longUrl(i),
      maxNumberOfParticipants: 50,
      scenario: 'Eres una persona que lleva semanas comparando cafeteras y por fin ha decidido comprar una desde el móvil.',
      tasks: [
        { taskType: 'text', taskContent: 'Busca una cafetera superautomática de menos de 400 € en https://tienda-online-de-electrodomesticos-y-menaje.example.com/es-es/ofertas' },
        { taskType: 'text', taskContent: 'Añádela al carrito y aplica el código de descuento BIENVENIDA-2026-PRIMAVERA.' },
      ],
      device: 'computer',
    });
    analysisId = analysisData.id;
  }

  const video = readFileSync(new URL('../web/public/demo/lupa-demo.mp4', import.meta.url));
  const entryIds = [];
  for (const bytes of [video, randomBytes(4096), randomBytes(4096)]) {
    const participant = jar();
    const { analysisEntryId } = await api(participant, 'POST', '/analysis/participate', { analysisId });
    const { segment } = await api(participant, 'POST', `/analysisEntry/${analysisEntryId}/segments`, { mimeType: 'video/mp4' });
    const size = Math.ceil(bytes.length / 4);
    const durationMs = bytes === video ? 18_000 : 4_000;
    for (let i = 0; i * size < bytes.length; i++) {
      const end = Math.min(bytes.length, (i + 1) * size);
      await api(participant, 'PUT', `/analysisEntry/${analysisEntryId}/segments/${segment}/chunks/${i}`, new Uint8Array(bytes.subarray(i * size, end)), {
        'x-lupa-end-ms': String(Math.round((durationMs * end) / bytes.length)),
      });
    }
    const steps = bytes === video ? [0, 2_000, 6_000, 12_000].map((atMs, index) => ({ index, atMs })) : [];
    await api(participant, 'POST', `/analysisEntry/${analysisEntryId}/complete`, { durationMs, steps });
    await api(participant, 'PATCH', '/analysisEntry', { analysisEntryId, analysisEntryStatus: 'submitted' });
    entryIds.push(analysisEntryId);
  }
  for (const [i, text] of ['La participante no encuentra el campo del código de descuento.', 'Duda entre «Continuar como invitado» y «Crear cuenta».'].entries()) {
    await api(researcher, 'POST', `/entry/${entryIds[0]}/notes`, { atMs: 2_000 + i * 5_000, text });
  }
  return { cookie: researcher.header(), analysisId, entryId: entryIds[0] };
}

/** Runs check-lighthouse.mjs, streaming its output; resolves with its exit code. */
function lighthouse(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/check-lighthouse.mjs', '--min', min, ...args], { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(2));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const { cookie, analysisId, entryId } = await seed();
  const signedIn = ['--cookie', cookie, '--enforce', 'accessibility,best-practices'];
  const pages = [
    { name: 'landing', args: ['--path', '/', '--runs', '3', '--enforce', 'performance,accessibility,best-practices,seo', '--min-performance', '98'] },
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
