import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { SessionProvider } from '../lib/auth/session-provider.tsx';

/** Loaded after the first paint: the socket and immer stay out of the home page's bundle. */
const LiveUpdates = lazy(() => import('../lib/live/live-updates.tsx').then((m) => ({ default: m.LiveUpdates })));

/**
 * The query cache, the session and the live events that keep the cache current, around
 * the router. `live={false}` leaves the socket closed (component tests).
 */
export function AppProvider({
  queryClient,
  live = true,
  children,
}: {
  queryClient: QueryClient;
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {live && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
