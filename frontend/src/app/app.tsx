import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { onUnauthorized } from '@/lib/api-client.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { AppProvider } from './provider.tsx';
import { createRoutes } from './router.tsx';

function createRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
  // An expired access token: the API client has cleared the session; sign in again
  // and come back here afterwards.
  onUnauthorized(() => {
    const { pathname, search } = router.state.location;
    if (pathname !== '/login') void router.navigate('/login', { state: { from: { pathname, search } } });
  });
  return router;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
