// Where a deal stands, in the words My Orders and My Buyers use (src/lib/deal-status.ts):
// a reservation's hours left, paying cash, a hold, completed, or how it ended and why.
import { Pill } from '@/components/data-table.tsx';
import type { Booking } from '@/lib/api/types.ts';
import { endedLabel, hasEnded, timeLeft, useNow } from '@/lib/deal-status.ts';
import { statusWords } from './step-words.ts';

function Reserved({ booking }: { booking: Booking }) {
  const left = timeLeft(booking.reservedUntil, useNow());
  return <Pill tone="amber">{left ? `Reserved · ${left}` : 'Reserved'}</Pill>;
}

/** "Released: <reason>", "Called off by the buyer: <reason>": wraps, since a reason may be long. */
function Ended({ booking }: { booking: Booking }) {
  const [word, ...reason] = endedLabel(booking).split(': ');
  return (
    <span className="inline-block max-w-64 rounded-lg bg-stone-100 px-2.5 py-1 text-xs text-stone-700 max-sm:text-right">
      <strong className="font-semibold text-stone-900">{word}</strong>
      {reason.length > 0 && `: ${reason.join(': ')}`}
    </span>
  );
}

export function DealStatus({ booking }: { booking: Booking }) {
  if (booking.status === 'reserved') return <Reserved booking={booking} />;
  if (hasEnded(booking)) return <Ended booking={booking} />;
  const words = statusWords(booking.status, booking.method);
  if (booking.status === 'cash') return <Pill tone="amber">{words}</Pill>;
  if (booking.status === 'held' || booking.status === 'completed') return <Pill tone="green">{words}</Pill>;
  return <Pill tone="stone">{words}</Pill>;
}

const METHODS: Record<string, string> = { cash: 'Cash', card: 'Card', bkash: 'bKash' };

/** How the buyer pays: Cash, Card, bKash, or not chosen yet. */
export function methodWords(method: string | null | undefined): string {
  if (!method) return 'Not chosen';
  return METHODS[method] ?? method;
}
