/** Test helpers: render the real route table at a URL inside the app's providers, and fake the API. */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { SESSION_QUERY_KEY } from '@/components/session/use-session';
import type { TeamRoleName } from '@/lib/api-types/TeamRoleName';
import { createQueryClient } from '@/lib/query-client';

export { anAnalysis, anAnalysisRequest, textTasks } from '@/app/test-data';

/** Renders the whole app at `url`; returns the router to inspect where navigation went. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/**
 * Loads the lazy modules of the screen at `url` ahead of a test's own time: a navigation changes
 * location only once they are loaded, and the first time that means Vitest transforming them
 * (over a second under a full run's load, past `waitFor`'s).
 */
export async function preloadRoute(url: string) {
  const matches = matchRoutes(routes, url) ?? [];
  await Promise.all(matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)));
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: FakeCall) => { status: number; body?: unknown } | undefined;

/**
 * Replaces global fetch with `handler`; unhandled calls answer 404. Returns the list of calls made
 * (method, path + query, parsed JSON body).
 */
export function fakeApi(handler: Handler): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: input,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, body: { message: 'Not found', code: 'not_found' } };
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/**
 * The answers every researcher page waits for: the session (a customer) and billing (`paid`
 * unless told otherwise). A fake API's handler ends with it, after its own URLs.
 */
export function signedInCustomer(url: string, paid = true) {
  if (url === '/api/v1/auth/session') return { status: 200, body: aSession() };
  if (url === '/api/v1/billing')
    return { status: 200, body: { billingData: { Subscription: [], stripe_customer_id: null, paid } } };
  return undefined;
}

/** A submitted recording as GET /entry/:id sends it (participant 3 of 'Checkout', 18 s, no chapters). */
export const anEntry = (overrides: Record<string, unknown> = {}) => ({
  entryUrl: 'http://127.0.0.1:8787/api/v1/recordings/e1?expires=4102444800000&sig=s1',
  id: 'e1',
  participantNumber: 3,
  thumbnailUrl: null,
  analysisId: 'an-1',
  analysisName: 'Checkout',
  mimeType: 'video/mp4',
  durationMs: 18_000,
  submittedAt: 1,
  steps: [],
  chapters: [],
  ...overrides,
});

export const aUser = (role = 'customer', email = 'ana@example.com') => ({
  id: 'u1',
  email,
  role,
  name: null,
  last_login_at: null,
  created_at: 1_700_000_000_000,
});

/** A session's answer: the user and their current workspace (their own, as its owner, unless `teamRole`). */
export const aSession = (role = 'customer', email = 'ana@example.com', teamRole: TeamRoleName = 'owner') => ({
  user: aUser(role, email),
  workspace: { id: 'wu1', name: email, role: teamRole },
});

/** A query client that already holds a signed-in session (for components rendered on their own). */
export function sessionClient(teamRole: TeamRoleName = 'owner') {
  const client = createQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, aSession('customer', 'ana@example.com', teamRole));
  return client;
}

/** `render`'s wrapper for a component that reads the session (e.g. the team role, ADR 0019). */
export function SessionWrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={sessionClient()}>{children}</QueryClientProvider>;
}

/** Types `fields` (label → value) into a form once its first field shows, then clicks the `button`. */
export async function fillAndSubmit(fields: Record<string, string>, button: string) {
  for (const [index, [label, value]] of Object.entries(fields).entries()) {
    const field = index === 0 ? await screen.findByLabelText(label) : screen.getByLabelText(label);
    fireEvent.change(field, { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: button }));
}
