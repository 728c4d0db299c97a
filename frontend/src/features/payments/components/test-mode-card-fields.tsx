// The built-in test-mode card form: card number, expiry and CVC, clearly labelled as
// test mode, confirmed by the server's test-mode endpoint with Stripe's test cards. Its
// messages (a decline, say) show beneath it, where Stripe's show beneath Stripe's field.
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { inputLook } from '@/components/form-field.tsx';
import { confirmTestCard } from '@/features/payments/api/confirm-test-card.ts';
import { caretAfterDigits, digitsOf, formatCardNumber, formatExpiry, parseExpiry } from '@/features/payments/utils/card-format.ts';
import type { CardFieldsProps, CardPaymentProvider } from './card-payment-provider.ts';

export function TestModeCardFields({ ref, disabled, onReadyChange, describedBy }: CardFieldsProps) {
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
        if (!expires) return { error: { message: "Your card's expiration date is incomplete." } };
        return confirmTestCard(
          clientSecret,
          { number: digitsOf(number), expMonth: expires.month, expYear: expires.year, cvc },
          billing,
        );
      },
    }),
    [number, expiry, cvc],
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
      <legend className="sr-only">Card details</legend>
      <div
        role="note"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      >
        <p className="font-semibold">Test mode — no real money. Use 4242 4242 4242 4242.</p>
        <p className="mt-1">
          Any future expiry date and any 3 digits for the CVC. To see a failed payment, try 4000 0000 0000 0002
          (declined) or 4000 0000 0000 9995 (insufficient funds).
        </p>
      </div>
      <div>
        <label htmlFor="card-number" className="block text-sm font-medium text-stone-800">
          Card number
        </label>
        <input
          ref={numberInput}
          id="card-number"
          name="cardnumber"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={onNumber}
          className={`${inputLook} font-mono tracking-wide`}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor="card-expiry" className="block text-sm font-medium text-stone-800">
            Expiry (MM/YY)
          </label>
          <input
            id="card-expiry"
            name="exp-date"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            onChange={(event) => {
              setExpiry(formatExpiry(event.target.value));
            }}
            className={`${inputLook} font-mono`}
          />
        </div>
        <div>
          <label htmlFor="card-cvc" className="block text-sm font-medium text-stone-800">
            CVC
          </label>
          <input
            id="card-cvc"
            name="cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
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
