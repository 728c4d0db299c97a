import { ChevronLeftIcon, ChevronRightIcon, QuoteIcon, StarIcon } from '@/components/icons.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { homeMessages } from './home.messages.ts';

// Names, places and words in the page's language; the initials stay as the avatars show them.
const TESTIMONIALS = [
  { name: 'tanvirName', place: 'tanvirPlace', quote: 'tanvirQuote', initials: 'TA' },
  { name: 'nusratName', place: 'nusratPlace', quote: 'nusratQuote', initials: 'NJ' },
  { name: 'rakibulName', place: 'rakibulPlace', quote: 'rakibulQuote', initials: 'RH' },
] as const;

/** Static client testimonials; previous/next do nothing yet. */
export function Testimonials() {
  const t = useT(homeMessages);
  return (
    <section aria-labelledby="testimonials-heading" className="page-container py-12">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('testimonials')}</p>
          <h2 id="testimonials-heading" className="text-2xl font-bold text-stone-900 sm:text-3xl">
            {t('clientsSay')}
          </h2>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label={t('previousTestimonial')}
            className="flex size-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 hover:bg-stone-100"
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            aria-label={t('nextTestimonial')}
            className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </div>
      <ul className="grid gap-5 md:grid-cols-3">
        {TESTIMONIALS.map((entry) => (
          <li key={entry.name}>
            <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <QuoteIcon className="size-8 text-brand-200" />
              <blockquote className="mt-3 flex-1 leading-relaxed text-stone-700">{t(entry.quote)}</blockquote>
              <figcaption className="mt-5 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-11 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                >
                  {entry.initials}
                </span>
                <span>
                  <span className="block font-semibold text-stone-900">{t(entry.name)}</span>
                  <span className="block text-sm text-stone-500">{t(entry.place)}</span>
                </span>
                <span className="ml-auto flex text-amber-400" role="img" aria-label={t('fiveStars')}>
                  {[1, 2, 3, 4, 5].map((n) => (
                    <StarIcon key={n} className="size-4" />
                  ))}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
