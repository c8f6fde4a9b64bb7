/**
 * The question screens of the participation (ADR 0012) through the page its entry mounts, with the
 * browser's media and the recorder replaced: SEQ and success after each task's 'Siguiente' (sent
 * with the moment 'Siguiente' was pressed), the SUS before Finish, the messages for a missing
 * answer and a failed save, and an analysis that asks nothing going straight on.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeCall } from '@/app/test-utils';
import { CAPABLE, media, preflight, recorder } from '@/features/participate/test/module-doubles';
import { loadRecordingSteps, openAndShare } from '@/features/participate/test/render-page';
import {
  fakeSession,
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
vi.mock('@/features/participate/lib/preflight', async (original) =>
  (await import('@/features/participate/test/module-doubles')).preflightModule(original),
);
vi.mock('@/features/participate/lib/load-recorder', async () =>
  (await import('@/features/participate/test/module-doubles')).loadRecorderModule(),
);

type Settings = { taskQuestions?: boolean; sus?: boolean };

function api(
  settings: Settings,
  answers: () => { status: number; body?: unknown } = () => ({ status: 200, body: {} }),
): FakeCall[] {
  return fakeApi((call) => {
    if (call.url === '/api/v1/participation/current')
      return { status: 404, body: { message: 'x', code: 'no_participation' } };
    if (call.url === '/api/v1/analysis/validate-participation') return { status: 200, body: { success: true } };
    if (call.url === '/api/v1/analysis/participate') {
      const answer = participationAnswer();
      return { status: 200, body: { ...answer, analysisData: { ...answer.analysisData, ...settings } } };
    }
    if (call.url.includes('/answers/') && call.method === 'PUT') return answers();
    if (call.url === '/api/v1/analysisEntry' && call.method === 'PATCH')
      return { status: 200, body: { message: 'ok' } };
    return undefined;
  });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const puts = (calls: FakeCall[]) => calls.filter((call) => call.method === 'PUT');

let session: FakeSession;

// The lazily loaded steps are transformed once, before any test's own time starts.
beforeAll(loadRecordingSteps, 60_000);

beforeEach(() => {
  preflight.readCapabilities.mockReturnValue(CAPABLE);
  session = fakeSession();
  recorder.createRecorderSession.mockResolvedValue(session);
  media.requestScreen.mockImplementation(async () => screenStream());
  media.requestMicrophone.mockImplementation(async () => microphoneStream());
});

/** From /participate/an-1 to task 1 (step 3 of 5, or of 9 with every question screen). */
async function reachFirstTask() {
  await openAndShare();
  await waitFor(() => expect(screen.getAllByText('Concedido')).toHaveLength(2));
  fireEvent.click(button('Siguiente'));
  const dialog = await screen.findByRole('dialog', { name: 'Confirmación de Seguridad' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar y Continuar' }));
  await screen.findByText(/^Step 1 of \d+$/);
  await waitFor(() => expect(session.markStep).toHaveBeenCalledWith(0));
  fireEvent.click(button('Siguiente'));
  fireEvent.click(button('Siguiente'));
  expect(screen.getByRole('heading', { name: 'Task 1' })).toBeTruthy();
}

/** Picks an answer of a question by its visible label. */
function pick(question: string, label: string | RegExp) {
  fireEvent.click(within(screen.getByRole('group', { name: question })).getByRole('radio', { name: label }));
}

const SEQ = '¿Qué tan fácil o difícil fue esta tarea?';
const SUCCESS = '¿Conseguiste completar la tarea?';

describe('participate page: task questions and SUS (ADR 0012)', () => {
  it('asks SEQ and success after each task and the SUS before Finish, sends them, then finishes', async () => {
    const calls = api({ taskQuestions: true, sus: true });
    await reachFirstTask();
    session.emit({ elapsedMs: 12_345.4 });

    fireEvent.click(button('Siguiente'));
    const title = await screen.findByRole('heading', { name: 'Sobre la tarea 1' });
    expect(document.activeElement).toBe(title);
    // The scale's ends are in the end options' names; the recording went on (no step marked).
    const seq = screen.getByRole('group', { name: SEQ });
    expect(within(seq).getAllByRole('radio')).toHaveLength(7);
    expect(within(seq).getByRole('radio', { name: '1, Muy difícil' })).toBeTruthy();
    expect(within(seq).getByRole('radio', { name: '7, Muy fácil' })).toBeTruthy();
    expect(session.markStep.mock.calls.map(([index]) => index)).toEqual([0, 1, 2]);

    fireEvent.click(button('Siguiente'));
    expect((await screen.findByTestId('question-error')).textContent).toBe(
      'Responde a todas las preguntas para continuar.',
    );
    expect(puts(calls)).toEqual([]);

    pick(SEQ, '6');
    pick(SUCCESS, 'Sí');
    session.emit({ elapsedMs: 20_000 });
    fireEvent.click(button('Siguiente'));
    await screen.findByRole('heading', { name: 'Task 2' });
    expect(puts(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/analysisEntry/entry-1/answers/tasks/1',
        body: { seq: 6, success: 'yes', atMs: 12_345 },
      },
    ]);
    expect(session.markStep.mock.calls.map(([index]) => index)).toEqual([0, 1, 2, 3]);

    // Back and forth does not ask again for an answered task.
    fireEvent.click(button('Anterior'));
    fireEvent.click(button('Siguiente'));
    expect(screen.getByRole('heading', { name: 'Task 2' })).toBeTruthy();

    fireEvent.click(button('Siguiente'));
    await screen.findByRole('heading', { name: 'Sobre la tarea 2' });
    pick(SEQ, '2');
    pick(SUCCESS, 'No estoy seguro');
    fireEvent.click(button('Siguiente'));
    await screen.findByRole('heading', { name: 'Task 3' });

    // The last task is not the last screen (ADR 0015): its 'Siguiente' asks its questions, then
    // the SUS, which alone has 'Finish Analysis'; the progress counts every question screen.
    expect(screen.queryByRole('button', { name: 'Finish Analysis' })).toBeNull();
    expect(screen.getByText('Step 7 of 9')).toBeTruthy();
    fireEvent.click(button('Siguiente'));
    await screen.findByRole('heading', { name: 'Sobre la tarea 3' });
    expect(screen.getByText('Step 8 of 9')).toBeTruthy();
    pick(SEQ, '1, Muy difícil');
    pick(SUCCESS, 'No');
    fireEvent.click(button('Siguiente'));
    await screen.findByRole('heading', { name: 'Cuestionario final' });
    expect(screen.getByText('Step 9 of 9')).toBeTruthy();
    expect(session.finish).not.toHaveBeenCalled();
    expect(screen.getByText(/Sevilla-Gonzalez et al\./)).toBeTruthy();
    const items = screen.getAllByRole('group');
    expect(items).toHaveLength(10);
    expect(items[0]?.textContent).toContain('1. Creo que me gustaría utilizar este sistema con frecuencia.');

    const sus = [4, 2, 5, 1, 4, 2, 3, 2, 4, 3];
    sus
      .slice(0, 9)
      .forEach((value, i) =>
        fireEvent.click(within(items[i] as HTMLElement).getByRole('radio', { name: new RegExp(`^${value}`) })),
      );
    fireEvent.click(button('Finish Analysis'));
    expect((await screen.findByTestId('question-error')).textContent).toBe(
      'Responde a todas las preguntas para continuar.',
    );
    fireEvent.click(within(items[9] as HTMLElement).getByRole('radio', { name: '3' }));
    fireEvent.click(button('Finish Analysis'));

    await screen.findByRole('dialog', { name: 'Success!' });
    expect(session.finish).toHaveBeenCalledTimes(1);
    expect(puts(calls).map((call) => [call.url, call.body])).toEqual([
      ['/api/v1/analysisEntry/entry-1/answers/tasks/1', { seq: 6, success: 'yes', atMs: 12_345 }],
      ['/api/v1/analysisEntry/entry-1/answers/tasks/2', { seq: 2, success: 'unsure', atMs: 20_000 }],
      ['/api/v1/analysisEntry/entry-1/answers/tasks/3', { seq: 1, success: 'no', atMs: 20_000 }],
      ['/api/v1/analysisEntry/entry-1/answers/sus', { answers: sus, atMs: 20_000 }],
    ]);
    const patchIndex = calls.findIndex((call) => call.method === 'PATCH');
    expect(patchIndex).toBeGreaterThan(calls.findIndex((call) => call.url.endsWith('/answers/sus')));
  });

  it('keeps the screen and its answers when saving fails; Volver a la tarea goes back unanswered', async () => {
    let status = 500;
    const calls = api({ taskQuestions: true }, () => ({ status, body: { message: 'x', code: 'internal' } }));
    await reachFirstTask();
    fireEvent.click(button('Siguiente'));
    await screen.findByRole('heading', { name: 'Sobre la tarea 1' });
    fireEvent.click(button('Volver a la tarea'));
    expect(screen.getByRole('heading', { name: 'Task 1' })).toBeTruthy();

    fireEvent.click(button('Siguiente'));
    pick(SEQ, '5');
    pick(SUCCESS, 'Sí');
    fireEvent.click(button('Siguiente'));
    expect((await screen.findByTestId('question-error')).textContent).toBe(
      'No se han podido guardar tus respuestas. Inténtalo de nuevo.',
    );
    expect(screen.getByRole('radio', { name: '5' })).toHaveProperty('checked', true);

    status = 200;
    fireEvent.click(button('Siguiente'));
    await screen.findByRole('heading', { name: 'Task 2' });
    expect(puts(calls)).toHaveLength(2);
  });

  it('without either setting asks nothing and sends no answers (the flow of product §2)', async () => {
    const calls = api({});
    await reachFirstTask();
    fireEvent.click(button('Siguiente'));
    fireEvent.click(button('Siguiente'));
    expect(screen.getByText('Step 5 of 5')).toBeTruthy();
    fireEvent.click(button('Finish Analysis'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(screen.queryByTestId('question-screen')).toBeNull();
    expect(puts(calls)).toEqual([]);
  });
});
