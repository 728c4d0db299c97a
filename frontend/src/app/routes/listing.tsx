// A listing's own page (/products/:id): every photo, every field, the price, the seller,
// and what the reader may do (Book Now — buyers only, visitors are asked to log in —,
// Sold Out once sold, Add to Wishlist, Report to Admin, Message seller); then more bikes
// from the same seller and similar ones. `?book=1` (from an accepted offer) opens the
// booking. Everyone may look: visitors get the public form. Live events keep it current:
// it turns Sold Out, shows a seller's changes, and says the bike is no longer listed once
// deleted, without a reload. A listing buyers cannot see yet (in review, or rejected),
// which only its seller and admins may open, says so in a banner and offers none of the
// buying actions; an admin's decision shows at once. Its loader prefetches the listing.
import { Link, useParams } from 'react-router';
import { ClockIcon, MapPinIcon, MotorcycleIcon } from '@/components/icons.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { formatPostTime } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { listingLoader, useListing } from '@/features/listing/api/get-listing.ts';
import { useSavedIds } from '@/features/wishlist/api/get-wishlist.ts';
import { ListingActions } from '@/features/listing/components/listing-actions.tsx';
import { AvailabilityTag, ListingPrices, NumberInConversation } from '@/features/listing/components/listing-labels.tsx';
import { ListingFacts, placeOf } from '@/features/listing/components/listing-facts.tsx';
import { PhotoGallery } from '@/features/listing/components/photo-gallery.tsx';
import { RelatedListings } from '@/features/listing/components/related-listings.tsx';
import { SellerCard } from '@/features/listing/components/seller-card.tsx';
import { MessageSeller } from '@/features/messages/components/message-seller.tsx';
import { useListingActions } from '@/app/listings/use-listing-actions.tsx';
import { useBookFromLink } from '@/app/listings/use-book-from-link.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { isLive } from '@/lib/listing-state.ts';
import { ListingStateBanner } from '@/app/listings/listing-state-banner.tsx';
import { listingPageMessages } from './listing.messages.ts';

export const listingPageLoader = listingLoader;

/** What the page says of a listing that is gone (the server's own words for its 404), in English. */
export const NO_LONGER_LISTED = listingPageMessages.en.noLongerListed;

/** Between the breadcrumb's steps, in either language. */
const CRUMB_SEPARATOR = ' / ';

export function ListingPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
  const t = useT(listingPageMessages);
  if (listing.isPending) return <PageSpinner label={t('loading')} />;
  if (listing.isError) {
    return (
      <div className="page-container py-16 text-center">
        <p role="alert" className="text-red-700">
          {listing.error.message}
        </p>
        <button
          type="button"
          onClick={() => void listing.refetch()}
          className="mt-4 rounded-lg border border-stone-300 px-4 py-2 font-semibold hover:bg-stone-50"
        >
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  if (listing.data === null) return <NoLongerListed />;
  // Keyed by listing: a tap on a related bike starts its gallery at its cover.
  return <ListingDetails key={listing.data._id} listing={listing.data} />;
}

function NoLongerListed() {
  const t = useT(listingPageMessages);
  usePageTitle(t('noLongerListed'));
  return (
    <section className="page-container flex min-h-[55vh] flex-col items-center justify-center py-16 text-center">
      <MotorcycleIcon className="size-16 text-stone-400" />
      <h1 className="mt-4 text-2xl font-bold text-stone-900 sm:text-3xl">{t('noLongerListed')}</h1>
      <p className="mt-2 max-w-md text-stone-600">{t('maybeSold')}</p>
      <Link
        to="/products"
        className="mt-8 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        {t('browseForSale')}
      </Link>
    </section>
  );
}

function ListingDetails({ listing }: { listing: Listing }) {
  usePageTitle(listing.productName);
  const t = useT(listingPageMessages);
  const { locale } = useLanguage();
  const saved = useSavedIds();
  const actions = useListingActions(saved);
  useBookFromLink(listing, actions);
  const viewer = actions.viewerOf(listing);
  // Buyers cannot see it yet: nothing here books, asks about, saves or reports it.
  const live = isLive(listing);
  const photos = listing.photos.length > 0 ? listing.photos : [listing.productImage];

  return (
    <div className="page-container pt-2 pb-12 sm:pt-6">
      <nav aria-label={t('breadcrumb')} className="mb-3 hidden text-sm text-stone-500 sm:block">
        <Link to="/products" className="hover:text-brand-800 hover:underline">
          {t('forSale')}
        </Link>
        {listing.brand && <span aria-hidden="true">{CRUMB_SEPARATOR}{listing.brand}</span>}
      </nav>
      {!live && <ListingStateBanner listing={listing} viewer={viewer} />}
      <div className="grid gap-x-8 gap-y-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr]">
        {/* On a phone the photos run edge to edge, as a phone's gallery does. */}
        <div className="-mx-4 sm:mx-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <PhotoGallery photos={photos} name={listing.productName} />
        </div>

        <div className="lg:col-start-2 lg:row-start-1">
          {live && <AvailabilityTag listing={listing} className="inline-block" />}
          <h1 className="mt-1.5 text-2xl leading-tight font-bold text-stone-900 sm:text-3xl">{listing.productName}</h1>
          <div className="mt-2">
            <ListingPrices listing={listing} large />
          </div>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
            <span className="flex items-center gap-1">
              <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
              {placeOf(listing)}
            </span>
            <span className="flex items-center gap-1">
              <ClockIcon className="size-4 shrink-0" aria-hidden="true" />
              {t('posted')} <time dateTime={listing.postTime}>{formatPostTime(listing.postTime, locale)}</time>
            </span>
          </p>
          {live && <ListingActions {...actions.propsFor(listing)} className="mt-4 text-base" />}
          {live && (viewer === 'buyer' || viewer === 'visitor') && (
            <div className="mt-2">
              <MessageSeller
                productId={listing._id}
                visitor={viewer === 'visitor'}
                onLogIn={() => {
                  actions.onLogIn('message');
                }}
              />
              <NumberInConversation listing={listing} className="mt-2" />
            </div>
          )}
        </div>

        <div className="lg:col-start-2 lg:row-start-2">
          <SellerCard listing={listing} viewer={live ? viewer : 'browsing'} onLogIn={actions.onLogIn} />
        </div>

        <section aria-labelledby="details-title" className="lg:col-start-1 lg:row-start-3">
          <h2 id="details-title" className="text-xl font-bold text-stone-900">
            {t('details')}
          </h2>
          <div className="mt-3">
            <ListingFacts listing={listing} />
          </div>
          <h2 className="mt-6 text-xl font-bold text-stone-900">{t('description')}</h2>
          <p className="mt-2 whitespace-pre-line text-stone-700">{listing.description}</p>
        </section>
      </div>

      <RelatedListings listing={listing} kind="seller" title={t('moreFromSeller')} />
      <RelatedListings listing={listing} kind="similar" title={t('similar')} />
      {actions.overlays}
    </div>
  );
}
