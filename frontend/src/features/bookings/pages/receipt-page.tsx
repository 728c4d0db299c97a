// A completed deal's receipt (/dashboard/receipts/{id}: its buyer, its seller or an admin):
// the bike, the price, how it was paid (with a deposit: the deposit by card or bKash and the
// rest in cash), when, and the two sides. Printable: the page's navigation and the Print
// button stay off paper.
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { BRAND } from '@/components/brand.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatTaka, type Locale } from '@/lib/i18n/numbers.ts';
import { useReceipt, type Receipt } from '@/features/bookings/api/get-receipt.ts';
import { dhakaDate } from '@/lib/i18n/dates.ts';
import { bookingsPagesMessages } from './bookings-pages.messages.ts';

type PagesKey = keyof typeof bookingsPagesMessages.en;
type PagesT = ReturnType<typeof useT<PagesKey>>;

const METHODS: Record<string, PagesKey> = { cash: 'cashAtMeetup', card: 'card', bkash: 'bkash' };

const methodLabel = (method: string, t: PagesT) => {
  const key = METHODS[method];
  return key ? t(key) : method;
};

export function ReceiptPage() {
  const t = useT(bookingsPagesMessages);
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  // Also the printed page's header: "Receipt for Yamaha R15 · BikeHaat".
  usePageTitle(receipt.data ? t('receiptFor', { name: receipt.data.name }) : t('receipt'));
  if (receipt.isPending) return <PageSpinner label={t('loadingReceipt')} />;
  if (receipt.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
        {receipt.error.message}
      </p>
    );
  }
  return <ReceiptCard receipt={receipt.data} />;
}

/** Amounts line up as figures. */
const AMOUNTS: ReadonlySet<PagesKey> = new Set(['price', 'inCashAtHandover', 'depositByBkash', 'depositByCard']);

/** How the price was paid: one way, or a deposit by card or bKash and the rest in cash. */
function paymentLines(receipt: Receipt, t: PagesT, locale: Locale): [PagesKey, string][] {
  const { deposit } = receipt;
  if (deposit === undefined || deposit === null) return [['paidBy', methodLabel(receipt.method, t)]];
  return [
    ['paidBy', t('depositRestInCash', { method: methodLabel(receipt.method, t) })],
    [receipt.method === 'bkash' ? 'depositByBkash' : 'depositByCard', formatTaka(deposit, locale)],
    ['inCashAtHandover', formatTaka(receipt.inCash, locale)],
  ];
}

function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const t = useT(bookingsPagesMessages);
  const { locale } = useLanguage();
  const lines: [PagesKey, string][] = [
    ['bike', receipt.name],
    ['price', formatTaka(receipt.price, locale)],
    ...paymentLines(receipt, t, locale),
    ['handedOver', dhakaDate(receipt.completedAt, locale)],
    ['buyer', receipt.buyerName],
    ['seller', receipt.sellerName],
  ];
  if (receipt.meetingPlace) lines.push(['where', receipt.meetingPlace]);
  return (
    <article
      aria-labelledby="receipt-title"
      className="mx-auto max-w-xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8 print:max-w-none print:shadow-none print:ring-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 pb-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{BRAND}</p>
          <h2 id="receipt-title" className="text-2xl font-bold text-stone-900">
            {t('receipt')}
          </h2>
          <p className="mt-1 text-xs break-all text-stone-500">{t('bookingId', { id: receipt.bookingId })}</p>
        </div>
        <button
          type="button"
          onClick={() => {
            window.print();
          }}
          className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 print:hidden"
        >
          {t('print')}
        </button>
      </header>
      <dl className="mt-4 divide-y divide-stone-100">
        {lines.map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2.5">
            <dt className="text-stone-600">{t(term)}</dt>
            <dd
              className={`text-right font-semibold text-stone-900 ${term === 'price' ? 'text-lg' : ''} ${AMOUNTS.has(term) ? 'tabular-nums' : ''}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-stone-500">{t('receiptNote')}</p>
    </article>
  );
}
