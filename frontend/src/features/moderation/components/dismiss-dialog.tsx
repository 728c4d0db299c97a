// An admin dismisses a listing's reports: the listing stays up, and each buyer who
// reported it is told an admin looked and kept it. A note is for the audit log only
// (nobody else reads it), so it may be left out. A refusal (another admin decided first)
// stays above the buttons.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'react-toastify';
import { AlertDialogFrame } from '@/components/confirm-dialog.tsx';
import { useDialogExit } from '@/components/dialog-exit.ts';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { inputLook } from '@/components/form-field.tsx';
import { REASON_MAX } from '@/components/reject-dialog.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { dismissReportsMutation } from '@/features/moderation/api/reports.ts';
import { moderationMessages } from '@/features/moderation/moderation.messages.ts';

const dismiss = dismissReportsMutation();
const NOTE_ID = 'dismiss-note';

export function DismissDialog({
  listing,
  onClose,
  onDismissed,
}: {
  listing: Listing;
  onClose: () => void;
  /** Dismissed: the listing is leaving the queue. */
  onDismissed: () => void;
}) {
  const t = useT(moderationMessages);
  const action = useMutation(dismiss);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const { opener, closeRef, close } = useDialogExit(onClose);

  const submit = async () => {
    if (action.isPending) return;
    setFailure(null);
    try {
      await action.mutateAsync({ listingId: listing._id, note: note.trim() });
      toast.success(t('dismissed', { name: listing.productName }));
      closeRef.current();
      onDismissed();
    } catch (refusal) {
      setFailure(refusal instanceof Error ? refusal.message : String(refusal));
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={t('dismissTitle', { name: listing.productName })}
      description={t('dismissAbout')}
      opener={opener}
      initialFocus={noteRef}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form
        noValidate
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={NOTE_ID} className="block text-sm font-medium text-stone-800">
          {t('dismissNote')}
        </label>
        <textarea
          ref={noteRef}
          id={NOTE_ID}
          rows={2}
          maxLength={REASON_MAX}
          value={note}
          placeholder={t('dismissPlaceholder')}
          onChange={(event) => {
            setNote(event.target.value);
          }}
          className={inputLook}
        />
        <DialogFormFooter
          failure={failure}
          cancelLabel={t('cancel')}
          confirmLabel={t('dismiss')}
          busyLabel={t('dismissing')}
          tone="primary"
          busy={action.isPending}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
