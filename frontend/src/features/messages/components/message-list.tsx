// A conversation's messages, oldest at the top and the newest at the bottom, then the
// ones still on their way ("Sending…") or not sent ("Not sent — Retry"). The list keeps
// its newest message in view as messages arrive.
import { useEffect, useRef } from 'react';
import type { Message } from '@/features/messages/api/conversations.ts';
import { MessageBubble, SentMessage } from './message-bubble.tsx';

/** A message the reader sent that the server has not kept yet. */
export interface Pending {
  clientId: string;
  text: string;
  failed: boolean;
}

interface MessageListProps {
  messages: readonly Message[];
  pending: readonly Pending[];
  me: string;
  /** The id of my message the other side has read up to, if any: "Seen" goes under it. */
  seenId: string | null;
  onRetry: (pending: Pending) => void;
  /** Offered while older messages may exist. */
  onLoadOlder?: (() => void) | undefined;
  loadingOlder: boolean;
}

export function MessageList({ messages, pending, me, seenId, onRetry, onLoadOlder, loadingOlder }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  const newest = pending.at(-1)?.clientId ?? messages.at(-1)?._id;
  useEffect(() => {
    // Not every browser engine scrolls an element into view (jsdom does not).
    const bottom: Partial<HTMLElement> | null = end.current;
    bottom?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  return (
    <div className="min-h-[50vh] bg-stone-50 px-3 py-3 sm:px-4 lg:min-h-0 lg:flex-1 lg:overflow-y-auto">
      {onLoadOlder && (
        <div className="mb-3 text-center">
          <button
            type="button"
            disabled={loadingOlder}
            onClick={onLoadOlder}
            className="rounded-full border border-stone-300 bg-white px-3 py-1 text-sm font-semibold text-stone-700 hover:bg-stone-100 disabled:opacity-60"
          >
            {loadingOlder ? 'Loading…' : 'Load older messages'}
          </button>
        </div>
      )}
      {messages.length === 0 && pending.length === 0 && (
        <p className="py-8 text-center text-sm text-stone-500">No messages yet. Say hello and ask about the bike.</p>
      )}
      <ol aria-label="Messages" className="flex flex-col gap-2">
        {messages.map((message) => (
          <SentMessage key={message._id} message={message} mine={message.from === me} seen={message._id === seenId} />
        ))}
        {pending.map((item) => (
          <MessageBubble
            key={item.clientId}
            mine
            text={item.text}
            footer={
              item.failed ? (
                <button
                  type="button"
                  onClick={() => {
                    onRetry(item);
                  }}
                  className="mt-0.5 text-xs font-semibold text-red-700 hover:underline"
                >
                  Not sent — Retry
                </button>
              ) : (
                <span className="mt-0.5 text-xs text-stone-500">Sending…</span>
              )
            }
          />
        ))}
      </ol>
      <div ref={end} />
    </div>
  );
}
