// The price a booking is made at, in the booking dialog: the listing's asking price, or,
// while the buyer's accepted offer on the bike holds, that offer (or today's price if the
// seller has lowered it below the offer since), as the server books it.
import { FormField } from '@/components/form-field.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useAcceptedOffer } from '@/lib/conversations.ts';
import { formatPrice } from '@/utils/format-price.ts';

export function BookingPrice({ listing, buyerId, className }: { listing: Listing; buyerId: string; className: string }) {
  const offer = useAcceptedOffer(listing._id, buyerId);
  if (!offer) {
    return (
      <FormField id="order-price" label="Price">
        <input id="order-price" readOnly value={formatPrice(listing.resalePrice)} className={className} />
      </FormField>
    );
  }
  const price = Math.min(offer.amount, listing.resalePrice);
  return (
    <div className="space-y-4">
      <p className="rounded-lg border border-brand-200 bg-brand-50 px-3.5 py-2.5 text-sm font-semibold text-brand-900">
        Your accepted offer: {formatPrice(price)}
        <span className="block text-xs font-normal text-stone-600">
          Asking price {formatPrice(listing.resalePrice)}. The seller accepted your offer in your conversation.
        </span>
      </p>
      <FormField id="order-price" label="Price">
        <input id="order-price" readOnly value={formatPrice(price)} className={className} />
      </FormField>
    </div>
  );
}
