// Renders the real routes at an address, with a fresh query cache and a fake server.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider.tsx';
import { createRoutes } from '@/app/router.tsx';
import { createQueryClient } from '@/lib/query-client.ts';

export type Reply = [status: number, body: unknown];
/** Answers for "METHOD /api/path"; anything else is a 404 in the server's error shape. */
export type FakeServer = Record<string, Reply | ((init: RequestInit) => Reply)>;

export function fakeServer(routesByCall: FakeServer) {
  const fetchMock = vi.fn<typeof fetch>((input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = `${init.method ?? 'GET'} ${url}`;
    const handler = routesByCall[call];
    const [status, body] = handler
      ? typeof handler === 'function'
        ? handler(init)
        : handler
      : [404, { error: 'not_found', message: `No fake for ${call}` }];
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls the page made, as "METHOD /api/path" (the page calls fetch with a path). */
export function callsOf(fetchMock: ReturnType<typeof fakeServer>): string[] {
  return fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url as string}`);
}

/** The `Authorization` header the page sent with `call` ("METHOD /api/path"), if any. */
export function bearerOf(fetchMock: ReturnType<typeof fakeServer>, call: string): string | null {
  const found = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${url as string}` === call);
  return new Headers(found?.[1]?.headers).get('Authorization');
}

/** Holds the fake server's answers to `url` until the returned release is called. */
export function holdFetchesOf(url: string): () => void {
  const answer = globalThis.fetch;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (input === url) await held;
    return answer(input, init);
  });
  return () => {
    release();
  };
}

/** The number a seller `signedInAs` makes has confirmed, unless told otherwise. */
export const SELLERS_PHONE = '+8801700000001';

/**
 * A signed-in user of `role`, as the page would have stored them; `emailVerified: false`
 * for one not proven yet; `phone`, the number (`+8801…`) they confirmed by SMS — a seller
 * has [`SELLERS_PHONE`] (listing needs one), others none; `null` for none.
 */
export function signedInAs(
  role: 'buyer' | 'seller' | 'admin',
  {
    emailVerified = true,
    phone = role === 'seller' ? SELLERS_PHONE : null,
  }: { emailVerified?: boolean; phone?: string | null } = {},
): FakeServer {
  const email = `${role}@example.com`;
  localStorage.setItem('access-token', `token-of-${role}`);
  localStorage.setItem('user-email', email);
  const confirmed = phone === null ? { phoneVerified: false } : { phone, phoneVerified: true };
  return {
    [`GET /api/users/${encodeURIComponent(email)}`]: [
      200,
      { _id: '1', name: `Test ${role}`, email, image: '/uploads/me.png', role, emailVerified, ...confirmed },
    ],
    // The bell in the top bar reads this on every page.
    'GET /api/notifications': [200, { unread: 0, notifications: [] }],
  };
}

export function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient} live={false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
