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
import { parseAmount, parseWholeNumber } from '@/lib/i18n/numbers.ts';

export interface SetFilterOptions {
  /** Replace the address's history entry instead of adding one (typing goes on). */
  replace?: boolean;
}

/** The number filters: whole numbers, written in the address with Latin digits. */
const WHOLE = ['ccMin', 'ccMax', 'yearMin', 'yearMax', 'kmMax'] as const;
const PRICES = ['priceMin', 'priceMax'] as const;

/**
 * The filters as the API reads them: a number written with Bengali digits ("১৫০", a
 * shared or hand-typed address) in Latin digits, a price written as people write it
 * ("২ লাখ") in taka. What cannot be read stays as it is, for the server to refuse.
 */
export function plainFilters(filters: ListingFilters): ListingFilters {
  const plain = { ...filters };
  for (const name of WHOLE) {
    const value = plain[name] ? parseWholeNumber(plain[name]) : null;
    if (value !== null) plain[name] = String(value);
  }
  for (const name of PRICES) {
    const amount = plain[name] ? parseAmount(plain[name]) : null;
    if (amount !== null) plain[name] = String(amount.value);
  }
  return plain;
}

const readFilters = (params: URLSearchParams) => plainFilters(filtersFromParams(params));

export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);

  const setFilters = useCallback(
    (changes: Partial<ListingFilters>, { replace = false }: SetFilterOptions = {}) => {
      setParams((current) => paramsOfFilters(plainFilters({ ...readFilters(current), ...changes })), {
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

/** The text as it is: what the search box sends. */
const asTyped = (draft: string) => draft;

/**
 * A text filter that follows typing after a pause. The first change of a burst of
 * typing adds a history entry, the rest of the burst replace it, so the back button
 * goes back to what was there before typing, not one keystroke. A value changed from
 * outside (the back button, Clear all) shows in the field.
 *
 * `read` turns what was typed into the filter's value ("২ লাখ" → "200000"), or null when
 * it cannot: then nothing is sent and `refused` is true until the next change.
 */
export function useTypedFilter(
  value: string,
  commit: (next: string, options: SetFilterOptions) => void,
  read: (draft: string) => string | null = asTyped,
) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [refused, setRefused] = useState(false);
  if (value !== shown) {
    setShown(value);
    // Our own commit coming back leaves what was typed since alone.
    if (value !== committed) {
      setDraft(value);
      setCommitted(value);
      setRefused(false);
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typing = useRef(false);
  const latest = useRef(commit);
  const reader = useRef(read);
  useEffect(() => {
    latest.current = commit;
    reader.current = read;
  }, [commit, read]);
  useEffect(() => () => { clearTimeout(timer.current); }, []);

  const send = useCallback((typed: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = reader.current(typed);
    setRefused(next === null);
    if (next === null) return;
    setCommitted(next);
    latest.current(next, { replace: typing.current });
    typing.current = true;
  }, []);

  const onChange = useCallback(
    (next: string) => {
      setDraft(next);
      setRefused(false);
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

  return { draft, refused, onChange, flush, endTyping };
}
