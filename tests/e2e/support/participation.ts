/**
 * The participation flow as a participant's browser goes through it: a subscribed researcher with
 * an analysis, the invitation link up to the first step, the permission cards, and axe checks.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, grantSubscription, loginViaApi, registerViaApi, uniqueEmail } from './accounts';
import { literal, sql } from './db';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const TASKS = ['Busca un producto', 'Lee https://example.com/ayuda y vuelve aquí', 'Añádelo al carrito'];
export const SCENARIO = 'Eres un cliente nuevo de la tienda.';

/**
 * A subscribed researcher (logged in on `request`) with one published analysis; returns its id.
 * `camera`: the analysis's camera setting (ADR 0008; 'off' when left out). Transcription is off
 * unless `transcribe`: a transcribed participation records a third track and sends its audio to
 * the Whisper stand-in after Finish, load that tests of other things don't need (ADR 0018).
 * `stateDir`: the state of the server `request` talks to, when it is the test's own.
 */
export async function researcherWithAnalysis(
  request: APIRequestContext,
  maxNumberOfParticipants = 3,
  camera?: 'off' | 'optional' | 'required',
  { transcribe = false, stateDir }: { transcribe?: boolean; stateDir?: string } = {},
): Promise<string> {
  const email = uniqueEmail();
  await registerViaApi(request, email);
  await grantSubscription(email, stateDir);
  await loginViaApi(request, email);
  const now = Date.now();
  const created = await request.post('/api/v1/analysis', {
    data: {
      name: `Participación e2e ${now}`,
      url: 'example.com',
      maxNumberOfParticipants,
      scenario: SCENARIO,
      tasks: TASKS.map((taskContent) => ({ taskType: 'text', taskContent })),
      device: 'computer',
      ...(camera ? { camera } : {}),
      transcription: { enabled: transcribe, language: 'es' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { analysisData: { id: string } }).analysisData.id;
}

/** No serious or critical axe findings on what `page` shows now. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

/**
 * From the invitation link to the first step of the analysis. Returns when 'Aceptar y Continuar'
 * was clicked (epoch ms): recording cannot have started before that. `beforePermissions` answers
 * what the analysis asks between 'Participar' and the permissions.
 */
export async function startAnalysis(
  page: Page,
  analysisId: string,
  { beforePermissions }: { beforePermissions?: (page: Page) => Promise<void> } = {},
): Promise<number> {
  await page.goto(`/participate/${analysisId}`);
  await expect(page.getByLabel('ID de Análisis')).toHaveValue(analysisId);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Participar' }).click();
  // The screener or the questions before the tasks, when the analysis asks them (issue 45).
  await beforePermissions?.(page);
  await expect(page.getByRole('heading', { name: 'Permisos de grabación' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Pantalla')).toContainText('Concedido', { timeout: 20_000 });
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const consent = page.getByRole('dialog', { name: 'Confirmación de Seguridad' });
  await expect(consent).toBeVisible();
  await expectAccessible(page);
  const consentedAt = Date.now();
  await consent.getByRole('button', { name: 'Aceptar y Continuar' }).click();
  // 5 steps, or more screens when the analysis asks questions (ADR 0015).
  await expect(page.getByText(/^Step 1 of \d+$/)).toBeVisible({ timeout: 20_000 });
  return consentedAt;
}

/** What ffprobe reads in the file at `signedUrl` (a signed recording URL): its seconds of media, and its streams' codecs and types. */
export async function probeRecording(
  request: APIRequestContext,
  signedUrl: string,
): Promise<{ seconds: number; codecs: string[]; types: string[]; format: string }> {
  const { execFile } = await import('node:child_process');
  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { promisify } = await import('node:util');
  const url = new URL(signedUrl);
  const file = await request.get(`${url.pathname}${url.search}`);
  expect(file.status()).toBe(200);
  const dir = await mkdtemp(join(tmpdir(), 'lupa-probe-'));
  try {
    const path = join(dir, 'recording');
    await writeFile(path, await file.body());
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration,format_name:stream=codec_name,codec_type',
      '-of',
      'json',
      path,
    ]);
    const probe = JSON.parse(stdout) as {
      format: { duration?: string; format_name?: string };
      streams: { codec_name: string; codec_type: string }[];
    };
    return {
      seconds: Number(probe.format.duration),
      codecs: probe.streams.map((stream) => stream.codec_name),
      types: probe.streams.map((stream) => stream.codec_type),
      /** ffprobe's name of the container: 'mov,mp4,m4a,3gp,3g2,mj2' or 'matroska,webm'. */
      format: probe.format.format_name ?? '',
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The participant's recording indicator while MediaRecorder runs. */
export const recordingStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^Grabando$/ });

/** The participant's only entry of `analysisId` (on the server of `stateDir`, the suite's by default). */
export async function entryOf(analysisId: string, stateDir?: string): Promise<{ id: string; status: string }> {
  const rows = await sql(
    `SELECT id, status FROM analysis_entries WHERE analysis_id = ${literal(analysisId)}`,
    stateDir,
  );
  expect(rows).toHaveLength(1);
  return rows[0] as { id: string; status: string };
}

/**
 * A subscribed researcher's new analysis (`places` places), and a participant on `page` recording
 * for `ms` after 'Grabando' showed; returns the analysis id and the participant's entry.
 */
export async function recordingFor(page: Page, request: APIRequestContext, ms: number, places = 3) {
  const analysisId = await researcherWithAnalysis(request, places);
  await startAnalysis(page, analysisId);
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(ms);
  return { analysisId, entry: await entryOf(analysisId) };
}
