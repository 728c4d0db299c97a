// The admin's moderation queue: listings buyers reported, and deleting them.
// A new report joins the cached list live.
import { useMemo } from 'react';
import { DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, TablePage, type Column } from '@/components/data-table.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { deleteListingMutation } from '@/lib/api/delete-listing.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { useReportedListings } from '@/features/moderation/api/get-reported-listings.ts';
import { moderationMessages } from '@/features/moderation/moderation.messages.ts';

const remove = deleteListingMutation();

export function ReportedListingsPage() {
  const t = useT(moderationMessages);
  const columns = useMemo<Column<Listing>[]>(
    () => [
      indexColumn(),
      imageColumn((listing) => listing.productImage),
      {
        header: t('name'),
        rowHeader: true,
        cell: (listing) => (
          <>
            {listing.productName}
            <span className="block text-xs font-normal wrap-anywhere text-stone-500">
              {t('bySeller', { seller: listing.sellerName, email: listing.sellerEmail ?? '' })}
            </span>
          </>
        ),
      },
      {
        header: t('delete'),
        phone: 'action',
        cell: (listing) => (
          <DeleteButton mutation={remove} variables={listing} what={listing.productName} prompt={t('deletePrompt')} />
        ),
      },
    ],
    [t],
  );
  return (
    <TablePage
      title={t('title')}
      query={useReportedListings()}
      columns={columns}
      rowKey={(listing) => listing._id}
      emptyText={t('empty')}
      loadingLabel={t('loading')}
    />
  );
}
