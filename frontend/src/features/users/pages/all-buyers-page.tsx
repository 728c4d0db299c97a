// The admin's buyer table: who has an account, and deleting one. Live events
// keep the cached list current.
import { DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, TablePage, type Column } from '@/components/data-table.tsx';
import type { User } from '@/lib/api/types.ts';
import { deleteUserMutation } from '@/features/users/api/delete-user.ts';
import { useUsers } from '@/features/users/api/get-users.ts';

const remove = deleteUserMutation('buyer');

const columns: Column<User>[] = [
  indexColumn(),
  imageColumn((buyer) => buyer.image, { round: true, initial: (buyer) => buyer.name }),
  {
    header: 'Name',
    rowHeader: true,
    cell: (buyer) => (
      <>
        {buyer.name}
        <span className="block text-xs font-normal wrap-anywhere text-stone-500 sm:whitespace-nowrap">{buyer.email}</span>
      </>
    ),
  },
  {
    header: 'Action',
    phone: 'action',
    cell: (buyer) => <DeleteButton mutation={remove} variables={buyer} what={`the account of ${buyer.name}`} />,
  },
];

export function AllBuyersPage() {
  return (
    <TablePage
      title="All Buyers"
      query={useUsers('buyer')}
      columns={columns}
      rowKey={(buyer) => buyer._id}
      emptyText="There is no buyer yet."
      loadingLabel="Loading buyers"
    />
  );
}
