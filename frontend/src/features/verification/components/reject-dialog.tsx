// An admin rejects a seller's request, saying why, in the shared Reject dialog with quick
// reasons for ID photos: the seller reads the reason with the notification and on their
// Get verified page.
import { useMutation } from '@tanstack/react-query';
import { RejectDialog } from '@/components/reject-dialog.tsx';
import type { VerificationRequest } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { rejectRequestMutation } from '@/features/verification/api/decide-request.ts';
import { verificationMessages } from '@/features/verification/verification.messages.ts';

const reject = rejectRequestMutation();

const QUICK_REASONS = ['reasonBlurry', 'reasonCutOff', 'reasonName', 'reasonFace'] as const;

export function RejectRequestDialog({
  request,
  onClose,
  onRejected,
}: {
  request: VerificationRequest;
  onClose: () => void;
  /** Rejected: the request is leaving the queue. */
  onRejected: () => void;
}) {
  const t = useT(verificationMessages);
  const action = useMutation(reject);
  return (
    <RejectDialog
      title={t('rejectTitle', { name: request.sellerName })}
      description={t('rejectAbout')}
      placeholder={t('reasonPlaceholder')}
      quickReasons={QUICK_REASONS.map((key) => t(key))}
      done={t('rejected')}
      busy={action.isPending}
      onReject={(reason) => action.mutateAsync({ request, reason })}
      onClose={onClose}
      onRejected={onRejected}
    />
  );
}
