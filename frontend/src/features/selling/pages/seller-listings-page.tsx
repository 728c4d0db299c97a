// The seller's own listings: status, Advertise (or Already Sold), Edit and Delete while
// unsold (a sale stays on record), and each bike's conversations with its buyers. A
// listing not live yet says so: "In review" while an admin has still to look at it (a line
// above the table says why new sellers wait), "Rejected" with the admin's reason and how
// to put it right; it is advertised only once live. Live events keep the cached list
// current (new listings, bikes turning sold, an admin's decision).
import { Link } from 'react-router';
import { BikeMessagesLink } from '@/components/bike-messages-link.tsx';
import { ConfirmButton, DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import type { Listing, SellerListing } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { inReview, isLive } from '@/lib/listing-state.ts';
import { listingStateMessages } from '@/lib/listing-state.messages.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka, localDigits } from '@/lib/i18n/numbers.ts';
import { advertiseListingMutation } from '@/features/selling/api/advertise-listing.ts';
import { deleteListingMutation } from '@/lib/api/delete-listing.ts';
import { useSellerListings } from '@/features/selling/api/get-seller-listings.ts';
import { isSold } from '@/features/selling/components/availability-pill.tsx';
import { ListingStatus } from '@/features/selling/components/listing-status.tsx';
import { sellingMessages } from '@/features/selling/selling.messages.ts';

const advertise = advertiseListingMutation();
const remove = deleteListingMutation();

function Advertisement({ listing }: { listing: Listing }) {
  const t = useT(sellingMessages);
  if (isSold(listing)) return <Pill tone="stone">{t('alreadySold')}</Pill>;
  if (listing.advertised) return <Pill tone="sky">{t('advertised')}</Pill>;
  // Only a bike buyers can see is worth advertising (the server says "not live" too).
  if (!isLive(listing)) return <span className="text-stone-500">{t('onceLive')}</span>;
  return (
    <ConfirmButton
      mutation={advertise}
      variables={listing}
      title={t('advertiseTitle', { name: listing.productName })}
      prompt={t('advertisePrompt')}
      confirmLabel={t('advertise')}
      cancelLabel={t('notNow')}
      success={t('advertiseDone')}
      busyLabel={t('advertising')}
      tone="primary"
    >
      {t('advertise')}
    </ConfirmButton>
  );
}

function Bookings({ count }: { count: number }) {
  const t = useT(sellingMessages);
  const { locale } = useLanguage();
  if (count === 0) return <span className="text-stone-500">{t('noBookings')}</span>;
  return (
    <Link to="/dashboard/my-buyers" className="font-semibold text-brand-800 hover:underline">
      {t('bookingCount', { count, shown: localDigits(String(count), locale) })}
    </Link>
  );
}

function EditLink({ listing }: { listing: Listing }) {
  const t = useT(sellingMessages);
  return (
    <Link
      to={`/dashboard/edit-product/${listing._id}`}
      aria-label={t('editBike', { name: listing.productName })}
      className="rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
    >
      {t('edit')}
    </Link>
  );
}

function KeptOnRecord() {
  const t = useT(sellingMessages);
  return <span className="text-sm text-stone-500">{t('keptOnRecord')}</span>;
}

function useColumns(): Column<Listing>[] {
  const t = useT(sellingMessages);
  const { locale } = useLanguage();
  return [
    indexColumn(),
    imageColumn((listing) => listing.productImage),
    { header: t('name'), rowHeader: true, cell: (listing) => listing.productName },
    {
      header: t('price'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (listing) => formatTaka(listing.resalePrice, locale),
    },
    { header: t('status'), cell: (listing) => <ListingStatus listing={listing} /> },
    {
      header: t('bookings'),
      className: 'tabular-nums',
      // A listing added by a live event has no count yet: none can have booked it.
      cell: (listing) => <Bookings count={(listing as Partial<SellerListing>).bookings ?? 0} />,
    },
    { header: t('advertisement'), cell: (listing) => <Advertisement listing={listing} /> },
    {
      header: t('action'),
      phone: 'action',
      // A sold bike stays on record for its buyer: it can be neither edited nor deleted.
      // Its conversations stay open either way.
      cell: (listing) =>
        isSold(listing) ? (
          <span className="flex flex-wrap items-center gap-2 max-sm:justify-end lg:flex-nowrap">
            <KeptOnRecord />
            <BikeMessagesLink productId={listing._id} productName={listing.productName} />
          </span>
        ) : (
          <span className="flex flex-wrap items-center gap-2 max-sm:justify-end lg:flex-nowrap">
            <BikeMessagesLink productId={listing._id} productName={listing.productName} />
            <EditLink listing={listing} />
            <DeleteButton mutation={remove} variables={listing} what={listing.productName} />
          </span>
        ),
    },
  ];
}

export function SellerListingsPage() {
  const t = useT(sellingMessages);
  const said = useT(listingStateMessages);
  const { user } = useSession();
  const listings = useSellerListings(user?.email ?? '');
  const waiting = listings.data?.some(inReview) ?? false;
  return (
    <TablePage
      title={t('myProducts')}
      {...(waiting ? { intro: `${said('inReviewWhy')} ${said('weTellYou')}` } : {})}
      query={listings}
      columns={useColumns()}
      rowKey={(listing) => listing._id}
      emptyText={t('noProducts')}
      loadingLabel={t('loadingProducts')}
      emptyExtra={
        <Link
          to="/dashboard/add-product"
          className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('addFirstBike')}
        </Link>
      }
    />
  );
}
