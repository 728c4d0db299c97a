// Where an amount in taka is typed, for an offer or a counter: the asking price shows
// under it, and the amount is checked as the server checks it (above ৳0, below the
// asking price) before it is sent; the server's own refusal shows in the same place.
import { useId, useState } from 'react';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka, parseAmount, toLatinDigits, type Locale } from '@/lib/i18n/numbers.ts';
import { BELOW_ASKING, OFFER_AN_AMOUNT, readAmount } from '@/features/messages/api/offers.ts';
import { offerMessages } from '@/features/messages/messages.messages.ts';

/**
 * The amount typed, or why it cannot be offered: digits in either script ("১,৫০,০০০"), and
 * the ways people say a price ("1.5 lakh", "১.৫ লাখ", "৫০ হাজার"), in whole taka.
 */
function amountOf(typed: string, price: number, locale: Locale): number | string {
  const read = readAmount(toLatinDigits(typed), price);
  if (read !== OFFER_AN_AMOUNT) return read;
  const said = parseAmount(typed, locale);
  if (!said || !Number.isInteger(said.value) || said.value <= 0) return read;
  return said.value < price ? said.value : BELOW_ASKING;
}

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
  const t = useT(offerMessages);
  const { locale } = useLanguage();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const refusal = problem ?? refused;
  // The amount's two refusals are known words (the page's and the server's alike): said in the page's language.
  const message =
    refusal === OFFER_AN_AMOUNT ? t('offerAnAmount') : refusal === BELOW_ASKING ? t('belowAsking') : refusal;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const amount = amountOf(typed, price, locale);
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
          placeholder={t('amountExample')}
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
          {busy ? t('sending') : submitLabel}
        </button>
      </div>
      <div className="flex items-center justify-between gap-2 sm:justify-start">
        <p id={`${id}-asking`} className="text-xs text-stone-500">
          {t('askingPrice', { price: formatTaka(price, locale) })}
        </p>
        <button
          type="button"
          onClick={onCancel}
          className="min-h-9 rounded-lg px-2 text-sm font-semibold text-stone-700 hover:bg-stone-100"
        >
          {t('cancel')}
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
