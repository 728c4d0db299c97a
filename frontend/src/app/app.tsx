import { useCategories } from '../features/categories/api/get-categories.ts';
import { CategoryCards } from '../features/categories/components/category-cards.tsx';

/** The placeholder home page: brand, a loading note and the category cards. */
export function App() {
  const categories = useCategories();

  return (
    <>
      <header className="site-header">
        <h1 className="site-header__brand">BikeHaat</h1>
        <p className="site-header__tagline">Used motorcycles, bought and sold live</p>
      </header>

      <main className="home">
        <p className="home__notice">
          The marketplace is loading: listings, bookings and live updates are on their way.
        </p>

        <section className="home__section" aria-labelledby="categories-heading">
          <h2 id="categories-heading">Product Categories</h2>
          {categories.status === 'loading' && (
            <div className="spinner" role="status" aria-label="Loading categories" />
          )}
          {categories.status === 'error' && (
            <p role="alert">The categories could not be loaded. Please try again shortly.</p>
          )}
          {categories.status === 'ready' &&
            (categories.categories.length > 0 ? (
              <CategoryCards categories={categories.categories} />
            ) : (
              <p>No categories yet.</p>
            ))}
        </section>
      </main>
    </>
  );
}
