// An offer in the conversation, as a card in its place among the messages: the amount,
// whose it is, and where it stands ("Waiting for an answer · lapses in 47h", "Accepted",
// "Countered"...), the hours left counting down while the page is open. The side that did not make an open offer answers it here; a buyer
// whose offer was accepted books the bike at it from here.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { translate } from '@/lib/i18n/catalog.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka, localDigits, type Locale } from '@/lib/i18n/numbers.ts';
import { useNow } from '@/lib/deal-status.ts';
import { isHolding, type Offer, type OfferStatus } from '@/lib/live/offer-events.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { offerMessages } from '@/features/messages/messages.messages.ts';
import { OfferAnswers } from './offer-answers.tsx';
import { useOfferThread } from './offer-thread.ts';

/** Every state an offer may be in, and the catalog's word for it. */
const WORDS: Readonly<Record<OfferStatus, OfferStatus>> = {
  open: 'open',
  accepted: 'accepted',
  declined: 'declined',
  countered: 'countered',
  replaced: 'replaced',
  booked: 'booked',
  lapsed: 'lapsed',
};

/** "47h" / "৪৭ ঘণ্টা", or minutes in the last hour: how long until `iso`. */
function timeLeft(iso: string, now: number, locale: Locale): string {
  const minutes = Math.max(1, Math.floor((Date.parse(iso) - now) / 60_000));
  return minutes >= 60
    ? translate(offerMessages, locale, 'hoursLeft', { hours: localDigits(String(Math.floor(minutes / 60)), locale) })
    : translate(offerMessages, locale, 'minutesLeft', { minutes: localDigits(String(minutes), locale) });
}

/**
 * "Accepted", "Declined"...: a state in words (open: "Waiting for an answer"); a state
 * this page does not know as the server wrote it.
 */
export function offerStatusWord(status: string, locale: Locale = 'en'): string {
  return Object.hasOwn(WORDS, status) ? translate(offerMessages, locale, WORDS[status as OfferStatus]) : status;
}

/** Where the offer stands, in words; one that outlived its time reads lapsed before the server marks it. */
export function offerStatusLine(offer: Offer, now = Date.now(), locale: Locale = 'en'): string {
  const live = offer.status === 'open' || offer.status === 'accepted';
  if (live && !isHolding(offer, now)) return offerStatusWord('lapsed', locale);
  if (offer.status === 'open') {
    return translate(offerMessages, locale, 'waitingLine', { left: timeLeft(offer.expiresAt, now, locale) });
  }
  return offerStatusWord(offer.status, locale);
}

/**
 * An inbox row's word on its conversation's latest offer, for the reader (`mine`: they
 * made it): "Offer ৳1,45,000 · waiting for you · lapses in 47h", "Your offer ৳1,45,000 ·
 * waiting for an answer · lapses in 47h", "Accepted ৳1,45,000 · lapses in 47h",
 * "Declined ৳1,45,000".
 */
export function offerSummary(offer: Offer, mine: boolean, now = Date.now(), locale: Locale = 'en'): string {
  const amount = formatTaka(offer.amount, locale);
  const live = offer.status === 'open' || offer.status === 'accepted';
  if (live && !isHolding(offer, now)) {
    return translate(offerMessages, locale, 'summaryEnded', { status: offerStatusWord('lapsed', locale), amount });
  }
  const left = timeLeft(offer.expiresAt, now, locale);
  if (offer.status === 'open') {
    return translate(offerMessages, locale, mine ? 'summaryMineOpen' : 'summaryTheirsOpen', { amount, left });
  }
  if (offer.status === 'accepted') {
    return translate(offerMessages, locale, 'summaryAccepted', { status: offerStatusWord('accepted', locale), amount, left });
  }
  return translate(offerMessages, locale, 'summaryEnded', { status: offerStatusWord(offer.status, locale), amount });
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
  const t = useT(offerMessages);
  const { locale } = useLanguage();
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
        aria-label={t('offerOf', { amount: formatTaka(offer.amount, locale) })}
        className={`w-72 max-w-[85%] rounded-2xl bg-white px-3.5 py-3 shadow-sm ring-1 ${
          takenNow ? 'ring-2 ring-brand-600' : 'ring-stone-300'
        } ${mine ? 'rounded-br-sm' : 'rounded-bl-sm'}`}
      >
        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
          {mine ? t('offerFromYou') : t('offerFrom', { name: maker ?? t('aRemovedAccount') })}
        </p>
        <p className="mt-0.5 text-2xl font-extrabold text-stone-900">{formatTaka(offer.amount, locale)}</p>
        {price !== undefined && <p className="text-xs text-stone-500">{t('askingPrice', { price: formatTaka(price, locale) })}</p>}
        <p data-testid="offer-status" className={`mt-1.5 text-sm font-semibold ${takenNow ? 'text-brand-800' : 'text-stone-600'}`}>
          {offerStatusLine(offer, now, locale)}
        </p>
        {offer.status === 'open' && holding && !mine && conversation && <OfferAnswers offer={offer} price={price} />}
        {takenNow && iAmBuyer && (
          <>
            <Link
              to={`/products/${encodeURIComponent(offer.productId)}?book=1`}
              className="mt-2 flex min-h-11 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
            >
              {t('bookAt', { amount: formatTaka(bookAt, locale) })}
            </Link>
            <p className="mt-1 text-xs text-stone-500">{t('bookBy', { time: dhakaTime(offer.expiresAt, locale) })}</p>
          </>
        )}
        <time dateTime={sentAt} className="mt-1 block text-right text-xs text-stone-500">
          {dhakaTime(sentAt, locale)}
        </time>
      </article>
      {footer}
    </li>
  );
}
