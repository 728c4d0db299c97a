import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '@/test/render-app.tsx';

const SLUGS = [
  'buying-a-used-bike-safely',
  'paperwork-and-ownership-transfer',
  'what-a-fair-price-looks-like',
  'meeting-a-seller-safely',
];

function inBangla() {
  localStorage.setItem('language', 'bn');
}

/** The titles of the page's articles, in order. */
function titles(): (string | null)[] {
  return screen
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 2 }).textContent);
}

describe('the blog', () => {
  it('holds four articles for riders: buying safely, the papers, a fair price and meeting safely', async () => {
    fakeServer({});
    renderApp('/blog');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guides for buying and selling a used bike' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(titles()).toEqual([
      'Buying a used bike safely: what to check before you pay',
      'Paperwork and ownership transfer with BRTA',
      'What a fair price looks like for a used bike',
      'Meeting a seller (or a buyer) safely',
    ]);
    // Each is titled by its heading and says something useful, not a note about the code.
    const papers = screen.getByRole('article', { name: /ownership transfer/ });
    expect(papers).toHaveTextContent(/registration certificate/);
    expect(within(papers).getByText('Papers')).toBeInTheDocument();
    expect(within(papers).getByText('18 September 2026')).toBeInTheDocument();
    expect(papers).toHaveTextContent('4 min read');
    // The title follows the page's render (an effect).
    await waitFor(() => {
      expect(document.title).toBe('Guides for riders · BikeHaat');
    });
    expect(screen.getByRole('article', { name: /Meeting a seller/ })).toHaveTextContent(/advance/);
    expect(screen.queryByText(/React|JavaScript|front-end/)).not.toBeInTheDocument();
  });

  it('reads in Bangla on a Bangla page, articles and all, with Bengali digits', async () => {
    inBangla();
    fakeServer({});
    renderApp('/blog');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'পুরোনো বাইক কেনাবেচার গাইড' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(titles()).toEqual([
      'নিরাপদে পুরোনো বাইক কেনা: টাকা দেওয়ার আগে যা দেখে নেবেন',
      'কাগজপত্র আর BRTA-তে মালিকানা বদলি',
      'পুরোনো বাইকের ন্যায্য দাম কেমন হয়',
      'বিক্রেতার (বা ক্রেতার) সাথে নিরাপদে দেখা করা',
    ]);
    await waitFor(() => {
      expect(document.title).toBe('রাইডারদের জন্য পরামর্শ · BikeHaat');
    });
    const papers = screen.getByRole('article', { name: /মালিকানা বদলি/ });
    expect(papers).toHaveTextContent(/রেজিস্ট্রেশন সার্টিফিকেট/);
    expect(within(papers).getByText('কাগজপত্র')).toBeInTheDocument();
    expect(within(papers).getByText('১৮ সেপ্টেম্বর ২০২৬')).toBeInTheDocument();
    expect(papers).toHaveTextContent('পড়তে ৪ মিনিট');
    const meeting = screen.getByRole('article', { name: /নিরাপদে দেখা করা/ });
    expect(meeting).toHaveTextContent(/অগ্রিম/);
    // The report button is named as the listing's page names it in Bangla.
    expect(meeting).toHaveTextContent(/“অ্যাডমিনকে জানান”/);
    expect(screen.getByRole('article', { name: /ন্যায্য দাম/ })).toHaveTextContent(/১০,০০০ কিমি/);
    // No English left in the articles' text (beyond names such as BRTA, NID and BikeHaat),
    // no note that they are in English, and no Latin digits.
    for (const article of screen.getAllByRole('article')) {
      for (const paragraph of within(article).getAllByText(/./, { selector: 'p' })) {
        expect(paragraph.textContent).toMatch(/[\u0980-\u09FF]/);
        expect(paragraph.textContent).not.toMatch(/[0-9]|\b(the|and|bike|seller)\b/i);
      }
      expect(article.querySelector('[lang]')).toBeNull();
    }
    expect(screen.queryByText(/ইংরেজিতে/)).not.toBeInTheDocument();
  });

  it('gives each article its slug as id, so /blog#<slug> lands on it', async () => {
    fakeServer({});
    renderApp('/blog');
    await screen.findByRole('heading', { level: 1, name: 'Guides for buying and selling a used bike' }, { timeout: 5000 });
    expect(screen.getAllByRole('article').map((article) => article.id)).toEqual(SLUGS);
  });
});
