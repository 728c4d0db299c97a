// A message of mine the server has not kept yet: "Sending…", "Waiting for connection"
// while the browser is offline, or "Not sent — Retry" (with the server's reason) when it
// was refused, which may also be removed.
import { useT } from '@/lib/i18n/language-context.ts';
import type { Pending } from '@/features/messages/hooks/use-outbox.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';
import { MessageBubble } from './message-bubble.tsx';

export function PendingMessage({
  item,
  onRetry,
  onDiscard,
}: {
  item: Pending;
  onRetry: (item: Pending) => void;
  onDiscard: (item: Pending) => void;
}) {
  const t = useT(threadMessages);
  return (
    <MessageBubble
      mine
      text={item.text}
      image={item.image}
      footer={
        item.state === 'failed' ? (
          <span className="mt-0.5 flex flex-col items-end text-xs">
            {item.error && <span className="text-red-700">{item.error}</span>}
            <button
              type="button"
              onClick={() => {
                onRetry(item);
              }}
              className="font-semibold text-red-700 hover:underline"
            >
              {t('notSentRetry')}
            </button>
            <button
              type="button"
              onClick={() => {
                onDiscard(item);
              }}
              className="text-stone-600 hover:underline"
            >
              {t('remove')}
            </button>
          </span>
        ) : item.state === 'waiting' ? (
          <span className="mt-0.5 text-xs font-medium text-amber-800">{t('waitingForConnection')}</span>
        ) : (
          <span className="mt-0.5 text-xs text-stone-500">{t('sending')}</span>
        )
      }
    />
  );
}
