// One listing on the category page and in the wishlist: seller, availability, the bike's
// details, and Book Now / Sold Out (or, for the buyer who booked it, "Booked by you" with
// Pay Now), Add to Wishlist (Saved once saved), Report to Admin.
// Everyone may look; a visitor is asked to log in (and told why) for what needs an
// account, and only buyers book and save.
import { Link } from 'react-router';
import { ClockIcon, HeartIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldCheckIcon } from '@/components/icons.tsx';
import type { Order, Product } from '@/lib/api/types.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { formatPostTime } from '@/utils/format-post-time.ts';

export function isSold(product: Pick<Product, 'availability'>): boolean {
  return product.availability.toLowerCase() === 'sold';
}

const secondaryButton = 'whitespace-nowrap rounded-lg border px-2 py-2 text-sm font-semibold disabled:opacity-60';
const plainLook = 'border-stone-300 bg-white hover:bg-stone-50';
const savedLook = 'border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100';

/** Who is looking: a visitor, a buyer, or a seller or admin browsing. */
export type Viewer = 'visitor' | 'buyer' | 'browsing';

/** Why a visitor is sent to log in, by what they tried. */
export const LOG_IN_TO = {
  book: 'Please log in as a buyer to book this bike.',
  wishlist: 'Please log in as a buyer to save bikes to your wishlist.',
  report: 'Please log in as a buyer to report a listing.',
  contact: 'Please log in as a buyer to see the seller’s contact.',
} as const;
export type LogInReason = keyof typeof LOG_IN_TO;

export function ProductCard({
  product,
  viewer = 'buyer',
  onBook,
  onReport,
  onLogIn = () => undefined,
  reporting = false,
  saved = false,
  onToggleSaved = () => undefined,
  booking,
  headingLevel: Heading = 'h2',
}: {
  product: Product;
  viewer?: Viewer;
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
  /** A visitor tried something that needs an account. */
  onLogIn?: (reason: LogInReason) => void;
  reporting?: boolean;
  /** In the buyer's wishlist. */
  saved?: boolean;
  /** A buyer saves the bike, or removes it from their wishlist. */
  onToggleSaved?: (product: Product) => void;
  /** The reader's own booking of this bike, if they made one (cancelled ones are gone). */
  booking?: Order | undefined;
  /** The bike's name under the page's own heading: h2 under a page's h1, h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3';
}) {
  const visitor = viewer === 'visitor';
  // A seller's contact is for the buyers who may book; a signed-in socket's events carry
  // it, so the card, not only the server's list, keeps it from sellers and admins.
  const contact = viewer === 'buyer';
  const sold = isSold(product);
  const headingId = `product-${product._id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex items-start justify-between gap-3 p-4">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold text-stone-900">
            <span className="truncate">{product.sellerName}</span>
            {product.sellerVerification && (
              <span
                title="Verified seller"
                className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800"
              >
                <ShieldCheckIcon className="size-3.5" aria-hidden="true" />
                Verified
              </span>
            )}
          </p>
          {contact && product.sellerEmail !== undefined && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${product.sellerEmail}`} className="truncate hover:underline">
                {product.sellerEmail}
              </a>
            </p>
          )}
          {contact && product.sellerPhone !== undefined && (
            <p className="mt-0.5 flex items-center gap-1.5 text-sm text-stone-600">
              <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
              <a href={`tel:${product.sellerPhone}`} className="hover:underline">
                {product.sellerPhone}
              </a>
            </p>
          )}
          {visitor && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
              <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
              <button
                type="button"
                onClick={() => {
                  onLogIn('contact');
                }}
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                Log in to see the seller&rsquo;s contact
              </button>
            </p>
          )}
        </div>
        <div className="shrink-0 text-right text-xs">
          <p className="flex items-center justify-end gap-1 text-stone-500">
            <ClockIcon className="size-3.5" aria-hidden="true" />
            <time dateTime={product.postTime}>{formatPostTime(product.postTime)}</time>
          </p>
          <p
            data-testid="availability"
            className={`mt-1.5 inline-block rounded-full px-2 py-0.5 font-semibold ${sold ? 'bg-red-100 text-red-700' : 'bg-brand-100 text-brand-800'}`}
          >
            {product.availability}
          </p>
        </div>
      </div>

      <img
        src={product.productImage}
        alt={product.productName}
        loading="lazy"
        className="aspect-[4/3] w-full bg-stone-100 object-cover"
      />

      <div className="flex flex-1 flex-col p-4">
        <Heading id={headingId} className="text-xl font-bold text-stone-900">
          {product.productName}
        </Heading>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-3">
          <span className="text-lg font-bold text-brand-700">
            <span className="sr-only">Resale price </span>
            {formatPrice(product.resalePrice)}
          </span>
          <span className="text-sm text-stone-500">
            Original price <span className="line-through">{formatPrice(product.originalPrice)}</span>
          </span>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <Detail term="Purchase year" value={String(product.purchaseYear)} />
          <Detail term="Years of use" value={String(product.yearsOfUse)} />
          <Detail term="Condition" value={product.condition} />
          <Detail term="Color" value={product.color} />
        </dl>
        <p className="mt-3 text-sm text-stone-700">{product.description}</p>
        <p className="mt-3 flex items-center gap-1.5 text-sm text-stone-600">
          <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
          {product.location}
        </p>

        <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
          {booking?.paid ? (
            <Link
              to="/dashboard/my-orders"
              className="col-span-2 rounded-lg bg-brand-50 px-3 py-2 text-center text-sm font-bold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
            >
              Bought by you: see how to meet the seller
            </Link>
          ) : booking && !sold ? (
            <div className="col-span-2 flex items-center justify-between gap-2 rounded-lg bg-sky-50 px-3 py-2 ring-1 ring-sky-200">
              <span className="text-sm font-bold text-sky-900">Booked by you</span>
              <Link
                to={`/dashboard/stripe-payment/${encodeURIComponent(booking._id)}`}
                className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800"
              >
                Pay Now
              </Link>
            </div>
          ) : sold ? (
            <span className="col-span-2 rounded-lg bg-red-50 px-3 py-2 text-center text-sm font-bold text-red-700 ring-1 ring-red-200">
              Sold Out
            </span>
          ) : viewer === 'browsing' ? (
            <p className="col-span-2 rounded-lg bg-stone-100 px-3 py-2 text-center text-sm text-stone-600">
              Only buyers can book bikes.
            </p>
          ) : (
            <button
              type="button"
              onClick={() => {
                if (visitor) onLogIn('book');
                else onBook(product);
              }}
              className="col-span-2 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Book Now
            </button>
          )}
          {viewer !== 'browsing' && (
            <>
              <button
                type="button"
                // A visitor's tap asks them to log in: nothing is pressed.
                aria-pressed={visitor ? undefined : saved}
                onClick={() => {
                  if (visitor) onLogIn('wishlist');
                  else onToggleSaved(product);
                }}
                className={`${secondaryButton} inline-flex items-center justify-center gap-1.5 ${saved ? savedLook : `${plainLook} text-stone-800`}`}
              >
                <HeartIcon className="size-4 shrink-0" fill={saved ? 'currentColor' : 'none'} />
                {saved ? 'Saved' : 'Add to Wishlist'}
              </button>
              <button
                type="button"
                disabled={reporting}
                onClick={() => {
                  if (visitor) onLogIn('report');
                  else onReport(product);
                }}
                className={`${secondaryButton} ${plainLook} text-red-700`}
              >
                Report to Admin
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-stone-500">{term}:</dt>
      <dd className="font-medium text-stone-800">{value}</dd>
    </div>
  );
}
