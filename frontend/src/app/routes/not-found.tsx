import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';

/** Any unknown address. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="flex min-h-[55vh] flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-7xl font-black tracking-tight text-brand-700 sm:text-8xl">404</p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900 sm:text-3xl">Sorry, we couldn't find this page</h1>
      <p className="mt-2 max-w-md text-stone-600">
        The bike or page you were looking for may have been sold, moved or never existed.
      </p>
      <Link
        to="/"
        className="mt-8 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        Back to the homepage
      </Link>
    </section>
  );
}
