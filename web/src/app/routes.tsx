/**
 * The route table of product §2: which layout and screen each URL gets; every screen loads lazily.
 * The public pages (/, /home, terms, FAQ) are in two tables: `siteRoutes`, which the build renders
 * to HTML (app/prerender.tsx), and `routes`, the app's, where following a link to one of them
 * leaves the app for that prerendered page and its own small script (ADR 0011). The participation
 * page (/participate) is not the app's either: it is an entry of its own (participate-main.tsx).
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { AdminLayout } from '@/app/layouts/admin-layout';
import { AppShellLayout } from '@/app/layouts/app-shell-layout';
import { LogoHeaderLayout } from '@/app/layouts/logo-header-layout';
import { PublicLayout } from '@/app/layouts/public-layout';
import { RootLayout } from '@/app/layouts/root-layout';
import { titled, type RouteHandle, type TitleName } from '@/app/route-handle';
import { NotFoundPage } from '@/app/routes/not-found';
import { RouteError } from '@/app/routes/route-error';
import { PageLoader } from '@/components/page-loader';
import { sessionQueryOptions } from '@/components/session/use-session';
import { entryQueryOptions } from '@/features/entries/api/get-entry';
import { notesQueryOptions } from '@/features/entries/api/get-notes';
import { ensureTerms } from '@/app/i18n';

/** A screen's route fragment: its document title and its page, loaded on the first visit. */
const screen = <M,>(title: TitleName, load: () => Promise<M>, page: (module: M) => ComponentType) => ({
  handle: titled(title),
  lazy: () => load().then((module) => ({ Component: page(module) })),
});

// Each screen is one route object fragment, reused where product §2 mounts a screen on two URLs.
const landing = screen(
  'landing',
  () => import('@/features/marketing/routes/landing-page'),
  (m) => m.LandingPage,
);
const home = screen(
  'home',
  () => import('@/features/marketing/routes/home-page'),
  (m) => m.HomePage,
);
const terms = {
  handle: titled('terms'),
  lazy: async () => {
    const [page] = await Promise.all([import('@/features/marketing/routes/terms-page'), ensureTerms()]);
    return { Component: page.TermsPage };
  },
};
const faq = screen(
  'faq',
  () => import('@/features/marketing/routes/faq-page'),
  (m) => m.FaqPage,
);
const login = screen(
  'login',
  () => import('@/features/auth/routes/login-page'),
  (m) => m.LoginPage,
);
const register = screen(
  'register',
  () => import('@/features/auth/routes/register-page'),
  (m) => m.RegisterPage,
);
const recoverPassword = screen(
  'recoverPassword',
  () => import('@/features/auth/routes/recover-password-page'),
  (m) => m.RecoverPasswordPage,
);
const passwordReset = screen(
  'passwordReset',
  () => import('@/features/auth/routes/password-reset-page'),
  (m) => m.PasswordResetPage,
);
const dashboard = screen(
  'dashboard',
  () => import('@/features/dashboard/routes/dashboard-page'),
  (m) => m.DashboardPage,
);
const profile = screen(
  'profile',
  () => import('@/features/profile/routes/profile-page'),
  (m) => m.ProfilePage,
);
const billing = screen(
  'billing',
  () => import('@/features/billing/routes/billing-page'),
  (m) => m.BillingPage,
);
// The local (test-mode) payment provider's checkout and customer portal, inside our own app.
const billingTestMode = {
  lazy: () =>
    import('@/features/billing/components/test-mode-layout').then((m) => ({ Component: m.BillingTestModeLayout })),
};
const billingCheckout = screen(
  'billing',
  () => import('@/features/billing/routes/checkout-page'),
  (m) => m.CheckoutPage,
);
const billingPortal = screen(
  'billing',
  () => import('@/features/billing/routes/portal-page'),
  (m) => m.PortalPage,
);
const createAnalysis = screen(
  'createAnalysis',
  () => import('@/features/analysis/routes/create-analysis-page'),
  (m) => m.CreateAnalysisPage,
);
const analysisDetail = {
  handle: titled('analysisDetail'),
  // The analysis page shows the insights feature's section: composed here, as features do not import each other.
  lazy: () =>
    Promise.all([
      import('@/features/analysis/routes/analysis-detail-page'),
      import('@/features/insights/components/insights-section'),
      import('@/features/sessions/components/sessions-section'),
    ]).then(([page, insights, sessions]) => ({
      Component: () => (
        <page.AnalysisDetailPage
          renderInsights={(analysis, part) =>
            // The moderated sessions (issue 49) sit on the 'Compartir' tab beside the share links.
            part === 'sessions' ? (
              <sessions.SessionsSection analysisId={analysis.id} />
            ) : (
              <insights.InsightsSection
                analysisId={analysis.id}
                analysisName={analysis.name}
                taskCount={analysis.tasks.length}
                part={part}
              />
            )
          }
        />
      ),
    })),
};
const entry = {
  handle: {
    ...titled('entry'),
    // The recording's URLs and the notes need only the id: ask for both while the page loads.
    warm: ({ id = '' }, queryClient) => {
      void queryClient.prefetchQuery(entryQueryOptions(id));
      void queryClient.prefetchQuery(notesQueryOptions(id));
    },
  } satisfies RouteHandle,
  // The recording's share dialog is the insights feature's: composed here, as features do not import each other.
  lazy: () =>
    Promise.all([
      import('@/features/entries/routes/entry-page'),
      import('@/features/insights/components/share-dialog'),
    ]).then(([page, share]) => ({
      Component: () => (
        <page.EntryPage
          renderShareDialog={({ analysisId, entryId, label, onClose }) => (
            <share.ShareDialog
              analysisId={analysisId}
              target={{ kind: 'recording', targetId: entryId, label }}
              onClose={onClose}
            />
          )}
        />
      ),
    })),
};
const admin = screen(
  'admin',
  () => import('@/features/admin/routes/admin-page'),
  (m) => m.AdminPage,
);
const adminWaitlist = screen(
  'admin',
  () => import('@/features/admin/routes/waitlist-page'),
  (m) => m.WaitlistPage,
);
const adminWorkspaces = screen(
  'admin',
  () => import('@/features/admin/routes/workspaces-page'),
  (m) => m.WorkspacesPage,
);
const team = screen(
  'team',
  () => import('@/features/team/routes/team-page'),
  (m) => m.TeamPage,
);
const invite = screen(
  'invite',
  () => import('@/features/team/routes/invite-page'),
  (m) => m.InvitePage,
);
const sessionRoom = screen(
  'sessionRoom',
  () => import('@/features/sessions/routes/session-room-page'),
  (m) => m.SessionRoomPage,
);
const share = screen(
  'share',
  () => import('@/features/insights/routes/share-page'),
  (m) => m.SharePage,
);
/** The public site's pages (product §2), inside PublicLayout. */
const publicPages: RouteObject[] = [
  { index: true, ...landing },
  {
    path: 'home',
    children: [
      { index: true, ...home },
      { path: 'home', ...home },
      { path: 'terminos-condiciones', ...terms },
      { path: 'preguntas-frecuentes', ...faq },
    ],
  },
  { path: 'terminos-condiciones', ...terms },
  { path: 'preguntas-frecuentes', ...faq },
];

/** The public pages as the build renders them to HTML, with the same outer layouts as the app. */
export const siteRoutes: RouteObject[] = [
  { Component: RootLayout, children: [{ Component: PublicLayout, children: publicPages }] },
];

/**
 * A public page is a document of its own: prerendered HTML with a few kilobytes of script (ADR
 * 0011), which the app neither needs nor keeps in its bundle; so is the participation page, with
 * its own entry. A link or redirect to one from inside the app becomes a page load. Only when the
 * app itself was started on such a URL (a public page under `vite dev`, which has no prerendered
 * pages) does it render what the route has, from the same components.
 */
function leaveTheApp({ request }: LoaderFunctionArgs): Promise<never> | null {
  const here = new URL(window.location.href);
  here.hash = '';
  if (request.url === here.href) return null;
  window.location.assign(request.url);
  // The page is unloading: nothing to render meanwhile.
  return new Promise<never>(() => {});
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      {
        // Reached from inside the app: the browser loads the prerendered page instead.
        Component: PublicLayout,
        loader: leaveTheApp,
        children: publicPages,
      },
      {
        path: 'auth',
        Component: LogoHeaderLayout,
        children: [
          { index: true, ...login },
          { path: 'login', ...login },
          { path: 'register', ...register },
          { path: 'recover-password', ...recoverPassword },
          { path: 'password-reset', ...passwordReset },
          // Product §2's /auth child list names it restore-password; both reach the same screen.
          { path: 'restore-password', ...passwordReset },
        ],
      },
      {
        // The server (and `vite dev`) answers these with the participation page's own entry, so
        // the app is never started here; reached from inside the app, the browser loads that page.
        path: 'participate/:id?',
        loader: leaveTheApp,
      },
      {
        // A share link's page (ADR 0012): no account, only what was shared.
        path: 's',
        Component: LogoHeaderLayout,
        children: [{ path: ':token', ...share }],
      },
      {
        // An invitation to a team (ADR 0019): readable signed out, joined once signed in.
        path: 'invite',
        Component: LogoHeaderLayout,
        children: [{ path: ':token', ...invite }],
      },
      {
        // Signed-in area: the shell checks the session and redirects to /auth/login without one.
        Component: AppShellLayout,
        handle: {
          warm: (_params, queryClient) => void queryClient.prefetchQuery(sessionQueryOptions()),
        } satisfies RouteHandle,
        children: [
          {
            path: 'user',
            children: [
              { index: true, ...dashboard },
              { path: 'profile', ...profile },
              { path: 'billing', ...billing },
            ],
          },
          { path: 'dashboard', children: [{ index: true, ...dashboard }] },
          { path: 'analysis/create', ...createAnalysis },
          { path: 'analysis/:id', ...analysisDetail },
          { path: 'entry/:id', ...entry },
          { path: 'team', ...team },
          // A moderated session's room (issue 49, ADR 0024): the moderator's or an observer's view.
          { path: 'session/:id', ...sessionRoom },
        ],
      },
      {
        // Test-mode payment pages: session check without the shell's navigation, like a provider's page.
        path: 'billing',
        ...billingTestMode,
        children: [
          { path: 'checkout/:sessionId', ...billingCheckout },
          { path: 'portal', ...billingPortal },
        ],
      },
      {
        // The admin area has its own session check and nav bar, and refuses non-admins.
        path: 'admin',
        Component: AdminLayout,
        children: [
          { index: true, ...admin },
          { path: 'waitlist', ...adminWaitlist },
          { path: 'workspaces', ...adminWorkspaces },
        ],
      },
      { path: '*', Component: NotFoundPage, handle: titled('notFound') },
    ],
  },
];
