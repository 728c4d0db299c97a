// Report to Admin asks why (docs/trust.md, "Reports with reasons"): under the product's
// own question ("Report Honda Dio 110 to the admin?" / "Are you sure, You want to report
// to admin?") the buyer taps a reason — a scam, sold already, wrong details, listed
// twice, offensive, or something else — and may add a note; with "Other" the note is
// what tells the admin what is wrong, so it is asked for. The admin reads both in the
// queue of reported listings. A refusal stays in the dialog: under the reason or the
// note when the server names one, above the buttons otherwise.
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { AlertDialogFrame } from '@/components/confirm-dialog.tsx';
import { useDialogExit } from '@/components/dialog-exit.ts';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { errorId, inputLook } from '@/components/form-field.tsx';
import { ReasonChips } from '@/components/reason-chips.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { ASKS_FOR_A_NOTE, REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '@/lib/report-reason.ts';
import { reportReasonHintMessages, reportReasonMessages } from '@/lib/report-reason.messages.ts';
import { reportListingMessages } from './report-listing.messages.ts';

const NOTE_ID = 'report-listing-note';
const REASON_ERROR_ID = 'report-listing-reason-error';

export function ReportListingDialog({
  title,
  prompt,
  confirmLabel,
  cancelLabel,
  busy,
  onReport,
  onClose,
}: {
  /** "Report {name} to the admin?", in the page's language. */
  title: string;
  /** The product's question: "Are you sure, You want to report to admin?". */
  prompt: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The report is on its way. */
  busy: boolean;
  /** Sends the report; a refusal is thrown. */
  onReport: (report: { reason: ReportReason; note?: string }) => Promise<unknown>;
  /** Closed: reported, or the buyer changed their mind. */
  onClose: () => void;
}) {
  const t = useT(reportListingMessages);
  const say = useT(reportReasonMessages);
  const hint = useT(reportReasonHintMessages);
  const { locale } = useLanguage();
  const [picked, setPicked] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const firstChip = useRef<HTMLElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const { opener, closeRef, close } = useDialogExit(onClose);
  const needsNote = picked === ASKS_FOR_A_NOTE;

  const submit = async () => {
    if (busy) return;
    setFailure(null);
    if (!picked) {
      setReasonError(t('chooseWhy'));
      firstChip.current?.focus();
      return;
    }
    const said = note.trim();
    if (needsNote && said === '') {
      setNoteError(t('sayWhatIsWrong'));
      noteRef.current?.focus();
      return;
    }
    try {
      await onReport(said ? { reason: picked, note: said } : { reason: picked });
      close();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.fields.reason) {
        // The server's own words on an English page; on a Bangla one, this dialog's.
        setReasonError(locale === 'en' ? refusal.fields.reason : t('chooseWhy'));
        firstChip.current?.focus();
      } else if (refusal instanceof ApiError && refusal.fields.note) {
        setNoteError(refusal.fields.note);
        noteRef.current?.focus();
      } else setFailure(refusal instanceof Error ? refusal.message : String(refusal));
    }
  };

  return createPortal(
    <AlertDialogFrame
      title={title}
      description={prompt}
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
        <ReasonChips
          legend={t('why')}
          reasons={REPORT_REASONS.map((reason) => say(reason))}
          picked={picked ? say(picked) : ''}
          onPick={(label) => {
            const reason = REPORT_REASONS.find((r) => say(r) === label) ?? null;
            setPicked(reason);
            setReasonError(null);
            if (reason !== ASKS_FOR_A_NOTE) setNoteError(null);
          }}
        />
        {/* What the picked reason covers, so the buyer knows it is the right one. */}
        {picked && <p className="-mt-1 mb-3 text-sm text-stone-600">{hint(picked)}</p>}
        {reasonError && (
          <p id={REASON_ERROR_ID} role="alert" className="-mt-1 mb-3 text-sm text-red-600">
            {reasonError}
          </p>
        )}
        <label htmlFor={NOTE_ID} className="block text-sm font-medium text-stone-800">
          {needsNote ? t('noteForOther') : t('note')}
        </label>
        <textarea
          ref={noteRef}
          id={NOTE_ID}
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          value={note}
          placeholder={t('notePlaceholder')}
          aria-required={needsNote || undefined}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? errorId(NOTE_ID) : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(null);
          }}
          className={inputLook}
        />
        {noteError && (
          <p id={errorId(NOTE_ID)} role="alert" className="mt-1.5 text-sm text-red-600">
            {noteError}
          </p>
        )}
        {note.length >= REPORT_NOTE_MAX && (
          <p className="mt-1.5 text-sm text-stone-600">
            {t('atMost', { max: formatNumber(REPORT_NOTE_MAX, locale) })}
          </p>
        )}
        <DialogFormFooter
          failure={failure}
          cancelLabel={cancelLabel}
          confirmLabel={confirmLabel}
          busyLabel={t('reporting')}
          tone="danger"
          busy={busy}
          onCancel={close}
        />
      </form>
    </AlertDialogFrame>,
    document.body,
  );
}
