// One request in the admins' queue: the seller (name, e-mail), when they sent it, the
// three photos large enough to read the card on a phone (a tap opens each full screen),
// then Approve, which asks first in the spec's words for verifying a seller, and Reject,
// which asks why. Either takes the request out of the queue once the server agrees; one
// another admin decided first leaves it too, saying so.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useConfirm } from '@/components/confirm-dialog.tsx';
import type { VerificationRequest } from '@/lib/api/types.ts';
import { verificationRequestElementId } from '@/lib/api/verification-requests.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { approveRequestMutation } from '@/features/verification/api/decide-request.ts';
import { PHOTO_SLOTS } from '@/features/verification/api/my-verification.ts';
import { PrivatePhoto } from '@/features/verification/components/private-photo.tsx';
import { RejectRequestDialog } from '@/features/verification/components/reject-dialog.tsx';
import { verificationMessages } from '@/features/verification/verification.messages.ts';

const approve = approveRequestMutation();

const buttonLook =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold shadow-sm aria-disabled:cursor-wait aria-disabled:opacity-60';

export function RequestCard({
  request,
  focused,
  onDecided,
}: {
  request: VerificationRequest;
  /** Opened from a link to it (All Sellers' Verify): marked, so the eye finds it. */
  focused: boolean;
  /** This admin decided it: it is leaving the queue. */
  onDecided: () => void;
}) {
  const t = useT(verificationMessages);
  const { locale } = useLanguage();
  const approving = useMutation(approve);
  const { confirm, dialog } = useConfirm();
  const [rejecting, setRejecting] = useState(false);
  const titleId = `${verificationRequestElementId(request._id)}-title`;

  const runApprove = async () => {
    if (approving.isPending) return;
    const yes = await confirm({
      title: t('approveTitle', { name: request.sellerName }),
      prompt: t('approvePrompt'),
      confirmLabel: t('verify'),
      cancelLabel: t('notNow'),
    });
    if (!yes) return;
    try {
      // Awaited, not `mutate`'s callbacks: this card has left the page once it succeeds.
      await approving.mutateAsync(request);
      toast.success(t('approved'));
      onDecided();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <li>
      <article
        id={verificationRequestElementId(request._id)}
        tabIndex={-1}
        aria-labelledby={titleId}
        className={`scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 focus:outline-none sm:p-5 ${
          focused ? 'ring-2 ring-brand-600' : 'ring-stone-200'
        }`}
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 id={titleId} className="text-lg font-semibold break-words text-stone-900">
              <span className="sr-only">{t('requestFrom', { name: request.sellerName })}</span>
              <span aria-hidden="true">{request.sellerName}</span>
            </h3>
            <p className="text-sm wrap-anywhere text-stone-600">{request.sellerEmail}</p>
          </div>
          <p className="text-sm text-stone-600">
            <time dateTime={request.createdAt}>{t('sentAt', { time: dhakaTime(request.createdAt, locale) })}</time>
          </p>
        </div>
        {request.photos && (
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            {PHOTO_SLOTS.map((slot) => (
              <PrivatePhoto
                key={slot}
                name={request.photos?.[slot] ?? ''}
                label={slot === 'selfie' ? t('sellerHolding') : t(slot)}
                sellerName={request.sellerName}
              />
            ))}
          </div>
        )}
        <div className="mt-5 grid grid-cols-2 gap-3 sm:flex sm:justify-end">
          <button
            type="button"
            aria-disabled={approving.isPending || undefined}
            onClick={() => {
              if (!approving.isPending) setRejecting(true);
            }}
            className={`${buttonLook} border border-red-300 bg-white text-red-700 hover:bg-red-50`}
          >
            {t('reject')}
          </button>
          <button
            type="button"
            aria-disabled={approving.isPending || undefined}
            onClick={() => void runApprove()}
            className={`${buttonLook} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {approving.isPending && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
              />
            )}
            {approving.isPending ? t('approving') : t('approve')}
          </button>
        </div>
      </article>
      {dialog}
      {rejecting && (
        <RejectRequestDialog
          request={request}
          onClose={() => {
            setRejecting(false);
          }}
          onRejected={onDecided}
        />
      )}
    </li>
  );
}
