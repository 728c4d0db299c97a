// What a reader can do with a listing, on its card and on its own page: Book Now or Sold
// Out (or, for the buyer who booked it, "Reserved for you" with Pay Now, their place in
// line, their card holding the price until the handover, or "Bought by you"),
// Add to Wishlist (Saved once saved) and Report to Admin; on a card, Message seller beside
// Book Now too, which opens the listing's page ready to ask. Everyone may look; a visitor is
// asked to log in (and told why) for what needs an account; buyers (and sellers, on other
// sellers' bikes) book and save; a listing's own seller is pointed to their listings.
// On a phone it is one row: the main action (with Message seller) and two square buttons,
// a heart and a flag, whose spec names ("Add to Wishlist", "Report to Admin") are what a
// screen reader says; from `sm` up they read as words.
import { Link } from 'react-router';
import { FlagIcon, HeartIcon } from '@/components/icons.tsx';
import type { Booking, Listing } from '@/lib/api/types.ts';
import { askSellerPath } from '@/lib/conversations.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { localDigits } from '@/lib/i18n/numbers.ts';
import { listingActionsMessages, logInReasonMessages } from './listing-actions.messages.ts';

export function isSold(listing: Pick<Listing, 'availability'>): boolean {
  return listing.availability.toLowerCase() === 'sold';
}

/**
 * Who is looking: a visitor; a buyer (or a seller buying); the listing's own seller, its
 * `owner`; or an admin browsing.
 */
export type Viewer = 'visitor' | 'buyer' | 'owner' | 'browsing';

/**
 * Why a visitor is sent to log in, by what they tried, in English; in the page's language
 * with `useT(logInReasonMessages)(reason)`.
 */
export const LOG_IN_TO = logInReasonMessages.en;
export type LogInReason = keyof typeof LOG_IN_TO;

const secondaryButton =
  'inline-flex min-h-11 min-w-10 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg border px-2 py-2 text-sm font-semibold disabled:opacity-60 sm:min-h-10';
/** A secondary button's words: hidden on a phone, where its icon stands for them. */
const wordsFromSm = 'sr-only sm:not-sr-only';
const plainLook = 'border-stone-300 bg-white hover:bg-stone-50';
const savedLook = 'border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100';
const mainLook = 'min-h-11 rounded-lg px-2 py-2.5 text-center leading-tight font-bold sm:px-3';

export interface ListingActionsProps {
  listing: Listing;
  viewer?: Viewer;
  onBook: (listing: Listing) => void;
  onReport: (listing: Listing) => void;
  /** A visitor tried something that needs an account. */
  onLogIn?: (reason: LogInReason) => void;
  reporting?: boolean;
  /** In the buyer's wishlist. */
  saved?: boolean;
  /** A buyer saves the bike, or removes it from their wishlist. */
  onToggleSaved?: (listing: Listing) => void;
  /** The reader's own booking of this bike, if they made one (cancelled ones are gone). */
  booking?: Booking | undefined;
}

export function ListingActions({
  listing,
  viewer = 'buyer',
  onBook,
  onReport,
  onLogIn = () => undefined,
  reporting = false,
  saved = false,
  onToggleSaved = () => undefined,
  booking,
  askAt,
  className = '',
}: ListingActionsProps & {
  /** The listing's page, for a card's Message seller (the page has its own). */
  askAt?: string;
  className?: string;
}) {
  const t = useT(listingActionsMessages);
  const visitor = viewer === 'visitor';
  const sold = isSold(listing);
  // A buyer or a visitor may ask about a bike still for sale; its seller and admins do not.
  const buying = viewer === 'buyer' || visitor;
  const ask = askAt !== undefined && buying && !sold;
  // Beside Book Now it shares the row; under a booking it has a row of its own.
  const besideBook = ask && !booking;
  // A phone's row: Book Now as wide as its words, Message seller the rest (two lines if
  // it must), then the heart and the flag; one main action spans the first two.
  const columns = buying ? 'grid-cols-[auto_1fr_auto_auto] sm:grid-cols-2' : 'grid-cols-2';
  return (
    <div className={`grid ${columns} gap-2 text-sm ${className}`}>
      {booking?.paid ? (
        <Link
          to="/dashboard/my-orders"
          className={`col-span-2 ${mainLook} bg-brand-50 text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100`}
        >
          {booking.status === 'held'
            ? // The buyer's own card or bKash wallet holds the price: the money is taken at the handover.
              t('heldByYou', { method: booking.method ?? 'card' })
            : t('boughtByYou')}
        </Link>
      ) : booking && !sold ? (
        <OwnBooking booking={booking} />
      ) : sold ? (
        <span className={`col-span-2 ${mainLook} bg-red-50 text-red-700 ring-1 ring-red-200`}>{t('soldOut')}</span>
      ) : viewer === 'owner' ? (
        <p className="col-span-2 rounded-lg bg-stone-100 px-3 py-2 text-center text-stone-700">
          {t('yourBike')}
          <Link to="/dashboard/seller-products" className="ml-1 font-semibold text-brand-800 underline">
            {t('seeInMyProducts')}
          </Link>
        </p>
      ) : viewer === 'browsing' ? (
        <p className="col-span-2 rounded-lg bg-stone-100 px-3 py-2 text-center text-stone-600">
          {t('onlyBuyers')}
        </p>
      ) : (
        <button
          type="button"
          onClick={() => {
            if (visitor) onLogIn('book');
            else onBook(listing);
          }}
          className={`${besideBook ? 'whitespace-nowrap' : 'col-span-2'} ${mainLook} bg-brand-700 text-white hover:bg-brand-800`}
        >
          {t('bookNow')}
        </button>
      )}
      {ask && (
        <Link
          to={askSellerPath(askAt)}
          className={`${besideBook ? '' : 'order-last col-span-full'} ${mainLook} border border-brand-700 bg-white font-semibold text-brand-800 hover:bg-brand-50 sm:whitespace-nowrap`}
        >
          {t('messageSeller')}
        </Link>
      )}
      {buying && (
        <>
          <button
            type="button"
            // A visitor's tap asks them to log in: nothing is pressed.
            aria-pressed={visitor ? undefined : saved}
            onClick={() => {
              if (visitor) onLogIn('wishlist');
              else onToggleSaved(listing);
            }}
            className={`${secondaryButton} ${saved ? savedLook : `${plainLook} text-stone-800`}`}
          >
            <HeartIcon className="size-5 shrink-0 sm:size-4" fill={saved ? 'currentColor' : 'none'} />
            <span className={wordsFromSm}>{saved ? t('saved') : t('addToWishlist')}</span>
          </button>
          <button
            type="button"
            disabled={reporting}
            onClick={() => {
              if (visitor) onLogIn('report');
              else onReport(listing);
            }}
            className={`${secondaryButton} ${plainLook} text-red-700`}
          >
            <FlagIcon className="size-5 shrink-0 sm:hidden" />
            <span className={wordsFromSm}>{t('reportToAdmin')}</span>
          </button>
        </>
      )}
    </div>
  );
}

/** The reader's own open booking: reserved for them (Pay Now), or their place in line. */
function OwnBooking({ booking }: { booking: Booking }) {
  const t = useT(listingActionsMessages);
  const { locale } = useLanguage();
  const reserved = booking.status === 'reserved';
  const position = booking.queuePosition;
  const inLine = position
    ? t('inLineAt', { position, place: localDigits(String(position), locale) })
    : t('inLine');
  return (
    <div className="col-span-2 flex items-center justify-between gap-2 rounded-lg bg-sky-50 px-3 py-2 ring-1 ring-sky-200">
      <span className="font-bold text-sky-900">{reserved ? t('reservedForYou') : inLine}</span>
      <Link
        to={reserved ? `/dashboard/stripe-payment/${encodeURIComponent(booking._id)}` : '/dashboard/my-orders'}
        // What a buyer does next once booked: the focus comes here as the booking dialog closes.
        data-next-step
        className={
          reserved
            ? 'rounded-lg bg-brand-700 px-3 py-1.5 font-semibold whitespace-nowrap text-white hover:bg-brand-800'
            : 'font-semibold whitespace-nowrap text-sky-900 underline-offset-2 hover:underline'
        }
      >
        {reserved ? t('payNow') : t('myOrders')}
      </Link>
    </div>
  );
}
