// One report in the admins' queue: the bike, between whom, who reported it and why, their
// note and when; "Read conversation" opens its messages beneath, read only.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { reportMessages } from '@/features/messages/messages.messages.ts';
import { reasonInWords, type ConversationReport } from '@/features/messages/api/reported-conversations.ts';
import { ReportedMessages } from './reported-messages.tsx';

export function ReportedConversationCard({ report }: { report: ConversationReport }) {
  const t = useT(reportMessages);
  const { locale } = useLanguage();
  const unknown = t('aRemovedAccount');
  const [reading, setReading] = useState(false);
  const messagesId = useId();
  return (
    <li>
      <article
        aria-label={t('reportAbout', { name: report.productName })}
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h3 className="min-w-0 font-semibold break-words text-stone-900">
            <Link to={`/products/${encodeURIComponent(report.productId)}`} className="text-brand-800 hover:underline">
              {report.productName}
            </Link>
          </h3>
          <time dateTime={report.createdAt} className="text-xs whitespace-nowrap text-stone-500">
            {dhakaTime(report.createdAt, locale)}
          </time>
        </div>
        <p className="mt-1 text-sm break-words text-stone-600">
          {t('between', { buyer: report.buyerName ?? unknown, seller: report.sellerName ?? unknown })}
        </p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-stone-500">{t('reportedBy')}</dt>
          <dd className="min-w-0 font-medium break-words text-stone-900">{report.reporterName ?? unknown}</dd>
          <dt className="text-stone-500">{t('reason')}</dt>
          <dd className="font-medium text-red-700">{reasonInWords(report.reason, locale)}</dd>
          {report.note && (
            <>
              <dt className="text-stone-500">{t('note')}</dt>
              <dd className="min-w-0 break-words whitespace-pre-line text-stone-800">{report.note}</dd>
            </>
          )}
        </dl>
        <button
          type="button"
          aria-expanded={reading}
          aria-controls={messagesId}
          onClick={() => {
            setReading((open) => !open);
          }}
          className="mt-4 min-h-11 rounded-xl border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          {reading ? t('hideConversation') : t('readConversation')}
        </button>
        <div id={messagesId} className="mt-3 empty:hidden">
          {reading && <ReportedMessages report={report} />}
        </div>
      </article>
    </li>
  );
}
