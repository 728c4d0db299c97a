// One listing on the category page and in the wishlist, compact enough that a phone shows
// two whole cards at once (the photo beside the name there, above it on wider screens): the photo and name lead to the listing's own page (every photo, every
// field, the seller), and the card keeps what the spec lists — seller and contact, post time,
// availability, prices, purchase year, years of use, condition, colour, a line or two of the
// description, location — with the engine size and kilometres buyers scan for first, and the
// actions (`ListingActions`, with Message seller). Beside the seller's name, "Verified" for a
// verified seller and "Phone verified" for a phone its seller confirmed by SMS. As on the listing's page, a buyer may chat
// on WhatsApp when the seller's phone takes it, and a seller who keeps their number for
// conversations is said to share it there.
import { Link } from 'react-router';
import { CameraIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldCheckIcon } from '@/components/icons.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { formatPostTime } from '@/lib/i18n/dates.ts';
import { conditionWord } from '@/lib/listing-condition.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, localDigits } from '@/lib/i18n/numbers.ts';
import { listingCardMessages } from './listing-card.messages.ts';
import { ListingActions, type ListingActionsProps } from './listing-actions.tsx';
import {
  AvailabilityTag,
  ConfirmForContact,
  ContactLogInButton,
  contactWithheld,
  ListingPrices,
  NumberInConversation,
  PhoneVerifiedBadge,
  SellerRatingBadge,
  WhatsAppChat,
} from './listing-labels.tsx';

/** The address of a listing's own page. */
export function listingPath(listing: Pick<Listing, '_id'>): string {
  return `/products/${encodeURIComponent(listing._id)}`;
}

export function ListingCard({
  headingLevel: Heading = 'h2',
  ...actions
}: ListingActionsProps & {
  /** The bike's name under the page's own heading: h2 under a page's h1, h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3';
}) {
  const t = useT(listingCardMessages);
  const { locale } = useLanguage();
  const { listing, viewer = 'buyer', onLogIn = () => undefined } = actions;
  // A seller's contact is for those who may book; a signed-in socket's events carry it,
  // so the card, not only the server's list, keeps it from admins (and its own seller
  // needs no reminder of it).
  const contact = viewer === 'buyer';
  const headingId = `product-${listing._id}-name`;
  const path = listingPath(listing);
  const photoCount = listing.photos.length;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      {/* On a phone the photo stands beside the name and price, so two bikes fit a screen; wider, above them. */}
      <div className="flex gap-3 p-3 sm:block sm:p-0">
        <div className="relative w-32 shrink-0 self-start sm:w-auto">
          {/* The name beside is the link a screen reader or keyboard takes; the photo is the same link for a thumb. */}
          <Link to={path} tabIndex={-1} aria-hidden="true" className="block">
            <img
              src={listing.productImage}
              alt=""
              loading="lazy"
              className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover sm:aspect-[16/10] sm:rounded-none"
            />
          </Link>
          <AvailabilityTag listing={listing} className="absolute top-1 left-1 shadow-sm sm:top-2 sm:left-2" />
          {photoCount > 1 && (
            <p className="absolute right-1 bottom-1 flex items-center gap-1 rounded-full bg-stone-900/70 px-2 py-0.5 text-xs font-medium text-white sm:right-2 sm:bottom-2">
              <CameraIcon className="size-3.5" aria-hidden="true" />
              {localDigits(String(photoCount), locale)} <span className="sr-only">{t('photos')}</span>
            </p>
          )}
        </div>
        <div className="min-w-0 sm:px-4 sm:pt-4">
          <Heading id={headingId} className="text-base leading-snug font-bold text-stone-900 sm:text-lg">
            <Link to={path} className="hover:text-brand-800 hover:underline">
              {listing.productName}
            </Link>
          </Heading>
          <ListingPrices listing={listing} />
          <BikeLine listing={listing} />
        </div>
      </div>

      <div className="flex flex-1 flex-col px-3 pb-3 sm:px-4 sm:pb-4">
        <dl className="grid grid-cols-2 gap-x-3 gap-y-0.5 text-sm">
          <Detail term={t('purchaseYear')} value={localDigits(String(listing.purchaseYear), locale)} />
          <Detail term={t('yearsOfUse')} value={localDigits(String(listing.yearsOfUse), locale)} />
          <Detail term={t('condition')} value={conditionWord(listing.condition, locale)} />
          <Detail term={t('color')} value={listing.color} />
        </dl>
        <p className="mt-2 line-clamp-1 text-sm text-stone-600 sm:line-clamp-2">{listing.description}</p>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-stone-500">
          <span className="flex min-w-0 items-center gap-1">
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{listing.location}</span>
          </span>
          <span className="flex items-center gap-1">
            <ClockIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <time dateTime={listing.postTime}>{formatPostTime(listing.postTime, locale)}</time>
          </span>
        </p>

        <div className="mt-2 border-t border-stone-100 pt-2 text-sm">
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 font-semibold text-stone-900">
            <span className="min-w-0 truncate">{listing.sellerName}</span>
            {listing.sellerVerification && (
              <span
                title={t('verifiedSeller')}
                className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800"
              >
                <ShieldCheckIcon className="size-3.5" aria-hidden="true" />
                {t('verified')}
              </span>
            )}
            <PhoneVerifiedBadge listing={listing} />
            <SellerRatingBadge listing={listing} />
          </p>
          {contact && (listing.sellerPhone !== undefined || listing.sellerEmail !== undefined) && (
            <p className="mt-0.5 flex flex-wrap gap-x-3 text-stone-600">
              {listing.sellerPhone !== undefined && (
                <a href={`tel:${listing.sellerPhone}`} className="flex items-center gap-1 hover:underline">
                  <PhoneIcon className="size-3.5 shrink-0" aria-hidden="true" />
                  {listing.sellerPhone}
                </a>
              )}
              <WhatsAppChat listing={listing} className="font-semibold text-emerald-800 hover:underline" />
              {listing.sellerEmail !== undefined && (
                <a href={`mailto:${listing.sellerEmail}`} className="flex min-w-0 items-center gap-1 hover:underline">
                  <MailIcon className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{listing.sellerEmail}</span>
                </a>
              )}
            </p>
          )}
          {contact && contactWithheld(listing) && <ConfirmForContact className="mt-0.5" />}
          {viewer === 'visitor' && <ContactLogInButton onLogIn={onLogIn} className="mt-0.5" />}
          {(viewer === 'buyer' || viewer === 'visitor') && <NumberInConversation listing={listing} className="mt-0.5" />}
        </div>

        <ListingActions {...actions} askAt={path} className="mt-auto pt-3" />
      </div>
    </article>
  );
}

/** What a buyer scans first, when the listing says it: "150 cc · 30,000 km". */
function BikeLine({ listing }: { listing: Listing }) {
  const t = useT(listingCardMessages);
  const { locale } = useLanguage();
  const facts = [
    listing.engineCc == null ? null : t('engineCc', { cc: localDigits(String(listing.engineCc), locale) }),
    listing.kmDriven == null ? null : t('km', { km: formatNumber(listing.kmDriven, locale) }),
  ].filter((fact) => fact !== null);
  if (facts.length === 0) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-1.5 text-sm font-semibold text-stone-700">
      {facts.map((fact) => (
        <span key={fact} className="rounded-md bg-stone-100 px-1.5 py-0.5 whitespace-nowrap">
          {fact}
        </span>
      ))}
    </p>
  );
}

/** `term` comes with its colon ("Purchase year:"). */
function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="shrink-0 text-stone-500">{term}</dt>
      <dd className="truncate font-medium text-stone-800">{value}</dd>
    </div>
  );
}
