// What a reader can do with a listing, on its card and on its own page: Book Now or Sold
// Out (or, for the buyer who booked it, "Reserved for you" with Pay Now, their place in
// line, their card holding the price until the handover, or "Bought by you"),
// Add to Wishlist (Saved once saved) and Report to Admin; on a card, Message seller beside
// Book Now too, which opens the listing's page ready to ask. Everyone may look; a visitor is
// asked to log in (and told why) for what needs an account; buyers (and sellers, on other
// sellers' bikes) book and save; a listing's own seller is pointed to their listings.
import { Link } from 'react-router';
import { HeartIcon } from '@/components/icons.tsx';
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
  'inline-flex min-h-10 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg border px-2 py-2 text-sm font-semibold disabled:opacity-60';
const plainLook = 'border-stone-300 bg-white hover:bg-stone-50';
const savedLook = 'border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100';
const mainLook = 'min-h-11 rounded-lg px-3 py-2.5 text-center font-bold';

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
  return (
    <div className={`grid grid-cols-2 gap-2 text-sm ${className}`}>
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
          className={`${besideBook ? '' : 'col-span-2'} ${mainLook} bg-brand-700 text-white hover:bg-brand-800`}
        >
          {t('bookNow')}
        </button>
      )}
      {ask && (
        <Link
          to={askSellerPath(askAt)}
          className={`${besideBook ? '' : 'order-last col-span-2'} ${mainLook} border border-brand-700 bg-white font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50`}
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
            <HeartIcon className="size-4 shrink-0" fill={saved ? 'currentColor' : 'none'} />
            {saved ? t('saved') : t('addToWishlist')}
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
            {t('reportToAdmin')}
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
