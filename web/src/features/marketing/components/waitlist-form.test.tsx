/** Waitlist form states (spec §4/§5/§8): validation, sending, success, failure and the silent honeypot. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { WaitlistForm } from '@/features/marketing/components/waitlist-form';

const SUCCESS = 'Te hemos apuntado. Te avisaremos cuando abramos acceso.';
const FAILURE = 'No hemos podido procesar tu solicitud. Inténtalo de nuevo en unos minutos.';

function renderForm() {
  const router = createMemoryRouter([{ path: '/', element: <WaitlistForm /> }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(...responses: (Response | Promise<Response>)[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockImplementationOnce(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const email = () => screen.getByLabelText<HTMLInputElement>('Correo electrónico');
const consent = () => screen.getByRole<HTMLInputElement>('checkbox');
const submit = () => screen.getByRole<HTMLButtonElement>('button');

function fill(address: string, accept: boolean) {
  fireEvent.change(email(), { target: { value: address } });
  if (accept) fireEvent.click(consent());
}

describe('waitlist form', () => {
  it('rejects an address without non-space text on both sides of @', async () => {
    const fetchMock = stubFetch();
    renderForm();

    for (const bad of ['', 'ana', 'ana@', '@lupa.example', 'ana maria@lupa.example']) {
      fireEvent.change(email(), { target: { value: bad } });
      fireEvent.click(submit());
      expect(await screen.findByText('Introduce un correo válido')).toBeTruthy();
    }
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires consent', async () => {
    const fetchMock = stubFetch();
    renderForm();

    fill('ana@lupa.example', false);
    fireEvent.click(submit());

    expect(await screen.findByText('Debes aceptar los términos para continuar')).toBeTruthy();
    expect(consent().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Introduce un correo válido')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Procesando... while sending, then the success alert, resets and disables the button', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();

    fill(' ana@lupa.example ', true);
    fireEvent.click(submit());

    await waitFor(() => expect(submit().textContent).toBe('Procesando...'));
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/waitlist');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@lupa.example', consent: true, website: '' });

    await act(async () => answer(json(201, { message: 'ok' })));

    expect((await screen.findByRole('status')).textContent).toBe(SUCCESS);
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Apuntarme');
    expect(email().value).toBe('');
    expect(consent().checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure alert when the server fails and lets the visitor retry', async () => {
    const fetchMock = stubFetch(json(500, { message: 'boom', code: 'internal' }), json(201, { message: 'ok' }));
    renderForm();

    fill('ana@lupa.example', true);
    fireEvent.click(submit());

    expect((await screen.findByRole('alert')).textContent).toBe(FAILURE);
    expect(submit().disabled).toBe(false);
    expect(email().value).toBe('ana@lupa.example');

    fireEvent.click(submit());
    expect((await screen.findByRole('status')).textContent).toBe(SUCCESS);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('adds the server reason to the failure alert on a 400', async () => {
    stubFetch(json(400, { message: 'Introduce un correo válido', code: 'invalid_email' }));
    renderForm();

    fill('ana@lupa', true);
    fireEvent.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FAILURE);
    expect(alert.textContent).toContain('Introduce un correo válido');
  });

  it('treats a network failure (no answer) as a failure', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();

    fill('ana@lupa.example', true);
    fireEvent.click(submit());

    expect((await screen.findByRole('alert')).textContent).toBe(FAILURE);
  });

  it('drops a filled honeypot silently but shows the same success', async () => {
    const fetchMock = stubFetch();
    renderForm();

    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /campo vacío/i })).toBeNull();

    fill('bot@spam.example', true);
    fireEvent.change(honeypot, { target: { value: 'https://spam.example' } });
    fireEvent.click(submit());

    expect((await screen.findByRole('status')).textContent).toBe(SUCCESS);
    expect(submit().disabled).toBe(true);
    expect(honeypot.value).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks English when the language is English', async () => {
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('en');
    stubFetch();
    renderForm();

    fireEvent.click(screen.getByRole('button', { name: 'Sign me up' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('You must accept the terms to continue')).toBeTruthy();
  });
});
