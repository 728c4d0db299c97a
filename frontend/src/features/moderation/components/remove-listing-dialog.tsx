// An admin removes a reported listing, saying why, in the shared reject dialog with quick
// reasons for what buyers report: the listing is deleted, its seller reads the reason
// with the notification, and those who reported it are told it is gone.
import { useMutation } from '@tanstack/react-query';
import { RejectDialog } from '@/components/reject-dialog.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { removeReportedListingMutation } from '@/features/moderation/api/reports.ts';
import { moderationMessages } from '@/features/moderation/moderation.messages.ts';

const remove = removeReportedListingMutation();

const QUICK_REASONS = ['removeScam', 'removeSold', 'removeDetails', 'removeDuplicate'] as const;

export function RemoveListingDialog({
  listing,
  onClose,
  onRemoved,
}: {
  listing: Listing;
  onClose: () => void;
  /** Removed: the listing is leaving the queue. */
  onRemoved: () => void;
}) {
  const t = useT(moderationMessages);
  const action = useMutation(remove);
  return (
    <RejectDialog
      title={t('removeTitle', { name: listing.productName })}
      description={t('removeAbout')}
      placeholder={t('removePlaceholder')}
      quickReasons={QUICK_REASONS.map((key) => t(key))}
      done={t('removed')}
      confirmLabel={t('remove')}
      busyLabel={t('removing')}
      busy={action.isPending}
      onReject={(reason) => action.mutateAsync({ listingId: listing._id, reason })}
      onClose={onClose}
      onRejected={onRemoved}
    />
  );
}
