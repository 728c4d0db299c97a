// The built-in test-mode card form: card number, expiry and CVC, clearly labelled as
// test mode, confirmed by the server's test-mode endpoint with Stripe's test cards. Its
// messages (a decline, say) show beneath it, where Stripe's show beneath Stripe's field.
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { inputLook } from '@/components/form-field.tsx';
import { confirmTestCard } from '@/features/payments/api/confirm-test-card.ts';
import { caretAfterDigits, digitsOf, formatCardNumber, formatExpiry, parseExpiry } from '@/features/payments/utils/card-format.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { paymentsMessages } from '@/features/payments/payments.messages.ts';
import type { CardFieldsProps, CardPaymentProvider } from './card-payment-provider.ts';

/** Names and examples that read the same in both languages. */
const CVC = 'CVC';
const NUMBER_EXAMPLE = '1234 1234 1234 1234';
const CVC_EXAMPLE = '123';

export function TestModeCardFields({ ref, disabled, onReadyChange, describedBy }: CardFieldsProps) {
  const t = useT(paymentsMessages);
  const { locale } = useLanguage();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const numberInput = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  // Nothing to load: the server is the provider.
  useEffect(() => {
    onReadyChange(true);
  }, [onReadyChange]);

  useImperativeHandle(
    ref,
    (): CardPaymentProvider => ({
      confirm: async (clientSecret, billing) => {
        const expires = parseExpiry(expiry);
        // Stripe.js checks this before it calls out; so do we.
        if (!expires) return { error: { message: t('expiryIncomplete') } };
        return confirmTestCard(
          clientSecret,
          { number: digitsOf(number), expMonth: expires.month, expYear: expires.year, cvc },
          billing,
          locale,
        );
      },
    }),
    [number, expiry, cvc, t, locale],
  );

  // Keeps the caret where the buyer is typing when the groups of four move around it.
  useLayoutEffect(() => {
    if (caret.current === null || !numberInput.current) return;
    numberInput.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [number]);

  const onNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const { value, selectionStart } = event.target;
    const formatted = formatCardNumber(value);
    if (selectionStart !== null && selectionStart < value.length) {
      caret.current = caretAfterDigits(formatted, digitsOf(value.slice(0, selectionStart)).length);
    }
    setNumber(formatted);
  };

  return (
    <fieldset disabled={disabled} aria-describedby={describedBy} className="space-y-4">
      <legend className="sr-only">{t('cardDetails')}</legend>
      <div
        role="note"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      >
        <p className="font-semibold">{t('testMode')}</p>
        <p className="mt-1">{t('testModeHelp')}</p>
      </div>
      <div>
        <label htmlFor="card-number" className="block text-sm font-medium text-stone-800">
          {t('cardNumber')}
        </label>
        <input
          ref={numberInput}
          id="card-number"
          name="cardnumber"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={NUMBER_EXAMPLE}
          value={number}
          onChange={onNumber}
          className={`${inputLook} font-mono tracking-wide`}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor="card-expiry" className="block text-sm font-medium text-stone-800">
            {t('expiry')}
          </label>
          <input
            id="card-expiry"
            name="exp-date"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('expiryPlaceholder')}
            value={expiry}
            onChange={(event) => {
              setExpiry(formatExpiry(event.target.value));
            }}
            className={`${inputLook} font-mono`}
          />
        </div>
        <div>
          <label htmlFor="card-cvc" className="block text-sm font-medium text-stone-800">
            {CVC}
          </label>
          <input
            id="card-cvc"
            name="cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={CVC_EXAMPLE}
            value={cvc}
            onChange={(event) => {
              setCvc(digitsOf(event.target.value).slice(0, 4));
            }}
            className={`${inputLook} font-mono`}
          />
        </div>
      </div>
    </fieldset>
  );
}
