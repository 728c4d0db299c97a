// How a listing may be paid for, on its page: the ways its seller takes (Cash, Card,
// bKash) and, when the seller asks one, the deposit that reserves the bike, with what it
// means for the buyer. A listing that does not say how it is paid shows nothing.
import { CardIcon } from '@/components/icons.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka, localDigits, type Locale } from '@/lib/i18n/numbers.ts';
import { payWaysMessages } from './pay-ways.messages.ts';

type PayWay = 'cash' | 'card' | 'bkash';

const PAY_WAYS: readonly PayWay[] = ['cash', 'card', 'bkash'];

const isPayWay = (way: string): way is PayWay => (PAY_WAYS as readonly string[]).includes(way);

/** "৳20,000", or "10% of the price (৳18,500)" for a share of the resale price; null for no deposit. */
function depositText(
  listing: Pick<Listing, 'deposit' | 'resalePrice'>,
  t: (key: 'share', values: { percent: string; amount: string }) => string,
  locale: Locale,
): string | null {
  const { amount, percent } = listing.deposit ?? {};
  if (amount != null) return formatTaka(amount, locale);
  if (percent == null) return null;
  // In whole taka, rounded down, as the server works out what a card or bKash holds.
  const share = Math.floor((Math.round(listing.resalePrice * 100) * percent) / 10000);
  return t('share', { percent: localDigits(String(percent), locale), amount: formatTaka(share, locale) });
}

export function PayWays({ listing, className = '' }: { listing: Listing; className?: string }) {
  const t = useT(payWaysMessages);
  const { locale } = useLanguage();
  // Read defensively: a listing kept from before sellers chose may not name its ways.
  const ways = ((listing.paymentMethods as string[] | undefined) ?? []).filter(isPayWay);
  const deposit = depositText(listing, t, locale);
  if (ways.length === 0 && !deposit) return null;
  return (
    <section aria-labelledby="pay-title" className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 ${className}`}>
      <h2
        id="pay-title"
        className="flex items-center gap-1.5 text-sm font-semibold tracking-wide text-stone-500 uppercase"
      >
        <CardIcon className="size-4 shrink-0" aria-hidden="true" />
        {t('howToPay')}
      </h2>
      {ways.length > 0 && (
        <ul aria-label={t('waysToPay')} className="mt-2 flex flex-wrap gap-1.5">
          {ways.map((way) => (
            <li
              key={way}
              className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm font-medium text-stone-800 ring-1 ring-stone-200"
            >
              {t(way)}
            </li>
          ))}
        </ul>
      )}
      {deposit && (
        <div className="mt-3">
          <p className="font-semibold text-stone-900">
            {t('depositToReserve')} <span className="text-brand-800">{deposit}</span>
          </p>
          <p className="mt-0.5 text-sm text-stone-600">
            {t('heldUntilHandover')}
          </p>
        </div>
      )}
    </section>
  );
}
