import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aNotification } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

describe('the notifications page', () => {
  it('lists every notification and marks one read', async () => {
    const sold = aNotification({
      _id: 'n4',
      kind: 'sold',
      message: 'Yamaha R15 on your wishlist was sold.',
      link: '/dashboard/wishlist',
    });
    const paid = aNotification({ _id: 'n3', kind: 'payment', message: 'Your payment for TVS Apache is recorded.', read: true });
    let sent: unknown = null;
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/notifications': [200, { unread: 1, notifications: [sold, paid] }],
      'POST /api/notifications/read': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, { updated: 1, unread: 0 }];
      },
    });
    renderApp('/dashboard/notifications');
    const heading = await screen.findByRole('heading', { name: 'Notifications' });
    const page = heading.closest('section') as HTMLElement;
    expect(await within(page).findByRole('link', { name: 'Unread: Yamaha R15 on your wishlist was sold.' })).toHaveAttribute(
      'href',
      '/dashboard/wishlist',
    );
    expect(within(page).getByRole('link', { name: 'Your payment for TVS Apache is recorded.' })).toBeInTheDocument();
    await userEvent.click(within(page).getByRole('button', { name: 'Mark read' }));
    expect(sent).toEqual({ ids: ['n4'] });
    expect(await within(page).findByRole('link', { name: 'Yamaha R15 on your wishlist was sold.' })).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('leads from a message left unread to its conversation, marking it read', async () => {
    const waiting = aNotification({
      _id: 'n5',
      kind: 'message',
      message: 'Rahim Seller wrote to you about Yamaha R15: 3 new messages.',
      link: '/dashboard/messages/c1',
    });
    let sent: unknown = null;
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/notifications': [200, { unread: 1, notifications: [waiting] }],
      'POST /api/notifications/read': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, { updated: 1, unread: 0 }];
      },
    });
    const { router } = renderApp('/dashboard/notifications');
    const page = (await screen.findByRole('heading', { name: 'Notifications' })).closest('section') as HTMLElement;
    const link = await within(page).findByRole('link', {
      name: 'Unread: Rahim Seller wrote to you about Yamaha R15: 3 new messages.',
    });
    await userEvent.click(link);
    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/messages/c1');
    expect(sent).toEqual({ ids: ['n5'] });
  });

  it('says what will show here when there is nothing yet', async () => {
    fakeServer(signedInAs('seller'));
    renderApp('/dashboard/notifications');
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });
});
