// The payment page when Stripe takes the payments. Stripe.js cannot load here, so the
// Elements SDK stands in: a card field that reports Stripe's own messages and a
// confirmCardPayment that answers as Stripe.js does. The server side of Stripe runs
// against a Stripe-compatible server in backend/tests/marketplace/stripe.rs.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  /** What the card field tells the page as the buyer types. */
  change: null as null | ((event: { error?: { message: string } }) => void),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  const card = { kind: 'card' };
  const client = { confirmCardPayment: stripe.confirmCardPayment };
  return {
    Elements: ({ children }: { children: ReactNode }) => children,
    useStripe: () => client,
    useElements: () => ({ getElement: () => card }),
    CardElement: ({
      onReady,
      onChange,
    }: {
      onReady: () => void;
      onChange: (event: { error?: { message: string } }) => void;
    }) => {
      useEffect(() => {
        stripe.change = onChange;
        onReady();
      }, [onReady, onChange]);
      return <div data-testid="stripe-card-element" />;
    },
  };
});

const config = {
  signIn: { firebase: null },
  payments: { provider: 'stripe', publishableKey: 'pk_test_bikehaat' },
};
const intent = {
  clientSecret: 'pi_3Abc_secret_xyz',
  paymentIntentId: 'pi_3Abc',
  amount: 180000,
  currency: 'bdt',
  provider: 'stripe',
};

function openPage(server: FakeServer = {}, publishableKey = 'pk_test_bikehaat') {
  const fetchMock = fakeServer({
    ...signedInAs('buyer'),
    'GET /api/config': [200, { ...config, payments: { ...config.payments, publishableKey } }],
    'GET /api/paymentOrders/o1': [200, aBooking()],
    'GET /api/orders/o1/methods': [200, anOffer()],
    'POST /api/create-payment-intent': [200, intent],
    ...server,
  });
  return { fetchMock, ...renderApp('/dashboard/stripe-payment/o1') };
}

/** Asserts `message` shows in red directly beneath the card field (above Pay) and describes it. */
async function expectBeneathCardField(message: string) {
  const said = await screen.findByText(message);
  const field = screen.getByRole('group', { name: 'Card number, expiry and CVC' });
  expect(said).toHaveAttribute('role', 'alert');
  expect(said).toHaveClass('text-red-600');
  expect(field).toHaveAccessibleDescription(message);
  expect(inDocumentOrder(field, said, screen.getByRole('button', { name: /^Pay/ }))).toBe(true);
  // Nothing else stands between the field and its message.
  expect(field.parentElement?.nextElementSibling).toBe(said);
}

async function pay() {
  await screen.findByTestId('stripe-card-element', {}, { timeout: 5000 });
  const button = screen.getByRole('button', { name: 'Pay ৳1,800' });
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  await userEvent.click(button);
}

beforeEach(() => {
  vi.clearAllMocks();
  stripe.loadStripe.mockResolvedValue({});
});

describe('the payment page with Stripe', { timeout: 15_000 }, () => {
  it('loads Stripe.js with the publishable key and shows no test-mode form', async () => {
    openPage();
    await screen.findByTestId('stripe-card-element', {}, { timeout: 5000 });
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_bikehaat');
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('authorises the card with the buyer as billing details and records the payment', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_3Abc', status: 'requires_capture' } });
    const recorded: unknown[] = [];
    openPage({
      'POST /api/payments': (init) => {
        recorded.push(JSON.parse(init.body as string));
        return [201, recordedPayment()];
      },
    });
    await pay();
    expect(await screen.findByText('Your card holds ৳1,800.')).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_3Abc_secret_xyz', {
      payment_method: {
        card: { kind: 'card' },
        billing_details: { name: 'Test buyer', email: 'buyer@example.com' },
      },
    });
    expect(recorded).toEqual([expect.objectContaining({ transactionId: 'pi_3Abc', ordersId: 'o1' })]);
  });

  it("shows Stripe's own messages in red beneath the card field", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const { fetchMock } = openPage();
    await screen.findByTestId('stripe-card-element', {}, { timeout: 5000 });
    stripe.change?.({ error: { message: 'Your card number is incomplete.' } });
    await expectBeneathCardField('Your card number is incomplete.');
    stripe.change?.({});
    await waitFor(() => {
      expect(screen.queryByText('Your card number is incomplete.')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('group', { name: 'Card number, expiry and CVC' })).not.toHaveAttribute('aria-describedby');

    await pay();
    // The decline from confirmCardPayment, in the same place as the field's own messages.
    await expectBeneathCardField('Your card was declined.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(callsOf(fetchMock)).not.toContain('POST /api/payments');

    // Editing the card clears the decline, as Stripe's own forms do.
    stripe.change?.({});
    await waitFor(() => {
      expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    });
  });

  it('tells a buyer who lost the bike that their card was not charged', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_3Abc', status: 'requires_capture' } });
    openPage({
      'POST /api/payments': [
        409,
        { error: 'conflict', message: 'This bike has already been sold: your card was not charged.' },
      ],
    });
    await pay();
    expect(
      (await screen.findAllByText('This bike has already been sold: your card was not charged.')).length,
    ).toBeGreaterThan(0);
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    // Another key: Stripe.js loaded for the first key stays loaded for the page's life.
    openPage({}, 'pk_test_offline');
    expect(
      await screen.findByText(
        'The card form could not be loaded. Check your connection, then reload the page.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ৳1,800' })).toBeDisabled();
  });
});
