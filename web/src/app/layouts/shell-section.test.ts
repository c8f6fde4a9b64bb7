/** The side navigation's current section for every signed-in URL, nested ones included. */
import { describe, expect, it } from 'vitest';
import { shellSection } from '@/app/layouts/shell-section';

describe('shell section', () => {
  it('counts analyses and recordings as the Dashboard', () => {
    for (const path of ['/dashboard', '/dashboard/', '/user', '/analysis/create', '/analysis/0123abcd', '/entry/e-1']) {
      expect(shellSection(path), path).toBe('dashboard');
    }
  });

  it('counts every billing page as Facturación and the profile as Cambiar contraseña', () => {
    expect(shellSection('/user/billing')).toBe('billing');
    expect(shellSection('/user/billing/checkout/cs_1')).toBe('billing');
    expect(shellSection('/user/profile')).toBe('profile');
  });

  it('marks nothing for paths outside the shell or that only look alike', () => {
    expect(shellSection('/')).toBeNull();
    expect(shellSection('/analysisx')).toBeNull();
    expect(shellSection('/user/billingx')).toBeNull();
  });
});
