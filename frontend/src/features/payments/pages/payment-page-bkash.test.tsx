import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aBooking } from '@/test/fixtures.ts';
import { callsOf, fakeServer, holdFetchesOf, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { bkashPage } from '@/features/payments/components/bkash-option.tsx';
import { anOffer, BKASH_NOT_SET_UP } from '@/features/payments/test-offer.ts';

const METHODS = 'GET /api/orders/o1/methods';
const allThree = anOffer({}, { bkash: { offered: true } });
const intent = { clientSecret: 'pi_test_1_secret_abc', paymentIntentId: 'pi_test_1', amount: 180000, currency: 'bdt', provider: 'test' };
const START = 'POST /api/orders/o1/bkash';
const started = { bkashURL: 'https://bkash.example/checkout?paymentID=TR0011', paymentId: 'TR0011', amount: 180000 };

function openPage(server: FakeServer = {}, at = '/dashboard/stripe-payment/o1') {
  const fetchMock = fakeServer({
    ...signedInAs('buyer'),
    'GET /api/paymentOrders/o1': [200, aBooking()],
    [METHODS]: [200, allThree],
    'POST /api/create-payment-intent': [200, intent],
    [START]: [200, started],
    ...server,
  });
  return { fetchMock, ...renderApp(at) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the payment page with bKash', () => {
  it('offers the three ways the server offers, each with its one line', async () => {
    openPage();
    const bkash = await screen.findByRole('region', { name: 'bKash' });
    expect(bkash).toHaveTextContent('The price is held in your bKash wallet: taken when you hand over your code');
    const cash = screen.getByRole('region', { name: 'Cash at the meet-up' });
    expect(cash).toHaveTextContent('Nothing is charged now. Pay the seller in cash when you have checked the bike');
    expect(within(cash).getByRole('button', { name: 'Choose cash at the meet-up' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByText(/Your card is only held/)).toBeInTheDocument();
  });

  it('says why bKash is not offered, muted, instead of offering it', async () => {
    openPage({ [METHODS]: [200, anOffer()] });
    await screen.findByLabelText('Card number');
    expect(screen.queryByRole('region', { name: 'bKash' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /with bKash/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('pay-bkash-not-offered')).toHaveTextContent(`bKash: ${BKASH_NOT_SET_UP}`);
  });

  it("shows the server's extra line beside bKash", async () => {
    const note = 'A bKash wallet takes at most ৳50,000 of top-ups a day: have the amount in your wallet before you start.';
    openPage({ [METHODS]: [200, anOffer({}, { bkash: { offered: true, note } })] });
    expect(await within(await screen.findByRole('region', { name: 'bKash' })).findByText(note)).toBeInTheDocument();
  });

  it('shows a spinner while bKash starts, then sends the browser to bKash', async () => {
    const open = vi.spyOn(bkashPage, 'open').mockImplementation(() => undefined);
    const release = holdFetchesOf('/api/orders/o1/bkash');
    const { fetchMock } = openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ৳1,800 with bKash' }));
    const busy = await screen.findByRole('button', { name: 'Opening bKash…' });
    expect(busy).toBeDisabled();
    expect(screen.getByTestId('bkash-spinner')).toBeInTheDocument();
    release();
    await waitFor(() => {
      expect(open).toHaveBeenCalledWith(started.bkashURL);
    });
    expect(callsOf(fetchMock).filter((call) => call === START)).toHaveLength(1);
    // Still busy: the browser is on its way.
    expect(screen.getByRole('button', { name: 'Opening bKash…' })).toBeDisabled();
  });

  it("shows the server's reason when bKash cannot start", async () => {
    const open = vi.spyOn(bkashPage, 'open').mockImplementation(() => undefined);
    const message = 'bKash is not answering right now. Try again in a minute.';
    openPage({ [START]: [503, { error: 'payments_unavailable', message }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ৳1,800 with bKash' }));
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Pay ৳1,800 with bKash' })).toBeEnabled();
    expect(open).not.toHaveBeenCalled();
  });

  it('does not offer bKash above what a wallet holds, and says why in the server’s words', async () => {
    const why = 'A bKash wallet holds at most ৳5,00,000: pay by card or in cash at the meet-up.';
    openPage({
      'GET /api/paymentOrders/o1': [200, aBooking({ price: 650000 })],
      [METHODS]: [200, anOffer({ price: 650000 }, { bkash: { reason: why } })],
    });
    expect(await screen.findByTestId('pay-bkash-not-offered')).toHaveTextContent(`bKash: ${why}`);
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ৳6,50,000' })).toBeInTheDocument();
  });

  it('does not offer a card the seller does not take, and asks for no payment intent', async () => {
    const why = 'The seller does not take cards for this bike.';
    const { fetchMock } = openPage({ [METHODS]: [200, anOffer({}, { bkash: { offered: true }, card: { offered: false, reason: why } })] });
    expect(await screen.findByTestId('pay-card-not-offered')).toHaveTextContent(`Card: ${why}`);
    expect(screen.getByRole('region', { name: 'Cash at the meet-up' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'bKash' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/create-payment-intent');
  });

  it.each([
    ['cancel', 'You cancelled on bKash: nothing was held. Choose how to pay.'],
    ['failure', 'bKash did not hold the money (the wallet could not pay). Nothing was charged.'],
    ['unavailable', 'bKash did not answer: nothing was charged. Try again in a minute.'],
  ])('back from bKash (%s), says what happened and offers the ways to pay again', async (outcome, line) => {
    openPage({}, `/dashboard/stripe-payment/o1?bkash=${outcome}`);
    expect(await screen.findByTestId('bkash-outcome')).toHaveTextContent(line);
    expect(await screen.findByRole('button', { name: 'Pay ৳1,800 with bKash' })).toBeInTheDocument();
  });

  it('refused by a booking that no longer holds the bike: says how the booking stands', async () => {
    openPage({ 'GET /api/paymentOrders/o1': [200, aBooking({ status: 'lapsed' })] }, '/dashboard/stripe-payment/o1?bkash=refused');
    expect(await screen.findByText('Your 48 hours to pay for this bike ran out, so the reservation ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /bKash/ })).not.toBeInTheDocument();
  });

  it('says a booking bKash already holds needs nothing more here', async () => {
    openPage({ 'GET /api/paymentOrders/o1': [200, aBooking({ status: 'held', method: 'bkash', paid: true })] });
    expect(await screen.findByText('Your bKash wallet already holds the price of this bike.')).toBeInTheDocument();
  });
});

describe('My Orders, back from bKash', () => {
  it('says bKash holds the price until the handover, once', async () => {
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/orders/buyer%40example.com': [
        200,
        [aBooking({ status: 'held', method: 'bkash', paid: true, availability: 'sold', reservedUntil: '2026-12-03T11:30:00Z' })],
      ],
    });
    renderApp('/dashboard/my-orders?bkash=held');
    expect(await screen.findByText('bKash holds the price until the handover')).toBeInTheDocument();
    expect(await screen.findByText(/bKash hold released by itself on/)).toBeInTheDocument();
    expect(screen.getAllByText('bKash holds the price until the handover')).toHaveLength(1);
  });
});
