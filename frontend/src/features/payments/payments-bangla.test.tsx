// The payment page reads in Bangla when the reader chose Bangla: the price split in Bangla
// taka, the ways to pay and what each holds, the test-mode card form (which takes Bengali
// digits too), the hold afterwards and why a booking cannot be paid. English stays the default.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@/lib/api/types.ts';
import { aBooking, inserted } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';
import { anOffer } from '@/features/payments/test-offer.ts';
import { depositHoldLine } from '@/features/payments/utils/hold-lines.ts';

const intent = { clientSecret: 'pi_test_1_secret_abc', paymentIntentId: 'pi_test_1', amount: 2000000, currency: 'bdt', provider: 'test' };

const withDeposit = (overrides: Partial<Booking> = {}): Booking => ({
  ...aBooking({ price: 185000, ...overrides }),
  deposit: 20000,
});

function openPage(booking: Booking, server: FakeServer = {}) {
  fakeServer({
    ...signedInAs('buyer'),
    'GET /api/paymentOrders/o1': [200, booking],
    'GET /api/orders/o1/methods': [
      200,
      anOffer({ price: 185000, deposit: 20000 }, { bkash: { offered: true } }),
    ],
    'POST /api/create-payment-intent': [200, intent],
    ...server,
  });
  return renderApp('/dashboard/stripe-payment/o1');
}

describe('the payment page in Bangla', { timeout: 15_000 }, () => {
  it('shows the price split, bKash and the card with Bangla words and Bengali-digit taka', async () => {
    localStorage.setItem('language', 'bn');
    openPage(withDeposit());
    expect(await screen.findByRole('heading', { name: 'পেমেন্ট' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('মোট দাম')).toBeInTheDocument();
    expect(screen.getByText('৳১,৮৫,০০০')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-now')).toHaveTextContent('বুক করতে অগ্রিম৳২০,০০০');
    expect(screen.getByTestId('deposit-rest')).toHaveTextContent('দেখা করার সময় নগদে৳১,৬৫,০০০');

    const bkash = await screen.findByRole('region', { name: 'বিকাশ' });
    expect(bkash).toHaveTextContent('৳২০,০০০ এখন আপনার বিকাশ ওয়ালেটে আটকে রাখা হবে');
    expect(bkash).toHaveTextContent('বাকি ৳১,৬৫,০০০ দেখা করার সময় নগদে দেবেন।');
    expect(within(bkash).getByRole('button', { name: 'বিকাশে ৳২০,০০০ দিন' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-cash-not-offered')).toHaveTextContent(/^দেখা করার সময় নগদে: /);

    expect(await screen.findByLabelText('কার্ড নম্বর')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'কার্ডের তথ্য' })).toBeInTheDocument();
    expect(screen.getByText(/^টেস্ট মোড — আসল টাকা লাগবে না।/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '৳২০,০০০ দিন' })).toBeInTheDocument();
  });

  it('takes a card typed in Bengali digits and says in Bangla what the card now holds', async () => {
    localStorage.setItem('language', 'bn');
    const sent: unknown[] = [];
    openPage(withDeposit(), {
      'POST /api/test-mode/confirm-card': (init) => {
        sent.push(JSON.parse(init.body as string));
        return [200, { paymentIntent: { id: 'pi_test_1', status: 'requires_capture' } }];
      },
      'POST /api/payments': [201, inserted('pay1', { event: 'order.paid', data: { _id: 'o1', bookingId: 'p1' } })],
    });
    await userEvent.type(await screen.findByLabelText('কার্ড নম্বর', {}, { timeout: 5000 }), '৪২৪২৪২৪২৪২৪২৪২৪২');
    await userEvent.type(screen.getByLabelText('মেয়াদ (মাস/বছর)'), '১২৩০');
    await userEvent.type(screen.getByLabelText('CVC'), '১২৩');
    const pay = screen.getByRole('button', { name: '৳২০,০০০ দিন' });
    await waitFor(() => {
      expect(pay).toBeEnabled();
    });
    await userEvent.click(pay);
    expect(await screen.findByText('আপনার কার্ডে ৳২০,০০০ আটকে রাখা আছে।')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } }),
    ]);
    expect(screen.getByText('বাকি ৳১,৬৫,০০০ দেখা করার সময় নগদে নিয়ে আসুন।')).toBeInTheDocument();
    expect(await screen.findByText('হয়ে গেছে: হস্তান্তর পর্যন্ত জামানত আপনার কার্ডে আটকে রাখা থাকবে')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আমার অর্ডারে যান' })).toBeInTheDocument();
  });

  it('says in Bangla why a booking cannot be paid, and what bKash answered', async () => {
    localStorage.setItem('language', 'bn');
    openPage(aBooking({ status: 'lapsed' }));
    expect(
      await screen.findByText('টাকা দেওয়ার ৪৮ ঘণ্টা সময় পেরিয়ে গেছে, তাই বাইকটি আর আপনার জন্য রাখা নেই।', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('এখানে কোনো টাকা দিতে হবে না।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আমার অর্ডারে ফিরে যান' })).toBeInTheDocument();
  });

  it('stays in English by default', async () => {
    openPage(withDeposit());
    expect(await screen.findByRole('heading', { name: 'Payment' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('deposit-now')).toHaveTextContent('Deposit to reserve৳20,000');
    expect(await screen.findByRole('button', { name: 'Pay ৳20,000 with bKash' })).toBeInTheDocument();
    expect(depositHoldLine({ hold: 20000, atHandover: 165000 }, 'card')).toBe(
      '৳20,000 held on your card now: taken only when you hand over your code at the meet-up, released if the deal is called off. ৳1,65,000 in cash at the meet-up.',
    );
  });
});
