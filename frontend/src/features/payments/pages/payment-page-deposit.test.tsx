// The payment page as the server offers it: a listing that asks a deposit (held by card or
// bKash, the rest in cash at the meet-up), and a booking no way can pay.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@/lib/api/types.ts';
import { aBooking, inserted } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { anOffer, BKASH_NOT_SET_UP, DEPOSIT_ASKED } from '@/features/payments/test-offer.ts';

const METHODS = 'GET /api/orders/o1/methods';
const TOP_UPS = 'A bKash wallet takes at most ৳50,000 of top-ups a day: have the amount in your wallet before you start.';
const intent = { clientSecret: 'pi_test_1_secret_abc', paymentIntentId: 'pi_test_1', amount: 2000000, currency: 'bdt', provider: 'test' };

/** A booking of a ৳1,85,000 bike whose listing asked a ৳20,000 deposit. */
const withDeposit = (overrides: Partial<Booking> = {}): Booking => ({
  ...aBooking({ price: 185000, ...overrides }),
  deposit: 20000,
});

const depositOffer = anOffer(
  { price: 185000, deposit: 20000 },
  { bkash: { offered: true, note: TOP_UPS } },
);

function openPage(server: FakeServer = {}) {
  const fetchMock = fakeServer({
    ...signedInAs('buyer'),
    'GET /api/paymentOrders/o1': [200, withDeposit()],
    [METHODS]: [200, depositOffer],
    'POST /api/create-payment-intent': [200, intent],
    ...server,
  });
  return { fetchMock, ...renderApp('/dashboard/stripe-payment/o1') };
}

describe('the payment page of a listing that asks a deposit', { timeout: 15_000 }, () => {
  it('shows the price split: the deposit now, the rest in cash at the meet-up', async () => {
    openPage();
    expect(await screen.findByText('Total price', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('deposit-now')).toHaveTextContent('Deposit to reserve৳20,000');
    expect(screen.getByTestId('deposit-rest')).toHaveTextContent('In cash at the meet-up৳1,65,000');
  });

  it('offers bKash and the card for the deposit, each saying what is held and what is paid in cash', async () => {
    openPage();
    const bkash = await screen.findByRole('region', { name: 'bKash' }, { timeout: 5000 });
    expect(bkash).toHaveTextContent(
      '৳20,000 held in your bKash wallet now: taken only when you hand over your code at the meet-up, released if the deal is called off. ৳1,65,000 in cash at the meet-up.',
    );
    expect(bkash).toHaveTextContent(TOP_UPS);
    expect(within(bkash).getByRole('button', { name: 'Pay ৳20,000 with bKash' })).toBeInTheDocument();
    await screen.findByLabelText('Card number');
    expect(
      screen.getByText(
        '৳20,000 held on your card now: taken only when you hand over your code at the meet-up, released if the deal is called off. ৳1,65,000 in cash at the meet-up.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ৳20,000' })).toBeInTheDocument();
    expect(screen.queryByText(/Your card is only held/)).not.toBeInTheDocument();
  });

  it('shows cash muted, with why it is not offered, and no way to choose it', async () => {
    openPage();
    expect(await screen.findByTestId('pay-cash-not-offered', {}, { timeout: 5000 })).toHaveTextContent(
      `Cash at the meet-up: ${DEPOSIT_ASKED}`,
    );
    expect(screen.queryByRole('region', { name: 'Cash at the meet-up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose cash at the meet-up' })).not.toBeInTheDocument();
  });

  it('holds the deposit on the card and says what to bring in cash', async () => {
    openPage({
      'POST /api/test-mode/confirm-card': [200, { paymentIntent: { id: 'pi_test_1', status: 'requires_capture' } }],
      'POST /api/payments': [
        201,
        inserted('pay1', { event: 'order.paid', data: { _id: 'o1', bookingId: 'p1' } }),
      ],
    });
    await userEvent.type(await screen.findByLabelText('Card number', {}, { timeout: 5000 }), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    const pay = screen.getByRole('button', { name: 'Pay ৳20,000' });
    await waitFor(() => {
      expect(pay).toBeEnabled();
    });
    await userEvent.click(pay);
    expect(await screen.findByText('Done: your card holds the deposit until the handover')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Your card holds ৳20,000\. Nothing is taken until/);
    expect(screen.getByText('Bring the rest, ৳1,65,000, in cash to the meet-up.')).toBeInTheDocument();
    expect(screen.getByText('Your card holds the deposit on')).toBeInTheDocument();
  });

  it('says a booking whose card holds the deposit needs nothing more here', async () => {
    const { fetchMock } = openPage({
      'GET /api/paymentOrders/o1': [200, withDeposit({ status: 'held', method: 'card', paid: true, availability: 'sold' })],
    });
    expect(
      await screen.findByText('Your card already holds the deposit on this bike.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/create-payment-intent');
  });

  it('reads the offer once, beside the booking, through the route', async () => {
    const { fetchMock } = openPage();
    await screen.findByRole('region', { name: 'bKash' }, { timeout: 5000 });
    expect(callsOf(fetchMock).filter((call) => call === METHODS)).toHaveLength(1);
  });
});

describe('a booking no way can pay', { timeout: 15_000 }, () => {
  it('says so plainly, with why each way is closed, and starts no payment', async () => {
    const { fetchMock } = openPage({
      'GET /api/paymentOrders/o1': [200, aBooking()],
      [METHODS]: [
        200,
        anOffer(
          {},
          {
            cash: { offered: false, reason: 'The seller does not take cash for this bike.' },
            card: { offered: false, reason: 'Card payments are not set up on this marketplace.' },
          },
        ),
      ],
    });
    expect(
      await screen.findByText('There is no way to pay for this bike here right now.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('pay-cash-not-offered')).toHaveTextContent('The seller does not take cash for this bike.');
    expect(screen.getByTestId('pay-card-not-offered')).toHaveTextContent('Card payments are not set up on this marketplace.');
    expect(screen.getByTestId('pay-bkash-not-offered')).toHaveTextContent(BKASH_NOT_SET_UP);
    expect(screen.queryByRole('button', { name: /^(Pay|Choose)/ })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/create-payment-intent');
  });

  it('says why each way is closed, and the top-up note, in Bangla by their codes', async () => {
    localStorage.setItem('language', 'bn');
    try {
      openPage({
        'GET /api/paymentOrders/o1': [200, withDeposit()],
        [METHODS]: [
          200,
          anOffer(
            { price: 185000, deposit: 20000 },
            {
              cash: { offered: false, reason: DEPOSIT_ASKED, reasonCode: 'deposit_asked' },
              card: { offered: false, reason: 'The seller does not take cards for this bike.', reasonCode: 'card_not_taken' },
              bkash: { offered: true, note: TOP_UPS, noteCode: 'bkash_daily_top_up' },
            },
          ),
        ],
      });
      expect(await screen.findByTestId('pay-card-not-offered', {}, { timeout: 5000 })).toHaveTextContent(
        'বিক্রেতা এই বাইকের দাম কার্ডে নেন না।',
      );
      expect(screen.getByTestId('pay-cash-not-offered')).toHaveTextContent('বাইকটা রাখতে বিক্রেতা কার্ড বা বিকাশে অগ্রিম চান');
      expect(screen.getByTestId('pay-bkash')).toHaveTextContent('দিনে সর্বোচ্চ ৳৫০,০০০ টপ-আপ');
      expect(screen.queryByText(/does not take cards|top-ups a day/)).not.toBeInTheDocument();
    } finally {
      localStorage.removeItem('language');
    }
  });

  it("shows the server's message when the offer cannot be read", async () => {
    openPage({ [METHODS]: [500, { error: 'internal', message: 'Something went wrong on our side.' }] });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Something went wrong on our side.');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
