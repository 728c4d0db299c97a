// A few bikes beside a listing ("More from this seller", "Similar bikes") as small tiles
// that lead to their own pages: two a row on a phone, four on a desktop. Nothing shows
// while they load, when there are none, or when they cannot be read: they are extras.
import { Link } from 'react-router';
import type { Listing } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import { useRelatedListings, type RelatedKind } from '@/features/listing/api/get-related-listings.ts';
import { isSold } from './listing-actions.tsx';
import { isReserved } from './listing-labels.tsx';
import { placeOf } from './listing-facts.tsx';
import { listingPath } from './listing-card.tsx';
import { relatedListingsMessages } from './related-listings.messages.ts';

export function RelatedListings({ listing, kind, title }: { listing: Listing; kind: RelatedKind; title: string }) {
  const related = useRelatedListings(listing, kind);
  const bikes = related.data ?? [];
  if (bikes.length === 0) return null;
  const titleId = `related-${kind}-title`;
  return (
    <section aria-labelledby={titleId} className="mt-10">
      <h2 id={titleId} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {bikes.map((bike) => (
          <li key={bike._id}>
            <ListingTile listing={bike} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ListingTile({ listing }: { listing: Listing }) {
  const t = useT(relatedListingsMessages);
  const { locale } = useLanguage();
  return (
    <Link
      to={listingPath(listing)}
      className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-brand-300"
    >
      <div className="relative">
        <img src={listing.productImage} alt="" loading="lazy" className="aspect-[4/3] w-full bg-stone-100 object-cover" />
        {isSold(listing) && (
          <span className="absolute top-1.5 left-1.5 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">
            {t('sold')}
          </span>
        )}
        {isReserved(listing) && (
          <span className="absolute top-1.5 left-1.5 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t('reserved')}
          </span>
        )}
      </div>
      <div className="p-2.5">
        <p className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900 group-hover:text-brand-800">
          {listing.productName}
        </p>
        <p className="mt-0.5 font-bold text-brand-700">{formatTaka(listing.resalePrice, locale)}</p>
        <p className="truncate text-xs text-stone-500">{placeOf(listing)}</p>
      </div>
    </Link>
  );
}
