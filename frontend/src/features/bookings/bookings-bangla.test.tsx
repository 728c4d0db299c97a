// Bookings read in Bangla when the reader chose Bangla: the booking dialog, My Orders and
// My Buyers, their dialogs, with Bengali digits in prices, places in line, hours left and
// Dhaka times. English stays the default.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '@/lib/i18n/language-context.ts';
import { aBooking, aListing, aUser } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';
import { BookingModal } from './components/booking-modal.tsx';
import { dhakaDate, dhakaTime } from '@/lib/i18n/dates.ts';
import { noteLocale } from '@/lib/i18n/locale.ts';

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

const orders = [
  aBooking({ _id: 'o1', bookingId: 'p1', productName: 'Yamaha R15', price: 185000 }),
  aBooking({ _id: 'o2', bookingId: 'p2', productName: 'Bajaj Pulsar', status: 'waiting', queuePosition: 2 }),
  aBooking({ _id: 'o3', bookingId: 'p3', productName: 'Honda CBR', status: 'declined', reason: 'বাইকটি আরেকজনের' }),
];

const buyers = [
  aBooking({
    _id: 'o4',
    bookingId: 'p4',
    productName: 'Suzuki Gixxer',
    buyerName: 'Sadia Islam',
    status: 'held',
    method: 'bkash',
    paid: true,
    availability: 'sold',
    reservedUntil: '2026-12-03T11:30:00Z',
  }),
  aBooking({ _id: 'o5', bookingId: 'p5', productName: 'Yamaha R15', buyerName: 'Sadia Islam', price: 185000 }),
];

/** The booking dialog for a ৳1,85,000 bike, on a Bangla page, with its toasts. */
function renderBanglaModal() {
  render(
    <LanguageContext value={{ locale: 'bn', setLocale: () => undefined }}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastContainer />
        <BookingModal listing={aListing({ resalePrice: 185000 })} buyer={aUser()} onClose={vi.fn()} />
      </QueryClientProvider>
    </LanguageContext>,
  );
}

/** Fills the open dialog with a phone in Bengali digits and a place, submits and confirms. */
async function bookInBangla(): Promise<HTMLElement> {
  const dialog = screen.getByRole('dialog', { name: 'আপনার অর্ডার' });
  await userEvent.type(within(dialog).getByLabelText('ফোন নম্বর'), '০১৭১১১১১১১১');
  await userEvent.type(within(dialog).getByLabelText('কোথায় দেখা করবেন'), 'বনানী');
  await userEvent.click(within(dialog).getByRole('button', { name: 'জমা দিন' }));
  const sure = await screen.findByRole('alertdialog');
  await userEvent.click(within(sure).getByRole('button', { name: 'হ্যাঁ, বুক করুন' }));
  return dialog;
}

describe('Bookings in Bangla', () => {
  it('shows My Orders with Bangla words, taka, the place in line and the hours left in Bengali digits', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...signedInAs('buyer'), 'GET /api/orders/buyer%40example.com': [200, orders] });
    renderApp('/dashboard/my-orders');

    expect(await screen.findByRole('heading', { name: 'আমার অর্ডার' })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent).slice(2)).toEqual([
      'নাম',
      'দাম',
      'অবস্থা',
      'দেখা করা',
      'পেমেন্ট',
      'করণীয়',
    ]);
    const reserved = row('Yamaha R15');
    expect(reserved).toHaveTextContent('৳১,৮৫,০০০');
    expect(reserved).toHaveTextContent(/আপনার জন্য রাখা আছে · [০-৯]+ ঘণ্টা বাকি/);
    expect(within(reserved).getByRole('link', { name: 'পেমেন্ট করুন' })).toBeInTheDocument();
    expect(within(reserved).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    expect(row('Bajaj Pulsar')).toHaveTextContent('লাইনে ২ নম্বরে');
    expect(row('Honda CBR')).toHaveTextContent('বাতিল করা হয়েছে: বাইকটি আরেকজনের');
    expect(screen.queryByText('Pay Now')).not.toBeInTheDocument();
  });

  it("shows My Buyers with the bKash hold's end in Dhaka time, and asks the reason in Bangla", async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...signedInAs('seller'), 'GET /api/sellerOrders/seller%40example.com': [200, buyers] });
    renderApp('/dashboard/my-buyers');

    expect(await screen.findByRole('heading', { name: 'আমার ক্রেতা' })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Suzuki Gixxer' });
    const held = row('Suzuki Gixxer');
    expect(held).toHaveTextContent('বিকাশে আটকে রাখা');
    expect(held).toHaveTextContent('হস্তান্তর না হলে বৃহস্পতিবার, ৩ ডিসেম্বর, বিকেল ৫:৩০-এ নিজে থেকেই ছেড়ে দেওয়া হবে');
    expect(within(held).getByRole('button', { name: 'হস্তান্তর কোড দিন' })).toBeInTheDocument();
    expect(within(held).getByRole('button', { name: 'ডিল বাতিল' })).toBeInTheDocument();
    expect(within(row('Yamaha R15')).getByText(/^বুক করেছেন/)).toHaveTextContent('বুক করেছেন ৬/৩/২০২৬');

    await userEvent.click(within(row('Yamaha R15')).getByRole('button', { name: 'ছেড়ে দিন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Yamaha R15-এর জন্য Sadia-এর বুকিং ছেড়ে দেবেন?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ছেড়ে দিন' }));
    expect(await within(dialog).findByText('ক্রেতাকে কারণটা জানান')).toBeInTheDocument();
  });

  it('shows the booking dialog in Bangla, with the price in Bengali digits and Bangla field messages', async () => {
    renderBanglaModal();
    fakeServer({});
    const dialog = screen.getByRole('dialog', { name: 'আপনার অর্ডার' });
    expect(within(dialog).getByLabelText('দাম')).toHaveValue('৳১,৮৫,০০০');
    expect(within(dialog).getByLabelText('ফোন নম্বর')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'জমা দিন' }));
    expect(await within(dialog).findByText('আপনার ফোন নম্বর দিন')).toBeInTheDocument();
    expect(within(dialog).getByText('কোথায় দেখা করবেন লিখুন')).toBeInTheDocument();
  });

  it("shows the server's refusal of a field in Bangla, beside that field", async () => {
    noteLocale('bn');
    fakeServer({
      'POST /api/orders': [
        422,
        {
          error: 'validation',
          message: 'Please enter a valid phone number',
          fields: { buyerPhone: 'Please enter a valid phone number' },
          codes: { buyerPhone: 'invalid_phone' },
        },
      ],
    });
    renderBanglaModal();
    const dialog = await bookInBangla();
    const phone = within(dialog).getByLabelText('ফোন নম্বর');
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone).toHaveAccessibleDescription('সঠিক ফোন নম্বর লিখুন');
    expect(within(dialog).queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    noteLocale('en');
  });

  it("says the server's refusal of the booking in Bangla, by its reason", async () => {
    noteLocale('bn');
    fakeServer({
      'POST /api/orders': [409, { error: 'conflict', message: 'This bike has already been sold.', reason: 'already_sold' }],
    });
    renderBanglaModal();
    const dialog = await bookInBangla();
    expect(await within(dialog).findByText('এই বাইকটা আগেই বিক্রি হয়ে গেছে।')).toBeInTheDocument();
    expect(screen.queryByText('This bike has already been sold.')).not.toBeInTheDocument();
    noteLocale('en');
  });

  it('says Dhaka times in Bangla with the part of the day, and in English as before', () => {
    expect(dhakaTime('2026-11-27T11:30:00Z', 'bn')).toBe('শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০');
    expect(dhakaTime('2026-11-27T02:05:00Z', 'bn')).toBe('শুক্রবার, ২৭ নভেম্বর, সকাল ৮:০৫');
    expect(dhakaDate('2026-11-27T18:00:00Z', 'bn')).toBe('শনিবার, ২৮ নভেম্বর ২০২৬, রাত ১২:০০');
    expect(dhakaTime('2026-11-27T11:30:00Z', 'en')).toBe('Fri 27 Nov, 5:30 pm');
  });

  it('stays English by default', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/orders/buyer%40example.com': [200, orders] });
    renderApp('/dashboard/my-orders');
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Yamaha R15' });
    expect(row('Yamaha R15')).toHaveTextContent(/Reserved for you · \d+ h left/);
    expect(row('Bajaj Pulsar')).toHaveTextContent('In line · 2nd');
    expect(row('Honda CBR')).toHaveTextContent('Declined: বাইকটি আরেকজনের');
  });
});
