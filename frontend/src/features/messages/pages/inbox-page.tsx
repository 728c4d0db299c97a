// The inbox (/dashboard/messages): one row per conversation, the latest first, with the
// bike, the other side, when they last wrote, how many messages are unread and where the
// latest offer stands. `?bike=<listing id>` shows one bike's conversations only (a
// seller's "Messages" of a bike), named above them, with the way back to all of them.
// Live events move a conversation to the top as a message arrives. Messages written
// without a connection in any conversation go from here too once it is back.
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { UnreadBadge } from '@/components/unread-badge.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useNow } from '@/lib/deal-status.ts';
import { isHolding } from '@/lib/live/offer-events.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { inboxMessages } from '@/features/messages/messages.messages.ts';
import { useConversationsAbout, useInbox, type Conversation } from '@/features/messages/api/conversations.ts';
import { offerSummary } from '@/features/messages/components/offer-card.tsx';
import { otherSideName } from '@/features/messages/components/thread-header.tsx';
import { useSendAllWaiting } from '@/features/messages/hooks/use-outbox.ts';

/** Between the other side's name and the time: the same in both languages. */
const DOT = ' · ';

/** Router state a bike's "Messages" link sets: the bike's name, for a bike nobody asked about yet. */
interface BikeState {
  bikeName?: string;
}

export function InboxPage() {
  const t = useT(inboxMessages);
  usePageTitle(t('messages'));
  const { user } = useSession();
  const me = user?._id ?? '';
  const bike = useSearchParams()[0].get('bike') ?? '';
  const all = useInbox(me);
  const about = useConversationsAbout(me, bike);
  const inbox = bike === '' ? all : about;
  const state = useLocation().state as BikeState | null;
  // Every row's "lapses in 3h" counts down while the page is open.
  const now = useNow();
  useSendAllWaiting(me);
  return (
    <section aria-labelledby="messages-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="messages-title" className="text-2xl font-bold text-stone-900">
          {t('messages')}
        </h2>
        <Link to="/dashboard/blocked" className="text-sm font-semibold text-brand-800 hover:underline">
          {t('blockedPeople')}
        </Link>
      </div>
      {bike !== '' && (
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className="text-lg font-semibold text-stone-900">
            {t('aboutBike', { name: inbox.data?.[0]?.productName ?? state?.bikeName ?? t('thisBike') })}
          </h3>
          <Link to="/dashboard/messages" className="text-sm font-semibold text-brand-800 hover:underline">
            {t('showAll')}
          </Link>
        </div>
      )}
      {inbox.isPending ? (
        <PageSpinner label={t('loadingMessages')} />
      ) : inbox.isError ? (
        <p role="alert" className="text-red-700">
          {inbox.error.message}
        </p>
      ) : inbox.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          {bike === ''
            ? t('noMessages')
            : t('nobodyAsked')}
        </p>
      ) : (
        <ul aria-label={t('conversations')} className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {inbox.data.map((conversation) => (
            <InboxRow key={conversation._id} conversation={conversation} me={me} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InboxRow({ conversation, me, now }: { conversation: Conversation; me: string; now: number }) {
  const t = useT(inboxMessages);
  const { locale } = useLanguage();
  const unread = conversation.unread > 0;
  const who = otherSideName(conversation, me, locale);
  const { offer } = conversation;
  const offerMine = offer && (offer.by === 'buyer' ? conversation.buyerId : conversation.sellerId) === me;
  return (
    <li>
      <Link
        to={`/dashboard/messages/${encodeURIComponent(conversation._id)}`}
        aria-label={
          unread
            ? t('rowUnread', {
                bike: conversation.productName,
                name: who,
                unread: localDigits(String(conversation.unread), locale),
              })
            : t('row', { bike: conversation.productName, name: who })
        }
        className="flex items-center gap-3 px-3 py-3 hover:bg-stone-50 sm:px-4"
      >
        <img src={conversation.productImage} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
        <span className="min-w-0 flex-1">
          <span className={`line-clamp-2 break-words text-stone-900 ${unread ? 'font-bold' : 'font-semibold'}`}>
            {conversation.productName}
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span className="min-w-0 text-sm break-words text-stone-600">
              {who}
              {DOT}
              <time dateTime={conversation.lastMessageAt} className="text-xs whitespace-nowrap text-stone-500">
                {dhakaTime(conversation.lastMessageAt, locale)}
              </time>
            </span>
            {unread && <UnreadBadge count={conversation.unread} />}
          </span>
          {offer && (
            <span
              data-testid="inbox-offer"
              className={`mt-0.5 block text-sm font-medium break-words ${isHolding(offer, now) ? 'text-brand-800' : 'text-stone-500'}`}
            >
              {offerSummary(offer, offerMine === true, now, locale)}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
