/** The app's URLs (product §2) in one place, so links and the router cannot drift apart. */

export const paths = {
  landing: '/',
  home: '/home',
  terms: '/terminos-condiciones',
  faq: '/preguntas-frecuentes',
  auth: {
    root: '/auth',
    login: '/auth/login',
    register: '/auth/register',
    recoverPassword: '/auth/recover-password',
    passwordReset: '/auth/password-reset',
  },
  user: {
    root: '/user',
    profile: '/user/profile',
    billing: '/user/billing',
  },
  dashboard: '/dashboard',
  team: '/team',
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  analysis: {
    create: '/analysis/create',
    detail: (id: string) => `/analysis/${encodeURIComponent(id)}`,
    /** One reel, open in the analysis's 'Notas y clips' tab (the insights section reads `reel`). */
    reel: (id: string, reelId: string) =>
      `/analysis/${encodeURIComponent(id)}?tab=notes&reel=${encodeURIComponent(reelId)}`,
  },
  entry: (id: string) => `/entry/${encodeURIComponent(id)}`,
  admin: '/admin',
  share: (token: string) => `/s/${encodeURIComponent(token)}`,
  participate: (id?: string) => (id ? `/participate/${encodeURIComponent(id)}` : '/participate'),
} as const;
