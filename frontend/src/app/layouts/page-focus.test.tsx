import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

describe('Moving between pages by keyboard', () => {
  it('offers "Skip to the page" first, which lands on the page itself', async () => {
    fakeServer({});
    renderApp('/blog');
    await screen.findByRole('heading', { level: 1 });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to the page' });
    expect(skip).toHaveFocus();
    await userEvent.click(skip);
    expect(document.getElementById('main')).toHaveFocus();
  });

  it("puts the focus on the new page's heading after a move, not on the first page", async () => {
    fakeServer({ 'GET /api/categories': [200, []], 'GET /api/advertise': [200, []] });
    renderApp('/blog');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).not.toHaveFocus();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    await expect
      .poll(() => document.activeElement?.tagName)
      .toBe('H1');
    expect(document.activeElement).toHaveTextContent(/./);
    expect(document.activeElement).not.toBe(heading);
  });

  it('leaves the focus where the new page put it', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/listings/p1': [200, aListing()], 'GET /api/wishlist': [200, []] });
    const { router } = renderApp('/blog');
    await screen.findByRole('heading', { level: 1 });
    await router.navigate('/products/p1?ask=1');
    const panel = await screen.findByRole('region', { name: 'Message the seller' });
    const first = within(panel).getByRole('button', { name: 'Is it still available?' });
    await expect.poll(() => document.activeElement).toBe(first);
    // Given time to find the heading, the focus stays on the question.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first).toHaveFocus();
  });

  it("lands on the article a footer link names, on another page or the same one", async () => {
    fakeServer({ 'GET /api/categories': [200, []], 'GET /api/advertise': [200, []] });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');
    await userEvent.click(within(footer).getByRole('link', { name: 'Safe meet-ups' }));
    await expect.poll(() => document.activeElement?.id).toBe('meeting-a-seller-safely');
    expect(router.state.location.pathname).toBe('/blog');
    await userEvent.click(within(footer).getByRole('link', { name: 'Papers and BRTA transfer' }));
    await expect.poll(() => document.activeElement?.id).toBe('paperwork-and-ownership-transfer');
  });

  it("lands on the page's heading when the place an address names never shows", async () => {
    fakeServer({ 'GET /api/categories': [200, []], 'GET /api/advertise': [200, []] });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await router.navigate('/blog#a-guide-since-renamed');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Guides for buying and selling a used bike' });
    expect(heading).not.toHaveFocus();
    await expect.poll(() => document.activeElement, { timeout: 7000 }).toBe(heading);
  }, 10_000);
});
