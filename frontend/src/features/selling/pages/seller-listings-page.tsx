// The seller's own listings: status, Advertise (or Already Sold), Edit and Delete while
// unsold (a sale stays on record), and each bike's conversations with its buyers.
// Live events keep the cached list current (new listings, bikes turning sold).
import { Link } from 'react-router';
import { BikeMessagesLink } from '@/components/bike-messages-link.tsx';
import { ConfirmButton, DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, Pill, TablePage, type Column } from '@/components/data-table.tsx';
import type { Listing, SellerListing } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { advertiseListingMutation } from '@/features/selling/api/advertise-listing.ts';
import { deleteListingMutation } from '@/lib/api/delete-listing.ts';
import { useSellerListings } from '@/features/selling/api/get-seller-listings.ts';
import { AvailabilityPill, isSold } from '@/features/selling/components/availability-pill.tsx';

export const ADVERTISE_PROMPT = 'Are you sure, You want to advertise?';

const advertise = advertiseListingMutation();
const remove = deleteListingMutation();

function Advertisement({ listing }: { listing: Listing }) {
  if (isSold(listing)) return <Pill tone="stone">Already Sold</Pill>;
  if (listing.advertised) return <Pill tone="sky">Advertised</Pill>;
  return (
    <ConfirmButton
      mutation={advertise}
      variables={listing}
      title={`Advertise ${listing.productName}?`}
      prompt={ADVERTISE_PROMPT}
      confirmLabel="Advertise"
      cancelLabel="Not now"
      success="Advertisement Successfully Done"
      busyLabel="Advertising…"
      tone="primary"
    >
      Advertise
    </ConfirmButton>
  );
}

function Bookings({ count }: { count: number }) {
  if (count === 0) return <span className="text-stone-400">None</span>;
  return (
    <Link to="/dashboard/my-buyers" className="font-semibold text-brand-800 hover:underline">
      {count === 1 ? '1 booking' : `${String(count)} bookings`}
    </Link>
  );
}

const columns: Column<Listing>[] = [
  indexColumn(),
  imageColumn((listing) => listing.productImage),
  { header: 'Name', rowHeader: true, cell: (listing) => listing.productName },
  {
    header: 'Price',
    className: 'tabular-nums whitespace-nowrap',
    cell: (listing) => formatPrice(listing.resalePrice),
  },
  { header: 'Status', cell: (listing) => <AvailabilityPill listing={listing} /> },
  {
    header: 'Bookings',
    className: 'tabular-nums',
    // A listing added by a live event has no count yet: none can have booked it.
    cell: (listing) => <Bookings count={(listing as Partial<SellerListing>).bookings ?? 0} />,
  },
  { header: 'Advertisement', cell: (listing) => <Advertisement listing={listing} /> },
  {
    header: 'Action',
    phone: 'action',
    // A sold bike stays on record for its buyer: it can be neither edited nor deleted.
    // Its conversations stay open either way.
    cell: (listing) =>
      isSold(listing) ? (
        <span className="flex flex-wrap items-center gap-2 max-sm:justify-end lg:flex-nowrap">
          <span className="text-sm text-stone-500">Kept on record</span>
          <BikeMessagesLink productId={listing._id} productName={listing.productName} />
        </span>
      ) : (
        <span className="flex flex-wrap items-center gap-2 max-sm:justify-end lg:flex-nowrap">
          <BikeMessagesLink productId={listing._id} productName={listing.productName} />
          <Link
            to={`/dashboard/edit-product/${listing._id}`}
            aria-label={`Edit ${listing.productName}`}
            className="rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            Edit
          </Link>
          <DeleteButton mutation={remove} variables={listing} what={listing.productName} />
        </span>
      ),
  },
];

export function SellerListingsPage() {
  const { user } = useSession();
  return (
    <TablePage
      title="My Products"
      query={useSellerListings(user?.email ?? '')}
      columns={columns}
      rowKey={(listing) => listing._id}
      emptyText="There is no product added till now."
      loadingLabel="Loading your products"
      emptyExtra={
        <Link
          to="/dashboard/add-product"
          className="mt-4 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Add your first bike
        </Link>
      }
    />
  );
}
