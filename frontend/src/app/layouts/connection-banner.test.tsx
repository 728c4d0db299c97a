import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

const OFFLINE = 'You are offline';
const UNREACHABLE = 'Cannot reach BikeHaat. Trying again…';

describe('the connection banner', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says at once that the page is offline, and goes once it is back', async () => {
    fakeServer({});
    renderApp('/blog');
    await screen.findByRole('heading', { level: 1 });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(OFFLINE)).toBeInTheDocument();
    expect(screen.getByText(OFFLINE).closest('[aria-live=polite]')).not.toBeNull();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => {
      expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
    });
  });

  it('says the marketplace cannot be reached when calls go unanswered, and Retry asks again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/');
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    const server = fakeServer({ 'GET /api/categories': [200, []], 'GET /api/advertise': [200, []] });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(screen.queryByText(UNREACHABLE)).not.toBeInTheDocument();
    });
    expect(server).toHaveBeenCalled();
  });
});
