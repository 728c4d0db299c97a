import { Link } from 'react-router';

/** /products is kept for future work. */
export function ProductsPage() {
  return (
    <section className="page-container flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <p className="mb-3 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-800 uppercase">
        Future work
      </p>
      <h1 className="text-3xl font-bold text-stone-900">Products</h1>
      <p className="mt-3 max-w-lg text-stone-600">
        This route is reserved for future work: a single list of every bike on BikeHaat is on
        its way. Until then, browse the bikes by category from the homepage.
      </p>
      <Link
        to="/"
        className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Browse categories
      </Link>
    </section>
  );
}
