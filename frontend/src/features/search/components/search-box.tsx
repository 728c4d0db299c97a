// The search's words: the results follow typing after a pause, and Enter searches at
// once (and puts a phone's keyboard away).
import { inputLook } from '@/components/form-field.tsx';
import { useTypedFilter, type SetFilterOptions } from '@/features/search/hooks/use-search-filters.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { searchBoxMessages } from './search-box.messages.ts';

export function SearchBox({
  value,
  error,
  understood,
  onCommit,
}: {
  value: string;
  error: string | undefined;
  /** What the page read of a price in the words ("Price up to ৳2,00,000"), said under the box. */
  understood?: string | undefined;
  onCommit: (q: string, options: SetFilterOptions) => void;
}) {
  const t = useT(searchBoxMessages);
  const typed = useTypedFilter(value, onCommit);
  return (
    <form
      role="search"
      className="flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        typed.endTyping();
        const input = event.currentTarget.elements.namedItem('q');
        if (input instanceof HTMLInputElement) input.blur();
      }}
    >
      <label htmlFor="search-words" className="sr-only">
        {t('label')}
      </label>
      <input
        id="search-words"
        name="q"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t('placeholder')}
        {...(error ? { 'aria-invalid': true } : {})}
        {...(error || understood
          ? { 'aria-describedby': error ? 'search-words-error' : 'search-words-price' }
          : {})}
        className={`${inputLook} mt-0`}
        value={typed.draft}
        onChange={(event) => {
          typed.onChange(event.target.value);
        }}
        onBlur={typed.endTyping}
      />
      <p id="search-words-price" aria-live="polite" className="mt-1.5 text-sm font-medium text-brand-800 empty:hidden">
        {understood}
      </p>
      {error && (
        <p id="search-words-error" role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
