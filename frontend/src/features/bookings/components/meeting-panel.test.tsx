import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@/lib/api/types.ts';
import { applyLiveEvent } from '@/lib/live/apply-event.ts';
import { aBooking, modified } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const BUYERS = 'GET /api/sellerOrders/seller%40example.com';
const ORDERS = 'GET /api/orders/buyer%40example.com';
const AT = '2026-11-27T11:30:00Z';

const proposed = (by: 'buyer' | 'seller', proposal = 1, agreed = false): Booking['meeting'] => ({
  place: 'Banani 11',
  at: AT,
  proposedBy: by,
  proposal,
  agreed,
});
const reserved = (meeting: Booking['meeting'] = null) =>
  aBooking({ _id: 'o1', productName: 'Yamaha R15', buyerName: 'Rahim Uddin', sellerName: 'Karim Motors', meeting });

function open(role: 'buyer' | 'seller', bookings: Booking[], server: FakeServer = {}) {
  const list = role === 'buyer' ? ORDERS : BUYERS;
  const fetchMock = fakeServer({ ...signedInAs(role), [list]: [200, bookings], ...server });
  const page = role === 'buyer' ? '/dashboard/my-orders' : '/dashboard/my-buyers';
  return { fetchMock, ...renderApp(page) };
}

const row = () => screen.getByRole('row', { name: /Yamaha R15/ });

describe('the meeting of a deal', () => {
  it("shows the seller's proposal to the buyer in Dhaka time, and agrees to it by its number", async () => {
    let sent: unknown;
    const { fetchMock } = open('buyer', [reserved(proposed('seller', 2))], {
      'POST /api/orders/o1/meeting/confirm': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, modified({ event: 'deal.updated', data: reserved(proposed('seller', 2, true)) })];
      },
    });
    await screen.findByText('Proposed by the seller:');
    expect(row()).toHaveTextContent('Proposed by the seller: Banani 11, Fri 27 Nov, 5:30 pm');
    await userEvent.click(within(row()).getByRole('button', { name: 'Agree' }));
    expect(await screen.findByText('Meeting agreed')).toBeInTheDocument();
    expect(sent).toEqual({ proposal: 2 });
    expect(row()).toHaveTextContent('Meeting agreed: Banani 11, Fri 27 Nov, 5:30 pm');
    expect(within(row()).queryByRole('button', { name: 'Agree' })).not.toBeInTheDocument();
    // The answer's event, not a second read of the list.
    expect(callsOf(fetchMock).filter((call) => call === ORDERS)).toHaveLength(1);
  });

  it('offers no Agree on one’s own proposal, and none on a booking that is not a deal', async () => {
    open('buyer', [reserved(proposed('buyer')), aBooking({ _id: 'o2', productName: 'Honda CBR', status: 'waiting', queuePosition: 1 })]);
    await screen.findByText('Proposed by you:');
    expect(within(row()).queryByRole('button', { name: 'Agree' })).not.toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Suggest another' })).toBeInTheDocument();
    const waiting = screen.getByRole('row', { name: /Honda CBR/ });
    expect(within(waiting).queryByRole('button', { name: /Suggest/ })).not.toBeInTheDocument();
  });

  it("suggests a meeting in Dhaka time, with the server's field messages under their fields", async () => {
    const sent: unknown[] = [];
    let answer: [number, unknown] = [
      422,
      { error: 'validation', message: 'Check the meeting', fields: { at: 'Choose a time that is still to come' } },
    ];
    open('seller', [reserved()], {
      'POST /api/orders/o1/meeting': (init) => {
        sent.push(JSON.parse(init.body as string));
        return answer;
      },
    });
    await screen.findByText('No meeting agreed yet.');
    await userEvent.click(within(row()).getByRole('button', { name: 'Suggest a meeting' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Where and when to meet for Yamaha R15?' });
    const place = within(dialog).getByLabelText('Place');
    expect(place).toHaveFocus();
    expect(place).toHaveValue('Mirpur 10');
    await userEvent.clear(place);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suggest' }));
    expect(await within(dialog).findByText('Say where to meet')).toBeInTheDocument();
    expect(within(dialog).getByText('Say when to meet')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(place, 'Banani 11');
    await userEvent.type(within(dialog).getByLabelText('Date and time (Dhaka time)'), '2026-11-27T17:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suggest' }));
    expect(await within(dialog).findByText('Choose a time that is still to come')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date and time (Dhaka time)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([{ place: 'Banani 11', at: '2026-11-27T17:30:00+06:00' }]);

    answer = [200, modified({ event: 'deal.updated', data: reserved(proposed('seller')) })];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suggest' }));
    expect(await screen.findByText('Meeting suggested: Rahim Uddin is told')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(row()).toHaveTextContent('Proposed by you: Banani 11, Fri 27 Nov, 5:30 pm');
  });

  it("follows the other side's proposal and agreement live", async () => {
    const { queryClient } = open('seller', [reserved()]);
    await screen.findByText('No meeting agreed yet.');
    act(() => {
      applyLiveEvent(queryClient, { event: 'deal.updated', data: reserved(proposed('buyer')) });
    });
    expect(await screen.findByText('Proposed by the buyer:')).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Agree' })).toBeInTheDocument();
    act(() => {
      applyLiveEvent(queryClient, { event: 'deal.updated', data: reserved(proposed('seller', 2, true)) });
      // An older proposal replayed late changes nothing.
      applyLiveEvent(queryClient, { event: 'deal.updated', data: reserved(proposed('buyer')) });
    });
    expect(await screen.findByText('Meeting agreed:')).toBeInTheDocument();
  });

  it('says so when the proposal was replaced meanwhile, and reads the deal again', async () => {
    const { fetchMock } = open('seller', [reserved(proposed('buyer'))], {
      'POST /api/orders/o1/meeting/confirm': [409, { error: 'conflict', message: 'That proposal was replaced: see the latest one.' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Agree' }));
    expect(await screen.findByText('That proposal was replaced: see the latest one.')).toBeInTheDocument();
    await waitFor(() => {
      expect(callsOf(fetchMock).filter((call) => call === BUYERS)).toHaveLength(2);
    });
  });
});
