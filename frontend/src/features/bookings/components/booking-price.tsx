// The price a booking is made at, in the booking dialog: the listing's asking price, or,
// while the buyer's accepted offer on the bike holds, that offer (or today's price if the
// seller has lowered it below the offer since), as the server books it.
import { FormField } from '@/components/form-field.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useAcceptedOffer } from '@/lib/conversations.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import { bookingsMessages } from './bookings.messages.ts';

export function BookingPrice({ listing, buyerId, className }: { listing: Listing; buyerId: string; className: string }) {
  const t = useT(bookingsMessages);
  const { locale } = useLanguage();
  const offer = useAcceptedOffer(listing._id, buyerId);
  if (!offer) {
    return (
      <FormField id="order-price" label={t('price')}>
        <input id="order-price" readOnly value={formatTaka(listing.resalePrice, locale)} className={className} />
      </FormField>
    );
  }
  const price = Math.min(offer.amount, listing.resalePrice);
  return (
    <div className="space-y-4">
      <p className="rounded-lg border border-brand-200 bg-brand-50 px-3.5 py-2.5 text-sm font-semibold text-brand-900">
        {t('acceptedOffer', { price: formatTaka(price, locale) })}
        <span className="block text-xs font-normal text-stone-600">
          {t('askingPrice', { price: formatTaka(listing.resalePrice, locale) })}
        </span>
      </p>
      <FormField id="order-price" label={t('price')}>
        <input id="order-price" readOnly value={formatTaka(price, locale)} className={className} />
      </FormField>
    </div>
  );
}
