// "Make an offer", by the send box: a buyer on a negotiable listing offers an amount below
// the asking price; offering again replaces their open offer. Not offered on a fixed
// price, to the seller (who counters), or while an accepted offer of theirs holds.
import { useRef, useState } from 'react';
import { newClientId, type Conversation } from '@/features/messages/api/conversations.ts';
import { refusalOf, useMakeOffer } from '@/features/messages/api/offers.ts';
import { isHolding } from '@/lib/live/offer-events.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { offerMessages } from '@/features/messages/messages.messages.ts';
import { AmountForm } from './amount-form.tsx';

/** Whether the reader may offer: the buyer, on a negotiable listing, while no accepted offer of theirs holds. */
export function mayOffer(conversation: Conversation, me: string): boolean {
  const { offer, negotiable } = conversation;
  const accepted = offer?.status === 'accepted' && isHolding(offer);
  return conversation.buyerId === me && negotiable && !accepted;
}

export function MakeOffer({ conversation, me }: { conversation: Conversation; me: string }) {
  const t = useT(offerMessages);
  const [open, setOpen] = useState(false);
  const making = useMakeOffer(conversation._id);
  // The same amount sent again after a failure is the same offer.
  const tried = useRef<{ amount: number; clientId: string } | null>(null);
  if (!mayOffer(conversation, me)) return null;

  if (!open) {
    return (
      <button
        type="button"
        aria-expanded={false}
        onClick={() => {
          making.reset();
          setOpen(true);
        }}
        className="min-h-9 rounded-full border border-brand-700 bg-white px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        {t('makeAnOffer')}
      </button>
    );
  }
  return (
    <section aria-label={t('makeAnOffer')} className="rounded-xl bg-stone-50 p-2.5 ring-1 ring-stone-200">
      <AmountForm
        label={t('yourOffer')}
        submitLabel={t('sendOffer')}
        price={conversation.price}
        busy={making.isPending}
        refused={refusalOf(making.error)}
        onSubmit={(amount) => {
          const clientId = tried.current?.amount === amount ? tried.current.clientId : newClientId();
          tried.current = { amount, clientId };
          making.mutate(
            { amount, clientId },
            {
              onSuccess: () => {
                tried.current = null;
                setOpen(false);
              },
            },
          );
        }}
        onCancel={() => {
          setOpen(false);
        }}
      />
    </section>
  );
}
