// An offer in the conversation, as a card in its place among the messages: the amount,
// whose it is, and where it stands ("Waiting for an answer · lapses in 47h", "Accepted",
// "Countered"...), the hours left counting down while the page is open. The side that did not make an open offer answers it here; a buyer
// whose offer was accepted books the bike at it from here.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useNow } from '@/lib/deal-status.ts';
import { isHolding, type Offer, type OfferStatus } from '@/lib/live/offer-events.ts';
import { formatDhakaTime } from '@/utils/format-dhaka-time.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { OfferAnswers } from './offer-answers.tsx';
import { useOfferThread } from './offer-thread.ts';

const ENDED: Readonly<Record<Exclude<OfferStatus, 'open'>, string>> = {
  accepted: 'Accepted',
  declined: 'Declined',
  countered: 'Countered',
  replaced: 'Replaced by a newer offer',
  booked: 'Booked',
  lapsed: 'Lapsed',
};

/** "47h", or minutes in the last hour: how long until `iso`. */
function timeLeft(iso: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.floor((Date.parse(iso) - now) / 60_000));
  return minutes >= 60 ? `${String(Math.floor(minutes / 60))}h` : `${String(minutes)}m`;
}

/** Where the offer stands, in words; one that outlived its time reads lapsed before the server marks it. */
export function offerStatusLine(offer: Offer, now = Date.now()): string {
  const live = offer.status === 'open' || offer.status === 'accepted';
  if (live && !isHolding(offer, now)) return ENDED.lapsed;
  if (offer.status === 'open') return `Waiting for an answer · lapses in ${timeLeft(offer.expiresAt, now)}`;
  return endedWord(offer.status);
}

/** "Accepted", "Declined"...: a state other than open, in words. */
function endedWord(status: string): string {
  return Object.hasOwn(ENDED, status) ? ENDED[status as keyof typeof ENDED] : status;
}

/**
 * An inbox row's word on its conversation's latest offer, for the reader (`mine`: they
 * made it): "Offer ৳1,45,000 · waiting for you · lapses in 47h", "Your offer ৳1,45,000 ·
 * waiting for an answer · lapses in 47h", "Accepted ৳1,45,000 · lapses in 47h",
 * "Declined ৳1,45,000".
 */
export function offerSummary(offer: Offer, mine: boolean, now = Date.now()): string {
  const amount = formatPrice(offer.amount);
  const live = offer.status === 'open' || offer.status === 'accepted';
  if (live && !isHolding(offer, now)) return `${ENDED.lapsed} ${amount}`;
  const left = `lapses in ${timeLeft(offer.expiresAt, now)}`;
  if (offer.status === 'open') {
    return mine ? `Your offer ${amount} · waiting for an answer · ${left}` : `Offer ${amount} · waiting for you · ${left}`;
  }
  if (offer.status === 'accepted') return `${ENDED.accepted} ${amount} · ${left}`;
  return `${endedWord(offer.status)} ${amount}`;
}

interface OfferCardProps {
  offer: Offer;
  /** The reader made it. */
  mine: boolean;
  sentAt: string;
  /** Under the card: "Seen". */
  footer?: ReactNode;
}

export function OfferCard({ offer, mine, sentAt, footer }: OfferCardProps) {
  const thread = useOfferThread();
  // Read again every minute: "lapses in 3h" counts down, and an offer past its time reads lapsed.
  const now = useNow();
  const conversation = thread?.conversation;
  const maker = offer.by === 'buyer' ? conversation?.buyerName : conversation?.sellerName;
  const iAmBuyer = conversation !== undefined && conversation.buyerId === thread?.me;
  const holding = isHolding(offer, now);
  const price = conversation?.price;
  const bookAt = price === undefined ? offer.amount : Math.min(offer.amount, price);
  const takenNow = offer.status === 'accepted' && holding;
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <article
        aria-label={`Offer of ${formatPrice(offer.amount)}`}
        className={`w-72 max-w-[85%] rounded-2xl bg-white px-3.5 py-3 shadow-sm ring-1 ${
          takenNow ? 'ring-2 ring-brand-600' : 'ring-stone-300'
        } ${mine ? 'rounded-br-sm' : 'rounded-bl-sm'}`}
      >
        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
          {mine ? 'Offer from you' : `Offer from ${maker ?? 'a removed account'}`}
        </p>
        <p className="mt-0.5 text-2xl font-extrabold text-stone-900">{formatPrice(offer.amount)}</p>
        {price !== undefined && <p className="text-xs text-stone-500">Asking price {formatPrice(price)}</p>}
        <p data-testid="offer-status" className={`mt-1.5 text-sm font-semibold ${takenNow ? 'text-brand-800' : 'text-stone-600'}`}>
          {offerStatusLine(offer, now)}
        </p>
        {offer.status === 'open' && holding && !mine && conversation && <OfferAnswers offer={offer} price={price} />}
        {takenNow && iAmBuyer && (
          <>
            <Link
              to={`/products/${encodeURIComponent(offer.productId)}?book=1`}
              className="mt-2 flex min-h-11 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
            >
              Book at {formatPrice(bookAt)}
            </Link>
            <p className="mt-1 text-xs text-stone-500">Book by {formatDhakaTime(offer.expiresAt)}</p>
          </>
        )}
        <time dateTime={sentAt} className="mt-1 block text-right text-xs text-stone-500">
          {formatDhakaTime(sentAt)}
        </time>
      </article>
      {footer}
    </li>
  );
}
