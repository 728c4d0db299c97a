// The admins' queue of reported conversations (/dashboard/reported-conversations), the
// latest first; a new report joins it live. An admin reads a conversation from here.
import { PageSpinner } from '@/components/spinner.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { reportMessages } from '@/features/messages/messages.messages.ts';
import { useReportedConversations } from '@/features/messages/api/reported-conversations.ts';
import { ReportedConversationCard } from '@/features/messages/components/reported-conversation-card.tsx';

export function ReportedConversationsPage() {
  const t = useT(reportMessages);
  const { locale } = useLanguage();
  usePageTitle(t('reportedConversations'));
  const reports = useReportedConversations();
  return (
    <section aria-labelledby="reported-conversations-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="reported-conversations-title" className="text-2xl font-bold text-stone-900">
          {t('reportedConversations')}
        </h2>
        {reports.isSuccess && reports.data.length > 0 && (
          <p className="text-sm text-stone-600">
            {t('reportCount', { count: reports.data.length, shown: formatNumber(reports.data.length, locale) })}
          </p>
        )}
      </div>
      {reports.isPending ? (
        <PageSpinner label={t('loadingReports')} />
      ) : reports.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {reports.error.message}
        </p>
      ) : reports.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          {t('noReports')}
        </p>
      ) : (
        <ul aria-label={t('reports')} className="flex flex-col gap-4">
          {reports.data.map((report) => (
            <ReportedConversationCard key={report._id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}
