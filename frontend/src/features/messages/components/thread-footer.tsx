// The bottom of a conversation: the send box, or, once either side has blocked the
// other, a line saying why nothing can be written (nor offered).
import type { ReactNode } from 'react';
import type { Blocked } from '@/lib/live/safety-events.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';
import { SendBox } from './send-box.tsx';

export function ThreadFooter({
  blocked,
  otherName,
  onSend,
  onSendPhoto,
  onTyping,
  children,
}: {
  blocked: Blocked;
  otherName: string;
  onSend: (text: string) => void;
  onSendPhoto: (image: string) => void;
  onTyping: () => void;
  /** Above the box: what else may be sent ("Make an offer"). */
  children?: ReactNode;
}) {
  const t = useT(threadMessages);
  return (
    // On a phone the page scrolls and the box stays at the bottom of the screen.
    <div className="sticky bottom-0 space-y-2 rounded-b-2xl border-t border-stone-200 bg-white p-2 sm:p-3">
      {blocked ? (
        <p role="status" className="rounded-xl bg-stone-100 px-3 py-3 text-center text-sm text-stone-700">
          {blocked === 'byMe' ? t('youBlockedUnblock', { name: otherName }) : t('cantReply')}
        </p>
      ) : (
        <>
          {children}
          <SendBox onSend={onSend} onSendPhoto={onSendPhoto} onTyping={onTyping} />
        </>
      )}
    </div>
  );
}
