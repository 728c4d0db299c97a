// The admin's seller table: each seller's verification as a badge (Verified / Not
// verified) and, for one not verified, Verify, which opens the request they sent on the
// Verification requests page, or "No ID sent yet" (docs/trust.md: nobody is verified
// without evidence); Suspended as a badge with the admin's reason; Warn and Suspend,
// each asking why; and deleting them. Live events keep the cached lists current: a
// request sent or decided, a seller verified or suspended, an account deleted.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DeleteButton } from '@/components/confirm-button.tsx';
import { imageColumn, indexColumn, TablePage, type Column } from '@/components/data-table.tsx';
import { VerificationBadge } from '@/components/verification-badge.tsx';
import type { User, VerificationRequest } from '@/lib/api/types.ts';
import { pendingRequestOf, useVerificationQueue, verificationRequestLink } from '@/lib/api/verification-requests.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { deleteUserMutation } from '@/features/users/api/delete-user.ts';
import { useUsers } from '@/features/users/api/get-users.ts';
import { RowActions, SuspendedBadge, SuspendedReason } from '@/features/users/components/account-status.tsx';
import { usersMessages } from '@/features/users/users.messages.ts';

const remove = deleteUserMutation('seller');

type Say = ReturnType<typeof useT<keyof (typeof usersMessages)['en']>>;

/** A seller not verified yet: Verify when their request waits, else that none came. */
function NextStep({ request, t }: { request: VerificationRequest | undefined; t: Say }) {
  if (!request) return <span className="text-sm text-stone-500">{t('noIdYet')}</span>;
  return (
    <Link
      to={verificationRequestLink(request._id)}
      className="inline-flex min-h-9 items-center rounded-lg bg-amber-400 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-amber-950 shadow-sm hover:bg-amber-500"
    >
      {t('verify')}
    </Link>
  );
}

export function AllSellersPage() {
  const t = useT(usersMessages);
  const queue = useVerificationQueue();
  const waiting = queue.data;
  // Until the queue is read, a seller's next step is not known: nothing is said of it.
  const known = queue.isSuccess;
  const columns = useMemo<Column<User>[]>(
    () => [
      indexColumn(),
      imageColumn((seller) => seller.image, { round: true, initial: (seller) => seller.name }),
      {
        header: t('name'),
        rowHeader: true,
        cell: (seller) => (
          <>
            {seller.name}
            <SuspendedReason user={seller} />
          </>
        ),
      },
      { header: t('email'), className: 'wrap-anywhere sm:whitespace-nowrap', cell: (seller) => seller.email },
      {
        header: t('identification'),
        cell: (seller) => {
          const verified = seller.verification === 'verified';
          return (
            <span className="inline-flex flex-wrap items-center justify-end gap-x-3 gap-y-1.5 sm:justify-start">
              <VerificationBadge verified={verified} />
              {seller.suspended && <SuspendedBadge />}
              {/* A suspended seller cannot sign in to sell: nothing is left to verify. */}
              {!verified && !seller.suspended && known && (
                <NextStep request={pendingRequestOf(waiting, seller._id)} t={t} />
              )}
            </span>
          );
        },
      },
      {
        header: t('action'),
        phone: 'action',
        cell: (seller) => (
          <RowActions user={seller}>
            <DeleteButton mutation={remove} variables={seller} what={t('accountOf', { name: seller.name })} />
          </RowActions>
        ),
      },
    ],
    [t, waiting, known],
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
