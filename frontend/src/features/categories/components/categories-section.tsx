import { Spinner } from '@/components/spinner.tsx';
import { useCategories } from '@/features/categories/api/get-categories.ts';
import { CategoryCards } from './category-cards.tsx';

/** "Product Categories" on the home page. */
export function CategoriesSection() {
  const categories = useCategories();
  return (
    // `/#categories` links here (the empty wishlist does); the margin clears the sticky top bar.
    <section id="categories" aria-labelledby="categories-heading" className="page-container scroll-mt-16 py-12">
      <div className="mb-6">
        <h2 id="categories-heading" className="text-2xl font-bold text-stone-900 sm:text-3xl">
          Product Categories
        </h2>
        <p className="mt-1 text-stone-600">Pick a category to see every bike listed in it.</p>
      </div>
      {categories.isPending && (
        <div className="flex justify-center py-8">
          <Spinner label="Loading categories" />
        </div>
      )}
      {categories.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          The categories could not be loaded. Please try again shortly.
        </p>
      )}
      {categories.isSuccess &&
        (categories.data.length > 0 ? (
          <CategoryCards categories={categories.data} />
        ) : (
          <p className="text-stone-600">No categories yet.</p>
        ))}
    </section>
  );
}
