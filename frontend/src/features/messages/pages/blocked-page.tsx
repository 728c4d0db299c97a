// The people the reader blocked (/dashboard/blocked): whom and since when, and unblocking
// each, after which they may write to each other again. Buyers and sellers reach it from
// their inbox and go back there; an admin, who has no inbox, from the dashboard's side
// panel, and goes back to the dashboard.
import { useState } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { inboxMessages } from '@/features/messages/messages.messages.ts';
import { useBlockedPeople, useUnblock, type BlockedPerson } from '@/features/messages/api/blocks.ts';

/** The arrow before the way back: the same in both languages. */
const BACK = '‹ ';

export function BlockedPage() {
  const t = useT(inboxMessages);
  usePageTitle(t('blockedPeople'));
  const people = useBlockedPeople();
  const { role } = useSession();
  const back = role === 'admin' ? { to: '/dashboard', label: t('dashboard') } : { to: '/dashboard/messages', label: t('inbox') };
  return (
    <section aria-labelledby="blocked-title">
      <Link
        to={back.to}
        className="-ml-1.5 mb-2 inline-block rounded-lg px-1.5 py-1 text-sm font-semibold text-brand-800 hover:bg-stone-100"
      >
        <span aria-hidden="true">{BACK}</span>
        {back.label}
      </Link>
      <h2 id="blocked-title" className="mb-1 text-2xl font-bold text-stone-900">
        {t('blockedPeople')}
      </h2>
      <p className="mb-4 text-sm text-stone-600">{t('cannotWrite')}</p>
      {people.isPending ? (
        <PageSpinner label={t('loadingBlocked')} />
      ) : people.isError ? (
        <p role="alert" className="text-red-700">
          {people.error.message}
        </p>
      ) : people.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          {t('noneBlocked')}
        </p>
      ) : (
        <ul aria-label={t('blockedPeople')} className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {people.data.map((person) => (
            <BlockedRow key={person.userId} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockedRow({ person }: { person: BlockedPerson }) {
  const t = useT(inboxMessages);
  const { locale } = useLanguage();
  const unblock = useUnblock();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <li aria-label={person.name} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
      <span className="min-w-0 flex-1">
        <span className="block font-semibold break-words text-stone-900">{person.name}</span>
        <span className="text-xs text-stone-500">
          {t('blocked')} <time dateTime={person.blockedAt}>{dhakaTime(person.blockedAt, locale)}</time>
        </span>
      </span>
      <button
        type="button"
        disabled={unblock.isPending}
        onClick={() => {
          setFailed(null);
          unblock.mutate(person.userId, {
            onError: (error) => {
              setFailed(error.message);
            },
          });
        }}
        className="min-h-11 rounded-xl border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60"
      >
        {unblock.isPending ? t('unblocking') : t('unblock')}
      </button>
      {failed && (
        <p role="alert" className="w-full text-sm text-red-700">
          {failed}
        </p>
      )}
    </li>
  );
}
