// What the payment page shows once the buyer's card holds the price, or the listing's
// deposit: how much is held, that nothing is taken until the handover, what is left to pay
// in cash there, whom to meet, and the way to My Orders, where the handover code is.
import { Link } from 'react-router';
import type { Booking } from '@/lib/api/types.ts';
import { formatPrice } from '@/utils/format-price.ts';
import type { MethodChoice } from '@/features/payments/api/get-payment-methods.ts';

/** What the buyer does next: meet the seller, check the bike, then show the handover code. */
function NextStep({ booking }: { booking: Booking }) {
  return (
    <div className="mt-4 rounded-xl bg-brand-50 p-4 text-stone-800 ring-1 ring-brand-100">
      <p className="font-semibold text-stone-900">Next: meet the seller and check the bike</p>
      <p className="mt-1 text-sm">
        {booking.sellerName} will meet you at {booking.meetingLocation}.
        {booking.sellerPhone && (
          <>
            {' Call them on '}
            <a
              href={`tel:${booking.sellerPhone.replace(/[^\d+]/g, '')}`}
              className="font-semibold whitespace-nowrap text-brand-800 hover:underline"
            >
              {booking.sellerPhone}
            </a>
            {' to agree on a time.'}
          </>
        )}
        {' Your handover code is in My Orders.'}
      </p>
    </div>
  );
}

/** The card now holds the price: nothing is taken until the buyer shows their code at the meet-up. */
export const NOTHING_TAKEN_YET =
  'Nothing is taken until you meet the seller, check the bike and its papers, and show your handover code.';

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
  return (
    <div className={`rounded-2xl bg-white p-5 ring-1 ring-brand-200 sm:p-6`}>
      <p role="status" className="text-stone-800">
        <strong className="block text-lg font-semibold text-brand-800">Your card holds {formatPrice(choice.hold)}.</strong>{' '}
        {NOTHING_TAKEN_YET}
      </p>
      {choice.atHandover > 0 && (
        <p className="mt-2 font-semibold text-stone-900">
          Bring the rest, {formatPrice(choice.atHandover)}, in cash to the meet-up.
        </p>
      )}
      <p className="mt-2 text-sm text-stone-600">
        If the deal is called off, the hold is released and nothing is charged. Your transaction id:{' '}
        <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-sm break-all text-stone-900">
          {transactionId}
        </code>
      </p>
      <NextStep booking={booking} />
      <Link
        to="/dashboard/my-orders"
        className="mt-4 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Go to My Orders
      </Link>
    </div>
  );
}
