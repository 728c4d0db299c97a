import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageContext } from '@/lib/i18n/language-context.ts';
import { aListing, anOffer, seen } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type Reply } from '@/test/render-app.tsx';
import { aConversation, aMessage } from '@/features/messages/test-conversations.ts';
import { OfferCard, offerStatusLine, offerSummary } from './components/offer-card.tsx';
import { dhakaTime } from '@/lib/i18n/dates.ts';

const now = Date.parse('2026-11-27T06:00:00Z');
const holding = { expiresAt: '2026-11-29T04:10:00Z', amount: 145000 };

describe('conversations in Bangla', () => {
  it('lists the inbox with Bangla words, Bengali digits, lakh grouping and Dhaka times', async () => {
    localStorage.setItem('language', 'bn');
    const offer = anOffer({ by: 'seller', ...holding, expiresAt: '2099-01-01T00:00:00Z' });
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/conversations': [200, [aConversation({ unread: 2, offer })]],
    });
    renderApp('/dashboard/messages');

    expect(await screen.findByRole('heading', { name: 'মেসেজ' })).toBeInTheDocument();
    await expect.poll(() => document.title).toBe('মেসেজ · BikeHaat');
    expect(screen.getByRole('link', { name: 'ব্লক করা লোকজন' })).toHaveAttribute('href', '/dashboard/blocked');
    const list = await screen.findByRole('list', { name: 'কথোপকথন' });
    const row = within(list).getByRole('link');
    expect(row).toHaveAttribute('aria-label', 'Yamaha R15, Rahim Seller-এর সাথে, ২টি না-পড়া');
    expect(row).toHaveTextContent('শুক্রবার, ২৭ নভেম্বর, সকাল ১০:০৫');
    expect(screen.getByTestId('inbox-offer')).toHaveTextContent(/^প্রস্তাব ৳১,৪৫,০০০ · আপনার উত্তরের অপেক্ষায় · .+ ঘণ্টা পর মেয়াদ শেষ$/);
  });

  it('asks the seller with a Bangla quick question, sent as the buyer wrote it', async () => {
    localStorage.setItem('language', 'bn');
    const sent: string[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/listings/p1': [200, aListing()],
      'GET /api/wishlist': [200, []],
      'POST /api/conversations': (init): Reply => {
        const body = JSON.parse(init.body as string) as { text: string; clientId: string };
        sent.push(body.text);
        const message = aMessage({ text: body.text, clientId: body.clientId });
        return [200, { conversation: aConversation(), message, events: [seen({ event: 'message.created', data: message })] }];
      },
      'GET /api/conversations/c1': [200, aConversation({ buyerReadUpTo: '10' })],
      'GET /api/conversations/c1/messages': [200, [aMessage({ text: 'বাইকটা কি এখনো আছে?' })]],
    });
    const { router } = renderApp('/products/p1');

    await userEvent.click(await screen.findByRole('button', { name: 'বিক্রেতাকে মেসেজ দিন' }));
    const panel = screen.getByRole('region', { name: 'বিক্রেতাকে মেসেজ' });
    expect(within(panel).getByRole('button', { name: 'শেষ দাম কত?' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'কাগজপত্র দেখা যাবে?' })).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'আপনার প্রশ্ন' })).toHaveAttribute('placeholder', 'মেসেজ লিখুন');
    await userEvent.click(within(panel).getByRole('button', { name: 'বাইকটা কি এখনো আছে?' }));
    await expect.poll(() => router.state.location.pathname, { timeout: 5000 }).toBe('/dashboard/messages/c1');
    expect(sent).toEqual(['বাইকটা কি এখনো আছে?']);

    // The conversation's page, in Bangla too.
    expect(await screen.findByRole('link', { name: /ইনবক্স/ })).toHaveAttribute('href', '/dashboard/messages');
    expect(screen.getByText('Rahim Seller-এর সাথে')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'দাম প্রস্তাব করুন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পাঠান' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'কথোপকথনের অপশন' })).toBeInTheDocument();
  });

  it('takes an offer typed in Bengali digits or in lakh, and says what is wrong in Bangla', async () => {
    localStorage.setItem('language', 'bn');
    const amounts: number[] = [];
    fakeServer({
      ...signedInAs('buyer'),
      'GET /api/conversations/c1': [200, aConversation({ price: 200000 })],
      'GET /api/conversations/c1/messages': [200, [aMessage()]],
      'POST /api/conversations/c1/offers': (init): Reply => {
        const body = JSON.parse(init.body as string) as { amount: number; clientId: string };
        amounts.push(body.amount);
        const offer = anOffer({ amount: body.amount });
        const message = aMessage({ _id: '11', clientId: body.clientId, text: null, offer, sentAt: offer.madeAt });
        return [200, { message, offer, events: [seen({ event: 'message.created', data: message })] }];
      },
    });
    renderApp('/dashboard/messages/c1');
    await userEvent.click(await screen.findByRole('button', { name: 'দাম প্রস্তাব করুন' }));
    const form = screen.getByRole('region', { name: 'দাম প্রস্তাব করুন' });
    const amount = within(form).getByRole('textbox', { name: 'আপনার প্রস্তাব (৳)' });
    expect(amount).toHaveAttribute('placeholder', 'যেমন ১,৫০,০০০');
    expect(form).toHaveTextContent('চাওয়া দাম ৳২,০০,০০০');
    await userEvent.type(amount, '৩ লাখ{Enter}');
    expect(within(form).getByRole('alert')).toHaveTextContent('প্রস্তাবের দাম চাওয়া দামের চেয়ে কম হতে হবে');
    await userEvent.clear(amount);
    await userEvent.type(amount, 'অনেক{Enter}');
    expect(within(form).getByRole('alert')).toHaveTextContent('কত টাকা দিতে চান, লিখুন');
    await userEvent.clear(amount);
    await userEvent.type(amount, '১.৫ লাখ{Enter}');
    await expect.poll(() => amounts).toEqual([150000]);
    expect(await screen.findByRole('article', { name: '৳১,৫০,০০০ দামের প্রস্তাব' })).toHaveTextContent('আপনার প্রস্তাব');
  });

  it('shows an offer card with Bangla taka, the asking price and the answers', () => {
    const offer = anOffer({ amount: 150000, expiresAt: new Date(Date.now() + 2 * 3_600_000 + 60_000).toISOString() });
    render(
      <LanguageContext value={{ locale: 'bn', setLocale: () => undefined }}>
        <ul>
          <OfferCard offer={offer} mine sentAt={offer.madeAt} />
        </ul>
      </LanguageContext>,
    );
    expect(screen.getByRole('article', { name: '৳১,৫০,০০০ দামের প্রস্তাব' })).toHaveTextContent('আপনার প্রস্তাব');
    expect(screen.getByTestId('offer-status')).toHaveTextContent('উত্তরের অপেক্ষায় · ২ ঘণ্টা পর মেয়াদ শেষ');
  });

  it('says where an offer stands in Bangla, and in English by default', () => {
    expect(offerSummary(anOffer({ status: 'open', ...holding }), true, now, 'bn')).toBe(
      'আপনার প্রস্তাব ৳১,৪৫,০০০ · উত্তরের অপেক্ষায় · ৪৬ ঘণ্টা পর মেয়াদ শেষ',
    );
    expect(offerSummary(anOffer({ status: 'declined', amount: 145000 }), false, now, 'bn')).toBe('ফিরিয়ে দিয়েছেন ৳১,৪৫,০০০');
    expect(offerStatusLine(anOffer({ status: 'open', expiresAt: '2026-11-27T06:20:00Z' }), now, 'bn')).toBe(
      'উত্তরের অপেক্ষায় · ২০ মিনিট পর মেয়াদ শেষ',
    );
    expect(offerStatusLine(anOffer({ status: 'lapsed' }), now, 'bn')).toBe('মেয়াদ শেষ');
    expect(offerSummary(anOffer({ status: 'open', ...holding }), false, now)).toBe(
      'Offer ৳1,45,000 · waiting for you · lapses in 46h',
    );
    expect(dhakaTime('2026-11-27T11:30:00Z', 'bn')).toBe('শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০');
    expect(dhakaTime('2026-11-27T11:30:00Z', 'en')).toBe('Fri 27 Nov, 5:30 pm');
  });

  it('reads in English by default', async () => {
    fakeServer({ ...signedInAs('buyer'), 'GET /api/conversations': [200, [aConversation({ unread: 2 })]] });
    renderApp('/dashboard/messages');
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link')).toHaveAttribute('aria-label', 'Yamaha R15, with Rahim Seller, 2 unread');
    expect(within(list).getByRole('link')).toHaveTextContent('Fri 27 Nov, 10:05 am');
  });
});
