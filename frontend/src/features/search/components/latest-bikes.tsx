// "Latest bikes" on the home page: the newest bikes for sale as small tiles, a swipe
// across on a phone, so the first bikes show on the first screen or two; each tile
// opens its listing, and "See all bikes" the products page.
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { PriceTerms } from '@/components/price-terms.tsx';
import { useLatestListings } from '@/features/search/api/get-latest-listings.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, formatTaka } from '@/lib/i18n/numbers.ts';
import { latestBikesMessages } from './latest-bikes.messages.ts';

export function LatestBikes() {
  const t = useT(latestBikesMessages);
  const latest = useLatestListings();
  if (latest.isSuccess && latest.data.listings.length === 0) return null;
  return (
    <section aria-labelledby="latest-heading" className="page-container pt-6 sm:pt-10">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="latest-heading" className="text-xl font-bold text-stone-900 sm:text-2xl">
          {t('heading')}
        </h2>
        <Link to="/products" className="shrink-0 py-2 text-sm font-semibold text-brand-800 hover:underline">
          {t('seeAll')}
        </Link>
      </div>
      {latest.isPending && (
        <div className="flex justify-center py-6">
          <Spinner label={t('loading')} />
        </div>
      )}
      {latest.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-4 text-red-800">
          {t('failed')}
        </p>
      )}
      {latest.isSuccess && (
        <ul className="-mx-4 mt-3 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-4 sm:overflow-visible sm:px-0 lg:grid-cols-4">
          {latest.data.listings.map((listing) => (
            <li key={listing._id} className="w-40 shrink-0 snap-start sm:w-auto">
              <BikeTile listing={listing} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BikeTile({ listing }: { listing: Listing }) {
  const t = useT(latestBikesMessages);
  const { locale } = useLanguage();
  const sold = listing.availability.toLowerCase() === 'sold';
  const facts = [
    listing.kmDriven === null || listing.kmDriven === undefined
      ? null
      : t('km', { km: formatNumber(listing.kmDriven, locale) }),
    listing.district ?? null,
  ].filter(Boolean);
  return (
    <Link
      to={`/products/${encodeURIComponent(listing._id)}`}
      className="block h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
    >
      <div className="relative">
        <img
          src={listing.productImage}
          alt=""
          loading="lazy"
          className="aspect-[4/3] w-full bg-stone-100 object-cover"
        />
        {sold && (
          <span className="absolute top-2 left-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            {t('soldOut')}
          </span>
        )}
      </div>
      <div className="p-2.5">
        <p className="truncate text-sm font-semibold text-stone-900">{listing.productName}</p>
        <p className="flex flex-wrap items-center gap-x-2">
          <span className="text-base font-bold text-brand-700">{formatTaka(listing.resalePrice, locale)}</span>
          <PriceTerms negotiable={listing.negotiable} />
        </p>
        {facts.length > 0 && <p className="truncate text-xs text-stone-500">{facts.join(' · ')}</p>}
      </div>
    </Link>
  );
}
