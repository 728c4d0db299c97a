import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys.ts';
import { seen } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';
import type { Conversation } from '@/features/messages/api/conversations.ts';
import { aConversation } from '@/features/messages/test-conversations.ts';

const blocked = [
  { userId: '2', name: 'Rahim Seller', blockedAt: '2026-11-27T04:30:00Z' },
  { userId: '3', name: 'Jamal Seller', blockedAt: '2026-11-26T10:00:00Z' },
];

const unblocked = (userId: string) => ({
  userId,
  changed: true,
  events: [seen({ event: 'conversation.updated', data: { conversationId: 'c1', blockedBy: null } })],
});

describe('Blocked people page', () => {
  it("is in an admin's side panel, who has no inbox to reach it from", async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/blocks': [200, blocked] });
    renderApp('/dashboard');
    const panel = await screen.findByRole('navigation', { name: 'Dashboard' });
    await userEvent.click(within(panel).getByRole('link', { name: 'Blocked people' }));
    expect(await screen.findByRole('heading', { name: 'Blocked people' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Blocked people' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Rahim Seller', 'Jamal Seller']);
  });

  it("takes an admin back to the dashboard's home, not to an inbox they do not have", async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/blocks': [200, blocked] });
    renderApp('/dashboard/blocked');
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { name: 'Blocked people' });
    expect(within(main).queryByRole('link', { name: 'Inbox' })).not.toBeInTheDocument();
    const back = within(main).getByRole('link', { name: 'Dashboard' });
    expect(back).toHaveTextContent('‹ Dashboard');
    await userEvent.click(back);
    expect(await screen.findByRole('heading', { name: /^Welcome back/ })).toBeInTheDocument();
  });

  it.each(['buyer', 'seller'] as const)('takes a %s back to their inbox', async (role) => {
    fakeServer({ ...signedInAs(role), 'GET /api/conversations': [200, []], 'GET /api/blocks': [200, blocked] });
    renderApp('/dashboard/blocked');
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { name: 'Blocked people' });
    const back = within(main).getByRole('link', { name: 'Inbox' });
    expect(back).toHaveTextContent('‹ Inbox');
    await userEvent.click(back);
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
  });

  it('lists whom the reader blocked and since when, reached from the inbox', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/conversations': [200, []], 'GET /api/blocks': [200, blocked] });
    renderApp('/dashboard/messages');
    await userEvent.click(await screen.findByRole('link', { name: 'Blocked people' }));
    expect(await screen.findByRole('heading', { name: 'Blocked people' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Blocked people' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Rahim Seller', 'Jamal Seller']);
    expect(rows[0]).toHaveTextContent('Blocked Fri 27 Nov, 10:30 am');
  });

  it('says so when nobody is blocked', async () => {
    fakeServer({ ...signedInAs('seller'), 'GET /api/blocks': [200, []] });
    renderApp('/dashboard/blocked');
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });

  it('unblocks one: the row goes, and conversations with them open again', async () => {
    const calls: string[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/blocks': [200, blocked],
      'DELETE /api/blocks/2': () => {
        calls.push('unblock 2');
        return [200, unblocked('2')];
      },
    });
    const { queryClient } = renderApp('/dashboard/blocked');
    queryClient.setQueryData(queryKeys.conversation('c1'), aConversation({ blocked: 'byMe' }));
    const row = await screen.findByRole('listitem', { name: 'Rahim Seller' });
    await userEvent.click(within(row).getByRole('button', { name: 'Unblock' }));
    await screen.findByRole('listitem', { name: 'Jamal Seller' });
    expect(screen.queryByRole('listitem', { name: 'Rahim Seller' })).not.toBeInTheDocument();
    expect(calls).toEqual(['unblock 2']);
    expect(queryClient.getQueryData<Conversation>(queryKeys.conversation('c1'))?.blockedBy).toBeNull();
  });

  it('keeps the row and says why when unblocking fails', async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/blocks': [200, blocked],
      'DELETE /api/blocks/3': [500, { error: 'internal', message: 'Something went wrong on our side.' }],
    });
    renderApp('/dashboard/blocked');
    const row = await screen.findByRole('listitem', { name: 'Jamal Seller' });
    await userEvent.click(within(row).getByRole('button', { name: 'Unblock' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(within(row).getByRole('button', { name: 'Unblock' })).toBeEnabled();
  });

  it('shows the server’s message when the list cannot be read', async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/blocks': [500, { error: 'internal', message: 'Something went wrong on our side.' }],
    });
    renderApp('/dashboard/blocked');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });
});
