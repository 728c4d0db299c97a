import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { notFoundMessages } from './not-found.messages.ts';

/** Any unknown address. */
export function NotFoundPage() {
  const t = useT(notFoundMessages);
  const { locale } = useLanguage();
  usePageTitle(t('pageTitle'));
  return (
    <section className="flex min-h-[55vh] flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-7xl font-black tracking-tight text-brand-700 sm:text-8xl">{localDigits('404', locale)}</p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-2 max-w-md text-stone-600">
        {t('explanation')}
      </p>
      <Link
        to="/"
        className="mt-8 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        {t('home')}
      </Link>
    </section>
  );
}
