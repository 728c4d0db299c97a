// The admin's seller table: verify a seller ("Not Verified" → the blue check)
// or delete them. Live events keep the cached list current.
import { ConfirmButton, DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, TablePage, type Column } from '@/components/data-table.tsx';
import type { User } from '@/lib/api/types.ts';
import { deleteUserMutation } from '@/features/users/api/delete-user.ts';
import { useUsers } from '@/features/users/api/get-users.ts';
import { verifySellerMutation } from '@/features/users/api/verify-seller.ts';
import { VerifiedMark } from '@/features/users/components/verified-mark.tsx';

export const VERIFY_PROMPT = 'Are you sure, You want to Verify?';

const verify = verifySellerMutation();
const remove = deleteUserMutation('seller');

const columns: Column<User>[] = [
  indexColumn(),
  imageColumn((seller) => seller.image, { round: true, initial: (seller) => seller.name }),
  { header: 'Name', rowHeader: true, cell: (seller) => seller.name },
  { header: 'Email', className: 'wrap-anywhere sm:whitespace-nowrap', cell: (seller) => seller.email },
  {
    header: 'Identification',
    cell: (seller) =>
      seller.verification === 'verified' ? (
        <VerifiedMark />
      ) : (
        <ConfirmButton
          mutation={verify}
          variables={seller}
          title={`Verify ${seller.name}?`}
          prompt={VERIFY_PROMPT}
          confirmLabel="Verify"
          cancelLabel="Not now"
          success="Seller Verification Successful"
          busyLabel="Verifying…"
          tone="warning"
        >
          Not Verified
        </ConfirmButton>
      ),
  },
  {
    header: 'Action',
    phone: 'action',
    cell: (seller) => <DeleteButton mutation={remove} variables={seller} what={`the account of ${seller.name}`} />,
  },
];

export function AllSellersPage() {
  return (
    <TablePage
      title="All Sellers"
      intro="Verify a seller once you have checked who they are: the badge shows on all their listings."
      query={useUsers('seller')}
      columns={columns}
      rowKey={(seller) => seller._id}
      emptyText="There is no seller yet."
      loadingLabel="Loading sellers"
    />
  );
}
