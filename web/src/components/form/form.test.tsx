/** The form helper: labelled fields, translated errors linked by aria-describedby, busy submit button. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form, requiredEmail, requiredText, SubmitButton, TextField, useZodForm } from '@/components/form';
import { i18n } from '@/lib/i18n';

const schema = z.object({ email: requiredEmail(), password: requiredText() });
type Values = z.output<typeof schema>;

function TestForm({ onSubmit }: { onSubmit: (values: Values) => Promise<void> }) {
  const form = useZodForm(schema, { defaultValues: { email: '', password: '' } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="test">
      <TextField<Values> name="email" type="email" label="Email" hint="Tu correo" required />
      <TextField<Values> name="password" type="password" label="Contraseña" />
      <SubmitButton busyLabel="Enviando…">Enviar</SubmitButton>
    </Form>
  );
}

describe('form helper', () => {
  it('labels each input and links its hint', () => {
    render(<TestForm onSubmit={vi.fn()} />);

    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('aria-required')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    const hint = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Tu correo');
    expect(screen.getByRole('form', { name: 'test' }).hasAttribute('novalidate')).toBe(true);
  });

  it('shows translated errors on submit, linked with aria-describedby and aria-invalid, and does not submit', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<TestForm onSubmit={onSubmit} />);

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    const password = screen.getByLabelText('Contraseña');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const errorLine = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(errorLine?.textContent).toBe('Este campo es obligatorio');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
    // The first invalid field gets focus.
    expect(document.activeElement).toBe(email);
  });

  it('checks the e-mail shape once something is typed, and re-translates on a language switch', async () => {
    render(<TestForm onSubmit={vi.fn(async () => {})} />);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Introduce un correo válido')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
  });

  it('passes trimmed, valid values and shows a busy button while submitting', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn((_values: Values) => new Promise<void>((resolve) => (finish = resolve)));
    render(<TestForm onSubmit={onSubmit} />);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  ana@example.com ' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: ' secreto ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    const busy = await screen.findByRole('button', { name: 'Enviando…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'ana@example.com', password: ' secreto ' });

    await act(async () => finish());
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeTruthy();
  });
});
