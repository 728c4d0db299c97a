import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { aUser } from '@/test/fixtures.ts';

const mainNav = () => screen.findByRole('navigation', { name: /Main|প্রধান/ });

/** A signed-in buyer whose account reads `language`. */
function buyerReading(language: 'en' | 'bn'): FakeServer {
  const server = signedInAs('buyer');
  const user = aUser({ _id: '1', email: 'buyer@example.com', name: 'Test buyer', language });
  return { ...server, 'GET /api/users/buyer%40example.com': [200, user] };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('The page language', () => {
  it('opens in English for an English browser, with <html lang> saying so', async () => {
    fakeServer({});
    renderApp('/blog');
    expect(await within(await mainNav()).findByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('button', { name: 'বাংলা' })).toHaveAttribute('lang', 'bn');
  });

  it('opens in Bangla on a first visit from a browser that puts Bangla first', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['bn-BD', 'en-US']);
    fakeServer({});
    renderApp('/blog');
    expect(await within(await mainNav()).findByRole('link', { name: 'হোম' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn-BD');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('সর্বস্বত্ব সংরক্ষিত');
  });

  it("switches at a tap and keeps the device's choice for the next visit", async () => {
    fakeServer({});
    const first = renderApp('/blog');
    await userEvent.click(await screen.findByRole('button', { name: 'বাংলা' }));
    expect(within(await mainNav()).getByRole('link', { name: 'বাইক' })).toHaveAttribute('href', '/products');
    expect(document.documentElement.lang).toBe('bn-BD');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
    expect(localStorage.getItem('language')).toBe('bn');
    first.unmount();

    renderApp('/blog');
    expect(await within(await mainNav()).findByRole('link', { name: 'হোম' })).toBeInTheDocument();
  });

  it("takes the account's language once signed in, over this device's", async () => {
    localStorage.setItem('language', 'en');
    fakeServer(buyerReading('bn'));
    renderApp('/blog');
    expect(await within(await mainNav()).findByRole('link', { name: 'ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('bn');
  });

  it('writes a signed-in change to the account as well', async () => {
    const saved: unknown[] = [];
    const fetchMock = fakeServer({
      ...buyerReading('en'),
      'PUT /api/users/me/language': (init) => {
        saved.push(JSON.parse(init.body as string));
        return [200, aUser({ _id: '1', email: 'buyer@example.com', language: 'bn' })];
      },
    });
    renderApp('/blog');
    expect(await within(await mainNav()).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'বাংলা' }));
    await expect.poll(() => saved).toEqual([{ language: 'bn' }]);
    // Requests from the page say its language, for mails the server writes from them.
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/users/me/language' && init?.method === 'PUT');
    expect(new Headers(put?.[1]?.headers).get('Accept-Language')).toMatch(/^bn-BD/);
    const first = fetchMock.mock.calls[0];
    expect(new Headers(first?.[1]?.headers).get('Accept-Language')).toBe('en');
    // The profile read again afterwards does not switch the page back.
    expect(within(await mainNav()).getByRole('link', { name: 'ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call === 'PUT /api/users/me/language')).toHaveLength(1);
  });

  it("does not write a visitor's choice anywhere but this device", async () => {
    const fetchMock = fakeServer({});
    renderApp('/blog');
    await userEvent.click(await screen.findByRole('button', { name: 'বাংলা' }));
    expect(localStorage.getItem('language')).toBe('bn');
    expect(callsOf(fetchMock)).not.toContain('PUT /api/users/me/language');
  });
});
