/** Reading server failures: the server's own message only when it sent our error body, and errors[].msg. */
import { describe, expect, it } from 'vitest';
import { errorStatus, serverMessage, validationMessages } from '@/components/form';
import { ApiError } from '@/lib/api-client';

describe('server errors', () => {
  it('keeps the server message and drops the ones the client invented', () => {
    // A fixed code is worded by the locale files, whatever text came with it.
    expect(serverMessage(new ApiError(429, 'rate_limited', 'Demasiados intentos.'))).toBe(
      'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    );
    expect(serverMessage(new ApiError(0, 'network', 'Failed to fetch'))).toBeUndefined();
    expect(serverMessage(new ApiError(502, 'http_error', 'Request failed with status 502'))).toBeUndefined();
    expect(serverMessage(new Error('boom'))).toBeUndefined();
  });

  it('reads the status, 0 for anything that is not an API error', () => {
    expect(errorStatus(new ApiError(401, 'invalid_credentials', 'x'))).toBe(401);
    expect(errorStatus('nope')).toBe(0);
  });

  it('lists errors[].msg when the error carries them', () => {
    const error = Object.assign(new ApiError(422, 'weak_password', 'Contraseña no válida'), {
      errors: [{ msg: 'La contraseña debe tener al menos 8 caracteres' }, { nope: 1 }, { msg: ' ' }],
    });
    expect(validationMessages(error)).toEqual(['La contraseña debe tener al menos 8 caracteres']);
    expect(validationMessages(new ApiError(422, 'weak_password', 'y'))).toEqual([]);
  });
});
