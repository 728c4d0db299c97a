// The inbox (/dashboard/messages): one row per conversation, the latest first, with the
// bike, the other side, when they last wrote and how many messages are unread. Live
// events move a conversation to the top as a message arrives. Messages written without a
// connection in any conversation go from here too once it is back.
import { Link } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { formatDhakaTime } from '@/utils/format-dhaka-time.ts';
import { useInbox, type Conversation } from '@/features/messages/api/conversations.ts';
import { otherSideName } from '@/features/messages/components/thread-header.tsx';
import { UnreadBadge } from '@/features/messages/components/unread-badge.tsx';
import { useSendAllWaiting } from '@/features/messages/hooks/use-outbox.ts';

export function InboxPage() {
  usePageTitle('Messages');
  const { user } = useSession();
  const me = user?._id ?? '';
  const inbox = useInbox(me);
  useSendAllWaiting(me);
  return (
    <section aria-labelledby="messages-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="messages-title" className="text-2xl font-bold text-stone-900">
          Messages
        </h2>
        <Link to="/dashboard/blocked" className="text-sm font-semibold text-brand-800 hover:underline">
          Blocked people
        </Link>
      </div>
      {inbox.isPending ? (
        <PageSpinner label="Loading your messages" />
      ) : inbox.isError ? (
        <p role="alert" className="text-red-700">
          {inbox.error.message}
        </p>
      ) : inbox.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          No messages yet. Ask a seller about a bike from its page, and the conversation shows here.
        </p>
      ) : (
        <ul aria-label="Conversations" className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {inbox.data.map((conversation) => (
            <InboxRow key={conversation._id} conversation={conversation} me={me} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InboxRow({ conversation, me }: { conversation: Conversation; me: string }) {
  const unread = conversation.unread > 0;
  const who = otherSideName(conversation, me);
  return (
    <li>
      <Link
        to={`/dashboard/messages/${encodeURIComponent(conversation._id)}`}
        aria-label={`${conversation.productName}, with ${who}${unread ? `, ${String(conversation.unread)} unread` : ''}`}
        className="flex items-center gap-3 px-3 py-3 hover:bg-stone-50 sm:px-4"
      >
        <img src={conversation.productImage} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
        <span className="min-w-0 flex-1">
          <span className={`line-clamp-2 break-words text-stone-900 ${unread ? 'font-bold' : 'font-semibold'}`}>
            {conversation.productName}
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span className="min-w-0 text-sm break-words text-stone-600">
              {who} ·{' '}
              <time dateTime={conversation.lastMessageAt} className="text-xs whitespace-nowrap text-stone-500">
                {formatDhakaTime(conversation.lastMessageAt)}
              </time>
            </span>
            {unread && <UnreadBadge count={conversation.unread} />}
          </span>
        </span>
      </Link>
    </li>
  );
}
