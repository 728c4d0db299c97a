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
      <div className="flex items-center gap-2">
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
          className="min-h-11 w-full min-w-0 rounded-xl border border-stone-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:outline-none aria-[invalid=true]:border-red-500 sm:max-w-48"
        />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 shrink-0 rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
      <div className="flex items-center justify-between gap-2 sm:justify-start">
        <p id={`${id}-asking`} className="text-xs text-stone-500">
          Asking price {formatPrice(price)}
        </p>
        <button
          type="button"
          onClick={onCancel}
          className="min-h-9 rounded-lg px-2 text-sm font-semibold text-stone-700 hover:bg-stone-100"
        >
          Cancel
        </button>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </form>
  );
}
