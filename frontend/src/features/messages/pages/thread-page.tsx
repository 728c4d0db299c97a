// One conversation (/dashboard/messages/:id): the bike at the top, the messages, and the
// box to write in. What I send shows at once ("Sending…"), waits for the connection
// when there is none (and outlives a reload), and stays with a retry if it is refused.
// Reading the other side's newest message marks the conversation read; "Seen" shows
// under my last message once they read it. Live events bring their messages, read
// marks, typing, blocking and offers' answers without a reload. A buyer may make an
// offer by the box; offers show as cards (`offer-card.tsx`).
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { isAfter } from '@/lib/live/record-ids.ts';
import { blockedIn } from '@/lib/live/safety-events.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';
import {
  MESSAGES_PAGE,
  useConversation,
  useLoadOlder,
  useMarkRead,
  useMessages,
  type Conversation,
  type Message,
} from '@/features/messages/api/conversations.ts';
import { ConversationMenu } from '@/features/messages/components/conversation-menu.tsx';
import { ShareNumber } from '@/features/messages/components/share-number.tsx';
import { MakeOffer } from '@/features/messages/components/make-offer.tsx';
import { MessageList } from '@/features/messages/components/message-list.tsx';
import { OfferThreadContext } from '@/features/messages/components/offer-thread.ts';
import { ThreadFooter } from '@/features/messages/components/thread-footer.tsx';
import { ConfirmEmailFirst } from '@/components/confirm-email-first.tsx';
import { ThreadHeader, otherSideName } from '@/features/messages/components/thread-header.tsx';
import { useDeleteForMe } from '@/features/messages/hooks/use-delete-for-me.ts';
import { useOutbox } from '@/features/messages/hooks/use-outbox.ts';
import { useTyping } from '@/features/messages/hooks/use-typing.ts';

export function ThreadPage() {
  const t = useT(threadMessages);
  const { id = '' } = useParams();
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const { user } = useSession();
  if (conversation.isError || messages.isError) {
    return (
      <p role="alert" className="text-red-700">
        {(conversation.error ?? messages.error)?.message}
      </p>
    );
  }
  if (!conversation.data || !messages.data || !user) return <PageSpinner label={t('loadingConversation')} />;
  return (
    <OfferThreadContext value={{ conversation: conversation.data, me: user._id }}>
      <Thread
        conversation={conversation.data}
        messages={messages.data}
        me={user._id}
        unconfirmedEmail={user.emailVerified ? null : user.email}
      />
    </OfferThreadContext>
  );
}

/**
 * `unconfirmedEmail`: the reader's address while it is not proven; they read the thread,
 * and are asked to open the link mailed to it in the place where they would write.
 */
function Thread({
  conversation,
  messages,
  me,
  unconfirmedEmail,
}: {
  conversation: Conversation;
  messages: Message[];
  me: string;
  unconfirmedEmail: string | null;
}) {
  const t = useT(threadMessages);
  const { locale } = useLanguage();
  usePageTitle(conversation.productName);
  const id = conversation._id;
  const older = useLoadOlder(id);
  const markRead = useMarkRead(id);
  const outbox = useOutbox(me, id);
  const otherName = otherSideName(conversation, me, locale);
  const deleteForMe = useDeleteForMe(id, otherName);
  const [hasOlder, setHasOlder] = useState(messages.length >= MESSAGES_PAGE);
  const iAmBuyer = conversation.buyerId === me;
  const myMark = iAmBuyer ? conversation.buyerReadUpTo : conversation.sellerReadUpTo;
  const theirMark = iAmBuyer ? conversation.sellerReadUpTo : conversation.buyerReadUpTo;
  const blocked = blockedIn(conversation, me);
  const typing = useTyping(id, me, messages.findLast((m) => m.from !== me)?._id);

  // Reading their newest message marks it read, once per message.
  const last = messages.at(-1);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!last || last.from === me || !isAfter(last._id, myMark) || asked.current === last._id) return;
    asked.current = last._id;
    markRead.mutate(last._id);
  }, [last, me, myMark, markRead]);

  const myLast = messages.findLast((m) => m.from === me);
  const seenId = myLast && !isAfter(myLast._id, theirMark) ? myLast._id : null;
  const kept = new Set(messages.filter((m) => m.from === me).map((m) => m.clientId));

  return (
    <section
      aria-label={t('conversationAbout', { name: conversation.productName })}
      className="flex flex-col rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 lg:h-[calc(100dvh-17rem)] lg:min-h-[28rem] lg:overflow-hidden"
    >
      <ThreadHeader conversation={conversation} otherName={otherName}>
        <ConversationMenu
          conversationId={id}
          otherId={iAmBuyer ? conversation.sellerId : conversation.buyerId}
          otherName={otherName}
          blocked={blocked}
        />
      </ThreadHeader>
      <MessageList
        messages={messages}
        pending={outbox.pending.filter((p) => !kept.has(p.clientId))}
        me={me}
        seenId={seenId}
        typing={typing.typing && !blocked ? t('typing', { name: otherName }) : null}
        loadingOlder={older.isPending}
        onLoadOlder={
          hasOlder && messages[0]
            ? () => {
                older.mutate(messages[0]?._id ?? '', {
                  onSuccess: (page) => {
                    setHasOlder(page.length >= MESSAGES_PAGE);
                  },
                });
              }
            : undefined
        }
        onRetry={(item) => {
          outbox.retry(item.clientId);
        }}
        onDiscard={(item) => {
          outbox.discard(item.clientId);
        }}
        onHide={(message) => void deleteForMe.ask(message)}
      />
      {unconfirmedEmail !== null ? (
        <div className="border-t border-stone-200 p-3">
          <ConfirmEmailFirst email={unconfirmedEmail} act="reply" />
        </div>
      ) : (
        <ThreadFooter
          blocked={blocked}
          otherName={otherName}
          onSend={(text) => {
            outbox.send({ text });
          }}
          onSendPhoto={(image) => {
            outbox.send({ image });
          }}
          onTyping={typing.signal}
        >
          <MakeOffer conversation={conversation} me={me} />
          <ShareNumber conversation={conversation} me={me} />
        </ThreadFooter>
      )}
      {deleteForMe.dialog}
    </section>
  );
}
