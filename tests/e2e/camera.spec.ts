// The participant's camera (ADR 0008) end to end in Chromium with fake devices (the fake camera is
// the same green test pattern) against the real worker, D1, R2 and recorder wasm: a required camera
// holds 'Siguiente' back until it is granted, is recorded as its own file that ffprobe reads as a
// video, and the researcher sees 'Participante 1' with a thumbnail; an optional camera the browser
// refuses (a `Permissions-Policy: camera=()` page, the way a participant's "Block" behaves) lets the
// participant go on without it.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/accounts';
import {
  card,
  entryOf,
  expectAccessible,
  probeRecording,
  recordingStatus,
  researcherWithAnalysis,
} from './support/participation';

interface EntryAnswer {
  participantNumber: number;
  thumbnailUrl: string | null;
  segments: { url: string; durationMs: number; cameraUrl: string | null; cameraOffsetMs: number }[];
}

/** Up to the permission cards, with the screen and microphone shared. */
async function shareScreenAndMicrophone(page: Page, analysisId: string) {
  await page.goto(`/participate/${analysisId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByRole('heading', { name: 'Permisos de grabación' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Pantalla')).toContainText('Concedido', { timeout: 20_000 });
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });
}

/** Through the consent into the analysis, a few seconds of recording, every step, and Finish. */
async function recordAndFinish(page: Page, { cameraSentence }: { cameraSentence: boolean }) {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const consent = page.getByRole('dialog', { name: 'Confirmación de Seguridad' });
  await expect(consent).toBeVisible();
  await expect(consent.getByText('También se grabará la imagen de tu cámara.')).toHaveCount(cameraSentence ? 1 : 0);
  await consent.getByRole('button', { name: 'Aceptar y Continuar' }).click();
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
  // Past the thumbnail's 3 s, with a few seconds of camera.
  await page.waitForTimeout(5000);
  for (let step = 2; step <= 5; step++) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText(`Step ${step} of 5`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Finish Analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible({ timeout: 60_000 });
}

async function entryAnswer(request: APIRequestContext, entryId: string): Promise<EntryAnswer> {
  const answer = await request.get(`/api/v1/analysisEntry/${entryId}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as EntryAnswer;
}

test('a required camera: Siguiente waits for it, and the researcher gets a camera file ffprobe reads as video', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const analysisId = await researcherWithAnalysis(request, 3, 'required');
  await shareScreenAndMicrophone(page, analysisId);

  const camera = card(page, 'Cámara');
  await expect(camera).toContainText('Pendiente');
  await expect(camera).toContainText('Este análisis necesita la cámara.');
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await expectAccessible(page);

  await camera.getByRole('button', { name: 'Activar cámara' }).click();
  await expect(camera).toContainText('Concedido', { timeout: 20_000 });
  // The preview is live: the fake camera's frames arrive in the muted <video>.
  const preview = page.getByLabel('Vista previa de tu cámara');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => v.muted && v.videoWidth > 0 && !v.paused), {
      timeout: 10_000,
    })
    .toBe(true);
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
  await expectAccessible(page);

  await recordAndFinish(page, { cameraSentence: true });
  const { id: entryId, status } = await entryOf(analysisId);
  expect(status).toBe('submitted');

  const entry = await entryAnswer(request, entryId);
  expect(entry.participantNumber).toBe(1);
  const [segment] = entry.segments;
  expect(segment?.cameraUrl, 'the camera was recorded as its own file').toMatch(
    /\/api\/v1\/recordings\/[0-9a-f]{32}\/1\/camera\?/,
  );
  expect(segment!.cameraOffsetMs).toBeGreaterThanOrEqual(0);
  expect(segment!.cameraOffsetMs).toBeLessThan(5000);
  const camFile = await probeRecording(request, segment!.cameraUrl!);
  expect(camFile.types).toEqual(['video']);
  expect(camFile.seconds).toBeGreaterThan(3);
  const screenFile = await probeRecording(request, segment!.url);
  expect(screenFile.types.sort(), 'the microphone stays with the screen').toEqual(['audio', 'video']);

  // The participations table: 'Participante 1' with a thumbnail the browser took.
  const detail = await request.get(`/api/v1/analysis/${analysisId}`);
  const [row] = (
    (await detail.json()) as {
      analysisData: { AnalysisEntries: { participantNumber: number; status: string; thumbnailUrl: string | null }[] };
    }
  ).analysisData.AnalysisEntries;
  expect(row).toMatchObject({ participantNumber: 1, status: 'submitted' });
  expect(row!.thumbnailUrl).toBeTruthy();
  const thumbnail = await request.get(new URL(row!.thumbnailUrl!).pathname + new URL(row!.thumbnailUrl!).search);
  expect(thumbnail.headers()['content-type']).toBe('image/jpeg');
  expect((await thumbnail.body()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
});

test('an optional camera the participant refuses: the analysis goes on and is recorded without it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const analysisId = await researcherWithAnalysis(request, 3, 'optional');
  // The participation page forbids the camera, as a blocked permission does.
  await page.route(/\/participate\//, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'permissions-policy': 'camera=()' } });
  });
  await shareScreenAndMicrophone(page, analysisId);

  const camera = card(page, 'Cámara');
  await expect(camera).toContainText('Es opcional: puedes continuar sin cámara.');
  await camera.getByRole('button', { name: 'Activar cámara' }).click();
  await expect(
    camera.getByText('Se ha denegado el permiso de la cámara. Permite el acceso a la cámara en tu navegador.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(camera).toContainText('Pendiente');
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeEnabled();

  await recordAndFinish(page, { cameraSentence: false });
  const { id: entryId } = await entryOf(analysisId);
  const entry = await entryAnswer(request, entryId);
  expect(entry.segments.map((s) => s.cameraUrl)).toEqual([null]);
  expect(entry.segments[0]!.durationMs).toBeGreaterThan(3000);
});
