import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { fakeServer } from '@/test/render-app.tsx';
import { MainLayout } from './main-layout.tsx';

/** A page with something of the reader's own: a count they have raised. */
function Counter() {
  const [count, setCount] = useState(0);
  const [, setParams] = useSearchParams();
  return (
    <section aria-label="Counter">
      <p>Count {count}</p>
      <button
        type="button"
        onClick={() => {
          setCount((now) => now + 1);
        }}
      >
        Raise
      </button>
      <button
        type="button"
        onClick={() => {
          setParams({ sort: 'price' }, { replace: true });
        }}
      >
        Sort
      </button>
    </section>
  );
}

/** The layout over two pages whose loaders wait for `gate()` to be opened. */
function renderLayout() {
  let open: () => void = () => undefined;
  let held = Promise.resolve();
  const gate = {
    hold() {
      held = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => {
      open();
    },
  };
  const router = createMemoryRouter(
    [
      {
        element: <MainLayout />,
        hydrateFallbackElement: <p>Starting</p>,
        children: [
          { path: 'page', loader: async () => held.then(() => null), Component: Counter },
          { path: 'other', loader: async () => held.then(() => null), element: <p>Another page</p> },
        ],
      },
    ],
    { initialEntries: ['/page'] },
  );
  render(
    <AppProvider queryClient={createQueryClient()} live={false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, gate };
}

describe('The main layout while a navigation loads', () => {
  it('keeps the page, and what the reader did on it, when only its query changes', async () => {
    fakeServer({});
    const { router, gate } = renderLayout();
    const page = await screen.findByRole('region', { name: 'Counter' });
    await userEvent.click(within(page).getByRole('button', { name: 'Raise' }));
    gate.hold();
    await userEvent.click(within(page).getByRole('button', { name: 'Sort' }));
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Counter' })).toBe(page);
    gate.open();
    await expect.poll(() => router.state.location.search).toBe('?sort=price');
    expect(screen.getByRole('region', { name: 'Counter' })).toHaveTextContent('Count 1');
  });

  it('shows the spinner while another page loads', async () => {
    fakeServer({});
    const { router, gate } = renderLayout();
    await screen.findByRole('region', { name: 'Counter' });
    gate.hold();
    void router.navigate('/other');
    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Counter' })).not.toBeInTheDocument();
    gate.open();
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });
});
