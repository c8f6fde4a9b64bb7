/**
 * The camera in the participation flow (ADR 0008), through the page its entry mounts, with the
 * browser's media and the recorder replaced: the 'Cámara' card and its preview, 'Siguiente' held
 * back by a required camera only, the consent sentence, a camera recorder aligned to the screen's,
 * finished before the screen's, and a required camera that stops ending the analysis. And a slow
 * uplink (ADR 0023): the camera follows the screen's tier, the calm notice, the time left at Finish.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/app/test-utils';
import { CAPABLE, media, preflight, recorder } from '@/features/participate/test/module-doubles';
import { loadRecordingSteps, renderParticipatePage } from '@/features/participate/test/render-page';
import {
  fakeSession,
  FakeStream,
  FakeTrack,
  firstTrack,
  microphoneStream,
  participationAnswer,
  screenStream,
  type FakeSession,
} from '@/features/participate/test/fakes';

vi.mock('@/features/participate/lib/media', async (original) =>
  (await import('@/features/participate/test/module-doubles')).mediaModule(original),
);

const camera = vi.hoisted(() => ({ requestCamera: vi.fn<() => Promise<MediaStream>>() }));
vi.mock('@/features/participate/lib/camera', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/participate/lib/camera')>()),
  ...camera,
}));

const thumbnail = vi.hoisted(() => ({ scheduleThumbnail: vi.fn(), cancelThumbnail: vi.fn() }));
vi.mock('@/features/participate/lib/thumbnail', () => thumbnail);

vi.mock('@/features/participate/lib/recorder-session', async (original) =>
  (await import('@/features/participate/test/module-doubles')).recorderSessionModule(original),
);
// The pre-flight check (ADR 0010) sees a capable computer.
vi.mock('@/features/participate/lib/preflight', async (original) =>
  (await import('@/features/participate/test/module-doubles')).preflightModule(original),
);
vi.mock('@/features/participate/lib/load-recorder', async () =>
  (await import('@/features/participate/test/module-doubles')).loadRecorderModule(),
);

function api(mode: 'off' | 'optional' | 'required') {
  return fakeApi((call) => {
    if (call.url === '/api/v1/participation/current')
      return { status: 404, body: { message: 'x', code: 'no_participation' } };
    if (call.url === '/api/v1/analysis/validate-participation')
      return { status: 200, body: { success: true, camera: mode } };
    if (call.url === '/api/v1/analysis/participate')
      return {
        status: 200,
        body: { ...participationAnswer(), analysisData: { ...participationAnswer().analysisData, camera: mode } },
      };
    if (call.url === '/api/v1/analysisEntry' && call.method === 'PATCH')
      return { status: 200, body: { message: 'ok' } };
    if (call.url.startsWith('/api/v1/analysisEntry/') && call.method === 'DELETE')
      return { status: 200, body: { message: 'ok' } };
    if (call.url === '/api/v1/analysis/an-1/uplink-probe' && call.method === 'POST')
      return { status: 200, body: { receivedBytes: 256 * 1024 } };
    return undefined;
  });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const cameraCard = () => screen.getByRole('heading', { name: 'Cámara' }).closest('li') as HTMLElement;

let screenSession: FakeSession;
let cameraSession: FakeSession;
let cameraMedia: MediaStream;
let order: string[];

// The lazily loaded steps are transformed once, before any test's own time starts.
beforeAll(loadRecordingSteps, 60_000);

beforeEach(() => {
  preflight.readCapabilities.mockReturnValue(CAPABLE);
  order = [];
  screenSession = fakeSession();
  cameraSession = fakeSession();
  screenSession.finish.mockImplementation(async () => void order.push('screen'));
  cameraSession.finish.mockImplementation(async () => void order.push('camera'));
  cameraMedia = new FakeStream([new FakeTrack('video', 'camera')]) as unknown as MediaStream;
  recorder.createRecorderSession.mockImplementation(async (_entry: string, track?: string) =>
    track === 'camera' ? cameraSession : screenSession,
  );
  media.requestScreen.mockImplementation(async () => screenStream());
  media.requestMicrophone.mockImplementation(async () => microphoneStream());
  camera.requestCamera.mockImplementation(async () => cameraMedia);
  // jsdom has no media elements that play: the preview only needs srcObject to be settable.
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, writable: true, value: null });
});

async function permissions(mode: 'off' | 'optional' | 'required') {
  api(mode);
  renderParticipatePage('/participate/an-1');
  fireEvent.click(await screen.findByRole('button', { name: 'Participar' }, { timeout: 5000 }));
  await screen.findByRole('heading', { name: 'Permisos de grabación' });
  fireEvent.click(button('Compartir pantalla y micrófono'));
  await waitFor(() => expect(screen.getAllByText('Concedido').length).toBeGreaterThanOrEqual(2));
}

describe('the camera on the permissions step', () => {
  it('has no card when the analysis records no camera', async () => {
    await permissions('off');
    expect(screen.queryByRole('heading', { name: 'Cámara' })).toBeNull();
    expect(button('Siguiente')).toHaveProperty('disabled', false);
  });

  it('required: a third card, Pendiente and Siguiente disabled until granted, then a live preview', async () => {
    await permissions('required');
    expect(within(cameraCard()).getByText('Pendiente')).toBeTruthy();
    expect(
      within(cameraCard()).getByText('Tu cara, en una imagen pequeña. Este análisis necesita la cámara.'),
    ).toBeTruthy();
    expect(button('Siguiente')).toHaveProperty('disabled', true);

    camera.requestCamera.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    fireEvent.click(within(cameraCard()).getByRole('button', { name: 'Activar cámara' }));
    expect(
      await screen.findByText('Se ha denegado el permiso de la cámara. Permite el acceso a la cámara en tu navegador.'),
    ).toBeTruthy();
    expect(button('Siguiente')).toHaveProperty('disabled', true);

    fireEvent.click(within(cameraCard()).getByRole('button', { name: 'Volver a intentarlo con la cámara' }));
    await waitFor(() => expect(within(cameraCard()).getByText('Concedido')).toBeTruthy());
    const preview = screen.getByLabelText('Vista previa de tu cámara') as HTMLVideoElement;
    expect(preview.muted).toBe(true);
    // The preview gets the stream in an effect after the card renders 'Concedido': on a loaded
    // machine that effect ran after the line above had read it (a full run, 2026-11-30).
    await waitFor(() => expect(preview.srcObject).toBe(cameraMedia));
    expect(button('Siguiente')).toHaveProperty('disabled', false);

    // The camera stops before the analysis: pending again, asked for again.
    act(() => void firstTrack(cameraMedia).dispatchEvent(new Event('ended')));
    expect(await screen.findByText('La cámara se ha detenido. Vuelve a activarla.')).toBeTruthy();
    expect(button('Siguiente')).toHaveProperty('disabled', true);
  });

  it('optional: Siguiente without the camera, and the consent says nothing about it', async () => {
    await permissions('optional');
    camera.requestCamera.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    fireEvent.click(within(cameraCard()).getByRole('button', { name: 'Activar cámara' }));
    await screen.findByText('Se ha denegado el permiso de la cámara. Permite el acceso a la cámara en tu navegador.');
    expect(button('Siguiente')).toHaveProperty('disabled', false);
    fireEvent.click(button('Siguiente'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmación de Seguridad' });
    expect(within(dialog).queryByText('También se grabará la imagen de tu cámara.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar y Continuar' }));
    await screen.findByText('Step 1 of 5');
    expect(recorder.createRecorderSession).toHaveBeenCalledTimes(1);
    expect(recorder.createRecorderSession).toHaveBeenCalledWith('entry-1');
  });
});

describe('the camera during the analysis', () => {
  async function analysisWithCamera(mode: 'optional' | 'required') {
    await permissions(mode);
    fireEvent.click(within(cameraCard()).getByRole('button', { name: 'Activar cámara' }));
    await waitFor(() => expect(button('Siguiente')).toHaveProperty('disabled', false));
    fireEvent.click(button('Siguiente'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmación de Seguridad' });
    expect(within(dialog).getByText('También se grabará la imagen de tu cámara.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar y Continuar' }));
    await screen.findByText('Step 1 of 5');
    await waitFor(() => expect(cameraSession.start).toHaveBeenCalled());
  }

  it('records the camera aligned to the screen, finishes it before the screen, and sends a thumbnail', async () => {
    await analysisWithCamera('required');
    expect(recorder.createRecorderSession).toHaveBeenCalledWith('entry-1', 'camera');
    expect(cameraSession.start).toHaveBeenCalledWith(cameraMedia, { alignTo: 1000, tier: 0 });
    // The screen's tiers count the camera's rates (ADR 0023).
    expect(screenSession.start.mock.calls[0]?.[1]).toMatchObject({ withCamera: true });
    expect(thumbnail.scheduleThumbnail).toHaveBeenCalledWith('entry-1', expect.anything());
    for (let i = 0; i < 4; i++) fireEvent.click(button('Siguiente'));
    fireEvent.click(button('Finish Analysis'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(order).toEqual(['camera', 'screen']);
    expect(firstTrack(cameraMedia).stopped).toBe(true);
  });

  it('required: a camera that stops ends the analysis like a stopped share, and the data is deleted', async () => {
    await analysisWithCamera('required');
    act(() => void firstTrack(cameraMedia).dispatchEvent(new Event('ended')));
    await screen.findByRole('alertdialog', { name: 'La grabación se ha detenido' });
    await waitFor(() => expect(screenSession.abort).toHaveBeenCalled());
    // The screen's recorder deletes the entry (its abort sends DELETE); the camera's only stops.
    expect(cameraSession.abort).toHaveBeenCalled();
  });

  it('optional: a camera that stops only ends its own file; the analysis goes on', async () => {
    await analysisWithCamera('optional');
    act(() => void firstTrack(cameraMedia).dispatchEvent(new Event('ended')));
    await waitFor(() => expect(cameraSession.finish).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screenSession.abort).not.toHaveBeenCalled();
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
  });
});

describe('a slow uplink (ADR 0023)', () => {
  async function recordingWithCamera() {
    await permissions('optional');
    fireEvent.click(within(cameraCard()).getByRole('button', { name: 'Activar cámara' }));
    await waitFor(() => expect(button('Siguiente')).toHaveProperty('disabled', false));
    fireEvent.click(button('Siguiente'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmación de Seguridad' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar y Continuar' }));
    await screen.findByText('Step 1 of 5');
    await waitFor(() => expect(cameraSession.start).toHaveBeenCalled());
  }

  it('measures the uplink on the permissions step and starts the screen from that figure', async () => {
    await recordingWithCamera();
    const options = screenSession.start.mock.calls[0]?.[1] as { uplinkBitsPerSecond?: number; withCamera?: boolean };
    expect(options.withCamera).toBe(true);
    expect(options.uplinkBitsPerSecond).toBeGreaterThan(0);
  });

  it('moves the camera to the tier the screen moved to, aligned to the new segment', async () => {
    await recordingWithCamera();
    act(() => screenSession.emit({ phase: 'recording', tier: 2 }));
    expect(cameraSession.setTier).toHaveBeenCalledWith(2, 1000);
    act(() => screenSession.emit({ phase: 'recording', tier: 2, elapsedMs: 5000 }));
    expect(cameraSession.setTier).toHaveBeenCalledTimes(1);
  });

  it('says so calmly once the upload is 30 s behind, and shows the time left at Finish', async () => {
    await recordingWithCamera();
    const slow = 'Tu conexión es lenta: seguimos guardando la grabación';
    act(() => screenSession.emit({ phase: 'recording', backlogMs: 29_000 }));
    expect(screen.queryByText(slow)).toBeNull();
    act(() => screenSession.emit({ phase: 'recording', backlogMs: 31_000 }));
    expect(screen.getByText(slow)).toBeTruthy();
    act(() => screenSession.emit({ phase: 'recording', backlogMs: 4_000 }));
    expect(screen.queryByText(slow)).toBeNull();

    let upload: () => void = () => undefined;
    screenSession.finish.mockImplementation(() => new Promise<void>((resolve) => (upload = resolve)));
    for (let i = 0; i < 4; i++) fireEvent.click(button('Siguiente'));
    fireEvent.click(button('Finish Analysis'));
    await waitFor(() => expect(screenSession.finish).toHaveBeenCalled());
    // 500 KB left on a 0.5 Mbit/s uplink: 8 s.
    act(() =>
      screenSession.emit({ phase: 'finishing', progress: 60, pendingBytes: 500_000, uplinkBitsPerSecond: 500_000 }),
    );
    expect((await screen.findByTestId('upload-time-left')).textContent).toContain('Quedan unos 8 s');
    act(() => upload());
    await screen.findByRole('dialog', { name: 'Success!' });
  });
});
