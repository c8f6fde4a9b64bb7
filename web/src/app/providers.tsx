/** App-wide providers: the TanStack Query cache for server data and a jotai store for client state. */
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

/** `client`: the cache the app started to fill before rendering (app/warm-start.ts); else a new one. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  // One client per mounted app (not per render), so tests get a fresh cache each time.
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}
