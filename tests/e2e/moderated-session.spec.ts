// A moderated session (issue 49, ADR 0024) in three Chromium contexts against the real worker,
// peer to peer over loopback with the fake camera, microphone and screen: the researcher creates
// the session from the analysis's 'Compartir' tab and enters its room as moderator; a team
// observer opens the same room; the participant opens the link and records as usual. The
// moderator sees the participant's screen advance and hears their microphone; the participant
// hears the moderator and is never shown the observer; the observer's backchannel message reaches
// the moderator and not the participant; 'Siguiente tarea' moves the participant's floating task
// window to task 2. Then the participant's signalling socket is cut for 5 s: 'Reconectando…'
// shows, and the call comes back by itself while the recording goes on. Deleting the session from
// the analysis ends the call on every side, and still not the recording.
import type { APIRequestContext, Page, WebSocketRoute } from '@playwright/test';
import { expect, loginViaApi, registerViaApi, test, uniqueEmail } from './support/accounts';
import { designFindings, useColorScheme } from './support/design-checks';
import { expectVideoAdvances } from './support/media';
import { card, entryOf, recordingStatus, researcherWithAnalysis } from './support/participation';
import { invitePathFor } from './support/team';

/** Makes `email` (a new account, logged in on `observer`) an observer of `owner`'s workspace. */
async function addObserver(owner: APIRequestContext, observer: APIRequestContext, email: string) {
  await registerViaApi(observer, email);
  await loginViaApi(observer, email);
  const invited = await owner.post('/api/v1/team/invitations', { data: { email, role: 'observer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const path = await invitePathFor(email);
  const accepted = await observer.post(`/api/v1/invitations/${path.split('/').at(-1)}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** No serious axe finding and nothing overflowing on `page` at a phone's 360 px, light and dark. */
async function expectCleanAt360(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await useColorScheme(page, colorScheme);
    expect(await designFindings(page, test.info()), colorScheme).toEqual([]);
  }
  await useColorScheme(page, 'light');
  if (size) await page.setViewportSize(size);
}

/** The loudest sample (0–1) of the live call audio on `page` over 2.5 s, read with a WebAudio analyser. */
const callAudioPeak = (page: Page) =>
  page.evaluate(async () => {
    const tracks = [...document.querySelectorAll<HTMLAudioElement>('audio[data-call-audio]')]
      .flatMap((audio) => (audio.srcObject as MediaStream | null)?.getAudioTracks() ?? [])
      .filter((track) => track.readyState === 'live');
    if (tracks.length === 0) return 0;
    const context = new AudioContext();
    await context.resume();
    const analysers = tracks.map((track) => {
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
      return analyser;
    });
    const data = new Float32Array(2048);
    let peak = 0;
    const end = performance.now() + 2500;
    while (performance.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const analyser of analysers) {
        analyser.getFloatTimeDomainData(data);
        for (const value of data) peak = Math.max(peak, Math.abs(value));
      }
    }
    await context.close();
    return peak;
  });

/** From the participant's link to the first step of the analysis, as `startAnalysis` does from the invite. */
async function participate(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByRole('heading', { name: 'Permisos de grabación' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Compartir pantalla y micrófono' }).click();
  await expect(card(page, 'Pantalla')).toContainText('Concedido', { timeout: 20_000 });
  await expect(card(page, 'Micrófono')).toContainText('Concedido', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page
    .getByRole('dialog', { name: 'Confirmación de Seguridad' })
    .getByRole('button', { name: 'Aceptar y Continuar' })
    .click();
  await expect(recordingStatus(page)).toBeVisible({ timeout: 20_000 });
}

test('a moderated session: the moderator sees and hears the participant, observers stay hidden, tasks move, and a cut call comes back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const moderatorContext = await browser.newContext({ baseURL });
  const observerContext = await browser.newContext({ baseURL });
  const moderator = await moderatorContext.newPage();
  const observer = await observerContext.newPage();
  const analysisId = await researcherWithAnalysis(moderator.request);
  const observerEmail = uniqueEmail();
  await addObserver(moderator.request, observer.request, observerEmail);

  // The session, from the analysis's 'Compartir' tab; its link shown once, and the room.
  await moderator.goto(`/analysis/${analysisId}?tab=share`);
  await moderator.getByRole('button', { name: 'Sesión moderada' }).click();
  await moderator.getByRole('button', { name: 'Crear sesión' }).click();
  const created = moderator.getByRole('dialog', { name: 'Sesión creada' });
  await expect(created).toBeVisible();
  const url = new URL(await created.getByLabel('Enlace del participante').inputValue());
  expect(url.pathname).toBe(`/participate/${analysisId}`);
  await created.getByRole('link', { name: 'Entrar en la sala' }).click();
  await expect(moderator.getByRole('heading', { name: 'Sesión moderada' })).toBeVisible();
  await expect(moderator.getByTestId('call-status')).toHaveText('Esperando al participante…', { timeout: 20_000 });
  const roomPath = new URL(moderator.url()).pathname;

  // The observer joins the room: the moderator sees who is watching.
  await observer.goto(roomPath);
  await expect(observer.getByText('Observas esta sesión: el participante no te ve ni te oye.')).toBeVisible();
  await expect(moderator.getByTestId('watchers')).toContainText(observerEmail, { timeout: 15_000 });

  // Some routing around the participant's room socket, passed straight through, which the end of
  // the test uses to cut it.
  let blocked = false;
  let current: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/api\/v1\/session-link\/[^/]+\/room$/, (socket) => {
    if (blocked) {
      void socket.close({ code: 1011, reason: 'cut by the test' });
      return;
    }
    current = socket;
    socket.connectToServer();
  });
  await participate(page, `${url.pathname}${url.search}`);
  // The participation through the link is the session's recording (ADR 0024).
  const entry = await entryOf(analysisId);
  const session = await moderator.request.get(`/api/v1/sessions/${roomPath.split('/').at(-1)}`);
  expect(((await session.json()) as { entryId: string | null }).entryId).toBe(entry.id);

  // The moderator sees the participant's screen and hears their microphone.
  await expect(moderator.getByTestId('call-status')).toHaveText('Conectado', { timeout: 30_000 });
  await expectVideoAdvances(moderator.getByTestId('remote-screen'));
  await expect.poll(() => callAudioPeak(moderator), { timeout: 20_000 }).toBeGreaterThan(0.01);
  // The observer gets the same picture, relayed by the moderator.
  await expectVideoAdvances(observer.getByTestId('remote-screen'));
  // Both rooms read well on a phone, and so does the participant's call.
  await expectCleanAt360(moderator);
  await expectCleanAt360(observer);
  await expectCleanAt360(page);

  // The participant hears the moderator, and nothing on their page names the observer.
  await expect(page.getByTestId('participant-call-status')).toHaveText('Conectado con el moderador', {
    timeout: 20_000,
  });
  await expect.poll(() => callAudioPeak(page), { timeout: 20_000 }).toBeGreaterThan(0.01);
  expect(await page.locator('body').innerText()).not.toContain(observerEmail);

  // The backchannel: the observer's message reaches the moderator, never the participant.
  const message = `¿Ha visto el botón de pagar? ${Date.now()}`;
  await observer.getByLabel('Mensaje para el equipo').fill(message);
  await observer.getByRole('button', { name: 'Enviar' }).click();
  await expect(moderator.getByRole('log')).toContainText(message, { timeout: 10_000 });
  await page.waitForTimeout(1000);
  expect(await page.locator('body').innerText()).not.toContain(message);

  // 'Siguiente tarea' twice: the participant's floating window shows task 2.
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Abrir tareas en ventana flotante' }).click();
  const floating = await opened;
  await expect(floating.getByRole('main')).toBeVisible();
  await moderator.getByRole('button', { name: 'Siguiente tarea' }).click();
  await expect(moderator.getByTestId('room-task')).toHaveText('Tarea 1 de 3');
  await moderator.getByRole('button', { name: 'Siguiente tarea' }).click();
  await expect(moderator.getByTestId('room-task')).toHaveText('Tarea 2 de 3');
  await expect(floating.getByRole('heading', { name: 'Task 2' })).toBeVisible({ timeout: 10_000 });
  expect(await floating.locator('body').innerText()).not.toContain(observerEmail);

  // The signalling socket cut for 5 s: 'Reconectando…' on both sides, then the call is back by
  // itself, and the recording never stopped.
  blocked = true;
  await (current as WebSocketRoute | null)?.close({ code: 1011, reason: 'cut by the test' });
  await expect(page.getByTestId('participant-call-status')).toHaveText('Reconectando…', { timeout: 10_000 });
  await expect(moderator.getByTestId('call-status')).toHaveText(/Reconectando…|Esperando al participante…/, {
    timeout: 10_000,
  });
  await page.waitForTimeout(5000);
  await expect(recordingStatus(page)).toBeVisible();
  blocked = false;
  await expect(page.getByTestId('participant-call-status')).toHaveText('Conectado con el moderador', {
    timeout: 30_000,
  });
  await expect(moderator.getByTestId('call-status')).toHaveText('Conectado', { timeout: 30_000 });
  await expectVideoAdvances(moderator.getByTestId('remote-screen'));
  await expect(recordingStatus(page)).toBeVisible();
  const timer = page.getByRole('timer').first();
  const before = await timer.innerText();
  await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(before);

  // The analysis lists the session; deleting it closes the room: the participant's call ends,
  // and their recording goes on.
  await moderator.goto(`/analysis/${analysisId}?tab=share`);
  const sessions = moderator.getByTestId('sessions-list');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await sessions.getByRole('button', { name: 'Eliminar' }).click();
  await moderator
    .getByRole('alertdialog', { name: '¿Eliminar la sesión moderada?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(moderator.getByText('Aún no hay sesiones moderadas.')).toBeVisible();
  await expect(page.getByTestId('participant-call-status')).toHaveText(
    'La llamada ha terminado. La grabación continúa.',
    { timeout: 15_000 },
  );
  await expect(observer.getByTestId('call-status')).toHaveText('La sesión se ha eliminado.', { timeout: 15_000 });
  await expect(recordingStatus(page)).toBeVisible();

  await moderatorContext.close();
  await observerContext.close();
});
