// Research teams end to end (issue 44, ADR 0019), three people in three browsers against the real
// worker: the owner invites a researcher and an observer from 'Equipo'; each opens the mailed link
// (the local outbox) and joins: the researcher after logging in from the invitation page, which
// brings them back to it. The researcher's analysis shows on the owner's dashboard. The observer
// has no 'Crear nuevo análisis' (and the API refuses them one), watches a recording of the owner's
// analysis play and adds a note the owner sees with the observer's name. The owner removes the
// researcher, whose open analysis page then says 'Ya no tienes acceso a este equipo' on its next
// action, with a way back to their own workspace, and whose open live view closes (the owner's
// analysis page had named them among those watching). The billing page counts 2 seats (owner and
// researcher; the observer is free) and 1 after the removal, with the next amount to match.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  clientHeaders,
  customerOnDashboard,
  expect,
  loginViaApi,
  loginViaUi,
  PASSWORD,
  registerViaApi,
  test,
  uniqueEmail,
} from './support/accounts';
import { expectOk as expectStatusOk, submitRecording } from './support/insights';
import { SCENARIO, TASKS } from './support/participation';
import { asParticipant, uploadSegment } from './support/recording';
import { invitePathFor } from './support/team';
import { expectVideoAdvances } from './support/media';

/** The answer, once it is a 2xx. */
async function expectOk<R extends { ok(): boolean; status(): number; text(): Promise<string> }>(response: R) {
  await expectStatusOk(response);
  return response;
}

const DEMO_VIDEO = fileURLToPath(new URL('../../web/public/demo/lupa-demo.mp4', import.meta.url));

/** The billing page's seats and next amount, once they read `seats` and `amount` (a reload each try). */
async function expectSeats(page: Page, seats: string, amount: string) {
  await expect(async () => {
    await page.goto('/user/billing');
    await expect(page.getByTestId('billing-seats')).toHaveText(seats, { timeout: 2_000 });
    await expect(page.getByTestId('billing-next-amount')).toHaveText(amount, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

const analysisBody = (name: string) => ({
  name,
  url: 'example.com',
  maxNumberOfParticipants: 5,
  scenario: SCENARIO,
  tasks: TASKS.map((taskContent) => ({ taskType: 'text', taskContent })),
  device: 'computer',
});

async function browserFor(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'es-ES', extraHTTPHeaders: clientHeaders() });
}

/** The owner invites `email` as `role` ('Investigador', 'Observador') from 'Equipo'. */
async function invite(page: Page, email: string, role: string) {
  await page.getByRole('button', { name: 'Invitar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invitar al equipo' });
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Rol').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('team-notice')).toHaveText(`Invitación enviada a ${email}`);
  await expect(page.getByTestId(`invitation-${email}`)).toContainText(role);
}

test('an owner, a researcher and an observer work in one team; a removed member loses access at once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // ---- The owner, paying, invites two people from 'Equipo' (in the account menu).
  const ownerEmail = await customerOnDashboard(page, { subscribed: true });
  await page.getByRole('navigation', { name: 'Tu cuenta' }).getByRole('link', { name: 'Equipo' }).click();
  await expect(page.getByRole('heading', { name: 'Equipo', level: 1 })).toBeVisible();
  const researcherEmail = uniqueEmail();
  const observerEmail = uniqueEmail();
  await invite(page, researcherEmail, 'Investigador');
  await invite(page, observerEmail, 'Observador');

  // The owner's analysis, with a submitted recording (through the API helpers).
  const created = await expectOk(
    await page.request.post('/api/v1/analysis', { data: analysisBody('Tienda del equipo') }),
  );
  const ownerAnalysis = ((await created.json()) as { analysisData: { id: string } }).analysisData.id;
  const entryId = await submitRecording(baseURL!, ownerAnalysis);

  const researcher = await browserFor(browser, baseURL);
  const observer = await browserFor(browser, baseURL);
  try {
    // ---- The researcher has an account but is signed out: the link sends them to log in and back.
    const r = await researcher.newPage();
    await registerViaApi(r.request, researcherEmail);
    const researcherLink = await invitePathFor(researcherEmail);
    await r.goto(researcherLink);
    await expect(r.getByText(`${ownerEmail} te invita a unirte al equipo ${ownerEmail}.`)).toBeVisible();
    await r.getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(r).toHaveURL(/\/auth\/login\?next=/);
    await r.getByLabel('Email', { exact: true }).fill(researcherEmail);
    await r.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await r.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(r).toHaveURL(new RegExp(`${researcherLink}$`));
    await r.getByRole('button', { name: 'Unirme al equipo' }).click();
    await expect(r).toHaveURL(/\/dashboard$/);
    // Two workspaces now: the header's switcher shows the team, current.
    await expect(r.getByTestId('workspace-switcher')).toHaveValue(/^w/);
    await expect(r.getByText('Tienda del equipo', { exact: true }).first()).toBeVisible();

    // ---- The observer, signed in, joins with one click.
    const o = await observer.newPage();
    await registerViaApi(o.request, observerEmail);
    await loginViaApi(o.request, observerEmail);
    await o.goto(await invitePathFor(observerEmail));
    await o.getByRole('button', { name: 'Unirme al equipo' }).click();
    await expect(o).toHaveURL(/\/dashboard$/);
    await expect(o.getByText('Tienda del equipo', { exact: true }).first()).toBeVisible();

    // ---- The researcher creates an analysis; the owner sees it.
    await expect(r.getByRole('link', { name: 'Crear nuevo análisis' })).toBeVisible();
    const theirs = await expectOk(
      await r.request.post('/api/v1/analysis', { data: analysisBody('Análisis de la investigadora') }),
    );
    const researcherAnalysis = ((await theirs.json()) as { analysisData: { id: string } }).analysisData.id;
    await page.goto('/dashboard');
    await expect(page.getByText('Análisis de la investigadora', { exact: true }).first()).toBeVisible();

    // ---- The observer: no 'Crear nuevo análisis', and the API says no; a note on the recording.
    await expect(o.getByRole('link', { name: 'Crear nuevo análisis' })).toHaveCount(0);
    await expect(o.getByRole('button', { name: 'Crear nuevo análisis' })).toHaveCount(0);
    const refused = await o.request.post('/api/v1/analysis', { data: analysisBody('No') });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('team_role_forbidden');
    await o.goto(`/entry/${entryId}`);
    // The observer watches it: the recording plays and advances.
    const video = o.getByTestId('entry-video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 30_000 })
      .toBeGreaterThan(17);
    await expectVideoAdvances(video);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await expect(o.getByRole('button', { name: 'Compartir grabación' })).toHaveCount(0);
    await expect(o.getByRole('button', { name: 'Eliminar grabación' })).toHaveCount(0);
    await o.getByRole('button', { name: 'Añadir nota' }).click();
    const note = o.getByLabel('Nota', { exact: true });
    await note.fill('La participante duda en el pago');
    await note.press('Enter');
    await expect(o.getByTestId('entry-notes')).toContainText('La participante duda en el pago');
    await page.goto(`/entry/${entryId}`);
    const ownerNotes = page.getByTestId('entry-notes');
    await expect(ownerNotes).toContainText('La participante duda en el pago');
    await expect(ownerNotes).toContainText(observerEmail);

    // ---- Seats: the owner and the researcher take one each; the observer is free.
    await expectSeats(page, '2 asientos', '€58');

    // ---- A participant is recording; the researcher watches live, and the owner sees who watches.
    const demoVideo = await readFile(DEMO_VIDEO);
    const liveEntry = await asParticipant(baseURL!, ownerAnalysis, async (participant, id) => {
      await uploadSegment(participant, id, demoVideo, { durationMs: 18_000 });
    });
    const live = await researcher.newPage();
    await live.goto(`/entry/${liveEntry}`);
    await expect(live.getByRole('heading', { name: 'Participación en directo' })).toBeVisible({ timeout: 20_000 });
    await page.goto(`/analysis/${ownerAnalysis}?tab=participants`);
    await expect(page.getByTestId('live-watchers')).toHaveText(`Viendo en directo: ${researcherEmail}`, {
      timeout: 20_000,
    });

    // ---- The researcher has their analysis open; the owner removes them from 'Equipo'.
    await r.goto(`/analysis/${researcherAnalysis}`);
    await expect(r.getByRole('heading', { name: 'Análisis de la investigadora', level: 1 })).toBeVisible();
    await page.goto('/team');
    await page
      .getByTestId(`member-${researcherEmail}`)
      .getByRole('button', { name: `Eliminar (${researcherEmail})` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: '¿Eliminar del equipo?' });
    await confirm.getByRole('button', { name: 'Eliminar del equipo' }).click();
    await expect(page.getByTestId('team-notice')).toHaveText(`${researcherEmail} ya no es miembro del equipo`);
    await expect(page.getByTestId(`member-${researcherEmail}`)).toHaveCount(0);

    // Their live view closes at once, saying why; nobody is watching any more; one seat is left.
    await expect(live.getByTestId('live-revoked')).toBeVisible({ timeout: 15_000 });
    await expectSeats(page, '1 asiento', '€29');
    await page.goto(`/analysis/${ownerAnalysis}?tab=participants`);
    await expect(page.getByTestId('participation-live')).toBeVisible();
    await expect(page.getByTestId('live-watchers')).toHaveCount(0, { timeout: 20_000 });

    // The researcher's next action: the page says so, and offers their own workspace.
    await r.getByRole('button', { name: 'Cerrar análisis' }).click();
    await r.getByRole('alertdialog').getByRole('button', { name: 'Cerrar análisis' }).click();
    await expect(r.getByRole('heading', { name: 'Ya no tienes acceso a este equipo', level: 1 })).toBeVisible();
    await r.getByRole('button', { name: `Ir a ${researcherEmail}` }).click();
    await expect(r).toHaveURL(/\/dashboard$/);
    await expect(r.getByText('No se han encontrado análisis')).toBeVisible();
  } finally {
    await researcher.close();
    await observer.close();
  }
});

test('an invitation for another e-mail is refused with a clear message', async ({ page, browser, baseURL }) => {
  await customerOnDashboard(page, { subscribed: true });
  await page.goto('/team');
  const invitedEmail = uniqueEmail();
  await invite(page, invitedEmail, 'Observador');
  const stranger = await browserFor(browser, baseURL);
  try {
    const s = await stranger.newPage();
    const strangerEmail = uniqueEmail();
    await registerViaApi(s.request, strangerEmail);
    await loginViaUi(s, strangerEmail);
    await s.goto(await invitePathFor(invitedEmail));
    await expect(s.getByTestId('invite-wrong-account')).toContainText(
      `Has iniciado sesión como ${strangerEmail}. Esta invitación es para ${invitedEmail}`,
    );
    await expect(s.getByRole('button', { name: 'Unirme al equipo' })).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});
