// "Report conversation": the reporter taps a reason (scam, money asked before meeting,
// offensive, spam, other) and may add a note; an admin then reads the conversation. The
// other side is not told. A refusal (reported already, too many reports) stays in the dialog.
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'react-toastify';
import { AlertDialogFrame } from '@/components/confirm-dialog.tsx';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { inputLook } from '@/components/form-field.tsx';
import { ReasonChips } from '@/components/reason-chips.tsx';
import { REPORT_REASONS, useReportConversation } from '@/features/messages/api/safety.ts';

export const REPORTED = 'Thanks — an admin will look at this conversation';
export const NOTE_MAX = 500;

export function ReportDialog({ conversationId, otherName, onClose }: { conversationId: string; otherName: string; onClose: () => void }) {
  const report = useReportConversation(conversationId);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const closeRef = useRef<() => void>(() => undefined);
  const firstChip = useRef<HTMLElement>(null);
  // Read once, while rendering: by the time effects run, focus is inside the dialog.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const close = () => {
    closeRef.current();
    onClose();
  };

  const submit = async () => {
    const reason = REPORT_REASONS.find((r) => r.label === picked)?.reason;
    if (!reason) {
      setFailure('Pick what is wrong');
      return;
    }
    if (report.isPending) return;
    setFailure(null);
    try {
      await report.mutateAsync(note.trim() ? { reason, note: note.trim() } : { reason });
      toast.success(REPORTED);
      close();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return createPortal(
    <AlertDialogFrame
      title="Report conversation"
      description={`An admin will read this conversation. ${otherName} is not told.`}
      opener={opener}
      initialFocus={firstChip}
      closeRef={closeRef}
      onDismiss={close}
    >
      <form
        noValidate
        className="mt-4"
        ref={(form) => {
          firstChip.current = form?.querySelector<HTMLElement>('fieldset button') ?? null;
        }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ReasonChips legend="What is wrong?" reasons={REPORT_REASONS.map((r) => r.label)} picked={picked ?? ''} onPick={setPicked} />
        <label htmlFor="report-note" className="block text-sm font-medium text-stone-800">
          Anything to add (optional)
        </label>
        <textarea
          id="report-note"
          rows={3}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
          }}
          className={inputLook}
        />
        <DialogFormFooter
          failure={failure}
          cancelLabel="Cancel"
          confirmLabel="Report"
          busyLabel="Reporting…"
          tone="danger"
          busy={report.isPending}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
