/**
 * The participation flow through the page its entry mounts, with the browser's media and the
 * recorder replaced: validation messages, permission denials, the consent modal, the stepper and
 * its step marks, finishing (and its errors), a stopped screen share ending the analysis, and
 * leaving through the header's link.
 * Size: the flow's page tests share one set of media and recorder fakes.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeCall } from '@/app/test-utils';
import { CAPABLE, media, preflight, recorder } from '@/features/participate/test/module-doubles';
import { loadRecordingSteps, openAndShare, renderParticipatePage } from '@/features/participate/test/render-page';
import {
  fakeSession,
  firstTrack,
  microphoneStream,
  participationAnswer,
  screenStream,
  type FakeSession,
} from '@/features/participate/test/fakes';

vi.mock('@/features/participate/lib/media', async (original) =>
  (await import('@/features/participate/test/module-doubles')).mediaModule(original),
);
vi.mock('@/features/participate/lib/recorder-session', async (original) =>
  (await import('@/features/participate/test/module-doubles')).recorderSessionModule(original),
);

// The pre-flight check sees a capable computer unless a test says otherwise.
vi.mock('@/features/participate/lib/preflight', async (original) =>
  (await import('@/features/participate/test/module-doubles')).preflightModule(original),
);
vi.mock('@/features/participate/lib/load-recorder', async () =>
  (await import('@/features/participate/test/module-doubles')).loadRecorderModule(),
);

type Answer = { status: number; body?: unknown };

const CURRENT = '/api/v1/participation/current';

function api(
  overrides: { validate?: Answer; participate?: Answer; patch?: () => Answer; current?: Answer; resume?: Answer } = {},
): FakeCall[] {
  return fakeApi((call) => {
    if (call.url === CURRENT)
      return (
        overrides.current ?? {
          status: 404,
          body: { message: 'No tienes ninguna participación sin terminar', code: 'no_participation' },
        }
      );
    if (call.url.endsWith('/resume') && call.method === 'POST')
      return overrides.resume ?? { status: 200, body: resumeInfo() };
    if (call.url === '/api/v1/analysis/validate-participation')
      return overrides.validate ?? { status: 200, body: { success: true } };
    if (call.url === '/api/v1/analysis/participate')
      return overrides.participate ?? { status: 200, body: participationAnswer() };
    if (call.url === '/api/v1/analysisEntry' && call.method === 'PATCH') {
      return overrides.patch?.() ?? { status: 200, body: { message: 'ok' } };
    }
    if (call.url.startsWith('/api/v1/analysisEntry/') && call.method === 'DELETE')
      return { status: 200, body: { message: 'ok' } };
    return undefined;
  });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** An unfinished participation on task 1 (step 2), 75 s recorded. */
const resumeInfo = () => ({
  ...participationAnswer('entry-9'),
  analysisId: 'an-1',
  recordedMs: 75_000,
  steps: [
    { index: 0, atMs: 0 },
    { index: 2, atMs: 40_000 },
  ],
  segments: 1,
});

let session: FakeSession;
let screenMedia: MediaStream;
let micMedia: MediaStream;

// The lazily loaded steps are transformed once, before any test's own time starts.
beforeAll(loadRecordingSteps, 60_000);

beforeEach(() => {
  preflight.readCapabilities.mockReturnValue(CAPABLE);
  session = fakeSession();
  screenMedia = screenStream();
  micMedia = microphoneStream();
  recorder.createRecorderSession.mockResolvedValue(session);
  media.requestScreen.mockImplementation(async () => screenMedia);
  media.requestMicrophone.mockImplementation(async () => micMedia);
});

/** From /participate/an-1 (or /participate, typing the id) to the first step of the analysis. */
async function reachAnalysis(url = '/participate/an-1') {
  renderParticipatePage(url);
  const idField = await screen.findByLabelText('ID de Análisis', {}, { timeout: 5000 });
  if (url === '/participate') fireEvent.change(idField, { target: { value: 'an-1' } });
  expect((idField as HTMLInputElement).value).toBe('an-1');
  fireEvent.click(button('Participar'));
  await screen.findByRole('heading', { name: 'Permisos de grabación' });
  expect(button('Siguiente')).toHaveProperty('disabled', true);
  fireEvent.click(button('Compartir pantalla y micrófono'));
  await waitFor(() => expect(screen.getAllByText('Concedido')).toHaveLength(2));
  fireEvent.click(button('Siguiente'));
  const dialog = await screen.findByRole('dialog', { name: 'Confirmación de Seguridad' });
  expect(dialog.getAttribute('aria-modal')).toBe('true');
  expect(dialog.contains(document.activeElement)).toBe(true);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar y Continuar' }));
  await screen.findByText('Step 1 of 5');
  await waitFor(() => expect(session.markStep).toHaveBeenCalledWith(0));
}

describe('participate page: input', () => {
  it('asks for an id without calling the API, and shows the 404 and no-places texts', async () => {
    const calls = api({ validate: { status: 404, body: { message: 'x', code: 'analysis_not_found' } } });
    renderParticipatePage('/participate');
    await screen.findByLabelText('ID de Análisis', {}, { timeout: 5000 });

    fireEvent.click(button('Participar'));
    expect(await screen.findByText('Por favor, introduce un ID de análisis')).toBeTruthy();
    expect(calls.filter((call) => call.url !== CURRENT)).toEqual([]);

    fireEvent.change(screen.getByLabelText('ID de Análisis'), { target: { value: ' nope ' } });
    fireEvent.click(button('Participar'));
    expect(
      await screen.findByText('Análisis no encontrado. Por favor, verifica tu ID de análisis e inténtalo de nuevo.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/validate-participation'))?.body).toEqual({ analysisId: 'nope' });
  });

  it('says there are no places on a 400', async () => {
    api({ validate: { status: 400, body: { message: 'x', code: 'no_places' } } });
    renderParticipatePage('/participate/full');
    await screen.findByLabelText('ID de Análisis', {}, { timeout: 5000 });
    fireEvent.click(button('Participar'));
    expect(await screen.findByText('No hay plazas disponibles para este análisis.')).toBeTruthy();
  });
});

describe('participate page: pre-flight (ADR 0010)', () => {
  it('on a phone shows why and the link to copy instead of the form, and never validates', async () => {
    const calls = api();
    preflight.readCapabilities.mockReturnValue({ screenCapture: false, recorderMime: null, mobile: true });
    renderParticipatePage('/participate/an-1');
    const alert = await screen.findByTestId('preflight-message', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Este análisis necesita un ordenador con Chrome, Edge o Firefox');
    expect(screen.getByText(`${window.location.origin}/participate/an-1`)).toBeTruthy();
    expect(screen.queryByLabelText('ID de Análisis')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Participar' })).toBeNull();

    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(button('Copiar el enlace'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/participate/an-1`));
    expect(await screen.findByRole('button', { name: '¡Enlace copiado!' })).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/validate-participation'))).toBe(false);
  });

  it('names a computer browser without screen capture', async () => {
    api();
    preflight.readCapabilities.mockReturnValue({ screenCapture: false, recorderMime: 'video/webm', mobile: false });
    renderParticipatePage('/participate/an-1');
    expect((await screen.findByTestId('preflight-message', {}, { timeout: 5000 })).textContent).toContain(
      'este navegador no permite compartir la pantalla',
    );
  });
});

describe('participate page: the ending (ADR 0010)', () => {
  it('a link to an analysis this browser finished today shows the thank-you, not the form', async () => {
    const calls = api();
    window.localStorage.setItem('lupa:finished:an-1', String(Date.now() - 60_000));
    renderParticipatePage('/participate/an-1');
    expect(await screen.findByRole('heading', { name: 'Gracias por participar' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText('ID de Análisis')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('another analysis still gets the form', async () => {
    api();
    window.localStorage.setItem('lupa:finished:an-1', String(Date.now()));
    renderParticipatePage('/participate/an-2');
    expect(await screen.findByLabelText('ID de Análisis', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('participate page: permissions', () => {
  it('shows both denial messages, Try Again, Browser Settings Help and tips; Siguiente stays disabled', async () => {
    api();
    media.requestScreen.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    media.requestMicrophone.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await openAndShare();

    expect(
      await screen.findByText('Screen sharing permission was denied. Please allow screen sharing to continue.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Microphone permission was denied. Please allow microphone access to continue.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Pendiente')).toHaveLength(2);
    expect(button('Siguiente')).toHaveProperty('disabled', true);
    expect(screen.getByRole('heading', { name: 'Si no funciona' })).toBeTruthy();

    const help = button('Browser Settings Help');
    expect(help.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(help);
    expect(help.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Chrome y Edge')).toBeTruthy();
    // jsdom's user agent names no system: no system path.
    expect(screen.queryByTestId('os-help')).toBeNull();

    // Try Again asks only for what is missing; now the microphone works.
    media.requestScreen.mockImplementation(async () => screenMedia);
    media.requestMicrophone.mockImplementation(async () => micMedia);
    fireEvent.click(button('Try Again'));
    await waitFor(() => expect(screen.getAllByText('Concedido')).toHaveLength(2));
    expect(button('Siguiente')).toHaveProperty('disabled', false);
  });

  it('after a refusal on a Mac names the system settings for the screen and the microphone; on Windows the microphone', async () => {
    api();
    const agent = vi.spyOn(navigator, 'userAgent', 'get');
    agent.mockReturnValue(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    );
    media.requestScreen.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    media.requestMicrophone.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await openAndShare();
    const help = await screen.findByTestId('os-help');
    expect(within(help).getByRole('heading', { name: 'Permiso del sistema en tu Mac' })).toBeTruthy();
    expect(
      within(help).getByText(
        'Ajustes del Sistema › Privacidad y seguridad › Grabación de pantalla y audio del sistema',
      ),
    ).toBeTruthy();
    expect(within(help).getByText('Ajustes del Sistema › Privacidad y seguridad › Micrófono')).toBeTruthy();
    expect(help.textContent).toContain('cierra el navegador del todo');
    expect(button('Try Again')).toBeTruthy();
    expect(button('Browser Settings Help')).toBeTruthy();
    fireEvent.click(button('Salir del análisis'));
    await screen.findByLabelText('ID de Análisis');

    // Windows: only a refused microphone has a system switch.
    agent.mockReturnValue(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    );
    media.requestMicrophone.mockImplementation(async () => micMedia);
    fireEvent.click(button('Participar'));
    fireEvent.click(await screen.findByRole('button', { name: 'Compartir pantalla y micrófono' }));
    await screen.findByRole('button', { name: 'Try Again' });
    expect(screen.queryByTestId('os-help')).toBeNull();
    media.requestScreen.mockImplementation(async () => screenMedia);
    media.requestMicrophone.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    fireEvent.click(button('Salir del análisis'));
    fireEvent.click(await screen.findByRole('button', { name: 'Participar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Compartir pantalla y micrófono' }));
    expect(
      within(await screen.findByTestId('os-help')).getByText(/^Configuración › Privacidad y seguridad › Micrófono/),
    ).toBeTruthy();
  });

  it('treats a stopped share before the analysis as pending again, with the stream-ended text', async () => {
    api();
    await openAndShare();
    await waitFor(() => expect(screen.getAllByText('Concedido')).toHaveLength(2));

    act(() => void firstTrack(screenMedia).dispatchEvent(new Event('ended')));
    expect(
      await screen.findByText('Recording stopped. Please share your screen and microphone again to continue.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Concedido')).toHaveLength(1);
    expect(button('Siguiente')).toHaveProperty('disabled', true);
  });

  it('returns to permissions with the product §8 text when participate fails, and Rechazar also goes back', async () => {
    api({ participate: { status: 500, body: { message: 'internal', code: 'internal' } } });
    await openAndShare();
    await waitFor(() => expect(button('Siguiente')).toHaveProperty('disabled', false));

    fireEvent.click(button('Siguiente'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(button('Siguiente'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar y Continuar' }));
    expect(
      await screen.findByText('Error al obtener los datos del análisis. Por favor, inténtalo de nuevo.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Permisos de grabación' })).toBeTruthy();
  });
});

describe('participate page: analysis', () => {
  it('walks the steps (marking each), finishes, submits, and after the success modal (3 s) thanks the participant', async () => {
    const calls = api();
    await reachAnalysis();
    expect(session.start).toHaveBeenCalledWith({ screen: screenMedia, microphone: micMedia }, { withCamera: false });
    expect(screen.getByText('Eres un cliente nuevo.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progreso del análisis' }).getAttribute('aria-valuenow')).toBe('20');
    expect(button('Anterior')).toHaveProperty('disabled', true);

    fireEvent.click(button('Siguiente'));
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    const link = screen.getByRole('link', { name: /https:\/\/example\.com/ });
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.activeElement?.textContent).toBe('Web que vas a probar');

    fireEvent.click(button('Siguiente'));
    expect(screen.getByRole('heading', { name: 'Task 1' })).toBeTruthy();
    fireEvent.click(button('Anterior'));
    fireEvent.click(button('Siguiente'));
    fireEvent.click(button('Siguiente'));
    expect(screen.getByRole('link', { name: /https:\/\/example\.com\/ayuda/ })).toBeTruthy();
    fireEvent.click(button('Siguiente'));
    expect(screen.getByText('Step 5 of 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    expect(session.markStep.mock.calls.map(([index]) => index)).toEqual([0, 1, 2, 1, 2, 3, 4]);

    fireEvent.click(button('Finish Analysis'));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(success.textContent).toContain(
      'Your recording has been uploaded successfully. Thank you for participating in this analysis.',
    );
    expect(session.finish).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      analysisEntryId: 'entry-1',
      analysisEntryStatus: 'submitted',
    });
    expect(firstTrack(screenMedia).stopped).toBe(true);
    await screen.findByRole('heading', { name: 'Gracias por participar' }, { timeout: 4500 });
    expect(screen.getByText(/ya puedes cerrar esta pestaña/)).toBeTruthy();
    expect(screen.queryByLabelText('ID de Análisis')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Participar' })).toBeNull();
    expect(session.abort).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/participate/an-1');
  });

  it('reached from /participate, the thank-you puts the id in the address, so a reload shows it again', async () => {
    api();
    await reachAnalysis('/participate');
    for (let i = 0; i < 4; i += 1) fireEvent.click(button('Siguiente'));
    fireEvent.click(button('Finish Analysis'));
    await screen.findByRole('heading', { name: 'Gracias por participar' }, { timeout: 5000 });
    await waitFor(() => expect(window.location.pathname).toBe('/participate/an-1'));
  });

  it('shows the finish errors, and a retry after a failed PATCH does not finish twice', async () => {
    let patchOk = false;
    api({
      patch: () =>
        patchOk
          ? { status: 200, body: { message: 'ok' } }
          : { status: 400, body: { message: 'Missing recording data', code: 'missing_recording' } },
    });
    await reachAnalysis();
    for (let i = 0; i < 4; i += 1) fireEvent.click(button('Siguiente'));

    session.finish.mockRejectedValueOnce(
      Object.assign(new Error('Failed to upload recording. Please try again.'), { name: 'UploadFailed' }),
    );
    fireEvent.click(button('Finish Analysis'));
    expect(await screen.findByText('Failed to upload recording. Please try again.')).toBeTruthy();

    fireEvent.click(button('Finish Analysis'));
    expect(await screen.findByText('Failed to update analysis entry after upload.')).toBeTruthy();
    expect(session.finish).toHaveBeenCalledTimes(2);

    patchOk = true;
    fireEvent.click(button('Finish Analysis'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(session.finish).toHaveBeenCalledTimes(2);
  });

  it('leaving after the upload but before the PATCH still deletes the entry', async () => {
    const calls = api({ patch: () => ({ status: 500, body: { message: 'internal', code: 'internal' } }) });
    await reachAnalysis();
    for (let i = 0; i < 4; i += 1) fireEvent.click(button('Siguiente'));
    fireEvent.click(button('Finish Analysis'));
    expect(await screen.findByText('Failed to update analysis entry after upload.')).toBeTruthy();

    fireEvent.click(button('Salir del análisis'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Salir y eliminar' }));
    expect(await screen.findByRole('heading', { name: 'Participar en un análisis' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/v1/analysisEntry/entry-1',
    ]);
  });

  it("reports a recorder that cannot start: 'Failed to start recording: …', then no recording on Finish", async () => {
    api();
    session.start.mockRejectedValue(Object.assign(new Error('MediaRecorder refused'), { name: 'RecordingStartError' }));
    await openAndShare();
    await waitFor(() => expect(button('Siguiente')).toHaveProperty('disabled', false));
    fireEvent.click(button('Siguiente'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar y Continuar' }));

    expect(await screen.findByText('Failed to start recording: MediaRecorder refused')).toBeTruthy();
    expect(await screen.findByText('Sin grabar')).toBeTruthy();
    await waitFor(() => expect(button('Siguiente')).toHaveProperty('disabled', false));
    for (let i = 0; i < 4; i += 1) fireEvent.click(button('Siguiente'));
    expect(session.markStep).not.toHaveBeenCalled();
    fireEvent.click(button('Finish Analysis'));
    expect(
      await screen.findByText('No recording found. Please ensure permissions were granted and try again.'),
    ).toBeTruthy();
  });

  it('shows recording errors and the calm retrying note from the recorder state', async () => {
    api();
    await reachAnalysis();
    act(() => session.emit({ retrying: true }));
    expect(await screen.findByText('Reconectando… tu grabación está a salvo')).toBeTruthy();
    act(() => session.emit({ retrying: false, phase: 'failed', lastError: 'MediaRecorder error' }));
    expect(await screen.findByText('Recording error: MediaRecorder error')).toBeTruthy();
  });

  it('ends the analysis when the screen track ends: deletes the data and shows the unclosable modal', async () => {
    const calls = api();
    await reachAnalysis();

    act(() => void firstTrack(screenMedia).dispatchEvent(new Event('ended')));
    const modal = await screen.findByRole('alertdialog', { name: 'La grabación se ha detenido' });
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(modal.textContent).toContain('se han eliminado');
    await waitFor(() => expect(session.abort).toHaveBeenCalledTimes(1));
    expect(firstTrack(micMedia).stopped).toBe(true);
    expect(document.activeElement).toBe(within(modal).getByRole('button', { name: 'Salir del Análisis' }));

    // Unclosable: Escape does nothing.
    fireEvent.keyDown(modal, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    fireEvent.click(within(modal).getByRole('button', { name: 'Salir del Análisis' }));
    expect(await screen.findByRole('heading', { name: 'Participar en un análisis' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('a microphone that mutes is reported with a button that records a new segment with a new microphone', async () => {
    const calls = api();
    await reachAnalysis();
    const firstMic = micMedia;
    act(() => void firstTrack(firstMic).dispatchEvent(new Event('mute')));
    expect((await screen.findByRole('alert')).textContent).toContain('Tu micrófono está silenciado');
    act(() => void firstTrack(firstMic).dispatchEvent(new Event('unmute')));
    await waitFor(() => expect(screen.queryByText(/Tu micrófono está silenciado/)).toBeNull());

    act(() => void firstTrack(firstMic).dispatchEvent(new Event('mute')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Tu micrófono está silenciado');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(session.abort).not.toHaveBeenCalled();

    const previous = session;
    session = fakeSession();
    recorder.createRecorderSession.mockResolvedValue(session);
    micMedia = microphoneStream();
    fireEvent.click(button('Volver a compartir el micrófono'));
    await waitFor(() => expect(session.start).toHaveBeenCalledTimes(1));
    expect(previous.dispose).toHaveBeenCalled();
    expect(previous.abort).not.toHaveBeenCalled();
    expect(firstTrack(firstMic).stopped).toBe(true);
    expect(session.start.mock.calls[0]?.[1]).toEqual({ recordedMs: 0, steps: [], withCamera: false });
    await waitFor(() => expect(screen.queryByText(/Tu micrófono está silenciado/)).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('a microphone whose sharing stops ends the analysis as product §2.5 says, the data deleted', async () => {
    api();
    await reachAnalysis();
    act(() => void firstTrack(micMedia).dispatchEvent(new Event('ended')));
    const modal = await screen.findByRole('alertdialog', { name: 'La grabación se ha detenido' });
    expect(modal.textContent).toContain('se han eliminado');
    expect(screen.queryByRole('button', { name: 'Volver a compartir el micrófono' })).toBeNull();
    await waitFor(() => expect(session.abort).toHaveBeenCalledTimes(1));
    expect(firstTrack(screenMedia).stopped).toBe(true);
  });

  it('also ends it when the recorder reports that its capture stopped', async () => {
    api();
    await reachAnalysis();
    act(() =>
      session.emit({
        phase: 'failed',
        lastError: 'Recording stopped. Please share your screen and microphone again to continue.',
      }),
    );
    expect(await screen.findByRole('alertdialog', { name: 'La grabación se ha detenido' })).toBeTruthy();
    await waitFor(() => expect(session.abort).toHaveBeenCalled());
  });

  it('asks before leaving; leaving aborts the recording and resets to the input step', async () => {
    api();
    await reachAnalysis();
    fireEvent.click(button('Salir del análisis'));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Salir del análisis?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Seguir en el análisis' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(session.abort).not.toHaveBeenCalled();

    fireEvent.click(button('Salir del análisis'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Salir y eliminar' }));
    expect(await screen.findByRole('heading', { name: 'Participar en un análisis' })).toBeTruthy();
    expect(session.abort).toHaveBeenCalledTimes(1);
    expect(session.dispose).toHaveBeenCalled();
    expect(firstTrack(screenMedia).stopped).toBe(true);
  });

  it("the header's link to the landing page asks first too, mid-analysis; staying keeps recording", async () => {
    api();
    await reachAnalysis();
    const home = screen.getByRole('link', { name: 'Lupa, ir a la portada' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void home.dispatchEvent(click));
    // Held: the page stays, and the exit confirmation asks.
    expect(click.defaultPrevented).toBe(true);
    const confirm = await screen.findByRole('alertdialog', { name: '¿Salir del análisis?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Seguir en el análisis' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(session.abort).not.toHaveBeenCalled();
  });
});

describe('participate page: an unfinished participation (ADR 0005)', () => {
  it('offers to continue: the place is held again, permissions are asked again, and the analysis resumes on its step without a second consent', async () => {
    const calls = api({ current: { status: 200, body: resumeInfo() } });
    renderParticipatePage('/participate/an-1');
    await screen.findByRole('heading', { name: 'Tienes una participación sin terminar' }, { timeout: 5000 });
    expect(screen.getByText('Grabado hasta ahora: 01:15')).toBeTruthy();
    fireEvent.click(button('Continuar'));
    await screen.findByRole('heading', { name: 'Permisos de grabación' });
    expect(calls.some((call) => call.url === '/api/v1/analysisEntry/entry-9/resume' && call.method === 'POST')).toBe(
      true,
    );
    fireEvent.click(button('Compartir pantalla y micrófono'));
    await waitFor(() => expect(screen.getAllByText('Concedido')).toHaveLength(2));
    fireEvent.click(button('Siguiente'));
    await screen.findByText('Step 3 of 5');
    expect(screen.queryByRole('dialog', { name: 'Confirmación de Seguridad' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/v1/analysis/participate')).toBe(false);
    await waitFor(() => expect(session.markStep).toHaveBeenCalledWith(2));
    // The recorder continues the timeline and the step marks it had.
    expect(session.start).toHaveBeenCalledWith(expect.anything(), {
      recordedMs: 75_000,
      steps: resumeInfo().steps,
      withCamera: false,
    });
  });

  it('deletes it on request and shows the form with the id', async () => {
    const calls = api({ current: { status: 200, body: resumeInfo() } });
    renderParticipatePage('/participate');
    await screen.findByRole('heading', { name: 'Tienes una participación sin terminar' }, { timeout: 5000 });
    fireEvent.click(button('Eliminar grabación y salir'));
    const idField = await screen.findByLabelText('ID de Análisis');
    expect((idField as HTMLInputElement).value).toBe('an-1');
    expect(calls.some((call) => call.url === '/api/v1/analysisEntry/entry-9' && call.method === 'DELETE')).toBe(true);
  });

  it('says there is no place any more when the hold lapsed and someone took it', async () => {
    api({
      current: { status: 200, body: resumeInfo() },
      resume: { status: 409, body: { message: 'No hay plazas disponibles para este análisis.', code: 'places_taken' } },
    });
    renderParticipatePage('/participate/an-1');
    await screen.findByRole('heading', { name: 'Tienes una participación sin terminar' }, { timeout: 5000 });
    fireEvent.click(button('Continuar'));
    expect(await screen.findByText('No hay plazas disponibles para este análisis.')).toBeTruthy();
    expect(screen.getByLabelText('ID de Análisis')).toBeTruthy();
  });
});
