// The category page: "Choose Your Dream Bike" under the category's name, its listings as
// cards, the booking modal. Everyone may browse: visitors see the public form of each
// listing and are asked to log in to book, save or report; sellers and admins look
// without booking. A buyer's saved bikes show as saved. Its loader prefetches the
// listings; live events keep them current.
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { useCategories } from '@/features/categories/api/get-categories.ts';
import { categoryListingsLoader, useCategoryListings } from '@/features/categories/api/get-category-listings.ts';
import { useSavedIds } from '@/features/wishlist/api/get-wishlist.ts';
import { ListingGrid } from '@/app/listings/listing-grid.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { categoryMessages } from './category.messages.ts';

export const categoryLoader = categoryListingsLoader;

export function CategoryPage() {
  const { id = '' } = useParams();
  const t = useT(categoryMessages);
  const listings = useCategoryListings(id);
  const categoryName = useCategories().data?.find((category) => category._id === id)?.categoryName;
  // Read beside the listings, not after them; only a buyer has a wishlist.
  const saved = useSavedIds();
  usePageTitle(categoryName);

  return (
    <div className="page-container py-10">
      {categoryName && (
        <p className="text-center text-sm font-semibold tracking-wide text-brand-700 uppercase">{categoryName}</p>
      )}
      <h1 className="mt-1 text-center text-3xl font-bold text-stone-900 sm:text-4xl">{t('title')}</h1>
      {listings.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : listings.isError ? (
        <p role="alert" className="mt-10 text-center text-red-700">
          {listings.error.message}
        </p>
      ) : listings.data.length === 0 ? (
        <p className="mt-10 text-center text-lg text-stone-600">{t('empty')}</p>
      ) : (
        <div className="mt-8">
          <ListingGrid listings={listings.data} saved={saved} />
        </div>
      )}
    </div>
  );
}
