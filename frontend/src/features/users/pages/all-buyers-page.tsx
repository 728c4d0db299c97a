// The admin's buyer table: who has an account, Suspended as a badge with the admin's
// reason, Warn and Suspend, each asking why (docs/trust.md, "Warnings and suspensions"),
// and deleting one. Live events keep the cached list current.
import { useMemo } from 'react';
import { DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, TablePage, type Column } from '@/components/data-table.tsx';
import type { User } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { deleteUserMutation } from '@/features/users/api/delete-user.ts';
import { useUsers } from '@/features/users/api/get-users.ts';
import { RowActions, SuspendedBadge, SuspendedReason } from '@/features/users/components/account-status.tsx';
import { usersMessages } from '@/features/users/users.messages.ts';

const remove = deleteUserMutation('buyer');

export function AllBuyersPage() {
  const t = useT(usersMessages);
  const columns = useMemo<Column<User>[]>(
    () => [
      indexColumn(),
      imageColumn((buyer) => buyer.image, { round: true, initial: (buyer) => buyer.name }),
      {
        header: t('name'),
        rowHeader: true,
        cell: (buyer) => (
          <>
            {buyer.name}
            <span className="block text-xs font-normal wrap-anywhere text-stone-500 sm:whitespace-nowrap">
              {buyer.email}
            </span>
            {buyer.suspended && (
              <span className="mt-1 block">
                <SuspendedBadge />
              </span>
            )}
            <SuspendedReason user={buyer} />
          </>
        ),
      },
      {
        header: t('action'),
        phone: 'action',
        cell: (buyer) => (
          <RowActions user={buyer}>
            <DeleteButton mutation={remove} variables={buyer} what={t('accountOf', { name: buyer.name })} />
          </RowActions>
        ),
      },
    ],
    [t],
  );
  return (
    <TablePage
      title={t('allBuyers')}
      query={useUsers('buyer')}
      columns={columns}
      rowKey={(buyer) => buyer._id}
      emptyText={t('noBuyer')}
      loadingLabel={t('loadingBuyers')}
    />
  );
}
