import { render as renderPlain, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '@/lib/i18n/language-context.ts';
import type { Locale } from '@/lib/i18n/numbers.ts';
import { aBooking, aListing } from '@/test/fixtures.ts';
import { ListingActions } from './listing-actions.tsx';
import { ListingCard } from './listing-card.tsx';
import { ListingFacts } from './listing-facts.tsx';
import { PayWays } from './pay-ways.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { SellerCard } from './seller-card.tsx';

function renderIn(locale: Locale, ui: ReactNode) {
  return renderPlain(
    <LanguageContext value={{ locale, setLocale: () => undefined }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </LanguageContext>,
  );
}

const bike = aListing({ resalePrice: 185000, originalPrice: 250000, photos: ['/a.jpg', '/b.jpg', '/c.jpg'] });

describe('A listing in Bangla', () => {
  it('shows a card with Bangla words, taka in Bengali digits with lakh grouping, and the post time', () => {
    renderIn('bn', <ListingCard listing={{ ...bike, phoneVerified: true }} onBook={vi.fn()} onReport={vi.fn()} />);
    const card = within(screen.getByRole('article', { name: 'Yamaha R15' }));
    expect(card.getByText('ফোন যাচাই করা হয়েছে')).toBeInTheDocument();
    expect(card.getByText('৳১,৮৫,০০০')).toBeInTheDocument();
    expect(card.getByText('৳২,৫০,০০০').parentElement).toHaveTextContent('কেনা দাম ৳২,৫০,০০০');
    expect(card.getByTestId('availability')).toHaveTextContent('পাওয়া যাচ্ছে');
    expect(card.getByText('কেনার সাল:')).toBeInTheDocument();
    expect(card.getByText('অবস্থা:').nextElementSibling).toHaveTextContent('খুব ভালো');
    expect(card.getByText('২০২১')).toBeInTheDocument();
    expect(card.getByText('১৫৫ সিসি')).toBeInTheDocument();
    expect(card.getByText('১৪,৫০০ কিমি')).toBeInTheDocument();
    expect(card.getByText('৫/৩/২০২৬ ১৪:০৭')).toBeInTheDocument();
    expect(card.getByText('ছবি').parentElement).toHaveTextContent('৩ ছবি');
    expect(card.getByRole('button', { name: 'এখনই বুক করুন' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'বিক্রেতাকে মেসেজ দিন' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'পছন্দে রাখুন' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'অ্যাডমিনকে জানান' })).toBeInTheDocument();
    expect(card.queryByText('Book Now')).not.toBeInTheDocument();
  });

  it('says a sold bike is sold, and that only buyers book', () => {
    renderIn('bn', <ListingCard listing={aListing({ availability: 'sold' })} onBook={vi.fn()} onReport={vi.fn()} />);
    expect(screen.getByTestId('availability')).toHaveTextContent('বিক্রি হয়ে গেছে');
    expect(screen.getAllByText('বিক্রি হয়ে গেছে')).toHaveLength(2);
    renderIn('bn', <ListingCard listing={aListing({ _id: 'p2' })} viewer="browsing" onBook={vi.fn()} onReport={vi.fn()} />);
    expect(screen.getByText('শুধু ক্রেতারাই বাইক বুক করতে পারেন।')).toBeInTheDocument();
  });

  it("tells a buyer their place in line and whose wallet holds the price", () => {
    renderIn(
      'bn',
      <ListingActions listing={bike} onBook={vi.fn()} onReport={vi.fn()} booking={aBooking({ status: 'waiting', queuePosition: 2 })} />,
    );
    expect(screen.getByText('লাইনে ২ নম্বরে')).toBeInTheDocument();
    renderIn(
      'bn',
      <ListingActions
        listing={bike}
        onBook={vi.fn()}
        onReport={vi.fn()}
        booking={aBooking({ status: 'held', paid: true, method: 'bkash' })}
      />,
    );
    expect(screen.getByRole('link', { name: /^দামটা আপনার বিকাশ ওয়ালেটে আটকে রাখা আছে/ })).toBeInTheDocument();
  });

  it('shows the facts with Bengali digits: cc, km with lakh grouping, years', () => {
    renderIn('bn', <ListingFacts listing={aListing({ kmDriven: 125000 })} />);
    expect(screen.getByText('১৫৫ সিসি')).toBeInTheDocument();
    expect(screen.getByText('১,২৫,০০০ কিমি')).toBeInTheDocument();
    expect(screen.getByText('কত কিমি চলেছে')).toBeInTheDocument();
    expect(screen.getByText('রেজিস্ট্রেশনের সাল').nextElementSibling).toHaveTextContent('২০২১');
    expect(screen.getByText('অবস্থা').nextElementSibling).toHaveTextContent('খুব ভালো');
  });

  it("says a condition off the form's list as the seller wrote it", () => {
    renderIn('bn', <ListingFacts listing={aListing({ condition: 'Like new, one owner' })} />);
    expect(screen.getByText('অবস্থা').nextElementSibling).toHaveTextContent('Like new, one owner');
  });

  it("names the seller's membership with the Bangla month, and the deposit as a share in taka", () => {
    renderIn(
      'bn',
      <SellerCard
        listing={{ ...bike, sellerVerification: true, phoneVerified: true, deposit: { percent: 10 } }}
        viewer="buyer"
        onLogIn={vi.fn()}
      />,
    );
    expect(screen.getByText('জানুয়ারি ২০২৪ থেকে সদস্য')).toBeInTheDocument();
    expect(screen.getByText('যাচাই করা বিক্রেতা')).toBeInTheDocument();
    expect(screen.getByText('ফোন যাচাই করা হয়েছে')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'টাকা দেওয়ার উপায়' })).toHaveTextContent('নগদকার্ডবিকাশ');
    expect(screen.getByText('বুক করতে অগ্রিম:', { exact: false })).toHaveTextContent(
      'বুক করতে অগ্রিম: দামের ১০% (৳১৮,৫০০)',
    );
  });

  it('labels the photos in Bangla', () => {
    renderIn('bn', <PhotoGallery photos={['/a.jpg', '/b.jpg', '/c.jpg']} name="Yamaha R15" />);
    expect(screen.getByRole('region', { name: 'Yamaha R15-এর ছবি' })).toBeInTheDocument();
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('ছবি ১ / ৩');
    expect(screen.getByRole('button', { name: 'পরের ছবি' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Yamaha R15, ছবি ২' })).toBeInTheDocument();
  });
});

describe('A listing in English, by default', () => {
  it('keeps its English words and numbers', () => {
    renderIn('en', <ListingCard listing={bike} onBook={vi.fn()} onReport={vi.fn()} />);
    expect(screen.getByText('৳1,85,000')).toBeInTheDocument();
    expect(screen.getByText('Purchase year:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    renderPlain(<PayWays listing={{ ...bike, deposit: { percent: 10 } }} />);
    expect(screen.getByText(/^Deposit to reserve:/)).toHaveTextContent('Deposit to reserve: 10% of the price (৳18,500)');
    renderPlain(
      <MemoryRouter>
        <ListingActions listing={bike} onBook={vi.fn()} onReport={vi.fn()} booking={aBooking({ status: 'waiting', queuePosition: 22 })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('In line · 22nd')).toBeInTheDocument();
  });
});
