// An admin rejects a listing in review, saying why, in the shared Reject dialog with quick
// reasons for what sends listings to review: the seller reads the reason with the
// notification and on My Products, and their edit sends the listing back to the queue.
import { useMutation } from '@tanstack/react-query';
import { RejectDialog } from '@/components/reject-dialog.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { rejectListingMutation } from '@/features/listing-review/api/listing-reviews.ts';
import { listingReviewMessages } from '@/features/listing-review/listing-review.messages.ts';

const reject = rejectListingMutation();

const QUICK_REASONS = ['reasonContact', 'reasonMoney', 'reasonPhotos', 'reasonPrice'] as const;

export function RejectListingDialog({
  listing,
  onClose,
  onRejected,
}: {
  listing: Listing;
  onClose: () => void;
  /** Rejected: the listing is leaving the queue. */
  onRejected: () => void;
}) {
  const t = useT(listingReviewMessages);
  const action = useMutation(reject);
  return (
    <RejectDialog
      title={t('rejectTitle', { name: listing.productName })}
      description={t('rejectAbout')}
      placeholder={t('reasonPlaceholder')}
      quickReasons={QUICK_REASONS.map((key) => t(key))}
      done={t('rejected')}
      busy={action.isPending}
      onReject={(reason) => action.mutateAsync({ listing, reason })}
      onClose={onClose}
      onRejected={onRejected}
    />
  );
}
