/** Error mapping of the auth screens (product §8) and the role → home rule (product §2). */
import { describe, expect, it } from 'vitest';
import {
  homeFor,
  isInvalidTokenError,
  loginFailure,
  recoverFailure,
  registerFailure,
  resetFailure,
  tokenCheckFailure,
} from '@/features/auth/lib/outcomes';
import { ApiError } from '@/lib/api-client';

const api = (status: number, code: ApiError['code'], message = 'server says') => new ApiError(status, code, message);

describe('auth outcomes', () => {
  it('maps login failures', () => {
    expect(loginFailure(api(401, 'invalid_credentials'))).toEqual({
      tone: 'error',
      key: 'auth.login.invalidCredentials',
    });
    expect(loginFailure(api(403, 'participant_login'))).toEqual({
      tone: 'warning',
      key: 'auth.login.participantTitle',
      bodyKey: 'auth.login.participantBody',
    });
    expect(
      loginFailure(api(429, 'rate_limited', 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.')),
    ).toEqual({
      tone: 'error',
      text: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    });
    for (const error of [api(500, 'internal'), api(422, 'missing_fields'), api(0, 'timeout'), new Error('x')]) {
      expect(loginFailure(error)).toEqual({ tone: 'error', key: 'auth.login.internalError' });
    }
  });

  it('maps register failures, keeping the server reasons on 422', () => {
    expect(registerFailure(api(409, 'email_taken'))).toEqual({ tone: 'error', key: 'auth.register.conflict' });
    const weak = Object.assign(api(422, 'invalid_registration'), { errors: [{ msg: 'Demasiado corta' }] });
    expect(registerFailure(weak)).toEqual({
      tone: 'error',
      key: 'auth.register.invalid',
      details: ['Demasiado corta'],
    });
    expect(
      registerFailure(api(429, 'rate_limited', 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.')),
    ).toEqual({ tone: 'error', text: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.' });
    expect(registerFailure(api(500, 'internal'))).toEqual({ tone: 'error', key: 'auth.register.internalError' });
  });

  it('maps recover, token-check and reset failures', () => {
    expect(recoverFailure(api(500, 'internal'))).toEqual({ tone: 'error', key: 'auth.recover.error' });
    expect(
      recoverFailure(api(429, 'rate_limited', 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.')),
    ).toEqual({
      tone: 'error',
      key: 'auth.recover.error',
      details: ['Demasiados intentos. Espera unos minutos y vuelve a intentarlo.'],
    });
    expect(tokenCheckFailure(api(400, 'invalid_reset_token', 'Invalid or expired password reset token'))).toEqual({
      tone: 'error',
      text: 'Invalid or expired password reset token',
    });
    expect(tokenCheckFailure(api(0, 'network'))).toEqual({ tone: 'error', key: 'auth.reset.checkFailed' });
    expect(resetFailure(api(400, 'password_mismatch', 'Las contraseñas no coinciden'))).toEqual({
      tone: 'error',
      text: 'Las contraseñas no coinciden',
      details: [],
    });
    expect(resetFailure(api(0, 'timeout'))).toEqual({ tone: 'error', key: 'auth.reset.updateFailed', details: [] });
    expect(isInvalidTokenError(api(400, 'invalid_reset_token'))).toBe(true);
    expect(isInvalidTokenError(api(400, 'password_mismatch'))).toBe(false);
  });

  it('sends each role to its home', () => {
    expect(homeFor('admin')).toBe('/admin');
    expect(homeFor('customer')).toBe('/dashboard');
    expect(homeFor('participant')).toBe('/');
  });
});
