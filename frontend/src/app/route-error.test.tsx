import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '@/lib/i18n/language-context.ts';
import { lazyPage } from './lazy-page.ts';
import { RouteError } from './route-error.tsx';

/** A route whose page's code fails to arrive with `error`. */
function renderFailing(error: Error, locale: 'en' | 'bn' = 'en') {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        hydrateFallbackElement: <p>Starting</p>,
        lazy: lazyPage(() => Promise.reject(error), () => () => null),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <LanguageContext value={{ locale, setLocale: () => undefined }}>
      <RouterProvider router={router} />
    </LanguageContext>,
  );
}

describe('A page that cannot be loaded', () => {
  it("says in words that its code did not arrive and offers a reload, not the browser's message", async () => {
    renderFailing(new TypeError('Failed to fetch dynamically imported module: https://bikehaat.example/assets/thread-page-x1.js'));
    expect(await screen.findByRole('heading', { name: 'This page did not arrive' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your connection may have dropped');
    expect(screen.getByRole('alert')).not.toHaveTextContent('dynamically imported');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  });

  it("reads Safari's and Firefox's words for it the same way, and says it in Bangla", async () => {
    renderFailing(new TypeError('Importing a module script failed.'), 'bn');
    expect(await screen.findByRole('heading', { name: 'পেজটি এসে পৌঁছায়নি' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'রিলোড করুন' })).toBeInTheDocument();
  });

  it('shows what any other failure says', async () => {
    renderFailing(new Error('The listing could not be read.'));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The listing could not be read.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
