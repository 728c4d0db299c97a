// The ways to pay a reserved bike, as the server offers them for this booking: each way
// offered is a choice with one honest line of what happens to the money and how much;
// each way not offered is said in one muted line with the server's reason, so a buyer
// knows why it is missing. When none is offered, the page says so plainly.
import type { ReactNode } from 'react';
import type { Booking } from '@/lib/api/types.ts';
import { sayReason } from '@/lib/api-client.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { CashButton } from '@/lib/payments/cash-button.tsx';
import type { Method, MethodChoice, MethodsOffer } from '@/features/payments/api/get-payment-methods.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';
import { BkashOption } from './bkash-option.tsx';
import { MethodNote } from './method-note.tsx';

const cardLook = 'rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6';

const TITLES = { bkash: 'methodBkash', card: 'methodCard', cash: 'methodCash' } as const satisfies Record<
  Method,
  keyof typeof paymentsMessages.en
>;

/** bKash first (most buyers here have a wallet), then the card, then cash. */
const ORDER: readonly Method[] = ['bkash', 'card', 'cash'];

function Option({ method, children }: { method: Method; children: ReactNode }) {
  const t = useT(paymentsMessages);
  return (
    <section aria-labelledby={`pay-${method}`} data-testid={`pay-${method}`} className={cardLook}>
      <h3 id={`pay-${method}`} className="mb-3 text-lg font-semibold text-stone-900">
        {t(TITLES[method])}
      </h3>
      {children}
    </section>
  );
}

/** A way not offered for this booking: its name and why, muted. */
function NotOffered({ method, choice }: { method: Method; choice: MethodChoice }) {
  const t = useT(paymentsMessages);
  const { locale } = useLanguage();
  return (
    <div
      data-testid={`pay-${method}-not-offered`}
      className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-600 ring-1 ring-stone-200"
    >
      <p>
        <strong className="font-semibold text-stone-800">{t('notOfferedName', { method: t(TITLES[method]) })}</strong>
        {choice.reason === undefined ? t('notOffered') : sayReason(locale, choice.reasonCode, choice.reason)}
      </p>
    </div>
  );
}

/**
 * The offered ways, then the ones not offered with their reasons. `card` makes the card
 * form for the card's choice (the page's own, since it needs the buyer's name).
 */
export function PayMethods({
  booking,
  offer,
  card,
}: {
  booking: Booking;
  offer: MethodsOffer;
  card: (choice: MethodChoice) => ReactNode;
}) {
  const t = useT(paymentsMessages);
  const choices = ORDER.flatMap((method) =>
    offer.methods.filter((choice) => choice.method === method).map((choice) => ({ method, choice })),
  );
  const offered = choices.filter(({ choice }) => choice.offered);
  const notOffered = choices.filter(({ choice }) => !choice.offered);
  return (
    <div className="flex flex-col gap-4">
      {offered.length === 0 && (
        <div className={cardLook}>
          <p role="status" className="text-lg font-semibold text-stone-900">
            {t('nothingOffered')}
          </p>
          <p className="mt-1 text-stone-600">{t('talkToSeller')}</p>
        </div>
      )}
      {offered.map(({ method, choice }) => {
        if (method === 'bkash') {
          return (
            <Option key={method} method="bkash">
              <BkashOption booking={booking} choice={choice} />
            </Option>
          );
        }
        if (method === 'card') return <div key={method}>{card(choice)}</div>;
        return (
          <Option key={method} method="cash">
            <div className="space-y-3">
              <p className="text-sm text-stone-700">{t('cashLine')}</p>
              <MethodNote choice={choice} />
              <CashButton booking={booking} onPage />
            </div>
          </Option>
        );
      })}
      {notOffered.map(({ method, choice }) => (
        <NotOffered key={method} method={method} choice={choice} />
      ))}
    </div>
  );
}
