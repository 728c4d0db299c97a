// The admin's deals read in Bangla when the reader chose Bangla: the list, its chips and
// columns, a deal's summary and timeline with Bangla taka and Dhaka times in Bengali digits,
// and the settle dialog. English stays the default.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DealStep } from '@/features/deals/api/get-deals.ts';
import { statusWords, stepWho, stepWords } from '@/features/deals/components/step-words.ts';
import { aDeal, aStep } from '@/features/deals/test-deals.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

const held = aDeal({ _id: 'o1', status: 'held', method: 'card', deposit: 20000 });
const calledOff = aDeal({
  _id: 'o2',
  productName: 'Honda CBR',
  status: 'called_off',
  calledOffBy: 'buyer',
  reason: 'কাগজপত্র নেই',
  method: 'cash',
});
const steps: DealStep[] = [
  aStep({ step: 'booked', status: 'reserved' }),
  aStep({ step: 'held', status: 'held', at: '2026-11-26T11:30:00Z', amount: 20000, providerId: 'pi_123' }),
];

describe('the deals in Bangla', () => {
  it('lists the deals with Bangla columns, statuses, taka and Dhaka times', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...signedInAs('admin'), 'GET /api/deals': [200, [held, calledOff]] });
    renderApp('/dashboard/deals');
    expect(await screen.findByRole('heading', { name: 'ডিল' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Yamaha R15/ });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent).slice(2)).toEqual([
      'বাইক', 'ক্রেতা', 'বিক্রেতা', 'অবস্থা', 'পেমেন্ট', 'দাম', 'কখন', 'টাইমলাইন',
    ]);
    expect(screen.getByText('২টি ডিল')).toBeInTheDocument();
    expect(row).toHaveTextContent('কার্ডে আটকে রাখা');
    expect(row).toHaveTextContent('৳১,৮৫,০০০');
    expect(within(row).getByTestId('deposit-line')).toHaveTextContent(
      'জামানত ৳২০,০০০ আটকে রাখা আছে · বাকি ৳১,৬৫,০০০ হস্তান্তরের সময় নগদে',
    );
    expect(row).toHaveTextContent('বুক হয়েছে বৃহস্পতিবার, ২৬ নভেম্বর, সকাল ১০:০০');
    expect(screen.getByRole('row', { name: /Honda CBR/ })).toHaveTextContent('ক্রেতা ডিল ভেঙে দিয়েছেন: কাগজপত্র নেই');
    expect(screen.getByRole('group', { name: 'কোন ডিল দেখাবে' })).toHaveTextContent('সব');
  });

  it('shows a deal, its timeline and the settle dialog in Bangla', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...signedInAs('admin'), 'GET /api/deals/o1': [200, { booking: held, steps }] });
    renderApp('/dashboard/deals/o1');
    expect(await screen.findByRole('heading', { name: 'Yamaha R15' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← সব ডিল' })).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'টাইমলাইন' });
    expect(within(timeline).getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      'বৃহস্পতিবার, ২৬ নভেম্বর, সকাল ১০:০০ · Rahim Uddin (ক্রেতা)বুক করেছেনএখন: বুক করা আছে',
      'বৃহস্পতিবার, ২৬ নভেম্বর, বিকেল ৫:৩০ · Rahim Uddin (ক্রেতা)কার্ডে আটকে রাখা: ৳২০,০০০ (pi_123)এখন: কার্ডে আটকে রাখা',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'টাকা কেটে নিন' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Yamaha R15-এর জন্য ৳১,৮৫,০০০ কেটে নেবেন?' });
    expect(within(dialog).getByRole('button', { name: 'হস্তান্তর হয়ে গেছে; ক্রেতা কোড হারিয়ে ফেলেছেন' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'টাকা কেটে নিন' }));
    expect(await within(dialog).findByText('কারণ লিখুন')).toBeInTheDocument();
  });

  it('stays in English by default', () => {
    expect(dhakaTime('2026-11-27T11:30:00Z', 'en')).toBe('Fri 27 Nov, 5:30 pm');
    expect(dhakaTime('2026-11-27T11:30:00Z', 'bn')).toBe('শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০');
    expect(stepWords(aStep({ step: 'completed', detail: 'bkash', amount: 185000, providerId: 'TR1' }))).toBe(
      'Completed: ৳1,85,000 by bKash (TR1)',
    );
    expect(stepWho(aStep({ by: 'admin', byName: null }))).toBe('A admin whose account is gone');
    expect(statusWords('called_off')).toBe('Called off');
  });
});
