// "Share my number", by the send box: the seller sends the buyer the listing's phone (and
// its WhatsApp link) as a message. Only the conversation's seller is offered it.
import type { Conversation } from '@/features/messages/api/conversations.ts';
import { useShareNumber } from '@/features/messages/api/share-number.ts';
import { PhoneIcon } from '@/components/icons.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';

export function ShareNumber({ conversation, me }: { conversation: Conversation; me: string }) {
  const t = useT(threadMessages);
  const sharing = useShareNumber(conversation._id);
  if (conversation.sellerId !== me) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={sharing.isPending}
        aria-busy={sharing.isPending}
        onClick={() => {
          sharing.mutate();
        }}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-700 bg-white px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-wait disabled:opacity-70"
      >
        <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
        {sharing.isPending ? t('sharing') : t('shareMyNumber')}
      </button>
      {sharing.error && (
        <p role="alert" className="text-sm text-red-700">
          {sharing.error.message}
        </p>
      )}
    </div>
  );
}
