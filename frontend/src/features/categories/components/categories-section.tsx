import { Spinner } from '@/components/spinner.tsx';
import { useCategories } from '@/features/categories/api/get-categories.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { CategoryCards } from './category-cards.tsx';
import { categoriesMessages } from './categories.messages.ts';

/** "Product Categories" on the home page. */
export function CategoriesSection() {
  const categories = useCategories();
  const t = useT(categoriesMessages);
  return (
    // `/#categories` links here (the empty wishlist does); the margin clears the sticky top bar.
    <section id="categories" aria-labelledby="categories-heading" className="page-container scroll-mt-16 py-12">
      <div className="mb-6">
        <h2 id="categories-heading" className="text-2xl font-bold text-stone-900 sm:text-3xl">
          {t('title')}
        </h2>
        <p className="mt-1 text-stone-600">{t('intro')}</p>
      </div>
      {categories.isPending && (
        <div className="flex justify-center py-8">
          <Spinner label={t('loading')} />
        </div>
      )}
      {categories.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {t('loadFailed')}
        </p>
      )}
      {categories.isSuccess &&
        (categories.data.length > 0 ? (
          <CategoryCards categories={categories.data} />
        ) : (
          <p className="text-stone-600">{t('none')}</p>
        ))}
    </section>
  );
}
