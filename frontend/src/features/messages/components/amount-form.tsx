// Where an amount in taka is typed, for an offer or a counter: the asking price shows
// under it, and the amount is checked as the server checks it (above ৳0, below the
// asking price) before it is sent; the server's own refusal shows in the same place.
import { useId, useState } from 'react';
import { formatPrice } from '@/utils/format-price.ts';
import { readAmount } from '@/features/messages/api/offers.ts';

interface AmountFormProps {
  label: string;
  submitLabel: string;
  /** The listing's asking price, in taka. */
  price: number;
  busy: boolean;
  /** Why the server refused the last amount sent. */
  refused?: string | undefined;
  onSubmit: (amount: number) => void;
  onCancel: () => void;
}

export function AmountForm({ label, submitLabel, price, busy, refused, onSubmit, onCancel }: AmountFormProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const message = problem ?? refused;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const amount = readAmount(typed, price);
        if (typeof amount === 'string') setProblem(amount);
        else {
          setProblem(undefined);
          onSubmit(amount);
        }
      }}
      className="flex flex-col gap-1.5"
    >
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          placeholder="e.g. 1,50,000"
          value={typed}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-asking${message ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setTyped(event.target.value);
          }}
          className="min-h-11 w-40 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:outline-none aria-[invalid=true]:border-red-500 sm:flex-none"
        />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Sending…' : submitLabel}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 rounded-xl px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100"
        >
          Cancel
        </button>
      </div>
      <p id={`${id}-asking`} className="text-xs text-stone-500">
        Asking price {formatPrice(price)}
      </p>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </form>
  );
}
