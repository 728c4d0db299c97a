// A completed deal's receipt (/dashboard/receipts/{id}: its buyer, its seller or an admin):
// the bike, the price, how it was paid (with a deposit: the deposit by card or bKash and the
// rest in cash), when, and the two sides. Printable: the page's navigation and the Print
// button stay off paper.
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/spinner.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { formatDhakaDate } from '@/utils/format-dhaka-time.ts';
import { formatPrice } from '@/utils/format-price.ts';
import { useReceipt, type Receipt } from '@/features/bookings/api/get-receipt.ts';

const METHODS: Record<string, string> = { cash: 'Cash at the meet-up', card: 'Card', bkash: 'bKash' };

export const methodLabel = (method: string) => METHODS[method] ?? method;

export function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  // Also the printed page's header: "Receipt for Yamaha R15 · BikeHaat".
  usePageTitle(receipt.data ? `Receipt for ${receipt.data.name}` : 'Receipt');
  if (receipt.isPending) return <PageSpinner label="Loading the receipt" />;
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
const AMOUNTS: ReadonlySet<string> = new Set(['Price', 'In cash at the handover']);

/** How the price was paid: one way, or a deposit by card or bKash and the rest in cash. */
function paymentLines(receipt: Receipt): [string, string][] {
  const { deposit } = receipt;
  if (deposit === undefined || deposit === null) return [['Paid by', methodLabel(receipt.method)]];
  return [
    ['Paid by', `${methodLabel(receipt.method)} deposit, the rest in cash`],
    [receipt.method === 'bkash' ? 'Deposit by bKash' : 'Deposit by card', formatPrice(deposit)],
    ['In cash at the handover', formatPrice(receipt.inCash)],
  ];
}

function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const lines: [string, string][] = [
    ['Bike', receipt.name],
    ['Price', formatPrice(receipt.price)],
    ...paymentLines(receipt),
    ['Handed over', formatDhakaDate(receipt.completedAt)],
    ['Buyer', receipt.buyerName],
    ['Seller', receipt.sellerName],
  ];
  if (receipt.meetingPlace) lines.push(['Where', receipt.meetingPlace]);
  return (
    <article
      aria-labelledby="receipt-title"
      className="mx-auto max-w-xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8 print:max-w-none print:shadow-none print:ring-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 pb-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">BikeHaat</p>
          <h2 id="receipt-title" className="text-2xl font-bold text-stone-900">
            Receipt
          </h2>
          <p className="mt-1 text-xs break-all text-stone-500">Booking {receipt.bookingId}</p>
        </div>
        <button
          type="button"
          onClick={() => {
            window.print();
          }}
          className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 print:hidden"
        >
          Print
        </button>
      </header>
      <dl className="mt-4 divide-y divide-stone-100">
        {lines.map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2.5">
            <dt className="text-stone-600">{term}</dt>
            <dd
              className={`text-right font-semibold text-stone-900 ${term === 'Price' ? 'text-lg' : ''} ${AMOUNTS.has(term) || term.startsWith('Deposit') ? 'tabular-nums' : ''}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-stone-500">Times are Dhaka time. Keep this receipt with the bike&rsquo;s papers.</p>
    </article>
  );
}
