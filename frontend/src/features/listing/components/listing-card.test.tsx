import { render as renderPlain, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { ListingCard } from './listing-card.tsx';

/** Cards hold links: they render inside a router. */
const render = (ui: ReactNode) => renderPlain(<MemoryRouter>{ui}</MemoryRouter>);

function renderCard(overrides: Parameters<typeof aListing>[0] = {}) {
  const onBook = vi.fn();
  const onReport = vi.fn();
  render(<ListingCard listing={aListing(overrides)} onBook={onBook} onReport={onReport} />);
  return { onBook, onReport, card: screen.getByRole('article', { name: 'Yamaha R15' }) };
}

describe('ListingCard', () => {
  it('shows the engine size and kilometres under the price', () => {
    const { card } = renderCard();
    expect(within(card).getByText('155 cc')).toBeInTheDocument();
    expect(within(card).getByText('14,500 km')).toBeInTheDocument();
  });

  it('leaves out the engine size and kilometres a listing does not say', () => {
    const { card } = renderCard({ engineCc: null, kmDriven: null });
    expect(within(card).queryByText(/ cc$/)).toBeNull();
    expect(within(card).queryByText(/ km$/)).toBeNull();
  });

  it('says beside the price whether it is negotiable', () => {
    const { card } = renderCard({ negotiable: false });
    expect(within(card).getByText('৳1,800').parentElement).toHaveTextContent('Fixed price');
  });

  it('shows an available listing with everything a card lists and a Book Now button', async () => {
    const { card, onBook } = renderCard();
    const c = within(card);
    expect(c.getByText('Rahim Seller')).toBeInTheDocument();
    expect(c.getByText('seller@example.com')).toBeInTheDocument();
    expect(c.getByText('01700000000')).toBeInTheDocument();
    expect(c.getByText('5/3/2026 14:07')).toBeInTheDocument();
    expect(c.getByTestId('availability')).toHaveTextContent('Available');
    expect(c.getByTestId('availability')).toHaveClass('text-brand-800');
    expect(card.querySelector('img')).toHaveAttribute('src', '/uploads/bike.jpg');
    expect(c.getByText('৳1,800')).toBeInTheDocument();
    expect(c.getByText('৳2,500')).toBeInTheDocument();
    for (const text of ['2021', '3', 'Excellent', 'Red', 'Serviced last month.', 'Dhaka']) {
      expect(c.getByText(text)).toBeInTheDocument();
    }
    expect(c.queryByText('Verified')).not.toBeInTheDocument();
    expect(c.queryByText('Sold Out')).not.toBeInTheDocument();

    await userEvent.click(c.getByRole('button', { name: 'Book Now' }));
    expect(onBook).toHaveBeenCalledWith(expect.objectContaining({ _id: 'p1' }));
  });

  it("leads from its photo and its name to the listing's page, one stop for the keyboard", () => {
    const { card } = renderCard({ photos: ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg'] });
    const name = within(card).getByRole('link', { name: 'Yamaha R15' });
    expect(name).toHaveAttribute('href', '/products/p1');
    expect(within(card).getByRole('heading', { name: 'Yamaha R15' })).toContainElement(name);
    const photo = card.querySelector('img')?.closest('a');
    expect(photo).toHaveAttribute('href', '/products/p1');
    expect(photo).toHaveAttribute('tabindex', '-1');
    expect(within(card).getByText('photos').parentElement).toHaveTextContent('3 photos');
  });

  it('shows no contact lines for a listing in its public form', () => {
    const visible = aListing();
    delete visible.sellerEmail;
    delete visible.sellerPhone;
    render(<ListingCard listing={visible} onBook={vi.fn()} onReport={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Yamaha R15' });
    expect(within(card).getByText('Rahim Seller')).toBeInTheDocument();
    expect(card.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(card.querySelector('a[href^="tel:"]')).toBeNull();
    // A buyer the server withheld it from has not confirmed their address yet.
    expect(within(card).getByText("Confirm your email address to see the seller's phone and email.")).toBeInTheDocument();
  });

  it("offers a buyer the seller's WhatsApp chat beside the phone when the listing carries it", () => {
    const { card } = renderCard({ onWhatsapp: true, whatsapp: 'https://wa.me/8801700000000' });
    const chat = within(card).getByRole('link', { name: 'Chat on WhatsApp' });
    expect(chat).toHaveAttribute('href', 'https://wa.me/8801700000000');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(chat.parentElement).toHaveTextContent('01700000000');
    expect(within(card).queryByText('The seller shares their number in a conversation')).not.toBeInTheDocument();
  });

  it('offers no WhatsApp chat without its link', () => {
    const { card } = renderCard({ onWhatsapp: true });
    expect(within(card).queryByRole('link', { name: 'Chat on WhatsApp' })).not.toBeInTheDocument();
  });

  it('says the seller shares their number in a conversation, to buyers and visitors, as the listing page does', () => {
    const kept = aListing({ phoneInConversation: true, onWhatsapp: true });
    delete kept.sellerPhone;
    const { rerender } = render(<ListingCard listing={kept} onBook={vi.fn()} onReport={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Yamaha R15' });
    expect(within(card).getByText('The seller shares their number in a conversation')).toBeInTheDocument();
    expect(card.querySelector('a[href^="tel:"]')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Chat on WhatsApp' })).not.toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <ListingCard listing={kept} viewer="visitor" onBook={vi.fn()} onReport={vi.fn()} />
      </MemoryRouter>,
    );
    expect(within(card).getByText('The seller shares their number in a conversation')).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <ListingCard listing={kept} viewer="browsing" onBook={vi.fn()} onReport={vi.fn()} />
      </MemoryRouter>,
    );
    expect(within(card).queryByText('The seller shares their number in a conversation')).not.toBeInTheDocument();
  });

  it('shows Sold Out in red instead of Book Now once sold', () => {
    const { card } = renderCard({ availability: 'sold' });
    const c = within(card);
    expect(c.getByText('Sold Out')).toBeInTheDocument();
    expect(c.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(c.getByTestId('availability')).toHaveTextContent('sold');
    expect(c.getByTestId('availability')).toHaveClass('text-red-700');
  });

  it('says Reserved while a booking holds the bike, still offering Book Now to join the line', async () => {
    const { card, onBook } = renderCard({ reserved: true });
    const c = within(card);
    expect(c.getByTestId('availability')).toHaveTextContent('Reserved');
    expect(c.getByTestId('availability')).toHaveClass('text-amber-900');
    await userEvent.click(c.getByRole('button', { name: 'Book Now' }));
    expect(onBook).toHaveBeenCalled();
  });

  it('says sold, not Reserved, once a reserved bike is sold', () => {
    const { card } = renderCard({ reserved: true, availability: 'sold' });
    expect(within(card).getByTestId('availability')).toHaveTextContent('sold');
    expect(within(card).getByText('Sold Out')).toBeInTheDocument();
  });

  it('shows the verified badge for a verified seller', () => {
    const { card } = renderCard({ sellerVerification: true });
    expect(within(card).getByText('Verified')).toBeInTheDocument();
  });

  it('shows Phone verified beside the seller only when the listing’s phone is the one its seller confirmed', () => {
    const { card } = renderCard({ phoneVerified: true, sellerVerification: true });
    const badge = within(card).getByText('Phone verified');
    // Beside the seller's name and the verified-seller mark, in the same shape.
    expect(badge.closest('p')).toHaveTextContent('Rahim SellerVerifiedPhone verified');
    expect(badge).toHaveClass('rounded-full', 'text-emerald-800');
    render(<ListingCard listing={aListing({ _id: 'p2', productName: 'Honda CBR' })} onBook={vi.fn()} onReport={vi.fn()} />);
    expect(within(screen.getByRole('article', { name: 'Honda CBR' })).queryByText('Phone verified')).not.toBeInTheDocument();
  });

  it("shows the seller's rating from their buyers' reviews, and nothing before the first", () => {
    const { card } = renderCard({ sellerRating: { average: 4.5, count: 2 } });
    expect(within(card).getByText('★ 4.5 (2)')).toBeInTheDocument();
    expect(within(card).getByText('Rated 4.5 of 5 by 2 buyers of completed deals')).toHaveClass('sr-only');
    render(<ListingCard listing={aListing({ _id: 'p2', productName: 'Honda CBR' })} onBook={vi.fn()} onReport={vi.fn()} />);
    expect(within(screen.getByRole('article', { name: 'Honda CBR' })).queryByText(/★/)).not.toBeInTheDocument();
  });

  it('shows Phone verified to a visitor too, who does not see the number itself', () => {
    const visible = aListing({ phoneVerified: true });
    delete visible.sellerPhone;
    delete visible.sellerEmail;
    render(<ListingCard listing={visible} viewer="visitor" onBook={vi.fn()} onReport={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Yamaha R15' });
    expect(within(card).getByText('Phone verified')).toBeInTheDocument();
    expect(card.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('has an Add to Wishlist toggle and a Report to Admin button', async () => {
    const { card, onBook, onReport } = renderCard();
    const wishlist = within(card).getByRole('button', { name: 'Add to Wishlist' });
    expect(wishlist).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(within(card).getByRole('button', { name: 'Report to Admin' }));
    expect(onReport).toHaveBeenCalledWith(expect.objectContaining({ _id: 'p1' }));
    expect(onBook).not.toHaveBeenCalled();
  });

  it('shows a saved bike as Saved, pressed, and hands a tap to the page', async () => {
    const onToggleSaved = vi.fn();
    render(<ListingCard listing={aListing()} onBook={vi.fn()} onReport={vi.fn()} saved onToggleSaved={onToggleSaved} />);
    const saved = screen.getByRole('button', { name: 'Saved' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(saved);
    expect(onToggleSaved).toHaveBeenCalledWith(expect.objectContaining({ _id: 'p1' }));
  });

  it("asks a visitor to log in to save, with nothing to press yet", async () => {
    const onLogIn = vi.fn();
    const onToggleSaved = vi.fn();
    render(
      <ListingCard
        listing={aListing()}
        viewer="visitor"
        onBook={vi.fn()}
        onReport={vi.fn()}
        onLogIn={onLogIn}
        onToggleSaved={onToggleSaved}
      />,
    );
    const wishlist = screen.getByRole('button', { name: 'Add to Wishlist' });
    expect(wishlist).not.toHaveAttribute('aria-pressed');
    await userEvent.click(wishlist);
    expect(onLogIn).toHaveBeenCalledWith('wishlist');
    expect(onToggleSaved).not.toHaveBeenCalled();
  });

  it('offers sellers and admins no wishlist', () => {
    render(<ListingCard listing={aListing()} viewer="browsing" onBook={vi.fn()} onReport={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Add to Wishlist' })).not.toBeInTheDocument();
  });

  it("offers buyers and visitors Message seller beside Book Now, leading to the listing's page ready to ask", () => {
    const { card } = renderCard();
    const message = within(card).getByRole('link', { name: 'Message seller' });
    expect(message).toHaveAttribute('href', '/products/p1?ask=1');
    expect(message.previousElementSibling).toHaveTextContent('Book Now');
    render(<ListingCard listing={aListing({ _id: 'p2', productName: 'Honda CBR' })} viewer="visitor" onBook={vi.fn()} onReport={vi.fn()} />);
    const visitorCard = screen.getByRole('article', { name: 'Honda CBR' });
    expect(within(visitorCard).getByRole('link', { name: 'Message seller' })).toHaveAttribute('href', '/products/p2?ask=1');
  });

  it("offers no Message seller to admins or the bike's own seller, nor once the bike is sold", () => {
    render(<ListingCard listing={aListing()} viewer="browsing" onBook={vi.fn()} onReport={vi.fn()} />);
    expect(screen.queryByRole('link', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.getByText('Only buyers can book bikes.')).toBeInTheDocument();
    render(<ListingCard listing={aListing({ _id: 'p3', productName: 'TVS Apache' })} viewer="owner" onBook={vi.fn()} onReport={vi.fn()} />);
    const own = screen.getByRole('article', { name: 'TVS Apache' });
    expect(within(own).getByText(/This is your bike\./)).toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'See it in My Products' })).toHaveAttribute('href', '/dashboard/seller-products');
    for (const name of ['Book Now', 'Add to Wishlist', 'Report to Admin']) {
      expect(within(own).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(own).queryByRole('link', { name: 'Message seller' })).not.toBeInTheDocument();
    render(<ListingCard listing={aListing({ _id: 'p2', productName: 'Honda CBR', availability: 'sold' })} onBook={vi.fn()} onReport={vi.fn()} />);
    const sold = screen.getByRole('article', { name: 'Honda CBR' });
    expect(within(sold).getByText('Sold Out')).toBeInTheDocument();
    expect(within(sold).queryByRole('link', { name: 'Message seller' })).not.toBeInTheDocument();
  });
});
