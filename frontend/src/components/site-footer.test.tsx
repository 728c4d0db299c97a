import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

describe('the footer', () => {
  it('links only to pages of the marketplace, each of which exists', async () => {
    fakeServer({ 'GET /api/categories': [200, []], 'GET /api/advertise': [200, []] });
    const { router } = renderApp('/blog');
    await screen.findByRole('heading', { level: 1 });
    const links = within(screen.getByRole('contentinfo')).getAllByRole('link');
    const internal = links.map((link) => link.getAttribute('href') ?? '').filter((href) => href.startsWith('/'));
    expect(internal).toEqual([
      '/',
      '/products',
      '/#categories-heading',
      '/blog',
      '/blog#buying-a-used-bike-safely',
      '/blog#paperwork-and-ownership-transfer',
      '/blog#what-a-fair-price-looks-like',
      '/blog#meeting-a-seller-safely',
    ]);
    // The rest call or write to us; nothing points at "#" or at somebody else's site.
    const others = links.map((link) => link.getAttribute('href') ?? '').filter((href) => !href.startsWith('/'));
    expect(others.every((href) => href.startsWith('tel:') || href.startsWith('mailto:'))).toBe(true);
    expect(others).toHaveLength(2);
    // Every article a guide link names is on the blog page.
    for (const href of internal.filter((target) => target.startsWith('/blog#'))) {
      expect(document.getElementById(href.slice('/blog#'.length))).not.toBeNull();
    }
    expect(router.state.location.pathname).toBe('/blog');
  });
});
