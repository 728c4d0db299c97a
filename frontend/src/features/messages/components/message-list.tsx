// A conversation's messages, oldest at the top and the newest at the bottom, then the
// ones still on their way ("Sending…", "Waiting for connection") or not sent ("Not sent —
// Retry"), and whether the other side is typing. The list keeps its newest message in
// view as messages arrive.
import { useEffect, useRef } from 'react';
import type { Message } from '@/features/messages/api/conversations.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import type { Pending } from '@/features/messages/hooks/use-outbox.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';
import { SentMessage } from './message-bubble.tsx';
import { bothHaveWritten } from './message-text.tsx';
import { PendingMessage } from './pending-message.tsx';

interface MessageListProps {
  messages: readonly Message[];
  pending: readonly Pending[];
  me: string;
  /** The id of my message the other side has read up to, if any: "Seen" goes under it. */
  seenId: string | null;
  onRetry: (pending: Pending) => void;
  /** A refused message its writer no longer wants sent. */
  onDiscard: (pending: Pending) => void;
  /** "Delete for me" on a message. */
  onHide: (message: Message) => void;
  /** "Rahim is typing…", while they are. */
  typing?: string | null;
  /** Offered while older messages may exist. */
  onLoadOlder?: (() => void) | undefined;
  loadingOlder: boolean;
}

export function MessageList(props: MessageListProps) {
  const t = useT(threadMessages);
  const { messages, pending, me, seenId, onRetry, onDiscard, onHide, typing, onLoadOlder, loadingOlder } = props;
  const end = useRef<HTMLDivElement>(null);
  const newest = pending.at(-1)?.clientId ?? messages.at(-1)?._id;
  useEffect(() => {
    // Not every browser engine scrolls an element into view (jsdom does not).
    const bottom: Partial<HTMLElement> | null = end.current;
    bottom?.scrollIntoView?.({ block: 'end' });
  }, [newest, typing]);
  // The newest message's photo takes its height once it has loaded: keep it in view.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const shown = box.current;
    const loaded = (event: Event) => {
      const newestItem = shown?.querySelector('ol > li:last-child');
      const bottom: Partial<HTMLElement> | null = end.current;
      if (event.target instanceof Node && newestItem?.contains(event.target)) bottom?.scrollIntoView?.({ block: 'end' });
    };
    shown?.addEventListener('load', loaded, true);
    return () => {
      shown?.removeEventListener('load', loaded, true);
    };
  }, []);
  const linksLive = bothHaveWritten(messages, me);

  return (
    <div ref={box} className="min-h-[50vh] bg-stone-50 px-3 py-3 sm:px-4 lg:min-h-0 lg:flex-1 lg:overflow-y-auto">
      {onLoadOlder && (
        <div className="mb-3 text-center">
          <button
            type="button"
            disabled={loadingOlder}
            onClick={onLoadOlder}
            className="rounded-full border border-stone-300 bg-white px-3 py-1 text-sm font-semibold text-stone-700 hover:bg-stone-100 disabled:opacity-60"
          >
            {loadingOlder ? t('loading') : t('loadOlder')}
          </button>
        </div>
      )}
      {messages.length === 0 && pending.length === 0 && (
        <p className="py-8 text-center text-sm text-stone-500">{t('noMessagesYet')}</p>
      )}
      <ol aria-label={t('messages')} className="flex flex-col gap-2">
        {messages.map((message) => (
          <SentMessage
            key={message._id}
            message={message}
            mine={message.from === me}
            seen={message._id === seenId}
            linksLive={linksLive}
            onHide={onHide}
          />
        ))}
        {pending.map((item) => (
          <PendingMessage key={item.clientId} item={item} onRetry={onRetry} onDiscard={onDiscard} />
        ))}
      </ol>
      <p aria-live="polite" className="mt-2 min-h-5 text-sm text-stone-500 italic">
        {typing}
      </p>
      {/* On a phone the send box stays over the bottom of the page: the newest message stops above it. */}
      <div ref={end} className="scroll-mb-40 lg:scroll-mb-0" />
    </div>
  );
}
