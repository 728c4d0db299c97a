// The home page's "Give a Review" form.
import type { SubmitEvent } from 'react';
import { toast } from 'react-toastify';
import { useT } from '@/lib/i18n/language-context.ts';
import { homeMessages } from './home.messages.ts';

/** The same in both languages: an address shows what one looks like. */
const EMAIL_EXAMPLE = 'you@example.com';

const field =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3.5 py-2.5 text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

/**
 * "Give a Review": nothing is sent yet, submitting only says so. A plain form:
 * with nothing to validate or send, a form library would only add to the home page.
 */
export function ReviewForm() {
  const t = useT(homeMessages);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    toast.info(t('comingSoon'));
  };

  return (
    <form
      aria-labelledby="review-heading"
      onSubmit={onSubmit}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8"
    >
      <h2 id="review-heading" className="text-2xl font-bold text-stone-900">
        {t('reviewTitle')}
      </h2>
      <p className="mt-1 text-stone-600">{t('reviewIntro')}</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-stone-800">
          {t('fullName')}
          <input type="text" name="fullName" autoComplete="name" placeholder={t('fullNamePlaceholder')} className={field} />
        </label>
        <label className="block text-sm font-medium text-stone-800">
          {t('email')}
          <input type="email" name="email" autoComplete="email" placeholder={EMAIL_EXAMPLE} className={field} />
        </label>
        <label className="block text-sm font-medium text-stone-800 sm:col-span-2">
          {t('message')}
          <textarea name="message" rows={4} placeholder={t('messagePlaceholder')} className={field} />
        </label>
      </div>
      <button
        type="submit"
        className="mt-6 w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 sm:w-auto"
      >
        {t('submitReview')}
      </button>
    </form>
  );
}
