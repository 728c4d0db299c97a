// One conversation (/dashboard/messages/:id): the bike at the top, the messages, and the
// box to write in. What I send shows at once ("Sending…") and stays, with a retry that
// sends the same message again, if it does not go. Reading the other side's newest
// message marks the conversation read; "Seen" shows under my last message once they
// read it. A buyer may make an offer by the box; offers show as cards (`offer-card.tsx`).
// Live events bring their messages, read marks and offers' answers without a reload.
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { isAfter } from '@/lib/live/message-events.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import {
  MESSAGES_PAGE,
  newClientId,
  useConversation,
  useLoadOlder,
  useMarkRead,
  useMessages,
  useSendMessage,
  type Conversation,
  type Message,
} from '@/features/messages/api/conversations.ts';
import { MakeOffer } from '@/features/messages/components/make-offer.tsx';
import { MessageList, type Pending } from '@/features/messages/components/message-list.tsx';
import { OfferThreadContext } from '@/features/messages/components/offer-thread.ts';
import { SendBox } from '@/features/messages/components/send-box.tsx';
import { ThreadHeader, otherSideName } from '@/features/messages/components/thread-header.tsx';

export function ThreadPage() {
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
  if (!conversation.data || !messages.data || !user) return <PageSpinner label="Loading the conversation" />;
  return (
    <OfferThreadContext value={{ conversation: conversation.data, me: user._id }}>
      <Thread conversation={conversation.data} messages={messages.data} me={user._id} />
    </OfferThreadContext>
  );
}

function Thread({ conversation, messages, me }: { conversation: Conversation; messages: Message[]; me: string }) {
  usePageTitle(conversation.productName);
  const id = conversation._id;
  const send = useSendMessage(id);
  const older = useLoadOlder(id);
  const markRead = useMarkRead(id);
  const [pending, setPending] = useState<Pending[]>([]);
  const [hasOlder, setHasOlder] = useState(messages.length >= MESSAGES_PAGE);
  const iAmBuyer = conversation.buyerId === me;
  const myMark = iAmBuyer ? conversation.buyerReadUpTo : conversation.sellerReadUpTo;
  const theirMark = iAmBuyer ? conversation.sellerReadUpTo : conversation.buyerReadUpTo;

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

  const deliver = (item: Pending) => {
    send.mutateAsync({ clientId: item.clientId, text: item.text }).then(
      () => {
        setPending((all) => all.filter((p) => p.clientId !== item.clientId));
      },
      () => {
        setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)));
      },
    );
  };
  const kept = new Set(messages.filter((m) => m.from === me).map((m) => m.clientId));

  return (
    <section
      aria-label={`Conversation about ${conversation.productName}`}
      className="flex flex-col rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 lg:h-[calc(100dvh-17rem)] lg:min-h-[28rem] lg:overflow-hidden"
    >
      <ThreadHeader conversation={conversation} otherName={otherSideName(conversation, me)} />
      <MessageList
        messages={messages}
        pending={pending.filter((p) => !kept.has(p.clientId))}
        me={me}
        seenId={seenId}
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
          setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...item, failed: false } : p)));
          deliver(item);
        }}
      />
      {/* On a phone the page scrolls and the box stays at the bottom of the screen. */}
      <div className="sticky bottom-0 space-y-2 rounded-b-2xl border-t border-stone-200 bg-white p-2 sm:p-3">
        <MakeOffer conversation={conversation} me={me} />
        <SendBox
          onSend={(text) => {
            const item = { clientId: newClientId(), text, failed: false };
            setPending((all) => [...all, item]);
            deliver(item);
          }}
        />
      </div>
    </section>
  );
}
