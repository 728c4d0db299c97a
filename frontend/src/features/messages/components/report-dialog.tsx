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
import { useT } from '@/lib/i18n/language-context.ts';
import { REPORT_REASONS, useReportConversation } from '@/features/messages/api/safety.ts';
import { reportMessages } from '@/features/messages/messages.messages.ts';

export const REPORTED = 'Thanks — an admin will look at this conversation';
export const NOTE_MAX = 500;

export function ReportDialog({ conversationId, otherName, onClose }: { conversationId: string; otherName: string; onClose: () => void }) {
  const t = useT(reportMessages);
  const report = useReportConversation(conversationId);
  // The reasons as the chips show them, in the page's language.
  const reasons = REPORT_REASONS.map((r) => ({ reason: r.reason, label: t(r.reason) }));
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
    const reason = reasons.find((r) => r.label === picked)?.reason;
    if (!reason) {
      setFailure(t('pickWhatIsWrong'));
      return;
    }
    if (report.isPending) return;
    setFailure(null);
    try {
      await report.mutateAsync(note.trim() ? { reason, note: note.trim() } : { reason });
      toast.success(t('reported'));
      close();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={t('title')}
      description={t('description', { name: otherName })}
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
        <ReasonChips legend={t('whatIsWrong')} reasons={reasons.map((r) => r.label)} picked={picked ?? ''} onPick={setPicked} />
        <label htmlFor="report-note" className="block text-sm font-medium text-stone-800">
          {t('anythingToAdd')}
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
          cancelLabel={t('cancel')}
          confirmLabel={t('report')}
          busyLabel={t('reporting')}
          tone="danger"
          busy={report.isPending}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
