// The foot of a form inside the house alert dialog (reporting a conversation, suggesting a
// meeting, handing a bike over, answering a booking, settling a deal): the refusal the
// server gave, if any, above the two buttons; the one that goes ahead submits the form and,
// while the action runs, says so ("Sending…") and waits.
import { DialogButtons, type ActionTone } from './confirm-dialog.tsx';

/** The refusal shown above a dialog's buttons. */
export const failureLook = 'mt-3 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700';

export function DialogFormFooter({
  failure,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  tone,
  onCancel,
}: {
  /** The refusal to show above the buttons; nothing when null. */
  failure: string | null;
  /** The button that changes nothing: "Cancel", "Not now", "Keep it". */
  cancelLabel: string;
  /** The button that submits: "Report", "Suggest". */
  confirmLabel: string;
  /** What it says instead while the action runs: "Reporting…", "Sending…". */
  busyLabel: string;
  busy: boolean;
  tone: ActionTone;
  onCancel: () => void;
}) {
  return (
    <>
      {failure && (
        <p role="alert" className={failureLook}>
          {failure}
        </p>
      )}
      <DialogButtons
        cancelLabel={cancelLabel}
        confirmLabel={busy ? busyLabel : confirmLabel}
        tone={tone}
        busy={busy}
        submit
        onCancel={onCancel}
      />
    </>
  );
}
