import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page fails to load (a lazy chunk timed out or is missing) or throws. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${String(error.status)} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <main className="page-container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">This page could not be loaded</h1>
      <p role="alert" className="mt-2 text-stone-600">
        {detail}
      </p>
      <div className="mt-6 flex gap-3">
        <button
          type="button"
          onClick={() => {
            window.location.reload();
          }}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Try again
        </button>
        <Link to="/" className="rounded-lg border border-stone-300 px-5 py-2.5 font-semibold hover:bg-stone-100">
          Go to the homepage
        </Link>
      </div>
    </main>
  );
}
