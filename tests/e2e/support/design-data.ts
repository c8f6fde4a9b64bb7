/**
 * Realistic data for the design-system sweep (design-system.spec.ts), made once per server state:
 * a paid researcher with 20 analyses (long titles, long URLs), one of them with five participations
 * (a playable recording with step marks and long notes, two small ones, one still in progress), an
 * open test-mode checkout, a valid password-reset token; an admin with 20 users and 20 waitlist
 * sign-ups, all with long e-mails; and a second paid researcher who hosts the participation tests.
 *
 * Playwright discards a worker after every failing test and the sweep is expected to fail often
 * while screens are restyled, so the data is not tied to a worker: the first worker writes it to a
 * JSON file in the server's state directory (LUPA_STATE_DIR) and every later worker, and every later
 * run against the same server, reads it back as long as its sessions still work.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import * as accounts from '../../../scripts/lib/accounts.mjs';
import { clientHeaders, expect, grantSubscription, loginViaApi, registerViaApi, resetLinkFor } from './accounts';
import { literal, sql } from './db';
import { asParticipant, uploadRecording } from './recording';
import { invitePathFor } from './team';

/** Bumped whenever the shape or content of the seed changes, so an old file is not reused. */
const SEED_VERSION = 2;
const DEMO_VIDEO = fileURLToPath(new URL('../../../web/public/demo/lupa-demo.mp4', import.meta.url));

/** Cookies as `BrowserContext.addCookies` takes them. */
export type Cookies = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];

export interface DesignSeed {
  version: number;
  baseURL: string;
  researcher: { email: string; cookies: Cookies };
  admin: { email: string; cookies: Cookies };
  host: { email: string; cookies: Cookies };
  analyses: { id: string; name: string; url: string }[];
  /** The analysis with participations, and its entries (the first has the playable recording). */
  main: { id: string; name: string; entryIds: string[]; notes: string[] };
  checkoutSessionId: string;
  resetPath: string;
  /** An invitation to the researcher's team (ADR 0019), for the signed-out invitation page. */
  invitePath: string;
  adminUserEmails: string[];
  adminSearch: string;
  waitlistEmails: string[];
}

const hex32 = () => randomBytes(16).toString('hex');

/** Text sized like real content that does not fit a phone's line: no spaces to break inside. */
export const longUrl = (i: number, id = hex32()) =>
  `https://tienda-online-de-electrodomesticos-y-menaje.example.com/es-es/categorias/cocina/cafeteras-superautomaticas/` +
  `comparativa-2026?utm_source=lupa&utm_medium=estudio&utm_campaign=investigacion-usuarios-${i}&sesion=${id}`;

const TITLES = [
  'Proceso de compra con tarjeta regalo para clientes recurrentes en dispositivos móviles de gama baja',
  'Onboarding de la aplicación bancaria: apertura de cuenta con verificación de identidad por vídeo',
  'Búsqueda y filtrado en el catálogo de recambios para electrodomésticos de más de diez años',
  'Reserva de citas médicas para personas mayores con lector de pantalla y ampliación de texto',
  'Configurador de muebles a medida con vista previa en realidad aumentada y presupuesto',
];

const TASKS = [
  'Entra en https://tienda-online-de-electrodomesticos-y-menaje.example.com/es-es/ofertas/semana-del-hogar-2026?ref=lupa-estudio y busca una cafetera superautomática de menos de 400 €.',
  'Añade la cafetera al carrito, aplica el código de descuento BIENVENIDA-2026-PRIMAVERA y comprueba que el precio final con IVA y gastos de envío es correcto.',
  'Intenta cambiar la dirección de entrega por la de tu oficina (calle de Francisco Silvela, 106, 28002 Madrid) sin perder el contenido del carrito.',
  'Finaliza la compra como invitado y busca dónde se descarga la factura simplificada.',
];

const SCENARIO =
  'Eres una persona que lleva semanas comparando cafeteras y por fin ha decidido comprar una. Tienes prisa porque sales de viaje mañana, ' +
  'así que quieres terminar la compra desde el móvil en menos de diez minutos, sin registrarte y pagando con la tarjeta de la empresa.';

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** A new customer signed in on its own request context (the caller disposes of it). */
async function signedIn(baseURL: string, email: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: clientHeaders() });
  await registerViaApi(context, email);
  await loginViaApi(context, email);
  return context;
}

async function createAnalysis(context: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const created = await ok(await context.post('/api/v1/analysis', { data }));
  return ((await created.json()) as { analysisData: { id: string } }).analysisData.id;
}

/** The analysis a participation test goes through: long scenario, long URL, long tasks. */
export const participationAnalysis = (stamp: number) => ({
  name: `${TITLES[0]} — participación ${stamp}`,
  url: longUrl(0),
  maxNumberOfParticipants: 5,
  scenario: SCENARIO,
  tasks: TASKS.slice(0, 3).map((taskContent) => ({ taskType: 'text', taskContent })),
  device: 'computer',
  // Off like researcherWithAnalysis's: no third track to record, no audio sent after Finish.
  transcription: { enabled: false, language: 'es', summaries: true },
});

/** A participant (own context, own capability cookie) joins `analysisId`; returns the entry id. */
function joinAnalysis(
  baseURL: string,
  analysisId: string,
  recording?: { bytes: Buffer; durationMs: number; steps?: { index: number; atMs: number }[] },
) {
  return asParticipant(baseURL, analysisId, async (participant, entryId) => {
    if (recording)
      await uploadRecording(participant, entryId, recording.bytes, {
        durationMs: recording.durationMs,
        steps: recording.steps ?? [],
        chunks: 3,
      });
  });
}

async function makeSeed(baseURL: string): Promise<DesignSeed> {
  const stamp = Date.now();
  const tag = stamp.toString(36);

  // The researcher pays through the local checkout, as a user would; a second session stays open.
  const researcherEmail = `maria.fernandez-de-la-fuente.${tag}@laboratorio-de-usabilidad.example.com`;
  const researcher = await signedIn(baseURL, researcherEmail);
  const hostEmail = `anfitrion.participaciones.${tag}@example.com`;
  const host = await signedIn(baseURL, hostEmail);
  try {
    // Two checkouts opened before paying the first: the other stays open for the checkout page's sweep.
    const billing = accounts.playwrightCall(researcher);
    await accounts.createCustomer(billing);
    const sessions = [await accounts.openCheckout(billing), await accounts.openCheckout(billing)];
    await accounts.payCheckout(billing, sessions[0]!);

    // 20 analyses, the newest first on the dashboard; the main one gets the participations.
    const analyses: DesignSeed['analyses'] = [];
    for (let i = 0; i < 20; i++) {
      const name = `${TITLES[i % TITLES.length]} (ronda ${i + 1}, ${tag})`;
      const url = longUrl(i);
      const id = await createAnalysis(researcher, {
        name,
        url,
        maxNumberOfParticipants: i === 0 ? 1000 : 5 + i,
        scenario: i % 3 === 0 ? SCENARIO : 'null',
        tasks: TASKS.slice(0, 1 + (i % TASKS.length)).map((taskContent) => ({ taskType: 'text', taskContent })),
        device: i % 4 === 3 ? 'mobile' : 'computer',
      });
      analyses.push({ id, name, url });
    }
    const main = analyses[0]!;
    const steps = [0, 2_000, 6_000, 10_000, 14_000].map((atMs, index) => ({ index, atMs }));
    const entryIds = [
      await joinAnalysis(baseURL, main.id, { bytes: await readFile(DEMO_VIDEO), durationMs: 18_000, steps }),
    ];
    for (let i = 0; i < 2; i++)
      entryIds.push(await joinAnalysis(baseURL, main.id, { bytes: randomBytes(2048), durationMs: 4_000 }));
    entryIds.push(await joinAnalysis(baseURL, main.id));
    const notes = [
      'La participante no encuentra el campo del código de descuento: lo busca primero en la ficha del producto y después en el pie de página.',
      'Duda entre «Continuar como invitado» y «Crear cuenta»; lee dos veces el texto legal antes de decidirse.',
      `Copia la URL https://tienda-online-de-electrodomesticos-y-menaje.example.com/es-es/ayuda/envios-y-devoluciones?ref=${hex32()} para mirarla después.`,
    ];
    for (const [i, text] of notes.entries()) {
      await ok(
        await researcher.post(`/api/v1/entry/${entryIds[0]}/notes`, { data: { atMs: 1_500 + i * 4_000, text } }),
      );
    }

    // The participation tests' host: paid through the database, like the other specs' researchers.
    await grantSubscription(hostEmail);

    // A reset link for the researcher (asking for it does not sign anybody out).
    const anonymous = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: clientHeaders() });
    await ok(await anonymous.post('/api/v1/auth/password-reset', { data: { email: researcherEmail } }));
    await anonymous.dispose();
    const resetPath = await resetLinkFor(researcherEmail);

    // The admin, 20 users and 20 waitlist sign-ups with long addresses, straight into D1.
    const adminEmail = `administracion.plataforma.${tag}@departamento-de-sistemas.example.com`;
    const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: clientHeaders() });
    await registerViaApi(admin, adminEmail);
    await sql(`UPDATE users SET role = 'admin' WHERE email_normalized = ${literal(adminEmail.toLowerCase())}`);
    await loginViaApi(admin, adminEmail);
    const adminSearch = `investigacion-${tag}`;
    const adminUserEmails = Array.from(
      { length: 20 },
      (_, i) =>
        `${['maria.jose', 'juan.carlos', 'ana.belen', 'francisco.javier'][i % 4]}.garcia-fernandez-${i + 1}@${adminSearch}-de-mercados.example.org`,
    );
    const waitlistEmails = Array.from(
      { length: 20 },
      (_, i) => `persona.interesada.numero-${i + 1}.${tag}@una-empresa-con-nombre-largo-de-consultoria.example.net`,
    );
    const users = adminUserEmails.map((email, i) => {
      const at = stamp - i * 3_600_000;
      const lastLogin = i % 3 === 0 ? 'NULL' : String(at + 600_000);
      return `(${literal(hex32())}, ${literal(email)}, ${literal(email)}, NULL, ${literal(i % 5 === 4 ? 'admin' : 'customer')}, 'x', ${lastLogin}, ${at}, ${at})`;
    });
    const waitlist = waitlistEmails.map((email, i) => {
      const at = stamp - i * 7_200_000;
      return `(${literal(hex32())}, ${literal(email)}, ${literal(email)}, 1, ${at}, ${at})`;
    });
    await sql(
      `INSERT INTO users (id, email, email_normalized, name, role, password_hash, last_login_at, created_at, updated_at) VALUES ${users.join(', ')};` +
        `INSERT INTO waitlist (id, email, email_normalized, consent, consent_at, created_at) VALUES ${waitlist.join(', ')}`,
    );

    // The researcher's team (ADR 0019): members with long addresses in every role, pending
    // invitations, and a second workspace (the host's) so the header has its switcher.
    const researcherWorkspace = `(SELECT workspace_id FROM users WHERE email_normalized = ${literal(researcherEmail.toLowerCase())})`;
    await sql(
      adminUserEmails
        .slice(0, 3)
        .map(
          (email, i) =>
            `INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) SELECT ${researcherWorkspace}, id, ${literal(['admin', 'researcher', 'observer'][i]!)}, ${stamp - i * 86_400_000} FROM users WHERE email_normalized = ${literal(email.toLowerCase())}`,
        )
        .join(';') +
        `;INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) SELECT (SELECT workspace_id FROM users WHERE email_normalized = ${literal(hostEmail.toLowerCase())}), id, 'observer', ${stamp} FROM users WHERE email_normalized = ${literal(researcherEmail.toLowerCase())}`,
    );
    for (const [i, role] of ['researcher', 'observer', 'admin'].entries()) {
      await ok(
        await researcher.post('/api/v1/team/invitations', {
          data: {
            email: `persona.invitada.numero-${i + 1}.${tag}@una-consultora-con-nombre-muy-largo.example.org`,
            role,
          },
        }),
      );
    }
    const inviteeEmail = `persona.invitada.numero-3.${tag}@una-consultora-con-nombre-muy-largo.example.org`;
    const invitePath = await invitePathFor(inviteeEmail);

    const seed: DesignSeed = {
      version: SEED_VERSION,
      baseURL,
      researcher: { email: researcherEmail, cookies: (await researcher.storageState()).cookies },
      admin: { email: adminEmail, cookies: (await admin.storageState()).cookies },
      host: { email: hostEmail, cookies: (await host.storageState()).cookies },
      analyses,
      main: { id: main.id, name: main.name, entryIds, notes },
      checkoutSessionId: sessions[1]!,
      resetPath,
      invitePath,
      adminUserEmails,
      adminSearch,
      waitlistEmails,
    };
    await admin.dispose();
    return seed;
  } finally {
    await researcher.dispose();
    await host.dispose();
  }
}

/** Whether every session of `seed` still signs in (a restarted or clock-moved server ends them). */
async function stillValid(seed: DesignSeed, baseURL: string): Promise<boolean> {
  if (seed.version !== SEED_VERSION || seed.baseURL !== baseURL) return false;
  for (const who of [seed.researcher, seed.admin, seed.host]) {
    const context = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: clientHeaders(),
      storageState: { cookies: who.cookies, origins: [] },
    });
    try {
      if ((await context.get('/api/v1/auth/session')).status() !== 200) return false;
    } finally {
      await context.dispose();
    }
  }
  return true;
}

/**
 * The seed for the server at `baseURL`: read from the state directory, or made by the one worker
 * that gets the lock (a directory: mkdir is atomic) while the others wait for the file.
 */
export async function designSeed(baseURL: string): Promise<DesignSeed> {
  const stateDir = process.env.LUPA_STATE_DIR;
  if (!stateDir) throw new Error('LUPA_STATE_DIR is not set: start the server with a state dir and pass it');
  const file = join(stateDir, 'design-system-seed.json');
  const lock = join(stateDir, 'design-system-seed.lock');
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (existsSync(file)) {
      const seed = JSON.parse(readFileSync(file, 'utf8')) as DesignSeed;
      if (await stillValid(seed, baseURL)) return seed;
    }
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is seeding; a lock older than the longest seeding is left over from a crash.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 200_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another worker to seed the design-system data');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    try {
      // Made while this worker waited for the lock?
      if (existsSync(file)) {
        const seed = JSON.parse(readFileSync(file, 'utf8')) as DesignSeed;
        if (await stillValid(seed, baseURL)) return seed;
      }
      const seed = await makeSeed(baseURL);
      writeFileSync(file, JSON.stringify(seed, null, 2));
      return seed;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
