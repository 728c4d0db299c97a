// The buyer's wishlist: the bikes they saved, the latest first, on the category page's
// cards. Live events keep each card's availability current (a bike sold while the page
// is open turns Sold Out); Book Now books one still for sale, Saved removes one.
import { Link } from 'react-router';
import { HeartIcon } from '@/components/icons.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import { useWishlist } from '@/features/wishlist/api/get-wishlist.ts';
import { ListingGrid } from '@/app/listings/listing-grid.tsx';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { wishlistMessages } from './wishlist.messages.ts';

export function WishlistPage() {
  const wishlist = useWishlist();
  const t = useT(wishlistMessages);
  const { locale } = useLanguage();
  const count = wishlist.data?.length ?? 0;
  return (
    // The dashboard's header holds the page's h1.
    <section aria-labelledby="wishlist-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="wishlist-title" className="text-2xl font-bold text-stone-900">
          {t('title')}
        </h2>
        {count > 0 && (
          <p className="text-sm text-stone-600">{t('count', { count, shown: formatNumber(count, locale) })}</p>
        )}
      </div>
      {wishlist.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : wishlist.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {wishlist.error.message}
        </p>
      ) : count === 0 ? (
        <EmptyWishlist />
      ) : (
        <>
          <p className="-mt-2 mb-4 text-sm text-stone-600">{t('live')}</p>
          <ListingGrid
            listings={wishlist.data}
            saved={new Set(wishlist.data.map((listing) => listing._id))}
            headingLevel="h3"
          />
        </>
      )}
    </section>
  );
}

function EmptyWishlist() {
  const t = useT(wishlistMessages);
  return (
    <div className="rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-stone-200">
      <HeartIcon className="mx-auto size-10 text-rose-400" />
      <p className="mt-3 text-lg font-semibold text-stone-800">{t('empty')}</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-stone-600">
        {t('emptyHelp')}
      </p>
      <Link
        to="/#categories"
        className="mt-5 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('browse')}
      </Link>
    </div>
  );
}
