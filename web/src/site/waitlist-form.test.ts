/** Waitlist form states (product §4/§5/§8) on the served markup: validation, sending, success, failure, honeypot. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSite } from '@/site/start';
import { serveEnglish, servePage } from '@/site/test-utils';

const SUCCESS = 'Te hemos apuntado. Te avisaremos cuando abramos acceso.';
const FAILURE = 'No hemos podido procesar tu solicitud. Inténtalo de nuevo en unos minutos.';

async function serveForm() {
  await servePage('/');
  startSite();
}

const form = () => within(screen.getByRole('form', { name: /lista de espera|waitlist/i }));
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(...responses: (Response | Promise<Response>)[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockImplementationOnce(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const email = () => form().getByLabelText<HTMLInputElement>('Correo electrónico');
const consent = () => form().getByRole<HTMLInputElement>('checkbox');
const submit = () => form().getByRole<HTMLButtonElement>('button');

function fill(address: string, accept: boolean) {
  fireEvent.input(email(), { target: { value: address } });
  if (accept) fireEvent.click(consent());
}

describe('waitlist form', () => {
  it('is served with its button disabled, which the script enables', async () => {
    await servePage('/');
    expect(submit().disabled).toBe(true);
    startSite();
    expect(submit().disabled).toBe(false);
  });

  it('rejects an address without non-space text on both sides of @, and focuses it', async () => {
    const fetchMock = stubFetch();
    await serveForm();

    for (const bad of ['', 'ana', 'ana@', '@lupa.example', 'ana maria@lupa.example']) {
      fireEvent.input(email(), { target: { value: bad } });
      fireEvent.click(submit());
      expect(form().getByText('Introduce un correo válido')).toBeTruthy();
    }
    expect(email().getAttribute('aria-invalid')).toBe('true');
    const error = form().getByText('Introduce un correo válido');
    expect(email().getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(email());
    expect(fetchMock).not.toHaveBeenCalled();

    // After the first submit, the error follows what the visitor types.
    fireEvent.input(email(), { target: { value: 'ana@lupa.example' } });
    expect(form().queryByText('Introduce un correo válido')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });

  it('requires consent', async () => {
    const fetchMock = stubFetch();
    await serveForm();

    fill('ana@lupa.example', false);
    fireEvent.click(submit());

    expect(form().getByText('Debes aceptar los términos para continuar')).toBeTruthy();
    expect(consent().getAttribute('aria-invalid')).toBe('true');
    expect(form().queryByText('Introduce un correo válido')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Procesando... while sending, then the success alert, resets and disables the button', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    await serveForm();

    fill(' ana@lupa.example ', true);
    fireEvent.click(submit());

    await waitFor(() => expect(submit().textContent).toBe('Procesando...'));
    expect(submit().getAttribute('aria-busy')).toBe('true');
    // A second press while sending sends nothing more.
    fireEvent.click(submit());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/waitlist');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@lupa.example', consent: true, website: '' });

    await act(async () => answer(json(201, { message: 'ok' })));

    const status = await form().findByRole('status');
    expect(status.textContent).toBe(SUCCESS);
    expect(document.activeElement).toBe(status);
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Apuntarme');
    expect(submit().getAttribute('aria-busy')).toBeNull();
    expect(email().value).toBe('');
    expect(consent().checked).toBe(false);
    expect(form().queryByRole('alert')).toBeNull();
  });

  it('shows the failure alert when the server fails and lets the visitor retry', async () => {
    const fetchMock = stubFetch(json(500, { message: 'boom', code: 'internal' }), json(201, { message: 'ok' }));
    await serveForm();

    fill('ana@lupa.example', true);
    fireEvent.click(submit());

    expect((await form().findByRole('alert')).textContent).toBe(FAILURE);
    expect(submit().disabled).toBe(false);
    expect(email().value).toBe('ana@lupa.example');

    fireEvent.click(submit());
    expect((await form().findByRole('status')).textContent).toBe(SUCCESS);
    expect(form().queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('adds the server reason to the failure alert on a 400', async () => {
    stubFetch(json(400, { message: 'Introduce un correo válido', code: 'invalid_email' }));
    await serveForm();

    fill('ana@lupa', true);
    fireEvent.click(submit());

    const alert = await form().findByRole('alert');
    expect(alert.textContent).toContain(FAILURE);
    expect(within(alert).getByRole('listitem').textContent).toBe('Introduce un correo válido');
  });

  it('treats a network failure (no answer) as a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await serveForm();

    fill('ana@lupa.example', true);
    fireEvent.click(submit());

    expect((await form().findByRole('alert')).textContent).toBe(FAILURE);
  });

  it('drops a filled honeypot silently but shows the same success', async () => {
    const fetchMock = stubFetch();
    await serveForm();

    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /campo vacío/i })).toBeNull();

    fill('bot@spam.example', true);
    fireEvent.input(honeypot, { target: { value: 'https://spam.example' } });
    fireEvent.click(submit());

    expect((await form().findByRole('status')).textContent).toBe(SUCCESS);
    expect(submit().disabled).toBe(true);
    expect(honeypot.value).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks English when the page is in English', async () => {
    const { english } = await servePage('/');
    serveEnglish(english);
    startSite();
    fireEvent.change(screen.getByRole('combobox', { name: 'Idioma' }), { target: { value: 'en' } });

    fireEvent.click(await screen.findByRole('button', { name: 'Sign me up' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('You must accept the terms to continue')).toBeTruthy();
  });
});
