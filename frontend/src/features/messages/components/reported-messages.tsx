// A reported conversation's messages as the admin reads them, oldest first, read only.
// The report names the reporter by id: their messages say "Reporter", the rest "The
// other side". An offer says which side made it, as the offer itself records.
import { PageSpinner } from '@/components/spinner.tsx';
import { formatPrice } from '@/utils/format-price.ts';
import { MessageBubble } from './message-bubble.tsx';
import type { Message } from '@/features/messages/api/conversations.ts';
import { useReportedMessages, type ConversationReport } from '@/features/messages/api/reported-conversations.ts';

export function ReportedMessages({ report }: { report: ConversationReport }) {
  const messages = useReportedMessages(report.conversationId, true);
  if (messages.isPending) return <PageSpinner label="Loading the conversation" />;
  if (messages.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700 ring-1 ring-red-200">
        {messages.error.message}
      </p>
    );
  }
  if (messages.data.length === 0) return <p className="py-4 text-center text-sm text-stone-500">No messages.</p>;
  return (
    <ol
      aria-label={`Messages about ${report.productName}`}
      className="flex flex-col gap-3 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200"
    >
      {messages.data.map((message) => (
        <ReadOnlyMessage key={message._id} message={message} reporterId={report.reporterId ?? null} />
      ))}
    </ol>
  );
}

function ReadOnlyMessage({ message, reporterId }: { message: Message; reporterId: string | null }) {
  const byReporter = reporterId !== null && message.from === reporterId;
  const sender = message.from == null ? 'A removed account' : byReporter ? 'Reporter' : 'The other side';
  const offer = message.offer;
  return (
    <MessageBubble
      mine={byReporter}
      text={offer ? `Offer of ${formatPrice(offer.amount)} by the ${offer.by} · ${offer.status}` : message.text}
      image={message.image}
      sentAt={message.sentAt}
      footer={<span className="mt-0.5 text-xs font-semibold text-stone-600">{sender}</span>}
    />
  );
}
