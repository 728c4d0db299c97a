// The payment page (docs/payments.md, 'The page'; /dashboard/stripe-payment/{id}, buyers): the
// booking's bike and total price (with the deposit and the rest in cash, when the listing
// asks a deposit), then the ways to pay as the server offers them for this booking (bKash,
// card, cash at the meet-up), and the ways it does not offer, with why. A card or bKash
// payment only holds the price, or the deposit: the money is taken at the handover, when
// the seller enters the buyer's code. Back from bKash (`?bkash=`), the page says what
// happened first. A booking that can no longer be paid (held, paid, cancelled, its bike
// sold) says so instead of offering a way to pay.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageSpinner, Spinner } from '@/components/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { Booking } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { depositOf } from '@/lib/payments/deposit.ts';
import { translate, type Values } from '@/lib/i18n/catalog.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, formatTaka, type Locale } from '@/lib/i18n/numbers.ts';
import { usePaymentIntent } from '@/features/payments/api/create-payment-intent.ts';
import { paymentBookingLoader, usePaymentBooking } from '@/features/payments/api/get-payment-booking.ts';
import { usePaymentMethods, type MethodChoice } from '@/features/payments/api/get-payment-methods.ts';
import type { Billing } from '@/features/payments/components/card-payment-provider.ts';
import { CheckoutForm } from '@/features/payments/components/checkout-form.tsx';
import { BkashOutcomeNote, useBkashOutcome } from '@/features/payments/components/bkash-outcome.tsx';
import { Held } from '@/features/payments/components/held.tsx';
import { PayMethods } from '@/features/payments/components/pay-methods.tsx';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';

export const paymentLoader = paymentBookingLoader;

const cardLook = 'rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6';

/** Why this booking cannot be paid, or null when it can: only the buyer holding the bike pays. */
function closedReason(booking: Booking, locale: Locale): string | null {
  const say = (key: keyof typeof paymentsMessages.en, values?: Values) => translate(paymentsMessages, locale, key, values);
  if (booking.status === 'held') {
    return say('alreadyHeld', {
      holder: booking.method === 'bkash' ? 'bkash' : 'card',
      deposit: depositOf(booking) ? 'yes' : 'no',
    });
  }
  if (booking.status === 'cash') return say('choseCash');
  if (booking.paid || booking.status === 'paid') return say('alreadyPaid');
  if (booking.status === 'cancelled') return say('cancelled');
  if (booking.availability === 'sold') return say('sold');
  if (booking.status === 'waiting') return say('waitingInLine');
  if (booking.status === 'declined') {
    return booking.reason ? say('declinedBecause', { reason: booking.reason }) : say('declined');
  }
  if (booking.status === 'released') {
    return booking.reason ? say('releasedBecause', { reason: booking.reason }) : say('released');
  }
  if (booking.status === 'lapsed') return say('lapsed', { hours: formatNumber(48, locale) });
  if (booking.status !== 'reserved') return say('cannotPay');
  return null;
}

/** What the server answers a buyer who is still in line, word for word. */
export const WAITING_IN_LINE = paymentsMessages.en.waitingInLine;

function BackToBookings() {
  const t = useT(paymentsMessages);
  return (
    <Link
      to="/dashboard/my-orders"
      className="mt-4 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
    >
      {t('backToOrders')}
    </Link>
  );
}

function Notice({ children }: { children: string }) {
  const t = useT(paymentsMessages);
  return (
    <div className={cardLook}>
      <p role="status" className="text-lg font-semibold text-stone-900">
        {children}
      </p>
      <p className="mt-1 text-stone-600">{t('nothingToPay')}</p>
      <BackToBookings />
    </div>
  );
}

function Checkout({
  booking,
  choice,
  billing,
  onPaid,
}: {
  booking: Booking;
  choice: MethodChoice;
  billing: Billing;
  onPaid: (id: string) => void;
}) {
  const t = useT(paymentsMessages);
  const intent = usePaymentIntent(booking, true);
  if (intent.isError) {
    // 409: paid, cancelled or sold since this page loaded.
    if (intent.error instanceof ApiError && intent.error.status === 409) return <Notice>{intent.error.message}</Notice>;
    return (
      <div className={cardLook}>
        <p role="alert" className="text-red-700">
          {intent.error.message}
        </p>
      </div>
    );
  }
  return (
    <div className={cardLook}>
      <h3 className="mb-4 text-lg font-semibold text-stone-900">{t('cardDetails')}</h3>
      <CheckoutForm booking={booking} choice={choice} intent={intent.data} billing={billing} onPaid={onPaid} />
    </div>
  );
}

/** A card payment just recorded: its id, and the card as it was offered (what it holds). */
interface Paid {
  transactionId: string;
  choice: MethodChoice;
}

/** The server's offer of ways to pay, while it loads, or why it could not be read. */
function Methods({ booking, billing, onPaid }: { booking: Booking; billing: Billing; onPaid: (paid: Paid) => void }) {
  const t = useT(paymentsMessages);
  const methods = usePaymentMethods(booking._id);
  if (methods.isPending) {
    return (
      <div className={`${cardLook} flex items-center gap-3 text-stone-600`}>
        <Spinner label={t('loadingWays')} />
        <span>{t('loadingWaysNow')}</span>
      </div>
    );
  }
  if (methods.isError) {
    // 409: paid, cancelled or sold since this page loaded.
    if (methods.error instanceof ApiError && methods.error.status === 409) return <Notice>{methods.error.message}</Notice>;
    return (
      <p role="alert" className={`${cardLook} text-red-700`}>
        {methods.error.message}
      </p>
    );
  }
  return (
    <PayMethods
      booking={booking}
      offer={methods.data}
      card={(choice) => (
        <Checkout
          booking={booking}
          choice={choice}
          billing={billing}
          onPaid={(transactionId) => {
            onPaid({ transactionId, choice });
          }}
        />
      )}
    />
  );
}

/** The booking's price, and with a deposit, what is held to reserve and what is paid in cash. */
function PriceLines({ booking }: { booking: Booking }) {
  const t = useT(paymentsMessages);
  const { locale } = useLanguage();
  const split = depositOf(booking);
  return (
    <dl className="mt-3 border-t border-stone-200 pt-3">
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-stone-700">{t('totalPrice')}</dt>
        <dd className="text-2xl font-bold text-brand-800 tabular-nums">{formatTaka(booking.price, locale)}</dd>
      </div>
      {split && (
        <>
          <div data-testid="deposit-now" className="mt-2 flex items-baseline justify-between gap-3 text-sm">
            <dt className="text-stone-700">{t('depositToReserve')}</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">{formatTaka(split.deposit, locale)}</dd>
          </div>
          <div data-testid="deposit-rest" className="mt-1 flex items-baseline justify-between gap-3 text-sm">
            <dt className="text-stone-700">{t('inCashAtMeetUp')}</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">{formatTaka(split.inCash, locale)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

export function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const booking = usePaymentBooking(id);
  const [paid, setPaid] = useState<Paid | null>(null);
  const outcome = useBkashOutcome();
  const t = useT(paymentsMessages);
  const { locale } = useLanguage();

  if (booking.isPending) return <PageSpinner label={t('loadingOrder')} />;

  return (
    <section aria-labelledby="payment-title" className="max-w-5xl">
      <h2 id="payment-title" className="text-2xl font-bold text-stone-900">
        {t('title')}
      </h2>
      {booking.isError ? (
        <p role="alert" className={`${cardLook} mt-4 text-red-700`}>
          {booking.error.message}
        </p>
      ) : (
        <div className="mt-4 grid grid-cols-1 items-start gap-6 md:grid-cols-2">
          <div className={cardLook}>
            <img
              src={booking.data.productImage}
              alt=""
              width={640}
              height={400}
              className="aspect-[8/5] w-full rounded-xl bg-stone-100 object-cover"
            />
            <p className="mt-4 text-sm text-stone-600">
              {!paid
                ? t('payingFor')
                : paid.choice.atHandover > 0
                  ? t('cardHoldsDepositOn')
                  : t('cardHoldsPriceOf')}
            </p>
            <p className="text-xl font-bold text-stone-900">{booking.data.productName}</p>
            <PriceLines booking={booking.data} />
          </div>
          {paid ? (
            <Held transactionId={paid.transactionId} booking={booking.data} choice={paid.choice} />
          ) : closedReason(booking.data, locale) ? (
            <Notice>{closedReason(booking.data, locale) ?? ''}</Notice>
          ) : user ? (
            <div className="flex flex-col gap-4">
              {outcome && <BkashOutcomeNote outcome={outcome} />}
              <Methods booking={booking.data} billing={{ name: user.name, email: user.email }} onPaid={setPaid} />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
