import { ClockIcon } from '@/components/icons.tsx';
import { ARTICLES } from './articles.ts';
import { usePageTitle } from '@/lib/page-title.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Four static articles for riders buying or selling a used bike. */
export function BlogPage() {
  usePageTitle('Guides for riders');
  return (
    <div className="page-container py-10 sm:py-14">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">BikeHaat Blog</p>
        <h1 className="mt-2 text-3xl font-bold text-stone-900 sm:text-4xl">Guides for buying and selling a used bike</h1>
        <p className="mt-3 text-stone-600">
          Short, practical answers to what riders ask us most: checking a bike, the papers, the price and meeting safely.
        </p>
      </header>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        {ARTICLES.map((article) => (
          <article
            key={article.slug}
            aria-labelledby={`article-${article.slug}`}
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
          >
            <div className="flex flex-wrap items-center gap-3 text-sm text-stone-500">
              <span className="rounded-full bg-brand-50 px-3 py-0.5 font-medium text-brand-800">{article.tag}</span>
              <time dateTime={article.date}>{dateFormat.format(new Date(article.date))}</time>
              <span className="inline-flex items-center gap-1">
                <ClockIcon className="size-4" />
                {article.minutes} min read
              </span>
            </div>
            <h2 id={`article-${article.slug}`} className="mt-4 text-xl font-bold text-stone-900 sm:text-2xl">
              {article.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-stone-700">
              {article.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
