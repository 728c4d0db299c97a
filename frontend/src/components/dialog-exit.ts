// What every form in the house alert dialog does on the way out (answering a booking,
// handing a bike over, settling a deal, rejecting with a reason): the dialog closes itself
// (giving focus back to what opened it) before the caller unmounts it, and a refusal the
// server ties to a field shows under that field, any other above the buttons.
import { useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client.ts';
import { useFocusReturn } from './focus-trap.ts';

export function useDialogExit(onClose: () => void) {
  const closeRef = useRef<() => void>(() => undefined);
  const opener = useFocusReturn();
  const close = () => {
    closeRef.current();
    onClose();
  };
  return { opener, closeRef, close };
}

/** Puts a refusal where it belongs: under the fields it names (the first focused), else `setFailure`. */
export function showRefusal<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  setFailure: (message: string) => void,
): void {
  const named = error instanceof ApiError ? fields.filter((field) => error.fields[field]) : [];
  if (error instanceof ApiError && named.length > 0) {
    named.forEach((field, i) => {
      setError(field, { type: 'server', message: error.fields[field] ?? '' }, { shouldFocus: i === 0 });
    });
    return;
  }
  setFailure(error instanceof Error ? error.message : String(error));
}
