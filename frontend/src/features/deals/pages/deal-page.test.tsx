import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@/lib/api/types.ts';
import { dealUpdated } from '@/features/deals/api/deal-updates.ts';
import type { DealStep } from '@/features/deals/api/get-deals.ts';
import { aDeal, aStep } from '@/features/deals/test-deals.ts';
import { modified } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const DEAL = 'GET /api/deals/o1';
const held = aDeal({ status: 'held', method: 'card', buyerEmail: 'rahim@example.com', buyerPhone: '01711000000' });
const heldSteps: DealStep[] = [
  aStep({ step: 'booked', status: 'reserved' }),
  aStep({ step: 'held', status: 'held', at: '2026-11-26T05:00:00Z', amount: 185000, providerId: 'pi_123' }),
];
const captured: DealStep[] = [
  ...heldSteps,
  aStep({
    step: 'capture_claimed',
    by: 'admin',
    byName: 'Asha Admin',
    status: 'held',
    at: '2026-11-26T06:00:00Z',
    amount: 185000,
    providerId: 'pi_123',
    detail: 'Handed over; the seller could not enter the code',
  }),
  aStep({ step: 'completed', by: 'admin', byName: 'Asha Admin', status: 'completed', at: '2026-11-26T06:00:01Z', amount: 185000, providerId: 'pi_123', detail: 'card' }),
];

interface Answer {
  booking: Booking;
  steps: DealStep[];
}

/** The deal as the server answers: `first`, then `after` once `moved()` says the deal moved. */
function open(first: Answer, after: Answer, server: FakeServer = {}, moved = () => true) {
  let reads = 0;
  const fetchMock = fakeServer({
    ...signedInAs('admin'),
    [DEAL]: () => [200, reads++ > 0 && moved() ? after : first],
    ...server,
  });
  return { fetchMock, reads: () => reads, ...renderApp('/dashboard/deals/o1') };
}

const timeline = () => screen.getByRole('list', { name: 'Timeline' });
const bodyOf = (init: RequestInit): unknown => JSON.parse(init.body as string);

async function openDialog(button: string, title: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('alertdialog', { name: title });
}

describe('a deal’s page', () => {
  it('shows the booking and its timeline in plain words, oldest first', async () => {
    open({ booking: held, steps: heldSteps }, { booking: held, steps: heldSteps });
    expect(await screen.findByRole('heading', { name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.getByText('rahim@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '01711000000' })).toHaveAttribute('href', 'tel:01711000000');
    expect(screen.getByText('৳1,85,000')).toBeInTheDocument();
    const steps = within(timeline()).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Thu 26 Nov, 10:00 am · Rahim Uddin (buyer)BookedNow: Reserved',
      'Thu 26 Nov, 11:00 am · Rahim Uddin (buyer)Card hold: ৳1,85,000 (pi_123)Now: Card held',
    ]);
    expect(screen.getByRole('button', { name: 'Take the money' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Release' })).toBeInTheDocument();
  });

  it('shows the deposit held and the rest in cash beside the price, when the listing asked a deposit', async () => {
    const withDeposit = { booking: { ...held, deposit: 20000 } as Booking, steps: heldSteps };
    open(withDeposit, withDeposit);
    await screen.findByRole('heading', { name: 'Yamaha R15' });
    expect(screen.getByTestId('deposit-line')).toHaveTextContent('Deposit ৳20,000 held · ৳1,65,000 in cash at the handover');
  });

  it('offers nothing to settle once the deal is completed, and Release only for cash', async () => {
    const cash = { booking: aDeal({ status: 'cash', method: 'cash' }), steps: heldSteps };
    open(cash, cash);
    expect(await screen.findByRole('button', { name: 'Release' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take the money' })).not.toBeInTheDocument();
  });

  it('takes a stuck hold with a reason, and reads the deal again: the admin’s capture, then Completed', async () => {
    const sent: unknown[] = [];
    const done = { ...held, status: 'completed', completedAt: '2026-11-26T06:00:01Z' };
    const { reads } = open({ booking: held, steps: heldSteps }, { booking: done, steps: captured }, {
      'POST /api/deals/o1/capture': (init) => {
        sent.push(bodyOf(init));
        return [200, modified({ event: 'deal.updated', data: done })];
      },
    });
    const dialog = await openDialog('Take the money', 'Take ৳1,85,000 for Yamaha R15?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take the money' }));
    expect(await within(dialog).findByText('Say why')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Handed over; the seller could not enter the code' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take the money' }));
    expect(await screen.findByText('Money taken: the deal is completed')).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'Handed over; the seller could not enter the code' }]);
    await waitFor(() => {
      expect(timeline()).toHaveTextContent(
        'Asha Admin (admin)Money taken without the code: Handed over; the seller could not enter the code',
      );
    });
    expect(timeline()).toHaveTextContent('Completed: ৳1,85,000 by card (pi_123)Now: Completed');
    expect(reads()).toBe(2);
    expect(screen.queryByRole('button', { name: 'Take the money' })).not.toBeInTheDocument();
  });

  it('tells the admin the provider has not answered yet: information, not a failure', async () => {
    open({ booking: held, steps: heldSteps }, { booking: held, steps: heldSteps }, {
      'POST /api/deals/o1/capture': [
        503,
        { error: 'payments_unavailable', message: 'The card provider did not answer yet: the deal completes as soon as it does.' },
      ],
    });
    const dialog = await openDialog('Take the money', 'Take ৳1,85,000 for Yamaha R15?');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Seller phoned: bike handed over');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take the money' }));
    const news = await within(dialog).findByRole('status');
    expect(news).toHaveTextContent('The card provider did not answer yet: the deal completes as soon as it does.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('releases with a reason: the server’s field error under the reason, its refusal above the buttons, then success', async () => {
    const released = { ...held, status: 'released', reason: 'Stuck: both sides agree' };
    let answer: [number, unknown] = [422, { error: 'validation', message: 'Check the reason', fields: { reason: 'Say why' } }];
    const releasedSteps = [
      ...heldSteps,
      aStep({ step: 'released', by: 'admin', byName: 'Asha Admin', status: 'released', detail: 'Stuck: both sides agree' }),
    ];
    const { fetchMock, reads } = open(
      { booking: held, steps: heldSteps },
      { booking: released, steps: releasedSteps },
      { 'POST /api/deals/o1/release': () => answer },
      () => answer[0] === 200,
    );
    const dialog = await openDialog('Release', 'Release the deal for Yamaha R15?');
    expect(dialog).toHaveAccessibleDescription(/Rahim Uddin and Karim Motors are told at once/);
    const reason = within(dialog).getByLabelText('Reason');
    await userEvent.type(reason, '   x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText('Say why')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    answer = [409, { error: 'conflict', message: 'The handover is under way and the card is being charged: the deal can no longer be called off.' }];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The handover is under way and the card is being charged: the deal can no longer be called off.',
    );

    answer = [200, modified({ event: 'deal.updated', data: released })];
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stuck: both sides agree' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Deal released')).toBeInTheDocument();
    await waitFor(() => {
      expect(timeline()).toHaveTextContent('Released: Stuck: both sides agree');
    });
    expect(callsOf(fetchMock).filter((call) => call === 'POST /api/deals/o1/release')).toHaveLength(3);
    expect(reads()).toBeGreaterThanOrEqual(2);
  });

  it('reads the deal again when a step of it happens elsewhere, live', async () => {
    const done = { ...held, status: 'completed' };
    const { reads } = open({ booking: held, steps: heldSteps }, { booking: done, steps: captured });
    await screen.findByRole('heading', { name: 'Yamaha R15' });
    act(() => {
      dealUpdated(aDeal({ _id: 'someone-else' }));
    });
    expect(reads()).toBe(1);
    act(() => {
      dealUpdated(done);
    });
    expect(await within(timeline()).findByText('Completed: ৳1,85,000 by card (pi_123)')).toBeInTheDocument();
    expect(reads()).toBe(2);
  });
});
