import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Listing } from '@/lib/api/types.ts';
import { aListing } from '@/test/fixtures.ts';
import { fakeServer, renderApp, type Reply } from '@/test/render-app.tsx';
import { PayWays } from './pay-ways.tsx';

const search: Reply = [200, { listings: [], total: 0, totalCapped: false, nextCursor: null }];

describe('How to pay, on a listing', () => {
  it('shows on the listing’s page the ways its seller takes and the fixed deposit that reserves it', async () => {
    const bike = { ...aListing({ resalePrice: 185000 }), paymentMethods: ['card', 'bkash'], deposit: { amount: 20000 } };
    fakeServer({
      'GET /api/listings/p1': [200, bike],
      'GET /api/listings?seller=s1&except=p1&limit=4': search,
      'GET /api/listings?brand=Yamaha&except=p1&limit=4': search,
      'GET /api/listings?ccMin=124&ccMax=194&except=p1&limit=4': search,
      'GET /api/listings?category=c1&except=p1&limit=4': search,
    });
    renderApp('/products/p1');
    const pay = within(await screen.findByRole('region', { name: 'How to pay' }, { timeout: 5000 }));
    expect(pay.getAllByRole('listitem').map((way) => way.textContent)).toEqual(['Card', 'bKash']);
    expect(pay.getByText(/^Deposit to reserve:/)).toHaveTextContent('Deposit to reserve: ৳20,000');
    expect(
      pay.getByText(
        'Held by card or bKash when you reserve, and taken only at the handover; the rest is paid in cash at the meet-up.',
      ),
    ).toBeInTheDocument();
  });

  it('works out a share of the price in taka', () => {
    render(<PayWays listing={{ ...aListing({ resalePrice: 185000 }), paymentMethods: ['cash', 'card', 'bkash'], deposit: { percent: 10 } }} />);
    expect(screen.getAllByRole('listitem').map((way) => way.textContent)).toEqual(['Cash', 'Card', 'bKash']);
    expect(screen.getByText(/^Deposit to reserve:/)).toHaveTextContent('Deposit to reserve: 10% of the price (৳18,500)');
  });

  it('rounds a share down to whole taka, as the hold is', () => {
    render(<PayWays listing={{ ...aListing({ resalePrice: 185005 }), paymentMethods: ['card'], deposit: { percent: 10 } }} />);
    expect(screen.getByText(/^Deposit to reserve:/)).toHaveTextContent('Deposit to reserve: 10% of the price (৳18,500)');
  });

  it('shows the ways without a deposit when none is asked', () => {
    render(<PayWays listing={{ ...aListing(), paymentMethods: ['cash'], deposit: null }} />);
    expect(screen.getByRole('list', { name: 'Ways to pay' })).toHaveTextContent('Cash');
    expect(screen.queryByText(/Deposit to reserve/)).not.toBeInTheDocument();
  });

  it('shows nothing for a listing that does not say how it is paid', () => {
    const older: Partial<Listing> = aListing({ deposit: null });
    delete older.paymentMethods;
    const { container } = render(<PayWays listing={older as Listing} />);
    expect(container).toBeEmptyDOMElement();
  });
});
