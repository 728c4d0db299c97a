import type { ReactNode } from 'react';

/** The form's main button; a small green-dashed spinner while the request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80"
    >
      {busy && (
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-dashed border-white"
        />
      )}
      {children}
    </button>
  );
}
