// The search's words: the results follow typing after a pause, and Enter searches at
// once (and puts a phone's keyboard away).
import { inputLook } from '@/components/form-field.tsx';
import { useTypedFilter, type SetFilterOptions } from '@/features/search/hooks/use-search-filters.ts';

export function SearchBox({
  value,
  error,
  onCommit,
}: {
  value: string;
  error: string | undefined;
  onCommit: (q: string, options: SetFilterOptions) => void;
}) {
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
        Search bikes
      </label>
      <input
        id="search-words"
        name="q"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder="Search: FZ V3, Pulsar Mirpur, 150cc…"
        {...(error ? { 'aria-invalid': true, 'aria-describedby': 'search-words-error' } : {})}
        className={`${inputLook} mt-0`}
        value={typed.draft}
        onChange={(event) => {
          typed.onChange(event.target.value);
        }}
        onBlur={typed.endTyping}
      />
      {error && (
        <p id="search-words-error" role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
