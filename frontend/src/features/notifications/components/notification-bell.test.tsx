import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { aNotification } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const booking = aNotification({ _id: 'n2', message: 'Karim booked your Yamaha R15.' });
const verified = aNotification({
  _id: 'n1',
  kind: 'verified',
  message: 'An admin verified you: your bikes now show the Verified badge.',
  link: '/dashboard/seller-products',
  read: true,
});

function openAsSeller() {
  let sent: unknown = null;
  const fetchMock = fakeServer({
    ...signedInAs('seller'),
    'GET /api/notifications': [200, { unread: 1, notifications: [booking, verified] }],
    'POST /api/notifications/read': (init) => {
      sent = JSON.parse(init.body as string);
      return [200, { updated: 1, unread: 0 }];
    },
    'GET /api/sellerOrders/seller%40example.com': [200, []],
  });
  return { fetchMock, sent: () => sent, ...renderApp('/') };
}

describe('the notification bell', () => {
  it('shows the unread count and lists the newest, which lead to where to act', async () => {
    const { router } = openAsSeller();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toHaveAttribute(
      'href',
      '/dashboard/notifications',
    );
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: 'Unread: Karim booked your Yamaha R15.' })).toHaveAttribute(
      'href',
      '/dashboard/my-buyers',
    );
    expect(within(panel).getByRole('link', { name: verified.message })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('link', { name: /Karim booked/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/my-buyers');
    });
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    // Found and checked at one moment: the page it leads to may replace the frame, and
    // with it the bell, right after a bell was found.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    });
  });

  it('marks everything read at once', async () => {
    const { fetchMock, sent } = openAsSeller();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('POST /api/notifications/read');
    expect(sent()).toEqual({ all: true });
  });

  it('rings when a notification arrives live: the count rises and a toast links to it', async () => {
    const { queryClient } = openAsSeller();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const paid = aNotification({ _id: 'n3', kind: 'payment', message: 'Karim paid for your Yamaha R15.' });
    act(() => {
      applyLiveEvent(queryClient, { event: 'notification.created', data: paid });
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const toast = await screen.findByRole('link', { name: 'Karim paid for your Yamaha R15.' });
    expect(toast).toHaveAttribute('href', '/dashboard/my-buyers');
    // The same event again (a replay) rings nothing more.
    act(() => {
      applyLiveEvent(queryClient, { event: 'notification.created', data: paid });
    });
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Karim paid for your Yamaha R15.' })).toHaveLength(1);
  });

  it('is not there for visitors', async () => {
    const fetchMock = fakeServer({ 'GET /api/categories': [200, []] });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('GET /api/notifications');
  });
});
