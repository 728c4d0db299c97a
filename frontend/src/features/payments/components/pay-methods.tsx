// The ways to pay a reserved bike, as `/api/config` lists them (cash always; card unless
// this marketplace takes none; bKash when it is set up), each with one honest line. A way
// that must fail for this price is not offered: one line says why instead.
import type { ReactNode } from 'react';
import type { Booking } from '@/lib/api/types.ts';
import { useConfig } from '@/lib/config/get-config.ts';
import { CASH_LINE, CashButton } from '@/lib/payments/cash-button.tsx';
import { overLimit, type Method } from '@/features/payments/utils/limits.ts';
import { BkashOption } from './bkash-option.tsx';

const cardLook = 'rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6';

/** The methods this server takes; without its answer, cash and card (the server still decides). */
export function useMethods(): Method[] {
  const payments = useConfig().data?.payments;
  const listed: readonly string[] = payments?.methods ?? (payments?.provider === 'none' ? ['cash'] : ['cash', 'card']);
  return (['bkash', 'card', 'cash'] as const).filter((method) => listed.includes(method));
}

const TITLES: Record<Method, string> = { bkash: 'bKash', card: 'Card', cash: 'Cash at the meet-up' };

function Option({ method, children }: { method: Method; children: ReactNode }) {
  return (
    <section aria-labelledby={`pay-${method}`} data-testid={`pay-${method}`} className={cardLook}>
      <h3 id={`pay-${method}`} className="mb-3 text-lg font-semibold text-stone-900">
        {TITLES[method]}
      </h3>
      {children}
    </section>
  );
}

/** A way that cannot take this price: its name, and why, in one line. */
function NotForThisPrice({ method, why }: { method: Method; why: string }) {
  return (
    <p data-testid={`pay-${method}-over`} className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700 ring-1 ring-stone-200">
      <strong className="font-semibold text-stone-900">{TITLES[method]}: </strong>
      {why}
    </p>
  );
}

/**
 * bKash first (most buyers here have a wallet), then the card form, then cash. `card` is
 * the card form itself, made by the page.
 */
export function PayMethods({ booking, card }: { booking: Booking; card: ReactNode }) {
  const methods = useMethods();
  return (
    <div className="flex flex-col gap-4">
      {methods.map((method) => {
        const why = overLimit(method, booking.price);
        if (why) return <NotForThisPrice key={method} method={method} why={why} />;
        if (method === 'bkash') {
          return (
            <Option key={method} method={method}>
              <BkashOption booking={booking} />
            </Option>
          );
        }
        if (method === 'card') return <div key={method}>{card}</div>;
        return (
          <Option key={method} method={method}>
            <p className="mb-3 text-sm text-stone-700">{CASH_LINE}</p>
            <CashButton booking={booking} onPage />
          </Option>
        );
      })}
    </div>
  );
}
