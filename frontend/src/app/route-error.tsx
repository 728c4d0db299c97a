import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useT } from '@/lib/i18n/language-context.ts';
import { CHUNK_TIMED_OUT, isMissingChunk } from './lazy-page.ts';
import { routeErrorMessages } from './route-error.messages.ts';

/**
 * Shown when a page fails to load or throws. A page whose code did not arrive (offline,
 * or an old tab after a new version went out) says so in words and offers a reload —
 * never the browser's "Failed to fetch dynamically imported module".
 */
export function RouteError() {
  const error = useRouteError();
  const t = useT(routeErrorMessages);
  console.error(error);
  const missing = isMissingChunk(error);
  const timedOut = error instanceof Error && error.message === CHUNK_TIMED_OUT;
  const detail = missing
    ? t('chunk')
    : timedOut
      ? t('timedOut')
      : isRouteErrorResponse(error)
        ? `${String(error.status)} ${error.statusText}`
        : error instanceof Error
          ? error.message
          : t('somethingWrong');
  return (
    <main className="page-container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{missing || timedOut ? t('chunkTitle') : t('title')}</h1>
      <p role="alert" className="mt-2 max-w-md text-stone-600">
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
          {missing || timedOut ? t('reload') : t('tryAgain')}
        </button>
        <Link to="/" className="rounded-lg border border-stone-300 px-5 py-2.5 font-semibold hover:bg-stone-100">
          {t('home')}
        </Link>
      </div>
    </main>
  );
}
