// A reported conversation's messages as the admin reads them, oldest first, read only.
// The report names the reporter by id: their messages say "Reporter", the rest "The
// other side". An offer says which side made it, as the offer itself records.
import { PageSpinner } from '@/components/spinner.tsx';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import { reportMessages } from '@/features/messages/messages.messages.ts';
import { offerStatusWord } from './offer-card.tsx';
import { MessageBubble } from './message-bubble.tsx';
import type { Message } from '@/features/messages/api/conversations.ts';
import { useReportedMessages, type ConversationReport } from '@/features/messages/api/reported-conversations.ts';

export function ReportedMessages({ report }: { report: ConversationReport }) {
  const t = useT(reportMessages);
  const messages = useReportedMessages(report.conversationId, true);
  if (messages.isPending) return <PageSpinner label={t('loadingConversation')} />;
  if (messages.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700 ring-1 ring-red-200">
        {messages.error.message}
      </p>
    );
  }
  if (messages.data.length === 0) return <p className="py-4 text-center text-sm text-stone-500">{t('noMessages')}</p>;
  return (
    <ol
      aria-label={t('messagesAbout', { name: report.productName })}
      className="flex flex-col gap-3 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200"
    >
      {messages.data.map((message) => (
        <ReadOnlyMessage key={message._id} message={message} reporterId={report.reporterId ?? null} />
      ))}
    </ol>
  );
}

function ReadOnlyMessage({ message, reporterId }: { message: Message; reporterId: string | null }) {
  const t = useT(reportMessages);
  const { locale } = useLanguage();
  const byReporter = reporterId !== null && message.from === reporterId;
  const sender = message.from == null ? t('removedAccount') : byReporter ? t('reporter') : t('otherSide');
  const offer = message.offer;
  return (
    <MessageBubble
      mine={byReporter}
      text={
        offer
          ? t('offerLine', {
              amount: formatTaka(offer.amount, locale),
              by: offer.by,
              // English says the state as the server wrote it ("open", "accepted").
              status: locale === 'en' ? offer.status : offerStatusWord(offer.status, locale),
            })
          : message.text
      }
      image={message.image}
      sentAt={message.sentAt}
      footer={<span className="mt-0.5 text-xs font-semibold text-stone-600">{sender}</span>}
    />
  );
}
