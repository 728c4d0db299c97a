// What the payment page shows once the buyer's card holds the price, or the listing's
// deposit: how much is held, that nothing is taken until the handover, what is left to pay
// in cash there, whom to meet, and the way to My Orders, where the handover code is.
import { Link } from 'react-router';
import type { Booking } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka } from '@/lib/i18n/numbers.ts';
import type { MethodChoice } from '@/features/payments/api/get-payment-methods.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';
import { around, SPOT } from '@/features/payments/utils/around.ts';

/** Between two sentences, in either language. */
const SPACE = ' ';

/** What the buyer does next: meet the seller, check the bike, then show the handover code. */
function NextStep({ booking }: { booking: Booking }) {
  const t = useT(paymentsMessages);
  const [callBefore, callAfter] = around(t('callThem', { phone: SPOT }));
  return (
    <div className="mt-4 rounded-xl bg-brand-50 p-4 text-stone-800 ring-1 ring-brand-100">
      <p className="font-semibold text-stone-900">{t('nextStep')}</p>
      <p className="mt-1 text-sm">
        {t('willMeet', { seller: booking.sellerName, place: booking.meetingLocation })}
        {booking.sellerPhone && (
          <>
            {SPACE}
            {callBefore}
            <a
              href={`tel:${booking.sellerPhone.replace(/[^\d+]/g, '')}`}
              className="font-semibold whitespace-nowrap text-brand-800 hover:underline"
            >
              {booking.sellerPhone}
            </a>
            {callAfter}
          </>
        )}{SPACE}
        {t('codeInOrders')}
      </p>
    </div>
  );
}

export function Held({
  transactionId,
  booking,
  choice,
}: {
  transactionId: string;
  booking: Booking;
  /** The card as it was offered: what it now holds, and what is left for cash. */
  choice: Pick<MethodChoice, 'hold' | 'atHandover'>;
}) {
  const t = useT(paymentsMessages);
  const { locale } = useLanguage();
  return (
    <div className={`rounded-2xl bg-white p-5 ring-1 ring-brand-200 sm:p-6`}>
      <p role="status" className="text-stone-800">
        <strong className="block text-lg font-semibold text-brand-800">
          {t('cardHolds', { amount: formatTaka(choice.hold, locale) })}
        </strong>{SPACE}
        {t('nothingTakenYet')}
      </p>
      {choice.atHandover > 0 && (
        <p className="mt-2 font-semibold text-stone-900">
          {t('bringRest', { amount: formatTaka(choice.atHandover, locale) })}
        </p>
      )}
      <p className="mt-2 text-sm text-stone-600">
        {t('ifCalledOff')}{SPACE}
        <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-sm break-all text-stone-900">
          {transactionId}
        </code>
      </p>
      <NextStep booking={booking} />
      <Link
        to="/dashboard/my-orders"
        className="mt-4 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {t('goToOrders')}
      </Link>
    </div>
  );
}
