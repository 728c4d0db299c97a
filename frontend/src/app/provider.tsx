import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '@/lib/auth/session-provider.tsx';
import { LanguageProvider } from '@/lib/i18n/language-provider.tsx';
import { LiveUpdates } from '@/lib/live/live-updates.tsx';

/**
 * The query cache, the session, the page's language and the live events that keep the cache current, around
 * the router. `live={false}` leaves the socket closed (component tests). `LiveUpdates`
 * itself is tiny: the socket's code loads after the first paint.
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
      {live && <LiveUpdates />}
      <SessionProvider>
        <LanguageProvider>{children}</LanguageProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
