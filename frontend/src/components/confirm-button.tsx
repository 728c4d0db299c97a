// A table row's action: asks first in the page's own dialog (titled with what is affected,
// the prompts of docs/product.md beneath), runs one call, then says how it went in a toast.
// Each button owns its call, so several rows can be busy at once.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { useT } from '@/lib/i18n/language-context.ts';
import { actionTones, useConfirm, type ActionTone } from './confirm-dialog.tsx';
import { sharedMessages } from './shared.messages.ts';

export function ConfirmButton<TData, TVariables>({
  mutation,
  variables,
  title,
  prompt,
  confirmLabel,
  cancelLabel,
  success,
  busyLabel,
  tone,
  children,
}: {
  /** The call and what it changes in the cache; the button adds the question and the toasts. */
  mutation: UseMutationOptions<TData, Error, TVariables>;
  variables: TVariables;
  /** The dialog's title, naming what is affected: "Verify Rahim Motors?". */
  title: string;
  prompt: string;
  /** The dialog's button that goes ahead. */
  confirmLabel: string;
  /** The dialog's button that changes nothing; "Cancel" unless told. */
  cancelLabel?: string;
  success: string;
  /** Shown instead of the label while the call runs. */
  busyLabel: string;
  tone: ActionTone;
  children: ReactNode;
}) {
  const action = useMutation(mutation);
  const { confirm, dialog } = useConfirm();

  const run = async () => {
    if (!(await confirm({ title, prompt, confirmLabel, cancelLabel, tone }))) return;
    try {
      // Awaited, not `mutate`'s callbacks: TanStack Query skips those once the component
      // has unmounted, as this row has after a successful delete.
      await action.mutateAsync(variables);
      toast.success(success);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <button
        type="button"
        disabled={action.isPending}
        onClick={() => void run()}
        className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap shadow-sm transition-colors disabled:cursor-wait disabled:opacity-60 ${actionTones[tone]}`}
      >
        {action.isPending && (
          <span
            aria-hidden="true"
            className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
        )}
        {action.isPending ? busyLabel : children}
      </button>
      {dialog}
    </>
  );
}

/**
 * The tables' Delete: asks "Delete {what}?" with the delete prompt of docs/product.md,
 * "Are you sure, You want to delete?" (unless told another),
 * then the "Deleted Successfully" toast, in the page's language.
 */
export function DeleteButton<TData, TVariables>({
  mutation,
  variables,
  what,
  prompt,
}: {
  mutation: UseMutationOptions<TData, Error, TVariables>;
  variables: TVariables;
  /** What goes: "Yamaha R15", "the account of Karim Uddin". */
  what: string;
  prompt?: string;
}) {
  const t = useT(sharedMessages);
  return (
    <ConfirmButton
      mutation={mutation}
      variables={variables}
      title={t('deleteTitle', { what })}
      prompt={prompt ?? t('deletePrompt')}
      confirmLabel={t('delete')}
      cancelLabel={t('keepIt')}
      success={t('deleted')}
      busyLabel={t('deleting')}
      tone="danger"
    >
      {t('delete')}
    </ConfirmButton>
  );
}
