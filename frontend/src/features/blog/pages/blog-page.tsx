import { ClockIcon } from '@/components/icons.tsx';
import { formatDate } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { ARTICLES, type ArticleTag } from './articles.ts';
import { blogMessages } from './blog.messages.ts';
import { usePageTitle } from '@/lib/page-title.ts';

const TAGS = {
  Buying: 'tagBuying',
  Papers: 'tagPapers',
  Prices: 'tagPrices',
  Safety: 'tagSafety',
} as const satisfies Record<ArticleTag, keyof typeof blogMessages.en>;

/**
 * Four static articles for riders buying or selling a used bike, each in the page's
 * language. An article is its slug's anchor (`/blog#<slug>`), and lands clear of the
 * sticky top bar (`scroll-mt-24`).
 */
export function BlogPage() {
  const t = useT(blogMessages);
  const { locale } = useLanguage();
  usePageTitle(t('pageTitle'));
  return (
    <div className="page-container py-10 sm:py-14">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('kicker')}</p>
        <h1 className="mt-2 text-3xl font-bold text-stone-900 sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-stone-600">{t('intro')}</p>
      </header>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        {ARTICLES.map((article) => (
          <article
            key={article.slug}
            id={article.slug}
            aria-labelledby={`article-${article.slug}`}
            className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
          >
            <div className="flex flex-wrap items-center gap-3 text-sm text-stone-500">
              <span className="rounded-full bg-brand-50 px-3 py-0.5 font-medium text-brand-800">
                {t(TAGS[article.tag])}
              </span>
              <time dateTime={article.date}>{formatDate(article.date, locale)}</time>
              <span className="inline-flex items-center gap-1">
                <ClockIcon className="size-4" />
                {t('minRead', { minutes: formatNumber(article.minutes, locale) })}
              </span>
            </div>
            <h2 id={`article-${article.slug}`} className="mt-4 text-xl font-bold text-stone-900 sm:text-2xl">
              {article.title[locale]}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-stone-700">
              {article.paragraphs[locale].map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
