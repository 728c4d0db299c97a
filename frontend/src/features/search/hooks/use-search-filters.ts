// The products page's filters live in its address: a search can be shared, and the back
// button walks back through the filters the buyer set.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  filtersFromParams,
  NO_FILTERS,
  paramsOfFilters,
  type ListingFilters,
} from '@/lib/search/listing-filters.ts';

export interface SetFilterOptions {
  /** Replace the address's history entry instead of adding one (typing goes on). */
  replace?: boolean;
}

export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const setFilters = useCallback(
    (changes: Partial<ListingFilters>, { replace = false }: SetFilterOptions = {}) => {
      setParams((current) => paramsOfFilters({ ...filtersFromParams(current), ...changes }), {
        replace,
        // The results change under the reader; the page does not jump to the top.
        preventScrollReset: true,
      });
    },
    [setParams],
  );

  /** Every filter off; the words and the order too. */
  const clearAll = useCallback(() => {
    setParams(paramsOfFilters(NO_FILTERS), { preventScrollReset: true });
  }, [setParams]);

  return { filters, setFilters, clearAll };
}

/** How long typing pauses before the search follows it. */
export const TYPING_PAUSE_MS = 400;

/**
 * A text filter that follows typing after a pause. The first change of a burst of
 * typing adds a history entry, the rest of the burst replace it, so the back button
 * goes back to what was there before typing, not one keystroke. A value changed from
 * outside (the back button, Clear all) shows in the field.
 */
export function useTypedFilter(value: string, commit: (next: string, options: SetFilterOptions) => void) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== shown) {
    setShown(value);
    // Our own commit coming back leaves what was typed since alone.
    if (value !== committed) {
      setDraft(value);
      setCommitted(value);
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typing = useRef(false);
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  }, [commit]);
  useEffect(() => () => { clearTimeout(timer.current); }, []);

  const send = useCallback((next: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setCommitted(next);
    latest.current(next, { replace: typing.current });
    typing.current = true;
  }, []);

  const onChange = useCallback(
    (next: string) => {
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        send(next);
      }, TYPING_PAUSE_MS);
    },
    [send],
  );

  /** Now, not after the pause (Enter); `false` when nothing changed. */
  const flush = useCallback(() => {
    if (timer.current === undefined) return false;
    send(draft);
    return true;
  }, [draft, send]);

  /** The burst of typing is over: the next change adds a history entry again. */
  const endTyping = useCallback(() => {
    if (timer.current !== undefined) send(draft);
    typing.current = false;
  }, [draft, send]);

  return { draft, onChange, flush, endTyping };
}
