// A table row's action: asks first (the prompts of docs/product.md), runs one call, then
// says how it went in a toast. Each button owns its call, so several rows can be busy at once.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';

const tones = {
  danger: 'bg-red-600 text-white hover:bg-red-700',
  warning: 'bg-amber-400 text-amber-950 hover:bg-amber-500',
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
} as const;

export function ConfirmButton<TData, TVariables>({
  mutation,
  variables,
  prompt,
  success,
  busyLabel,
  tone,
  children,
}: {
  /** The call and what it changes in the cache; the button adds the prompt and the toasts. */
  mutation: UseMutationOptions<TData, Error, TVariables>;
  variables: TVariables;
  prompt: string;
  success: string;
  /** Shown instead of the label while the call runs. */
  busyLabel: string;
  tone: keyof typeof tones;
  children: ReactNode;
}) {
  const action = useMutation(mutation);

  const run = async () => {
    if (!window.confirm(prompt)) return;
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
    <button
      type="button"
      disabled={action.isPending}
      onClick={() => void run()}
      className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap shadow-sm transition-colors disabled:cursor-wait disabled:opacity-60 ${tones[tone]}`}
    >
      {action.isPending && (
        <span
          aria-hidden="true"
          className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
      )}
      {action.isPending ? busyLabel : children}
    </button>
  );
}

/** The delete prompt (docs/product.md), shared by every table that deletes. */
export const DELETE_PROMPT = 'Are you sure, You want to delete?';

/** The tables' Delete: the delete prompt (unless told another) and the "Deleted Successfully" toast. */
export function DeleteButton<TData, TVariables>({
  mutation,
  variables,
  prompt = DELETE_PROMPT,
}: {
  mutation: UseMutationOptions<TData, Error, TVariables>;
  variables: TVariables;
  prompt?: string;
}) {
  return (
    <ConfirmButton
      mutation={mutation}
      variables={variables}
      prompt={prompt}
      success="Deleted Successfully"
      busyLabel="Deleting…"
      tone="danger"
    >
      Delete
    </ConfirmButton>
  );
}
