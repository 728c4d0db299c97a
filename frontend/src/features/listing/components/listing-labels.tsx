// The small pieces a listing's card and its page both show: the availability tag, the
// two prices (and whether the asking one is negotiable), and a visitor's way to the
// seller's contact (logging in), a buyer's WhatsApp chat with the seller, or word that
// the seller shares their number in a conversation; and "Phone verified" beside the
// seller's name when the listing's phone is the number its seller confirmed by SMS.
import { PhoneIcon } from '@/components/icons.tsx';
import { PriceTerms } from '@/components/price-terms.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, formatTaka } from '@/lib/i18n/numbers.ts';
import { isSold, type LogInReason } from './listing-actions.tsx';
import { listingLabelsMessages } from './listing-labels.messages.ts';

/** Whether a booking holds the bike now (and it is not sold): others may only join the line. */
export function isReserved(listing: Pick<Listing, 'availability' | 'reserved'>): boolean {
  return listing.reserved && !isSold(listing);
}

/** "Available", "Reserved" in amber while a booking holds the bike, or "sold" in red. */
export function AvailabilityTag({ listing, className = '' }: { listing: Listing; className?: string }) {
  const t = useT(listingLabelsMessages);
  const { locale } = useLanguage();
  const reserved = isReserved(listing);
  const sold = isSold(listing);
  // English shows the server's own word ("Available", "sold"); Bangla says it in Bangla.
  const availability = locale === 'en' ? listing.availability : t(sold ? 'sold' : 'available');
  const look = sold
    ? 'bg-red-100 text-red-700'
    : reserved
      ? 'bg-amber-100 text-amber-900'
      : 'bg-brand-100 text-brand-800';
  return (
    <p data-testid="availability" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${look} ${className}`}>
      {reserved ? t('reserved') : availability}
    </p>
  );
}

/** The resale price, large, whether it is negotiable, and the original price struck through. */
export function ListingPrices({ listing, large = false }: { listing: Listing; large?: boolean }) {
  const t = useT(listingLabelsMessages);
  const { locale } = useLanguage();
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className={`font-bold text-brand-700 ${large ? 'text-3xl font-extrabold' : 'text-lg'}`}>
        <span className="sr-only">{t('resalePrice')}</span>
        {formatTaka(listing.resalePrice, locale)}
      </span>
      <PriceTerms negotiable={listing.negotiable} className="self-center" />
      <span className="text-sm text-stone-500">
        {t('originalPrice')} <span className="line-through">{formatTaka(listing.originalPrice, locale)}</span>
      </span>
    </p>
  );
}

/**
 * "Phone verified", in the verified-seller badge's shape, when the listing's phone is the
 * number its seller confirmed by SMS (docs/trust.md); nothing otherwise.
 */
export function PhoneVerifiedBadge({ listing, className = '' }: { listing: Listing; className?: string }) {
  const t = useT(listingLabelsMessages);
  if (!listing.phoneVerified) return null;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-0.5 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800 ${className}`}
    >
      <PhoneIcon className="size-3.5" aria-hidden="true" />
      {t('phoneVerified')}
    </span>
  );
}

/**
 * The seller's rating from their buyers' reviews of completed deals ("★ 4.5 (2)"), beside
 * their name; nothing while they have none (docs/trust.md "Reviews from real deals").
 */
export function SellerRatingBadge({ listing, className = '' }: { listing: Listing; className?: string }) {
  const t = useT(listingLabelsMessages);
  const { locale } = useLanguage();
  const { average, count } = listing.sellerRating;
  if (average === undefined || count === 0) return null;
  const words = { average: formatNumber(average, locale), count: formatNumber(count, locale) };
  return (
    <span
      title={t('ratingLabel', words)}
      className={`inline-flex shrink-0 items-center gap-0.5 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 ${className}`}
    >
      <span className="sr-only">{t('ratingLabel', words)}</span>
      <span aria-hidden="true">{t('rating', words)}</span>
    </span>
  );
}

/** A visitor's tap on the seller's contact: they are asked to log in. */
export function ContactLogInButton({
  onLogIn,
  className = '',
}: {
  onLogIn: (reason: LogInReason) => void;
  className?: string;
}) {
  const t = useT(listingLabelsMessages);
  return (
    <button
      type="button"
      onClick={() => {
        onLogIn('contact');
      }}
      className={`flex items-center gap-1.5 font-semibold text-brand-800 underline-offset-2 hover:underline ${className}`}
    >
      <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
      {t('logInForContact')}
    </button>
  );
}

/** Whether the server withheld the seller's contact from a signed-in buyer (their address is not confirmed yet). */
export function contactWithheld(listing: Listing): boolean {
  return listing.sellerPhone === undefined && listing.sellerEmail === undefined;
}

/** What a buyer whose address is not confirmed is told where the seller's contact would be. */
export function ConfirmForContact({ className = '' }: { className?: string }) {
  const t = useT(listingLabelsMessages);
  return (
    <p className={`flex items-center gap-1 text-sm text-stone-600 ${className}`}>
      <PhoneIcon className="size-3.5 shrink-0" aria-hidden="true" />
      {t('confirmForContact')}
    </p>
  );
}

/** Beside "Message seller" when the seller keeps their number for conversations. */
export function NumberInConversation({ listing, className = '' }: { listing: Listing; className?: string }) {
  const t = useT(listingLabelsMessages);
  if (!listing.phoneInConversation || listing.sellerPhone !== undefined) return null;
  return (
    <p className={`flex items-center gap-1 text-sm text-stone-600 ${className}`}>
      <PhoneIcon className="size-3.5 shrink-0" aria-hidden="true" />
      {t('numberInConversation')}
    </p>
  );
}

/** A buyer's chat with the seller on WhatsApp, when the listing carries its link (the phone shown takes WhatsApp). */
export function WhatsAppChat({ listing, className = '' }: { listing: Listing; className?: string }) {
  const t = useT(listingLabelsMessages);
  if (listing.whatsapp === undefined) return null;
  return (
    <a href={listing.whatsapp} target="_blank" rel="noopener noreferrer" className={className}>
      {t('whatsApp')}
    </a>
  );
}
