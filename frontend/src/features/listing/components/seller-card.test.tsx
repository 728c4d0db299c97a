import { render as renderPlain, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { SellerCard } from './seller-card.tsx';

const render = (ui: ReactNode) => renderPlain(<MemoryRouter>{ui}</MemoryRouter>);

function sellerOf(overrides: Parameters<typeof aListing>[0] = {}) {
  render(<SellerCard listing={aListing(overrides)} viewer="buyer" onLogIn={vi.fn()} />);
  return screen.getByRole('region', { name: 'Seller' });
}

describe('SellerCard', () => {
  it('shows Phone verified beside the seller when the listing’s phone is the number they confirmed', () => {
    const card = sellerOf({ phoneVerified: true, sellerVerification: true });
    const badge = within(card).getByText('Phone verified');
    expect(badge.closest('p')).toHaveTextContent('Rahim SellerVerified sellerPhone verified');
    expect(badge).toHaveClass('rounded-full', 'text-emerald-800');
    // The number to call is there as ever.
    expect(within(card).getByRole('link', { name: /01700000000/ })).toHaveAttribute('href', 'tel:01700000000');
  });

  it('shows no Phone verified when the listing’s phone is not the one the seller confirmed', () => {
    const card = sellerOf({ phoneVerified: false, sellerVerification: true });
    expect(within(card).getByText('Verified seller')).toBeInTheDocument();
    expect(within(card).queryByText('Phone verified')).not.toBeInTheDocument();
  });
});
