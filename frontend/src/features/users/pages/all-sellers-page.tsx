// The admin's seller table: verify a seller ("Not Verified" → the blue check)
// or delete them. Live events keep the cached list current.
import { useMemo } from 'react';
import { ConfirmButton, DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, TablePage, type Column } from '@/components/data-table.tsx';
import type { User } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { deleteUserMutation } from '@/features/users/api/delete-user.ts';
import { useUsers } from '@/features/users/api/get-users.ts';
import { verifySellerMutation } from '@/features/users/api/verify-seller.ts';
import { VerifiedMark } from '@/features/users/components/verified-mark.tsx';
import { usersMessages } from '@/features/users/users.messages.ts';

const verify = verifySellerMutation();
const remove = deleteUserMutation('seller');

export function AllSellersPage() {
  const t = useT(usersMessages);
  const columns = useMemo<Column<User>[]>(
    () => [
      indexColumn(),
      imageColumn((seller) => seller.image, { round: true, initial: (seller) => seller.name }),
      { header: t('name'), rowHeader: true, cell: (seller) => seller.name },
      { header: t('email'), className: 'wrap-anywhere sm:whitespace-nowrap', cell: (seller) => seller.email },
      {
        header: t('identification'),
        cell: (seller) =>
          seller.verification === 'verified' ? (
            <VerifiedMark />
          ) : (
            <ConfirmButton
              mutation={verify}
              variables={seller}
              title={t('verifyTitle', { name: seller.name })}
              prompt={t('verifyPrompt')}
              confirmLabel={t('verify')}
              cancelLabel={t('notNow')}
              success={t('verifiedToast')}
              busyLabel={t('verifying')}
              tone="warning"
            >
              {t('notVerified')}
            </ConfirmButton>
          ),
      },
      {
        header: t('action'),
        phone: 'action',
        cell: (seller) => (
          <DeleteButton mutation={remove} variables={seller} what={t('accountOf', { name: seller.name })} />
        ),
      },
    ],
    [t],
  );
  return (
    <TablePage
      title={t('allSellers')}
      intro={t('sellersIntro')}
      query={useUsers('seller')}
      columns={columns}
      rowKey={(seller) => seller._id}
      emptyText={t('noSeller')}
      loadingLabel={t('loadingSellers')}
    />
  );
}
