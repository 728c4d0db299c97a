// What the side that did not make an open offer may do with it: accept it, answer with an
// amount of their own (a counter), or decline it. Every button waits while an answer is
// on its way; a refusal (the offer lapsed, or was answered in another tab) shows here.
import { useRef, useState } from 'react';
import { newClientId } from '@/features/messages/api/conversations.ts';
import { refusalOf, useAnswerOffer, useCounterOffer, type Offer } from '@/features/messages/api/offers.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { offerMessages } from '@/features/messages/messages.messages.ts';
import { AmountForm } from './amount-form.tsx';

const look = {
  accept: 'bg-brand-700 text-white hover:bg-brand-800',
  other: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
};

export function OfferAnswers({ offer, price }: { offer: Offer; price: number | undefined }) {
  const t = useT(offerMessages);
  const answer = useAnswerOffer(offer._id);
  const counter = useCounterOffer(offer._id);
  const [countering, setCountering] = useState(false);
  // The same counter sent again after a failure is the same offer.
  const tried = useRef<{ amount: number; clientId: string } | null>(null);
  const busy = answer.isPending || counter.isPending;
  const refused = refusalOf(answer.error);

  if (countering && price !== undefined) {
    return (
      <div className="mt-2">
        <AmountForm
          label={t('yourCounter')}
          submitLabel={t('sendCounter')}
          price={price}
          busy={busy}
          refused={refusalOf(counter.error)}
          onSubmit={(amount) => {
            const clientId = tried.current?.amount === amount ? tried.current.clientId : newClientId();
            tried.current = { amount, clientId };
            counter.mutate({ amount, clientId });
          }}
          onCancel={() => {
            setCountering(false);
          }}
        />
      </div>
    );
  }
  const button = (label: string, kind: keyof typeof look, onClick: () => void) => (
    <button
      type="button"
      disabled={busy}
      onClick={onClick}
      className={`min-h-10 flex-1 rounded-xl px-3 text-sm font-semibold disabled:opacity-60 ${look[kind]}`}
    >
      {label}
    </button>
  );
  return (
    <div className="mt-2">
      <div className="flex gap-2">
        {button(answer.isPending && answer.variables === 'accept' ? t('accepting') : t('accept'), 'accept', () => {
          answer.mutate('accept');
        })}
        {price !== undefined &&
          button(t('counter'), 'other', () => {
            counter.reset();
            setCountering(true);
          })}
        {button(answer.isPending && answer.variables === 'decline' ? t('declining') : t('decline'), 'other', () => {
          answer.mutate('decline');
        })}
      </div>
      {refused && (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {refused}
        </p>
      )}
    </div>
  );
}
