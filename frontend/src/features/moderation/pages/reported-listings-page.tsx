// The admin's moderation queue: listings buyers reported, and deleting them.
// A new report joins the cached list live.
import { DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, TablePage, type Column } from '@/components/data-table.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { deleteListingMutation } from '@/lib/api/delete-listing.ts';
import { useReportedListings } from '@/features/moderation/api/get-reported-listings.ts';

export const DELETE_REPORTED_PROMPT = 'Are you sure, You want to delete Reported Product?';

const remove = deleteListingMutation();

const columns: Column<Listing>[] = [
  indexColumn(),
  imageColumn((listing) => listing.productImage),
  {
    header: 'Name',
    rowHeader: true,
    cell: (listing) => (
      <>
        {listing.productName}
        <span className="block text-xs font-normal wrap-anywhere text-stone-500">
          by {listing.sellerName} · {listing.sellerEmail}
        </span>
      </>
    ),
  },
  {
    header: 'Delete',
    phone: 'action',
    cell: (listing) => (
      <DeleteButton mutation={remove} variables={listing} what={listing.productName} prompt={DELETE_REPORTED_PROMPT} />
    ),
  },
];

export function ReportedListingsPage() {
  return (
    <TablePage
      title="Reported Products"
      query={useReportedListings()}
      columns={columns}
      rowKey={(listing) => listing._id}
      emptyText="There is no Reported Product."
      loadingLabel="Loading reported products"
    />
  );
}
