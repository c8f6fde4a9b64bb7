/** Creating an analysis: product §5 messages, the normalised payload, the 'Éxito' countdown, the subscription gate. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  anAnalysis,
  anAnalysisRequest,
  fakeApi,
  renderApp,
  signedInCustomer,
  textTasks,
  type FakeCall,
} from '@/app/test-utils';

const createdAnalysis = anAnalysis({
  id: 'new-1',
  scenario: null,
  tasks: [],
  _count: { AnalysisEntries: 0 },
  taskQuestions: true,
  sus: false,
  AnalysisEntries: [],
});

function api({
  paid = true,
  create,
}: { paid?: boolean; create?: (call: FakeCall) => { status: number; body?: unknown } } = {}) {
  return fakeApi((call) => {
    if (call.url === '/api/v1/analysis' && call.method === 'GET') return { status: 200, body: { analyses: [] } };
    if (call.url === '/api/v1/analysis' && call.method === 'POST') {
      return create ? create(call) : { status: 201, body: { analysisData: createdAnalysis } };
    }
    return signedInCustomer(call.url, paid);
  });
}

const field = (name: string) => screen.getByLabelText(name, { exact: false });
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

afterEach(() => vi.useRealTimers());

describe('create analysis page', () => {
  it('shows the product §5 messages and sends nothing while the form is invalid', async () => {
    const calls = api();
    renderApp('/analysis/create');

    await screen.findByRole('heading', { name: 'Crear nuevo análisis' }, { timeout: 5000 });
    type('Número de participantes', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Crear análisis' }));

    expect(await screen.findByText('El nombre del análisis es obligatorio')).toBeTruthy();
    expect(screen.getByText('La URL es obligatoria')).toBeTruthy();
    expect(screen.getByText('El número de participantes debe ser al menos 1')).toBeTruthy();
    expect(screen.getByText('Se requiere al menos una tarea con contenido')).toBeTruthy();
    expect(field('Nombre del análisis').getAttribute('aria-invalid')).toBe('true');

    type('URL', 'esto no es una url');
    expect(
      await screen.findByText('Por favor, introduzca una URL válida con una estructura de dominio adecuada'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('re-checks the errors as the researcher types: the task rule goes once a task has content', async () => {
    api();
    renderApp('/analysis/create');
    await screen.findByRole('heading', { name: 'Crear nuevo análisis' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Crear análisis' }));
    expect(await screen.findByText('Se requiere al menos una tarea con contenido')).toBeTruthy();
    expect(screen.getByText('El nombre del análisis es obligatorio')).toBeTruthy();

    type('Tarea 1', 'Busca un producto');
    await waitFor(() => expect(screen.queryByText('Se requiere al menos una tarea con contenido')).toBeNull());
    type('Nombre del análisis', 'Checkout');
    await waitFor(() => expect(screen.queryByText('El nombre del análisis es obligatorio')).toBeNull());
    // Emptied again, the rule is back.
    type('Tarea 1', '  ');
    expect(await screen.findByText('Se requiere al menos una tarea con contenido')).toBeTruthy();
  });

  it('adds and removes tasks; remove exists only with more than one task', async () => {
    api();
    renderApp('/analysis/create');

    await screen.findByRole('heading', { name: 'Crear nuevo análisis' }, { timeout: 5000 });
    expect(screen.getByText('Recomendado: 5-10')).toBeTruthy();
    expect((field('Número de participantes') as HTMLInputElement).value).toBe('5');
    expect(screen.queryByRole('button', { name: /Eliminar tarea/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Añadir tarea/ }));
    const tasks = screen.getByRole('group', { name: 'Tareas' });
    expect(within(tasks).getAllByRole('textbox')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar tarea 2' }));
    expect(within(tasks).getAllByRole('textbox')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Eliminar tarea/ })).toBeNull();
  });

  it('sends the normalised analysis, then counts down in the Éxito modal and goes to /dashboard', async () => {
    const calls = api();
    const router = renderApp('/analysis/create');

    await screen.findByRole('heading', { name: 'Crear nuevo análisis' }, { timeout: 5000 });
    type('Nombre del análisis', ' Checkout ');
    type('URL', 'tienda.example.com');
    type('Tarea 1', 'Compra algo');
    fireEvent.click(screen.getByRole('button', { name: /Añadir tarea/ }));
    fireEvent.click(screen.getByRole('button', { name: /Añadir tarea/ }));
    type('Tarea 3', 'Paga');
    // Task questions are asked unless unticked; the SUS only when ticked.
    const askTasks = screen.getByRole('checkbox', { name: 'Preguntar por cada tarea' }) as HTMLInputElement;
    const sus = screen.getByRole('checkbox', { name: 'Cuestionario SUS al final' }) as HTMLInputElement;
    expect([askTasks.checked, sus.checked]).toEqual([true, false]);
    expect(screen.getByRole('group', { name: 'Preguntas a los participantes' })).toBeTruthy();
    fireEvent.click(sus);
    const cameraField = screen.getByLabelText('Cámara') as HTMLSelectElement;
    expect(cameraField.selectedOptions[0]?.textContent).toBe('Sin cámara');
    expect([...cameraField.options].map((option) => option.textContent)).toEqual([
      'Sin cámara',
      'Opcional',
      'Obligatoria',
    ]);
    fireEvent.change(cameraField, { target: { value: 'required' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Crear análisis' }));

    const dialog = await screen.findByRole('dialog', { name: 'Éxito' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // Focus starts on 'Ir al análisis', inside the dialog: Enter goes straight to the analysis.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Ir al análisis' }));
    expect(dialog.textContent).toContain('¡Análisis creado con éxito!');
    expect(dialog.textContent).toContain('Redirigiendo en 5 segundos...');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(
      anAnalysisRequest({ scenario: 'null', tasks: textTasks('Compra algo', 'Paga'), sus: true, camera: 'required' }),
    );

    await act(async () => vi.advanceTimersByTime(1000));
    expect(dialog.textContent).toContain('Redirigiendo en 4 segundos...');
    // One tick per second: each next tick is scheduled after the re-render.
    for (let second = 0; second < 3; second += 1) await act(async () => vi.advanceTimersByTime(1000));
    expect(dialog.textContent).toContain('Redirigiendo en 1 segundos...');
    expect(router.state.location.pathname).toBe('/analysis/create');
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("'Ir al análisis' goes to the new analysis at once, before the countdown ends", async () => {
    api();
    const router = renderApp('/analysis/create');

    await screen.findByRole('heading', { name: 'Crear nuevo análisis' }, { timeout: 5000 });
    type('Nombre del análisis', 'Checkout');
    type('URL', 'tienda.example.com');
    type('Tarea 1', 'Compra algo');
    fireEvent.click(screen.getByRole('button', { name: 'Crear análisis' }));

    const dialog = await screen.findByRole('dialog', { name: 'Éxito' });
    expect(dialog.textContent).toContain('Redirigiendo en 5 segundos...');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ir al análisis' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analysis/new-1'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Éxito' })).toBeNull());
  });

  it("shows the server's message when it refuses the analysis", async () => {
    api({
      create: () => ({
        status: 400,
        body: { message: 'El nombre del análisis no puede superar los 200 caracteres', code: 'invalid_analysis' },
      }),
    });
    renderApp('/analysis/create');

    await screen.findByRole('heading', { name: 'Crear nuevo análisis' }, { timeout: 5000 });
    type('Nombre del análisis', 'Checkout');
    type('URL', 'https://tienda.example.com');
    type('Tarea 1', 'Compra algo');
    fireEvent.click(screen.getByRole('button', { name: 'Crear análisis' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'El nombre del análisis no puede superar los 200 caracteres',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends users without an active subscription back to /dashboard', async () => {
    api({ paid: false });
    const router = renderApp('/analysis/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
  });
});
