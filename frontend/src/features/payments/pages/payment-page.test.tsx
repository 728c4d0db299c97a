import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inDocumentOrder } from '@/test/dom-order.ts';
import { aBooking, inserted } from '@/test/fixtures.ts';
import { anOffer } from '@/features/payments/test-offer.ts';

/** What the server answers a recorded payment: the bike sold, the booking held on the card. */
const recordedPayment = () =>
  inserted(
    'pay1',
    { event: 'product.sold', data: { _id: 'p1', categoryId: 'c1', sellerId: 's1' } },
    { event: 'order.paid', data: { _id: 'o1', bookingId: 'p1' } },
  );
import {
  callsOf,
  fakeServer,
  holdFetchesOf,
  renderApp,
  signedInAs,
  type FakeServer,
} from '@/test/render-app.tsx';

const intent = {
  clientSecret: 'pi_test_1_secret_abc',
  paymentIntentId: 'pi_test_1',
  amount: 180000,
  currency: 'bdt',
  provider: 'test',
};
const succeeded = { paymentIntent: { id: 'pi_test_1', status: 'succeeded' } };

function openPage(server: FakeServer = {}) {
  const fetchMock = fakeServer({
    ...signedInAs('buyer'),
    'GET /api/paymentOrders/o1': [200, aBooking()],
    'GET /api/orders/o1/methods': [200, anOffer()],
    'POST /api/create-payment-intent': [200, intent],
    ...server,
  });
  return { fetchMock, ...renderApp('/dashboard/stripe-payment/o1') };
}

async function payWith(number: string, expiry = '1230', cvc = '123') {
  // The first visit loads the page's chunk.
  await userEvent.type(await screen.findByLabelText('Card number', {}, { timeout: 5000 }), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  await userEvent.type(screen.getByLabelText('CVC'), cvc);
  const pay = screen.getByRole('button', { name: 'Pay ৳1,800' });
  await waitFor(() => {
    expect(pay).toBeEnabled();
  });
  await userEvent.click(pay);
}

describe('the payment page', { timeout: 15_000 }, () => {
  it('shows the bike and its total, and keeps Pay disabled until the payment is prepared', async () => {
    openPage();
    const release = holdFetchesOf('/api/create-payment-intent');
    expect(await screen.findByText('Yamaha R15', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Total price')).toBeInTheDocument();
    expect(screen.getAllByText('৳1,800').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Pay ৳1,800' })).toBeDisabled();

    release();
    expect(await screen.findByText('Test mode — no real money. Use 4242 4242 4242 4242.')).toBeInTheDocument();
    expect(screen.getByText(/4000 0000 0000 0002/)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Pay ৳1,800' })).toBeEnabled();
    });
  });

  it('asks for the intent with the order and loads the order once, through the route', async () => {
    let sent: unknown;
    const { fetchMock } = openPage({
      'POST /api/create-payment-intent': (init) => {
        sent = JSON.parse(init.body as string);
        return [200, intent];
      },
    });
    await screen.findByLabelText('Card number', {}, { timeout: 5000 });
    expect(sent).toMatchObject({ _id: 'o1', bookingId: 'p1' });
    expect(callsOf(fetchMock).filter((call) => call === 'GET /api/paymentOrders/o1')).toHaveLength(1);
  });

  it('groups the card number in fours and writes the expiry as MM/YY, with autofill hints', async () => {
    openPage();
    const number = await screen.findByLabelText('Card number', {}, { timeout: 5000 });
    await userEvent.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    await userEvent.type(expiry, '1230');
    expect(expiry).toHaveValue('12/30');
    expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
  });

  it('shows a declined card in red beneath the card inputs, as Stripe does, and records nothing', async () => {
    const { fetchMock } = openPage({
      'POST /api/test-mode/confirm-card': [
        402,
        { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
      ],
    });
    await payWith('4000000000000002');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Your card was declined.');
    expect(error).toHaveClass('text-red-600');
    const inputs = screen.getByRole('group', { name: 'Card details' });
    expect(inputs).toHaveAccessibleDescription('Your card was declined.');
    expect(inDocumentOrder(inputs, error, screen.getByRole('button', { name: 'Pay ৳1,800' }))).toBe(true);
    expect(callsOf(fetchMock)).not.toContain('POST /api/payments');
    expect(screen.getByRole('button', { name: 'Pay ৳1,800' })).toBeEnabled();
  });

  it('confirms the card, records the payment and shows the transaction id', async () => {
    let confirmed: unknown;
    let recorded: unknown;
    const { fetchMock } = openPage({
      'POST /api/test-mode/confirm-card': (init) => {
        confirmed = JSON.parse(init.body as string);
        return [200, succeeded];
      },
      'POST /api/payments': (init) => {
        recorded = JSON.parse(init.body as string);
        return [201, recordedPayment()];
      },
    });
    await payWith('4242424242424242');

    expect(await screen.findByText('Done: your card holds the price until the handover')).toBeInTheDocument();
    // Honest about the money: held, not taken, and the bike is not the buyer's yet.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your card holds ৳1,800. Nothing is taken until you meet the seller, check the bike and its papers, and show your handover code.',
    );
    expect(screen.queryByText(/yours|Congrats/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/dashboard/my-orders');
    expect(screen.getByText('pi_test_1')).toBeInTheDocument();
    // The next step: whom to meet, where, and their number.
    expect(screen.getByText('Next: meet the seller and check the bike')).toBeInTheDocument();
    expect(screen.getByText(/Rahim Seller will meet you at Mirpur 10/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '01700000000' })).toHaveAttribute('href', 'tel:01700000000');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(confirmed).toEqual({
      clientSecret: 'pi_test_1_secret_abc',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      billing: { name: 'Test buyer', email: 'buyer@example.com' },
    });
    expect(recorded).toEqual({
      price: 1800,
      transactionId: 'pi_test_1',
      email: 'buyer@example.com',
      bookingId: 'p1',
      ordersId: 'o1',
    });
    const calls = callsOf(fetchMock).filter((call) => call.startsWith('POST'));
    expect(calls).toEqual(['POST /api/create-payment-intent', 'POST /api/test-mode/confirm-card', 'POST /api/payments']);
  });

  it('disables Pay while the payment is processing', async () => {
    openPage({
      'POST /api/test-mode/confirm-card': [200, succeeded],
      'POST /api/payments': [201, recordedPayment()],
    });
    await screen.findByLabelText('Card number', {}, { timeout: 5000 });
    const release = holdFetchesOf('/api/test-mode/confirm-card');
    await payWith('4242424242424242');
    expect(await screen.findByRole('button', { name: 'Processing…' })).toBeDisabled();
    release();
    expect(await screen.findByText('Done: your card holds the price until the handover')).toBeInTheDocument();
  });

  it('shows a payment the server could not record beneath the form and as an error toast', async () => {
    openPage({
      'POST /api/test-mode/confirm-card': [200, succeeded],
      'POST /api/payments': [409, { error: 'conflict', message: 'This bike has already been sold.' }],
    });
    await payWith('4242424242424242');
    const said = await screen.findAllByText('This bike has already been sold.');
    expect(said).toHaveLength(2);
    const onPage = said.find((element) => element.getAttribute('role') === 'alert');
    // The server's word, not the card's: beneath Pay, and the card inputs stay undescribed.
    expect(onPage && inDocumentOrder(screen.getByRole('button', { name: 'Pay ৳1,800' }), onPage)).toBe(true);
    expect(screen.getByRole('group', { name: 'Card details' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Done: your card holds the price until the handover')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ৳1,800' })).toBeEnabled();
  });

  it('says before paying that the card is only held until the handover', async () => {
    openPage();
    await screen.findByLabelText('Card number', {}, { timeout: 5000 });
    const note = screen.getByText(
      'Your card is only held: the money is taken when you hand over your code at the meet-up, and released if the deal is called off.',
    );
    expect(inDocumentOrder(note, screen.getByRole('button', { name: 'Pay ৳1,800' }))).toBe(true);
  });

  it('says a booking whose card already holds the price needs nothing more here', async () => {
    const { fetchMock } = openPage({
      'GET /api/paymentOrders/o1': [200, aBooking({ paid: true, status: 'held', availability: 'sold' })],
    });
    expect(
      await screen.findByText('Your card already holds the price of this bike.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/create-payment-intent');
  });

  it('says an already paid booking is paid, without a card form', async () => {
    const { fetchMock } = openPage({
      'GET /api/paymentOrders/o1': [200, aBooking({ paid: true, status: 'paid', availability: 'sold' })],
    });
    expect(await screen.findByText('This booking is already paid.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/create-payment-intent');
  });

  it('says so when the bike was sold before the payment could start', async () => {
    openPage({
      'POST /api/create-payment-intent': [409, { error: 'conflict', message: 'This bike has already been sold.' }],
    });
    expect(await screen.findByText('This bike has already been sold.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it.each([
    [{ status: 'waiting', queuePosition: 1 }, 'Your booking is waiting in line: you can pay once the bike is reserved for you.'],
    [{ status: 'declined', reason: 'Promised to my cousin' }, 'The seller declined this booking: Promised to my cousin'],
    [{ status: 'released', reason: 'You did not come' }, 'The seller released your reservation: You did not come'],
    [{ status: 'lapsed' }, 'Your 48 hours to pay for this bike ran out, so the reservation ended.'],
    [{ status: 'cancelled' }, 'This booking was cancelled.'],
  ] as const)('says why a booking that does not hold the bike cannot be paid (%o)', async (fields, why) => {
    const { fetchMock } = openPage({ 'GET /api/paymentOrders/o1': [200, aBooking({ ...fields, reservedUntil: null })] });
    expect(await screen.findByText(why, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/create-payment-intent');
  });
});
